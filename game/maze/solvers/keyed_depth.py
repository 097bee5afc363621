"""The depth-first keyed search without events, on one byte a state as the plain search runs.

:func:`game.maze.solvers.keyed.depth_first` (dfs and stack) reads three tables per probe:
what a tile needs, the key it gives and the marks of the keys held.  This search gives
each set of keys held its own copy of the walls, made when first reached, where what those
keys open is floor and a door they do not open is wall; a probe then reads one byte, as
the plain search's does, and only a free key tile or the goal takes the slow way (a key
not held yet goes to the layer of the keys held with it).  The same states are marked in
the same order as the generator marks them: the same walk, visited count and marks.  It
marks several times the states the plain search marks (each layer is searched afresh),
each at about the plain search's cost.
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
    flat indices of the keys and doors.  A step onto free floor costs what the plain search's does: one byte of the
    layer and one of ``slow`` (non-zero on the keys and the goal, which go the slow way,
    :meth:`_Layers.take`), in a loop that counts its states in C.
    """
    grid.marked_bits = MARKED
    key, s, g = grid.key, grid.start, grid.goal
    trail = array("q" if len(grid.blocked) >= 2**31 else "i", [s])
    layers = _Layers(grid, spots, trail)
    cells = layers.cells
    cells[s] = MARKED
    if s == g:
        return trail
    slow = bytearray(key)
    slow[g] = 1
    yield None  # two copies of the maze's bytes: a slice's work
    layers.new = False
    push, pop, take = trail.append, trail.pop, layers.take
    first, second, third, fourth = steps
    mark = MARKED  # a local: the loop reads it on every step
    t = s
    while True:
        for _ in repeat(None, every):
            # each probe as the plain search's: one byte, and one of slow
            n = t + first
            if not cells[n]:
                if not slow[n]:
                    cells[n] = mark
                    push(n)
                    t = n
                    continue
                if take(n):
                    cells, t = layers.cells, n
                    if layers.new or n == g:  # a new layer is a slice's work
                        break
                    continue
            n = t + second
            if not cells[n]:
                if not slow[n]:
                    cells[n] = mark
                    push(n)
                    t = n
                    continue
                if take(n):
                    cells, t = layers.cells, n
                    if layers.new or n == g:
                        break
                    continue
            n = t + third
            if not cells[n]:
                if not slow[n]:
                    cells[n] = mark
                    push(n)
                    t = n
                    continue
                if take(n):
                    cells, t = layers.cells, n
                    if layers.new or n == g:
                        break
                    continue
            n = t + fourth
            if not cells[n]:
                if not slow[n]:
                    cells[n] = mark
                    push(n)
                    t = n
                    continue
                if take(n):
                    cells, t = layers.cells, n
                    if layers.new or n == g:
                        break
                    continue
            pop()  # a dead end: back to the state before
            if not trail:
                return None
            if key[t]:
                layers.back(t)
                cells = layers.cells
            t = trail[-1]
        if t == g:
            return trail
        layers.new = False
        yield None
