"""Binary tree: every cell opens its wall north or east, at random.

1. Go through the cells row by row.
2. Open the wall north or the wall east of the cell, each half the time; in the top
   row only east is there, in the right column only north, and the top-right cell
   opens neither.

With ``loops=0`` the result is a perfect maze: every cell but the top-right one has
exactly one way towards it, so the openings form a tree rooted there.  Its bias is
the strongest of all: the top row of cells and the right column are each one long
corridor, and every path runs diagonally towards the top-right corner.
"""

from __future__ import annotations

from game.maze.generators._cells import Picks, cell_canvas, cell_index, open_cell, open_link
from game.maze.generators._common import RngLike, check_common
from game.maze.generators.events import CELL, LINK, OPEN, Trace, finish_trace, maze_of
from game.maze.grid import Maze
from game.maze.registry import GeneratorInfo, Pseudocode

NAME = "binary-tree"


def trace(*, rows: int, cols: int, rng: RngLike = None, loops: float = 0.0) -> Trace:
    """Generate a binary-tree maze, yielding its steps (see events), then the Maze."""
    loops, gen = check_common(rows, cols, loops, rng)
    height, width, stride, _, tiles = cell_canvas(rows, cols)
    picks = Picks(gen)
    for y in range(height):
        for x in range(width):
            cell = cell_index(y, x, stride)
            ways = ([cell - stride] if y else []) + ([cell + 1] if x + 1 < width else [])
            if ways:
                yield open_link(tiles, LINK, cell, ways[picks.below(len(ways))], stride)
            else:
                yield open_cell(tiles, cell, stride)
    yield from finish_trace(tiles, loops, gen)


def generate(*, rows: int, cols: int, rng: RngLike = None, loops: float = 0.0) -> Maze:
    """Generate a binary-tree maze of ``rows`` x ``cols`` tiles."""
    return maze_of(trace(rows=rows, cols=cols, rng=rng, loops=loops))


#: Its pseudo-code in the lab, and the line each event runs.
CODE = Pseudocode((
    "go through the cells row by row",
    "open the wall north or east, at random",
    "  the top-right cell: neither is there",
    "open the entrance, the exit and loops",
), {LINK: 2, CELL: 3, OPEN: 4})
INFO = GeneratorInfo(NAME, "N", "Binary tree", generate, trace=trace, code=CODE)
