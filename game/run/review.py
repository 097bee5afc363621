"""The review of a run: its walk against the shortest route, and where it lost time.

Pure (numpy only): the review scene draws what :func:`review` finds.

* efficiency: the fewest moves from entrance to exit over the moves made, in percent;
* dead ends entered: how often the walk stepped from the maze's through-ways into a
  dead end -- the tiles that remain when corridors closed at one end are pruned back
  from their tips until only tiles on some way between entrance and exit (or on a loop)
  are left; the shortest route's tiles are never pruned (with keys it goes into a
  spur for a key and back: no detour);
* revisits: the tiles walked onto more often than the shortest route walks them (with
  keys it walks some twice), and how often (the heat-map).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from game.maze import tiles as kinds
from game.maze.grid import Maze, Pos
from game.run.model import Run
from game.run.player import DIRECTIONS


@dataclass(frozen=True, eq=False)
class Review:
    """What a finished (or abandoned) run shows on the review screen."""

    moves: int
    fewest: int
    time: float
    efficiency: int  # percent, 0..100
    dead_ends: int
    revisited: int  # tiles stepped onto more than once
    heat: np.ndarray  # visits per tile (uint32, the maze's shape)
    walk: list[Pos]  # every tile stepped onto, in order, the entrance first
    route: list[Pos]  # a shortest route from entrance to exit (empty: there is none)


def review(maze: Maze, run: Run) -> Review:
    """Return the review of ``run`` on ``maze``."""
    from game.maze.solvers import SOLVERS, solve

    shortest = next(name for name, info in SOLVERS.items() if info.shortest)
    route = solve(maze, shortest).path or []
    fewest = max(0, len(route) - 1)
    moves = run.moves
    efficiency = 100 if moves == 0 else min(100, round(100 * fewest / moves))
    heat = extra_visits(run.visits, route)
    return Review(moves, fewest, run.elapsed, efficiency,
                  dead_ends_entered(dead_end_tiles(maze, route), run.trail),
                  int(np.count_nonzero(heat > 1)), heat, list(run.trail), list(route))


def extra_visits(visits: np.ndarray, route: Sequence[Pos]) -> np.ndarray:
    """Return the heat-map: 1 on a tile walked as often as ``route`` needs, 1 + each time more.

    Unwalked tiles are 0; every tile walked counts at least once.
    """
    need = np.ones(visits.shape, dtype=np.int64)
    if route:
        rows, cols = zip(*route)
        counts = np.zeros(visits.shape, dtype=np.int64)
        np.add.at(counts, (np.array(rows), np.array(cols)), 1)
        need = np.maximum(need, counts)
    extra = visits.astype(np.int64) - need
    return np.where(extra > 0, extra + 1, np.minimum(visits, 1)).astype(np.uint32)


def dead_end_tiles(maze: Maze, route: Sequence[Pos] = ()) -> np.ndarray:
    """Return a bool mask of the walkable tiles in dead ends (pruned back from their tips).

    Keys and doors are walkable; the tiles of ``route`` (a shortest one) are never pruned.
    """
    floor = kinds.walkable(maze.tiles)
    rows, cols = floor.shape
    padded = np.pad(floor, 1)
    degree = (padded[:-2, 1:-1].astype(np.int8) + padded[2:, 1:-1] + padded[1:-1, :-2]
              + padded[1:-1, 2:])
    degree[~floor] = 0
    keep = {maze.start, maze.goal, *route}
    dead = np.zeros_like(floor)
    tips = deque((int(r), int(c)) for r, c in zip(*np.nonzero(floor & (degree <= 1))))
    while tips:
        pos = tips.popleft()
        if pos in keep or dead[pos]:
            continue
        dead[pos] = True
        r, c = pos
        for dr, dc in DIRECTIONS:
            q = (r + dr, c + dc)
            if 0 <= q[0] < rows and 0 <= q[1] < cols and floor[q] and not dead[q]:
                degree[q] -= 1
                if degree[q] <= 1:
                    tips.append(q)
    return dead


def dead_ends_entered(dead: np.ndarray, walk: Sequence[Pos]) -> int:
    """Return how many times ``walk`` stepped from a through-way into a dead end."""
    return sum(1 for a, b in zip(walk, walk[1:]) if dead[b] and not dead[a])
