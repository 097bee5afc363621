"""The solvers: exact answers on a table of small mazes, agreement, validity, speed-safety."""

from __future__ import annotations

import random
from collections import Counter
from typing import Optional, Union

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.maze.formats import parse_maze
from game.maze.generators import GENERATORS
from game.maze.grid import FLOOR, WALL, Maze, Pos
from game.maze.solvers import (
    BACKTRACK,
    EXPAND,
    FOUND,
    SOLVERS,
    VISIT,
    Solution,
    solve,
    solve_marked,
)

Item = Union[tuple[int, int, int], Solution]


def run(maze: Maze, solver: str, start: Optional[Pos] = None, goal: Optional[Pos] = None) -> tuple[list[tuple[int, int, int]], Solution]:
    """Return every event of a solver run and its final Solution."""
    items: list[Item] = list(
        SOLVERS[solver].explore(maze, maze.start if start is None else start, maze.goal if goal is None else goal)
    )
    *events, last = items
    assert isinstance(last, Solution)
    assert all(isinstance(e, tuple) and len(e) == 3 for e in events)
    return events, last  # type: ignore[return-value]


def perfect_maze(rows: int, cols: int, seed: int) -> Maze:
    """Return a random perfect maze (tiny iterative backtracker, independent of the generators)."""
    rng = random.Random(seed)
    tiles = np.zeros((rows, cols), dtype=np.uint8)
    h, w = rows // 2, cols // 2
    seen = {(0, 0)}
    stack = [(0, 0)]
    tiles[1, 1] = FLOOR
    while stack:
        r, c = stack[-1]
        nxt = [
            (r + dr, c + dc)
            for dr, dc in ((1, 0), (0, 1), (-1, 0), (0, -1))
            if 0 <= r + dr < h and 0 <= c + dc < w and (r + dr, c + dc) not in seen
        ]
        if not nxt:
            stack.pop()
            continue
        nr, nc = rng.choice(nxt)
        seen.add((nr, nc))
        tiles[2 * nr + 1, 2 * nc + 1] = FLOOR
        tiles[r + nr + 1, c + nc + 1] = FLOOR
        stack.append((nr, nc))
    tiles[1, 0] = tiles[rows - 2, cols - 1] = FLOOR
    return Maze(tiles, (1, 0), (rows - 2, cols - 1))


def assert_valid_path(maze: Maze, path: list[Pos], start: Pos, goal: Pos,
                      walks: bool = False) -> None:
    """Check a path walks floor tiles one step at a time from start to goal, never twice.

    ``walks``: the path is a walker's whole walk, and may come back to a tile.
    """
    assert path[0] == start and path[-1] == goal
    assert walks or len(set(path)) == len(path)
    for r, c in path:
        assert maze.tiles[r, c] == FLOOR
    for (r1, c1), (r2, c2) in zip(path, path[1:]):
        assert abs(r1 - r2) + abs(c1 - c2) == 1


def loop_erased(walk: Optional[list[Pos]]) -> Optional[list[Pos]]:
    """Return ``walk`` with every loop it closes cut out (a dead end in and out is one)."""
    if walk is None:
        return None
    out: list[Pos] = []
    for p in walk:
        if p in out:
            del out[out.index(p) + 1:]
        else:
            out.append(p)
    return out


# --- the table: small text mazes with known answers ---------------------------------------

V, B, F, X = VISIT, BACKTRACK, FOUND, EXPAND

CORRIDOR = "S...E"

# A T-junction: the side branch is explored by bfs and dfs (which probe down first)
# but never by stack (which probes right before down).
T_JUNCTION = """\
#####
S...E
##.##
##.##
#####
"""

# A plus sign: the start in the middle, arms touching all four edges, goal on the left.
PLUS = """\
#.#
ES.
#.#
"""

# The goal is walled off: every solver explores the whole start region.
NO_PATH = """\
#.##
.S#E
#.##
"""

# A loop: stack (probing up first) goes round the long way, bfs and dfs the short way.
LOOP = """\
#######
S.....#
#.###.#
#.....#
###E###
"""

OPEN_ROOM = """\
#######
S.....#
#.....#
#.....E
#######
"""

# Seed 003's digging makes mazes with no parity: an even-sized one here.
DUG = """\
######
S.#..#
#....#
##.#.#
#..#.E
######
"""

DEAD_ENDS = """\
#########
S.#...#.#
#.#.#.#.#
#...#...#
###.#####
#...#...E
#.###.#.#
#.....#.#
#########
"""


# name, text, found, bfs length, {solver: (visited, path length)}
TABLE = [
    ("corridor", CORRIDOR, True, 4, {"bfs": (5, 4), "dfs": (5, 4), "stack": (5, 4)}),
    ("t-junction", T_JUNCTION, True, 4, {"bfs": (7, 4), "dfs": (7, 4), "stack": (5, 4)}),
    ("plus", PLUS, True, 1, {"bfs": (5, 1), "dfs": (5, 1), "stack": (5, 1)}),
    ("no path", NO_PATH, False, None, {"bfs": (4, None), "dfs": (4, None), "stack": (4, None)}),
    ("loop", LOOP, True, 6, {"bfs": (None, 6), "dfs": (7, 6), "stack": (11, 10)}),
    ("open room", OPEN_ROOM, True, 8, {"bfs": (None, 8), "dfs": (9, 8), "stack": (9, 8)}),
    ("dug, no parity", DUG, True, 8, {"bfs": (None, 8), "dfs": (None, 8), "stack": (None, 10)}),
    ("dead ends", DEAD_ENDS, True, 20, {"bfs": (None, 20), "dfs": (None, 20), "stack": (None, 20)}),
]
# The classic solvers of the complete lab on the same mazes: (visited, path length); the
# walkers' lengths count every step of their walk (the wall follower in and out of the
# plus's arms, Tremaux down the T's branch and back).
CLASSIC = {
    "corridor": {"astar": (5, 4), "greedy": (5, 4), "bidirectional": (5, 4), "dijkstra": (5, 4), "wall-follower": (5, 4), "tremaux": (5, 4), "dead-end-filling": (5, 4)},
    "t-junction": {"astar": (6, 4), "greedy": (6, 4), "bidirectional": (6, 4), "dijkstra": (7, 4), "wall-follower": (5, 4), "tremaux": (7, 8), "dead-end-filling": (7, 4)},
    "plus": {"astar": (5, 1), "greedy": (5, 1), "bidirectional": (5, 1), "dijkstra": (5, 1), "wall-follower": (5, 7), "tremaux": (5, 7), "dead-end-filling": (5, 1)},
    "no path": {"astar": (4, None), "greedy": (4, None), "bidirectional": (5, None), "dijkstra": (4, None), "wall-follower": (4, None), "tremaux": (4, None), "dead-end-filling": (4, None)},
    "loop": {"astar": (9, 6), "greedy": (9, 6), "bidirectional": (11, 6), "dijkstra": (13, 6), "wall-follower": (11, 10), "tremaux": (7, 6), "dead-end-filling": (13, 6)},
    "open room": {"astar": (14, 8), "greedy": (14, 8), "bidirectional": (17, 8), "dijkstra": (17, 8), "wall-follower": (9, 8), "tremaux": (9, 8), "dead-end-filling": (17, 8)},
    "dug, no parity": {"astar": (14, 8), "greedy": (14, 8), "bidirectional": (11, 8), "dijkstra": (14, 8), "wall-follower": (11, 10), "tremaux": (12, 14), "dead-end-filling": (14, 8)},
    "dead ends": {"astar": (32, 20), "greedy": (32, 20), "bidirectional": (32, 20), "dijkstra": (32, 20), "wall-follower": (31, 40), "tremaux": (23, 24), "dead-end-filling": (33, 20)},
}
TABLE = [(name, text, found, length, {**per_solver, **CLASSIC[name]})
         for name, text, found, length, per_solver in TABLE]


@pytest.mark.parametrize("solver", sorted(SOLVERS))
@pytest.mark.parametrize("name,text,found,bfs_length,per_solver", TABLE, ids=[t[0] for t in TABLE])
def test_table_of_small_mazes(
    name: str,
    text: str,
    found: bool,
    bfs_length: Optional[int],
    per_solver: dict[str, tuple[Optional[int], Optional[int]]],
    solver: str,
) -> None:
    maze = parse_maze(text)
    events, solution = run(maze, solver)
    visited, length = per_solver[solver]
    assert solution.solver == solver
    assert solution.found is found
    assert solution.length == length
    if visited is not None:
        assert solution.visited == visited
    if found:
        assert solution.path is not None
        assert_valid_path(maze, solution.path, maze.start, maze.goal, SOLVERS[solver].walks)
        if solver == "bfs":
            assert solution.length == bfs_length
        else:
            assert solution.length is not None and bfs_length is not None
            assert solution.length >= bfs_length
        assert events[-1] == (FOUND, *maze.goal)
    else:
        assert solution.path is None and solution.length is None
        assert all(kind != FOUND for kind, _, _ in events)


def test_bfs_on_a_straight_corridor_marks_and_expands_each_tile_in_order() -> None:
    events, solution = run(parse_maze(CORRIDOR), "bfs")
    assert events == [
        (V, 0, 0), (X, 0, 0), (V, 0, 1), (X, 0, 1), (V, 0, 2), (X, 0, 2), (V, 0, 3), (X, 0, 3),
        (V, 0, 4), (F, 0, 4),
    ]  # fmt: skip
    assert solution.path == [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)]


def test_bfs_marks_on_enqueue_probing_down_right_up_left_and_stops_at_the_goal() -> None:
    # Each tile is expanded when it leaves the queue, oldest first.
    events, _ = run(parse_maze(T_JUNCTION), "bfs")
    assert events == [
        (V, 1, 0), (X, 1, 0), (V, 1, 1), (X, 1, 1), (V, 1, 2), (X, 1, 2), (V, 2, 2), (V, 1, 3),
        (X, 2, 2), (V, 3, 2), (X, 1, 3), (V, 1, 4), (F, 1, 4),
    ]  # fmt: skip
    events, _ = run(parse_maze(PLUS), "bfs")
    assert events == [
        (V, 1, 1), (X, 1, 1), (V, 2, 1), (V, 1, 2), (V, 0, 1), (V, 1, 0), (F, 1, 0),
    ]  # fmt: skip


def test_dfs_probes_down_right_up_left_and_backtracks_out_of_dead_ends() -> None:
    # After each backtrack the tile before is looked from again (expanded).
    events, _ = run(parse_maze(T_JUNCTION), "dfs")
    assert events == [
        (V, 1, 0), (V, 1, 1), (V, 1, 2), (V, 2, 2), (V, 3, 2), (B, 3, 2), (X, 2, 2), (B, 2, 2),
        (X, 1, 2), (V, 1, 3), (V, 1, 4), (F, 1, 4),
    ]  # fmt: skip
    events, _ = run(parse_maze(PLUS), "dfs")
    assert events == [
        (V, 1, 1), (V, 2, 1), (B, 2, 1), (X, 1, 1), (V, 1, 2), (B, 1, 2), (X, 1, 1), (V, 0, 1),
        (B, 0, 1), (X, 1, 1), (V, 1, 0), (F, 1, 0),
    ]  # fmt: skip


def test_stack_probes_up_right_down_left_and_pops_dead_ends() -> None:
    events, _ = run(parse_maze(T_JUNCTION), "stack")
    assert events == [(V, 1, 0), (V, 1, 1), (V, 1, 2), (V, 1, 3), (V, 1, 4), (F, 1, 4)]
    events, _ = run(parse_maze(PLUS), "stack")
    assert events == [
        (V, 1, 1), (V, 0, 1), (B, 0, 1), (X, 1, 1), (V, 1, 2), (B, 1, 2), (X, 1, 1), (V, 2, 1),
        (B, 2, 1), (X, 1, 1), (V, 1, 0), (F, 1, 0),
    ]  # fmt: skip


def test_stack_goes_round_a_loop_the_way_its_probe_order_leads() -> None:
    _, solution = run(parse_maze(LOOP), "stack")
    assert solution.path == [
        (1, 0), (1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (2, 5), (3, 5), (3, 4), (3, 3), (4, 3),
    ]  # fmt: skip


def test_no_path_ends_with_every_reachable_tile_abandoned() -> None:
    for solver in [name for name, info in SOLVERS.items() if info.backtracks]:
        events, solution = run(parse_maze(NO_PATH), solver)
        kinds = Counter(kind for kind, _, _ in events)
        assert kinds == {VISIT: 4, BACKTRACK: 4, EXPAND: 3}  # back to each tile but the last
        assert events[-1] == (BACKTRACK, 1, 1)  # the start is abandoned last
        assert solution.visited == 4


@pytest.mark.parametrize("solver", sorted(SOLVERS))
def test_start_equal_to_goal_is_a_path_of_one_tile(solver: str) -> None:
    maze = parse_maze(OPEN_ROOM)
    events, solution = run(maze, solver, (2, 3), (2, 3))
    assert events == [(VISIT, 2, 3), (FOUND, 2, 3)]
    assert solution.path == [(2, 3)] and solution.length == 0 and solution.visited == 1


@pytest.mark.parametrize("solver", sorted(SOLVERS))
def test_solve_drains_the_generator_and_takes_other_ends(solver: str) -> None:
    maze = parse_maze(DUG)
    solution = solve(maze, solver, start=(4, 1), goal=(1, 4))
    assert solution.found and solution.start == (4, 1) and solution.goal == (1, 4)
    assert solution.path is not None
    assert_valid_path(maze, solution.path, (4, 1), (1, 4), SOLVERS[solver].walks)
    assert solution == run(maze, solver, (4, 1), (1, 4))[1]


@pytest.mark.parametrize("solver", sorted(SOLVERS))
@pytest.mark.parametrize(
    "start,goal,message",
    [
        ((0, 0), (3, 6), r"start \(0, 0\) is on a wall"),
        ((1, 0), (0, 3), r"goal \(0, 3\) is on a wall"),
        ((5, 1), (3, 6), r"start \(5, 1\) is off the grid: rows 0..4, cols 0..6"),
        ((1, 0), (1, -1), r"goal \(1, -1\) is off the grid"),
        ((1, 0), "far", r"goal must be a \(row, col\) pair of integers"),
    ],
)
def test_bad_ends_are_refused_at_once_with_a_clear_message(
    solver: str, start: object, goal: object, message: str
) -> None:
    maze = parse_maze(OPEN_ROOM)
    with pytest.raises(ValueError, match=message):
        SOLVERS[solver].explore(maze, start, goal)  # type: ignore[arg-type]  # before the first next()
    with pytest.raises(ValueError, match=message):
        solve(maze, solver, start, goal)  # type: ignore[arg-type]


def test_unknown_solver_names_the_valid_ones() -> None:
    with pytest.raises(ValueError, match="unknown solver 'jps' .*bfs, dfs, stack, astar"):
        solve(parse_maze(CORRIDOR), "jps")


def test_solvers_leave_the_maze_untouched() -> None:
    maze = parse_maze(DEAD_ENDS)
    before = maze.copy()
    for solver in SOLVERS:
        solve(maze, solver)
    assert maze == before


# --- properties over random grids ----------------------------------------------------------


@st.composite
def random_grids(draw: st.DrawFn) -> tuple[Maze, Pos, Pos]:
    """Draw any grid shape with random walls and two floor tiles as ends."""
    rows = draw(st.integers(1, 12))
    cols = draw(st.integers(1, 12))
    density = draw(st.floats(0.0, 0.6))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    tiles = np.where(rng.random((rows, cols)) < density, WALL, FLOOR).astype(np.uint8)
    floor: list[Pos] = [(int(r), int(c)) for r, c in np.argwhere(tiles == FLOOR)]
    if not floor:
        tiles[0, 0] = FLOOR
        floor = [(0, 0)]
    start = draw(st.sampled_from(floor))
    goal = draw(st.sampled_from(floor))
    return Maze(tiles, start, goal), start, goal


def graph_of(maze: Maze) -> nx.Graph:
    """Return the floor tiles of ``maze`` as a networkx grid graph."""
    g = nx.Graph()
    for r, c in np.argwhere(maze.tiles == FLOOR):
        r, c = int(r), int(c)
        g.add_node((r, c))
        for q in ((r + 1, c), (r, c + 1)):
            if maze.walkable(q):
                g.add_edge((r, c), q)
    return g


@settings(max_examples=300, deadline=None)
@given(random_grids())
def test_bfs_length_is_the_networkx_shortest_path(case: tuple[Maze, Pos, Pos]) -> None:
    maze, start, goal = case
    g = graph_of(maze)
    solution = solve(maze, "bfs", start, goal)
    if nx.has_path(g, start, goal):
        assert solution.length == nx.shortest_path_length(g, start, goal)
    else:
        assert solution.path is None


@settings(max_examples=300, deadline=None)
@given(random_grids())
def test_every_solver_agrees_on_found_and_walks_a_valid_path(case: tuple[Maze, Pos, Pos]) -> None:
    maze, start, goal = case
    component = nx.node_connected_component(graph_of(maze), start)
    for solver, info in SOLVERS.items():
        events, solution = run(maze, solver, start, goal)
        if solver != "wall-follower":  # it may circle an island and never get there
            assert solution.found is (goal in component)
        visits = [(r, c) for kind, r, c in events if kind == VISIT]
        assert len(visits) == len(set(visits)) == solution.visited
        # Dead-end filling fills the dead ends of the whole grid, and the bidirectional
        # search marks from the goal too: either may mark tiles the start cannot reach.
        whole_grid = solver in ("dead-end-filling", "bidirectional")
        if not whole_grid:
            assert set(visits) <= component
        if info.run is None:  # the lab's contract: one mark a tile, then at most one expand
            marked: set[Pos] = set()
            expanded: set[Pos] = set()
            for kind, r, c in events:
                if kind == VISIT:
                    marked.add((r, c))
                elif kind == EXPAND:
                    assert (r, c) in marked and (r, c) not in expanded
                    expanded.add((r, c))
        abandoned = [(r, c) for kind, r, c in events if kind == BACKTRACK]
        assert len(abandoned) == len(set(abandoned)) and set(abandoned) <= set(visits)
        if solution.path is None:
            if solver != "wall-follower" and not whole_grid:
                assert solution.visited == len(component)  # gave up after trying everything
        else:
            assert_valid_path(maze, solution.path, start, goal, SOLVERS[solver].walks)
            assert not set(solution.path) & set(abandoned)


@settings(max_examples=300, deadline=None)
@given(random_grids())
def test_solve_answers_exactly_what_the_explorer_ends_with(case: tuple[Maze, Pos, Pos]) -> None:
    # solve() takes a quiet path without events; its Solution must be the explorer's own:
    # the same path, the same visited count, for any grid and ends (no path, start == goal).
    maze, start, goal = case
    for solver in SOLVERS:
        _events, explored = run(maze, solver, start, goal)
        assert solve(maze, solver, start, goal) == explored


@pytest.mark.parametrize("solver", sorted(SOLVERS))
@pytest.mark.parametrize("algorithm", list(GENERATORS))
def test_solve_answers_what_the_explorer_ends_with_on_generated_mazes(
    algorithm: str, solver: str
) -> None:
    from game.maze.generators import generate

    for loops in (0.0, 0.3):
        maze = generate(algorithm, rows=61, cols=81, seed=11, loops=loops)
        assert solve(maze, solver) == run(maze, solver)[1]


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 15), st.integers(1, 15), st.integers(0, 10_000))
def test_every_solver_finds_the_one_route_of_a_perfect_maze(h: int, w: int, seed: int) -> None:
    maze = perfect_maze(2 * h + 1, 2 * w + 1, seed)
    paths = {solver: solve(maze, solver).path for solver in SOLVERS}
    assert paths["bfs"] is not None
    for solver, path in paths.items():  # a walker's walk, its dead ends cut out, is the route
        assert (loop_erased(path) if SOLVERS[solver].walks else path) == paths["bfs"]


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(list(GENERATORS)),
    st.integers(1, 12),
    st.integers(1, 12),
    st.integers(0, 2**31),
    st.sampled_from([0.0, 0.2, 1.0]),
)
def test_on_generated_mazes_bfs_is_shortest_and_all_solvers_get_out(
    algorithm: str, h: int, w: int, seed: int, loops: float
) -> None:
    from game.maze.generators import generate

    maze = generate(algorithm, rows=2 * h + 1, cols=2 * w + 1, seed=seed, loops=loops)
    expected = nx.shortest_path_length(graph_of(maze), maze.start, maze.goal)
    assert solve(maze, "bfs").length == expected
    for solver, info in SOLVERS.items():
        solution = solve(maze, solver)
        assert solution.path is not None and solution.length is not None
        assert solution.length == expected if info.shortest else solution.length >= expected
        assert_valid_path(maze, solution.path, maze.start, maze.goal, SOLVERS[solver].walks)


@pytest.mark.parametrize("solver", sorted(SOLVERS))
def test_runs_are_deterministic(solver: str) -> None:
    maze = perfect_maze(41, 61, seed=7)
    maze.tiles[5:9, 5:15] = FLOOR  # a room adds loops
    assert run(maze, solver) == run(maze, solver)


# --- big mazes: no recursion limit ---------------------------------------------------------


def serpentine(rows: int, cols: int) -> Maze:
    """Return one corridor winding through every odd row, alternating ends."""
    tiles = np.zeros((rows, cols), dtype=np.uint8)
    tiles[1::2, 1:-1] = FLOOR
    for i, r in enumerate(range(2, rows - 1, 2)):
        tiles[r, cols - 2 if i % 2 == 0 else 1] = FLOOR
    last = rows - 2
    tiles[1, 0] = FLOOR
    exit_col = cols - 1 if ((rows - 1) // 2) % 2 == 1 else 0
    tiles[last, exit_col] = FLOOR
    return Maze(tiles, (1, 0), (last, exit_col))


@pytest.mark.parametrize("solver", sorted(SOLVERS))
def test_a_2001_by_2001_serpentine_is_solved_without_recursion(solver: str) -> None:
    maze = serpentine(2001, 2001)
    floor = int((maze.tiles == FLOOR).sum())
    solution = solve(maze, solver)
    assert solution.found
    assert solution.length == floor - 1  # the path is the whole corridor
    assert solution.path is not None
    assert solution.path[:3] == [(1, 0), (1, 1), (1, 2)] and solution.path[-1] == maze.goal


@settings(max_examples=200, deadline=None)
@given(random_grids())
def test_marks_are_the_visited_tiles_and_expands_look_from_marked_ones(
    case: tuple[Maze, Pos, Pos],
) -> None:
    # The trace's contract: mark events are exactly the tiles counted in visited (those
    # the event-free run marks), the start first; bfs expands them in the order it marked
    # them; dfs and stack look on only from a tile still on their path.
    maze, start, goal = case
    for solver in [name for name, info in SOLVERS.items() if info.run is not None]:
        events, solution = run(maze, solver, start, goal)
        marks = [(r, c) for kind, r, c in events if kind == VISIT]
        assert marks[0] == start and len(marks) == solution.visited
        quiet = solve_marked(maze, solver, start, goal)
        assert quiet is not None
        assert set(marks) == set(zip(*np.nonzero(quiet[1])))
        expands = [(r, c) for kind, r, c in events if kind == EXPAND]
        if solver == "bfs":
            assert expands == marks[: len(expands)]
        else:
            path: list[Pos] = []
            for kind, r, c in events:
                if kind == VISIT:
                    path.append((r, c))
                elif kind == BACKTRACK:
                    assert path.pop() == (r, c)
                elif kind == EXPAND:
                    assert path[-1] == (r, c)
