"""Mud, the weighted tile: the text format, costs, the weighted solvers, laying it, codes,
the run model's timing and replays."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from game.levels import LevelSpec, build_level, level_code, parse_level_code
from game.maze import tiles as kinds
from game.maze.formats import MazeFormatError, format_maze, parse_maze
from game.maze.generators import GENERATORS, generate
from game.maze.lairs import escapes, shortest_route
from game.maze.chase import lairs_of
from game.maze.mud import PATCH, lay_mud, mud_mask
from game.maze.solvers import solve
from game.run.clock import TICK_RATE
from game.run.level import Level
from game.run.model import Run
from game.run.intents import Release
from game.run.player import WALKING_SPEED, Move
from game.run.replay import record, verify
from game.simulate import tap
from tests.run.bots import hesitant_walk, route_moves

# A straight way along the top (8 steps, through 5 mud: cost 18) and a detour below
# (14 steps, all floor: cost 14).
DETOUR = parse_maze(
    "#########\n"
    "S.~~~~~.E\n"
    "#.#####.#\n"
    "#.#####.#\n"
    "#.......#\n"
    "#########\n"
)


def test_mud_is_a_walkable_see_through_row_costing_three() -> None:
    mud = kinds.KINDS[kinds.kind_of("~")]
    assert kinds.kind_of("~") == kinds.MUD == 11
    assert (mud["name"], bool(mud["walkable"]), bool(mud["transparent"]), int(mud["cost"])) == (
        "mud", True, True, 3)
    assert int(kinds.KINDS["cost"][kinds.FLOOR]) == 1


def test_the_text_format_reads_and_writes_mud() -> None:
    assert int(DETOUR.tiles[1, 4]) == kinds.MUD
    assert format_maze(DETOUR).splitlines()[1] == "S.~~~~~.E"
    assert parse_maze(format_maze(DETOUR)) == DETOUR


def test_a_format_error_names_mud_among_the_valid_characters() -> None:
    with pytest.raises(MazeFormatError) as info:
        parse_maze("#####\nS.?.E\n#####\n")
    assert "'~' mud" in str(info.value)


def test_a_path_costs_the_sum_of_the_tiles_it_steps_onto() -> None:
    top = [(1, c) for c in range(9)]
    assert kinds.path_cost(DETOUR.tiles, top) == 3 * 1 + 5 * 3  # the start is not stepped onto
    assert kinds.path_cost(DETOUR.tiles, top[:1]) == 0


@pytest.mark.parametrize("solver", ["dijkstra", "astar"])
def test_the_weighted_solvers_go_round_the_mud_bfs_goes_through(solver: str) -> None:
    fewest = solve(DETOUR, "bfs")
    cheapest = solve(DETOUR, solver)
    assert (fewest.length, kinds.path_cost(DETOUR.tiles, list(fewest.path or []))) == (8, 18)
    assert (cheapest.length, kinds.path_cost(DETOUR.tiles, list(cheapest.path or []))) == (14, 14)


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("solver", ["dijkstra", "astar"])
def test_the_weighted_solvers_find_the_least_cost_on_mazes_with_loops(solver: str,
                                                                       seed: int) -> None:
    maze = generate("backtracker", rows=21, cols=31, seed=seed, loops=0.4, mud=0.3)
    best = _least_cost(maze)
    path = solve(maze, solver).path
    assert path is not None and kinds.path_cost(maze.tiles, list(path)) == best
    assert kinds.path_cost(maze.tiles, list(solve(maze, "bfs").path or [])) >= best


def _least_cost(maze: object) -> int:
    """Return the least cost from the entrance to the exit by a plain Bellman-Ford relaxation."""
    from game.maze.grid import Maze

    assert isinstance(maze, Maze)
    walk = kinds.walkable(maze.tiles)
    cost = kinds.step_costs(maze.tiles).astype(np.int64)
    big = 10**9
    best = np.full(walk.shape, big, dtype=np.int64)
    best[maze.start] = 0
    while True:
        padded = np.pad(best, 1, constant_values=big)
        near = np.minimum.reduce([padded[:-2, 1:-1], padded[2:, 1:-1], padded[1:-1, :-2],
                                  padded[1:-1, 2:]])
        new = np.where(walk, np.minimum(best, near + cost), big)
        new[maze.start] = 0
        if (new == best).all():
            return int(best[maze.goal])
        best = new


def test_solve_json_cost_is_the_sum_of_the_tiles_stepped_onto(tmp_path: Path) -> None:
    path = tmp_path / "detour.txt"
    path.write_text(format_maze(DETOUR))
    out = {}
    for solver in ("bfs", "dijkstra"):
        done = subprocess.run([sys.executable, "-m", "game", "solve", str(path), "--solver",
                               solver, "--json"], capture_output=True, text=True)
        out[solver] = json.loads(done.stdout)
    assert (out["bfs"]["length"], out["bfs"]["cost"]) == (8, 18)
    assert (out["dijkstra"]["length"], out["dijkstra"]["cost"]) == (14, 14)


@pytest.mark.parametrize("name", sorted(GENERATORS))
@pytest.mark.parametrize("fraction", [0.05, 0.2, 0.5])
def test_mud_covers_the_fraction_asked_of_the_plain_floor(name: str, fraction: float) -> None:
    plain = generate(name, rows=41, cols=41, seed=9)
    muddy = generate(name, rows=41, cols=41, seed=9, mud=fraction)
    free = plain.tiles == kinds.FLOOR
    free[plain.start] = free[plain.goal] = False
    mud = mud_mask(muddy.tiles)
    assert int(mud.sum()) == round(fraction * int(free.sum()))
    assert not (mud & ~free).any()  # only plain floor turns to mud: never the ends or a wall
    assert ((muddy.tiles != plain.tiles) == mud).all()
    assert solve(muddy, "bfs").length == solve(plain, "bfs").length


@pytest.mark.parametrize("name", ["backtracker", "prim", "division", "dig"])
def test_mud_lies_in_patches_not_specks(name: str) -> None:
    maze = generate(name, rows=61, cols=61, seed=4, mud=0.15)
    mud = mud_mask(maze.tiles)
    lone = mud.copy()  # mud with no mud beside it
    padded = np.pad(mud, 1)
    lone &= ~(padded[:-2, 1:-1] | padded[2:, 1:-1] | padded[1:-1, :-2] | padded[1:-1, 2:])
    assert lone.sum() <= 0.1 * mud.sum()
    assert _patches(mud) <= 1.5 * mud.sum() / PATCH


def _patches(mud: np.ndarray) -> int:
    """Return how many 4-connected patches ``mud`` holds."""
    seen = np.zeros_like(mud)
    count = 0
    for r, c in zip(*np.nonzero(mud)):
        if seen[r, c]:
            continue
        count += 1
        stack = [(int(r), int(c))]
        seen[r, c] = True
        while stack:
            y, x = stack.pop()
            for q in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
                if 0 <= q[0] < mud.shape[0] and 0 <= q[1] < mud.shape[1] and mud[q] and not seen[q]:
                    seen[q] = True
                    stack.append(q)
    return count


def test_mud_is_the_same_for_the_same_seed_and_leaves_other_mazes_alone() -> None:
    one = generate("prim", rows=31, cols=31, seed=77, keys=2, mud=0.2)
    assert one == generate("prim", rows=31, cols=31, seed=77, keys=2, mud=0.2)
    assert one != generate("prim", rows=31, cols=31, seed=78, keys=2, mud=0.2)
    keyed = generate("prim", rows=31, cols=31, seed=77, keys=2)
    assert ((one.tiles != keyed.tiles) == mud_mask(one.tiles)).all()  # keys and walls as without


def test_no_mud_asked_gives_the_maze_itself() -> None:
    maze = generate("backtracker", rows=21, cols=21, seed=3)
    assert lay_mud(maze, 0.0, np.random.default_rng(1)) is maze
    with pytest.raises(ValueError, match="mud must be a fraction between 0 and 1"):
        lay_mud(maze, 1.5, np.random.default_rng(1))


def test_mud_has_a_code_letter_and_round_trips() -> None:
    spec = LevelSpec("backtracker", 21, 21, 7, mud=0.2)
    code = level_code(spec)
    assert code == "B21x21-7-U20"
    assert parse_level_code(code) == spec
    assert parse_level_code(code.lower()) == spec
    both = LevelSpec("division", 31, 31, 5, loops=0.1, options={"room_size": 5}, keys=1,
                     chasers=1, mud=0.125, fog=True)
    assert parse_level_code(level_code(both)) == both
    assert level_code(LevelSpec("backtracker", 21, 21, 7)) == "B21x21-7"  # unchanged without
    assert build_level(parse_level_code(code)) == build_level(spec)


def test_the_cli_lays_mud_and_refuses_a_bad_fraction() -> None:
    done = subprocess.run([sys.executable, "-m", "game", "generate", "--algorithm", "prim",
                           "--size", "21x21", "--seed", "3", "--mud", "0.3"],
                          capture_output=True, text=True)
    assert done.returncode == 0 and "~" in done.stdout
    assert parse_maze(done.stdout) == generate("prim", rows=21, cols=21, seed=3, mud=0.3)
    bad = subprocess.run([sys.executable, "-m", "game", "generate", "--algorithm", "prim",
                          "--mud", "1.5"], capture_output=True, text=True)
    assert bad.returncode == 2 and "--mud must be a number from 0 to 1" in bad.stderr
    assert "Traceback" not in bad.stderr


def _ticks_of_one_step(text: str) -> int:
    """Return the ticks a tapped step to the right takes, from the press to the arrival."""
    run = Run(parse_maze(text), search_optimal=False)
    run.apply(Move(0, 1))
    run.apply(Release(0, 1))  # a tap: one step
    ticks = 0
    while run.player.moving:
        run.step()
        ticks += 1
    return ticks


def test_a_step_onto_mud_takes_three_times_as_long() -> None:
    floor = _ticks_of_one_step("#####\nS...E\n#####\n")
    mud = _ticks_of_one_step("#####\nS~..E\n#####\n")
    step = round(TICK_RATE / WALKING_SPEED)
    assert floor in (step, step + 1)  # the last tick may be one more: floats add up to 0.999..
    assert mud in (3 * step, 3 * step + 1)
    # off the mud again: the next step is a floor step
    assert _ticks_of_one_step("#####\nS.~.E\n#####\n") == floor


def test_a_run_counts_the_cost_and_knows_the_cheapest_route() -> None:
    run = tap(DETOUR, [Move(0, 1)] * 8).run
    assert run.finished and (run.moves, run.cost) == (8, 18)
    assert (run.optimal, run.optimal_cost) == (8, 14)
    straight = tap(parse_maze("#####\nS...E\n#####\n"), [Move(0, 1)] * 4).run
    assert straight.cost == straight.optimal_cost == straight.optimal == 4


def test_a_run_through_mud_is_slower_by_the_mud_and_verifies() -> None:
    spec = LevelSpec("backtracker", 21, 21, 11, mud=0.3)
    maze = build_level(spec)
    plain = build_level(LevelSpec("backtracker", 21, 21, 11))
    muddy_run = tap(maze, route_moves(maze)).run
    plain_run = tap(plain, route_moves(plain)).run
    assert muddy_run.finished and plain_run.finished
    route = shortest_route(maze)
    wading = sum(int(kinds.KINDS["cost"][maze.tiles[p]]) - 1 for p in route[1:])
    assert wading > 0
    step = round(TICK_RATE / WALKING_SPEED)
    assert muddy_run.ticks_played - plain_run.ticks_played == pytest.approx(wading * step, abs=2)
    verdict = verify(record(muddy_run, Level(maze, spec), game="t", date="2026-12-03"))
    assert verdict.matches and verdict.finished and verdict.ticks == muddy_run.ticks_played


def test_simulate_reports_cost_and_the_cheapest_cost(tmp_path: Path) -> None:
    path = tmp_path / "detour.txt"
    path.write_text(format_maze(DETOUR))
    done = subprocess.run([sys.executable, "-m", "game", "simulate", str(path), "--moves",
                           "RRRRRRRR", "--json"], capture_output=True, text=True)
    line = json.loads(done.stdout)
    assert (line["finished"], line["moves"], line["cost"], line["optimal"],
            line["optimal_cost"]) == (True, 8, 18, 8, 14)
    step = round(TICK_RATE / WALKING_SPEED)
    assert line["ticks"] == pytest.approx(18 * step, abs=2)


def test_lairs_stay_fair_for_a_walker_wading_through_mud() -> None:
    placed = 0
    for seed in range(1, 13):
        spec = LevelSpec("prim", 41, 41, seed, chasers=2, mud=0.1)
        try:
            maze = build_level(spec)
        except ValueError as exc:  # mud slows the fair walker: some mazes have no fair lairs
            assert "no room for 2 fair lairs" in str(exc)
            continue
        placed += 1
        assert len(lairs_of(maze)) == 2 and mud_mask(maze.tiles).any()
        closest = escapes(maze, shortest_route(maze), lairs_of(maze))
        assert closest is None or closest >= 2
        # full pace with held keys: 8 taps a second lose a tap on one muddy maze (seed 7)
        run = hesitant_walk(maze, 0.0)
        assert run.finished and not run.caught
    assert placed >= 2


def test_a_chaser_wades_through_mud_as_slowly_as_the_player() -> None:
    from game.maze.chase import CHASER_TICKS, Pack

    maze = parse_maze("##########\nS...~~.M.E\n##########\n")
    pack = Pack(maze, fog=False, held=0, wake=0)
    chaser = pack.chasers[0]
    for _ in range(1 + CHASER_TICKS):  # it sets off, crosses a floor tile, steps onto mud
        pack.step(maze.start)
    assert (chaser.pos, chaser.progress, chaser.span) == ((1, 5), 0, 3 * CHASER_TICKS)
    for _ in range(2 * CHASER_TICKS):  # two thirds of the way into the mud
        pack.step(maze.start)
    assert chaser.render_pos[1] == pytest.approx(6 - 2 / 3)
    for _ in range(CHASER_TICKS):  # there, and off onto the next mud
        pack.step(maze.start)
    assert chaser.render_pos == (1, 5) and chaser.pos == (1, 4)


def test_a_racing_ghost_wades_through_mud_three_times_as_slowly() -> None:
    from game.run.ghost import Ghost

    straight = parse_maze("#######\nS.~~..E\n#######\n")
    ghost = Ghost(straight, "dfs", speed=4.0)
    assert ghost.arrival == pytest.approx((4 + 2 * 3) / 4.0)
    assert ghost.at(0.25) == (1, 1)  # one floor step: a quarter second
    assert ghost.at(0.25 + 0.74) == (1, 1)  # still wading onto the first mud
    assert ghost.at(1.0) == (1, 2)
    assert ghost.glide(0.25 + 0.375)[1] == pytest.approx(1.5)
    plain = Ghost(parse_maze("#######\nS.....E\n#######\n"), "dfs", speed=4.0)
    assert plain.arrival == pytest.approx(6 / 4.0)


@pytest.mark.parametrize("name", ["backtracker", "division", "wilson"])
def test_a_muddy_trace_places_the_mud_last_and_rebuilds_the_maze(name: str) -> None:
    from game.maze.generators import trace
    from game.maze.generators.events import PLACE, drain, event_json, rebuild

    events, maze = drain(trace(name, rows=21, cols=31, seed=6, keys=1, mud=0.2))
    assert maze == generate(name, rows=21, cols=31, seed=6, keys=1, mud=0.2)
    placed = [event for event in events if event[0] == PLACE]
    muddy = [event for event in placed if json.loads(event_json(event))["kind"] == "~"]
    assert len(muddy) == int(mud_mask(maze.tiles).sum()) > 0
    assert events[-len(placed):] == placed
    assert np.array_equal(rebuild(events, 21, 31), maze.tiles)
