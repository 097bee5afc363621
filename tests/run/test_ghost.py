"""The solver ghost (pure): a depth-first ghost walks its whole search, backtracking
included, one adjacent step at a time; a breadth-first ghost thinks in proportion to the
tiles it explores, then walks the shortest route; the race names who arrived first."""

from __future__ import annotations

import pytest

from game.maze.formats import parse_maze
from game.maze.generators import GENERATORS
from game.maze.solvers import solve
from game.run.ghost import Ghost, race_result

T_JUNCTION = """\
#####
S...E
##.##
##.##
#####
"""


def test_a_dfs_ghost_walks_into_the_dead_end_and_back_out() -> None:
    ghost = Ghost(parse_maze(T_JUNCTION), "dfs", speed=2.0)
    walk = [ghost.at(t / 2) for t in range(ghost.steps + 1)]
    assert walk == [(1, 0), (1, 1), (1, 2), (2, 2), (3, 2), (2, 2), (1, 2), (1, 3), (1, 4)]
    assert ghost.arrival == 8 / 2.0 and ghost.at(100.0) == (1, 4)


def test_a_stack_ghost_goes_straight_where_its_probe_order_leads() -> None:
    ghost = Ghost(parse_maze(T_JUNCTION), "stack", speed=1.0)
    assert ghost.steps == 4 and ghost.arrival == 4.0


def test_a_bfs_ghost_thinks_per_explored_tile_then_walks_the_shortest_route() -> None:
    maze = parse_maze(T_JUNCTION)
    ghost = Ghost(maze, "bfs", speed=4.0, think=0.5)
    solution = solve(maze, "bfs")
    assert ghost.thinking == 0.5 * solution.visited
    assert ghost.at(ghost.thinking - 0.01) == maze.start  # still thinking
    assert ghost.arrival == ghost.thinking + 4 / 4.0


@pytest.mark.parametrize("solver", ["dfs", "stack"])
def test_every_step_of_a_walking_ghost_is_to_a_neighbour(solver: str) -> None:
    maze = GENERATORS["prim"].generate(rows=31, cols=31, rng=5, loops=0.2)
    ghost = Ghost(maze, solver, speed=10.0)
    walk = [ghost.at(i / 10.0) for i in range(ghost.steps + 1)]
    assert walk[0] == maze.start and walk[-1] == maze.goal
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(walk, walk[1:]))


def test_the_race_says_who_was_first_and_by_how_much() -> None:
    ghost = Ghost(parse_maze(T_JUNCTION), "dfs", speed=2.0)  # arrives after 4 s
    assert race_result(3.0, ghost).player_first and race_result(3.0, ghost).margin == 1.0
    late = race_result(6.5, ghost)
    assert not late.player_first and late.margin == 2.5


def test_a_ghost_with_no_path_never_arrives() -> None:
    maze = parse_maze("#.##\n.S#E\n#.##\n")
    ghost = Ghost(maze, "dfs", speed=1.0)
    assert ghost.arrival is None and race_result(99.0, ghost).player_first


def test_a_ghost_needs_a_positive_speed() -> None:
    with pytest.raises(ValueError, match="speed"):
        Ghost(parse_maze(T_JUNCTION), "bfs", speed=0.0)
