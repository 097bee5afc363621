"""Explicit-stack search: seed 003's stack of ``(row, col, next direction)`` boxes.

1. Push a box for the start (next direction: the first) and mark the start.
2. Look at the top box.  If it is the goal, the boxes from bottom to top are the path.
3. Otherwise try its directions in order **up, right, down, left**, from its next
   direction on; at the first free neighbour, remember where to resume, push a box for
   the neighbour and mark it.
4. If no direction is left the box is a dead end: pop it (backtrack) and look on from
   the box below (expand).  It stays marked (the seed makes popped tiles walkable
   again, which is exponential on loops).
5. An empty stack means there is no path.

A box is the tile's flat index on the stack; its next direction lives in the tile's own
grid byte, which doubles as its mark (every value from ``_UP`` on means "marked").
:func:`run` is the same search without events.
"""

from __future__ import annotations

from array import array
from typing import Generator, Iterator, Optional, Sequence, Union

from game.maze.grid import Maze, Pos
from game.maze.registry import Pseudocode, SolverInfo
from game.maze.solvers.base import (
    BACKTRACK,
    EXPAND,
    FOUND,
    VISIT,
    Event,
    FlatGrid,
    Solution,
    depth_first,
    depth_first_sliced,
    finish,
    flatten,
)
from game.maze.solvers.keyed import KeyedSearch, has_keys

NAME = "stack"
#: The probe order: up, right, down, left.
STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))
#: Its search over (tile, keys held) on a maze with keys: depth-first, in its probe order.
KEYED = KeyedSearch(NAME, STEPS, depth=True)

# A marked tile's grid byte: the next direction to try (free floor is 0, wall is 1).
_UP, _RIGHT, _DOWN, _LEFT, _NONE_LEFT = 2, 3, 4, 5, 6


def explore(maze: Maze, start: Pos, goal: Pos) -> Iterator[Union[Event, Solution]]:
    """Search with an explicit stack from ``start`` to ``goal``, yielding events then a Solution."""
    if has_keys(maze):
        return KEYED.explore(maze, start, goal)
    return _search(flatten(maze, start, goal))  # the ends are checked before the first next()


def _search(flat: FlatGrid) -> Iterator[Union[Event, Solution]]:
    """Run the search on a checked flat grid."""
    grid, w, s, g = flat.cells, flat.width, flat.start, flat.goal
    grid[s] = _UP
    yield (VISIT, *flat.pos(s))
    boxes = array(flat.typecode, [s])  # machine ints: a fraction of a list's memory
    push, pop = boxes.append, boxes.pop
    t = s
    while s != g:
        d = grid[t]
        if d == _UP:
            n = t - w
            if not grid[n]:
                grid[t] = _RIGHT
                grid[n] = _UP
                push(n)
                r = n // w
                yield (VISIT, r, n - r * w)
                if n == g:
                    break
                t = n
                continue
            d = _RIGHT
        if d == _RIGHT:
            n = t + 1
            if not grid[n]:
                grid[t] = _DOWN
                grid[n] = _UP
                push(n)
                r = n // w
                yield (VISIT, r, n - r * w)
                if n == g:
                    break
                t = n
                continue
            d = _DOWN
        if d == _DOWN:
            n = t + w
            if not grid[n]:
                grid[t] = _LEFT
                grid[n] = _UP
                push(n)
                r = n // w
                yield (VISIT, r, n - r * w)
                if n == g:
                    break
                t = n
                continue
            d = _LEFT
        if d == _LEFT:
            n = t - 1
            if not grid[n]:
                grid[t] = _NONE_LEFT
                grid[n] = _UP
                push(n)
                r = n // w
                yield (VISIT, r, n - r * w)
                if n == g:
                    break
                t = n
                continue
        grid[t] = _NONE_LEFT
        pop()  # a dead end
        r = t // w
        yield (BACKTRACK, r, t - r * w)
        if not boxes:
            yield from finish(NAME, flat, None, flat.marked())
            return
        t = boxes[-1]
        r = t // w
        yield (EXPAND, r, t - r * w)  # back to the tile before: it looks on from there
    yield from finish(NAME, flat, boxes, flat.marked())


def run(flat: FlatGrid) -> tuple[Optional[Sequence[int]], int]:
    """Run the search without events; return the trail (flat indices) or None, and visited."""
    w = flat.width
    return depth_first(flat, (-w, 1, w, -1))  # up, right, down, left


def run_sliced(flat: FlatGrid, every: int
               ) -> Generator[None, None, tuple[Optional[Sequence[int]], int]]:
    """Run :func:`run` a slice at a time: yield None every ``every`` steps, return its answer."""
    w = flat.width
    return depth_first_sliced(flat, (-w, 1, w, -1), every)  # up, right, down, left


#: Its pseudo-code in the lab, and the line each event runs.
CODE = Pseudocode((
    "push a box (start, up), mark the start",
    "look at the top box",
    "  next direction free: push a box, mark",
    "  no direction left: pop it (dead end)",
    "  look on from the box below",
    "the top box is the goal: the boxes are the path",
), {VISIT: 3, BACKTRACK: 4, EXPAND: 5, FOUND: 6})
INFO = SolverInfo(NAME, "Explicit stack", "STACK", explore, shortest=False, run=run,
                  backtracks=True, code=CODE)
