"""The breadth-first keyed search without events, a level at a time, layer by layer.

It marks the states :func:`game.maze.solvers.keyed.breadth_first` marks, in its order,
with the same marks: the same walk, visited count and marks.  Each set of keys held has
its own layer: the walls, with a door its keys do not open :data:`CLOSED` and a key they
lack :data:`NEW_KEY`, so one byte tells what a probe finds.

A level is the queue's states one move from the start more than the level before.  A
level of few states goes state by state, in queue order, as the generator does.  A wide
one goes a layer at a time in numpy: each layer's states in queue order with a *rank*
that orders all the level's states (a state's rank is its first parent's times four plus
the step's number, so ranks of one level compare across layers).  Within a layer a tile
is marked by the first of its parents, the way the queue would; only a step onto a new
key goes to another layer, and those few are merged by rank.  When the goal is reached,
the states the queue would have marked after it are unmarked again.
"""

from __future__ import annotations

from typing import Iterator, Optional

import numpy as np

from game.maze.solvers.keyed_depth import Layers
from game.maze.solvers.keyed_grid import _KEY_TAKEN, _ORIGIN, KeyedGrid

#: A layer byte: a wall, the padding, or a door the layer's keys do not open.
CLOSED = 0x20
#: A layer byte: a key the layer's keys lack (a step onto it goes to another layer).
NEW_KEY = 0x40
#: A level with at least this many states is probed with numpy, a smaller one state by state.
WIDE_LEVEL = 192
#: Ranks are renumbered from 0 before they pass this (each level multiplies them by 4).
_RANK_LIMIT = 1 << 56

#: A wide level: per keys held, its tiles and their ranks, each in queue order.
Wide = dict[int, tuple[np.ndarray, np.ndarray]]


def _marking() -> np.ndarray:
    """Return, per layer byte, True where it marks a state."""
    marking = np.zeros(256, dtype=bool)
    for way in range(1, 5):
        marking[way] = marking[way | _KEY_TAKEN] = True
    marking[_ORIGIN] = True
    return marking


class LevelSearch:
    """The breadth-first search's states marked level by level; ``end`` is the goal state.

    Iterating it does the work, yielding None once per ``every`` states taken (after a
    wide level, done at once, as many times as it held ``every`` states).
    """

    def __init__(self, grid: KeyedGrid, steps: tuple[int, ...], every: int) -> None:
        self.grid, self.steps, self.every = grid, steps, every
        self.end: Optional[tuple[int, int]] = None
        grid.marking = _marking()
        self.layers = Layers(grid, grid.spots, CLOSED, NEW_KEY)
        self.views: dict[int, np.ndarray] = {}
        self.step_array = np.array(steps, dtype=np.int64)

    def view(self, held: int) -> np.ndarray:
        """Return the layer of ``held`` as a numpy array (made on first use)."""
        view = self.views.get(held)
        if view is None:
            view = self.views[held] = np.frombuffer(self.layers.layer(held), dtype=np.uint8)
        return view

    def __iter__(self) -> Iterator[None]:
        """Mark the states; yield None between slices of the work."""
        grid, steps, every = self.grid, self.steps, self.every
        key, s, g = grid.key, grid.start, grid.goal
        layer = self.layers.layer
        held = key[s]
        layer(held)[s] = _ORIGIN
        if s == g:
            self.end = (s, held)
            return
        tiles: list[int] = [s]
        helds: list[int] = [held]
        wide: Optional[Wide] = None
        ways = tuple(enumerate(steps, 1))
        left = every
        while True:
            if wide is not None or len(tiles) >= WIDE_LEVEL:
                if wide is None:
                    wide = self._to_wide(tiles, helds)
                taken = sum(len(t) for t, _ in wide.values())
                wide = self._probe(wide)
                left -= taken  # a slice per ``every`` states of the level, all done at once
                while left <= 0:
                    yield None
                    left += every
                if self.end is not None:
                    return
                count = sum(len(t) for t, _ in wide.values())
                if not count:
                    return
                if count < WIDE_LEVEL:
                    tiles, helds = _to_queue(wide)
                    wide = None
                continue
            if not tiles:
                return
            next_tiles: list[int] = []
            next_helds: list[int] = []
            add_tile, add_held = next_tiles.append, next_helds.append
            for p, held in zip(tiles, helds):
                cells = layer(held)
                for way, step in ways:
                    n = p + step
                    v = cells[n]
                    if not v:
                        cells[n] = way
                        now = held
                    elif v == NEW_KEY:
                        now = held | key[n]
                        marks = layer(now)
                        if marks[n]:
                            continue
                        marks[n] = way | _KEY_TAKEN
                    else:
                        continue
                    if n == g:
                        self.end = (n, now)
                        return
                    add_tile(n)
                    add_held(now)
                left -= 1
                if not left:
                    yield None
                    left = every
            tiles, helds = next_tiles, next_helds

    def _to_wide(self, tiles: list[int], helds: list[int]) -> Wide:
        """Return a level in queue order as tiles and ranks per keys held."""
        at = np.array(tiles, dtype=np.int64)
        had = np.array(helds, dtype=np.int64)
        wide: Wide = {}
        for h in np.unique(had).tolist():
            sel = np.flatnonzero(had == h)
            wide[h] = (at[sel], sel.astype(np.int64))
        return wide

    def _probe(self, wide: Wide) -> Wide:
        """Mark the level after ``wide``; return it (``end`` is set if it holds the goal)."""
        g = self.grid.goal
        key = self.grid.key
        count = len(self.steps)
        after: Wide = {}
        crossing: list[tuple[int, int, int, int]] = []  # (rank, keys held, tile, mark)
        for held, (tiles, ranks) in wide.items():
            cells = self.view(held)
            probes = (tiles[:, None] + self.step_array[None, :]).ravel()
            found = cells[probes]
            free = np.flatnonzero(found == 0)
            if self.layers.new_key_left(held):
                for i in np.flatnonzero(found == NEW_KEY).tolist():
                    n = int(probes[i])
                    way = i % count + 1
                    crossing.append((int(ranks[i // count]) * 4 + way, held | key[n], n,
                                     way | _KEY_TAKEN))
            n = probes[free]
            way = (free % count + 1).astype(np.uint8)
            cells[n[::-1]] = way[::-1]  # the last write stays: each tile's first parent's step
            first = np.flatnonzero(cells[n] == way)  # two parents of a tile step in two ways
            if len(first) < len(n):
                n, free, way = n[first], free[first], way[first]
            after[held] = (n, ranks[free // count] * 4 + way)
        self._merge(after, crossing, g)
        top = max((int(r[-1]) for _, r in after.values() if len(r)), default=0)
        if top >= _RANK_LIMIT:
            _renumber(after)
        return after

    def _merge(self, after: Wide, crossing: list[tuple[int, int, int, int]], g: int) -> None:
        """Stop ``after`` at the goal and add the steps onto new keys, by rank."""
        goal = min((int(r[np.argmax(t == g)]) for t, r in after.values() if (t == g).any()),
                   default=None)
        crossing.sort()
        for rank, held, n, _ in crossing:
            if n == g and (goal is None or rank < goal):
                goal = rank
        if goal is not None:  # the queue marks nothing after the goal
            for held, (tiles, ranks) in list(after.items()):
                late = ranks > goal
                if late.any():
                    self.view(held)[tiles[late]] = 0
                    after[held] = (tiles[~late], ranks[~late])
            crossing = [c for c in crossing if c[0] <= goal]
        for rank, held, n, mark in crossing:
            cells = self.view(held)
            tiles, ranks = after.get(held, (np.zeros(0, np.int64), np.zeros(0, np.int64)))
            if cells[n]:
                here = np.flatnonzero(tiles == n)
                if not len(here) or ranks[here[0]] < rank:
                    continue  # marked a level before, or first by an earlier parent
                tiles, ranks = np.delete(tiles, here), np.delete(ranks, here)
            cells[n] = mark
            at = int(np.searchsorted(ranks, rank))
            after[held] = (np.insert(tiles, at, n), np.insert(ranks, at, rank))
        if goal is not None:
            self.end = next((g, held) for held, (tiles, ranks) in after.items()
                            if len(tiles) and ((tiles == g) & (ranks == goal)).any())


def _renumber(wide: Wide) -> None:
    """Renumber the ranks of a level from 0, in the same order."""
    ranks = np.concatenate([r for _, r in wide.values()])
    order = np.argsort(ranks, kind="stable")
    new = np.empty(len(ranks), dtype=np.int64)
    new[order] = np.arange(len(ranks), dtype=np.int64)
    at = 0
    for held, (tiles, r) in list(wide.items()):
        wide[held] = (tiles, new[at : at + len(r)])
        at += len(r)


def _to_queue(wide: Wide) -> tuple[list[int], list[int]]:
    """Return a wide level as the queue's tiles and keys held, in queue order."""
    tiles = np.concatenate([t for t, _ in wide.values()])
    ranks = np.concatenate([r for _, r in wide.values()])
    helds = np.concatenate([np.full(len(t), h, dtype=np.int64) for h, (t, _) in wide.items()])
    order = np.argsort(ranks, kind="stable")
    at: list[int] = tiles[order].tolist()
    had: list[int] = helds[order].tolist()
    return at, had

