"""The maze editor's model: a grid being edited, its tools, strokes, undo/redo and a verdict.

Pure (numpy and the maze core): the editor scene, the tests and the benchmark drive it
alike.

* Tools are a table (:data:`TOOLS`): a tool paints a tile kind (wall, floor, a key, a
  door) or places an end (the start, the exit).  The key and door tools paint in the
  colour in hand (:attr:`Editor.colour`); picking one again turns to the next colour.
* A stroke is a press, any drags and a release; everything it changed is one undo step.
  A drag paints the 4-connected line from the tile before, so a fast pointer leaves no
  gap and a drawn wall always blocks the way.  Only floor is painted over an end, and an
  end is only placed on plain floor that is not the other end (a file keeps one
  character a tile, and an end's is its letter).
* Undo and redo put back a step's recorded tiles and ends exactly.
* The verdict says whether the exit can be reached from the start and in how few moves
  (breadth-first search; over tiles and keys held when the maze has keys or doors), or
  why not: walls, or the first door on the way whose key is missing or out of reach.
  It also notes doors without a key and keys without a door (legal, and worth a word).
  It is worked out again only when a change may have changed it: walls off the route
  found cannot make it longer, and tiles opened next to nothing the search reached cannot
  make it shorter (nor join a cut-off exit); with keys or doors about, any change may.
  The search runs on a copy of the maze (:class:`Search`), so a view may run it on
  another thread and take its answer only if the maze has not changed since.
* Files are our text format (:mod:`game.maze.formats`): a bad one raises
  MazeFormatError naming file:line:col; saving is atomic.
"""

from __future__ import annotations

import os
from itertools import chain
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Iterator, Optional, Sequence

import numpy as np

from game.maze import tiles as kinds
from game.edit.files import (  # the editor's files: names, folders, what may be replaced
    MAZE_SUFFIX, MAX_NAME, IsAFolder, NoFolder, NotAMaze, looks_like_a_maze, save_path,
)
from game.maze.formats import MazeFormatError, format_maze, load_maze
from game.maze.grid import FLOOR, MAX_SIDE, MIN_SIZE, WALL, Maze, Pos, open_border
from game.maze.tiles import COLOURS, has_locks, kind_of, walkable
from game.maze.solvers import SOLVERS, solve
from game.maze.solvers.base import flatten
from game.save import write_atomically

#: The ends a tool can place.
START, GOAL = "start", "goal"
#: Why there is no route (the scene words each one): walls round an end, or a door
#: on the way whose key is somewhere out of reach, or nowhere.
START_WALLED_IN, EXIT_WALLED_OFF = "start_walled_in", "exit_walled_off"
KEY_OUT_OF_REACH, NO_KEY = "key_out_of_reach", "no_key"
#: Why a tile was left as it was (the scene words each one): the start or the exit stays
#: on its floor tile (painted over or erased), an end goes on plain floor only, and the
#: two ends never share a tile.
START_STAYS, EXIT_STAYS, END_ON_FLOOR, ENDS_APART = (
    "start_stays", "exit_stays", "end_on_floor", "ends_apart")
#: The kinds the key and door tools paint, by colour (COLOURS order).
KEY_KINDS = tuple(kind_of(letter) for letter in COLOURS)
DOOR_KINDS = tuple(kind_of(letter.upper()) for letter in COLOURS)


@dataclass(frozen=True)
class Tool:
    """One thing the editor places: a tile kind painted, or an ``end`` moved.

    ``labels`` holds the catalogue key of its name on screen and ``kinds`` the kind it
    paints, or one of each per colour (COLOURS order) for a key or a door; ``shortcut``
    is the letter key that picks it, as printed on the key.
    """

    name: str
    labels: tuple[str, ...]
    shortcut: str
    kinds: tuple[int, ...] = ()
    end: Optional[str] = None

    @property
    def coloured(self) -> bool:
        """Return True when the tool paints in the colour in hand (a key or a door)."""
        return len(self.kinds) > 1

    def label(self, colour: int) -> str:
        """Return the catalogue key of its name with colour ``colour`` in hand."""
        return self.labels[colour % len(self.labels)]

    def kind(self, colour: int) -> Optional[int]:
        """Return the kind painted with colour ``colour`` in hand (None: the tool moves an end)."""
        return self.kinds[colour % len(self.kinds)] if self.kinds else None


#: Every tool, in the order the scene lists them (and its digit keys pick them).
TOOLS: tuple[Tool, ...] = (
    Tool("wall", ("editor.tool.wall",), "W", kinds=(WALL,)),
    Tool("floor", ("editor.tool.floor",), "E", kinds=(FLOOR,)),
    Tool("start", ("editor.tool.start",), "S", end=START),
    Tool("exit", ("editor.tool.exit",), "X", end=GOAL),
    Tool("key", ("editor.tool.key.r", "editor.tool.key.g", "editor.tool.key.b",
                 "editor.tool.key.y"), "K", kinds=KEY_KINDS),
    Tool("door", ("editor.tool.door.r", "editor.tool.door.g", "editor.tool.door.b",
                  "editor.tool.door.y"), "D", kinds=DOOR_KINDS),
    Tool("lair", ("editor.tool.lair",), "M", kinds=(kinds.kind_of("M"),)),
    Tool("mud", ("editor.tool.mud",), "U", kinds=(kinds.MUD,)),
)


@dataclass(frozen=True)
class Verdict:
    """Whether the exit can be reached: the fewest moves, or why there is no route.

    ``colour`` is the colour letter of the door a KEY_OUT_OF_REACH or NO_KEY reason
    names; ``lone_doors`` and ``lone_keys`` the colours of doors with no key of theirs
    and of keys with no door (legal: they only get a word on the live line).
    """

    moves: Optional[int]
    reason: str = ""  # one of the reasons above when there is no route
    colour: str = ""
    lone_doors: str = ""
    lone_keys: str = ""

    @property
    def solvable(self) -> bool:
        """Return True when the exit can be reached."""
        return self.moves is not None


@dataclass(frozen=True, eq=False)
class Step:
    """One undoable change: the tiles it changed (flat indices, kinds before and after)
    and the ends (start, goal) before and after."""

    index: np.ndarray
    before: np.ndarray
    after: np.ndarray
    ends_before: tuple[Pos, Pos]
    ends_after: tuple[Pos, Pos]
    serial: int


@dataclass
class _Stroke:
    """A stroke under way: its tool, the last tile touched, what it changed so far."""

    kind: Optional[int]  # the kind painted (None: an end moved)
    end: Optional[str]
    last: Pos
    ends: tuple[Pos, Pos]
    before: dict[int, int] = field(default_factory=dict)


def line(a: Pos, b: Pos) -> Iterator[Pos]:
    """Yield the 4-connected tiles from ``a`` to ``b``, both included, near the straight line."""
    r, c = a
    nr, nc = abs(b[0] - r), abs(b[1] - c)
    sr, sc = (1 if b[0] > r else -1), (1 if b[1] > c else -1)
    ir = ic = 0
    yield (r, c)
    while ir < nr or ic < nc:
        # step along the axis whose next half-tile comes first on the way to b
        if (1 + 2 * ic) * nr < (1 + 2 * ir) * nc:
            c += sc
            ic += 1
        else:
            r += sr
            ir += 1
        yield (r, c)


def blank_maze(*, rows: int, cols: int) -> Maze:
    """Return an open floor walled round, entrance and exit cut as a generator would."""
    for name, n in (("rows", rows), ("cols", cols)):
        if not MIN_SIZE <= n <= MAX_SIDE:
            raise ValueError(f"{name} must be {MIN_SIZE}..{MAX_SIDE}, got {n}")
    tiles = np.full((rows, cols), FLOOR, dtype=np.uint8)
    tiles[0, :] = tiles[-1, :] = WALL
    tiles[:, 0] = tiles[:, -1] = WALL
    return open_border(tiles)


@dataclass(frozen=True, eq=False)
class Answer:
    """What a search found: the verdict, the route's tiles and the tiles it reached."""

    verdict: Verdict
    route: np.ndarray  # bool per tile: on the route found
    reached: Optional[np.ndarray]  # bool per tile: marked by a plain search (None: keyed)


@dataclass(eq=False)
class Search:
    """The verdict's search on a copy of the maze, made at change ``version``; thread-safe."""

    version: int
    maze: Maze
    answer: Optional[Answer] = None

    def run(self) -> None:
        """Search with the shortest-path solver (bfs, keyed when there are keys) and keep the answer."""
        maze = self.maze
        route = np.zeros(maze.tiles.shape, dtype=bool)
        if has_locks(maze.tiles):
            path = solve(maze, SHORTEST).path
            if path is None:
                verdict = barred(maze)
            else:
                _mark(route, path)
                verdict = Verdict(len(path) - 1)
            doors, keys = lone(maze.tiles)
            self.answer = Answer(replace(verdict, lone_doors=doors, lone_keys=keys), route, None)
            return
        trail, reached = _plain_search(maze)
        if trail is None:
            self.answer = Answer(Verdict(None, walled_reason(maze)), route, reached)
            return
        route.reshape(-1)[_unpadded(trail, maze.cols)] = True
        self.answer = Answer(Verdict(len(trail) - 1), route, reached)


#: The solver the verdict's search is (the shortest-path one).
SHORTEST = next(name for name, info in SOLVERS.items() if info.shortest)


def _plain_search(maze: Maze) -> tuple[Optional[Sequence[int]], np.ndarray]:
    """Search ``maze`` as if it had no doors; return the trail (padded flat indices) and marks."""
    run = SOLVERS[SHORTEST].run
    assert run is not None, "the shortest-path solver runs without events"
    flat = flatten(maze, maze.start, maze.goal)
    trail, _ = run(flat)
    return trail, flat.marks(maze.rows)


#: Route tiles converted at once: a search on a thread lets the view draw between slices
#: (one numpy call over a whole long route holds the GIL for a frame or many).
ROUTE_SLICE = 1 << 13


def _mark(route: np.ndarray, path: Sequence[Pos]) -> None:
    """Set ``route`` (a bool grid) True on the tiles of ``path``, a slice at a time."""
    flat, cols = route.reshape(-1), route.shape[1]
    for i in range(0, len(path), ROUTE_SLICE):
        rc = np.fromiter(chain.from_iterable(path[i:i + ROUTE_SLICE]), dtype=np.intp)
        flat[rc[0::2] * cols + rc[1::2]] = True


def _unpadded(trail: Sequence[int], cols: int) -> np.ndarray:
    """Return a trail's padded flat indices (rows cols + 1 wide) as plain ones, in slices."""
    out = np.empty(len(trail), dtype=np.intp)
    for i in range(0, len(trail), ROUTE_SLICE):
        r, c = np.divmod(np.asarray(trail[i:i + ROUTE_SLICE], dtype=np.intp), cols + 1)
        out[i:i + ROUTE_SLICE] = r * cols + c
    return out


def walled_reason(maze: Maze) -> str:
    """Say why walls keep the exit away: the start is shut in, or else the exit is."""
    return EXIT_WALLED_OFF if any(maze.neighbours(maze.start)) else START_WALLED_IN


def barred(maze: Maze) -> Verdict:
    """Say why a maze with keys and doors has no route.

    1. With every door open there is no route either: walls (:func:`walled_reason`).
    2. Else gather the keys a walker can get: walk from the start through the doors of
       the keys held, pick up every key reached, again until no new key is reached.
    3. On the route with every door open, the first door whose key is not got bars the
       way; its key is out of reach, or there is none.
    """
    trail, _ = _plain_search(maze)
    if trail is None:
        return Verdict(None, walled_reason(maze))
    lock = kinds.KINDS["lock"][maze.tiles]
    key = kinds.KINDS["key"][maze.tiles]
    held = 0
    while True:
        shut = (lock & ~np.uint8(held)) != 0
        shut[maze.start] = shut[maze.goal] = False
        _, reached = _plain_search(Maze(np.where(shut, WALL, maze.tiles), maze.start, maze.goal))
        got = int(np.bitwise_or.reduce(key[reached])) | held
        if got == held:
            break
        held = got
    flat_lock = lock.reshape(-1)[_unpadded(trail, maze.cols)]
    bit = int(flat_lock[(flat_lock & ~np.uint8(held)) != 0][0])
    colour = kinds.colour(bit)
    reason = KEY_OUT_OF_REACH if (key & bit).any() else NO_KEY
    return Verdict(None, reason, colour)


#: Tiles looked at at once when the verdict's thread lists the kinds a maze has.
KINDS_SLICE = 1 << 20


def lone(tiles: np.ndarray) -> tuple[str, str]:
    """Return the colours (letters) of doors without a key, and of keys without a door."""
    present = np.zeros(256, dtype=bool)
    flat = tiles.reshape(-1)
    for i in range(0, len(flat), KINDS_SLICE):  # one pass over a big maze holds the GIL a while
        present[flat[i:i + KINDS_SLICE]] = True
    present = present[: len(kinds.KINDS)]
    keys = int(np.bitwise_or.reduce(kinds.KINDS["key"][present]))
    doors = int(np.bitwise_or.reduce(kinds.KINDS["lock"][present]))
    return ("".join(c for i, c in enumerate(COLOURS) if doors & ~keys & 1 << i),
            "".join(c for i, c in enumerate(COLOURS) if keys & ~doors & 1 << i))


class Editor:
    """A maze being edited: the grid, the tool in hand, the history and the verdict."""

    def __init__(self, maze: Maze, *, path: Optional[Path] = None) -> None:
        self.maze = maze.copy()
        #: Where the maze was loaded from or last saved (None: never).
        self.path = path
        self.tool = TOOLS[0]
        #: The colour the key and door tools paint in (an index of COLOURS).
        self.colour = 0
        self._undo: list[Step] = []
        self._redo: list[Step] = []
        self._serial = 0  # the last serial a step got
        self._saved = 0  # the state last loaded or saved
        self._stroke: Optional[_Stroke] = None
        self._verdict: Optional[Verdict] = None  # None: to be worked out
        self._route: Optional[np.ndarray] = None  # bool per tile: on the route found
        self._reached: Optional[np.ndarray] = None  # bool per tile: marked by the search
        self._touched: list[int] = []  # flat indices changed since take_touched()
        self._refused = ""  # why the last tile refused was left alone (see take_refusal)
        self._version = 0  # counts changes to the grid and the ends, for searches under way
        #: How many times the verdict was worked out (the benchmark reports it).
        self.solves = 0

    @classmethod
    def load(cls, path: str | Path) -> "Editor":
        """Return an editor on the text maze at ``path``; raise MazeFormatError if it is bad."""
        return cls(load_maze(path), path=Path(path))

    # -- state ------------------------------------------------------------------------
    @property
    def state(self) -> int:
        """Return the serial of the last step applied (0: as loaded)."""
        return self._undo[-1].serial if self._undo else 0

    @property
    def dirty(self) -> bool:
        """Return True when there are changes not saved (undoing back to the save is clean)."""
        return self.state != self._saved or self._stroke is not None

    @property
    def can_undo(self) -> bool:
        """Return True when there is a step to undo."""
        return bool(self._undo) or self._stroke is not None

    @property
    def can_redo(self) -> bool:
        """Return True when there is a step to redo."""
        return bool(self._redo)

    @property
    def route(self) -> Optional[np.ndarray]:
        """Return the tiles of the route the verdict found (bool per tile), once worked out."""
        return self._route if self._verdict is not None else None

    def take_touched(self) -> list[int]:
        """Return the tiles (flat indices) changed since the last call, and forget them."""
        touched, self._touched = self._touched, []
        return touched

    def take_refusal(self) -> str:
        """Return why a stroke last left a tile alone ("": it did not), and forget it."""
        refused, self._refused = self._refused, ""
        return refused

    def snapshot(self) -> Maze:
        """Return a copy of the maze as it is now (to play or keep)."""
        return self.maze.copy()

    # -- tools and strokes -----------------------------------------------------------------
    def choose(self, name: str) -> None:
        """Take the tool called ``name`` in hand; raise KeyError for an unknown one."""
        for tool in TOOLS:
            if tool.name == name:
                self.tool = tool
                return
        raise KeyError(name)

    def pick(self, name: str) -> None:
        """Take tool ``name`` in hand; a coloured tool picked again turns to the next colour."""
        if self.tool.name == name and self.tool.coloured:
            self.next_colour()
        else:
            self.choose(name)

    def next_colour(self) -> None:
        """Turn the key and door tools to the next colour (red, green, blue, yellow, red...)."""
        self.colour = (self.colour + 1) % len(COLOURS)

    def press(self, pos: Pos) -> None:
        """Begin a stroke with the tool in hand at tile ``pos`` (ending one under way)."""
        self.release()
        maze = self.maze
        kind = self.tool.kind(self.colour)
        self._stroke = _Stroke(kind, self.tool.end, pos, (maze.start, maze.goal))
        self._touch(pos)
        if kind == FLOOR and pos in (maze.start, maze.goal):  # erasing an end: it stays
            self._refused = START_STAYS if pos == maze.start else EXIT_STAYS

    def drag(self, pos: Pos) -> None:
        """Carry the stroke under way on to ``pos`` along the line from its last tile."""
        stroke = self._stroke
        if stroke is None or pos == stroke.last:
            return
        tiles = line(stroke.last, pos)
        next(tiles)  # the last tile was touched already
        for tile in tiles:
            self._touch(tile)
        stroke.last = pos

    def release(self) -> bool:
        """End the stroke under way; return True when it changed anything (one undo step)."""
        stroke, self._stroke = self._stroke, None
        if stroke is None:
            return False
        flat = self.maze.tiles.reshape(-1)
        index = np.fromiter(stroke.before, dtype=np.intp, count=len(stroke.before))
        before = np.fromiter(stroke.before.values(), dtype=np.uint8, count=len(index))
        changed = flat[index] != before
        index, before = index[changed], before[changed]
        ends = (self.maze.start, self.maze.goal)
        if not index.size and ends == stroke.ends:
            return False
        self._serial += 1
        step = Step(index, before, flat[index].copy(), stroke.ends, ends, self._serial)
        self._undo.append(step)
        self._redo.clear()
        self._changed(index, before, step.after, ends != stroke.ends)
        return True

    def _touch(self, pos: Pos) -> None:
        """Apply the stroke's tool to one tile (off the grid: nothing)."""
        stroke = self._stroke
        maze = self.maze
        assert stroke is not None
        if not maze.in_bounds(pos):
            return
        if stroke.kind is not None:
            kind = np.uint8(stroke.kind)
            old = maze.tiles[pos]
            if old == kind:
                return
            if pos in (maze.start, maze.goal) and kind != FLOOR:
                self._refused = START_STAYS if pos == maze.start else EXIT_STAYS
                return
            index = pos[0] * maze.cols + pos[1]
            stroke.before.setdefault(index, int(old))
            self._touched.append(index)
            self._version += 1
            maze.tiles[pos] = kind
        elif maze.tiles[pos] != FLOOR:
            self._refused = END_ON_FLOOR
        elif pos == (maze.goal if stroke.end == START else maze.start):
            self._refused = ENDS_APART
        elif stroke.end == START and pos != maze.start:
            maze.start = pos
            self._version += 1
        elif stroke.end == GOAL and pos != maze.goal:
            maze.goal = pos
            self._version += 1

    # -- history ------------------------------------------------------------------------
    def undo(self) -> bool:
        """Take back the last step (a stroke under way ends first); return True if one was."""
        self.release()
        if not self._undo:
            return False
        step = self._undo.pop()
        self._redo.append(step)
        self._put(step.index, step.before, step.ends_before)
        self._changed(step.index, step.after, step.before, step.ends_before != step.ends_after)
        return True

    def redo(self) -> bool:
        """Do again the last step undone; return True if there was one."""
        self.release()
        if not self._redo:
            return False
        step = self._redo.pop()
        self._undo.append(step)
        self._put(step.index, step.after, step.ends_after)
        self._changed(step.index, step.before, step.after, step.ends_before != step.ends_after)
        return True

    def _put(self, index: np.ndarray, kinds: np.ndarray, ends: tuple[Pos, Pos]) -> None:
        """Set the tiles at ``index`` to ``kinds`` and the ends to ``ends``."""
        self.maze.tiles.reshape(-1)[index] = kinds
        self._touched.extend(index.tolist())
        self._version += 1
        self.maze.start, self.maze.goal = ends

    # -- the verdict ---------------------------------------------------------------------
    @property
    def verdict(self) -> Verdict:
        """Return whether the exit can be reached now, and in how few moves."""
        if self._verdict is None:
            search = self.search()
            assert search is not None
            search.run()
            self.accept(search)
        assert self._verdict is not None
        return self._verdict

    @property
    def known_verdict(self) -> Optional[Verdict]:
        """Return the verdict when it is worked out already, else None (without searching)."""
        return self._verdict

    def search(self) -> Optional["Search"]:
        """Return the search that works the verdict out (None: it is known).

        The search runs on its own copy of the grid, so it may run on another thread
        while the maze is edited; :meth:`accept` takes its answer if nothing changed since.
        """
        if self._verdict is not None:
            return None
        return Search(self._version, self.maze.copy())

    def accept(self, search: "Search") -> bool:
        """Take the answer of a finished ``search``; return False when the maze changed since."""
        answer = search.answer
        if answer is None or search.version != self._version or self._verdict is not None:
            return False
        self.solves += 1
        self._verdict, self._route, self._reached = answer.verdict, answer.route, answer.reached
        return True

    def _changed(self, index: np.ndarray, before: np.ndarray, after: np.ndarray,
                 ends_moved: bool) -> None:
        """Forget the verdict unless the tiles changed from ``before`` to ``after`` keep it."""
        verdict, route = self._verdict, self._route
        if verdict is None or route is None:
            return
        if self._reached is None or has_locks(before) or has_locks(after):
            self._verdict = None  # a keyed search's answer, or a key or door changed: anything goes
            return
        was, now = walkable(before), walkable(after)
        if ends_moved or self._touches_reached(index[now & ~was]) or route.reshape(-1)[
                index[was & ~now]].any():
            self._verdict = None
        elif not verdict.solvable:
            self._verdict = Verdict(None, walled_reason(self.maze))

    def _touches_reached(self, opened: np.ndarray) -> bool:
        """Return True when a tile of ``opened`` (flat indices) is next to one the search marked."""
        reached = self._reached
        if not opened.size or reached is None:
            return False
        rows, cols = reached.shape
        r, c = np.divmod(opened, cols)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            rr, cc = r + dr, c + dc
            inside = (rr >= 0) & (rr < rows) & (cc >= 0) & (cc < cols)
            if reached[rr[inside], cc[inside]].any():
                return True
        return False

    # -- files ----------------------------------------------------------------------------
    def text(self) -> str:
        """Return the maze in our text format."""
        return format_maze(self.maze)

    def save(self, path: str | Path) -> None:
        """Write the maze to ``path`` atomically (OSError if it cannot); it is clean now.

        A file already there is replaced only if it is a maze (NotAMaze if it is not).
        """
        self.release()
        if os.path.lexists(path) and not looks_like_a_maze(Path(path)):
            raise NotAMaze(Path(path))
        write_atomically(Path(path), self.text())
        self.path = Path(path)
        self._saved = self.state
