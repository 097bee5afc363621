"""The keyed searches without events give the generators' answers: walk, keys, visited, marks.

``solve()`` and the hint's Space run a maze with keys through each solver's ``run_keyed``
(breadth-first a level at a time, numpy for a wide level); these check them against
draining the event generators, which stay the reference, on many random keyed mazes,
solvable or not, with the wide-level threshold forced both ways.
"""

from __future__ import annotations

import random
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.maze import tiles as kinds
from game.maze.grid import FLOOR, WALL, Maze
from game.maze.solvers import (SOLVERS, VISIT, Solution, drain, explore_keyed, shortest_slices,
                               solve,
                               solve_marked, solve_marked_sliced)
from game.maze.generators import generate
from game.maze.solvers import keyed, keyed_grid, keyed_levels

#: The solvers that can search a maze with keys, and those of them with an event-free run.
KEYED = [name for name, info in SOLVERS.items() if info.keys]
QUIET = [name for name in KEYED if SOLVERS[name].run is not None]


def keyed_maze(seed: int) -> Maze:
    """Return a random maze of floor, walls, keys and doors up to 24x24, ends on floor.

    Mostly floor, so levels grow wide; walls and doors often cut the exit off.
    """
    rng = random.Random(seed)
    rows, cols = rng.randint(2, 24), rng.randint(2, 24)
    keys = [kinds.kind_of(ch) for ch in "rgby"[: rng.randint(1, 4)]]
    doors = [kinds.kind_of(ch.upper()) for ch in "rgby"[: rng.randint(1, 4)]]
    walls = rng.randint(0, 12)
    pool = [FLOOR] * 20 + [WALL] * walls + keys + doors * rng.randint(1, 4)
    tiles = np.array([[rng.choice(pool) for _ in range(cols)] for _ in range(rows)],
                     dtype=np.uint8)
    floor = [(r, c) for r in range(rows) for c in range(cols)]
    start, goal = rng.choice(floor), rng.choice(floor)
    tiles[goal] = FLOOR
    if rng.random() < 0.8:
        tiles[start] = FLOOR  # else the start may be a key (held from the start) or a door
    if not kinds.has_locks(tiles):
        tiles[rng.choice(floor)] = keys[0]
    return Maze(tiles, start, goal)


def reference(maze: Maze, solver: str) -> tuple[Solution, np.ndarray]:
    """Return the generator's Solution and the tiles its VISIT events named."""
    seen = np.zeros(maze.tiles.shape, dtype=bool)
    for item in SOLVERS[solver].explore(maze, maze.start, maze.goal):
        if isinstance(item, Solution):
            return item, seen
        if item[0] == VISIT:
            seen[item[1], item[2]] = True
    raise AssertionError("no Solution")


@pytest.mark.parametrize("wide", [1, 10**9])
@settings(max_examples=250, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_the_keyed_runs_give_the_generators_walk_visited_and_marks(seed: int, wide: int) -> None:
    maze = keyed_maze(seed)
    if not keyed.has_keys(maze) or not maze.walkable(maze.start):
        return
    old = keyed_levels.WIDE_LEVEL
    keyed_levels.WIDE_LEVEL = wide  # 1: every level in numpy; 10**9: every level state by state
    try:
        for solver in QUIET:
            expected, seen = reference(maze, solver)
            quiet = solve_marked(maze, solver, maze.start, maze.goal)
            assert quiet is not None
            solution, marks = quiet
            assert solution == expected
            assert (marks == seen).all()
            assert solve(maze, solver) == expected
    finally:
        keyed_levels.WIDE_LEVEL = old


def test_a_wide_open_floor_with_keys_takes_the_generators_walk() -> None:
    rng = np.random.default_rng(3)
    tiles = np.full((60, 60), FLOOR, dtype=np.uint8)
    tiles[rng.random(tiles.shape) < 0.1] = WALL
    for ch in "rgby":
        tiles[tuple(rng.integers(1, 59, 2))] = kinds.kind_of(ch)
        tiles[tuple(rng.integers(1, 59, 2))] = kinds.kind_of(ch.upper())
    tiles[0, 0] = tiles[59, 59] = FLOOR
    maze = Maze(tiles, (0, 0), (59, 59))
    for solver in KEYED:
        assert solve(maze, solver) == drain(SOLVERS[solver].explore(maze, maze.start, maze.goal))


def test_a_key_walled_in_means_no_path_with_every_tile_reached_counted() -> None:
    tiles = np.full((40, 40), FLOOR, dtype=np.uint8)
    tiles[10, 9:12] = tiles[12, 9:12] = tiles[11, 9] = tiles[11, 11] = WALL
    tiles[11, 10] = kinds.kind_of("r")
    tiles[30, :] = kinds.kind_of("R")  # the only way on is the red door
    maze = Maze(tiles, (0, 0), (39, 39))
    for solver in KEYED:
        solution = solve(maze, solver)
        assert solution.path is None
        assert solution.visited == 30 * 40 - 9
        assert solution == drain(SOLVERS[solver].explore(maze, maze.start, maze.goal))


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 10**9), every=st.sampled_from([1, 3, 64]))
def test_the_sliced_shortest_search_ends_on_the_same_solution(seed: int, every: int) -> None:
    maze = keyed_maze(seed)
    if not keyed.has_keys(maze) or not maze.walkable(maze.start):
        return
    items = list(keyed.sliced_breadth_first("bfs", maze, maze.start, maze.goal,
                                            ((1, 0), (0, 1), (-1, 0), (0, -1)), every=every))
    assert all(item is None for item in items[:-1])
    assert items[-1] == solve(maze, "bfs")
    assert list(shortest_slices(maze, maze.start, maze.goal))[-1] == items[-1]


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 10**9), colours=st.sampled_from(["", "r", "gb", "rgby", "yr"]))
def test_tables_holding_keys_search_as_the_maze_with_those_keys_opened(seed: int,
                                                                      colours: str) -> None:
    maze = keyed_maze(seed)
    if not keyed.has_keys(maze) or not maze.walkable(maze.start):
        return
    opened = keyed.with_keys_held(maze, colours)
    tables = keyed.keyed_tables(maze).holding(colours)
    for solver in QUIET:
        expected = drain(SOLVERS[solver].explore(opened, opened.start, opened.goal))
        if keyed.has_keys(opened):
            assert drain(explore_keyed(solver, maze, maze.start, maze.goal, tables)) == expected
        quiet = solve_marked(maze, solver, maze.start, maze.goal, tables=tables)
        assert quiet is not None and quiet[0] == expected


def open_keyed_maze(seed: int) -> Maze:
    """Return a mostly open random maze up to 60x60 with every colour's keys and doors.

    Levels grow wide in several layers at once; doors often wall the goal in, so it is
    reached holding keys, after steps onto keys in the middle of wide levels.
    """
    rng = np.random.default_rng(seed)
    rows, cols = (int(v) for v in rng.integers(8, 61, 2))
    tiles = np.where(rng.random((rows, cols)) < 0.12, WALL, FLOOR).astype(np.uint8)
    for ch in "rgby"[: int(rng.integers(1, 5))]:
        for _ in range(int(rng.integers(1, 3))):
            tiles[tuple(rng.integers(0, (rows, cols)))] = kinds.kind_of(ch)
        for _ in range(int(rng.integers(1, 40))):
            tiles[tuple(rng.integers(0, (rows, cols)))] = kinds.kind_of(ch.upper())
    start = (int(rng.integers(0, rows)), int(rng.integers(0, cols)))
    goal = (int(rng.integers(0, rows)), int(rng.integers(0, cols)))
    tiles[start] = FLOOR
    if rng.random() < 0.5:  # a door round the goal: only a walker with its key gets in
        r, c = goal
        tiles[max(r - 1, 0) : r + 2, max(c - 1, 0) : c + 2] = kinds.kind_of("R")
    tiles[goal] = FLOOR
    return Maze(tiles, start, goal)


@pytest.mark.parametrize("wide", [1, 7, 60])
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_wide_levels_over_many_layers_give_the_generators_walk_visited_and_marks(
    seed: int, wide: int
) -> None:
    maze = open_keyed_maze(seed)
    old, part = keyed_levels.WIDE_LEVEL, keyed_levels.BAKE_PART
    keyed_levels.WIDE_LEVEL = wide  # levels go wide and narrow again as the search runs
    keyed_levels.BAKE_PART = 64  # new layers written in many parts, between slices
    try:
        for solver in QUIET:
            expected, seen = reference(maze, solver)
            quiet = solve_marked(maze, solver, maze.start, maze.goal)
            assert quiet is not None
            assert quiet[0] == expected
            assert (quiet[1] == seen).all()
            sliced = solve_marked_sliced(maze, solver, maze.start, maze.goal, every=97)
            assert sliced is not None
            while True:
                try:
                    next(sliced)
                except StopIteration as done:
                    assert done.value[0] == expected
                    assert (done.value[1] == seen).all()
                    break
    finally:
        keyed_levels.WIDE_LEVEL, keyed_levels.BAKE_PART = old, part


def test_has_keys_and_the_tables_find_exactly_the_keys_and_doors() -> None:
    for kind in range(len(kinds.KINDS)):  # every tile kind, alone on floor
        tiles = np.full((3, 4), FLOOR, dtype=np.uint8)
        tiles[1, 2] = kind
        maze = Maze(tiles, (0, 0), (2, 3))
        locked = kinds.has_locks(tiles)
        assert keyed.has_keys(maze) == locked
        assert keyed.keyed_tables(maze).spots.tolist() == ([1 * 5 + 2] if locked else [])


def test_a_sliced_bfs_gives_its_layers_back_and_keeps_its_marks(
        monkeypatch: pytest.MonkeyPatch) -> None:
    maze = generate("backtracker", rows=61, cols=61, seed=3, keys=3)
    monkeypatch.setattr(keyed_grid, "SEEN_PART", 4096)  # several parts to give back
    search = keyed.sliced_run("bfs", maze, maze.start, maze.goal,
                              ((1, 0), (0, 1), (-1, 0), (0, -1)), depth=False, every=7)
    while True:
        try:
            next(search)
        except StopIteration as done:
            grid, found = done.value
            break
    whole = solve_marked(maze, "bfs", maze.start, maze.goal)
    assert whole is not None
    assert found == whole[0] == solve(maze, "bfs")
    assert np.array_equal(grid.marks(maze.rows), whole[1])
    if sys.platform == "linux":  # a private map's pages given back read as zeros
        assert not any(np.frombuffer(layer, dtype=np.uint8).any() for layer in grid.layers.values())
