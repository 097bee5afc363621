"""Randomized Prim: grow the maze from a random cell by opening random frontier walls.

Seed 003's randomized Prim generator:

1. Start with every wall up; pick a random cell, mark it visited and put the walls to
   its unvisited neighbours in a list.
2. While the list is not empty, take a wall from it at random (every wall in the list is
   equally likely, old or new).
3. If the cell behind it is still unvisited, open the wall, mark that cell visited and
   add its walls to unvisited neighbours; otherwise just drop the wall.

With ``loops=0`` the result is a perfect maze with many short branches and dead ends,
harder than the backtracker's.  A wall is stored as one int, ``cell * 8 + 4 + move``
(the cell behind it and the direction crossing it), and taken out of the list by
swapping it with the last one.  A visited cell's mark is ``4 + move`` of the wall that
opened it: the visited-map records the tree as well.
"""

from __future__ import annotations

import numpy as np

from game.maze.generators._common import (
    DOWN,
    LEFT,
    NO_MOVE,
    RIGHT,
    UP,
    RngLike,
    check_common,
    empty_cell_tree,
    finish_maze,
    tiles_from_moves,
)
from game.maze.grid import Maze
from game.maze.registry import GeneratorInfo

NAME = "prim"

# Random picks are drawn in batches of at most this many, as integers below _RANGE; a
# pick modulo the list length is uniform to within 2**-40 (faster than int(float * n)).
_BATCH = 1 << 16
_RANGE = 1 << 62
_VISITED = 4  # a visited cell's mark is _VISITED + the move that entered it


def generate(*, rows: int, cols: int, rng: RngLike = None, loops: float = 0.0) -> Maze:
    """Generate a randomized-Prim maze of ``rows`` x ``cols`` tiles."""
    loops, gen = check_common(rows, cols, loops, rng)
    height, width, seen = empty_cell_tree(rows, cols)
    stride = width + 2
    first = int(gen.integers(height * width))
    root = (first // width + 1) * stride + first % width + 1
    # The list starts with the root itself, as if entered by a move; that move is undone
    # below, so the root opens no wall.
    walls = [root * 8 + _VISITED + UP]
    push, pop = walls.append, walls.pop
    # From a cell's wall - its mark (cell * 8) to the wall of each neighbour, crossed so.
    up, right = -8 * stride + _VISITED + UP, 8 + _VISITED + RIGHT
    down, left = 8 * stride + _VISITED + DOWN, -8 + _VISITED + LEFT
    batch = min(_BATCH, 2 * height * width + 8)
    while walls:
        try:
            for pick in gen.integers(0, _RANGE, size=batch).tolist():
                i = pick % len(walls)  # ZeroDivisionError once the list is empty
                wall = walls[i]
                walls[i] = walls[-1]
                pop()
                cell = wall >> 3
                if seen[cell]:
                    continue
                mark = wall & 7
                seen[cell] = mark
                # Add the walls to its unvisited neighbours.
                wall -= mark
                if not seen[cell - stride]:
                    push(wall + up)
                if not seen[cell + 1]:
                    push(wall + right)
                if not seen[cell + stride]:
                    push(wall + down)
                if not seen[cell - 1]:
                    push(wall + left)
        except ZeroDivisionError:
            break
    moves = np.frombuffer(bytearray(seen), dtype=np.uint8) - np.uint8(_VISITED)
    moves[root] = NO_MOVE
    return finish_maze(tiles_from_moves(moves, rows, cols), loops, gen)


INFO = GeneratorInfo(NAME, "P", "Prim", generate)
