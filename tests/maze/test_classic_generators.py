"""The classic generators of the complete lab: the mazes each one promises.

With no loops every one makes a perfect maze (its cells and open walls are a spanning
tree, checked with networkx); binary-tree's top row and right column and sidewinder's
top row are single corridors; wilson and aldous-broder draw every spanning tree of a
tiny grid equally often (all 192 trees of 3x3 cells, chi-square), which the backtracker,
for contrast, does not; growing-tree's policies give the textures they are named for.
"""

from __future__ import annotations

from collections import Counter

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.maze.generators import GENERATORS, generate
from game.maze.generators.growing_tree import POLICIES
from game.maze.grid import FLOOR, Maze

CLASSIC = ["kruskal", "wilson", "aldous-broder", "eller", "hunt-and-kill", "growing-tree",
           "sidewinder", "binary-tree"]
odd_sizes = st.integers(min_value=1, max_value=12).map(lambda n: 2 * n + 1)


def cell_graph(maze: Maze) -> nx.Graph:
    """Return the cells of ``maze`` as nodes, joined where the wall between them is open."""
    t = maze.tiles
    graph = nx.Graph()
    for r in range(1, maze.rows, 2):
        for c in range(1, maze.cols, 2):
            graph.add_node((r, c))
            if r + 2 < maze.rows and t[r + 1, c] == FLOOR:
                graph.add_edge((r, c), (r + 2, c))
            if c + 2 < maze.cols and t[r, c + 1] == FLOOR:
                graph.add_edge((r, c), (r, c + 2))
    return graph


def dead_end_share(maze: Maze) -> float:
    """Return the share of cells with exactly one open side."""
    t = maze.tiles
    sides = t[0:-1:2, 1::2] + t[2::2, 1::2] + t[1::2, 0:-1:2] + t[1::2, 2::2]
    return float((sides == 1).mean())


def test_the_eight_classic_generators_are_registered() -> None:
    assert set(CLASSIC) <= set(GENERATORS)
    assert all(GENERATORS[name].trace is not None and GENERATORS[name].code is not None
               for name in CLASSIC)


@pytest.mark.parametrize("name", CLASSIC)
@settings(max_examples=30, deadline=None)
@given(rows=odd_sizes, cols=odd_sizes, seed=st.integers(0, 2**32 - 1),
       policy=st.sampled_from([None, 1, 2, 3]))
def test_no_loops_makes_a_perfect_maze(
    name: str, rows: int, cols: int, seed: int, policy: int | None
) -> None:
    options = {"policy": policy} if name == "growing-tree" else {}
    maze = generate(name, rows=rows, cols=cols, seed=seed, **options)
    graph = cell_graph(maze)
    assert (maze.tiles[1::2, 1::2] == FLOOR).all(), "every cell is reached"
    assert (maze.tiles[::2, ::2] != FLOOR).all(), "no post is opened"
    assert nx.is_tree(graph), "the cells are connected without a cycle"


@settings(max_examples=40, deadline=None)
@given(rows=odd_sizes, cols=odd_sizes, seed=st.integers(0, 2**32 - 1))
def test_binary_tree_opens_north_or_east_so_top_row_and_right_column_are_corridors(
    rows: int, cols: int, seed: int
) -> None:
    t = generate("binary-tree", rows=rows, cols=cols, seed=seed).tiles
    assert (t[1, 1:-1] == FLOOR).all(), "the top row of cells is one corridor"
    assert (t[1:-1, -2] == FLOOR).all(), "the right column of cells is one corridor"
    # No cell opens south or west to a cell that did not open towards it: every cell
    # but the top-right one has exactly one opening north or east.
    north = t[0:-2:2, 1::2][1:] == FLOOR  # the wall above each cell below the top row
    east = t[1::2, 2:-1:2] == FLOOR
    opened = np.zeros(((rows - 1) // 2, (cols - 1) // 2), dtype=int)
    opened[1:] += north
    opened[:, :-1] += east
    opened[0, -1] += 1  # the root opens neither
    assert (opened == 1).all()


@settings(max_examples=40, deadline=None)
@given(rows=odd_sizes, cols=odd_sizes, seed=st.integers(0, 2**32 - 1))
def test_sidewinders_top_row_is_one_corridor(rows: int, cols: int, seed: int) -> None:
    t = generate("sidewinder", rows=rows, cols=cols, seed=seed).tiles
    assert (t[1, 1:-1] == FLOOR).all()
    # Below the top row, each run (cells joined east) opens north exactly once.
    for r in range(3, rows - 1, 2):
        run_norths = 0
        for c in range(1, cols - 1, 2):
            run_norths += int(t[r - 1, c] == FLOOR)
            if c + 1 == cols - 1 or t[r, c + 1] != FLOOR:  # the run ends here
                assert run_norths == 1
                run_norths = 0


#: The number of spanning trees of the 3x3 grid graph (Kirchhoff's matrix-tree theorem).
TREES_3X3 = 192
SAMPLES_PER_TREE = 40


def chi_square_over_trees(name: str) -> tuple[int, float]:
    """Return how many of the 3x3 grid's trees ``name`` drew, and the chi-square statistic."""
    draws = TREES_3X3 * SAMPLES_PER_TREE
    counts = Counter(generate(name, rows=7, cols=7, seed=seed).tiles.tobytes()
                     for seed in range(draws))
    expected = draws / TREES_3X3
    observed = list(counts.values()) + [0] * (TREES_3X3 - len(counts))
    return len(counts), sum((o - expected) ** 2 / expected for o in observed)


def test_the_3x3_grid_has_192_spanning_trees() -> None:
    graph = nx.grid_2d_graph(3, 3)
    nodes = list(graph)
    laplacian = np.diag([graph.degree(n) for n in nodes]).astype(float)
    for a, b in graph.edges:
        laplacian[nodes.index(a), nodes.index(b)] = laplacian[nodes.index(b), nodes.index(a)] = -1
    assert round(np.linalg.det(laplacian[1:, 1:])) == TREES_3X3


# With 191 degrees of freedom the statistic has mean 191 and standard deviation 19.5:
# 300 is more than five deviations out, and a biased generator lands far beyond it.
CHI_SQUARE_BOUND = 300.0


@pytest.mark.parametrize("name", ["wilson", "aldous-broder"])
def test_uniform_generators_draw_every_spanning_tree_equally_often(name: str) -> None:
    trees, statistic = chi_square_over_trees(name)
    assert trees == TREES_3X3
    assert statistic < CHI_SQUARE_BOUND


def test_the_uniformity_check_tells_a_biased_generator() -> None:
    _, statistic = chi_square_over_trees("backtracker")
    assert statistic > 3 * CHI_SQUARE_BOUND


def test_growing_tree_policies_give_their_textures() -> None:
    shares = {policy: np.mean([dead_end_share(generate("growing-tree", rows=41, cols=41,
                                                       seed=seed, policy=i))
                               for seed in range(6)])
              for i, policy in enumerate(POLICIES)}
    newest = np.mean([dead_end_share(generate("backtracker", rows=41, cols=41, seed=seed))
                      for seed in range(6)])
    assert abs(shares["newest"] - newest) < 0.04  # the backtracker's long corridors
    assert shares["random"] > 2 * shares["newest"]  # Prim's many short branches
    assert shares["newest"] < shares["mix"] < shares["random"]


def test_no_policy_is_the_newest() -> None:
    assert generate("growing-tree", rows=21, cols=21, seed=3) == generate(
        "growing-tree", rows=21, cols=21, seed=3, policy=0)


@pytest.mark.parametrize("policy", [-1, 4, 1.5, True, "newest"])
def test_a_bad_policy_is_refused_with_the_choices(policy: object) -> None:
    with pytest.raises(ValueError, match="newest, random, oldest, mix"):
        generate("growing-tree", rows=21, cols=21, seed=3, policy=policy)  # type: ignore[arg-type]
