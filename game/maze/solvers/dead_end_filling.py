"""Dead-end filling: fill every dead end in until only the ways through are left.

1. Find every dead end: a free tile with at most one free neighbour, not an end.
2. Fill it (mark it); its neighbour may now be a dead end too: fill on from there.
3. When no dead end is left, search breadth-first from the start over the unfilled
   tiles (in a perfect maze they are the path itself).

Its path is a shortest one: a filled tile is never on a path between the ends that
does not turn back.  It cannot use keys: a maze with keys and doors is refused.
"""

from __future__ import annotations

from array import array
from typing import Iterator, Union

from game.maze.grid import Maze, Pos
from game.maze.registry import Pseudocode, SolverInfo
from game.maze.solvers.base import EXPAND, FOUND, VISIT, Event, FlatGrid, Solution, flatten
from game.maze.solvers._walk import answer, refuse_keys, steps_of, trail_back

NAME = "dead-end-filling"


def explore(maze: Maze, start: Pos, goal: Pos) -> Iterator[Union[Event, Solution]]:
    """Fill the dead ends, then find the way left; yield events then a Solution."""
    refuse_keys(maze, NAME)
    return _fill(flatten(maze, start, goal))


def _fill(flat: FlatGrid) -> Iterator[Union[Event, Solution]]:
    """Fill and search on a checked flat grid."""
    grid, s, g = flat.cells, flat.start, flat.goal
    if s == g:
        yield (VISIT, *flat.pos(s))
        yield (FOUND, *flat.pos(g))
        yield answer(NAME, flat, [s], 1)
        return
    steps = steps_of(flat)
    # arrays and int-only dicts, not lists: see game.maze.solvers._walk
    free = array(flat.typecode, (i for i in range(len(grid)) if not grid[i]))
    degree = {i: sum(not grid[i + step] for step in steps) for i in free}
    ends = {s, g}
    filled = bytearray(len(grid))
    queue = array(flat.typecode, (i for i in free if degree[i] <= 1 and i not in ends))
    del free
    for p in queue:  # iterating a list while appending to it: a FIFO queue
        if filled[p]:
            continue
        filled[p] = 1
        yield (VISIT, *flat.pos(p))
        for step in steps:
            n = p + step
            if grid[n] or filled[n]:
                continue
            degree[n] -= 1
            if degree[n] == 1 and n not in ends:
                queue.append(n)
    parent = {s: -1}
    yield (VISIT, *flat.pos(s))
    order = array(flat.typecode, [s])
    for p in order:
        yield (EXPAND, *flat.pos(p))
        if p == g:
            break
        for step in steps:
            n = p + step
            if grid[n] or filled[n] or n in parent:
                continue
            parent[n] = p
            order.append(n)
            yield (VISIT, *flat.pos(n))
    found = g in parent
    if found:
        yield (FOUND, *flat.pos(g))
    visited = sum(filled) + len(parent)
    yield answer(NAME, flat, trail_back(parent, g) if found else None, visited)


#: Its pseudo-code in the lab, and the line each event runs.
CODE = Pseudocode((
    "find the dead ends (one free neighbour)",
    "fill one; its neighbour may be a dead end now",
    "none left: search the unfilled tiles",
    "from the start to the goal: the path",
), {VISIT: 2, EXPAND: 3, FOUND: 4})
INFO = SolverInfo(NAME, "Dead-end filling", "FILL", explore, shortest=True, code=CODE,
                  keys=False)
