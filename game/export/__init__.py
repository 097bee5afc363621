"""Printable mazes: the drawing (pure geometry), the page layout and the SVG, PDF and PNG writers."""
