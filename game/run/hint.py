"""The hint's search as a pure animation: a solver's events from the player to the exit,
stepped by count, paced in ticks x speed, then the path drawing itself out.

No pygame: the state of every tile (explored, the fresh frontier, backtracked, on the
path) is a uint8 grid, and the changes since the view last looked are kept for it
(:meth:`HintSearch.take_changes`), so the view paints only what changed -- or all of it
again from the grid, when the theme changes.

Events are pulled in chunks (``itertools.islice`` into a list, one ``numpy.fromiter``
over the chunk), never one Python statement per event.  :meth:`HintSearch.complete`
(Space, and a re-route when the player leaves a route on screen) runs the search to its
end at once: big chunks marked straight into the state grid, the whole picture repainted
once, with none of the animation's per-chunk bookkeeping; a caller with a time box can
run it a slice at a time.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from itertools import chain, islice
from typing import TYPE_CHECKING, Generator, Iterator, Optional, Union

import numpy as np

from game.maze.grid import Maze, Pos
from game.run.clock import TICK_RATE

if TYPE_CHECKING:  # typing only: the solvers load when a search starts
    from game.maze.solvers.base import Solution
    from game.maze.solvers.keyed import KeyedTables

# The state of a tile in the hint's picture.
NOTHING = 0
FRONTIER = 1  # just explored: the search's leading edge
EXPLORED = 2
BACKTRACK_FRESH = 3  # just abandoned by a backtracking solver
BACKTRACK_OLD = 4
PATH = 5

#: Ticks a newly explored tile stays the frontier, and a backtracked one stays fresh.
FRONTIER_TICKS = 36
FADE_TICKS = 42
#: A whole exploration of a maze takes about this long at speed 1 (s)...
EXPLORE_SECONDS = 3.0
#: ... weighed against crossing a screenful of tiles in about a second.
SCREEN_TILES_PER_SECOND = 400.0
#: The path draws itself in about this long at speed 1 (s), at least 30 tiles a second.
PATH_SECONDS = 1.2
#: Events taken at a time when the search runs to its end at once.
COMPLETE_CHUNK = 65_536
#: A slice of the unseen search big enough to be all of it.
QUIET_ALL = 1 << 62
#: Path tiles a finishing search marks per call (a frame's share of a very long path: 20 000
#: (row, col) pairs took 5 ms to turn into an array).
PATH_MARK_SLICE = 5_000

Box = tuple[int, int, int, int]  # x0, y0, x1, y1 (inclusive)
Tiles = np.ndarray  # shape (2, n): x (column) then y (row) of each tile


@dataclass
class Changes:
    """What changed in the picture since the view last looked."""

    #: A box wiped back to nothing first (the search started over), or None.
    cleared: Optional[Box] = None
    #: Then these tiles took these states, in order.
    painted: list[tuple[Tiles, int]] = field(default_factory=list)
    #: Any tile may have changed: repaint the whole picture from the state grid instead.
    everything: bool = False


class HintSearch:
    """One hint: a solver run from ``start`` to the maze goal, animated by ticks.

    On a maze with keys the search starts holding ``keys`` (the run's, letters r g b y)
    and explores (tile, keys held): its path is the whole walk, to each key and back
    through its door.  ``tables``: the maze laid out already (the run's), else laid out
    when the search first starts.
    """

    def __init__(self, maze: Maze, start: Pos, solver: str = "bfs", *, keys: str = "",
                 tables: Optional[KeyedTables] = None) -> None:
        from game.maze.solvers.keyed import has_keys

        self.maze = maze
        self.keyed = has_keys(maze)
        self.keys = keys
        self.state = np.zeros(maze.tiles.shape, dtype=np.uint8)
        # Events per second at speed 1: the geometric mean of "explore the whole maze in
        # EXPLORE_SECONDS" and "cross a screenful of tiles in about a second", so a small
        # maze finishes quickly and a big one still shows the search spreading.
        floor_tiles = max(1, maze.rows * maze.cols // 2)
        self.base_rate = max(40.0, (floor_tiles / EXPLORE_SECONDS * SCREEN_TILES_PER_SECOND) ** 0.5)
        self.solver = solver
        # per set of keys held: the maze laid out flat as the search sees it
        self._tables: dict[str, KeyedTables] = {} if tables is None else {"": tables}
        self._changes = Changes()
        self._box: Optional[Box] = None  # every tile painted since the last clear
        self.restart(start, solver)

    # -- state ------------------------------------------------------------------------
    def restart(self, start: Pos, solver: Optional[str] = None, *,
                keys: Optional[str] = None) -> None:
        """Start over from ``start`` (optionally with another solver, or holding other keys)."""
        from game.maze.solvers.base import Solution

        if solver is not None:
            self.solver = solver
        if keys is not None:
            self.keys = keys
        self.start = start
        self.goal = self.maze.goal
        if self._box is not None:  # wipe only what was painted
            x0, y0, x1, y1 = self._box
            self.state[y0:y1 + 1, x0:x1 + 1] = NOTHING
            self._changes = Changes(cleared=_union(self._box, self._changes.cleared))
            self._box = None
        else:
            self._changes.painted.clear()
        self.visited = 0
        self.solution: Optional[Solution] = None
        self.searched = False  # the solver has no more events
        self.path: Optional[list[Pos]] = None
        self.path_shown = 0
        self.done = False
        self.finishing = False  # run to the end unseen, then show everything at once
        self._path_marked = 0  # path tiles marked PATH by a finishing search
        self.head: Optional[Pos] = None
        self.now = 0  # ticks advanced since the start
        self._credit = 1.0  # events the pace allows now
        self._path_credit = 0.0
        self._frontier: deque[tuple[int, Tiles]] = deque()
        self._fading: deque[tuple[int, Tiles]] = deque()
        self._events: Optional[Iterator[object]] = None
        # the search run unseen a slice at a time (Space), once started
        self._quiet: Optional[Generator[None, None, tuple[Solution, np.ndarray]]] = None
        self._answer: Optional[tuple[Solution, np.ndarray]] = None  # its end, not painted yet

    @property
    def blank(self) -> bool:
        """Return True while nothing is painted."""
        return self._box is None

    @property
    def painted(self) -> Optional[Box]:
        """Return the box of every tile painted since the search last started (None: none)."""
        return self._box

    @property
    def no_path(self) -> bool:
        """Return True when the search ended without a path."""
        return self.searched and self.path is None

    def take_changes(self) -> Changes:
        """Return what changed since the last call, and forget it."""
        changes, self._changes = self._changes, Changes()
        return changes

    def finish(self) -> None:
        """Jump to the end (Space): the rest of the search runs unseen, then all of it shows."""
        self.finishing = True

    def follow(self, pos: Pos, *, restart: bool = True, keys: Optional[str] = None) -> bool:
        """Update the hint for a player now standing on ``pos``; return True if updated.

        On the finished path the route from ``pos`` is the rest of that path.  Anywhere
        else (unless ``restart`` is False) the search starts over from ``pos``: animated
        while the player is still watching one, at once when a route was on screen.  A
        player holding other ``keys`` than the search did is somewhere else too.
        """
        same_keys = keys is None or keys == self.keys
        if pos == self.start and same_keys:
            return True
        if self.done and self.path is not None and same_keys:
            try:
                i = self.path.index(pos)
            except ValueError:
                i = -1
            if i > 0:
                self._paint(_tiles(self.path[:i]), EXPLORED)
                self.path = self.path[i:]
                self.path_shown = len(self.path)
                self.start = pos
                return True
        if not restart:
            return False
        shown = self.done  # the search is over: re-route without showing it again
        self.restart(pos, keys=keys)
        self.finishing = shown
        return True

    # -- stepping -----------------------------------------------------------------------
    def step(self, count: int = 1) -> int:
        """Take up to ``count`` events from the solver now; return how many were taken."""
        if self.searched or count <= 0:
            return 0
        chunk: list[object] = list(islice(self._solver_events(), count))
        taken = len(chunk)
        last = chunk[-1] if chunk else None
        if last is not None and type(last) is not tuple:  # a solver's last item: its Solution
            chunk.pop()
        if chunk:
            self._mark(chunk)
        if last is not None and type(last) is not tuple:
            self._found(last)
        elif taken < count:  # a generator that ends without a Solution: no path
            self.searched = True
        return taken

    def _solver_events(self) -> Iterator[object]:
        """Return the solver's events but expand (started on first use: its set-up counts then).

        The hint paints what is marked and abandoned; an expand changes nothing on screen,
        so it is left out rather than spending the pace's events on it.
        """
        if self._events is None:
            from game.maze.solvers.variants import explore_of, variant
            from game.maze.solvers import EXPAND, explore_keyed

            if self.keyed and variant(self.solver) is None:
                maze, tables = self._keyed_search()
                search = explore_keyed(self.solver, maze, self.start, self.goal, tables)
            else:  # a solver choice: a solver, or one with its variant (the right hand)
                search = explore_of(self.solver)(self.maze, self.start, self.goal)
            self._events = (item for item in search
                            if type(item) is not tuple or item[0] != EXPAND)
        return self._events

    def _keyed_search(self) -> tuple[Maze, KeyedTables]:
        """Return the maze and its tables as the search sees them: the keys held opened up.

        The maze is laid out once, and once per set of keys held (a few bytes change): a
        search that starts over on every move would otherwise lay it all out each time.
        """
        from game.maze.solvers.keyed import keyed_tables

        tables = self._tables.get(self.keys)
        if tables is None:
            base = self._tables.get("")
            if base is None:
                base = self._tables[""] = keyed_tables(self.maze)
            tables = self._tables[self.keys] = base.holding(self.keys)
        return self.maze, tables

    def complete(self, events: Optional[int] = None) -> bool:
        """Run the search ``events`` further unseen (None: to its end); return True once done.

        Nothing of it is animated: the events mark the state grid directly, and once the
        search is over the whole picture (what it explored, the whole path) shows at once.
        """
        if self.done:
            return True
        self.finishing = True
        if not self.searched:
            quiet = self._run_quietly(events)
            if quiet is None:
                self._drain(events)
                if not self.searched:
                    return False
            elif not quiet:
                return False
        self._age(flush=True)
        if self.path is not None:
            path = self.path
            while self._path_marked < len(path):  # a long path is marked a slice a call
                end = len(path) if events is None else self._path_marked + PATH_MARK_SLICE
                part = path[self._path_marked : end]
                self.state[tuple(np.array(part, dtype=np.intp).T)] = PATH
                self._path_marked += len(part)
                if events is not None and self._path_marked < len(path):
                    return False
            self.path_shown = len(path)
            self.head = path[-1]
        self.done = True
        self._box = (0, 0, self.maze.cols - 1, self.maze.rows - 1)
        self._changes = Changes(everything=True)
        return True

    def _run_quietly(self, events: Optional[int] = None) -> Optional[bool]:
        """Run the search unseen without events; return True once over, False while under way.

        It runs ``events`` states more (None: to its end); None when the solver has no such
        run.  The picture it leaves is the one draining every event would leave: each tile the
        search marked explored (backtracked, for a solver that abandons tiles off its
        path), in a fraction of the time -- Space on a big maze stays quick, a slice a
        frame.
        """
        from game.maze.solvers.variants import solver_name, variant
        from game.maze.solvers import SOLVERS, solve_marked_sliced

        if variant(self.solver) is not None:  # the quiet runs are the solvers' defaults'
            return None
        started = self._quiet is None
        if self._quiet is None:
            every = QUIET_ALL if events is None else max(1, events)
            if self.keyed:
                maze, tables = self._keyed_search()
                search = solve_marked_sliced(maze, self.solver, self.start, self.goal,
                                             every=every, tables=tables)
            else:
                search = solve_marked_sliced(self.maze, self.solver, self.start, self.goal,
                                             every=every)
            if search is None:
                return None
            self._quiet = search
        if self._answer is None:
            try:
                next(self._quiet)
                while events is None:
                    next(self._quiet)
            except StopIteration as done:
                self._answer = done.value
                if events is not None and not started:  # a big one paints in a slice of its own
                    return False
            else:
                return False
        assert self._answer is not None
        solution, marks = self._answer
        self._quiet = self._answer = None
        self._frontier.clear()
        self._fading.clear()
        # marks * state, in one pass (a masked assignment takes several times longer)
        np.multiply(marks, BACKTRACK_OLD if SOLVERS[solver_name(self.solver)].backtracks
                    else EXPLORED,
                    out=self.state, casting="unsafe")
        self._events = iter(())  # nothing more to take
        self._found(solution)
        return True

    def _drain(self, events: Optional[int]) -> None:
        """Take up to ``events`` events (None: all), marking the state grid directly."""
        from game.maze.solvers.base import BACKTRACK, VISIT

        solver = self._solver_events()
        state = self.state
        left = events
        while not self.searched and (left is None or left > 0):
            count = COMPLETE_CHUNK if left is None else min(left, COMPLETE_CHUNK)
            if left is not None:
                left -= count
            chunk: list[object] = list(islice(solver, count))
            taken = len(chunk)
            last = chunk[-1] if chunk else None
            ended = last is not None and type(last) is not tuple  # its Solution
            if ended:
                chunk.pop()
            if chunk:
                flat = np.fromiter(chain.from_iterable(chunk),  # type: ignore[arg-type]
                                   dtype=np.intp, count=3 * len(chunk)).reshape(-1, 3)
                explored = flat[:, 0] == VISIT
                abandoned = flat[:, 0] == BACKTRACK  # expand and found paint nothing
                # a tile is explored before it is backtracked: in this order, the later wins
                state[flat[explored, 1], flat[explored, 2]] = EXPLORED
                state[flat[abandoned, 1], flat[abandoned, 2]] = BACKTRACK_OLD
                self.visited += int(explored.sum())
                self.head = (int(flat[-1, 1]), int(flat[-1, 2]))
            if ended:
                self._found(last)
            elif taken < count:  # a generator that ends without a Solution
                self.searched = True

    def _mark(self, events: list[object]) -> None:
        """Paint a chunk of (kind, row, col) events: explored tiles, then backtracked ones.

        Expand and found events paint nothing (the tile is explored already).
        """
        from game.maze.solvers.base import BACKTRACK, VISIT

        flat = np.fromiter(chain.from_iterable(events),  # type: ignore[arg-type]
                           dtype=np.intp, count=3 * len(events)).reshape(-1, 3)
        kinds = flat[:, 0]
        self.head = (int(flat[-1, 1]), int(flat[-1, 2]))
        explored = kinds == VISIT
        backtracked = kinds == BACKTRACK
        if explored.any():
            tiles = flat[explored][:, [2, 1]].T.copy()
            self.visited += tiles.shape[1]
            self._paint(tiles, FRONTIER)
            self._frontier.append((self.now, tiles))
        if backtracked.any():
            tiles = flat[backtracked][:, [2, 1]].T.copy()
            self._paint(tiles, BACKTRACK_FRESH)
            self._fading.append((self.now, tiles))

    def _found(self, solution: object) -> None:
        """Take the search's Solution: the path to draw and the true visited count."""
        from game.maze.solvers.base import Solution

        assert isinstance(solution, Solution), solution
        self.solution = solution
        self.searched = True
        self.path = list(solution.path) if solution.path is not None else None
        self.visited = int(solution.visited)
        self._age(flush=True)

    # -- pacing -------------------------------------------------------------------------
    def advance(self, ticks: int, *, speed: float, limit: int) -> None:
        """Animate ``ticks`` ticks at ``speed``, taking at most ``limit`` events.

        A finishing search takes its ``limit`` of events unseen instead (see ``complete``).
        """
        if self.done:
            return
        self.now += ticks
        if self.finishing:
            self.complete(limit)
            return
        if not self.searched:
            rate = speed * self.base_rate
            self._credit = min(self._credit + ticks * rate / TICK_RATE, rate * 0.25 + 1.0)
            self._credit -= self.step(min(limit, int(self._credit)))
        if self.path is not None:
            n = len(self.path)
            self._path_credit += ticks / TICK_RATE * speed * max(30.0, n / PATH_SECONDS)
            shown = min(n, self.path_shown + int(self._path_credit))
            self._path_credit -= shown - self.path_shown
            if shown > self.path_shown:
                self._paint(_tiles(self.path[self.path_shown:shown]), PATH)
                self.path_shown = shown
                self.head = self.path[shown - 1]
            self.done = self.path_shown >= n
        elif self.searched:
            self.done = True
        self._age()

    def _age(self, flush: bool = False) -> None:
        """Turn old frontier tiles into plain explored ones and fade old backtracks."""
        for queue, limit, young, old in ((self._frontier, FRONTIER_TICKS, FRONTIER, EXPLORED),
                                         (self._fading, FADE_TICKS, BACKTRACK_FRESH, BACKTRACK_OLD)):
            while queue and (flush or self.now - queue[0][0] >= limit):
                _, tiles = queue.popleft()
                still = self.state[tiles[1], tiles[0]] == young
                if still.any():
                    self._paint(tiles[:, still], old)

    def _paint(self, tiles: Tiles, state: int) -> None:
        """Set the state of ``tiles`` and note the change for the view."""
        if not tiles.shape[1]:
            return
        self.state[tiles[1], tiles[0]] = state
        self._changes.painted.append((tiles, state))
        box = (int(tiles[0].min()), int(tiles[1].min()), int(tiles[0].max()), int(tiles[1].max()))
        self._box = _union(box, self._box)


def _tiles(positions: list[Pos]) -> Tiles:
    """Return (row, col) positions as a (2, n) array of x then y."""
    arr = np.array(positions, dtype=np.intp).reshape(-1, 2)
    return arr[:, [1, 0]].T.copy()


def _union(a: Box, b: Union[Box, None]) -> Box:
    """Return the box holding both ``a`` and ``b``."""
    if b is None:
        return a
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))
