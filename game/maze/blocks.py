"""Steps between any two tiles of a maze, each in a few lookups after one pass over it.

A chaser's distance map (:mod:`game.maze.chase`) asks only a few of its tiles on a tick,
so a flood per player move costs far more than it answers.  :class:`Steps` answers
``steps(origin, tile)`` exactly as :func:`game.maze.chase.flood` from ``origin`` would
(breadth-first steps over the passable tiles, -1: unreached) without flooding:

1. One depth-first pass (Tarjan's) splits the passable tiles into *blocks*: the largest
   pieces that no single tile cuts in two (a room, a loop's ring, a one-step passage).
   Every block but a piece's first hangs below one tile of the block above it, its *top*;
   a shortest way between two tiles of a block never leaves the block.
2. Each tile's parent is the top of the block it hangs in (the tile of its piece where
   the pass began has none): a tree whose parents cut every tile off from the ones above.
   A tile's depth is its steps from that first tile, down the tops; a breadth-first pass
   inside each block of more than two tiles measures the steps from its top.
3. Two tiles: the tree's nearest common ancestor and the children of it on the way to
   each, from one minimum over a range of the tree's preorder (a sparse table: two
   lookups).  Below different blocks of that ancestor, the way passes it; below the same
   block, it crosses the block between the two children, by a flood inside that block
   alone (kept per child).

Pure: the standard library and numpy.
"""

from __future__ import annotations

from array import array
from typing import Optional, Sequence

import numpy as np

from game.maze.grid import Pos

#: Mazes whose steps are kept (a board re-runs many runs of one daily maze), and the most
#: tiles of one kept (every daily; a 301x301 maze's steps take ~10 MB).
_KEPT = 8
_KEPT_TILES = 128 * 128


class Steps:
    """The blocks and tree of one maze's passable tiles (step 1 and 2 of the module docstring)."""

    def __init__(self, passable: np.ndarray) -> None:
        """Split ``passable`` into blocks and hang them into the tree."""
        rows, cols = passable.shape
        self.width = width = cols + 2
        open_ = np.zeros((rows + 2, width), dtype=bool)
        open_[1:-1, 1:-1] = passable
        self.open = is_open = open_.tobytes()  # one byte a tile: 1 open, 0 not
        self.offsets = offsets = (-width, 1, width, -1)
        n = len(is_open)
        parent = [-1] * n  # the top of the block each tile hangs in
        block = [-1] * n  # that block's number
        piece = [-1] * n  # the first tile of each tile's piece
        tops: list[int] = []
        members: list[list[int]] = []  # each block's tiles, its top left out
        disc = [-1] * n
        low = [0] * n
        came = [-1] * n
        turn = [0] * n
        clock = 0
        for first in np.flatnonzero(open_).tolist():
            if disc[first] >= 0:
                continue
            disc[first] = low[first] = clock
            clock += 1
            piece[first] = first
            work, below = [first], []
            while work:
                v = work[-1]
                i = turn[v]
                if i < 4:
                    turn[v] = i + 1
                    w = v + offsets[i]
                    if not is_open[w]:
                        continue
                    if disc[w] < 0:
                        came[w], disc[w], low[w], piece[w] = v, clock, clock, first
                        clock += 1
                        work.append(w)
                        below.append(w)
                    elif w != came[v] and disc[w] < low[v]:
                        low[v] = disc[w]
                    continue
                work.pop()
                p = came[v]
                if p < 0:
                    continue
                if low[v] < low[p]:
                    low[p] = low[v]
                if low[v] >= disc[p]:  # p cuts v's block off from the tiles above
                    b = len(tops)
                    tops.append(p)
                    found = []
                    while True:
                        x = below.pop()
                        block[x], parent[x] = b, p
                        found.append(x)
                        if x == v:
                            break
                    members.append(found)
        self.tops = tops
        self.block: Sequence[int] = block  # machine words once built
        depth = [0] * n
        hops = [0] * n
        kids: list[list[int]] = [[] for _ in range(n)]
        for b in range(len(tops) - 1, -1, -1):  # a block's top is measured before it
            top, found = tops[b], members[b]
            kids[top].extend(found)
            if len(found) == 1:
                depth[found[0]], hops[found[0]] = depth[top] + 1, hops[top] + 1
                continue
            inside = self._flood_block(top, b)
            for x in found:
                depth[x], hops[x] = depth[top] + inside[x], hops[top] + 1
        del members, disc, low, came, turn
        order: list[int] = []
        for first in set(piece) - {-1}:
            stack = [first]
            while stack:
                v = stack.pop()
                order.append(v)
                stack.extend(kids[v])
        self.size = size = max(len(order), 1)
        tin = [-1] * n
        for i, v in enumerate(order):
            tin[v] = i
        # a preorder position's key: fewest hops first, then the latest position
        keys = np.array([hops[v] * size + size - 1 - i for i, v in enumerate(order)],
                        dtype=np.int64)
        table = [keys]
        span = 1
        while 2 * span <= len(order):
            keys = np.minimum(keys[:-span], keys[span:])
            table.append(keys)
            span *= 2
        # kept as machine words, not lists of Python ints: a fifth of the memory
        self.table = [array("q", level.tobytes()) for level in table]
        self.parent, self.block = array("q", parent), array("q", block)
        self.piece = array("q", piece)
        self.depth, self.tin, self.order = array("q", depth), array("q", tin), array("q", order)
        self._inside: dict[int, dict[int, int]] = {}  # a block child -> its steps in the block

    def _flood_block(self, origin: int, b: int) -> dict[int, int]:
        """Return the steps from ``origin`` to each tile of block ``b``, inside it."""
        block, top, offsets = self.block, self.tops[b], self.offsets
        seen = {origin: 0}
        frontier = [origin]
        step = 0
        while frontier:
            step += 1
            near = []
            for here in frontier:
                for off in offsets:
                    there = here + off
                    if (block[there] == b or there == top) and there not in seen:
                        seen[there] = step
                        near.append(there)
            frontier = near
        return seen

    def _child(self, i: int, j: int) -> int:
        """Return the tile of fewest hops (the latest of them) at preorder ``i`` to ``j``."""
        k = (j - i + 1).bit_length() - 1
        level = self.table[k]
        key = min(level[i], level[j - (1 << k) + 1])
        return self.order[self.size - 1 - key % self.size]

    def between(self, a: int, b: int) -> int:
        """Return the steps between open tiles ``a`` and ``b`` (flat indices; -1: apart)."""
        if a == b:
            return 0
        if self.piece[a] != self.piece[b]:
            return -1
        tin, depth = self.tin, self.depth
        ta, tb = tin[a], tin[b]
        if ta > tb:
            a, b, ta, tb = b, a, tb, ta
        cb = self._child(ta + 1, tb)
        top = self.parent[cb]
        if top == a:
            return depth[b] - depth[a]
        ca = self._child(tin[top] + 1, ta)
        if self.block[ca] != self.block[cb]:
            return depth[a] + depth[b] - 2 * depth[top]
        inside = self._inside.get(ca)
        if inside is None:
            inside = self._inside[ca] = self._flood_block(ca, self.block[ca])
        return depth[a] - depth[ca] + inside[cb] + depth[b] - depth[cb]

    def steps(self, origin: Pos, tile: Pos) -> int:
        """Return ``flood(passable, origin)[tile]``: the steps between them (-1: unreached)."""
        a = (origin[0] + 1) * self.width + origin[1] + 1
        b = (tile[0] + 1) * self.width + tile[1] + 1
        if a == b:
            return 0
        is_open = self.open
        if not is_open[b]:
            return -1
        if is_open[a]:
            return self.between(a, b)
        best = -1  # a flood from a closed tile sets off through its open neighbours
        for off in self.offsets:
            if is_open[a + off]:
                found = self.between(a + off, b)
                if found >= 0 and (best < 0 or found + 1 < best):
                    best = found + 1
        return best


_kept: dict[tuple[tuple[int, ...], bytes], Steps] = {}


def steps_of(passable: np.ndarray) -> Steps:
    """Return the :class:`Steps` of ``passable`` (kept for the last few mazes)."""
    key = (passable.shape, np.ascontiguousarray(passable, dtype=bool).tobytes())
    found: Optional[Steps] = _kept.get(key)
    if found is None:
        found = Steps(passable)
        if passable.size > _KEPT_TILES:
            return found
        if len(_kept) >= _KEPT:
            del _kept[next(iter(_kept))]
        _kept[key] = found
    return found
