"""Breadth-first search: a queue of tiles, each remembering its predecessor.

Seed 003's queue solver, made exact:

1. Mark the start and put it in the queue.
2. Take the oldest tile from the queue (expand it) and probe its neighbours **down,
   right, up, left**; mark each free one as it is enqueued, remembering the way it was
   reached.
3. Stop as soon as the goal is marked, then walk the predecessors back to the start.
4. An empty queue means there is no path.

The first path found is a shortest one.  :func:`run` is the same search without events.
"""

from __future__ import annotations

from array import array
from typing import Generator, Iterator, Optional, Sequence, Union

from game.maze.grid import Maze, Pos
from game.maze.registry import Pseudocode, SolverInfo
from game.maze.solvers.base import EXPAND, FOUND, VISIT, Event, FlatGrid, Solution, finish, flatten
from game.maze.solvers.keyed import KeyedSearch, has_keys

NAME = "bfs"
#: The probe order: down, right, up, left.
STEPS = ((1, 0), (0, 1), (-1, 0), (0, -1))
#: Its search over (tile, keys held) on a maze with keys: breadth-first, in its probe order.
KEYED = KeyedSearch(NAME, STEPS, depth=False)

# How a marked tile was reached, stored in its grid byte (free floor is 0, wall is 1).
_FROM_ABOVE, _FROM_LEFT, _FROM_BELOW, _FROM_RIGHT, _ORIGIN = 2, 3, 4, 5, 6


def explore(maze: Maze, start: Pos, goal: Pos) -> Iterator[Union[Event, Solution]]:
    """Search breadth-first from ``start`` to ``goal``, yielding events then a Solution."""
    if has_keys(maze):
        return KEYED.explore(maze, start, goal)
    return _search(flatten(maze, start, goal))  # the ends are checked before the first next()


def _search(flat: FlatGrid) -> Iterator[Union[Event, Solution]]:
    """Run the search on a checked flat grid."""
    grid, w, s, g = flat.cells, flat.width, flat.start, flat.goal
    grid[s] = _ORIGIN
    yield (VISIT, *flat.pos(s))
    if s == g:
        yield from finish(NAME, flat, [s], 1)
        return
    queue = array(flat.typecode, [s])  # machine ints: a fraction of a list's memory
    append = queue.append
    found = False
    # Iterating an array while appending to it visits the new items too: a FIFO queue.
    for p in queue:
        r = p // w
        yield (EXPAND, r, p - r * w)
        n = p + w  # down
        if not grid[n]:
            grid[n] = _FROM_ABOVE
            append(n)
            r = n // w
            yield (VISIT, r, n - r * w)
            if n == g:
                found = True
                break
        n = p + 1  # right
        if not grid[n]:
            grid[n] = _FROM_LEFT
            append(n)
            r = n // w
            yield (VISIT, r, n - r * w)
            if n == g:
                found = True
                break
        n = p - w  # up
        if not grid[n]:
            grid[n] = _FROM_BELOW
            append(n)
            r = n // w
            yield (VISIT, r, n - r * w)
            if n == g:
                found = True
                break
        n = p - 1  # left
        if not grid[n]:
            grid[n] = _FROM_RIGHT
            append(n)
            r = n // w
            yield (VISIT, r, n - r * w)
            if n == g:
                found = True
                break
    trail = _trail(grid, w, s, g) if found else None
    yield from finish(NAME, flat, trail, len(queue))


def run(flat: FlatGrid) -> tuple[Optional[list[int]], int]:
    """Run the search without events; return the trail (flat indices) or None, and visited."""
    grid, w, s, g = flat.cells, flat.width, flat.start, flat.goal
    grid[s] = _ORIGIN
    if s == g:
        return [s], 1
    queue = array(flat.typecode, [s])
    append = queue.append
    for p in queue:  # the loop of _search, marking the same tiles in the same order
        n = p + w
        if not grid[n]:
            grid[n] = _FROM_ABOVE
            append(n)
            if n == g:
                break
        n = p + 1
        if not grid[n]:
            grid[n] = _FROM_LEFT
            append(n)
            if n == g:
                break
        n = p - w
        if not grid[n]:
            grid[n] = _FROM_BELOW
            append(n)
            if n == g:
                break
        n = p - 1
        if not grid[n]:
            grid[n] = _FROM_RIGHT
            append(n)
            if n == g:
                break
    else:
        return None, len(queue)
    return _trail(grid, w, s, g), len(queue)


def run_sliced(flat: FlatGrid, every: int
               ) -> Generator[None, None, tuple[Optional[list[int]], int]]:
    """Run :func:`run` a slice at a time: yield None every ``every`` tiles taken, return its answer."""
    grid, w, s, g = flat.cells, flat.width, flat.start, flat.goal
    grid[s] = _ORIGIN
    if s == g:
        return [s], 1
    queue = array(flat.typecode, [s])
    append = queue.append
    left = every
    for p in queue:  # the loop of run, marking the same tiles in the same order
        left -= 1
        if not left:
            yield None
            left = every
        n = p + w
        if not grid[n]:
            grid[n] = _FROM_ABOVE
            append(n)
            if n == g:
                break
        n = p + 1
        if not grid[n]:
            grid[n] = _FROM_LEFT
            append(n)
            if n == g:
                break
        n = p - w
        if not grid[n]:
            grid[n] = _FROM_BELOW
            append(n)
            if n == g:
                break
        n = p - 1
        if not grid[n]:
            grid[n] = _FROM_RIGHT
            append(n)
            if n == g:
                break
    else:
        return None, len(queue)
    return _trail(grid, w, s, g), len(queue)


def _trail(grid: Sequence[int], w: int, s: int, g: int) -> list[int]:
    """Walk the marks back from the goal to the start; return the flat indices start to goal."""
    back = (0, 0, -w, -1, w, 1)  # indexed by the mark: the step back to the predecessor
    trail = [g]
    n = g
    while n != s:
        n += back[grid[n]]
        trail.append(n)
    trail.reverse()
    return trail


#: Its pseudo-code in the lab, and the line each event runs.
CODE = Pseudocode((
    "mark the start, put it in the queue",
    "while the queue is not empty:",
    "  take the oldest tile (expand)",
    "  probe down, right, up, left:",
    "    free: mark it, put it in the queue",
    "    the goal: stop, walk back the path",
), {VISIT: 5, EXPAND: 3, FOUND: 6})
INFO = SolverInfo(NAME, "Breadth-first (bfs)", "BFS", explore, shortest=True, run=run, code=CODE)
