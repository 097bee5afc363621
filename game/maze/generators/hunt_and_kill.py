"""Hunt-and-kill: a random walk into unvisited cells; when stuck, hunt for a new start.

1. Start at a random cell; it is visited.
2. Walk: knock down the wall to a random unvisited neighbour and step there.
3. Stuck (no unvisited neighbour): hunt, scanning the rows from the top for an
   unvisited cell next to a visited one; knock down the wall to a random visited
   neighbour of it and walk on from there.
4. Stop when the hunt finds nothing: every cell is visited.

With ``loops=0`` the result is a perfect maze with long winding corridors, like the
backtracker's, but with fewer, shorter branches.  The hunt skips the rows that are all
visited (a count per row), and each row it looks at is one ``scan`` event.
"""

from __future__ import annotations

from game.maze.generators._cells import (
    Picks, cell_canvas, cell_index, open_cell, open_link, random_cell,
)
from game.maze.generators._common import RngLike, cell_tile, check_common
from game.maze.generators.events import CELL, LINK, OPEN, SCAN, Trace, finish_trace, maze_of
from game.maze.grid import Maze
from game.maze.registry import GeneratorInfo, Pseudocode

NAME = "hunt-and-kill"


def trace(*, rows: int, cols: int, rng: RngLike = None, loops: float = 0.0) -> Trace:
    """Generate a hunt-and-kill maze, yielding its steps (see events), then the Maze."""
    loops, gen = check_common(rows, cols, loops, rng)
    height, width, stride, seen, tiles = cell_canvas(rows, cols)
    inside = [1 - s for s in seen]  # the sentinels are seen but not inside
    picks = Picks(gen)
    left = [width] * height  # unvisited cells per row
    cell = random_cell(picks, height, width, stride)
    seen[cell] = 1
    left[cell // stride - 1] -= 1
    yield open_cell(tiles, cell, stride)
    steps = (-stride, 1, stride, -1)
    top = 0  # rows above are all visited
    while True:
        free = [s for s in steps if not seen[cell + s]]
        if free:
            nxt = cell + free[picks.below(len(free))]
            via = cell
        else:
            while top < height and not left[top]:
                top += 1
            if top == height:
                break
            nxt = via = 0
            for y in range(top, height):
                if not left[y]:
                    continue
                yield (SCAN, *cell_tile(cell_index(y, 0, stride), stride))
                for x in range(width):
                    nxt = cell_index(y, x, stride)
                    if seen[nxt]:
                        continue
                    old = [nxt + s for s in steps if seen[nxt + s] and inside[nxt + s]]
                    if old:
                        via = old[picks.below(len(old))]
                        break
                if via:
                    break
        seen[nxt] = 1
        left[nxt // stride - 1] -= 1
        yield open_link(tiles, LINK, nxt, via, stride)
        cell = nxt
    yield from finish_trace(tiles, loops, gen)


def generate(*, rows: int, cols: int, rng: RngLike = None, loops: float = 0.0) -> Maze:
    """Generate a hunt-and-kill maze of ``rows`` x ``cols`` tiles."""
    return maze_of(trace(rows=rows, cols=cols, rng=rng, loops=loops))


#: Its pseudo-code in the lab, and the line each event runs.
CODE = Pseudocode((
    "start at a random cell",
    "walk: knock into a random unvisited neighbour",
    "stuck: hunt rows for an unvisited cell by the maze",
    "open the entrance, the exit and loops",
), {CELL: 1, LINK: 2, SCAN: 3, OPEN: 4})
INFO = GeneratorInfo(NAME, "H", "Hunt-and-kill", generate, trace=trace, code=CODE)
