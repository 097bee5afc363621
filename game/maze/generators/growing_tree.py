"""Growing tree: grow the maze from a list of cells, choosing which one by a policy.

1. Put a random cell in the list; it is visited.
2. Choose a cell of the list by the policy: the newest (the backtracker's texture), a
   random one (Prim's), the oldest (long straight spokes), or a mix (newest or random,
   each half the time).
3. If it has unvisited neighbours, knock down the wall to a random one and add that
   cell to the end of the list; otherwise take the chosen cell out of the list.
4. Repeat from 2 until the list is empty.

With ``loops=0`` the result is a perfect maze whatever the policy: a cell is entered
once, through one wall.
"""

from __future__ import annotations

from typing import Optional

from game.maze.generators._cells import Picks, cell_canvas, open_link, random_cell
from game.maze.generators._common import RngLike, cell_tile, check_common
from game.maze.generators.events import DONE, OPEN, PUSH, Trace, finish_trace, maze_of
from game.maze.grid import Maze
from game.maze.registry import GeneratorInfo, Option, Pseudocode

NAME = "growing-tree"
#: The policies, by their value (the option's value is the index).
POLICIES = ("newest", "random", "oldest", "mix")
NEWEST, RANDOM, OLDEST, MIX = range(4)


def trace(*, rows: int, cols: int, rng: RngLike = None, loops: float = 0.0,
          policy: Optional[int] = None) -> Trace:
    """Generate a growing-tree maze, yielding its steps (see events), then the Maze."""
    loops, gen = check_common(rows, cols, loops, rng)
    policy = _check_policy(policy)
    height, width, stride, seen, tiles = cell_canvas(rows, cols)
    picks = Picks(gen)
    cell = random_cell(picks, height, width, stride)
    seen[cell] = 1
    yield open_link(tiles, PUSH, cell, cell, stride)  # the first cell, through no wall
    grown = [cell]
    steps = (-stride, 1, stride, -1)
    while grown:
        if policy == NEWEST or (policy == MIX and picks.chance(1, 2)):
            i = len(grown) - 1
        elif policy == OLDEST:
            i = 0
        else:
            i = picks.below(len(grown))
        cell = grown[i]
        free = [s for s in steps if not seen[cell + s]]
        if not free:
            del grown[i]
            yield (DONE, *cell_tile(cell, stride), i)
            continue
        nxt = cell + free[picks.below(len(free))]
        seen[nxt] = 1
        grown.append(nxt)
        yield open_link(tiles, PUSH, nxt, cell, stride)
    yield from finish_trace(tiles, loops, gen)


def generate(*, rows: int, cols: int, rng: RngLike = None, loops: float = 0.0,
             policy: Optional[int] = None) -> Maze:
    """Generate a growing-tree maze of ``rows`` x ``cols`` tiles (``policy``: see POLICIES)."""
    return maze_of(trace(rows=rows, cols=cols, rng=rng, loops=loops, policy=policy))


def _check_policy(policy: Optional[int]) -> int:
    """Return the policy's value (None: newest), or raise ValueError for a bad one."""
    if policy is None:
        return NEWEST
    if not POLICY.accepts(policy):
        raise ValueError(f"policy must be one of {', '.join(POLICIES)} (0..3), got {policy!r}")
    return int(policy)


POLICY = Option(
    "policy", "M", "int", 0, len(POLICIES) - 1, None,
    help="which cell of the list grows: newest, random, oldest or mix (default newest)",
    label="Policy",
    steps=(None, RANDOM, OLDEST, MIX),
    shown="{value}",
    unset="newest",
    choices=POLICIES,
)
#: Its pseudo-code in the lab, and the line each event runs.
CODE = Pseudocode((
    "put a random cell in the list",
    "choose a cell of the list by the policy",
    "  unvisited neighbour: knock the wall, list it",
    "  none: take the cell out of the list",
    "open the entrance, the exit and loops",
), {PUSH: 3, DONE: 4, OPEN: 5})
INFO = GeneratorInfo(NAME, "T", "Growing tree", generate, (POLICY,), trace=trace, code=CODE)
