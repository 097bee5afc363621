"""The keyed depth-first run skips dead ends it walked before, and finds what the generator finds.

A dead end is a part of the maze with no key, door or goal in it and one way in, walked
to its end in some layer (some set of keys held): walking it again in another layer
marks nothing new and finds nothing, so the event-free run (``solve()``, the hint) does
not.  The event generators still walk it again and stay the reference: the same path,
keys, visited count and marks, on perfect mazes, mazes with loops (where a way round
means no dead end) and open floors, with one to four keys.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from game.maze import tiles as kinds
from game.maze.generators import generate
from game.maze.grid import FLOOR, WALL, Maze
from game.maze.locks import KeysDoNotFit
from game.maze.solvers import SOLVERS, VISIT, Solution, solve, solve_marked
from game.maze.solvers import dfs
from game.maze.solvers.keyed import has_keys
from game.maze.solvers.keyed_depth import MARKED
from tests.maze.test_keys import assert_legal_walk

#: The solvers whose keyed search is depth-first (game.maze.solvers.keyed_depth).
DEPTH = ["dfs", "stack"]


def generated(seed: int) -> Maze:
    """Return a random generated maze with 1-4 keys: perfect, with loops, or with rooms."""
    rng = random.Random(seed)
    name = rng.choice(["prim", "backtracker", "division", "kruskal"])
    loops = rng.choice([0.0, 0.0, 0.05, 0.3])
    rows, cols = rng.randrange(9, 45, 2), rng.randrange(9, 45, 2)
    keys = rng.randint(1, 4)
    while True:
        try:
            return generate(name, rows=rows, cols=cols, seed=seed, loops=loops, keys=keys)
        except KeysDoNotFit:
            keys -= 1  # a narrow maze has room for fewer


def open_floor(seed: int) -> Maze:
    """Return a random open floor, walls scattered, with 1-4 keys and their doors."""
    rng = np.random.default_rng(seed)
    rows, cols = (int(v) for v in rng.integers(5, 30, 2))
    tiles = np.full((rows, cols), FLOOR, dtype=np.uint8)
    tiles[rng.random(tiles.shape) < rng.choice([0.0, 0.2, 0.4])] = WALL
    for ch in "rgby"[: int(rng.integers(1, 5))]:
        tiles[tuple(rng.integers(0, (rows, cols)))] = kinds.kind_of(ch)
        tiles[tuple(rng.integers(0, (rows, cols)))] = kinds.kind_of(ch.upper())
    start = tuple(int(v) for v in rng.integers(0, (rows, cols)))
    goal = tuple(int(v) for v in rng.integers(0, (rows, cols)))
    tiles[start] = tiles[goal] = FLOOR
    return Maze(tiles, start, goal)


def reference(maze: Maze, solver: str) -> tuple[Solution, np.ndarray, int]:
    """Return the generator's Solution, the tiles its VISIT events named and how many."""
    seen = np.zeros(maze.tiles.shape, dtype=bool)
    visits = 0
    for item in SOLVERS[solver].explore(maze, maze.start, maze.goal):
        if isinstance(item, Solution):
            return item, seen, visits
        if item[0] == VISIT:
            seen[item[1], item[2]] = True
            visits += 1
    raise AssertionError("no Solution")


@pytest.mark.parametrize("make", [generated, open_floor])
@pytest.mark.parametrize("seed", range(60))
def test_skipping_dead_ends_keeps_the_generators_walk_visited_and_marks(make: object,
                                                                       seed: int) -> None:
    maze = make(seed)  # type: ignore[operator]
    if not has_keys(maze):
        return
    for solver in DEPTH:
        expected, seen, _ = reference(maze, solver)
        quiet = solve_marked(maze, solver, maze.start, maze.goal)
        assert quiet is not None
        assert quiet[0] == expected
        assert (quiet[1] == seen).all()
        if expected.found:
            assert_legal_walk(maze, quiet[0])


def states(maze: Maze) -> int:
    """Return how many (tile, keys held) states the event-free dfs marks on ``maze``."""
    grid, _ = dfs.KEYED.run(maze, maze.start, maze.goal)
    return sum(int(np.count_nonzero(np.frombuffer(layer, dtype=np.uint8) >= MARKED))
               for layer in grid.layers.values())


def test_a_perfect_maze_s_dead_ends_are_not_walked_again_in_later_layers() -> None:
    maze = generate("prim", rows=101, cols=101, seed=1, keys=4)
    expected, _, visits = reference(maze, "dfs")
    assert solve(maze, "dfs") == expected
    assert states(maze) < 0.8 * visits  # the generator walks each layer's dead ends afresh


def test_a_loop_is_no_dead_end() -> None:
    # Start in a ring of floor whose only other way on is past the red door: with the
    # key held the walk may have to go round it again the other way.
    text = [
        "#########",
        "#S.....##",
        "#.###.###",
        "#.....R.E",
        "#.###.###",
        "#r..#####",
        "#########",
    ]
    tiles = np.array([[WALL if ch == "#" else FLOOR for ch in row] for row in text],
                     dtype=np.uint8)
    tiles[3, 6] = kinds.kind_of("R")
    tiles[5, 1] = kinds.kind_of("r")
    maze = Maze(tiles, (1, 1), (3, 8))
    for solver in DEPTH:
        expected, seen, _ = reference(maze, solver)
        quiet = solve_marked(maze, solver, maze.start, maze.goal)
        assert quiet is not None and quiet[0] == expected and (quiet[1] == seen).all()
        assert_legal_walk(maze, quiet[0])
