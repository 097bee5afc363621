"""Sidewinder: rows of runs, each run opening north from one of its cells.

1. Open the whole top row of cells into one corridor.
2. On every other row, going east, add each cell to the current run.
3. At random (half the time), or at the east edge, close the run: open the wall north
   from one random cell of it and start a new run; otherwise open the wall east.

With ``loops=0`` the result is a perfect maze: each run is a corridor hanging from the
row above by one opening.  Its bias shows: the top row is one corridor, and every path
to the top climbs without ever going down.
"""

from __future__ import annotations

from game.maze.generators._cells import Picks, cell_canvas, cell_index, open_cell, open_wall
from game.maze.generators._common import RngLike, check_common
from game.maze.generators.events import CELL, JOIN, OPEN, Trace, finish_trace, maze_of
from game.maze.grid import Maze
from game.maze.registry import GeneratorInfo, Pseudocode

NAME = "sidewinder"


def trace(*, rows: int, cols: int, rng: RngLike = None, loops: float = 0.0) -> Trace:
    """Generate a sidewinder maze, yielding its steps (see events), then the Maze."""
    loops, gen = check_common(rows, cols, loops, rng)
    height, width, stride, _, tiles = cell_canvas(rows, cols)
    picks = Picks(gen)
    for y in range(height):
        run: list[int] = []
        for x in range(width):
            cell = cell_index(y, x, stride)
            yield open_cell(tiles, cell, stride)
            run.append(cell)
            east = x + 1 < width
            if y and (not east or picks.chance(1, 2)):
                north = run[picks.below(len(run))]
                run = []
                yield open_wall(tiles, north, north - stride, stride)
            elif east:
                yield open_wall(tiles, cell, cell + 1, stride)
            # else the top row's east end: nothing to open
    yield from finish_trace(tiles, loops, gen)


def generate(*, rows: int, cols: int, rng: RngLike = None, loops: float = 0.0) -> Maze:
    """Generate a sidewinder maze of ``rows`` x ``cols`` tiles."""
    return maze_of(trace(rows=rows, cols=cols, rng=rng, loops=loops))


#: Its pseudo-code in the lab, and the line each event runs.
CODE = Pseudocode((
    "go along each row, adding each cell to the run",
    "open east, or end the run: north from one of its cells",
    "open the entrance, the exit and loops",
), {CELL: 1, JOIN: 2, OPEN: 3})
INFO = GeneratorInfo(NAME, "S", "Sidewinder", generate, trace=trace, code=CODE)
