"""Wilson: loop-erased random walks, each added to the maze where it reaches it.

1. Put one random cell in the maze.
2. From the first cell (row by row) not in the maze yet, walk at random.
3. When the walk steps onto a cell it already holds, erase the loop it just closed.
4. When it steps onto the maze, add the walk to it: open every wall along it.
5. Repeat from 2 until every cell is in the maze.

Every spanning tree of the cell grid comes out equally often (Wilson 1996), as with
Aldous-Broder, but faster: the walk needs only to reach the maze, not to cover the grid.
The walk is a stack; a cell's place in it is kept so a loop is found in one lookup.
"""

from __future__ import annotations

from game.maze.generators._cells import (
    Picks, cell_canvas, cell_index, open_cell, open_link, random_cell,
)
from game.maze.generators._common import RngLike, cell_tile, check_common
from game.maze.generators.events import (
    ADD, CELL, ERASE, OPEN, WALK, Trace, finish_trace, maze_of,
)
from game.maze.grid import Maze
from game.maze.registry import GeneratorInfo, Pseudocode

NAME = "wilson"


def trace(*, rows: int, cols: int, rng: RngLike = None, loops: float = 0.0) -> Trace:
    """Generate a Wilson maze, yielding its steps (see events), then the Maze."""
    loops, gen = check_common(rows, cols, loops, rng)
    height, width, stride, seen, tiles = cell_canvas(rows, cols)
    inside = [1 - s for s in seen]  # the sentinels are seen but not inside
    picks = Picks(gen)
    root = random_cell(picks, height, width, stride)
    seen[root] = 1  # seen: in the maze
    yield open_cell(tiles, root, stride)
    place = [-1] * len(seen)  # a cell's index in the walk, -1 off it
    steps = (-stride, 1, stride, -1)
    for y in range(height):
        for x in range(width):
            cell = cell_index(y, x, stride)
            if seen[cell]:
                continue
            walk = [cell]
            place[cell] = 0
            yield (WALK, *cell_tile(cell, stride))
            while True:
                free = [s for s in steps if inside[cell + s]]
                nxt = cell + free[picks.below(len(free))]
                if seen[nxt]:
                    break
                at = place[nxt]
                if at >= 0:
                    while len(walk) > at + 1:
                        gone = walk.pop()
                        place[gone] = -1
                        yield (ERASE, *cell_tile(gone, stride))
                else:
                    place[nxt] = len(walk)
                    walk.append(nxt)
                    yield (WALK, *cell_tile(nxt, stride))
                cell = nxt
            while walk:  # add the walk from its top, the cell next to the maze
                cell = walk.pop()
                place[cell] = -1
                seen[cell] = 1
                yield open_link(tiles, ADD, cell, nxt, stride)
                nxt = cell
    yield from finish_trace(tiles, loops, gen)


def generate(*, rows: int, cols: int, rng: RngLike = None, loops: float = 0.0) -> Maze:
    """Generate a Wilson maze (a uniform spanning tree) of ``rows`` x ``cols`` tiles."""
    return maze_of(trace(rows=rows, cols=cols, rng=rng, loops=loops))


#: Its pseudo-code in the lab, and the line each event runs.
CODE = Pseudocode((
    "put a random cell in the maze",
    "from a cell outside, walk at random",
    "  walked onto the walk: erase the loop",
    "  reached the maze: add the walk to it",
    "open the entrance, the exit and loops",
), {CELL: 1, WALK: 2, ERASE: 3, ADD: 4, OPEN: 5})
INFO = GeneratorInfo(NAME, "W", "Wilson", generate, trace=trace, code=CODE)
