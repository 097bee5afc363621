"""The solver ghost (pure): a depth-first ghost walks its whole search, backtracking
included, one adjacent step at a time; a breadth-first ghost thinks in proportion to the
tiles it explores, then walks the shortest route; on a maze with keys every walk is legal;
the search runs lazily; the race names who arrived first."""

from __future__ import annotations

import pytest

import numpy as np

from game.maze import tiles as kinds
from game.maze.formats import parse_maze
from game.maze.generators import GENERATORS
from game.maze.grid import Maze
from game.maze.locks import place_keys
from game.maze.solvers import SOLVERS, solve
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


def test_between_two_tiles_the_ghost_glides() -> None:
    ghost = Ghost(parse_maze(T_JUNCTION), "dfs", speed=2.0)
    assert ghost.glide(0.25) == (1.0, 0.5) and ghost.glide(0.5) == (1.0, 1.0)
    assert ghost.glide(100.0) == (1.0, 4.0)


def test_a_stack_ghost_goes_straight_where_its_probe_order_leads() -> None:
    ghost = Ghost(parse_maze(T_JUNCTION), "stack", speed=1.0)
    assert ghost.steps == 4 and ghost.arrival == 4.0


def test_a_bfs_ghost_thinks_per_explored_tile_then_walks_the_shortest_route() -> None:
    maze = parse_maze(T_JUNCTION)
    ghost = Ghost(maze, "bfs", speed=4.0, think=0.5)
    solution = solve(maze, "bfs")
    assert ghost.thinking is None  # not known before it has explored
    assert ghost.prepare() and ghost.thinking == 0.5 * solution.visited
    assert ghost.thought(ghost.thinking / 4) == 0.25 and ghost.thought(99.0) == 1.0
    assert ghost.at(ghost.thinking - 0.01) == maze.start  # still thinking
    assert ghost.arrival == ghost.thinking + 4 / 4.0


def test_what_a_bfs_ghost_thought_before_the_first_move_it_need_not_think_again() -> None:
    # it showed "thinking 0 %" until the first move, then thought while the player walked
    maze = parse_maze(T_JUNCTION)
    ghost = Ghost(maze, "bfs", speed=4.0, think=0.5)
    ghost.prepare()
    assert ghost.thinking is not None and ghost.thinking > 1.0
    ghost.head_start = 1.0  # the level showed for a second before the first move
    assert ghost.thought(0.0) == 1.0 / ghost.thinking
    assert ghost.arrival == ghost.thinking - 1.0 + 4 / 4.0
    ghost.head_start = ghost.thinking + 5.0  # the player looked long: the ghost is ready
    assert ghost.thought(0.0) == 1.0 and ghost.arrival == 4 / 4.0
    assert ghost.at(0.26) != maze.start  # walking from the first move on


@pytest.mark.parametrize("solver", ["dfs", "stack"])
def test_every_step_of_a_walking_ghost_is_to_a_neighbour(solver: str) -> None:
    maze = GENERATORS["prim"].generate(rows=31, cols=31, rng=5, loops=0.2)
    ghost = Ghost(maze, solver, speed=10.0)
    walk = [ghost.at(i / 10.0) for i in range(ghost.steps + 1)]
    assert walk[0] == maze.start and walk[-1] == maze.goal
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(walk, walk[1:]))


def walk_of(ghost: Ghost) -> list[tuple[int, int]]:
    """Return the tiles the ghost stands on, step by step, once it has thought."""
    ghost.prepare()
    assert ghost.thinking is not None
    return [ghost.at(ghost.thinking + i / ghost.speed) for i in range(ghost.steps + 1)]


def assert_legal_walk(maze: Maze, ghost: Ghost) -> None:
    """Check the ghost's walk: adjacent steps over walkable tiles, each door with its key."""
    walk = walk_of(ghost)
    assert walk[0] == maze.start and walk[-1] == maze.goal
    held = int(kinds.KINDS["key"][maze.tiles[maze.start]])
    for a, b in zip(walk, walk[1:]):
        assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 and maze.walkable(b)
        assert int(kinds.KINDS["lock"][maze.tiles[b]]) & ~held == 0, f"door {b} without its key"
        held |= int(kinds.KINDS["key"][maze.tiles[b]])


# The red key lies up a side passage past the red door's turning: fetch it, come back.
KEY_UP_A_SIDE_PASSAGE = """#######
#r#####
#.#####
S..R..E
#######
"""


@pytest.mark.parametrize("solver", [name for name, info in SOLVERS.items() if info.keys])
def test_on_a_maze_with_keys_every_ghost_fetches_the_key_before_the_door(solver: str) -> None:
    maze = parse_maze(KEY_UP_A_SIDE_PASSAGE)
    ghost = Ghost(maze, solver, speed=1.0)
    assert ghost.arrival is not None
    assert_legal_walk(maze, ghost)
    assert (1, 1) in walk_of(ghost)


@pytest.mark.parametrize("solver", [name for name, info in SOLVERS.items() if info.keys])
def test_on_generated_mazes_with_keys_every_walk_is_legal(solver: str) -> None:
    for seed in range(4):
        maze = place_keys(GENERATORS["backtracker"].generate(rows=41, cols=41, rng=seed), 2,
                          np.random.default_rng(seed))
        assert_legal_walk(maze, Ghost(maze, solver, speed=4.0))


def test_a_walking_ghost_runs_only_the_search_its_walk_has_reached() -> None:
    maze = GENERATORS["prim"].generate(rows=201, cols=201, rng=2)
    ghost = Ghost(maze, "dfs", speed=4.0)
    assert ghost.at(2.0) != maze.start  # eight steps in
    assert not ghost.ready and len(ghost.walk) < 20
    assert not ghost.prepare(10) and ghost.prepare()
    assert len(ghost.walk) == ghost.steps + 1


def test_the_race_says_who_was_first_and_by_how_much() -> None:
    ghost = Ghost(parse_maze(T_JUNCTION), "dfs", speed=2.0)  # arrives after 4 s
    won = race_result(3.0, ghost)
    assert won.player_first and won.margin == 1.0 and won.solver == "dfs"
    late = race_result(6.5, ghost)
    assert not late.player_first and late.margin == 2.5


def test_a_ghost_with_no_path_never_arrives() -> None:
    maze = parse_maze("#.##\n.S#E\n#.##\n")
    ghost = Ghost(maze, "dfs", speed=1.0)
    assert ghost.arrival is None
    assert race_result(99.0, ghost).player_first and race_result(99.0, ghost).margin is None


def test_a_ghost_needs_a_positive_speed() -> None:
    with pytest.raises(ValueError, match="speed"):
        Ghost(parse_maze(T_JUNCTION), "bfs", speed=0.0)
    with pytest.raises(ValueError, match="unknown solver"):
        Ghost(parse_maze(T_JUNCTION), "jps", speed=1.0)
