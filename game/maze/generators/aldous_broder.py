"""Aldous-Broder: a random walk that opens the wall into every cell it enters first.

1. Start at a random cell; it is visited.
2. Step to a random neighbouring cell (each equally likely).
3. If that cell was not visited yet, open the wall just crossed and mark it visited.
4. Repeat until every cell is visited.

The walls of first entry form a spanning tree drawn uniformly from all the spanning
trees of the cell grid (Aldous 1990, Broder 1989): with ``loops=0`` every perfect maze
is equally likely, so this is the unbiased reference.  The walk covers the grid slowly
(about n log² n steps for n cells): fine in the lab, slow for very big mazes.
"""

from __future__ import annotations

from game.maze.generators._cells import Picks, cell_canvas, open_cell, open_link, random_cell
from game.maze.generators._common import RngLike, cell_tile, check_common
from game.maze.generators.events import CELL, LINK, OPEN, ROAM, Trace, finish_trace, maze_of
from game.maze.grid import Maze
from game.maze.registry import GeneratorInfo, Pseudocode

NAME = "aldous-broder"


def trace(*, rows: int, cols: int, rng: RngLike = None, loops: float = 0.0) -> Trace:
    """Generate an Aldous-Broder maze, yielding its steps (see events), then the Maze."""
    loops, gen = check_common(rows, cols, loops, rng)
    height, width, stride, seen, tiles = cell_canvas(rows, cols)
    inside = [1 - s for s in seen]  # the sentinels are seen but not inside
    picks = Picks(gen)
    cell = random_cell(picks, height, width, stride)
    seen[cell] = 1
    yield open_cell(tiles, cell, stride)
    left = height * width - 1
    steps = (-stride, 1, stride, -1)
    while left:
        free = [s for s in steps if inside[cell + s]]
        nxt = cell + free[picks.below(len(free))]
        if seen[nxt]:
            r, c = cell_tile(nxt, stride)  # two names build the event faster than a *
            yield (ROAM, r, c)
        else:
            seen[nxt] = 1
            left -= 1
            yield open_link(tiles, LINK, nxt, cell, stride)
        cell = nxt
    yield from finish_trace(tiles, loops, gen)


def generate(*, rows: int, cols: int, rng: RngLike = None, loops: float = 0.0) -> Maze:
    """Generate an Aldous-Broder maze (a uniform spanning tree) of ``rows`` x ``cols`` tiles."""
    return maze_of(trace(rows=rows, cols=cols, rng=rng, loops=loops))


#: Its pseudo-code in the lab, and the line each event runs.
CODE = Pseudocode((
    "start at a random cell",
    "step to a random neighbour",
    "  not visited yet: knock down the wall crossed",
    "open the entrance, the exit and loops",
), {CELL: 1, ROAM: 2, LINK: 3, OPEN: 4})
INFO = GeneratorInfo(NAME, "A", "Aldous-Broder", generate, trace=trace, code=CODE)
