"""The solvers, one module each, and the registry the game, CLI and tests use.

A solver is ``explore(maze, start, goal)``: it checks its ends at once (ValueError for
a start or goal off the grid or on a wall) and returns a generator yielding
``(kind, row, col)`` events (see :mod:`game.maze.solvers.base`) and finally one
:class:`Solution`.
"""

from __future__ import annotations

from typing import Optional

from game.maze.grid import Maze, Pos
from game.maze.solvers import bfs, dfs, stack
from game.maze.solvers.base import (
    BACKTRACK,
    FOUND,
    VISIT,
    Event,
    Explore,
    Run,
    Solution,
    flatten,
    solution,
)

_MODULES = (bfs, dfs, stack)
SOLVERS: dict[str, Explore] = {module.NAME: module.explore for module in _MODULES}
#: The same searches without events, for solve().
_RUNS: dict[str, Run] = {module.NAME: module.run for module in _MODULES}

__all__ = [
    "BACKTRACK",
    "FOUND",
    "SOLVERS",
    "VISIT",
    "Event",
    "Explore",
    "Solution",
    "solve",
]


def solve(
    maze: Maze, solver: str = "bfs", start: Optional[Pos] = None, goal: Optional[Pos] = None
) -> Solution:
    """Run ``solver`` to the end and return its Solution (ends default to the maze's).

    The answer is the one draining ``SOLVERS[solver]`` gives, found without the events.
    """
    try:
        run = _RUNS[solver]
    except (KeyError, TypeError):
        valid = ", ".join(SOLVERS)
        raise ValueError(f"unknown solver {solver!r} (expected one of: {valid})") from None
    start = maze.start if start is None else start
    goal = maze.goal if goal is None else goal
    flat = flatten(maze, start, goal)
    trail, visited = run(flat)
    return solution(solver, flat, trail, visited)
