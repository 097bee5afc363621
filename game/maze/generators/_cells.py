"""What the classic cell generators share: batched random picks and cell arithmetic.

The generators of the complete lab (kruskal, wilson, aldous-broder, eller, hunt-and-kill,
growing-tree, sidewinder, binary-tree) each have one algorithm, written once as its
trace; ``generate`` runs the trace to its end (:func:`~game.maze.generators.events.maze_of`),
so the two can never disagree.  Cells are numbered on the padded cell grid of
:mod:`game.maze.generators._common` (row stride ``width + 2``, cell (y, x) from 1).
"""

from __future__ import annotations

import numpy as np

from game.maze.generators._common import cell_tile

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
