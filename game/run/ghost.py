"""A solver ghost racing the player ("Race a solver"), pure: where it is, when it arrives.

The ghost starts with the player on the level's start and moves ``speed`` tiles a
second.  A depth-first ghost (dfs, stack: the solvers that backtrack) walks its search
physically: into every tile it marks, and back out of every dead end, one step at a
time.  A breadth-first ghost "thinks" first, ``think`` seconds per tile it explores, then
walks the shortest route.  Only the solvers' events decide the walk, so the ghost is the
lab's search made into an opponent.  Not wired into the play scene yet: this is the
model a view and the result screen read (``at``, ``arrival``, :func:`race_result`).
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from typing import Optional

from game.maze.grid import Maze, Pos
from game.maze.solvers import BACKTRACK, SOLVERS, VISIT, Solution

#: Seconds a breadth-first ghost thinks per tile it explores, by default.
THINK_PER_TILE = 0.01


class Ghost:
    """One solver's ghost on ``maze``, from its start to its goal."""

    def __init__(self, maze: Maze, solver: str, *, speed: float,
                 think: float = THINK_PER_TILE) -> None:
        if not speed > 0:
            raise ValueError(f"speed must be a positive number of tiles per second, got {speed}")
        self.solver = solver
        self.speed = float(speed)
        self.cols = maze.cols
        self.walk = array("i")  # flat tiles stepped on, in order, the start first
        self.thinking = 0.0  # seconds spent before the first step
        solution: Optional[Solution] = None
        if SOLVERS[solver].backtracks:
            solution = self._walk_the_search(maze, solver)
        else:
            solution = self._think_then_walk(maze, solver, think)
        self.found = solution.path is not None

    def _walk_the_search(self, maze: Maze, solver: str) -> Solution:
        """Walk every mark and every way back out of a dead end; return the Solution."""
        stack: list[int] = []
        cols = self.cols
        for item in SOLVERS[solver].explore(maze, maze.start, maze.goal):
            if isinstance(item, Solution):
                return item
            kind, r, c = item
            if kind == VISIT:
                stack.append(r * cols + c)
                self.walk.append(r * cols + c)
            elif kind == BACKTRACK:
                stack.pop()
                if stack:
                    self.walk.append(stack[-1])
        raise RuntimeError("a solver ended without a Solution")

    def _think_then_walk(self, maze: Maze, solver: str, think: float) -> Solution:
        """Think ``think`` seconds per explored tile, then walk the path; return the Solution."""
        from game.maze.solvers import solve

        solution = solve(maze, solver)
        self.thinking = think * solution.visited
        cols = self.cols
        self.walk.extend(r * cols + c for r, c in (solution.path or [maze.start]))
        return solution

    @property
    def steps(self) -> int:
        """Return the number of steps the ghost walks."""
        return max(0, len(self.walk) - 1)

    @property
    def arrival(self) -> Optional[float]:
        """Return the seconds the ghost needs to reach the goal (None: it never does)."""
        if not self.found:
            return None
        return self.thinking + self.steps / self.speed

    def at(self, seconds: float) -> Pos:
        """Return the tile the ghost stands on ``seconds`` after the start."""
        moved = max(0.0, seconds - self.thinking) * self.speed
        i = min(len(self.walk) - 1, int(moved))
        return divmod(self.walk[i], self.cols)


@dataclass(frozen=True)
class RaceResult:
    """Who reached the exit first and by how much (seconds; 0.0 for a tie)."""

    player_first: bool
    margin: float


def race_result(player_time: float, ghost: Ghost) -> RaceResult:
    """Return who of the player (finished in ``player_time`` s) and the ghost arrived first."""
    arrival = ghost.arrival
    if arrival is None or player_time <= arrival:
        return RaceResult(True, 0.0 if arrival is None else arrival - player_time)
    return RaceResult(False, player_time - arrival)
