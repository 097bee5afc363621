"""What every solver yields: exploration events, then one Solution.

A solver is a Python generator ``explore(maze, start, goal)``.  It yields events as
plain tuples ``(kind, row, col)`` -- cheap enough to yield millions of -- and its last
item is a :class:`Solution`.  ``solve()`` drains it; the game's hint overlay pulls a
few events per frame to animate the search.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterator, Optional, Union

from game.maze.grid import Maze, Pos

#: A tile was marked (enqueued for bfs, entered for dfs, pushed for stack).
VISIT = 0
#: A tile was abandoned on backtrack (dfs and stack only); it stays marked.
BACKTRACK = 1
#: The goal was reached; the Solution follows.
FOUND = 2

Event = tuple[int, int, int]


@dataclass(frozen=True)
class Solution:
    """The answer of one solver run."""

    solver: str
    path: Optional[list[Pos]]  # start .. goal inclusive, None when there is no path
    visited: int  # distinct tiles marked when the solver stopped, start included
    start: Pos
    goal: Pos

    @property
    def found(self) -> bool:
        """Return True when a path exists."""
        return self.path is not None

    @property
    def length(self) -> Optional[int]:
        """Return the number of moves (tiles in path - 1), or None without a path."""
        return None if self.path is None else len(self.path) - 1


Explore = Callable[[Maze, Pos, Pos], Iterator[Union[Event, Solution]]]
