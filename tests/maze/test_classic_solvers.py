"""The classic solvers of the complete lab: what each promises beyond the shared table.

A* and Dijkstra find the cheapest path (the sum of what the tiles stepped onto cost),
A* marking no more than Dijkstra; the bidirectional search finds a shortest path; a
wall follower walks the outer wall of a maze whose ends lie on it, either hand; Trémaux
walks no passage more than twice; dead-end filling leaves exactly the route of a perfect
maze; greedy may be longer but gets out.  ``solve --json`` keeps its keys and adds
``"cost"``; a solver that cannot use keys refuses a keyed maze with one line and exit 2.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.maze.generators import GENERATORS, generate
from game.maze.grid import Maze
from game.maze.solvers import SOLVERS, drain, solve
from game.maze.solvers import wall_follower
from game.maze.tiles import path_cost, walkable

ROOT = Path(__file__).resolve().parents[2]
CLASSIC = ["astar", "greedy", "bidirectional", "dijkstra", "wall-follower", "tremaux",
           "dead-end-filling"]
mazes = st.tuples(st.sampled_from(sorted(GENERATORS)), st.integers(1, 10), st.integers(1, 10),
                  st.integers(0, 2**31), st.sampled_from([0.0, 0.3, 1.0]))


def build(case: tuple[str, int, int, int, float]) -> Maze:
    """Return the generated maze a drawn case names."""
    name, h, w, seed, loops = case
    return generate(name, rows=2 * h + 1, cols=2 * w + 1, seed=seed, loops=loops)


def shortest(maze: Maze) -> int:
    """Return the fewest moves from the maze's start to its goal (networkx)."""
    graph = nx.grid_2d_graph(maze.rows, maze.cols)
    graph.remove_nodes_from([tuple(p) for p in zip(*(~walkable(maze.tiles)).nonzero())])
    return int(nx.shortest_path_length(graph, maze.start, maze.goal))


def test_the_seven_classic_solvers_are_registered_with_their_pseudocode() -> None:
    assert set(CLASSIC) <= set(SOLVERS)
    assert all(SOLVERS[name].code is not None for name in CLASSIC)


@settings(max_examples=60, deadline=None)
@given(mazes)
def test_astar_and_dijkstra_find_the_cheapest_path_and_astar_marks_no_more(
        case: tuple[str, int, int, int, float]) -> None:
    maze = build(case)
    fewest = shortest(maze)
    a, d = solve(maze, "astar"), solve(maze, "dijkstra")
    assert a.path is not None and d.path is not None
    assert path_cost(maze.tiles, a.path) == path_cost(maze.tiles, d.path) == fewest
    assert a.visited <= d.visited


@settings(max_examples=60, deadline=None)
@given(mazes)
def test_bidirectional_and_dead_end_filling_find_a_shortest_path(
        case: tuple[str, int, int, int, float]) -> None:
    maze = build(case)
    fewest = shortest(maze)
    assert solve(maze, "bidirectional").length == fewest
    assert solve(maze, "dead-end-filling").length == fewest
    assert solve(maze, "greedy").length >= fewest


@settings(max_examples=60, deadline=None)
@given(mazes, st.sampled_from(sorted(wall_follower.HANDS)))
def test_either_hand_on_the_wall_gets_out_of_a_generated_maze(
        case: tuple[str, int, int, int, float], hand: str) -> None:
    maze = build(case)
    walk = drain(wall_follower.explore(maze, maze.start, maze.goal, hand=hand))
    assert walk.path is not None and walk.path[-1] == maze.goal
    assert all(abs(a - c) + abs(b - d) == 1 for (a, b), (c, d) in zip(walk.path, walk.path[1:]))


def test_the_two_hands_walk_different_ways() -> None:
    maze = generate("prim", rows=21, cols=21, seed=4)
    left, right = (drain(wall_follower.explore(maze, maze.start, maze.goal, hand=hand))
                   for hand in ("left", "right"))
    assert left.path != right.path


@settings(max_examples=60, deadline=None)
@given(mazes)
def test_tremaux_walks_no_passage_more_than_twice(case: tuple[str, int, int, int, float]) -> None:
    maze = build(case)
    walk = solve(maze, "tremaux").path
    assert walk is not None
    steps: dict[frozenset[tuple[int, int]], int] = {}
    for a, b in zip(walk, walk[1:]):
        steps[frozenset((a, b))] = steps.get(frozenset((a, b)), 0) + 1
    assert max(steps.values(), default=0) <= 2


def run_cli(*argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run ``python -m game`` with ``argv``."""
    return subprocess.run([sys.executable, "-m", "game", *argv], input=stdin, text=True,
                          capture_output=True, cwd=ROOT, timeout=120)


@pytest.mark.parametrize("solver", CLASSIC)
def test_solve_json_keeps_its_keys_and_adds_the_cost(solver: str) -> None:
    text = "#########\nS.#...#.#\n#.#.#.#.#\n#...#...#\n###.#####\n#.......E\n#########\n"
    done = run_cli("solve", "-", "--solver", solver, "--json", stdin=text)
    answer = json.loads(done.stdout)
    assert done.returncode == 0
    assert list(answer) == ["solver", "found", "length", "visited", "cost", "path", "start",
                            "goal", "keys"]
    assert answer["found"] and answer["cost"] == answer["length"] == len(answer["path"]) - 1


@pytest.mark.parametrize("solver", [name for name in CLASSIC if not SOLVERS[name].keys])
def test_a_solver_that_cannot_use_keys_refuses_a_keyed_maze_with_one_line(solver: str) -> None:
    done = run_cli("solve", "-", "--solver", solver, "--json", stdin="#####\nSr.RE\n#####\n")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (f"migong: error: <stdin>: the {solver} solver cannot solve a maze "
                           "with keys and doors (use a solver that can, such as bfs)\n")


def test_hand_picks_the_wall_followers_hand_and_is_checked() -> None:
    text = "#######\nS.....#\n#.###.#\n#.....#\n###E###\n"
    left = json.loads(run_cli("solve", "-", "--solver", "wall-follower", "--json",
                              stdin=text).stdout)
    right = json.loads(run_cli("solve", "-", "--solver", "wall-follower", "--hand", "right",
                               "--json", stdin=text).stdout)
    assert left["path"] != right["path"] and left["found"] and right["found"]
    wrong = run_cli("solve", "-", "--solver", "bfs", "--hand", "left", stdin=text)
    assert (wrong.returncode, wrong.stderr) == (
        2, "migong: error: --hand only applies to --solver wall-follower (got bfs)\n")
    bad = run_cli("solve", "-", "--solver", "wall-follower", "--hand", "up", stdin=text)
    assert (bad.returncode, bad.stderr) == (2, "migong: error: --hand must be left or right, "
                                               "got 'up'\n")
