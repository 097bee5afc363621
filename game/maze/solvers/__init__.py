"""The solvers, one module each, and the registry the game, CLI and tests use.

A solver is ``explore(maze, start, goal)``: it checks its ends at once (ValueError for
a start or goal off the grid or on a wall) and returns a generator yielding
``(kind, row, col)`` events (see :mod:`game.maze.solvers.base`) and finally one
:class:`Solution`.
"""

from __future__ import annotations

from collections import deque
from typing import Optional

from game.maze.grid import Maze, Pos
from game.maze.solvers import bfs, dfs, stack
from game.maze.solvers.base import BACKTRACK, FOUND, VISIT, Event, Explore, Solution

SOLVERS: dict[str, Explore] = {
    bfs.NAME: bfs.explore,
    dfs.NAME: dfs.explore,
    stack.NAME: stack.explore,
}

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
    """Run ``solver`` to the end and return its Solution (ends default to the maze's)."""
    try:
        explore = SOLVERS[solver]
    except (KeyError, TypeError):
        valid = ", ".join(SOLVERS)
        raise ValueError(f"unknown solver {solver!r} (expected one of: {valid})") from None
    run = explore(maze, maze.start if start is None else start, maze.goal if goal is None else goal)
    last = deque(run, maxlen=1)  # drain in C; the last item is the Solution
    result = last[0]
    assert isinstance(result, Solution)
    return result
