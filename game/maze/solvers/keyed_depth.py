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
    """Each set of keys held's layer of walls and marks, made when first reached."""

    def __init__(self, grid: KeyedGrid, spots: np.ndarray) -> None:
        self.grid = grid
        self.spots = spots
        key = np.frombuffer(grid.key, dtype=np.uint8)[spots]
        lock = np.frombuffer(grid.lock, dtype=np.uint8)[spots]
        self.key, self.lock = key, lock
        self.made: dict[int, bytearray] = {}
        #: A layer was made since the search last looked (a slice's work: it yields after).
        self.new = False

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


def depth_first_quiet(grid: KeyedGrid, spots: np.ndarray, steps: tuple[int, ...], every: int
                      ) -> Generator[None, None, Optional[array[int]]]:
    """Search ``grid`` depth-first, probing ``steps`` in order; return the trail or None.

    It yields None every ``every`` states or so, and after making a layer; ``grid.layers``
    holds the marks after (where a byte has the :data:`MARKED` bit).  ``spots`` are the
    flat indices of the keys and doors.  A step onto free floor costs what the plain search's does: one byte of the
    layer and one of ``slow`` (non-zero on the keys and the goal, which go the slow way),
    in a loop that counts its states in C.
    """
    grid.marked_bits = MARKED
    layers = _Layers(grid, spots)
    key, s, g = grid.key, grid.start, grid.goal
    held = key[s]
    cells = layers.layer(held)
    cells[s] = MARKED
    trail = array("q" if len(grid.blocked) >= 2**31 else "i", [s])
    if s == g:
        return trail
    slow = bytearray(key)
    slow[g] = 1
    yield None  # two copies of the maze's bytes: a slice's work
    layers.new = False
    push, pop = trail.append, trail.pop
    changes: list[tuple[int, int]] = []  # (trail length when a key was taken, the keys before)
    first, second, third, fourth = steps
    layer = layers.layer
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
                if n == g:
                    return _enter(layer(held | key[n]), trail, n)
                other = layer(held | key[n])  # a new key: its state is in the next layer
                if other[n] < mark:
                    other[n] = mark
                    changes.append((len(trail), held))
                    push(n)
                    held, cells, t = held | key[n], other, n
                    if layers.new:  # its layer was a slice's work
                        layers.new = False
                        break
                    continue
            n = t + second
            if not cells[n]:
                if not slow[n]:
                    cells[n] = mark
                    push(n)
                    t = n
                    continue
                if n == g:
                    return _enter(layer(held | key[n]), trail, n)
                other = layer(held | key[n])
                if other[n] < mark:
                    other[n] = mark
                    changes.append((len(trail), held))
                    push(n)
                    held, cells, t = held | key[n], other, n
                    if layers.new:  # its layer was a slice's work
                        layers.new = False
                        break
                    continue
            n = t + third
            if not cells[n]:
                if not slow[n]:
                    cells[n] = mark
                    push(n)
                    t = n
                    continue
                if n == g:
                    return _enter(layer(held | key[n]), trail, n)
                other = layer(held | key[n])
                if other[n] < mark:
                    other[n] = mark
                    changes.append((len(trail), held))
                    push(n)
                    held, cells, t = held | key[n], other, n
                    if layers.new:  # its layer was a slice's work
                        layers.new = False
                        break
                    continue
            n = t + fourth
            if not cells[n]:
                if not slow[n]:
                    cells[n] = mark
                    push(n)
                    t = n
                    continue
                if n == g:
                    return _enter(layer(held | key[n]), trail, n)
                other = layer(held | key[n])
                if other[n] < mark:
                    other[n] = mark
                    changes.append((len(trail), held))
                    push(n)
                    held, cells, t = held | key[n], other, n
                    if layers.new:  # its layer was a slice's work
                        layers.new = False
                        break
                    continue
            pop()  # a dead end: back to the state before
            if not trail:
                return None
            if key[t] and changes and changes[-1][0] == len(trail):
                held = changes.pop()[1]
                cells = layer(held)
            t = trail[-1]
        yield None


def _enter(cells: bytearray, trail: array[int], goal: int) -> array[int]:
    """Mark the goal in its layer and return the trail ending on it."""
    cells[goal] = MARKED
    trail.append(goal)
    return trail
