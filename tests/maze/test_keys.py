"""Keys and locked doors: the solvers search (tile, keys held) and walk legal walks."""

from __future__ import annotations

import random
from typing import Optional

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.maze import tiles as kinds
from game.maze.formats import format_maze, parse_maze
from game.maze.grid import FLOOR, WALL, Maze, Pos
from game.maze.solvers import BACKTRACK, FOUND, SOLVERS, VISIT, Solution, drain, solve
from game.maze.solvers.keyed import has_keys

STEPS = ((1, 0), (0, 1), (-1, 0), (0, -1))


def key_bit(maze: Maze, pos: Pos) -> int:
    """Return the key bit the tile at ``pos`` gives (0: none)."""
    return int(kinds.KINDS["key"][maze.tiles[pos]])


def lock_bit(maze: Maze, pos: Pos) -> int:
    """Return the key bit the tile at ``pos`` needs (0: none)."""
    return int(kinds.KINDS["lock"][maze.tiles[pos]])


def assert_legal_walk(maze: Maze, solution: Solution) -> None:
    """Check the walk: one step at a time over walkable tiles, every door with its key held."""
    path = solution.path
    assert path is not None
    assert path[0] == solution.start and path[-1] == solution.goal
    held = key_bit(maze, path[0])
    picked = [kinds.colour(held)] if held else []
    for (r1, c1), (r2, c2) in zip(path, path[1:]):
        assert abs(r1 - r2) + abs(c1 - c2) == 1
        assert maze.walkable((r2, c2))
        assert lock_bit(maze, (r2, c2)) & ~held == 0, f"door at {(r2, c2)} entered without its key"
        bit = key_bit(maze, (r2, c2))
        if bit & ~held:
            picked.append(kinds.colour(bit))
            held |= bit
    assert list(solution.keys) == picked


# --- the table: small keyed mazes with known fewest moves ---------------------------------

# The red key opens the way to the green key, the green door to the exit.
KEY_BEHIND_ANOTHER_DOOR = """\
#######
#r#g###
#.#R###
S....GE
#######
"""
# Through the red door is 14 moves with the key fetched; round the loop, 12 without it.
DOOR_CHEAPER_TO_AVOID = """\
#########
S...R...E
#.#####.#
#.......#
#r#######
"""
# The blue key lies behind the red door and the red key behind the blue one.
UNREACHABLE_KEY = """\
########
#b#r####
#R#B####
S.....BE
########
"""
TWO_DOORS_IN_SERIES = """\
##########
Sr.R.g.G.E
##########
"""
OPEN_ROOM = """\
########
#y....##
S.....YE
#.....##
########
"""
DOOR_WITHOUT_KEY = """\
#####
S.R.E
#####
"""

#: The solvers that can use keys; the others refuse a keyed maze.
KEYED = sorted(name for name, info in SOLVERS.items() if info.keys)

# name, text, fewest moves (None: no path), keys bfs picks up
TABLE: list[tuple[str, str, Optional[int], str]] = [
    ("key behind a door of another colour", KEY_BEHIND_ANOTHER_DOOR, 14, "rg"),
    ("a door cheaper to avoid", DOOR_CHEAPER_TO_AVOID, 12, ""),
    ("an unreachable key", UNREACHABLE_KEY, None, ""),
    ("two doors in series", TWO_DOORS_IN_SERIES, 9, "rg"),
    ("an open room", OPEN_ROOM, 9, "y"),
    ("a door with no key anywhere", DOOR_WITHOUT_KEY, None, ""),
]


@pytest.mark.parametrize("solver", KEYED)
@pytest.mark.parametrize("name,text,moves,keys", TABLE, ids=[t[0] for t in TABLE])
def test_table_of_keyed_mazes(solver: str, name: str, text: str, moves: Optional[int], keys: str) -> None:
    maze = parse_maze(text)
    solution = solve(maze, solver)
    assert solution.found == (moves is not None)
    if moves is None:
        assert solution.path is None and solution.keys == ()
        return
    assert_legal_walk(maze, solution)
    if SOLVERS[solver].shortest:
        assert solution.length == moves
        assert "".join(solution.keys) == keys
    else:
        assert solution.length is not None and solution.length >= moves


def test_a_walk_passes_a_tile_again_to_fetch_a_key() -> None:
    solution = solve(parse_maze(KEY_BEHIND_ANOTHER_DOOR), "bfs")
    assert solution.path is not None
    assert solution.path.count((2, 1)) == 2 and solution.path.count((3, 3)) == 2


@pytest.mark.parametrize("solver", KEYED)
def test_keyed_events_are_visits_and_backtracks_then_found_and_the_solution(solver: str) -> None:
    maze = parse_maze(KEY_BEHIND_ANOTHER_DOOR)
    *events, last = list(SOLVERS[solver].explore(maze, maze.start, maze.goal))
    assert isinstance(last, Solution) and last == solve(maze, solver)
    kinds_seen = [e[0] for e in events if isinstance(e, tuple)]
    assert kinds_seen[0] == VISIT and kinds_seen[-1] == FOUND and FOUND not in kinds_seen[:-1]
    assert set(kinds_seen) <= {VISIT, BACKTRACK, FOUND}
    assert BACKTRACK not in kinds_seen or SOLVERS[solver].backtracks
    # the tile before the red door is marked again once the key is held
    assert sum(1 for e in events if e == (VISIT, 3, 3)) >= 2


@pytest.mark.parametrize("solver", KEYED)
def test_a_key_on_the_start_tile_is_held_from_the_start(solver: str) -> None:
    maze = parse_maze("#####\n#.R.E\n#####\n", )
    maze.tiles[1, 1] = kinds.kind_of("r")
    maze = Maze(maze.tiles, (1, 1), maze.goal)
    solution = solve(maze, solver)
    assert solution.length == 3 and solution.keys == ("r",)


def test_the_text_format_reads_and_writes_every_key_and_door() -> None:
    text = "###########\nSrgbyRGBY.E\n###########\n"
    maze = parse_maze(text)
    assert [str(kinds.KINDS["name"][k]) for k in maze.tiles[1, 1:9]] == [
        "red key", "green key", "blue key", "yellow key",
        "red door", "green door", "blue door", "yellow door",
    ]
    assert format_maze(maze) == text
    assert has_keys(maze)


def test_a_drawn_path_keeps_the_keys_and_doors_it_passes() -> None:
    maze = parse_maze(TWO_DOORS_IN_SERIES)
    drawn = format_maze(maze, solve(maze).path)
    assert drawn.splitlines()[1] == "SroRogoGoE"
    assert parse_maze(drawn) == maze


def test_mazes_without_keys_are_not_keyed() -> None:
    assert not has_keys(parse_maze("#####\nS...E\n#####\n"))


def test_key_colours_lists_the_keys_lying_in_the_maze_in_colour_order() -> None:
    assert kinds.key_colours(parse_maze("#######\nSy.Y.rE\n#######\n").tiles) == "ry"
    assert kinds.key_colours(parse_maze("#####\nS.G.E\n#####\n").tiles) == ""  # a door alone


# --- random keyed mazes: bfs against networkx, the three solvers agree -------------------


def random_keyed_maze(seed: int) -> Maze:
    """Return a small random maze of floor, wall, keys and doors, with start and goal on floor."""
    rng = random.Random(seed)
    rows, cols = rng.randint(2, 8), rng.randint(2, 8)
    keys = [kinds.kind_of(ch) for ch in "rgby"]
    doors = [kinds.kind_of(ch) for ch in "RGBY"]
    pool = [FLOOR] * 10 + [WALL] * 5 + keys + doors * 2
    tiles = np.array([[rng.choice(pool) for _ in range(cols)] for _ in range(rows)], dtype=np.uint8)
    floor = [(r, c) for r in range(rows) for c in range(cols)]
    start, goal = rng.choice(floor), rng.choice(floor)
    tiles[start] = tiles[goal] = FLOOR
    return Maze(tiles, start, goal)


def state_graph(maze: Maze) -> nx.DiGraph:
    """Return the (tile, keys held) graph: an edge for every legal step."""
    graph = nx.DiGraph()
    for r in range(maze.rows):
        for c in range(maze.cols):
            if not maze.walkable((r, c)):
                continue
            for held in range(16):
                for dr, dc in STEPS:
                    q = (r + dr, c + dc)
                    if maze.walkable(q) and not lock_bit(maze, q) & ~held:
                        graph.add_edge(((r, c), held), (q, held | key_bit(maze, q)))
    for held in range(16):
        graph.add_edge((maze.goal, held), "exit")
    return graph


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10**9))
def test_bfs_length_is_the_networkx_shortest_walk_over_tile_and_keys(seed: int) -> None:
    maze = random_keyed_maze(seed)
    graph = state_graph(maze)
    source = (maze.start, key_bit(maze, maze.start))
    graph.add_node(source)
    try:
        expected: Optional[int] = nx.shortest_path_length(graph, source, "exit") - 1
    except nx.NetworkXNoPath:
        expected = None
    solution = solve(maze, "bfs")
    assert solution.length == expected


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10**9))
def test_the_three_solvers_agree_on_found_and_every_walk_is_legal(seed: int) -> None:
    maze = random_keyed_maze(seed)
    found = set()
    for name, info in SOLVERS.items():
        if not info.keys:
            continue
        solution = solve(maze, name)
        assert solution == drain(info.explore(maze, maze.start, maze.goal))
        found.add(solution.found)
        if solution.found:
            assert_legal_walk(maze, solution)
    assert len(found) == 1


@pytest.mark.parametrize("solver", sorted(set(SOLVERS) - set(KEYED)))
def test_a_solver_that_cannot_use_keys_refuses_a_keyed_maze_at_once(solver: str) -> None:
    maze = parse_maze(KEY_BEHIND_ANOTHER_DOOR)
    with pytest.raises(ValueError, match=f"the {solver} solver cannot solve a maze with keys"):
        SOLVERS[solver].explore(maze, maze.start, maze.goal)
