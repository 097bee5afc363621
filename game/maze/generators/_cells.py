"""What the classic cell generators share: batched random picks and cell arithmetic.

The generators of the complete lab (kruskal, wilson, aldous-broder, eller, hunt-and-kill,
growing-tree, sidewinder, binary-tree) each have one algorithm, written once as its
trace; ``generate`` runs the trace to its end (:func:`~game.maze.generators.events.maze_of`),
so the two can never disagree.  Cells are numbered on the padded cell grid of
:mod:`game.maze.generators._common` (row stride ``width + 2``, cell (y, x) from 1).
Each opens its tiles and tells the step with the same few helpers (:func:`open_cell`,
:func:`open_link`, :func:`open_wall`), so the events and the tiles always agree.
"""

from __future__ import annotations

import numpy as np

from game.maze.generators._common import cell_tile, empty_cell_tree
from game.maze.generators.events import CELL, JOIN, GenEvent
from game.maze.grid import FLOOR

# Random picks are drawn in batches of this many integers below _RANGE; a pick modulo
# n is uniform to within 2**-40 for any n a maze needs.
_BATCH = 4096
_RANGE = 1 << 62


class Picks:
    """Random whole numbers drawn from a numpy Generator in batches, one at a time."""

    def __init__(self, gen: np.random.Generator) -> None:
        self._gen = gen
        self._batch: list[int] = []

    def below(self, n: int) -> int:
        """Return a random whole number from 0 to ``n - 1``."""
        if not self._batch:
            self._batch = self._gen.integers(0, _RANGE, size=_BATCH).tolist()
        return self._batch.pop() % n

    def chance(self, numerator: int, denominator: int) -> bool:
        """Return True with probability ``numerator / denominator``."""
        return self.below(denominator) < numerator


def wall_between(a: int, b: int, stride: int) -> tuple[int, int]:
    """Return the tile of the wall between the neighbouring cells ``a`` and ``b``."""
    ar, ac = cell_tile(a, stride)
    br, bc = cell_tile(b, stride)
    return (ar + br) // 2, (ac + bc) // 2


def cell_index(y: int, x: int, stride: int) -> int:
    """Return the padded index of the cell in cell row ``y`` and column ``x`` (both from 0)."""
    return (y + 1) * stride + x + 1


def cell_canvas(rows: int, cols: int) -> tuple[int, int, int, list[int], np.ndarray]:
    """Return the cell height, width and row stride, an unvisited padded map and all-wall tiles."""
    height, width, seen = empty_cell_tree(rows, cols)
    return height, width, width + 2, seen, np.zeros((rows, cols), dtype=np.uint8)


def random_cell(picks: Picks, height: int, width: int, stride: int) -> int:
    """Return the padded index of a random one of ``height`` x ``width`` cells."""
    first = picks.below(height * width)
    return (first // width + 1) * stride + first % width + 1


def open_cell(tiles: np.ndarray, cell: int, stride: int) -> GenEvent:
    """Open the tile of ``cell``; return its ``cell`` event."""
    r, c = cell_tile(cell, stride)
    tiles[r, c] = FLOOR
    return (CELL, r, c)


def open_link(tiles: np.ndarray, kind: int, cell: int, via: int, stride: int) -> GenEvent:
    """Open ``cell`` and the wall to its neighbour ``via``; return ``(kind, row, col, *wall)``.

    ``via`` == ``cell`` opens the cell alone (its "wall" is the cell's own tile).
    """
    r, c = cell_tile(cell, stride)
    vr, vc = cell_tile(via, stride)
    wr, wc = (r + vr) // 2, (c + vc) // 2
    tiles[r, c] = tiles[wr, wc] = FLOOR
    return (kind, r, c, wr, wc)


def open_wall(tiles: np.ndarray, a: int, b: int, stride: int) -> GenEvent:
    """Open the wall between the neighbouring cells ``a`` and ``b``; return its ``join`` event."""
    r, c = wall_between(a, b, stride)
    tiles[r, c] = FLOOR
    return (JOIN, r, c)


def find(parent: list[int], a: int) -> int:
    """Return the root of ``a``'s set in the union-find forest ``parent``, halving the path."""
    while parent[a] != a:
        parent[a] = parent[parent[a]]
        a = parent[a]
    return a
