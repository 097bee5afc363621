"""The first-person view: the same play session seen from inside the maze."""
