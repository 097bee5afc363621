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
    cell_tile,
    check_common,
    empty_cell_tree,
    finish_maze,
    tiles_from_moves,
)
from game.maze.generators.events import CARVE, DROP, FRONTIER, OPEN, Trace, apply, finish_trace
from game.maze.grid import Maze
from game.maze.registry import GeneratorInfo, Pseudocode

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
                try:
                    walls[i] = pop()  # the last wall fills the gap...
                except IndexError:
                    pass  # ...unless it was the one taken
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


def trace(*, rows: int, cols: int, rng: RngLike = None, loops: float = 0.0) -> Trace:
    """Generate the maze ``generate`` makes, yielding its steps (see events), then the Maze.

    The first cell is carved through no wall (``via`` is the cell itself).
    """
    loops, gen = check_common(rows, cols, loops, rng)
    height, width, seen = empty_cell_tree(rows, cols)
    stride = width + 2
    tiles = np.zeros((rows, cols), dtype=np.uint8)
    first = int(gen.integers(height * width))
    root = (first // width + 1) * stride + first % width + 1
    walls = [root * 8 + _VISITED + UP]
    push, pop = walls.append, walls.pop
    # The side of a cell a wall lies on, by the move crossing it (it came from there).
    back = {_VISITED + UP: (1, 0), _VISITED + RIGHT: (0, -1), _VISITED + DOWN: (-1, 0),
            _VISITED + LEFT: (0, 1), _VISITED + NO_MOVE: (0, 0)}
    moves = ((-stride, UP), (1, RIGHT), (stride, DOWN), (-1, LEFT))
    batch = min(_BATCH, 2 * height * width + 8)
    while walls:
        picks = gen.integers(0, _RANGE, size=batch).tolist()
        for pick in picks:
            if not walls:
                break
            i = pick % len(walls)
            wall = walls[i]
            walls[i] = walls[-1]
            pop()
            cell, mark = wall >> 3, wall & 7
            if cell == root:
                mark = _VISITED + NO_MOVE
            r, c = cell_tile(cell, stride)
            dr, dc = back[mark]
            if seen[cell]:
                yield (DROP, r + dr, c + dc)
                continue
            seen[cell] = mark
            event: tuple[int, ...] = (CARVE, r, c, r + dr, c + dc)
            apply(tiles, event)
            yield event
            for step, move in moves:
                if not seen[cell + step]:
                    push((cell + step) * 8 + _VISITED + move)
                    dr, dc = back[_VISITED + move]
                    yield (FRONTIER, 2 * ((cell + step) // stride) - 1 + dr,
                           2 * ((cell + step) % stride) - 1 + dc)
    yield from finish_trace(tiles, loops, gen)


#: Its pseudo-code in the lab, and the line each event runs.
CODE = Pseudocode((
    "pick a cell, list the walls around it",
    "take a random wall; new cell behind: carve",
    "  add the new cell's walls to the list",
    "  cell behind already carved: drop the wall",
    "open the entrance, the exit and loops",
), {CARVE: 2, FRONTIER: 3, DROP: 4, OPEN: 5})
INFO = GeneratorInfo(NAME, "P", "Prim", generate, trace=trace, code=CODE)
