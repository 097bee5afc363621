"""The lab's model: a maze being generated, then solved, one event at a time, both ways.

A *track* replays one event stream onto a picture and the algorithm's live structure:
:class:`GenTrack` a generator's trace (tiles, Prim's frontier, the backtracker's stack,
Wilson's walk, the growing tree's list, division's chamber stack), :class:`SolveTrack` a solver's events (marked, expanded,
backtracked tiles, the queue or path stack or boxes, the found path).  Events are pulled
from the algorithm only when the lab first reaches them and kept in a compact log (machine
ints in an ``array``), so stepping back needs no snapshots: every event is undone exactly
from the event itself (the few values an event overwrites are kept beside the log).
:class:`Lab` runs the generation and then one solver, or two or three solvers in lockstep
(a race: at tick k each solver stands at event min(k, its last)).  Pure: no pygame.
"""

from __future__ import annotations

from array import array
from itertools import islice
from typing import Iterator, Optional, Union

import numpy as np

from game.lab.choices import explore_of, solver_name
from game.lab.sets import UndoableSets
from game.maze.generators import events as gen_events
from game.maze.generators.events import (
    ADD,
    CARVE,
    CELL,
    CHAMBER,
    DONE,
    DROP,
    ERASE,
    FRONTIER,
    JOIN,
    LINK,
    POP,
    PUSH,
    SPLIT,
    WALK,
    GenEvent,
    Trace,
)
from game.maze import tiles as kinds
from game.maze.grid import Maze, Pos
from game.maze.solvers import BACKTRACK, EXPAND, FOUND, SOLVERS, VISIT, Solution

# A generated tile's overlay: plain, on Prim's frontier list, on the backtracker's stack.
G_NONE, G_FRONTIER, G_STACK = 0, 1, 2
# A tile's state in a solver's picture.
S_NONE, S_MARKED, S_EXPANDED, S_BACKTRACKED, S_PATH = 0, 1, 2, 3, 4
#: A stack box's next direction (seed 003's order), and "none left".
UP, RIGHT, DOWN, LEFT, NONE_LEFT = 0, 1, 2, 3, 4
_DIRECTION = {(-1, 0): UP, (0, 1): RIGHT, (1, 0): DOWN, (0, -1): LEFT}

_GEN_WIDTH = 7  # ints per logged generator event: kind, row, col and up to four more
_PULL = 256  # events pulled from a generator at a time (a frame steps a few thousand)
#: Events pulled from a solver at a time: few, as a race's solvers all pull at the same
#: tick (eleven pulls of 256 at once stalled a frame by 20 ms at 1001x1001).
_SOLVER_PULL = 32


class GenTrack:
    """A generator's trace, replayed forward and back onto the tiles it builds."""

    def __init__(self, trace: Trace, rows: int, cols: int, *, sets: bool = False) -> None:
        self.rows, self.cols = rows, cols
        self._with_sets = sets  # keep the joined cells' sets (Eller's panel counts them)
        self._source: Optional[Trace] = trace
        self.log = array("i")
        self.count = 0  # events logged so far
        self.maze: Optional[Maze] = None  # known once the trace has ended
        #: Why the trace ended without a maze (keys that do not fit), or None.
        self.failure: Optional[ValueError] = None
        self.reset()

    def reset(self) -> None:
        """Go back to the start: all wall, no structure, no event applied."""
        self.at = 0
        self.tiles = np.zeros((self.rows, self.cols), dtype=np.uint8)
        self.overlay = np.zeros((self.rows, self.cols), dtype=np.uint8)
        self.chambers: list[tuple[int, ...]] = []
        self.cells: list[Pos] = []
        self.frontier = 0
        self.made = 0  # cells opened on their own or linked in (cell and link events)
        self.joined = 0  # walls opened between two cells (join events)
        self.sets = UndoableSets(self.rows * self.cols) if self._with_sets else None

    @property
    def done(self) -> bool:
        """Return True when every event is applied (the maze is built)."""
        return self.maze is not None and self.at == self.count

    def event(self, i: int) -> GenEvent:
        """Return logged event ``i`` (padded with zeros to seven ints)."""
        return tuple(self.log[_GEN_WIDTH * i: _GEN_WIDTH * (i + 1)])

    def _pull(self, n: int) -> None:
        """Log events from the trace until ``n`` are known or it has ended."""
        while self.count < n and self._source is not None:
            pulled = 0
            try:
                for item in islice(self._source, max(_PULL, n - self.count)):
                    pulled += 1
                    if isinstance(item, Maze):
                        self.maze, self._source = item, None
                        break
                    self.log.extend(item + (0,) * (_GEN_WIDTH - len(item)))
                    self.count += 1
            except ValueError as exc:  # keys that do not fit show once the walls are built
                self.failure, self._source = exc, None
                return
            if not pulled:
                raise RuntimeError("a generator's trace ended without a Maze")

    def forward(self) -> bool:
        """Apply the next event; return False when there is none."""
        if self.at >= self.count:
            self._pull(self.at + 1)
            if self.at >= self.count:
                return False
        ev = self.event(self.at)
        self.at += 1
        kind, r, c = ev[0], ev[1], ev[2]
        gen_events.apply(self.tiles, ev)
        if kind == FRONTIER:
            self.overlay[r, c] = G_FRONTIER
            self.frontier += 1
        elif kind == CARVE:
            if (ev[3], ev[4]) != (r, c):  # the first cell is carved through no wall
                self.overlay[ev[3], ev[4]] = G_NONE
                self.frontier -= 1
        elif kind == DROP:
            self.overlay[r, c] = G_NONE
            self.frontier -= 1
        elif kind in (PUSH, WALK):
            self.overlay[r, c] = G_STACK
            self.cells.append((r, c))
        elif kind in (POP, ERASE, ADD):
            self.overlay[r, c] = G_NONE
            self.cells.pop()
        elif kind == DONE:
            self.overlay[r, c] = G_NONE
            del self.cells[ev[3]]
        elif kind == CHAMBER:
            self.chambers.append(ev[1:5])
        elif kind == SPLIT:
            self.chambers.pop()
        elif kind == CELL:
            self.made += 1
        elif kind == LINK:
            self.made += 1
            if self.sets is not None:
                self.sets.union(r * self.cols + c, (2 * ev[3] - r) * self.cols + 2 * ev[4] - c)
        elif kind == JOIN:
            self.joined += 1
            if self.sets is not None:
                self.sets.union(*self._sides(r, c))
        return True

    def _sides(self, r: int, c: int) -> tuple[int, int]:
        """Return the flat tiles of the two cells wall ``(r, c)`` stands between."""
        if r % 2:  # a wall between two cells of a row
            return r * self.cols + c - 1, r * self.cols + c + 1
        return (r - 1) * self.cols + c, (r + 1) * self.cols + c

    def row_sets(self, r: int) -> int:
        """Return how many sets the opened cells of tile row ``r`` fall into (0: not kept)."""
        if self.sets is None:
            return 0
        open_ = np.flatnonzero(self.tiles[r, 1::2]) * 2 + 1
        return self.sets.count([r * self.cols + int(c) for c in open_])

    def back(self) -> bool:
        """Undo the last applied event; return False at the start."""
        if self.at == 0:
            return False
        self.at -= 1
        ev = self.event(self.at)
        kind, r, c = ev[0], ev[1], ev[2]
        gen_events.undo(self.tiles, ev)
        if kind == FRONTIER:
            self.overlay[r, c] = G_NONE
            self.frontier -= 1
        elif kind == CARVE:
            if (ev[3], ev[4]) != (r, c):
                self.overlay[ev[3], ev[4]] = G_FRONTIER
                self.frontier += 1
        elif kind == DROP:
            self.overlay[r, c] = G_FRONTIER
            self.frontier += 1
        elif kind in (PUSH, WALK):
            self.overlay[r, c] = G_NONE
            self.cells.pop()
        elif kind in (POP, ERASE, ADD):
            self.overlay[r, c] = G_STACK
            self.cells.append((r, c))
        elif kind == DONE:
            self.overlay[r, c] = G_STACK
            self.cells.insert(ev[3], (r, c))
        elif kind == CHAMBER:
            self.chambers.pop()
        elif kind == SPLIT:
            self.chambers.append(ev[3:7])
        elif kind == CELL:
            self.made -= 1
        elif kind in (LINK, JOIN):
            self.made -= kind == LINK
            self.joined -= kind == JOIN
            if self.sets is not None:
                self.sets.undo()
        return True

    @property
    def current(self) -> Optional[GenEvent]:
        """Return the last applied event, or None at the start."""
        return self.event(self.at - 1) if self.at else None

    def picture(self) -> tuple[object, ...]:
        """Return everything the lab shows of this track, comparable with ``==``."""
        return (self.at, self.tiles.tobytes(), self.overlay.tobytes(), tuple(self.chambers),
                tuple(self.cells), self.frontier, self.made, self.joined,
                None if self.sets is None else self.sets.parent.tobytes())


class SolveTrack:
    """A solver's events on one maze, replayed forward and back (``solver``: a solver key)."""

    def __init__(self, maze: Maze, solver: str) -> None:
        self.maze = maze
        #: The solver choice (``wall-follower:right``), and the solver's registry name.
        self.key = solver
        self.solver = solver_name(solver)
        self.bfs = not SOLVERS[self.solver].backtracks  # a queue, not a path stack
        self._source: Optional[Iterator[Union[tuple[int, int, int], Solution]]] = (
            explore_of(solver)(maze, maze.start, maze.goal)
        )
        self.log = array("i")
        self.saved = bytearray()  # per event: the box direction it overwrote (stack)
        self.count = 0
        self.solution: Optional[Solution] = None
        self._cost: Optional[tuple[Optional[int]]] = None  # the found path's cost, once known
        self.reset()

    @property
    def cost(self) -> Optional[int]:
        """Return the found path's cost when the maze has mud (None: no path, or no mud)."""
        if self.solution is None or self.solution.path is None:
            return None
        if self._cost is None:
            tiles = self.maze.tiles
            self._cost = (kinds.path_cost(tiles, self.solution.path)
                          if kinds.weighted(tiles) else None,)
        return self._cost[0]

    def reset(self) -> None:
        """Go back to the start: nothing marked, no event applied."""
        self.at = 0
        self.state = np.zeros(self.maze.tiles.shape, dtype=np.uint8)
        self.marks = array("i")  # flat tiles in marking order: the queue is marks[expanded:]
        self.boxes: list[list[int]] = []  # row, col, next direction (the path stack)
        self.expanded = 0
        self.backtracked = 0
        self._under_path: Optional[np.ndarray] = None

    @property
    def marked(self) -> int:
        """Return the number of tiles marked so far."""
        return len(self.marks)

    @property
    def done(self) -> bool:
        """Return True when every event is applied (the search is over)."""
        return self.solution is not None and self.at == self.count

    def event(self, i: int) -> tuple[int, int, int]:
        """Return logged event ``i``."""
        return self.log[3 * i], self.log[3 * i + 1], self.log[3 * i + 2]

    def _pull(self, n: int) -> None:
        """Log events until ``n`` are known (and the Solution after a found), or the end."""
        while self._source is not None and (
            self.count < n or (self.count and self.log[-3] == FOUND)
        ):
            pulled = 0
            for item in islice(self._source, max(_SOLVER_PULL, n - self.count)):
                pulled += 1
                if isinstance(item, Solution):
                    self.solution, self._source = item, None
                    break
                self.log.extend(item)
                self.count += 1
            if not pulled:
                raise RuntimeError("a solver ended without a Solution")
        if len(self.saved) < self.count:
            self.saved.extend(bytes(self.count - len(self.saved)))

    def forward(self) -> bool:
        """Apply the next event; return False when there is none."""
        if self.at >= self.count or (self.solution is None and self.log[3 * self.at] == FOUND):
            self._pull(self.at + 1)
            if self.at >= self.count:
                return False
        i = self.at
        kind, r, c = self.event(i)
        self.at += 1
        if kind == VISIT:
            self.state[r, c] = S_MARKED
            self.marks.append(r * self.maze.cols + c)
            if not self.bfs:
                boxes = self.boxes
                if boxes:
                    top = boxes[-1]
                    self.saved[i] = top[2]
                    top[2] = _DIRECTION[(r - top[0], c - top[1])] + 1
                boxes.append([r, c, UP])
        elif kind == EXPAND:
            if self.bfs:
                self.state[r, c] = S_EXPANDED
                self.expanded += 1
        elif kind == BACKTRACK:
            self.state[r, c] = S_BACKTRACKED
            self.backtracked += 1
            self.saved[i] = self.boxes.pop()[2]
        elif kind == FOUND:
            assert self.solution is not None and self.solution.path is not None
            where = tuple(np.asarray(self.solution.path, dtype=np.intp).T)
            self._under_path = self.state[where].copy()
            self.state[where] = S_PATH
        return True

    def back(self) -> bool:
        """Undo the last applied event; return False at the start."""
        if self.at == 0:
            return False
        self.at -= 1
        i = self.at
        kind, r, c = self.event(i)
        if kind == VISIT:
            self.state[r, c] = S_NONE
            self.marks.pop()
            if not self.bfs:
                self.boxes.pop()
                if self.boxes:
                    self.boxes[-1][2] = self.saved[i]
        elif kind == EXPAND:
            if self.bfs:
                self.state[r, c] = S_MARKED
                self.expanded -= 1
        elif kind == BACKTRACK:
            self.state[r, c] = S_MARKED
            self.backtracked -= 1
            self.boxes.append([r, c, self.saved[i]])
        elif kind == FOUND:
            assert self.solution is not None and self.solution.path is not None
            assert self._under_path is not None
            where = tuple(np.asarray(self.solution.path, dtype=np.intp).T)
            self.state[where] = self._under_path
        return True

    @property
    def current(self) -> Optional[tuple[int, int, int]]:
        """Return the last applied event, or None at the start."""
        return self.event(self.at - 1) if self.at else None

    @property
    def open_count(self) -> int:
        """Return how many marked tiles are not expanded yet (a priority search's open list)."""
        return max(0, len(self.marks) - self.expanded)

    def queue(self) -> tuple[int, Optional[Pos], Optional[Pos]]:
        """Return bfs's queue: its length, head and tail (None when empty)."""
        cols = self.maze.cols
        n = len(self.marks) - self.expanded
        if n <= 0:
            return 0, None, None
        head, tail = self.marks[self.expanded], self.marks[-1]
        return n, divmod(head, cols), divmod(tail, cols)

    def picture(self) -> tuple[object, ...]:
        """Return everything the lab shows of this track, comparable with ``==``."""
        return (self.at, self.state.tobytes(), self.marks.tobytes(),
                tuple(tuple(box) for box in self.boxes), self.expanded, self.backtracked)


class Lab:
    """A maze generated, then solved by one solver or raced by several, stepped both ways.

    ``spec``'s trace builds the maze (the generation phase); a maze given as it is (a
    file) has no generation phase.  ``tick`` counts the solving phase's steps: each
    solver stands at event min(tick, its last).
    """

    def __init__(self, solvers: list[str], *, trace: Optional[Trace] = None,
                 maze: Optional[Maze] = None, size: Optional[tuple[int, int]] = None,
                 sets: bool = False) -> None:
        if trace is not None:
            assert size is not None
            self.gen: Optional[GenTrack] = GenTrack(trace, *size, sets=sets)
        else:
            assert maze is not None
            self.gen = None
        self._maze = maze
        self.solver_names = list(solvers)
        self.tracks: list[SolveTrack] = []
        self.tick = 0

    @property
    def maze(self) -> Optional[Maze]:
        """Return the finished maze (None while it is still being generated)."""
        if self.gen is not None:
            return self.gen.maze if self.gen.done else None
        return self._maze

    @property
    def generating(self) -> bool:
        """Return True during the generation phase."""
        return self.gen is not None and not self.gen.done

    @property
    def events(self) -> int:
        """Return the number of events applied: the generator's, then the solving ticks."""
        return (self.gen.at if self.gen is not None else 0) + self.tick

    @property
    def done(self) -> bool:
        """Return True when every solver has finished."""
        return self.maze is not None and bool(self.tracks) and all(t.done for t in self.tracks)

    def choose(self, solvers: list[str]) -> None:
        """Solve with ``solvers`` instead; the solving phase starts over."""
        self.solver_names = list(solvers)
        self.tracks = []
        self.tick = 0

    def forward(self) -> bool:
        """Take one step: the generator's next event, or one event of every solver."""
        if self.gen is not None and not self.gen.done:
            if self.gen.forward():
                return True
            if not self.gen.done:
                return False
        maze = self.maze
        if maze is None:
            return False
        if not self.tracks:
            self.tracks = [SolveTrack(maze, name) for name in self.solver_names]
        moved = False
        for track in self.tracks:
            if track.at == self.tick and track.forward():
                moved = True
        if moved:
            self.tick += 1
        return moved

    def back(self) -> bool:
        """Take one step back; return False at the very start."""
        if self.tick:
            self.tick -= 1
            for track in self.tracks:
                if track.at > self.tick:
                    track.back()
            return True
        return self.gen is not None and self.gen.back()

    def run(self, count: int) -> int:
        """Take up to ``count`` steps forward; return how many were taken."""
        taken = 0
        while taken < count and self.forward():
            taken += 1
        return taken

    def rewind(self, count: int) -> int:
        """Take up to ``count`` steps back; return how many were taken."""
        taken = 0
        while taken < count and self.back():
            taken += 1
        return taken

    def restart(self) -> None:
        """Go back to the very start at once (the logs are kept)."""
        if self.gen is not None:
            self.gen.reset()
        for track in self.tracks:
            track.reset()
        self.tick = 0

    def picture(self) -> tuple[object, ...]:
        """Return everything the lab shows, comparable with ``==``."""
        gen = self.gen.picture() if self.gen is not None else ()
        # A solver not started yet shows nothing, like one not built yet.
        return (gen, self.tick, tuple(track.picture() for track in self.tracks if track.at))


def distances(maze: Maze, start: Pos) -> np.ndarray:
    """Return each tile's distance in moves from ``start`` (breadth-first); -1: unreachable."""
    rows, cols = maze.rows, maze.cols
    width = cols + 1  # a padded flat grid, as the solvers use: no bounds checks
    grid = np.full((rows + 1, width), 1, dtype=np.uint8)
    grid[:rows, :cols] = ~kinds.walkable(maze.tiles)
    free = bytearray(grid.tobytes())
    dist = array("i", [-1]) * len(free)
    s = start[0] * width + start[1]
    free[s] = 1
    dist[s] = 0
    queue = array("i", [s])
    append = queue.append
    for p in queue:
        d = dist[p] + 1
        for n in (p + width, p + 1, p - width, p - 1):
            if not free[n]:
                free[n] = 1
                dist[n] = d
                append(n)
    out = np.frombuffer(dist, dtype=np.int32).reshape(rows + 1, width)[:rows, :cols]
    return out.copy()
