"""Every generator's bias side by side: the compare page's model, measured a maze at a time.

The page opens at once and its bars grow while :meth:`Comparison.step` measures the next
maze (a few a frame); ``migong stats --compare`` prints the same figures.  Pure: no pygame.
"""

from __future__ import annotations

from typing import Optional, Sequence

from game.maze.generators import GENERATORS, generate
from game.maze.grid import Maze
from game.maze.stats import MazeStats, Summary, measure, summarize

#: The figures the page draws a bar for, in column order (the same names as ``stats``).
COLUMNS = ("dead_ends", "straights", "turns", "junctions", "longest_corridor")
#: The mazes measured per generator, and their size: as ``stats --compare`` by default.
SEEDS = 10
SIZE = (41, 41)


class Comparison:
    """The figures of ``seeds`` mazes of each generator, filled in one maze per step."""

    def __init__(self, names: Optional[Sequence[str]] = None, *, size: tuple[int, int] = SIZE,
                 seeds: int = SEEDS) -> None:
        self.names = list(GENERATORS) if names is None else list(names)
        self.size = size
        self.seeds = seeds
        self.measured: dict[str, list[MazeStats]] = {name: [] for name in self.names}
        self._next = 0  # mazes measured so far, all generators together
        self._summaries: dict[str, Summary] = {}  # by name, as of its last maze

    @property
    def total(self) -> int:
        """Return how many mazes the comparison measures in all."""
        return len(self.names) * self.seeds

    @property
    def done(self) -> bool:
        """Return True once every maze is measured."""
        return self._next >= self.total

    @property
    def progress(self) -> int:
        """Return how many mazes are measured."""
        return self._next

    def step(self) -> bool:
        """Measure the next maze (seed by seed, each generator in turn); False when done."""
        if self.done:
            return False
        seed, index = divmod(self._next, len(self.names))
        name = self.names[index]
        rows, cols = self.size
        self.measured[name].append(measure(generate(name, rows=rows, cols=cols, seed=seed + 1)))
        self._summaries[name] = summarize(self.measured[name])
        self._next += 1
        return True

    def summary(self, name: str) -> Optional[Summary]:
        """Return ``name``'s figures so far (None before its first maze)."""
        return self._summaries.get(name)

    def column_top(self, key: str) -> float:
        """Return the largest mean of figure ``key`` so far (the length of a full bar)."""
        means = [s.mean[key] for s in map(self.summary, self.names) if s is not None]
        return max([m for m in means if m is not None] + [0.0])


def sample(name: str, side: int) -> Maze:
    """Return the small maze the page shows of generator ``name``: ``side`` tiles a side, seed 1."""
    side = max(5, side | 1)
    return generate(name, rows=side, cols=side, seed=1)
