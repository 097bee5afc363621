"""The depth-first keyed search without events, on one byte a state as the plain search runs.

:func:`game.maze.solvers.keyed.depth_first` (dfs and stack) reads three tables per probe:
what a tile needs, the key it gives and the marks of the keys held.  This search gives
each set of keys held its own copy of the walls, made when first reached, where what those
keys open is floor and a door they do not open is wall; a probe then reads one byte, as
the plain search's does, and only a free key tile or the goal takes the slow way (a key
not held yet goes to the layer of the keys held with it).  Each layer is searched afresh,
at about the plain search's cost a state, but for the dead ends: a part of the maze with
no key, door or goal in it and one way in, once walked to its end in some layer, is not
entered again in another (it would mark its tiles there and come back, nothing found).
The walk is the generator's with those re-walks left out: the same path, keys, visited
count and marks; the generator (the reference, and what ``solve --trace`` and the lab
show) walks them again.
"""

from __future__ import annotations

from array import array
from itertools import repeat
from typing import Generator, Optional

import numpy as np

from game.maze.solvers.keyed_grid import KeyedGrid

#: A layer byte: floor not marked yet.
FREE = 0
#: A layer byte: a wall, the padding, or a door the layer's keys do not open.
CLOSED = 1
#: A layer byte: a marked state (every byte from this on is marked).
MARKED = 2
#: A ``tile`` bit: a door, never a dead end (:func:`_tiles`: the low bits count ways out).
DOOR = 0x20
#: A ``tile`` bit: a dead end walked, never entered again in a layer where it is not marked.
DEAD = 0x40
#: A ``tile`` bit: a key or the goal, which go the slow way (never a dead end).
SLOW = 0x80


class _Layers:
    """Each set of keys held's layer of walls and marks, made when first reached, and the walk's keys.

    ``held`` and ``cells`` are the keys held and their layer where the walk stands; a step
    onto a key or the goal (the slow way, :meth:`take`) changes them.
    """

    def __init__(self, grid: KeyedGrid, spots: np.ndarray, trail: array[int]) -> None:
        self.grid = grid
        self.spots = spots
        key = np.frombuffer(grid.key, dtype=np.uint8)[spots]
        lock = np.frombuffer(grid.lock, dtype=np.uint8)[spots]
        self.key, self.lock = key, lock
        self.made: dict[int, bytearray] = {}
        #: A layer was made since the search last looked (a slice's work: it yields after).
        self.new = False
        self.trail = trail
        self.held = grid.key[grid.start]
        self.cells = self.layer(self.held)
        #: (trail length when a key was taken, the keys held before), last taken last.
        self.changes: list[tuple[int, int]] = []

    def layer(self, held: int) -> bytearray:
        """Return the layer of ``held``, making it on first use."""
        cells = self.made.get(held)
        if cells is None:
            bits = np.uint8(held)
            byte = np.where((self.lock & ~bits) != 0, CLOSED, FREE).astype(np.uint8)
            cells = self.made[held] = self.grid.layers[held] = bytearray(self.grid.blocked)
            np.frombuffer(cells, dtype=np.uint8)[self.spots] = byte
            self.new = True
        return cells

    def take(self, n: int) -> bool:
        """Step onto key or goal tile ``n`` if its state is not marked; return True if it did.

        Its state is in the layer of the keys held with its key; the walk stands there after.
        """
        held = self.held | self.grid.key[n]
        cells = self.layer(held)
        if cells[n] >= MARKED:
            return False
        cells[n] = MARKED
        if held != self.held:
            self.changes.append((len(self.trail), self.held))
        self.trail.append(n)
        self.held, self.cells = held, cells
        return True

    def back(self, t: int) -> None:
        """Leave the key tile ``t`` backwards: hold the keys held before it, if it gave one."""
        changes = self.changes
        if changes and changes[-1][0] == len(self.trail):
            self.held = changes.pop()[1]
            self.cells = self.layer(self.held)


def depth_first_quiet(grid: KeyedGrid, spots: np.ndarray, steps: tuple[int, ...], every: int
                      ) -> Generator[None, None, Optional[array[int]]]:
    """Search ``grid`` depth-first, probing ``steps`` in order; return the trail or None.

    It yields None every ``every`` states or so, and after making a layer; ``grid.layers``
    holds the marks after (where a byte has the :data:`MARKED` bit).  ``spots`` are the
    flat indices of the keys and doors.  A step onto free floor costs what the plain
    search's does: one byte of the layer and one of ``tile`` (below :data:`DEAD` on floor
    and doors; a key or the goal goes the slow way, :meth:`_Layers.take`, and a dead end
    walked is not entered), in a loop that counts its states in C.

    A tile backed out of with at most one way out left that is neither a wall nor a dead
    end (its ``tile`` count, the way back among them) is a dead end: :data:`DEAD`, and one
    way fewer for the tile before it.  A dead end found so has no key, door, goal or loop
    in it, and its one way in is the tile it was left for: only from there can a walk in
    another layer step onto it, and it is not entered (a walk begins only at the start,
    or on a key).  One table for the slow way and the count: one byte read a step, one
    a back-out, as the search read before it had dead ends (the key table then).
    """
    grid.marked_bits = MARKED
    s, g = grid.start, grid.goal
    trail = array("q" if len(grid.blocked) >= 2**31 else "i", [s])
    layers = _Layers(grid, spots, trail)
    cells = layers.cells
    cells[s] = MARKED
    if s == g:
        return trail
    tile = _tiles(grid, spots)
    yield None  # two copies of the maze's bytes: a slice's work
    layers.new = False
    push, pop, take = trail.append, trail.pop, layers.take
    first, second, third, fourth = steps
    mark, dead, slow = MARKED, DEAD, SLOW  # locals: the loop reads them on every step
    t = s
    while True:
        for _ in repeat(None, every):
            # each probe as the plain search's: one byte, and one of tile
            n = t + first
            if not cells[n]:
                if tile[n] < dead:
                    cells[n] = mark
                    push(n)
                    t = n
                    continue
                if tile[n] >= slow and take(n):
                    cells, t = layers.cells, n
                    if layers.new or n == g:  # a new layer is a slice's work
                        break
                    continue
            n = t + second
            if not cells[n]:
                if tile[n] < dead:
                    cells[n] = mark
                    push(n)
                    t = n
                    continue
                if tile[n] >= slow and take(n):
                    cells, t = layers.cells, n
                    if layers.new or n == g:
                        break
                    continue
            n = t + third
            if not cells[n]:
                if tile[n] < dead:
                    cells[n] = mark
                    push(n)
                    t = n
                    continue
                if tile[n] >= slow and take(n):
                    cells, t = layers.cells, n
                    if layers.new or n == g:
                        break
                    continue
            n = t + fourth
            if not cells[n]:
                if tile[n] < dead:
                    cells[n] = mark
                    push(n)
                    t = n
                    continue
                if tile[n] >= slow and take(n):
                    cells, t = layers.cells, n
                    if layers.new or n == g:
                        break
                    continue
            pop()  # no way on: back to the state before
            if not trail:
                return None
            ways = tile[t]
            if ways < 2:  # one way out that is not a dead end: t is one too
                tile[t] = ways | dead
                t = trail[-1]
                tile[t] -= 1
                continue
            if ways >= slow:  # a key: hold the keys held before it
                layers.back(t)
                cells = layers.cells
            t = trail[-1]
        if t == g:
            return trail
        layers.new = False
        yield None


def _tiles(grid: KeyedGrid, spots: np.ndarray) -> bytearray:
    """Return each tile's byte for the search: its ways out that are not walls, and its kind.

    A key or the goal is :data:`SLOW` and a door :data:`DOOR`, each with four ways (never
    fewer than two: never a dead end).  The search takes one off a tile's count when a
    tile next to it turns out a dead end (walked to its end, no key, door, goal or way
    round in it), and marks a tile left with at most one :data:`DEAD` once walked; each
    tile takes one off at most once, so a count never falls below nought.
    """
    free = np.frombuffer(grid.blocked, dtype=np.uint8) == 0
    tile = bytearray(len(free))
    count = np.frombuffer(tile, dtype=np.uint8)
    open_ = free.view(np.uint8)
    w = grid.width
    # the pad column and row are walls: a tile's neighbours need no wrapping round
    count[1:] += open_[:-1]
    count[:-1] += open_[1:]
    count[w:] += open_[:-w]
    count[:-w] += open_[w:]
    keys = np.frombuffer(grid.key, dtype=np.uint8)[spots] != 0
    count[spots] = np.where(keys, SLOW | 4, DOOR | 4)
    count[grid.goal] = SLOW | 4
    return tile
