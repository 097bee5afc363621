"""The breadth-first keyed search without events, a level at a time, every layer at once.

It marks the states :func:`game.maze.solvers.keyed.breadth_first` marks, in its order,
with the same marks: the same walk, visited count and marks.  Each set of keys held has
its own layer, all in one flat array (a state is ``held * size + tile``), written once
reached, a part per slice before the level that probes it (a layer of a big maze is
megabytes): the walls, with a door its keys do not open :data:`CLOSED`, a key they lack
:data:`NEW_KEY` and the goal :data:`GOAL`, so one byte tells what a probe finds, and a
step onto floor stays in its layer with no look at keys.  Only the few steps onto a new
key or the goal take the slow way.

A level is the queue's states one move from the start more than the level before, in
queue order.  A level of few states goes state by state, as the generator does; a wide
one in numpy, up to ``every`` states at once, where a state two parents reach is marked
by the first of them (each writes its step in reverse order, so the first write stays;
two parents of one state step in two different ways).  When the goal is reached, the
states the queue would have marked after it are unmarked again.
"""

from __future__ import annotations

from typing import Iterator, Optional, Union

import numpy as np

from game.maze.solvers.keyed_grid import (STATE_BYTES, _KEY_TAKEN, _ORIGIN, KeyedGrid, given_back,
                                          paced, zeroed)

#: A layer byte: a wall, the padding, or a door the layer's keys do not open.
CLOSED = 0x20
#: A layer byte: a key the layer's keys lack (a step onto it goes to another layer).
NEW_KEY = 0x40
#: A layer byte: the goal, not marked yet.
GOAL = 0x80
#: The bits of a byte the slow way looks at (NEW_KEY, GOAL; the origin's too).
_SLOW = NEW_KEY | GOAL
#: The bits of a byte that mark a state: a step's number, a key taken (the origin has all).
_MARKED_BITS = 0x07 | _KEY_TAKEN
#: A level with at least this many states is probed with numpy, a smaller one state by state.
WIDE_LEVEL = 192
#: Bytes of a new layer written per slice (about a millisecond's work).
BAKE_PART = 1 << 20
#: A search yielding every this many states or more runs at once, not a slice a frame.
AT_ONCE = 1 << 40


class LevelSearch:
    """The breadth-first search's states marked level by level; ``end`` is the goal state.

    Iterating it does the work, yielding None once per ``every`` states taken (after a
    part of a wide level done at once, as many times as it held ``every`` states).
    """

    def __init__(self, grid: KeyedGrid, steps: tuple[int, ...], every: int) -> None:
        self.grid, self.steps, self.every = grid, steps, every
        self.end: Optional[tuple[int, int]] = None
        self.size = size = len(grid.blocked)
        spots = grid.spots
        self.spots = spots
        self.key_np = np.frombuffer(grid.key, dtype=np.uint8)
        self.spot_key = self.key_np[spots]
        self.spot_lock = np.frombuffer(grid.lock, dtype=np.uint8)[spots]
        present = int(np.bitwise_or.reduce(self.spot_key)) if len(spots) else 0
        present |= grid.key[grid.start]
        # a layer per keys held, by its bits; those never reached are never written
        self.cells, self.pages = zeroed((present + 1) * size, small_pages=every < AT_ONCE)
        self.flat = self.cells.data  # what the state-by-state probes read: plain ints
        self.step_array = np.array(steps, dtype=np.int64)
        self.ways = np.zeros(0, dtype=np.uint8)
        #: Layers reached but not written yet: written a part per slice before the next level.
        self.pending: list[int] = []
        grid.marked_bits = _MARKED_BITS
        grid.layers = {}

    def reach(self, held: int, tile: int) -> None:
        """Note the layer of ``held`` reached at ``tile``; it is written before the next level.

        Until then it is zeros but for the marks of the key tiles that lead into it (none
        of its states is probed before the next level); reached at the goal, it is
        written at once, as the goal's byte ends the search.
        """
        if held not in self.grid.layers:
            self.grid.layers[held] = self.flat[held * self.size : (held + 1) * self.size]
            self.pending.append(held)
        if tile == self.grid.goal and held in self.pending:
            self.pending.remove(held)
            for _ in self.bake(held):
                pass

    def release(self) -> Iterator[None]:
        """Give the layers' memory back a part at a time, once the search and its union are done.

        The layers read nothing after (the grid's ``seen`` keeps the union).
        """
        return given_back(self.pages, self.every)

    def bake(self, held: int) -> Iterator[None]:
        """Write the layer of ``held`` (walls, doors, keys, goal), yielding after each part of it.

        Its marks so far (on key tiles only, which the layer's keys open) stay.  It yields
        None once per ``every`` states' worth of writing, as the search does for states.
        """
        grid, size, spots = self.grid, self.size, self.spots
        block = self.cells[held * size : (held + 1) * size]
        kept = block[spots]
        blocked = np.frombuffer(grid.blocked, dtype=np.uint8)
        for at in range(0, size, BAKE_PART):  # a big layer is megabytes: a part per slice
            np.multiply(blocked[at : at + BAKE_PART], CLOSED, out=block[at : at + BAKE_PART])
            if at + BAKE_PART < size:
                yield from paced(BAKE_PART // STATE_BYTES, self.every)
        bits = np.uint8(held)
        block[spots] = np.maximum(kept, np.where(
            (self.spot_lock & ~bits) != 0, CLOSED,
            np.where((self.spot_key & ~bits) != 0, NEW_KEY, 0)).astype(np.uint8))
        if block[grid.goal] == 0:
            block[grid.goal] = GOAL
        # a step up from the first row reads the pad row before: the last layer's for layer 0
        width = grid.width
        self.cells[held * size - width : held * size if held else None] = CLOSED

    def __iter__(self) -> Iterator[None]:
        """Mark the states; yield None between slices of the work."""
        grid, steps, every, size = self.grid, self.steps, self.every, self.size
        key, s, g = grid.key, grid.start, grid.goal
        flat = self.flat
        held = key[s]
        self.grid.layers[held] = flat[held * size : (held + 1) * size]
        yield from self.bake(held)
        flat[held * size + s] = _ORIGIN
        if s == g:
            self.end = (s, held)
            return
        level: Union[list[int], np.ndarray] = [held * size + s]
        first, second, third, fourth = steps
        chunk = max(every, WIDE_LEVEL)  # the states of a wide level probed at once
        left = every
        while len(level):
            while self.pending:  # the layers the last level reached, before it probes them
                yield from self.bake(self.pending.pop(0))
            if len(level) >= WIDE_LEVEL:
                states = np.asarray(level, dtype=np.int64)
                parts = []
                # a part of the level at a time, in queue order: a state an earlier part
                # marked is marked already when a later part probes it
                for at in range(0, len(states), chunk):
                    part = states[at : at + chunk]
                    parts.append(self._probe(part))
                    left -= len(part)
                    while left <= 0:
                        yield None
                        left += every
                    if self.end is not None:
                        return
                level = np.concatenate(parts) if len(parts) > 1 else parts[0]
                continue
            if isinstance(level, np.ndarray):
                level = level.tolist()
            after: list[int] = []
            add = after.append
            for state in level:
                # each probe as the plain search's: one byte; only a new key or the goal
                # (a byte with a _SLOW bit) takes the slow way
                n = state + first
                v = flat[n]
                if not v:
                    flat[n] = 1
                    add(n)
                elif v & _SLOW and self._slow_step(state, n, v, 1, after):
                    return
                n = state + second
                v = flat[n]
                if not v:
                    flat[n] = 2
                    add(n)
                elif v & _SLOW and self._slow_step(state, n, v, 2, after):
                    return
                n = state + third
                v = flat[n]
                if not v:
                    flat[n] = 3
                    add(n)
                elif v & _SLOW and self._slow_step(state, n, v, 3, after):
                    return
                n = state + fourth
                v = flat[n]
                if not v:
                    flat[n] = 4
                    add(n)
                elif v & _SLOW and self._slow_step(state, n, v, 4, after):
                    return
                left -= 1
                if not left:
                    yield None
                    left = every
            level = after

    def _slow_step(self, state: int, n: int, v: int, way: int, after: list[int]) -> bool:
        """Step onto a new key, the goal or the origin (byte ``v``); return True at the goal."""
        flat, size = self.flat, self.size
        if v == NEW_KEY:
            held = state // size
            tile = n - held * size
            now = held | self.grid.key[tile]
            self.reach(now, tile)
            n = now * size + tile
            v = flat[n]
            if v and v != GOAL:
                return False
            way |= _KEY_TAKEN
        elif v != GOAL:
            return False  # the origin
        flat[n] = way
        if v != GOAL:
            after.append(n)
            return False
        self.end = (self.grid.goal, n // size)
        return True

    def _probe(self, level: np.ndarray) -> np.ndarray:
        """Mark the level after ``level``; return it (``end`` is set if it holds the goal)."""
        cells, size, count = self.cells, self.size, len(self.steps)
        probes = (level[:, None] + self.step_array[None, :]).ravel()
        found = cells[probes]
        if len(self.ways) < len(probes):  # each probe's step, 1 to count, repeated
            self.ways = np.tile(np.arange(1, count + 1, dtype=np.uint8), 2 * len(level))
        at = np.flatnonzero(found == 0)
        n = probes[at]
        code = self.ways[at]
        # a byte above CLOSED is a new key, the goal or the origin: most levels have none
        slow = np.flatnonzero(found > CLOSED) if found.max() > CLOSED else at[:0]
        slow = slow[found[slow] != _ORIGIN]
        if len(slow):  # steps onto a new key or the goal: the few that need a look at keys
            to, mark = self._slow(probes[slow], found[slow], self.ways[slow])
            keep = to >= 0
            where = np.searchsorted(at, slow[keep])
            n = np.insert(n, where, to[keep])
            code = np.insert(code, where, mark[keep])
        # the last write stays: each state's first parent's step (NumPy assigns a 1-D index
        # in order; tests/maze/test_keyed_runs.py forces wide levels to hold it to that)
        cells[n[::-1]] = code[::-1]
        first = np.flatnonzero(cells[n] == code)
        if len(first) < len(n):
            n = n[first]
        goals = np.flatnonzero(n % size == self.grid.goal) if len(slow) else n[:0]
        if len(goals):
            end = int(goals[0])
            cells[n[end + 1 :]] = 0  # the queue marks nothing after the goal
            self.end = (self.grid.goal, int(n[end]) // size)
            return n[: end + 1]
        return n

    def _slow(self, probes: np.ndarray, found: np.ndarray, ways: np.ndarray
              ) -> tuple[np.ndarray, np.ndarray]:
        """Return where steps onto new keys or the goal land (-1: marked) and their marks."""
        size, key = self.size, self.grid.key
        to = probes.copy()
        mark = ways.copy()
        for i, (n, v) in enumerate(zip(probes.tolist(), found.tolist())):
            if v == NEW_KEY:
                held = n // size
                tile = n - held * size
                now = held | key[tile]
                self.reach(now, tile)
                to[i] = n = now * size + tile
                mark[i] |= _KEY_TAKEN
                v = self.flat[n]
                if v and v != GOAL:
                    to[i] = -1
        return to, mark
