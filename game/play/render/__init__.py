"""Drawing the maze: pure tile classification, scaled layers, painters, images, the renderer."""
