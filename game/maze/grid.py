"""The one grid type of the maze core: a uint8 tile array plus a start and a goal.

Coordinates are ``(row, col)``, 0-based, row 0 at the top.  Generated mazes have odd
height and width, walls on even coordinates and cells on odd ones, a solid outer ring
with an entrance on the left wall at row 1 and an exit on the right wall at row
``rows - 2``.  Loaded mazes may be any shape of floor and wall.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

import numpy as np

from game.maze import tiles as kinds
from game.maze.ids import FLOOR, WALL

__all__ = ["FLOOR", "WALL", "Maze", "Pos"]

Pos = tuple[int, int]

#: Direction offsets ``(drow, dcol)`` by name.
UP: Pos = (-1, 0)
RIGHT: Pos = (0, 1)
DOWN: Pos = (1, 0)
LEFT: Pos = (0, -1)

MIN_SIZE = 3
#: Largest side of a maze the game makes or reads (a 4001x4001 maze is 16 million tiles).
MAX_SIDE = 4001


@dataclass(eq=False)
class Maze:
    """A grid of tile kind ids (see :mod:`game.maze.tiles`) with a start and a goal tile."""

    tiles: np.ndarray
    start: Pos
    goal: Pos

    @property
    def rows(self) -> int:
        """Return the height in tiles."""
        return int(self.tiles.shape[0])

    @property
    def cols(self) -> int:
        """Return the width in tiles."""
        return int(self.tiles.shape[1])

    def in_bounds(self, pos: Pos) -> bool:
        """Return True when ``pos`` lies on the grid."""
        r, c = pos
        return 0 <= r < self.rows and 0 <= c < self.cols

    def walkable(self, pos: Pos) -> bool:
        """Return True when ``pos`` is on the grid and its kind can be walked on."""
        return self.in_bounds(pos) and kinds.is_walkable(self.tiles[pos])

    def neighbours(self, pos: Pos) -> Iterator[Pos]:
        """Yield the walkable 4-neighbours of ``pos`` (up, right, down, left)."""
        r, c = pos
        for dr, dc in (UP, RIGHT, DOWN, LEFT):
            q = (r + dr, c + dc)
            if self.walkable(q):
                yield q

    def copy(self) -> "Maze":
        """Return an independent copy."""
        return Maze(self.tiles.copy(), self.start, self.goal)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Maze):
            return NotImplemented
        return (
            self.start == other.start
            and self.goal == other.goal
            and np.array_equal(self.tiles, other.tiles)
        )


def check_generated_size(rows: int, cols: int) -> None:
    """Raise ValueError unless ``rows`` x ``cols`` is a valid generated-maze size."""
    for name, n in (("rows", rows), ("cols", cols)):
        if not isinstance(n, (int, np.integer)) or isinstance(n, bool):
            raise ValueError(f"{name} must be an integer, got {n!r}")
        if n < MIN_SIZE or n % 2 == 0:
            raise ValueError(
                f"{name} must be odd and at least {MIN_SIZE} (3, 5, 7, ...), got {n}"
            )


def entrance() -> Pos:
    """Return the entrance tile of a generated maze: left wall, row 1."""
    return (1, 0)


def exit_tile(rows: int, cols: int) -> Pos:
    """Return the exit tile of a generated maze: right wall, second-to-last row."""
    return (rows - 2, cols - 1)


def open_border(tiles: np.ndarray) -> Maze:
    """Cut the entrance and exit into a generated grid and wrap it as a Maze."""
    rows, cols = tiles.shape
    start, goal = entrance(), exit_tile(rows, cols)
    tiles[start] = FLOOR
    tiles[goal] = FLOOR
    return Maze(tiles, start, goal)
