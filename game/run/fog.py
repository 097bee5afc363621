"""The fog of war of a run: what the player sees now and what they have seen, as pure data.

A :class:`Fog` is told where the player stands (:meth:`Fog.look`); it works out the
field of view there (:func:`game.maze.fov.visible_window`, within ``FOG_RADIUS``), adds
the whole room on a room map and every room whose torch is in that view (a torch hangs on
the wall face above its room and lights it: seen from a doorway, the room shows whole),
and remembers every tile ever seen.  The view reads three states per tile
(:meth:`Fog.states`): unseen, remembered, in sight -- and takes the box of tiles whose
state changed since it last looked (:meth:`Fog.take_changed`), so it repaints only that.
The hint's explored tiles are revealed with :meth:`Fog.reveal`.

Looking is put off until something reads the fog: :meth:`Fog.look` only notes the tile,
and the next read (``seen``, ``sight``, ``states``, ``in_sight``, ``take_changed``,
``reveal``) works out the view of every tile noted, in order.  Memory and changed box are
unions over the views and the sight is the last view, so they come out as looking at
once makes them (``version`` grows at the look); a run re-run where nothing reads its
fog (the board's check of a chaser daily in fog) never works out a view.
"""

from __future__ import annotations

from typing import Optional

import numpy as np

from game.maze.fov import Window, room_at, room_tiles, visible_window
from game.maze.grid import Pos

#: How far the player sees, in tiles (a disc of this radius).
FOG_RADIUS = 7
#: A tile's state in the fog (:meth:`Fog.states`).
UNSEEN = 0
REMEMBERED = 1
IN_SIGHT = 2

Box = tuple[int, int, int, int]  # top, left, bottom, right (exclusive)


def _union(a: Optional[Box], b: Optional[Box]) -> Optional[Box]:
    """Return the smallest box holding both (None: no box)."""
    if a is None or b is None:
        return a if b is None else b
    return min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])


def _box(window: Window) -> Box:
    """Return the box a window covers."""
    top, left, mask = window
    return top, left, top + mask.shape[0], left + mask.shape[1]


class Fog:
    """The seen memory and the sight of one run on a grid of ``transparent`` tiles."""

    def __init__(self, transparent: np.ndarray, *, rooms: bool = False,
                 radius: int = FOG_RADIUS, torches: Optional[np.ndarray] = None) -> None:
        """Start with nothing seen; ``torches`` (room maps): a bool mask of the torch tiles."""
        self.transparent = transparent
        self.radius = radius
        self._seen: np.ndarray = np.zeros(transparent.shape, dtype=bool)
        self._sight: Window = (0, 0, np.zeros((0, 0), dtype=bool))
        self._looked: list[Pos] = []  # tiles looked from and not worked out yet, in order
        self._last: Optional[Pos] = None  # the last of them: the sight
        self._rooms = room_tiles(transparent) if rooms else None
        self._room: Optional[Window] = None  # the room last lit (kept while inside it)
        self._torches = torches if rooms and torches is not None and torches.any() else None
        self._torch_rooms: dict[Pos, Optional[Window]] = {}  # torch -> the room it lights
        self._changed: Optional[Box] = None
        self.version = 0  # grows with every change of any tile's state

    def look(self, pos: Pos) -> None:
        """See from ``pos``: the field of view, the room ``pos`` lies in, the torch-lit rooms in view.

        Noted only: the view is worked out when the fog is next read (:meth:`_settle`).
        """
        self._looked.append(pos)
        self._last = pos
        self.version += 1

    @property
    def seen(self) -> np.ndarray:
        """Return the bool mask of every tile ever seen (read only: :meth:`reveal` adds)."""
        if self._last is not None:
            self._settle()
        return self._seen

    @property
    def sight(self) -> Window:
        """Return the tiles in sight now as (top, left, mask)."""
        if self._last is not None:
            self._settle()
        return self._sight

    def _settle(self) -> None:
        """Work out the view from every tile looked from since the last read.

        On a room map the room last lit is kept between looks, so the tiles are taken
        in the order looked from; elsewhere each tile's view is its own (each once).
        """
        last, looked = self._last, self._looked
        assert last is not None
        if self._rooms is None:
            looked = [pos for pos in dict.fromkeys(looked) if pos != last]
            looked.append(last)  # the last looked from last: its view is the sight
        changed = _union(self._changed, _box(self._sight))
        seen = self._seen
        for pos in looked:
            window = self._view(pos)
            changed = _union(changed, _box(window))
            top, left, mask = window
            seen[top : top + mask.shape[0], left : left + mask.shape[1]] |= mask
        self._changed = changed
        self._sight = window
        self._looked = []
        self._last = None

    def _view(self, pos: Pos) -> Window:
        """Return what is seen from ``pos``: its field of view, its room, the torch-lit rooms."""
        window = visible_window(self.transparent, pos, radius=self.radius)
        room = self._room_of(pos)
        for lit in [room, *self._lit_by_torches(window)]:
            if lit is not None:
                window = _merge(window, lit)
        return window

    def _room_of(self, pos: Pos) -> Optional[Window]:
        """Return the room lit from ``pos`` (None: not in a room, or no rooms on this map)."""
        if self._rooms is None or not self._rooms[pos]:
            return None
        if self._room is not None and _holds(self._room, pos):
            return self._room  # still inside the same room
        self._room = room_at(self._rooms, pos)
        return self._room

    def _lit_by_torches(self, window: Window) -> list[Window]:
        """Return the rooms lit by the torches seen in ``window`` (each room once)."""
        if self._torches is None:
            return []
        top, left, mask = window
        seen = self._torches[top : top + mask.shape[0], left : left + mask.shape[1]] & mask
        rooms: dict[int, Window] = {}
        for r, c in zip(*np.nonzero(seen)):
            torch = (top + int(r), left + int(c))
            if torch not in self._torch_rooms:
                lit = self._room_of_tile((torch[0] + 1, torch[1]))
                self._torch_rooms[torch] = lit
            lit = self._torch_rooms[torch]
            if lit is not None:
                rooms[id(lit)] = lit
        return list(rooms.values())

    def _room_of_tile(self, pos: Pos) -> Optional[Window]:
        """Return the room of ``pos``: the same object as another torch's when it is that room."""
        assert self._rooms is not None
        room = room_at(self._rooms, pos)
        if room is not None:
            for lit in self._torch_rooms.values():
                if lit is not None and lit[:2] == room[:2] and np.array_equal(lit[2], room[2]):
                    return lit
        return room

    def reveal(self, tiles: np.ndarray, box: Box) -> None:
        """Remember the tiles ``tiles`` (a bool mask the shape of ``box``) as seen."""
        top, left, bottom, right = box
        part = self.seen[top:bottom, left:right]  # worked out first: the views come before
        if (tiles & ~part).any():
            part |= tiles
            self._changed = _union(self._changed, box)
            self.version += 1

    def in_sight(self, pos: Pos) -> bool:
        """Return True when the tile ``pos`` is in sight now."""
        return _holds(self.sight, pos)

    def states(self, box: Box) -> np.ndarray:
        """Return the uint8 state (UNSEEN, REMEMBERED, IN_SIGHT) of every tile in ``box``."""
        top, left, bottom, right = box
        out = self.seen[top:bottom, left:right].astype(np.uint8)
        st, sl, mask = self.sight
        a, b = max(top, st), max(left, sl)
        c, d = min(bottom, st + mask.shape[0]), min(right, sl + mask.shape[1])
        if a < c and b < d:
            out[a - top : c - top, b - left : d - left] += mask[a - st : c - st, b - sl : d - sl]
        return out

    def take_changed(self) -> Optional[Box]:
        """Return the box of tiles whose state changed since the last call, and forget it."""
        if self._last is not None:
            self._settle()
        changed, self._changed = self._changed, None
        return changed


def _holds(window: Window, pos: Pos) -> bool:
    """Return True when ``window`` marks the tile ``pos``."""
    top, left, mask = window
    r, c = pos[0] - top, pos[1] - left
    return 0 <= r < mask.shape[0] and 0 <= c < mask.shape[1] and bool(mask[r, c])


def _merge(a: Window, b: Window) -> Window:
    """Return one window holding the tiles of both."""
    box = _union(_box(a), _box(b))
    assert box is not None
    top, left, bottom, right = box
    mask = np.zeros((bottom - top, right - left), dtype=bool)
    for t, l, m in (a, b):
        mask[t - top : t - top + m.shape[0], l - left : l - left + m.shape[1]] |= m
    return top, left, mask
