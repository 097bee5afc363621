"""A solver ghost racing the player ("Race a solver"), pure: where it is, when it arrives.

The ghost starts with the player on the level's start and moves ``speed`` tiles a
second.  A depth-first ghost (dfs, stack: the solvers that backtrack) walks its search
physically: into every tile it marks, and back out of every dead end, one step at a
time.  A breadth-first ghost "thinks" first, ``think`` seconds per tile it explores, then
walks the shortest route.  It thinks from the moment the level shows, as the player may
look before the first move (the player's clock starts with it): what it thought before
then (:attr:`Ghost.head_start`) it need not think again, so a player who studies the maze
first meets a ghost ready to walk.  A step onto mud takes it three times as long, as it
does the player (its cost: :mod:`game.maze.tiles`).  Only the solvers' events decide the walk, so the ghost is the
lab's search made into an opponent; on a maze with keys the searches run over (tile,
keys held), so the walk fetches a door's key before it passes the door.

The search runs lazily: :meth:`Ghost.prepare` runs some more of it (the play scene a
slice a frame, so a huge maze never stalls a frame), and :meth:`Ghost.at` or
:attr:`Ghost.arrival` run what they need of the rest.  The play scene draws
:meth:`Ghost.glide` (and :meth:`Ghost.thought` while a bfs ghost thinks); the result
screen reads :func:`race_result`.
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from collections import deque
from dataclasses import dataclass
from itertools import islice
from typing import Iterable, Iterator, Optional

from game.maze import tiles as kinds
from game.maze.grid import Maze, Pos
from game.maze.solvers import BACKTRACK, SOLVERS, VISIT, Solution

#: Seconds a breadth-first ghost thinks per tile it explores, by default.
THINK_PER_TILE = 0.01
#: The speeds (tiles per second) a ghost may race at: the Settings screen's steps, the
#: values ``play --race-speed`` and the save accept.
RACE_SPEEDS = (2, 4, 6, 8, 12)
DEFAULT_RACE_SPEED = 6


class Ghost:
    """One solver's ghost on ``maze``, from its start to its goal."""

    def __init__(self, maze: Maze, solver: str, *, speed: float,
                 think: float = THINK_PER_TILE) -> None:
        if not speed > 0:
            raise ValueError(f"speed must be a positive number of tiles per second, got {speed}")
        if solver not in SOLVERS:
            raise ValueError(f"unknown solver {solver!r} (expected one of: {', '.join(SOLVERS)})")
        self.solver = solver
        self.speed = float(speed)
        self.cols = maze.cols
        self.walk = array("i")  # flat tiles stepped on, in order, the start first
        #: On a maze with mud: what each flat tile costs to step onto, and the cost walked
        #: to reach each tile of ``walk`` (steps of floor: the time is that over the speed).
        self._costs: Optional[list[int]] = (kinds.step_costs(maze.tiles).ravel().tolist()
                                            if kinds.weighted(maze.tiles) else None)
        self.spent = array("q")
        #: Seconds spent before the first step (a breadth-first ghost: None until it has
        #: explored, since the time is in proportion to what it explores).
        self.thinking: Optional[float] = 0.0
        self.solution: Optional[Solution] = None  # set when the search is over
        #: Seconds the level showed before the player's first move (the race's start):
        #: a breadth-first ghost thinks meanwhile.
        self.head_start = 0.0
        if SOLVERS[solver].backtracks:
            self._work = self._walk_the_search(maze)
        else:
            self.thinking = None
            self._work = self._think_then_walk(maze, think)

    def _walk_the_search(self, maze: Maze) -> Iterator[None]:
        """Walk every mark and every way back out of a dead end, one event a yield."""
        stack: list[int] = []
        cols = self.cols
        for item in SOLVERS[self.solver].explore(maze, maze.start, maze.goal):
            if isinstance(item, Solution):
                self.solution = item
                return
            kind, r, c = item
            if kind == VISIT:
                stack.append(r * cols + c)
                self._extend((r * cols + c,))
            elif kind == BACKTRACK:
                stack.pop()
                if stack:
                    self._extend((stack[-1],))
            yield None
        raise RuntimeError("a solver ended without a Solution")

    def _think_then_walk(self, maze: Maze, think: float) -> Iterator[None]:
        """Explore (one event a yield); then think ``think`` s a tile explored, walk the path."""
        for item in SOLVERS[self.solver].explore(maze, maze.start, maze.goal):
            if isinstance(item, Solution):
                self.thinking = think * item.visited
                cols = self.cols
                self._extend([r * cols + c for r, c in (item.path or [maze.start])])
                self.solution = item
                return
            yield None
        raise RuntimeError("a solver ended without a Solution")

    def _extend(self, tiles: Iterable[int]) -> None:
        """Add ``tiles`` to the walk (and, on a maze with mud, what reaching each costs)."""
        costs = self._costs
        for tile in tiles:
            self.walk.append(tile)
            if costs is not None:
                self.spent.append(self.spent[-1] + costs[tile] if self.spent else 0)

    # -- the search, lazily ----------------------------------------------------------------
    @property
    def ready(self) -> bool:
        """Return True once the ghost's search is over (its walk and arrival are known)."""
        return self.solution is not None

    def prepare(self, events: Optional[int] = None) -> bool:
        """Run up to ``events`` more events of the search (None: all); return ``ready``."""
        if self.solution is None:
            deque(islice(self._work, events), maxlen=0)
        return self.solution is not None

    # -- reading ---------------------------------------------------------------------------
    @property
    def found(self) -> bool:
        """Return True when the ghost finds the exit (runs the whole search)."""
        self.prepare()
        assert self.solution is not None
        return self.solution.path is not None

    @property
    def steps(self) -> int:
        """Return the number of steps the ghost walks (runs the whole search)."""
        self.prepare()
        return max(0, len(self.walk) - 1)

    @property
    def arrival(self) -> Optional[float]:
        """Return the seconds the ghost needs to reach the goal (None: it never does)."""
        if not self.found:
            return None
        walked = self.spent[-1] if self._costs is not None and self.spent else self.steps
        return self._still_thinking() + walked / self.speed

    def _still_thinking(self) -> float:
        """Return the seconds of thinking left at the start, after the head start."""
        assert self.thinking is not None  # known once the search is over
        return max(0.0, self.thinking - self.head_start)

    def thought(self, seconds: float) -> float:
        """Return how much of its thinking the ghost has done ``seconds`` after the start, 0..1.

        A ghost that walks its search has nothing to think (1.0); a breadth-first one
        still exploring has done none (0.0); its head start counts.
        """
        if self.thinking is None:
            return 0.0
        if self.thinking <= 0:
            return 1.0
        return min(1.0, max(0.0, (seconds + self.head_start) / self.thinking))

    def _step(self, seconds: float) -> tuple[int, float]:
        """Return (index in ``walk``, share of the way to the next tile) at ``seconds``.

        A ghost walking its search runs only the events up to that step; a breadth-first
        one runs its whole search (the time it thinks depends on it).
        """
        if self.thinking is None:
            self.prepare()
        moved = max(0.0, seconds - self._still_thinking()) * self.speed
        if self._costs is not None:
            return self._wade(moved)
        i = int(moved + 1e-9)  # a step due just now is taken despite rounding
        while len(self.walk) <= i + 1 and self.solution is None:
            self.prepare(1)
        if i >= len(self.walk) - 1:
            return len(self.walk) - 1, 0.0
        return i, min(1.0, max(0.0, moved - i))

    def _wade(self, moved: float) -> tuple[int, float]:
        """Return ``_step``'s answer on a maze with mud, ``moved`` steps of floor on."""
        spent = self.spent
        while (not spent or spent[-1] <= moved + 1e-9) and self.solution is None:
            self.prepare(1)
        i = bisect_right(spent, moved + 1e-9) - 1  # a step due just now is taken
        if i >= len(self.walk) - 1:
            return len(self.walk) - 1, 0.0
        return i, min(1.0, max(0.0, (moved - spent[i]) / (spent[i + 1] - spent[i])))

    def at(self, seconds: float) -> Pos:
        """Return the tile the ghost stands on ``seconds`` after the start."""
        i, _ = self._step(seconds)
        return divmod(self.walk[i], self.cols)

    def glide(self, seconds: float) -> tuple[float, float]:
        """Return where the ghost is ``seconds`` after the start, part way between two tiles."""
        i, part = self._step(seconds)
        r, c = divmod(self.walk[i], self.cols)
        if not part:
            return float(r), float(c)
        r2, c2 = divmod(self.walk[i + 1], self.cols)
        return r + (r2 - r) * part, c + (c2 - c) * part


@dataclass(frozen=True)
class RaceResult:
    """Who reached the exit first and by how much (seconds; 0.0 for a tie).

    ``margin`` is None when the ghost never reaches the exit (the player won outright).
    """

    solver: str
    player_first: bool
    margin: Optional[float]


def race_result(player_time: float, ghost: Ghost) -> RaceResult:
    """Return who of the player (finished in ``player_time`` s) and the ghost arrived first."""
    arrival = ghost.arrival
    if arrival is None:
        return RaceResult(ghost.solver, True, None)
    if player_time <= arrival:
        return RaceResult(ghost.solver, True, arrival - player_time)
    return RaceResult(ghost.solver, False, player_time - arrival)
