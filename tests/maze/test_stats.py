"""Maze statistics: counted right on hand-made mazes, and the known figures on many seeds.

The figures each generator is known for are Jamis Buck's (*Mazes for Programmers*, the
appendix comparing the algorithms: Aldous-Broder and Wilson's about 30 % dead ends, the
recursive backtracker and hunt-and-kill about 10 %, the binary tree 25 %) and Walter
Pullen's (Think Labyrinth: sidewinder 27 %, Eller 28 %, Kruskal 30 %); a uniform spanning
tree of a large grid has ``8/pi**2 * (1 - 2/pi)`` = 29.4 % of its cells as dead ends.
"""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.maze.formats import parse_maze
from game.maze.generators import GENERATORS, generate
from game.maze.stats import UNIFORM_DEAD_ENDS, measure, summarize

# Cells at odd rows and columns: 12 of them, counted by hand.
#   dead ends (1,1) (3,3) (5,7): the entrance and the exit lead to no cell
#   straights (1,5) (3,1) (5,3); turns (1,3) (1,7) (3,5) (5,1) (5,5); junction (3,7)
#   longest corridor: (3,1) (5,1) (5,3) (5,5) (3,5), five cells with two openings each
SMALL = """\
#########
S.#.....#
#.#.###.#
#.#.#...#
#.###.#.#
#.....#.E
#########
"""

# A crossroads in the middle, a loop around it; the corners are turns, the edges' middles
# T-junctions pointing in.
LOOP = """\
#######
S.....#
#.#.#.#
#.....#
#.#.#.#
#.....E
#######
"""

# No way from S to E: the wall splits the floor.
SPLIT = """\
#######
S...#.#
###.#.#
#...#.E
#######
"""


def test_a_hand_made_maze_is_counted_cell_by_cell() -> None:
    stats = measure(parse_maze(SMALL))
    assert (stats.cells, stats.dead_ends, stats.straights, stats.turns, stats.junctions) == (
        12, 3, 3, 5, 1)
    assert stats.longest_corridor == 5
    assert stats.solution_length == 16 and stats.floor == 25
    figures = stats.figures()
    assert figures["dead_ends"] == pytest.approx(3 / 12)
    assert figures["solution_share"] == pytest.approx(17 / 25)


def test_a_loop_has_a_crossroads_four_turns_and_no_dead_end() -> None:
    stats = measure(parse_maze(LOOP))
    assert (stats.cells, stats.dead_ends, stats.straights, stats.turns, stats.junctions) == (
        9, 0, 0, 4, 5)
    assert stats.longest_corridor == 1  # the corners touch only junctions
    assert stats.solution_length == 10


def test_a_maze_without_a_way_through_has_no_solution_figures() -> None:
    stats = measure(parse_maze(SPLIT))
    assert stats.solution_length is None
    assert stats.figures()["solution_share"] is None
    assert (stats.dead_ends, stats.turns) == (4, 2)  # each side: two dead ends, one turn
    assert stats.as_json()["solution_length"] is None


def test_summarize_gives_means_and_sample_spreads() -> None:
    a, b = measure(parse_maze(SMALL)), measure(parse_maze(LOOP))
    summary = summarize([a, b])
    assert summary.count == 2
    assert summary.mean["dead_ends"] == pytest.approx((3 / 12 + 0) / 2)
    assert summary.spread["dead_ends"] == pytest.approx(abs(3 / 12 - 0) / 2 ** 0.5)
    assert summarize([a]).spread["turns"] == 0.0
    with pytest.raises(ValueError):
        summarize([])


@pytest.mark.parametrize("name", sorted(GENERATORS))
def test_every_generator_counts_every_cell_once(name: str) -> None:
    maze = generate(name, rows=31, cols=41, seed=7)
    stats = measure(maze)
    assert stats.cells == int((maze.tiles[1::2, 1::2] != 0).sum())
    if name != "dig":  # dig digs tiles, not cells: some odd-odd tiles stay wall
        assert stats.cells == 15 * 20
        assert stats.dead_ends + stats.straights + stats.turns + stats.junctions == stats.cells


#: (generator, lowest, highest mean share of dead ends over 12 mazes of 61x61)
KNOWN_DEAD_ENDS = [
    ("wilson", 0.28, 0.305),
    ("aldous-broder", 0.28, 0.305),
    ("kruskal", 0.29, 0.32),
    ("eller", 0.28, 0.31),
    ("backtracker", 0.08, 0.12),
    ("hunt-and-kill", 0.08, 0.12),
    ("binary-tree", 0.235, 0.265),
    ("sidewinder", 0.26, 0.29),
]


@pytest.mark.parametrize("name,low,high", KNOWN_DEAD_ENDS)
def test_the_known_dead_end_figures(name: str, low: float, high: float) -> None:
    summary = summarize([measure(generate(name, rows=61, cols=61, seed=seed))
                         for seed in range(1, 13)])
    assert low <= summary.mean["dead_ends"] <= high  # type: ignore[operator]


def test_a_uniform_spanning_tree_matches_the_exact_figure_on_a_large_grid() -> None:
    stats = measure(generate("wilson", rows=401, cols=401, seed=5))
    assert stats.figures()["dead_ends"] == pytest.approx(UNIFORM_DEAD_ENDS, abs=0.006)


def test_the_backtracker_winds_in_long_corridors_the_uniform_trees_do_not() -> None:
    long = summarize([measure(generate("backtracker", rows=61, cols=61, seed=s))
                      for s in range(1, 7)])
    short = summarize([measure(generate("wilson", rows=61, cols=61, seed=s))
                       for s in range(1, 7)])
    assert long.mean["longest_corridor"] > 3 * short.mean["longest_corridor"]  # type: ignore
    assert long.mean["solution_share"] > 2 * short.mean["solution_share"]  # type: ignore


def test_a_1001_maze_is_measured_in_well_under_a_second() -> None:
    maze = generate("backtracker", rows=1001, cols=1001, seed=1)
    began = time.perf_counter()
    stats = measure(maze)
    assert time.perf_counter() - began < 2.0  # about 0.3 s here, its solution included
    assert stats.cells == 500 * 500


PERFECT = sorted(name for name in GENERATORS if name != "dig")  # dig digs tiles, not cells


@settings(max_examples=40, deadline=None)
@given(name=st.sampled_from(PERFECT), seed=st.integers(0, 10_000),
       half_rows=st.integers(1, 12), half_cols=st.integers(1, 12))
def test_a_perfect_maze_has_two_more_dead_ends_than_its_junctions_branch(
        name: str, seed: int, half_rows: int, half_cols: int) -> None:
    # a tree on n cells has n - 1 joins: the openings add up to 2(n - 1), so the dead ends
    # are 2 plus one per junction's third opening and one more per fourth
    stats = measure(generate(name, rows=2 * half_rows + 1, cols=2 * half_cols + 1, seed=seed))
    if stats.cells == 1:
        assert stats.dead_ends == 0
        return
    assert stats.junctions + 2 <= stats.dead_ends <= 2 * stats.junctions + 2
    assert stats.solution_length is not None


@pytest.mark.parametrize("name", ["backtracker", "division", "prim"])
def test_measuring_a_slice_at_a_time_gives_the_figures_measure_gives(name: str) -> None:
    from game.maze.stats import Measuring

    maze = generate(name, rows=201, cols=201, seed=3)
    measuring = Measuring(maze)
    slices = 0
    while measuring.advance(0.0) is None:  # one slice a call
        slices += 1
    assert slices > 10  # the search alone is many batches: no slice is the whole of it
    assert measuring.done and measuring.stats == measure(maze)


def test_measuring_a_keyed_maze_finds_the_keyed_solution() -> None:
    from game.maze.stats import Measuring

    maze = parse_maze("#######\n#r....#\n#.###.#\nS...R.E\n#######\n")  # back for the key
    measuring = Measuring(maze)
    while measuring.advance(0.0) is None:
        pass
    assert measuring.stats == measure(maze)
