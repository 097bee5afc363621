"""The player model: one tile per press, walls stop it, held keys walk, turns buffer."""

from __future__ import annotations

import numpy as np
import pytest

from game.maze.grid import FLOOR, WALL, Maze
from game.run.player import ARRIVE, BUMP, MAX_QUEUED, STEP, Move, Player

UP, DOWN, LEFT, RIGHT = Move(-1, 0), Move(1, 0), Move(0, -1), Move(0, 1)


def maze_from(text: str) -> Maze:
    """Build a maze from rows of '#' (wall), '.' (floor), 'S' (start) and 'E' (exit)."""
    rows = [line.strip() for line in text.strip().splitlines()]
    tiles = np.array([[WALL if ch == "#" else FLOOR for ch in row] for row in rows], dtype=np.uint8)
    find = lambda ch: next((r, row.index(ch)) for r, row in enumerate(rows) if ch in row)  # noqa: E731
    return Maze(tiles, find("S"), find("E"))


CORRIDOR = maze_from(
    """
    ##############################
    S...........................E#
    ##############################
    """
)

TURN = maze_from(
    """
    #######
    S...#.#
    ###.#.#
    ###...#
    #####E#
    """
)


def run(player: Player, seconds: float, dt: float = 1 / 120) -> list[str]:
    """Advance the player in small fixed steps; return every event."""
    events: list[str] = []
    for _ in range(round(seconds / dt)):
        events += player.update(dt)
    return events


def test_a_tap_moves_exactly_one_tile_smoothly():
    p = Player.on_maze(CORRIDOR, speed=8.0)
    assert p.press(RIGHT) == [STEP]
    p.release(RIGHT)
    assert p.pos == (1, 1) and p.moving
    p.update(1 / 16)  # half of a 1/8 s step
    assert p.render_pos == pytest.approx((1.0, 0.5))
    events = run(p, 1.0)
    assert events.count(ARRIVE) == 1
    assert p.pos == (1, 1) and not p.moving and p.moves == 1


def test_a_wall_bump_does_not_move_and_reports_a_bump():
    p = Player.on_maze(CORRIDOR)
    assert p.press(UP) == [BUMP]
    assert p.pos == CORRIDOR.start and p.moves == 0 and not p.moving
    assert p.facing == "up"
    p.release(UP)
    run(p, 0.5)
    assert p.pos == CORRIDOR.start


def test_holding_a_key_walks_at_the_set_speed_in_tiles_per_second():
    p = Player.on_maze(CORRIDOR, speed=8.0, repeat_delay=0.2)
    p.press(RIGHT)
    run(p, 1.0)
    at_one_second = p.moves
    run(p, 2.0)
    assert p.moves - at_one_second == 16  # 8 tiles/s, steady
    assert p.facing == "right"


def test_walking_speed_does_not_depend_on_the_frame_rate():
    counts = []
    for dt in (1 / 30, 1 / 60, 1 / 144):
        p = Player.on_maze(CORRIDOR, speed=6.0)
        p.press(RIGHT)
        run(p, 3.0, dt)
        counts.append(p.moves)
    assert max(counts) - min(counts) <= 1


def test_holding_into_a_dead_end_stops_at_the_wall():
    p = Player.on_maze(CORRIDOR, speed=8.0)
    p.press(RIGHT)
    run(p, 10.0)
    assert p.pos == (1, 28) and not p.moving  # the last floor tile, the exit
    assert p.moves == 28


def test_a_turn_pressed_just_before_arriving_is_taken_on_arrival():
    p = Player.on_maze(TURN, speed=8.0)
    for _ in range(2):
        p.press(RIGHT)
        p.release(RIGHT)
        run(p, 0.2)
    assert p.pos == (1, 2) and not p.moving
    p.press(RIGHT)
    p.release(RIGHT)
    p.update(0.1)  # 80% of the way onto the corner tile (1, 3)
    assert p.moving and p.pos == (1, 3)
    assert p.press(DOWN) == []  # too early to turn: buffered, no bump
    p.release(DOWN)
    run(p, 0.3)
    assert p.pos == (2, 3) and p.moves == 4 and p.facing == "down"


def test_taps_during_a_step_queue_one_more_step():
    p = Player.on_maze(CORRIDOR, speed=8.0)
    p.press(RIGHT)
    p.release(RIGHT)
    p.press(RIGHT)
    p.release(RIGHT)
    run(p, 1.0)
    assert p.pos == (1, 2) and p.moves == 2


def tap(p: Player, move: Move, then: float) -> None:
    """Press and release ``move`` within 10 ms, then let ``then`` more seconds pass."""
    p.press(move)
    p.update(0.01)
    p.release(move)
    run(p, then)


def test_every_tap_counts_however_fast_the_taps_come():
    # 40 ms apart: the second and third taps both come during the first 1/8 s step
    p = Player.on_maze(CORRIDOR, speed=8.0)
    tap(p, RIGHT, 0.03)
    tap(p, RIGHT, 0.03)
    tap(p, RIGHT, 1.0)
    assert p.pos == (1, 3) and p.moves == 3 and not p.moving


@pytest.mark.parametrize("gap", [0.0, 0.02, 0.07, 0.15])
def test_five_taps_walk_five_tiles_at_any_pace(gap):
    p = Player.on_maze(CORRIDOR, speed=8.0)
    for _ in range(5):
        tap(p, RIGHT, gap)
    run(p, 2.0)
    assert p.moves == 5 and p.pos == (1, 5)


def test_queued_taps_into_a_wall_are_dropped_without_moving():
    p = Player.on_maze(TURN, speed=8.0)
    for _ in range(5):  # the corridor holds three steps, then a wall
        tap(p, RIGHT, 0.0)
    run(p, 2.0)
    assert p.pos == (1, 3) and p.moves == 3
    tap(p, DOWN, 1.0)  # nothing queued is left over to spoil the next press
    assert p.pos == (2, 3) and p.moves == 4


def test_held_keys_follow_a_corridor_round_corners():
    p = Player.on_maze(TURN, speed=10.0)
    p.press(RIGHT)
    p.press(DOWN)
    run(p, 0.6)
    p.release(RIGHT)
    p.press(RIGHT)  # the newest held key wins where it is open
    run(p, 2.0)
    p.press(UP)
    run(p, 2.0)
    assert p.pos == (1, 5)


def test_reaching_the_goal_tile():
    p = Player.on_maze(TURN, speed=8.0)
    for move, n in ((RIGHT, 3), (DOWN, 2), (RIGHT, 2), (DOWN, 1)):
        for _ in range(n):
            p.press(move)
            p.release(move)
            run(p, 0.2)
    assert p.pos == TURN.goal and p.moves == 8


def test_releasing_everything_stops_walking():
    p = Player.on_maze(CORRIDOR, speed=8.0)
    p.press(RIGHT)
    run(p, 0.5)
    p.release_all()
    before = p.moves
    run(p, 1.0)
    assert p.moves == before


def test_key_repeat_events_for_a_held_key_do_not_add_steps():
    p = Player.on_maze(CORRIDOR, speed=8.0)
    p.press(RIGHT)
    for _ in range(25):  # the OS repeating the held key for 0.25 s
        assert p.press(RIGHT) == []
        p.update(0.01)
    p.release(RIGHT)
    run(p, 1.0)
    assert p.moves == 2  # the press, then one more once held past the 0.2 s repeat delay


LONG = maze_from("S" + "." * 200 + "E")


@pytest.mark.parametrize("rate", [4.0, 8.0])
def test_taps_no_faster_than_the_walk_are_every_one_walked(rate):
    p = Player.on_maze(LONG, speed=8.0)
    for _ in range(60):
        tap(p, RIGHT, 1 / rate - 0.01)
    run(p, 2.0)
    assert p.moves == 60


def test_taps_faster_than_the_walk_queue_only_what_the_player_can_see_coming():
    # 120 taps at 11 a second kept a new player walking by itself for 40 s
    p = Player.on_maze(LONG, speed=8.0)
    for _ in range(120):
        tap(p, RIGHT, 1 / 11 - 0.01)
    before = p.moves
    run(p, 5.0)
    assert p.moves - before <= MAX_QUEUED + 1  # the step under way and those queued
    assert not p.moving and p.moves < 120
