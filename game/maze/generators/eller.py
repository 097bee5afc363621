"""Eller: the maze one row at a time, keeping only which cells of the row are joined.

1. Give each cell of the row not yet in a set a set of its own.
2. Going along the row, open the wall between two neighbours in different sets at
   random (half the time), joining their sets; on the last row, always.
3. Open the wall down from at least one cell of every set (each cell half the time; a
   set that drew none goes down from one random cell); the cell below joins the set.
4. Repeat from 1 on the next row, down to the last.

With ``loops=0`` the result is a perfect maze: a wall opens only between two sets, and
every set reaches the last row, where all are joined.  Eller's needs memory for one row
only; here the sets are a union-find forest of labels, and horizontal corridors come out
slightly longer than vertical ones.
"""

from __future__ import annotations

from game.maze.generators._cells import (
    Picks, cell_canvas, cell_index, find, open_cell, open_link, open_wall, wall_between,
)
from game.maze.generators._common import RngLike, check_common
from game.maze.generators.events import CELL, JOIN, LINK, OPEN, SKIP, Trace, finish_trace, maze_of
from game.maze.grid import Maze
from game.maze.registry import GeneratorInfo, Pseudocode

NAME = "eller"


def trace(*, rows: int, cols: int, rng: RngLike = None, loops: float = 0.0) -> Trace:
    """Generate an Eller maze, yielding its steps (see events), then the Maze."""
    loops, gen = check_common(rows, cols, loops, rng)
    height, width, stride, _, tiles = cell_canvas(rows, cols)
    picks = Picks(gen)
    parent: list[int] = []  # the union-find forest of set labels
    labels = [-1] * width  # the set of each cell of the row, -1: none yet
    for y in range(height):
        last = y + 1 == height
        for x in range(width):
            if labels[x] < 0:
                labels[x] = len(parent)
                parent.append(len(parent))
                yield open_cell(tiles, cell_index(y, x, stride), stride)
        for x in range(width - 1):
            a, b = find(parent, labels[x]), find(parent, labels[x + 1])
            cell = cell_index(y, x, stride)
            if a != b and (last or picks.chance(1, 2)):
                parent[b] = a
                yield open_wall(tiles, cell, cell + 1, stride)
            else:
                r, c = wall_between(cell, cell + 1, stride)
                yield (SKIP, r, c)
        if last:
            break
        groups: dict[int, list[int]] = {}
        for x in range(width):
            groups.setdefault(find(parent, labels[x]), []).append(x)
        below = [-1] * width
        for label, members in groups.items():
            down = [x for x in members if picks.chance(1, 2)]
            if not down:
                down = [members[picks.below(len(members))]]
            for x in down:
                below[x] = label
                cell = cell_index(y, x, stride)
                yield open_link(tiles, LINK, cell + stride, cell, stride)
        labels = below
    yield from finish_trace(tiles, loops, gen)


def generate(*, rows: int, cols: int, rng: RngLike = None, loops: float = 0.0) -> Maze:
    """Generate an Eller maze of ``rows`` x ``cols`` tiles."""
    return maze_of(trace(rows=rows, cols=cols, rng=rng, loops=loops))


#: Its pseudo-code in the lab, and the line each event runs.
CODE = Pseudocode((
    "give each new cell of the row a set of its own",
    "join neighbours of two sets at random (last row: all)",
    "  same set, or not this time: leave the wall",
    "open down from at least one cell of every set",
    "open the entrance, the exit and loops",
), {CELL: 1, JOIN: 2, SKIP: 3, LINK: 4, OPEN: 5})
INFO = GeneratorInfo(NAME, "E", "Eller", generate, trace=trace, code=CODE)
