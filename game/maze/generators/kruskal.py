"""Randomized Kruskal: open the walls in random order, each between two separate parts.

1. Every cell starts open and in a set of its own.
2. Take the walls between neighbouring cells in a random order.
3. If the cells on either side are in different sets, open the wall and join the sets;
   otherwise leave it up.
4. Stop when every cell is in one set.

With ``loops=0`` the result is a perfect maze: each opening joins two trees, so no cycle
closes, and the last one leaves a single tree.  Its texture is Prim's: many short dead
ends.  The sets are a union-find forest with path halving.
"""

from __future__ import annotations

from game.maze.generators._cells import (
    cell_canvas, cell_index, find, open_cell, open_wall, wall_between,
)
from game.maze.generators._common import RngLike, check_common
from game.maze.generators.events import CELL, JOIN, OPEN, SKIP, Trace, finish_trace, maze_of
from game.maze.grid import Maze
from game.maze.registry import GeneratorInfo, Pseudocode

NAME = "kruskal"


def trace(*, rows: int, cols: int, rng: RngLike = None, loops: float = 0.0) -> Trace:
    """Generate a Kruskal maze of ``rows`` x ``cols`` tiles, yielding its steps, then the Maze."""
    loops, gen = check_common(rows, cols, loops, rng)
    height, width, stride, seen, tiles = cell_canvas(rows, cols)
    walls: list[int] = []  # a wall is its cell * 2, plus 1 for the one below (else right)
    for y in range(height):
        for x in range(width):
            cell = cell_index(y, x, stride)
            yield open_cell(tiles, cell, stride)
            if x + 1 < width:
                walls.append(cell * 2)
            if y + 1 < height:
                walls.append(cell * 2 + 1)
    parent = list(range(len(seen)))  # the union-find forest of cells
    joins = height * width - 1
    for i in gen.permutation(len(walls)).tolist():
        if not joins:
            break
        a = walls[i] >> 1
        b = a + (stride if walls[i] & 1 else 1)
        ra, rb = find(parent, a), find(parent, b)
        if ra == rb:
            r, c = wall_between(a, b, stride)
            yield (SKIP, r, c)
            continue
        parent[rb] = ra
        joins -= 1
        yield open_wall(tiles, a, b, stride)
    yield from finish_trace(tiles, loops, gen)


def generate(*, rows: int, cols: int, rng: RngLike = None, loops: float = 0.0) -> Maze:
    """Generate a randomized-Kruskal maze of ``rows`` x ``cols`` tiles."""
    return maze_of(trace(rows=rows, cols=cols, rng=rng, loops=loops))


#: Its pseudo-code in the lab, and the line each event runs.
CODE = Pseudocode((
    "every cell is a set of its own",
    "random wall between two sets: open it, join them",
    "  both cells in one set: leave the wall up",
    "open the entrance, the exit and loops",
), {CELL: 1, JOIN: 2, SKIP: 3, OPEN: 4})
INFO = GeneratorInfo(NAME, "K", "Kruskal", generate, trace=trace, code=CODE)
