"""Maze statistics: what share of the cells are dead ends, straights, turns and junctions.

A *cell* is a walkable tile on an odd row and an odd column (the grid of
:mod:`game.maze.grid`); two neighbouring cells are joined when the tile between them is
walkable.  A cell's *openings* are the neighbouring cells it is joined to: the entrance
and the exit lead off the grid, to no cell, so they are not openings.  By its openings a
cell is

1. a *dead end*: exactly one;
2. a *straight*: two, opposite (north and south, or east and west);
3. a *turn*: two, at a right angle;
4. a *junction*: three or four.

The *longest corridor* (Pullen's "river") is the largest run of joined cells with exactly
two openings each, in cells: how far a walker goes with no choice to make.  The
*solution* is the shortest walk from the start to the goal, in moves (keys fetched on the
way), and its *share* the part of the floor it covers.

Jamis Buck's *Mazes for Programmers* measures the dead ends of each algorithm: about 30 %
for Aldous-Broder and Wilson's (uniform spanning trees; in the limit of a large grid
``8/pi**2 * (1 - 2/pi)``, 29.4 %), 25 % for the binary tree, "significantly fewer" (about
10 %) for the recursive backtracker and hunt-and-kill.  Pure: numpy only.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Generator, Iterator, Optional, Sequence

import numpy as np

from game.maze import tiles as kinds
from game.maze.grid import Maze

#: The figures every statistic reports, in the order tables show them.
KEYS = ("dead_ends", "straights", "turns", "junctions", "longest_corridor",
        "solution_length", "solution_share")
#: The figures that are fractions of the cells (the rest: a length, or the floor's share).
SHARES = ("dead_ends", "straights", "turns", "junctions")
#: A uniform spanning tree's dead ends on a large square grid (Manna, 1992).
UNIFORM_DEAD_ENDS = 8 / math.pi ** 2 * (1 - 2 / math.pi)


@dataclass(frozen=True)
class MazeStats:
    """The counts measured on one maze; ``figures()`` turns them into the reported figures."""

    cells: int  # walkable odd-row odd-column tiles
    dead_ends: int
    straights: int
    turns: int
    junctions: int
    longest_corridor: int  # cells
    floor: int  # walkable tiles
    solution_length: Optional[int]  # moves; None: the goal cannot be reached
    solution_tiles: int  # distinct tiles the solution covers (0 without one)

    def share(self, count: int) -> float:
        """Return ``count`` as a fraction of the cells (0 for a maze without cells)."""
        return count / self.cells if self.cells else 0.0

    def figures(self) -> dict[str, Optional[float]]:
        """Return the figures ``stats --json`` reports, by :data:`KEYS`."""
        return {
            "dead_ends": self.share(self.dead_ends),
            "straights": self.share(self.straights),
            "turns": self.share(self.turns),
            "junctions": self.share(self.junctions),
            "longest_corridor": float(self.longest_corridor),
            "solution_length": (None if self.solution_length is None
                                else float(self.solution_length)),
            "solution_share": (None if self.solution_length is None or not self.floor
                               else self.solution_tiles / self.floor),
        }

    def as_json(self) -> dict[str, object]:
        """Return the one-maze object of ``stats --json``: the figures, then the counts."""
        out: dict[str, object] = {"cells": self.cells}
        for key, value in self.figures().items():
            whole = key in ("longest_corridor", "solution_length") and value is not None
            out[key] = int(value) if whole and value is not None else value
        out["counts"] = {key: getattr(self, key) for key in SHARES}
        out["floor"] = self.floor
        return out


@dataclass(frozen=True)
class Openings:
    """Which way each cell is joined: four bool arrays over the cell grid, and the cells."""

    cells: np.ndarray  # (R, C) bool: the cell is walkable
    north: np.ndarray
    east: np.ndarray
    south: np.ndarray
    west: np.ndarray

    @property
    def degree(self) -> np.ndarray:
        """Return each cell's number of openings (0 for a tile that is no cell)."""
        return (self.north.astype(np.uint8) + self.east + self.south + self.west)


def openings(tiles: np.ndarray) -> Openings:
    """Return the openings of every cell of ``tiles`` (cells on odd rows and columns)."""
    walk = kinds.walkable(tiles)
    rows, cols = walk.shape
    r_cells, c_cells = rows // 2, cols // 2
    cells = walk[1 : 2 * r_cells : 2, 1 : 2 * c_cells : 2]
    # the tile between cell (i, j) and (i, j + 1), and between (i, j) and (i + 1, j)
    across = walk[1 : 2 * r_cells : 2, 2 : 2 * c_cells - 1 : 2] & cells[:, :-1] & cells[:, 1:]
    down = walk[2 : 2 * r_cells - 1 : 2, 1 : 2 * c_cells : 2] & cells[:-1, :] & cells[1:, :]
    north = np.zeros_like(cells)
    east = np.zeros_like(cells)
    south = np.zeros_like(cells)
    west = np.zeros_like(cells)
    east[:, :-1] = across
    west[:, 1:] = across
    south[:-1, :] = down
    north[1:, :] = down
    return Openings(cells, north, east, south, west)


def measure(maze: Maze, *, solution_length: Optional[int] = None,
            solution_tiles: Optional[int] = None) -> MazeStats:
    """Return the statistics of ``maze``; its solution is searched unless given."""
    if solution_length is None or solution_tiles is None:
        solution_length, solution_tiles = shortest_solution(maze)
    return _drain(_measure_steps(maze, (solution_length, solution_tiles)))


class Measuring:
    """The statistics of one maze measured a slice at a time (a frame spends milliseconds).

    The same figures as :func:`measure`: the cell counts at once, then the longest
    corridor a round of labels at a time, then the solution's search a batch of states at
    a time.
    """

    #: Search states taken between two looks at the clock.
    BATCH = 512

    def __init__(self, maze: Maze) -> None:
        self.maze = maze
        self.stats: Optional[MazeStats] = None
        self._steps = _measure_steps(maze, None)

    @property
    def done(self) -> bool:
        """Return True once every figure is measured."""
        return self.stats is not None

    def advance(self, budget: float) -> Optional[MazeStats]:
        """Measure for about ``budget`` seconds (at least one slice); return the stats once done."""
        deadline = time.perf_counter() + budget
        while self.stats is None:
            try:
                next(self._steps)
            except StopIteration as end:
                self.stats = end.value
                break
            if time.perf_counter() >= deadline:
                break
        return self.stats


Steps = Generator[None, None, MazeStats]


def _drain(steps: Steps) -> MazeStats:
    """Run ``steps`` to the end and return its statistics."""
    while True:
        try:
            next(steps)
        except StopIteration as end:
            return end.value


def _measure_steps(maze: Maze, solution: Optional[tuple[Optional[int], int]]) -> Steps:
    """Measure ``maze`` in slices (a yield between two); its solution is searched unless given."""
    o = openings(maze.tiles)
    yield None
    degree = o.degree
    two = o.cells & (degree == 2)
    straight = two & ((o.north & o.south) | (o.east & o.west))
    yield None
    counts = dict(
        cells=int(o.cells.sum()),
        dead_ends=int((o.cells & (degree == 1)).sum()),
        straights=int(straight.sum()),
        turns=int((two & ~straight).sum()),
        junctions=int((o.cells & (degree >= 3)).sum()),
        floor=int(kinds.walkable(maze.tiles).sum()),
    )
    yield None
    longest = yield from _longest_run_steps(o, two)
    if solution is None:
        solution = yield from _solution_steps(maze, Measuring.BATCH)
    return MazeStats(**counts, longest_corridor=longest, solution_length=solution[0],
                     solution_tiles=solution[1])


def _solution_steps(maze: Maze, batch: int) -> Generator[None, None, tuple[Optional[int], int]]:
    """Search the shortest solution ``batch`` states at a time; return its length and tiles."""
    from game.maze.solvers import Solution, shortest_slices

    items: Iterator[object] = shortest_slices(maze, maze.start, maze.goal)
    taken = 0
    for item in items:
        if isinstance(item, Solution):
            if item.path is None:
                return None, 0
            return len(item.path) - 1, len(set(item.path))
        taken += 1
        if taken % batch == 0:
            yield None
    raise RuntimeError("a solver ended without a Solution")


def shortest_solution(maze: Maze) -> tuple[Optional[int], int]:
    """Return the shortest solution's length in moves (None: none) and the tiles it covers."""
    from game.maze.solvers import solve

    found = solve(maze, "bfs")
    if found.path is None:
        return None, 0
    return len(found.path) - 1, len(set(found.path))


def longest_run(o: Openings, members: np.ndarray) -> int:
    """Return the most cells of ``members`` joined to one another in one piece.

    The pieces are found by label propagation with pointer jumping (each round halves the
    longest chain of labels), so a corridor of a million cells takes about twenty rounds.
    """
    return _drain_int(_longest_run_steps(o, members))


def _drain_int(steps: Generator[None, None, int]) -> int:
    """Run ``steps`` to the end and return its number."""
    while True:
        try:
            next(steps)
        except StopIteration as end:
            return int(end.value)


def _longest_run_steps(o: Openings, members: np.ndarray) -> Generator[None, None, int]:
    """Find :func:`longest_run`'s answer, yielding between two rounds of the labels."""
    count = int(members.sum())
    if count == 0:
        return 0
    _, cols = members.shape
    joined_east = (o.east & members)[:, :-1] & members[:, 1:]
    joined_south = (o.south & members)[:-1, :] & members[1:, :]
    yield None
    a = np.concatenate([np.flatnonzero(np.pad(joined_east, ((0, 0), (0, 1)))),
                        np.flatnonzero(np.pad(joined_south, ((0, 1), (0, 0))))])
    b = np.concatenate([np.flatnonzero(np.pad(joined_east, ((0, 0), (1, 0)))),
                        np.flatnonzero(np.pad(joined_south, ((1, 0), (0, 0))))])
    if not len(a):
        return 1
    yield None
    label = np.arange(members.size, dtype=np.int64)
    while True:
        la, lb = label[a], label[b]
        if np.array_equal(la, lb):
            break
        low = np.minimum(la, lb)
        np.minimum.at(label, la, low)  # hook each root onto the smaller label
        np.minimum.at(label, lb, low)
        while True:  # then point every cell at its root
            jumped = label[label]
            if np.array_equal(jumped, label):
                break
            label = jumped
            yield None
        yield None
    sizes = np.bincount(label[members.ravel()])
    return int(sizes.max())


@dataclass(frozen=True)
class Summary:
    """The figures of several mazes: each one's mean and spread (sample standard deviation)."""

    count: int
    mean: dict[str, Optional[float]]
    spread: dict[str, Optional[float]]

    def as_json(self) -> dict[str, object]:
        """Return the means under the figures' own keys, the spreads under ``"spread"``."""
        out: dict[str, object] = {"mazes": self.count}
        out.update(self.mean)
        out["spread"] = dict(self.spread)
        return out


def summarize(stats: Sequence[MazeStats]) -> Summary:
    """Return the mean and spread of each figure over ``stats``.

    A maze without a solution leaves the solution's figures out.
    """
    if not stats:
        raise ValueError("no mazes to summarize")
    mean: dict[str, Optional[float]] = {}
    spread: dict[str, Optional[float]] = {}
    figures = [s.figures() for s in stats]
    for key in KEYS:
        values = np.array([f[key] for f in figures if f[key] is not None], dtype=float)
        if not len(values):
            mean[key] = spread[key] = None
            continue
        mean[key] = float(values.mean())
        spread[key] = float(values.std(ddof=1)) if len(values) > 1 else 0.0
    return Summary(len(stats), mean, spread)
