"""Trémaux: walk the maze marking each passage as it is walked, at most twice.

1. At a tile, take a passage not walked yet (down, right, up, left first).
2. Arriving by a new passage at a tile already visited: turn back (a loop).
3. No new passage: go back the way walked once (never one walked twice).
4. Stop at the goal; back at the start with every passage walked twice means no path.

Every passage is walked at most twice, so the walk ends.  Its path is the whole walk,
dead ends walked in and out included.  It cannot use keys: a maze with keys and doors
is refused.
"""

from __future__ import annotations

from array import array
from typing import Iterator, Union

from game.maze.grid import Maze, Pos
from game.maze.registry import Pseudocode, SolverInfo
from game.maze.solvers.base import FOUND, VISIT, Event, FlatGrid, Solution, flatten
from game.maze.solvers._walk import answer, refuse_keys, steps_of

NAME = "tremaux"


def explore(maze: Maze, start: Pos, goal: Pos) -> Iterator[Union[Event, Solution]]:
    """Walk Trémaux's way from ``start`` to ``goal``, yielding events then a Solution."""
    refuse_keys(maze, NAME)
    return _walk(flatten(maze, start, goal))


def _walk(flat: FlatGrid) -> Iterator[Union[Event, Solution]]:
    """Walk on a checked flat grid."""
    grid, g = flat.cells, flat.goal
    steps = steps_of(flat)
    p = flat.start
    walk = array(flat.typecode, [p])
    marked = bytearray(len(grid))  # bytes, not sets: see game.maze.solvers._walk
    marked[p] = 1
    count = 1
    # a passage (its lower index * 2, plus 1 going down): times walked; int keys and
    # values, so the collector does not walk the dict
    walked: dict[int, int] = {}
    yield (VISIT, *flat.pos(p))
    came = -1
    turn_back = False
    while p != g:
        ways = [p + step for step in steps if not grid[p + step]]
        times = {n: walked.get(_passage(p, n), 0) for n in ways}
        if turn_back:
            nxt = came
        else:
            fresh = [n for n in ways if times[n] == 0]
            once = [n for n in ways if times[n] == 1]
            if fresh:
                nxt = fresh[0]
            elif once:
                nxt = came if came in once else once[0]
            else:
                break  # every passage walked twice: no way to the goal
        passage = _passage(p, nxt)
        new = passage not in walked
        walked[passage] = walked.get(passage, 0) + 1
        came, p = p, nxt
        walk.append(p)
        turn_back = new and bool(marked[p])
        if not marked[p]:
            marked[p] = 1
            count += 1
            yield (VISIT, *flat.pos(p))
    found = p == g
    if found:
        yield (FOUND, *flat.pos(g))
    yield answer(NAME, flat, walk if found else None, count)


def _passage(a: int, b: int) -> int:
    """Return the key of the passage between neighbouring flat indices ``a`` and ``b``."""
    low = min(a, b)
    return low * 2 + (abs(a - b) != 1)


#: Its pseudo-code in the lab, and the line each event runs.
CODE = Pseudocode((
    "at each tile, take a passage not walked yet",
    "  new passage to a visited tile: turn back",
    "  none new: go back along one walked once",
    "at the goal: the walk is the path",
), {VISIT: 1, FOUND: 4})
INFO = SolverInfo(NAME, "Trémaux", "TREMAUX", explore, shortest=False, code=CODE, keys=False, walks=True)
