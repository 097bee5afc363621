"""Keys and doors stay where they were: codes are shared and the daily maze is one code.

The hashes below were taken from the commit before key placement moved to numpy passes
over a perfect maze's Euler tour (issue 23.1); the two ways of working the plan out (the
tour and the tile-by-tile walk) must agree on every maze the tour takes.
"""

from __future__ import annotations

import hashlib
from typing import Any

import numpy as np
import pytest

from game.maze.generators import GENERATORS, generate
from game.maze.locks import _Plan
from game.maze.tiles import walkable
from game.maze.tour import tree_facts

#: (generator, options, the first 16 hex digits of the SHA-256 of the keyed maze's tiles).
PINNED: list[tuple[str, dict[str, Any], str]] = [
    ("prim", {"rows": 61, "cols": 61, "seed": 1, "keys": 4}, "8abe92845ffd7fd0"),
    ("backtracker", {"rows": 101, "cols": 51, "seed": 7, "keys": 3}, "929d6666ccc0bab5"),
    ("division", {"rows": 81, "cols": 81, "seed": 2, "keys": 4}, "c0545642a946f164"),
    ("dig", {"rows": 51, "cols": 101, "seed": 42, "keys": 2}, "940bf70b4cfe6bd1"),
    ("kruskal", {"rows": 41, "cols": 41, "seed": 3, "keys": 1}, "070598d6fa70bb80"),
    ("prim", {"rows": 61, "cols": 61, "seed": 5, "keys": 4, "loops": 0.05}, "eb2e66ae7a406bc7"),
    ("division", {"rows": 81, "cols": 81, "seed": 9, "keys": 3, "room_size": 4},
     "2e39ff717f2ebf80"),
    ("backtracker", {"rows": 301, "cols": 301, "seed": 2024, "keys": 4}, "2cef285d9d2bc9ee"),
]


@pytest.mark.parametrize(("name", "options", "digest"), PINNED)
def test_a_keyed_maze_is_the_same_as_before(name: str, options: dict[str, Any],
                                            digest: str) -> None:
    maze = generate(name, **options)
    assert hashlib.sha256(maze.tiles.tobytes()).hexdigest()[:16] == digest


def _same_plan(tour: _Plan, walked: _Plan) -> bool:
    """Return True when two plans have the same doors, hiding places, slots and distances."""
    a, b = np.argsort(tour.hidden), np.argsort(walked.hidden)
    return (tour.bottlenecks == walked.bottlenecks and tour.sizes == walked.sizes
            and np.array_equal(tour.hidden[a], walked.hidden[b])
            and np.array_equal(tour.hidden_slot[a], walked.hidden_slot[b])
            and np.array_equal(tour.hidden_away[a], walked.hidden_away[b]))


@pytest.mark.parametrize("name", sorted(GENERATORS))
def test_the_tour_and_the_tile_walk_make_the_same_plan(name: str) -> None:
    taken = 0
    for rows, cols in ((3, 3), (3, 9), (9, 3), (7, 9), (21, 21), (31, 61), (61, 31)):
        for seed in range(3):
            maze = generate(name, rows=rows, cols=cols, seed=seed)
            taken += tree_facts(walkable(maze.tiles), maze.start, maze.goal) is not None
            assert _same_plan(_Plan(maze), _Plan(maze, tour=False)), (rows, cols, seed)
    assert taken == 21  # every perfect maze is a tree the tour takes


def test_the_tour_leaves_loops_islands_and_a_closed_start_to_the_tile_walk() -> None:
    maze = generate("prim", rows=21, cols=21, seed=1)
    walk = walkable(maze.tiles)
    assert tree_facts(walk, maze.start, maze.goal) is not None
    looped = walk.copy()
    looped[1:4, 1:4] = True  # a room: a loop
    assert tree_facts(looped, maze.start, maze.goal) is None
    island = np.pad(walk, ((0, 0), (0, 4)))
    island[5:7, -3:-1] = True  # a 2x2 island: 4 tiles, 4 passages, so still edges = tiles - 1
    assert tree_facts(island, maze.start, maze.goal) is None  # the walk misses the island
    assert tree_facts(walk, maze.start, maze.start) is None
