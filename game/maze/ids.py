"""The ids of the two kinds every maze is made of, without the tile table (and numpy).

:mod:`game.maze.tiles` holds the table these index; the grid and the generators need only
the ids, so importing them needs no numpy (issue 18: the title screen draws no maze).
The ids never change: saved mazes, printed mazes and the generators' output depend on them.
"""

WALL = 0
FLOOR = 1
