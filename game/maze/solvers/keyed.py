"""Searches over (tile, keys held): what the solvers run on a maze with keys and doors.

Stepping onto a key tile picks its key up for good; a door tile can be entered only
while holding its colour's key.  A state is a tile and the set of keys held (a bit mask
of the four colours), so a walk may pass a tile more than once -- to fetch a key and come
back.  Each solver keeps its own probe order and marking rule, state by state:

* :func:`breadth_first` marks a state as it is queued; the first walk to reach the goal,
  with whatever keys, has the fewest moves.
* :func:`depth_first` enters the first free neighbour state and backtracks from dead
  ends (dfs and stack, with their probe orders); its walk is legal, not the shortest.

Events are those of the plain solvers: VISIT when a state is marked, BACKTRACK when one is
abandoned (both name the tile), FOUND, then a Solution whose ``keys`` lists the colours
in the order the walk picks them up.  Mazes without keys or doors never come here (see
:func:`has_keys`), so they keep the plain searches, events and fast paths.
"""

from __future__ import annotations

from array import array
from collections import deque
from dataclasses import dataclass
from typing import Generator, Iterator, Optional, Sequence, Union

import numpy as np

from game.maze import tiles as kinds
from game.maze.grid import Maze, Pos
from game.maze.solvers.base import BACKTRACK, FOUND, VISIT, Event, Solution
from game.maze.solvers.keyed_grid import (  # the grid the searches walk, and its tables
    _KEY_TAKEN, _ORIGIN, KeyedGrid, KeyedTables, flatten_keyed, has_keys, keyed_tables, paced,
    with_keys_held,
)
from game.maze.solvers.keyed_depth import depth_first_quiet
from game.maze.solvers.keyed_levels import LevelSearch


def breadth_first(
    name: str, maze: Maze, start: Pos, goal: Pos, steps: Sequence[Pos],
    tables: Optional[KeyedTables] = None,
) -> Iterator[Union[Event, Solution]]:
    """Search (tile, keys) breadth-first, probing ``steps`` in order; yield events, a Solution."""
    grid = flatten_keyed(maze, start, goal, tables)  # the ends are checked before the first next()
    return _breadth_first(name, grid, _flat_steps(steps, grid.width))


def _breadth_first(name: str, grid: KeyedGrid, steps: tuple[int, ...]) -> Iterator[Union[Event, Solution]]:
    """Run the breadth-first search on a checked keyed grid."""
    blocked, key, lock, s, g = grid.blocked, grid.key, grid.lock, grid.start, grid.goal
    width = grid.width
    held = key[s]
    grid.layer(held)[s] = _ORIGIN
    yield (VISIT, *grid.pos(s))
    end: Optional[tuple[int, int]] = (s, held) if s == g else None
    queue = deque([(s, held)])
    while queue and end is None:
        p, held = queue.popleft()
        here = grid.layers[held]  # the layer of most steps: those that take no new key
        for way, step in enumerate(steps):
            n = p + step
            if blocked[n] or lock[n] & ~held:
                continue
            now = held | key[n]
            marks = here if now == held else grid.layer(now)
            if marks[n]:
                continue
            marks[n] = (way + 1) | (_KEY_TAKEN if now != held else 0)
            r, c = divmod(n, width)
            yield (VISIT, r, c)
            if n == g:
                end = (n, now)
                break
            queue.append((n, now))
    trail = None if end is None else _bfs_trail(grid, steps, *end)
    yield from _finish(name, grid, trail)


def _bfs_trail(grid: KeyedGrid, steps: tuple[int, ...], n: int, held: int) -> array[int]:
    """Walk the marks back from state (n, held) to the start; return the tiles start to end."""
    walk = _bfs_walk(grid, steps, n, held, 1 << 62)
    while True:
        try:
            next(walk)
        except StopIteration as done:
            trail: array[int] = done.value
            return trail


def _bfs_walk(grid: KeyedGrid, steps: tuple[int, ...], n: int, held: int, every: int
              ) -> Generator[None, None, array[int]]:
    """Return :func:`_bfs_trail`'s trail, yielding None every ``every`` tiles walked back.

    An array, not a list: a long trail's hundreds of thousands of int objects took
    milliseconds to free in the frame the search ended.
    """
    trail = array("q", [n])
    layers, key = grid.layers, grid.key
    marks = layers[held]
    mark = marks[n]
    left = every
    while mark != _ORIGIN:
        if mark & _KEY_TAKEN:
            held &= ~key[n]
            marks = layers[held]
        n -= steps[(mark & 0x0F) - 1]
        trail.append(n)
        mark = marks[n]
        left -= 1
        if not left:
            yield None
            left = every
    trail.reverse()
    return trail


def depth_first(
    name: str, maze: Maze, start: Pos, goal: Pos, steps: Sequence[Pos],
    tables: Optional[KeyedTables] = None,
) -> Iterator[Union[Event, Solution]]:
    """Search (tile, keys) depth-first, probing ``steps`` in order; yield events, a Solution."""
    grid = flatten_keyed(maze, start, goal, tables)  # the ends are checked before the first next()
    return _depth_first(name, grid, _flat_steps(steps, grid.width))


def _depth_first(name: str, grid: KeyedGrid, steps: tuple[int, ...]) -> Iterator[Union[Event, Solution]]:
    """Run the depth-first search on a checked keyed grid.

    As in the plain search, a state the search comes back to probes again from its first
    step: every step it tried before is marked now or was never open.
    """
    blocked, key, lock, s, g = grid.blocked, grid.key, grid.lock, grid.start, grid.goal
    width = grid.width
    held = key[s]
    grid.layer(held)[s] = 1
    yield (VISIT, *grid.pos(s))
    frames = [(s, held)]
    t = s
    while t != g:
        here = grid.layers[held]  # the layer of most steps: those that take no new key
        for step in steps:
            n = t + step
            if blocked[n] or lock[n] & ~held:
                continue
            now = held | key[n]
            marks = here if now == held else grid.layer(now)
            if marks[n]:
                continue
            marks[n] = 1
            frames.append((n, now))
            r, c = divmod(n, width)
            yield (VISIT, r, c)
            t, held = n, now
            break
        else:
            frames.pop()  # a dead end: back to the state before
            yield (BACKTRACK, *grid.pos(t))
            if not frames:
                yield from _finish(name, grid, None)
                return
            t, held = frames[-1]
    yield from _finish(name, grid, [n for n, _ in frames])


def run_breadth_first(name: str, maze: Maze, start: Pos, goal: Pos, steps: Sequence[Pos],
                      tables: Optional[KeyedTables] = None) -> tuple[KeyedGrid, Solution]:
    """Run :func:`breadth_first` without events; return its marked grid and Solution.

    The same states are marked in the same order, and so the same walk and visited
    count, a level at a time: a level of few states goes state by state as the
    generator does, a wide one in a few numpy passes over the whole level.  A level
    is the queue's states one move from the start more than the level before, in queue
    order, so each of its states is marked by the first of its parents, probing in
    step order, exactly as the queue would.
    """
    grid = flatten_keyed(maze, start, goal, tables)
    flat = _flat_steps(steps, grid.width)
    levels = _bfs_levels(grid, flat, 1 << 62)
    for _ in levels:
        pass
    return grid, _solution(name, grid, _bfs_end(grid, flat, levels))


def sliced_breadth_first(name: str, maze: Maze, start: Pos, goal: Pos, steps: Sequence[Pos],
                         *, every: int = 1, tables: Optional[KeyedTables] = None) -> Iterator[Optional[Solution]]:
    """Run :func:`run_breadth_first` a slice at a time; yield None per slice, then the Solution.

    A slice is ``every`` states (a wide level is done at once).

    What a caller without a spare thread steps a few slices a frame (the run's optimal
    route); the ends are checked at once.
    """
    grid = flatten_keyed(maze, start, goal, tables)
    return _sliced(name, grid, _flat_steps(steps, grid.width), every)


def _sliced(name: str, grid: KeyedGrid, steps: tuple[int, ...], every: int
            ) -> Iterator[Optional[Solution]]:
    """Run the level search on a checked keyed grid, a slice at a time."""
    levels = _bfs_levels(grid, steps, every)
    yield from levels
    trail = None
    if levels.end is not None:
        trail = yield from _bfs_walk(grid, steps, *levels.end, every)
    found = yield from _solution_sliced(name, grid, trail, every)
    yield from levels.release()
    yield found


def _bfs_end(grid: KeyedGrid, steps: tuple[int, ...], levels: LevelSearch
             ) -> Optional[array[int]]:
    """Return the trail of a finished level search (None: no path)."""
    return None if levels.end is None else _bfs_trail(grid, steps, *levels.end)


_bfs_levels = LevelSearch


def run_depth_first(name: str, maze: Maze, start: Pos, goal: Pos, steps: Sequence[Pos],
                    tables: Optional[KeyedTables] = None) -> tuple[KeyedGrid, Solution]:
    """Run :func:`depth_first` without events; return its marked grid and Solution."""
    grid = flatten_keyed(maze, start, goal, tables)
    search = _depth_first_quiet(name, grid, _flat_steps(steps, grid.width), 1 << 62)
    while True:
        try:
            next(search)
        except StopIteration as done:
            answer: tuple[KeyedGrid, Solution] = done.value
            return answer


def sliced_run(name: str, maze: Maze, start: Pos, goal: Pos, steps: Sequence[Pos], *,
               depth: bool, every: int, tables: Optional[KeyedTables] = None
               ) -> Generator[None, None, tuple[KeyedGrid, Solution]]:
    """Run the event-free search a slice at a time; return its marked grid and Solution.

    ``depth``: depth-first, else breadth-first; it yields None every ``every`` states or so.
    """
    grid = flatten_keyed(maze, start, goal, tables)  # the ends are checked at once
    flat = _flat_steps(steps, grid.width)
    if depth:
        return _depth_first_quiet(name, grid, flat, every)
    return _breadth_first_quiet(name, grid, flat, every)


@dataclass(frozen=True)
class KeyedSearch:
    """A solver's own search over (tile, keys held): its name, probe order and kind.

    ``depth``: depth-first (dfs, stack), else breadth-first (bfs).  Its events, its run
    without events and that run a slice at a time are the same walk.
    """

    name: str
    steps: tuple[Pos, ...]
    depth: bool

    def explore(self, maze: Maze, start: Pos, goal: Pos,
                tables: Optional[KeyedTables] = None) -> Iterator[Union[Event, Solution]]:
        """Search (tile, keys) on ``maze`` (laid out as ``tables``, if given); yield events, a Solution."""
        search = depth_first if self.depth else breadth_first
        return search(self.name, maze, start, goal, self.steps, tables)

    def run(self, maze: Maze, start: Pos, goal: Pos,
            tables: Optional[KeyedTables] = None) -> tuple[KeyedGrid, Solution]:
        """Run the search without events; return its marked grid and Solution."""
        run = run_depth_first if self.depth else run_breadth_first
        return run(self.name, maze, start, goal, self.steps, tables)

    def sliced(self, maze: Maze, start: Pos, goal: Pos, tables: Optional[KeyedTables],
               every: int) -> Generator[None, None, tuple[KeyedGrid, Solution]]:
        """Run the search without events a slice at a time (see :func:`sliced_run`)."""
        return sliced_run(self.name, maze, start, goal, self.steps, depth=self.depth,
                          every=every, tables=tables)


def _breadth_first_quiet(name: str, grid: KeyedGrid, steps: tuple[int, ...], every: int
                         ) -> Generator[None, None, tuple[KeyedGrid, Solution]]:
    """Run the level search on a checked keyed grid a slice at a time; return grid, Solution."""
    levels = _bfs_levels(grid, steps, every)
    yield from levels
    trail = None
    if levels.end is not None:  # a long walk back is a slice's work or more
        trail = yield from _bfs_walk(grid, steps, *levels.end, every)
    found = yield from _solution_sliced(name, grid, trail, every)
    yield from levels.release()  # the union is kept: the grid's marks read it
    return grid, found


def _depth_first_quiet(name: str, grid: KeyedGrid, steps: tuple[int, ...], every: int
                       ) -> Generator[None, None, tuple[KeyedGrid, Solution]]:
    """Run the depth-first search on a checked keyed grid without events, a slice at a time."""
    trail = yield from depth_first_quiet(grid, grid.spots, steps, every)
    return grid, (yield from _solution_sliced(name, grid, trail, every))


def _flat_steps(steps: Sequence[Pos], width: int) -> tuple[int, ...]:
    """Return ``(drow, dcol)`` steps as flat-index offsets."""
    return tuple(dr * width + dc for dr, dc in steps)


def _finish(name: str, grid: KeyedGrid, trail: Optional[Sequence[int]]) -> Iterator[Union[Event, Solution]]:
    """Yield the end of a search: FOUND when ``trail`` is given, then the Solution."""
    if trail is not None:
        yield (FOUND, *grid.pos(grid.goal))
    yield _solution(name, grid, trail)


#: Trail tiles turned into (row, col) at a time once a search is over: a sliced search
#: yields after each part, and a search on another thread lets the GIL go between two.
POSITIONS_SLICE = 2_000
#: Trail tiles turned into positions in the time one state takes.
POSITIONS_PER_STATE = 4


def _solution_sliced(name: str, grid: KeyedGrid, trail: Optional[Sequence[int]], every: int
                     ) -> Generator[None, None, Solution]:
    """Return :func:`_solution`'s Solution, a long trail turned into positions a slice at a time.

    It yields None once per ``every`` states' worth of work (see keyed_grid.paced).
    """
    yield from grid.seen_sliced(every=every)  # the marks' union, kept for the count and marks
    return (yield from _solution_parts(name, grid, trail, every))


def _solution_parts(name: str, grid: KeyedGrid, trail: Optional[Sequence[int]], every: int
                    ) -> Generator[None, None, Solution]:
    """Return the Solution of a search that found ``trail``, built a part of the trail at a time.

    Its positions and the keys it picks up, :data:`POSITIONS_SLICE` tiles a part: each
    part is one numpy pass and a list of positions (a whole trail of a big maze in one C
    call held the GIL for a third of a second); it yields None once per ``every`` states'
    worth of work (see keyed_grid.paced).
    """
    path: Optional[list[Pos]] = None
    keys: list[str] = []
    if trail is not None:
        path = []
        key = np.frombuffer(grid.key, dtype=np.uint8)
        held = 0
        for start in range(0, len(trail), POSITIONS_SLICE):
            part = np.asarray(trail[start : start + POSITIONS_SLICE], dtype=np.int64)
            rows, cols = np.divmod(part, grid.width)
            path.extend(zip(rows.tolist(), cols.tolist()))
            given = key[part]
            for bit in given[given != 0].tolist():  # the part's key tiles: few
                if bit & ~held:
                    held |= bit
                    keys.append(kinds.colour(bit))
            if start + POSITIONS_SLICE < len(trail):
                yield from paced(POSITIONS_SLICE // POSITIONS_PER_STATE, every)
    return Solution(name, path, grid.marked(), grid.pos(grid.start), grid.pos(grid.goal),
                    tuple(keys))


def _solution(name: str, grid: KeyedGrid, trail: Optional[Sequence[int]]) -> Solution:
    """Return the Solution of a search that found ``trail`` (None: no path)."""
    parts = _solution_parts(name, grid, trail, 1 << 62)
    while True:
        try:
            next(parts)
        except StopIteration as done:
            found: Solution = done.value
            return found
