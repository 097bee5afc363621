"""The run model: fixed ticks, visits, time and hints, and a log that replays exactly."""

from __future__ import annotations

import random

import numpy as np
import pytest

from game.levels import CAMPAIGN, build_level, named_level
from game.maze.formats import parse_maze
from game.maze.solvers import solve
from game.run.intents import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    AutoRun,
    ChangeSpeed,
    CycleSolver,
    Release,
    ReleaseAll,
    SelectSolver,
    ToggleHint,
)
from game.run.clock import TICK_RATE, TickClock
from game.run.model import OPTIMAL_EVENTS_PER_TICK, Logged, Run, replay
from game.run.player import Move
from tests.run.test_player import CORRIDOR, TURN, maze_from

MOVES = [UP, DOWN, LEFT, RIGHT]


def step(run: Run, ticks: int) -> None:
    """Advance ``run`` by ``ticks`` ticks."""
    for _ in range(ticks):
        run.step()


def test_the_tick_clock_turns_any_frame_rate_into_whole_ticks() -> None:
    clock = TickClock()
    assert [clock.advance(1 / 60) for _ in range(3)] == [2, 2, 2]
    assert clock.advance(1 / 30) == 4
    odd = TickClock()
    assert sum(odd.advance(1 / 144) for _ in range(144)) in (TICK_RATE - 1, TICK_RATE)
    assert odd.advance(-1.0) == 0  # time never runs backwards


def test_time_is_counted_in_ticks_from_the_first_move() -> None:
    run = Run(CORRIDOR)
    step(run, 50)
    assert run.ticks_played == 0 and run.elapsed == 0.0
    run.apply(RIGHT)
    step(run, 30)
    assert run.ticks_played == 30 and run.elapsed == pytest.approx(30 / TICK_RATE)


def test_a_bump_at_the_entrance_is_no_first_move() -> None:
    # a new player bumped the wall beside the entrance: the clock (and the race's ghosts,
    # which set off with it) started before they had moved at all
    run = Run(CORRIDOR)
    run.apply(UP)
    run.apply(Release(*UP.direction))
    run.apply(LEFT)  # the entrance is on the left wall: outside is a wall too
    step(run, 50)
    assert run.started_at is None and run.elapsed == 0.0 and run.moves == 0
    run.apply(RIGHT)
    step(run, 30)
    assert run.started_at == 50 and run.ticks_played == 30
    again = replay(CORRIDOR, run.log, ticks=run.tick)
    assert (again.started_at, again.ticks_played) == (50, 30)


def test_visits_count_every_arrival_and_walked_keeps_the_first_ones_in_order() -> None:
    run = Run(CORRIDOR)
    for move in (RIGHT, RIGHT, LEFT, LEFT):
        run.apply(move)
        run.apply(Release(move.dr, move.dc))
        step(run, 30)
    start = CORRIDOR.start
    assert run.moves == 4 and run.player.pos == start
    assert run.visits[start] == 2 and run.visits[1, 1] == 2 and run.visits[1, 2] == 1
    assert run.walked == [start, (1, 1), (1, 2)]
    assert int(run.visits.sum()) == 1 + run.moves
    assert run.keys == ""


def test_taps_five_ticks_apart_each_walk_a_tile_and_replay_so() -> None:
    # 5 ticks = 42 ms: three taps inside the first step's 15 ticks
    run = Run(CORRIDOR)
    for _ in range(3):
        run.apply(RIGHT)
        step(run, 1)
        run.apply(Release(RIGHT.dr, RIGHT.dc))
        step(run, 4)
    step(run, 60)
    assert run.player.pos == (1, 3) and run.moves == 3
    again = replay(CORRIDOR, run.log, ticks=run.tick)
    assert again.player.pos == (1, 3) and again.walked == run.walked


def test_a_hint_counts_once_each_time_it_is_shown() -> None:
    run = Run(CORRIDOR, solver="dfs", speed=2.0)
    for _ in range(3):
        run.apply(ToggleHint())
    assert run.hint_shown and run.hints_used == 2
    run.apply(CycleSolver())
    assert run.solver == "stack"
    run.apply(SelectSolver("bfs"))
    run.apply(SelectSolver("no such solver"))
    assert run.solver == "bfs"
    run.apply(ChangeSpeed(1))
    assert run.speed == 4.0


def test_the_optimal_length_is_found_a_little_every_tick() -> None:
    maze = build_level(named_level("Heart of Migong"))  # 201x201: far more events than one tick pulls
    run = Run(maze)
    run.step()
    assert run._optimal is None
    step(run, 400)
    assert run._optimal == solve(maze, "bfs").length
    assert Run(TURN).optimal == 8  # asked for before any tick: computed on the spot
    assert OPTIMAL_EVENTS_PER_TICK > 0


def test_reaching_the_exit_finishes_the_run_and_freezes_it() -> None:
    run = Run(TURN)
    for a, b in zip(solve(TURN).path, solve(TURN).path[1:]):
        move = Move(b[0] - a[0], b[1] - a[1])
        run.apply(move)
        run.apply(Release(move.dr, move.dc))
        step(run, 20)
    assert run.finished and run.player.pos == TURN.goal
    frozen = (run.ticks_played, len(run.log), run.moves)
    run.apply(LEFT)
    step(run, 50)
    assert (run.ticks_played, len(run.log), run.moves) == frozen


PAST_THE_EXIT = maze_from(
    """
    #######
    S..E..#
    #######
    """
)


def test_taps_queued_past_the_exit_end_on_it_and_finish_the_run() -> None:
    run = Run(PAST_THE_EXIT)
    right = Move(0, 1)
    for _ in range(5):  # five quick taps: the last two were queued before the exit came
        run.apply(right)
        run.apply(Release(0, 1))
    step(run, 200)
    assert run.finished and run.player.pos == PAST_THE_EXIT.goal and run.moves == 3


def test_a_key_held_through_the_exit_stops_on_it() -> None:
    run = Run(PAST_THE_EXIT)
    run.apply(Move(0, 1))
    step(run, 200)
    assert run.finished and run.player.pos == PAST_THE_EXIT.goal


def scripted_play(seed: int) -> tuple[Run, int]:
    """Play level 7 by intents at an uneven frame rate: taps, holds, hints, focus lost."""
    maze = build_level(named_level("Bramble Patch"))
    rng = random.Random(seed)
    run = Run(maze)
    clock = TickClock()
    held: list[Move] = []
    frames = 0
    while not run.finished and frames < 20_000:
        frames += 1
        if not run.player.moving:  # head for the exit from wherever the walk went
            route = solve(maze, "bfs", start=run.player.pos).path
            assert route is not None
            (r0, c0), (r1, c1) = route[0], route[1]
            move = Move(r1 - r0, c1 - c0)
            run.apply(move)
            if rng.random() < 0.7:
                run.apply(Release(move.dr, move.dc))  # a tap
            else:
                held.append(move)  # held into the next frames
        elif held and rng.random() < 0.3:
            let_go = held.pop(rng.randrange(len(held)))
            run.apply(Release(let_go.dr, let_go.dc))
        elif rng.random() < 0.03:
            run.apply(rng.choice([ToggleHint(), ReleaseAll(), ChangeSpeed(1), CycleSolver()]))
        for _ in range(clock.advance(rng.choice([1 / 30, 1 / 60, 1 / 61, 1 / 144, 0.05]))):
            run.step()
            if run.finished:
                break
    return run, frames


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_recorded_log_replays_to_the_identical_run(seed: int) -> None:
    played, frames = scripted_play(seed)
    assert played.finished and frames > 100
    again = replay(played.maze, played.log, ticks=played.tick)
    assert again.player.pos == played.player.pos
    assert again.moves == played.moves
    assert again.ticks_played == played.ticks_played and again.finished_at == played.finished_at
    assert np.array_equal(again.visits, played.visits) and again.walked == played.walked
    assert again.hints_used == played.hints_used and again.speed == played.speed
    assert again.log == played.log


def test_random_intent_logs_replay_the_same_way_twice() -> None:
    rng = random.Random(7)
    maze = build_level(named_level("Mole Burrow"))
    intents = [*MOVES, *(Release(m.dr, m.dc) for m in MOVES), ReleaseAll(), ToggleHint(),
               *(AutoRun(m.dr, m.dc) for m in MOVES)]
    for _ in range(20):
        log = sorted((Logged(rng.randrange(600), rng.choice(intents)) for _ in range(80)),
                     key=lambda entry: entry.tick)
        one, two = (replay(maze, log, ticks=700) for _ in range(2))
        assert (one.player.pos, one.moves, one.ticks_played) == \
            (two.player.pos, two.moves, two.ticks_played)
        assert np.array_equal(one.visits, two.visits) and one.log == two.log


# -- auto-run -------------------------------------------------------------------------------
BRANCHES = maze_from(
    """
    #########
    S.....###
    #####.###
    #.....###
    #.###.###
    #...#...E
    #########
    """
)
RING = maze_from(
    """
    #######
    #S....#
    #.###.#
    #.....#
    ######E
    """
)


def run_until_still(run: Run, limit: int = 2000) -> None:
    """Step ``run`` until the player stands still (or the exit is reached)."""
    for _ in range(limit):
        run.step()
        if run.finished or not run.player.walking:
            return
    raise AssertionError("the player never stopped")


def test_auto_run_follows_the_corridor_round_bends_and_stops_where_it_branches() -> None:
    run = Run(BRANCHES)
    run.apply(AutoRun(0, 1))
    run_until_still(run)
    assert run.player.pos == (3, 5)  # round the bend at (1, 5), on to the fork
    assert run.moves == 7 and run.walked[:3] == [(1, 0), (1, 1), (1, 2)]


def test_auto_run_stops_at_a_dead_end() -> None:
    run = Run(BRANCHES)
    run.apply(AutoRun(0, 1))
    run_until_still(run)
    run.apply(AutoRun(0, -1))
    run_until_still(run)
    assert run.player.pos == (5, 3)  # along row 3, down the left side, into the pocket
    assert run.moves == 7 + 8


def test_auto_run_stops_on_the_exit_and_finishes_the_run() -> None:
    run = Run(BRANCHES)
    for direction in ((0, 1), (1, 0)):
        run.apply(AutoRun(*direction))
        run_until_still(run)
    assert run.finished and run.player.pos == BRANCHES.goal
    assert run.moves == run.optimal


def test_auto_run_into_a_wall_bumps_and_does_not_move() -> None:
    run = Run(BRANCHES)
    run.apply(AutoRun(-1, 0))
    assert run.take_events() == ["bump"] and run.moves == 0 and not run.player.walking


def test_auto_run_round_a_ring_stops_where_it_started() -> None:
    run = Run(RING)
    run.apply(AutoRun(0, 1))
    run_until_still(run)
    assert run.player.pos == RING.start and run.moves == 12


def test_a_press_ends_an_auto_run_and_takes_over() -> None:
    run = Run(CORRIDOR)
    run.apply(AutoRun(0, 1))
    step(run, 20)  # a tile takes 15 ticks at 8 tiles a second
    run.apply(LEFT)
    run.apply(Release(0, -1))
    run_until_still(run)
    assert run.player.pos == (1, 1) and run.moves == 3


KEYED_CORRIDOR = parse_maze(
    "##############################\n"
    "S...r..R..g..G..............E#\n"
    "##############################\n"
)


def test_auto_run_stops_on_a_key_and_before_a_locked_door() -> None:
    run = Run(KEYED_CORRIDOR)
    run.apply(AutoRun(0, 1))
    run_until_still(run)
    assert run.player.pos == (1, 4) and run.keys == "r"  # stopped on the red key, picked up
    run.apply(AutoRun(0, 1))
    run_until_still(run)
    assert run.player.pos == (1, 10) and run.keys == "rg"  # through the red door, onto green
    run.take_events()
    run.apply(AutoRun(0, 1))
    run_until_still(run)
    assert run.player.pos == (1, 28) and run.finished


def test_a_locked_door_stops_the_player_with_its_own_event_and_colour() -> None:
    run = Run(parse_maze("########\nS.R.r.E#\n########\n"))
    run.apply(AutoRun(0, 1))
    run_until_still(run)
    assert run.player.pos == (1, 1) and run.tile_kind((1, 2)) == "door"
    run.take_events()
    run.apply(Move(0, 1))
    assert run.take_events() == ["locked"] and run.locked_by == "r"
    assert run.player.pos == (1, 1) and run.moves == 1


def test_picking_up_a_key_opens_its_doors_and_is_an_event() -> None:
    run = Run(parse_maze("#######\n#b...E#\n#B#####\n#S#####\n#######\n"))
    run.apply(Move(-1, 0))
    assert run.take_events() == ["locked"] and run.locked_by == "b"
    assert run.tile_kind((1, 1)) == "key"
    run = Run(parse_maze("#######\n#.B.bE#\n#S#####\n#######\n"))
    for move in (Move(-1, 0), Move(0, 1)):
        run.apply(move)
        run.apply(Release(move.dr, move.dc))
        run_until_still(run)
    assert run.player.pos == (1, 1) and run.keys == ""
    assert "key" not in run.take_events()


def test_keys_held_replay_from_the_log() -> None:
    run = Run(KEYED_CORRIDOR)
    run.apply(AutoRun(0, 1))
    step(run, 200)
    again = replay(KEYED_CORRIDOR, run.log, ticks=run.tick)
    assert again.keys == run.keys == "r" and again.player.pos == run.player.pos


def test_an_auto_run_is_in_the_log_and_replays() -> None:
    run = Run(BRANCHES)
    run.apply(AutoRun(0, 1))
    step(run, 30)
    run.apply(AutoRun(1, 0))
    run_until_still(run)
    assert [type(entry.intent) for entry in run.log] == [AutoRun, AutoRun]
    again = replay(BRANCHES, run.log, ticks=run.tick)
    assert (again.player.pos, again.moves, again.walked) == (run.player.pos, run.moves, run.walked)
