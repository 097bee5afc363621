"""The solvers, one module each, and the registry the game, CLI and tests use.

A solver is ``explore(maze, start, goal)``: it checks its ends at once (ValueError for
a start or goal off the grid or on a wall) and returns a generator yielding
``(kind, row, col)`` events (see :mod:`game.maze.solvers.base`) and finally one
:class:`Solution`.  Each module declares its entry, ``INFO``
(:class:`~game.maze.registry.SolverInfo`: name, labels, ``explore``); ``SOLVERS`` holds
them by name.
"""

from __future__ import annotations

from collections import deque
from typing import Optional

from game.maze.grid import Maze, Pos
from game.maze.registry import SolverInfo
from game.maze.solvers import bfs, dfs, stack
from game.maze.solvers.base import BACKTRACK, FOUND, VISIT, Event, Explore, Solution

_MODULES = (bfs, dfs, stack)
#: Every solver by name, in the hint's order (keys 1, 2, 3...): a new one is a module here.
SOLVERS: dict[str, SolverInfo] = {module.INFO.name: module.INFO for module in _MODULES}
#: The solver of a search nobody chose one for.
DEFAULT = bfs.NAME

__all__ = [
    "BACKTRACK",
    "DEFAULT",
    "FOUND",
    "SOLVERS",
    "VISIT",
    "Event",
    "Explore",
    "Solution",
    "solve",
]


def solve(
    maze: Maze, solver: str = DEFAULT, start: Optional[Pos] = None, goal: Optional[Pos] = None
) -> Solution:
    """Run ``solver`` to the end and return its Solution (ends default to the maze's)."""
    try:
        explore = SOLVERS[solver].explore
    except (KeyError, TypeError):
        valid = ", ".join(SOLVERS)
        raise ValueError(f"unknown solver {solver!r} (expected one of: {valid})") from None
    run = explore(maze, maze.start if start is None else start, maze.goal if goal is None else goal)
    last = deque(run, maxlen=1)  # drain in C; the last item is the Solution
    result = last[0]
    assert isinstance(result, Solution)
    return result
