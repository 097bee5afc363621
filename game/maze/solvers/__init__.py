"""The solvers, one module each, and the registry the game, CLI and tests use.

A solver is ``explore(maze, start, goal)``: it checks its ends at once (ValueError for
a start or goal off the grid or on a wall) and returns a generator yielding
``(kind, row, col)`` events (see :mod:`game.maze.solvers.base`) and finally one
:class:`Solution`.  Each module declares its entry, ``INFO``
(:class:`~game.maze.registry.SolverInfo`: name, labels, ``explore``); ``SOLVERS`` holds
them by name.
"""

from __future__ import annotations

from typing import Iterator, Optional, Union

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
from game.maze.solvers.keyed import has_keys

_MODULES = (bfs, dfs, stack, astar, greedy, bidirectional, dijkstra, wall_follower, tremaux,
            dead_end_filling)
#: Every solver by name, in the hint's order (keys 1, 2, 3...): a new one is a module here.
SOLVERS: dict[str, SolverInfo] = {module.INFO.name: module.INFO for module in _MODULES}
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
    "solve",
    "solve_marked",
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


def solve_marked(
    maze: Maze, solver: str, start: Pos, goal: Pos
) -> Optional[tuple[Solution, np.ndarray]]:
    """Run ``solver`` without events; return its Solution and where it left marks.

    The marks are a (rows, cols) bool array: the tiles its VISIT events would have
    named.  None when the solver has no event-free ``run`` (drain its events instead).
    """
    quiet = _run_quietly(maze, solver, start, goal)
    return None if quiet is None else (quiet[1], quiet[0].marks(maze.rows))


def _run_quietly(
    maze: Maze, solver: str, start: Pos, goal: Pos
) -> Optional[tuple[FlatGrid, Solution]]:
    """Run ``solver``'s event-free search; return its marked grid and Solution, or None.

    None when it has no ``run``, or the maze has keys (the keyed searches have none).
    """
    run = SOLVERS[solver].run
    if run is None or has_keys(maze):
        return None
    flat = flatten(maze, start, goal)
    trail, visited = run(flat)
    return flat, solution(solver, flat, trail, visited)
