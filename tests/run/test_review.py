"""The review of a run: efficiency, time, dead ends entered and the revisit heat-map."""

from __future__ import annotations

import numpy as np

from game.levels import CAMPAIGN, build_level, named_level
from game.maze.grid import Maze
from game.maze.solvers import solve
from game.run.intents import DOWN, RIGHT, UP
from game.run.model import Run
from game.run.player import Move
from game.run.review import dead_end_tiles, review
from tests.run.test_player import maze_from
from tests.run.test_replay import tap

BRANCH = maze_from(
    """
    ######
    S....E
    #.####
    #.####
    ######
    """
)

LOOP = maze_from(
    """
    #######
    S.....#
    #.###.#
    #.....E
    #######
    """
)


def tapped(maze: Maze, moves: list[Move]) -> Run:
    """Return a run of ``maze`` that tapped ``moves`` one after another."""
    run = Run(maze)
    tap(run, moves, pause=0)
    run.step()
    return run


def test_a_detour_into_a_side_corridor_is_one_dead_end_and_halves_the_efficiency() -> None:
    run = tapped(BRANCH, [RIGHT, DOWN, DOWN, UP, UP, RIGHT, RIGHT, RIGHT, RIGHT])
    assert run.finished
    r = review(BRANCH, run)
    assert (r.moves, r.fewest, r.efficiency) == (9, 5, 56)
    assert r.dead_ends == 1
    assert r.revisited == 2 and r.heat[1, 1] == 2 and r.heat[2, 1] == 2 and r.heat[3, 1] == 1
    assert r.walk[:4] == [(1, 0), (1, 1), (2, 1), (3, 1)] and r.walk[-1] == BRANCH.goal
    assert r.route == solve(BRANCH, "bfs").path and r.time == run.elapsed


def test_a_straight_run_has_no_dead_ends_and_full_efficiency() -> None:
    run = tapped(BRANCH, [RIGHT] * 5)
    r = review(BRANCH, run)
    assert (r.efficiency, r.dead_ends, r.revisited) == (100, 0, 0)


def test_a_loop_is_no_dead_end_only_the_corridors_closed_at_one_end_are() -> None:
    assert not dead_end_tiles(LOOP).any()
    dead = dead_end_tiles(BRANCH)
    assert sorted(zip(*np.nonzero(dead))) == [(2, 1), (3, 1)]


def test_in_a_perfect_maze_every_tile_off_the_shortest_route_is_a_dead_end() -> None:
    maze = build_level(CAMPAIGN[4])
    dead = dead_end_tiles(maze)
    route = set(solve(maze, "bfs").path or [])
    floor = set(zip(*np.nonzero(maze.tiles == 1)))
    assert {(int(r), int(c)) for r, c in zip(*np.nonzero(dead))} == floor - route


def test_a_shortest_keys_run_has_no_dead_ends_and_walks_nothing_again() -> None:
    # "First Key": the shortest route goes into a spur for the key and back; a 100 %
    # run said "Dead ends entered 3, tiles walked again 6"
    maze = build_level(named_level("First Key"))
    path = solve(maze, "bfs").path
    assert path is not None and len(set(path)) < len(path)  # it walks some tiles twice
    run = tapped(maze, [Move(b[0] - a[0], b[1] - a[1]) for a, b in zip(path, path[1:])])
    assert run.finished
    r = review(maze, run)
    assert (r.efficiency, r.dead_ends, r.revisited) == (100, 0, 0)
    assert int(r.heat.max()) == 1  # no tile glows on the heat-map
    detour = tapped(maze, [RIGHT, Move(0, -1)])
    assert review(maze, detour).revisited == 1  # the entrance, walked again
