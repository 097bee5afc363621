"""The sets of cells a generator has joined, kept as it steps forward and back.

A union-find over the cells whose every union can be taken back (union by size, no path
compression, a stack of the roots attached): Eller's panel counts the sets of the row
it works on, forward and back, without snapshots.  Pure: no pygame.
"""

from __future__ import annotations

from array import array


class UndoableSets:
    """Cells joined into sets, each union undone in the reverse order it was made."""

    def __init__(self, size: int) -> None:
        self.parent = array("i", range(size))
        self.size = array("i", [1]) * size
        self._attached = array("i")  # per union: the root attached below another, or -1

    def find(self, a: int) -> int:
        """Return the root of ``a``'s set."""
        parent = self.parent
        while parent[a] != a:
            a = parent[a]
        return a

    def union(self, a: int, b: int) -> None:
        """Join ``a``'s set and ``b``'s (remembered, to be undone by :meth:`undo`)."""
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            self._attached.append(-1)
            return
        if self.size[ra] < self.size[rb]:
            ra, rb = rb, ra
        self.parent[rb] = ra
        self.size[ra] += self.size[rb]
        self._attached.append(rb)

    def undo(self) -> None:
        """Take the last union back."""
        rb = self._attached.pop()
        if rb < 0:
            return
        ra = self.find(self.parent[rb])
        self.parent[rb] = rb
        self.size[ra] -= self.size[rb]

    def count(self, members: list[int]) -> int:
        """Return how many sets ``members`` fall into."""
        return len({self.find(a) for a in members})
