"""Depth-first search with backtracking: seed 003's recursive solver, without recursion.

1. Enter the start: mark it.
2. From the tile being explored, probe **down, right, up, left**; enter the first free
   neighbour (mark it) and explore from there, as a recursive call would.
3. When a tile has no free neighbour left, abandon it (backtrack) and resume its parent
   (expand: it looks on from there).
4. Stop when the goal is entered: the chain of open frames is the path.

Each frame is just the tile on an explicit stack, so a path of millions of tiles costs no
Python recursion.  A frame needs no "next direction": when it resumes, every direction it
already tried is marked or was never free, so probing again from "down" finds the same
next neighbour the recursive call would.  Marked tiles stay marked (the seed un-marks on
the way back, which is exponential on mazes with loops).  :func:`run` is the same
search without events.
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

NAME = "dfs"
#: The probe order: down, right, up, left.
STEPS = ((1, 0), (0, 1), (-1, 0), (0, -1))
#: Its search over (tile, keys held) on a maze with keys: depth-first, in its probe order.
KEYED = KeyedSearch(NAME, STEPS, depth=True)

_MARKED = 2


def explore(maze: Maze, start: Pos, goal: Pos) -> Iterator[Union[Event, Solution]]:
    """Search depth-first from ``start`` to ``goal``, yielding events then a Solution."""
    if has_keys(maze):
        return KEYED.explore(maze, start, goal)
    return _search(flatten(maze, start, goal))  # the ends are checked before the first next()


def _search(flat: FlatGrid) -> Iterator[Union[Event, Solution]]:
    """Run the search on a checked flat grid."""
    grid, w, s, g = flat.cells, flat.width, flat.start, flat.goal
    grid[s] = _MARKED
    yield (VISIT, *flat.pos(s))
    frames = array(flat.typecode, [s])  # machine ints: a fraction of a list's memory
    append, pop = frames.append, frames.pop
    t = s
    while s != g:
        n = t + w  # down
        if not grid[n]:
            grid[n] = _MARKED
            append(n)
            r = n // w
            yield (VISIT, r, n - r * w)
            if n == g:
                break
            t = n
            continue
        n = t + 1  # right
        if not grid[n]:
            grid[n] = _MARKED
            append(n)
            r = n // w
            yield (VISIT, r, n - r * w)
            if n == g:
                break
            t = n
            continue
        n = t - w  # up
        if not grid[n]:
            grid[n] = _MARKED
            append(n)
            r = n // w
            yield (VISIT, r, n - r * w)
            if n == g:
                break
            t = n
            continue
        n = t - 1  # left
        if not grid[n]:
            grid[n] = _MARKED
            append(n)
            r = n // w
            yield (VISIT, r, n - r * w)
            if n == g:
                break
            t = n
            continue
        pop()  # a dead end: return from this frame
        r = t // w
        yield (BACKTRACK, r, t - r * w)
        if not frames:
            yield from finish(NAME, flat, None, flat.marked())
            return
        t = frames[-1]
        r = t // w
        yield (EXPAND, r, t - r * w)  # back to the tile before: it looks on from there
    yield from finish(NAME, flat, frames, flat.marked())


def run(flat: FlatGrid) -> tuple[Optional[Sequence[int]], int]:
    """Run the search without events; return the trail (flat indices) or None, and visited."""
    w = flat.width
    return depth_first(flat, (w, 1, -w, -1))  # down, right, up, left


def run_sliced(flat: FlatGrid, every: int
               ) -> Generator[None, None, tuple[Optional[Sequence[int]], int]]:
    """Run :func:`run` a slice at a time: yield None every ``every`` steps, return its answer."""
    w = flat.width
    return depth_first_sliced(flat, (w, 1, -w, -1), every)  # down, right, up, left


#: Its pseudo-code in the lab, and the line each event runs.
CODE = Pseudocode((
    "enter the start, mark it",
    "probe down, right, up, left",
    "  free: enter it, mark it, go on from it",
    "  none left: abandon the tile (backtrack)",
    "  go on from the tile before",
    "the goal entered: the open tiles are the path",
), {VISIT: 3, BACKTRACK: 4, EXPAND: 5, FOUND: 6})
INFO = SolverInfo(NAME, "Depth-first (dfs)", "DFS", explore, shortest=False, run=run,
                  backtracks=True, code=CODE)
