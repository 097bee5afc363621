"""The grid the keyed searches walk: each tile's blocking, key and door bits, laid out flat.

:func:`keyed_tables` lays a maze with keys out once (the hint keeps it between searches);
:func:`flatten_keyed` puts the two ends on it.  The searches are in
:mod:`game.maze.solvers.keyed`.
"""

from __future__ import annotations

import mmap
from dataclasses import dataclass, field
from itertools import repeat
from typing import Generator, Iterator, Optional, Union

import numpy as np

from game.maze import tiles as kinds
from game.maze.grid import Maze, Pos
from game.maze.solvers.base import check_end

# A state's mark in its layer: 0 unmarked; bfs stores how it was reached.
_ORIGIN = 0xFF
#: Bytes of layers a sliced union of the marks reads between two slices.
SEEN_PART = 1 << 22
#: About the bytes of layers a numpy pass reads or writes in the time one state takes: a
#: sliced search yields once per ``every`` states' worth of such work, as it does for states.
STATE_BYTES = 1024
#: A byte table over the flat tiles (bytes, or a bytearray filled in place).
Table = Union[bytes, bytearray]
_KEY_TAKEN = 0x10  # bfs: the step onto this tile picked up its key (the layer before lacked it)


def paced(units: int, every: int) -> Iterator[None]:
    """Return Nones to yield after ``units`` states' worth of work done at once: one per ``every``."""
    return repeat(None, max(1, units // every))


def zeroed(size: int, *, small_pages: bool) -> tuple[np.ndarray, Optional[mmap.mmap]]:
    """Return ``size`` zero bytes, given memory a page at a time as they are first written, and their map.

    ``small_pages``: from a private anonymous map of the system's small pages, for a search
    run a slice a frame (numpy's own big arrays ask for huge pages, whose first touch may
    stall for compaction, tens of ms in one frame); else numpy's (no map: None), a third
    quicker for a search run at once (16 layers of a 4001² maze: 20 s against 30 s).
    """
    if not small_pages:
        return np.zeros(size, dtype=np.uint8), None
    private = getattr(mmap, "MAP_PRIVATE", None)  # None on Windows: a map takes no flags there
    pages = (mmap.mmap(-1, max(size, 1)) if private is None
             else mmap.mmap(-1, max(size, 1), flags=private | mmap.MAP_ANONYMOUS))
    return np.frombuffer(pages, dtype=np.uint8)[:size], pages


def given_back(pages: Optional[mmap.mmap], every: int) -> Iterator[None]:
    """Give a :func:`zeroed` map's pages back to the system a part at a time; yield between parts.

    Freed at once, the tens of megabytes of a big search's layers took 5-10 ms of one
    frame; a part takes well under one.  It yields None once per ``every`` states' worth
    of work (see :func:`paced`).  Nothing may read the bytes after.
    """
    dontneed = getattr(mmap, "MADV_DONTNEED", None)
    if pages is None or dontneed is None or not hasattr(pages, "madvise"):
        return
    for at in range(0, len(pages), SEEN_PART):
        pages.madvise(dontneed, at, min(SEEN_PART, len(pages) - at))
        yield from paced(SEEN_PART // STATE_BYTES, every)


def has_keys(maze: Maze) -> bool:
    """Return True when the maze has a key or a door (it needs the keyed searches)."""
    return bool(_keys_and_doors(maze.tiles).any())


def with_keys_held(maze: Maze, colours: str) -> Maze:
    """Return ``maze`` as it is to a walker holding the keys ``colours`` (letters r g b y).

    Their keys and doors become floor; the same maze when ``colours`` is empty.
    """
    bits = sum(1 << kinds.COLOURS.index(ch) for ch in set(colours))
    if not bits:
        return maze
    opened = ((kinds.KINDS["key"] | kinds.KINDS["lock"]) & bits) != 0
    tiles = maze.tiles.copy()
    for kind in np.flatnonzero(opened):
        tiles[tiles == kind] = kinds.FLOOR
    return Maze(tiles, maze.start, maze.goal)


@dataclass
class KeyedGrid:
    """A maze flattened for the keyed searches: per flat index, blocked, key and lock bits.

    The layout is :class:`~game.maze.solvers.base.FlatGrid`'s: ``r * width + c`` with a
    pad column on the right and a pad row at the end, so neighbours need no bounds check.
    Each set of keys held gets its own layer of marks, made when first reached.
    """

    blocked: Table  # non-zero for wall and padding
    key: Table  # the key bit a tile gives (0: none)
    lock: Table  # the key bit a tile needs (0: none)
    width: int
    start: int
    goal: int
    layers: dict[int, Union[bytearray, memoryview]]
    #: The flat indices of the keys and doors.
    spots: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    #: A layer byte marks a state where it has one of these bits (the event-free runs keep
    #: walls and doors in their layers too, in other bits).
    marked_bits: int = 0xFF
    #: The tiles marked in any layer, once a finished search has worked them out.
    union: Optional[np.ndarray] = None

    def layer(self, held: int) -> Union[bytearray, memoryview]:
        """Return the marks of the states holding ``held``."""
        marks = self.layers.get(held)
        if marks is None:
            marks = self.layers[held] = bytearray(len(self.blocked))
        return marks

    def pos(self, index: int) -> Pos:
        """Return the ``(row, col)`` of a flat index."""
        r, c = divmod(index, self.width)
        return (r, c)

    def seen(self) -> np.ndarray:
        """Return a flat bool array: True where a tile is marked in any layer."""
        if self.union is not None:
            return self.union
        work = self.seen_sliced()
        while True:
            try:
                next(work)
            except StopIteration as done:
                seen: np.ndarray = done.value
                return seen

    def seen_sliced(self, part: int = SEEN_PART, every: int = 1 << 62
                    ) -> Generator[None, None, np.ndarray]:
        """Return :meth:`seen` once the search is over, yielding after every ``part`` bytes read.

        It yields None once per ``every`` states' worth of work (see :func:`paced`).

        It keeps the answer (``union``): the visited count and the marks read it after.
        """
        bits = np.uint8(self.marked_bits)
        size = len(self.blocked)
        seen = np.zeros(size, dtype=bool)
        layers = [np.frombuffer(marks, dtype=np.uint8) for marks in self.layers.values()]
        step = max(1, part // max(1, len(layers)))
        for at in range(0, size, step):
            end = min(size, at + step)
            acc = np.zeros(end - at, dtype=np.uint8)
            for layer in layers:
                acc |= layer[at:end] & bits
            np.not_equal(acc, 0, out=seen[at:end])
            if end < size:
                yield from paced((end - at) * len(layers) // STATE_BYTES, every)
        self.union = seen
        return seen

    def marked(self) -> int:
        """Return how many distinct tiles are marked in any layer."""
        return int(np.count_nonzero(self.seen()))

    def marks(self, rows: int) -> np.ndarray:
        """Return a (rows, width - 1) bool array: True where a tile is marked in any layer."""
        marks: np.ndarray = self.seen().reshape(-1, self.width)[:rows, :-1]
        return marks


@dataclass(frozen=True)
class KeyedTables:
    """A maze's tiles laid out flat for the keyed searches (see :class:`KeyedGrid`).

    Made once per maze (:func:`keyed_tables`) and shared by every search on it: a hint
    that starts over on each move need not lay out a big maze again.
    """

    blocked: Table
    key: Table
    lock: Table
    width: int
    spots: np.ndarray  # the flat indices of the keys and doors

    def holding(self, colours: str) -> "KeyedTables":
        """Return these tables as a walker holding the keys ``colours`` sees them.

        Their keys and doors are floor, as in :func:`with_keys_held`; only the few bytes
        of keys and doors change.
        """
        bits = sum(1 << kinds.COLOURS.index(ch) for ch in set(colours))
        if not bits:
            return self
        at = self.spots
        key = np.frombuffer(self.key, dtype=np.uint8).copy()
        key[at] &= ~np.uint8(bits)
        lock = np.frombuffer(self.lock, dtype=np.uint8).copy()
        lock[at] &= ~np.uint8(bits)
        return KeyedTables(self.blocked, key.tobytes(), lock.tobytes(), self.width, at)


def keyed_tables(maze: Maze) -> KeyedTables:
    """Return ``maze`` laid out flat: blocked, key and lock bytes, padded.

    Keys and doors are few: their bytes are set where they lie, on zeros.
    """
    rows, cols = maze.rows, maze.cols
    width = cols + 1
    size = (rows + 1) * width
    blocked, key, lock = bytearray(size), bytearray(size), bytearray(size)  # no copies
    walls = np.frombuffer(blocked, dtype=np.uint8).reshape(rows + 1, width)
    walls[:, cols] = walls[rows] = 1
    np.logical_not(kinds.walkable(maze.tiles), out=walls[:rows, :cols].view(bool))
    spots = np.flatnonzero(_keys_and_doors(maze.tiles))  # few: a flat search is quicker
    r, c = np.divmod(spots, cols)
    kind = maze.tiles[r, c]
    at = r * width + c
    np.frombuffer(key, dtype=np.uint8)[at] = kinds.KINDS["key"][kind]
    np.frombuffer(lock, dtype=np.uint8)[at] = kinds.KINDS["lock"][kind]
    return KeyedTables(blocked, key, lock, width, at)


def _keys_and_doors(tiles: np.ndarray) -> np.ndarray:
    """Return a bool array: True where a tile holds a key or is a door."""
    flagged = (kinds.KINDS["key"] | kinds.KINDS["lock"]) != 0
    ids = np.flatnonzero(flagged)
    if tiles.dtype == np.uint8 and len(ids) and ids[-1] - ids[0] + 1 == len(ids):
        # one run of kind ids: one subtraction (wrapping below it) and one compare
        found: np.ndarray = np.subtract(tiles, np.uint8(ids[0]), dtype=np.uint8) < len(ids)
        return found
    return np.isin(tiles, ids)


def flatten_keyed(maze: Maze, start: Pos, goal: Pos,
                  tables: Optional[KeyedTables] = None) -> KeyedGrid:
    """Check the ends and return the keyed flat grid (on ``tables``, made for ``maze``, if given)."""
    start = check_end(maze, start, "start")
    goal = check_end(maze, goal, "goal")
    if tables is None:
        tables = keyed_tables(maze)
    width = tables.width
    return KeyedGrid(
        tables.blocked,
        tables.key,
        tables.lock,
        width,
        start[0] * width + start[1],
        goal[0] * width + goal[1],
        {},
        tables.spots,
    )
