"""Randomized Prim: grow the maze from a random cell by opening random frontier walls.

Seed 003's randomized Prim generator:

1. Start with every wall up; pick a random cell, mark it visited and put the walls to
   its unvisited neighbours in a list.
2. While the list is not empty, take a wall from it at random (every wall in the list is
   equally likely, old or new).
3. If the cell behind it is still unvisited, open the wall, mark that cell visited and
   add its walls to unvisited neighbours; otherwise just drop the wall.

With ``loops=0`` the result is a perfect maze with many short branches and dead ends,
harder than the backtracker's.  A wall is stored as one int, ``cell * 4 + move`` (the
cell behind it and the direction crossing it), and taken out of the list by swapping it
with the last one.
"""

from __future__ import annotations

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


def generate(*, rows: int, cols: int, rng: RngLike = None, loops: float = 0.0) -> Maze:
    """Generate a randomized-Prim maze of ``rows`` x ``cols`` tiles."""
    loops, gen = check_common(rows, cols, loops, rng)
    height, width, seen, moves = empty_cell_tree(rows, cols)
    stride = width + 2
    first = int(gen.integers(height * width))
    root = (first // width + 1) * stride + first % width + 1
    # The list starts with the root itself, as if entered by a move; that move is undone
    # below, so the root opens no wall.
    walls = [root * 4 + UP]
    push, pop = walls.append, walls.pop
    stride4 = stride * 4
    batch = min(_BATCH, 2 * height * width + 8)
    while walls:
        for pick in gen.integers(0, _RANGE, size=batch).tolist():
            n = len(walls)
            if not n:
                break
            i = pick % n
            wall = walls[i]
            walls[i] = walls[-1]
            pop()
            cell = wall >> 2
            if seen[cell]:
                continue
            seen[cell] = 1
            moves[cell] = wall & 3
            # Add the walls to its unvisited neighbours, tagged with the crossing move:
            # (cell + step) * 4 + move, from ``base`` = cell * 4.
            base = wall - (wall & 3)
            if not seen[cell - stride]:
                push(base - stride4 + UP)
            if not seen[cell + 1]:
                push(base + 4 + RIGHT)
            if not seen[cell + stride]:
                push(base + stride4 + DOWN)
            if not seen[cell - 1]:
                push(base - 4 + LEFT)
    moves[root] = NO_MOVE
    return finish_maze(tiles_from_moves(moves, rows, cols), loops, gen)


INFO = GeneratorInfo(NAME, "P", "Prim", generate)
