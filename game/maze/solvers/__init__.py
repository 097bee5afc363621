"""The solvers, one module each, and the registry the game, CLI and tests use.

A solver is ``explore(maze, start, goal)``: it checks its ends at once (ValueError for
a start or goal off the grid or on a wall) and returns a generator yielding
``(kind, row, col)`` events (see :mod:`game.maze.solvers.base`) and finally one
:class:`Solution`.  Each module declares its entry, ``INFO``
(:class:`~game.maze.registry.SolverInfo`: name, labels, ``explore``); ``SOLVERS`` holds
them by name.
"""

from __future__ import annotations

from typing import Callable, Generator, Iterator, Optional, Sequence, Union

import numpy as np

from game.maze.grid import Maze, Pos
from game.maze.registry import SolverInfo
from game.maze.solvers import (
    astar, bfs, bidirectional, dead_end_filling, dfs, dijkstra, greedy, stack, tremaux,
    wall_follower,
)
from game.maze.solvers.base import (
    BACKTRACK,
    EVENT_NAMES,
    EXPAND,
    FOUND,
    VISIT,
    Event,
    Explore,
    FlatGrid,
    Run,
    Solution,
    flatten,
    solution,
)
from game.maze.solvers.keyed import (KeyedGrid, KeyedSearch, KeyedTables, has_keys,
                                     sliced_breadth_first)

_MODULES = (bfs, dfs, stack, astar, greedy, bidirectional, dijkstra, wall_follower, tremaux,
            dead_end_filling)
#: Trail tiles a sliced search turns into (row, col) per slice once it is over.
POSITIONS_SLICE = 20_000
#: Every solver by name, in the hint's order (keys 1, 2, 3...): a new one is a module here.
SOLVERS: dict[str, SolverInfo] = {module.INFO.name: module.INFO for module in _MODULES}
#: Each solver's search without events a slice at a time, by name (plain).
_SLICED: dict[str, Callable[[FlatGrid, int],
                            Generator[None, None, tuple[Optional[Sequence[int]], int]]]] = {
    module.NAME: module.run_sliced for module in _MODULES if hasattr(module, "run_sliced")}
#: The solvers with a keyed search of their own (events, a run without, sliced), by name;
#: the others lay a maze with keys out themselves, breadth-first.
_KEYED: dict[str, KeyedSearch] = {module.NAME: module.KEYED for module in (bfs, dfs, stack)}
#: The solver of a search nobody chose one for.
DEFAULT = bfs.NAME

__all__ = [
    "BACKTRACK",
    "DEFAULT",
    "EVENT_NAMES",
    "EXPAND",
    "FOUND",
    "SOLVERS",
    "VISIT",
    "Event",
    "Explore",
    "Solution",
    "can_solve",
    "drain",
    "explore_keyed",
    "solve",
    "shortest_slices",
    "solve_marked",
    "solve_marked_sliced",
]


def can_solve(solver: str, maze: Maze) -> bool:
    """Return True when ``solver`` can search ``maze`` (one that cannot use keys: no keys)."""
    return SOLVERS[solver].keys or not has_keys(maze)


def drain(search: Iterator[Union[Event, Solution]]) -> Solution:
    """Pull every event out of ``search`` and return the Solution it ends with."""
    for item in search:
        if isinstance(item, Solution):
            return item
    raise RuntimeError("a solver ended without a Solution")


def solve(
    maze: Maze, solver: str = DEFAULT, start: Optional[Pos] = None, goal: Optional[Pos] = None
) -> Solution:
    """Run ``solver`` to the end and return its Solution (ends default to the maze's).

    The answer is the one draining the solver's ``explore`` gives, found without the
    events when the solver has a ``run``.
    """
    try:
        info = SOLVERS[solver]
    except (KeyError, TypeError):
        valid = ", ".join(SOLVERS)
        raise ValueError(f"unknown solver {solver!r} (expected one of: {valid})") from None
    start = maze.start if start is None else start
    goal = maze.goal if goal is None else goal
    quiet = _run_quietly(maze, solver, start, goal)
    return drain(info.explore(maze, start, goal)) if quiet is None else quiet[1]


def shortest_slices(maze: Maze, start: Pos, goal: Pos, *,
                    tables: Optional[KeyedTables] = None) -> Iterator[object]:
    """Return the shortest-path solver's search as items to take a few a tick, its Solution last.

    Its events, one state each; on a maze with keys, slices of a few states of its
    event-free search instead (a keyed search marks many more states than tiles), on
    ``tables`` when the maze is laid out already.
    """
    info = next(info for info in SOLVERS.values() if info.shortest)
    if tables is not None or has_keys(maze):  # tables: laid out for its keys (no scan)
        return sliced_breadth_first(info.name, maze, start, goal, bfs.STEPS, tables=tables)
    return info.explore(maze, start, goal)


def explore_keyed(solver: str, maze: Maze, start: Pos, goal: Pos,
                  tables: KeyedTables) -> Iterator[Union[Event, Solution]]:
    """Return ``solver``'s explore on a maze with keys, laid out already as ``tables``.

    The same events and Solution as ``SOLVERS[solver].explore(maze, start, goal)``; a
    caller searching one maze often (the hint, on every move) lays it out once.
    """
    keyed = _KEYED.get(solver)
    if keyed is None:  # a solver without its own keyed search lays the maze out itself
        return SOLVERS[solver].explore(maze, start, goal)
    return keyed.explore(maze, start, goal, tables)


def solve_marked(
    maze: Maze, solver: str, start: Pos, goal: Pos, *, tables: Optional[KeyedTables] = None
) -> Optional[tuple[Solution, np.ndarray]]:
    """Run ``solver`` without events; return its Solution and where it left marks.

    The marks are a (rows, cols) bool array: the tiles its VISIT events would have
    named.  None when the solver has no event-free ``run`` (drain its events instead).
    On a maze with keys, ``tables`` is the maze laid out already (see explore_keyed).
    """
    quiet = _run_quietly(maze, solver, start, goal, tables)
    return None if quiet is None else (quiet[1], quiet[0].marks(maze.rows))


def solve_marked_sliced(
    maze: Maze, solver: str, start: Pos, goal: Pos, *, every: int,
    tables: Optional[KeyedTables] = None,
) -> Optional[Generator[None, None, tuple[Solution, np.ndarray]]]:
    """Return :func:`solve_marked` as a search to run a slice at a time (None: no run).

    It yields None every ``every`` states or so and returns the Solution and marks
    solve_marked gives: what a frame with a time box runs (Space on a big maze).  The
    ends are checked at once.
    """
    if tables is not None or has_keys(maze):  # a scan of a big maze is a frame's time
        keyed = _KEYED.get(solver)
        if keyed is None:
            return None
        return _marked(keyed.sliced(maze, start, goal, tables, every), maze.rows)
    sliced = _SLICED.get(solver)
    if sliced is None:
        return None
    flat = flatten(maze, start, goal)
    return _plain_marked(solver, flat, sliced(flat, every), maze.rows)


def _marked(search: Generator[None, None, tuple[KeyedGrid, Solution]], rows: int
            ) -> Generator[None, None, tuple[Solution, np.ndarray]]:
    """Run a sliced keyed search; return its Solution and marks."""
    grid, found = yield from search
    return found, grid.marks(rows)


def _plain_marked(solver: str, flat: FlatGrid,
                  search: Generator[None, None, tuple[Optional[Sequence[int]], int]], rows: int
                  ) -> Generator[None, None, tuple[Solution, np.ndarray]]:
    """Run a sliced plain search; return its Solution and marks."""
    trail, visited = yield from search
    if trail is None or len(trail) <= POSITIONS_SLICE:
        return solution(solver, flat, trail, visited), flat.marks(rows)
    path: list[Pos] = []
    for i in range(0, len(trail), POSITIONS_SLICE):  # a long trail in slices: a frame's share each
        path.extend(flat.positions(trail[i : i + POSITIONS_SLICE]))
        yield None
    return Solution(solver, path, visited, flat.pos(flat.start), flat.pos(flat.goal)), flat.marks(rows)


def _run_quietly(
    maze: Maze, solver: str, start: Pos, goal: Pos, tables: Optional[KeyedTables] = None
) -> Optional[tuple[Union[FlatGrid, KeyedGrid], Solution]]:
    """Run ``solver``'s event-free search; return its marked grid and Solution, or None.

    None when it has no ``run``.  A maze with keys takes the solver's keyed search
    without events (its ``KeyedSearch.run``): the same walk, visited count and marks.
    """
    if tables is not None or has_keys(maze):
        keyed = _KEYED.get(solver)
        return None if keyed is None else keyed.run(maze, start, goal, tables)
    run = SOLVERS[solver].run
    if run is None:
        return None
    flat = flatten(maze, start, goal)
    trail, visited = run(flat)
    return flat, solution(solver, flat, trail, visited)
