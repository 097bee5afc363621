"""Chasers in the run model: they hunt, keep their pace, stop at doors, lose the scent, catch."""

from __future__ import annotations

import numpy as np
import pytest

from game.maze import tiles as kinds
from game.maze.formats import parse_maze
from game.maze.generators import generate
from game.maze.chase import CHASER_TICKS, RATE, SCENT_TICKS, WAKE_TICKS, WALK_TICKS, flood
from game.maze.lairs import place_lairs
from game.run.clock import TICK_RATE
from game.run.intents import Release
from game.run.model import CAUGHT, Run, replay
from game.run.player import WALKING_SPEED, Move
from game.simulate import tap
from tests.run.bots import left_hand_moves, route_moves

CORRIDOR = "S" + "." * 20 + "M" + "." * 8 + "E"


def step_there_and_back(run: "Run | object") -> None:
    """Start the clock with a step right and a tap back: the player ends on the entrance.

    (A bump into the wall no longer starts the clock, so it no longer sets chasers off.)
    """
    for intent in (Move(0, 1), Release(0, 1), Move(0, -1), Release(0, -1)):
        run.apply(intent)  # type: ignore[attr-defined]


def maze_of(*lines: str):
    """Return the maze ``lines`` draw, walled round."""
    width = len(lines[0]) + 2
    return parse_maze("\n".join(["#" * width, *("#" + line + "#" for line in lines),
                                 "#" * width]))


def test_the_pace_constants_are_the_run_models() -> None:
    assert RATE == TICK_RATE
    assert WALK_TICKS == round(TICK_RATE / WALKING_SPEED)
    assert CHASER_TICKS > WALK_TICKS  # slower than a held-key walk


def test_a_lair_is_floor_written_M() -> None:
    lair = kinds.kind_of("M")
    assert kinds.is_walkable(lair) and kinds.KINDS["transparent"][lair]
    maze = maze_of(CORRIDOR)
    assert Run(maze).tile_kind((1, 22)) == "floor"


def test_chasers_wait_until_the_first_move() -> None:
    run = Run(maze_of(CORRIDOR))
    run.advance_to(600)
    assert [c.pos for c in run.chase.chasers] == [(1, 22)]


def test_chasers_set_off_a_second_after_the_first_move() -> None:
    run = Run(maze_of(CORRIDOR))
    step_there_and_back(run)
    assert WAKE_TICKS == TICK_RATE
    run.advance_to(WAKE_TICKS)
    assert [(c.pos, c.prev) for c in run.chase.chasers] == [((1, 22), (1, 22))]
    assert run.chase.nearest() == 21  # asleep, yet counted near or far (the warning, the heartbeat)
    run.advance_to(WAKE_TICKS + 1)
    assert run.chase.chasers[0].pos == (1, 21)


def test_a_chaser_walks_toward_a_player_standing_still_at_its_pace_and_catches() -> None:
    run = Run(maze_of(CORRIDOR))
    step_there_and_back(run)  # the clock starts, the player stands on the entrance again
    run.advance_to(WAKE_TICKS + CHASER_TICKS * 5)
    assert run.chase.chasers[0].pos == (1, 22 - 5)
    run.advance_to(10 * 60 * TICK_RATE)
    assert run.caught and not run.finished
    assert CAUGHT in run.take_events()
    assert 20 * CHASER_TICKS <= run.caught_at - WAKE_TICKS <= 22 * CHASER_TICKS
    assert run.ticks_played == run.caught_at


def test_a_caught_run_takes_no_more_intents() -> None:
    run = Run(maze_of("S.ME"))
    run.apply(Move(0, 1))
    run.advance_to(200)
    assert run.caught
    moves = run.moves
    run.apply(Move(0, 1))
    run.step()
    assert run.moves == moves and run.over


def test_walking_away_from_a_slower_chaser_escapes() -> None:
    maze = maze_of("M" + "." * 5 + "S" + "." * 30 + "E")
    maze.start = (1, 7)
    run = tap(maze, [Move(0, 1)] * 31).run
    assert run.finished and not run.caught


def test_a_locked_door_stops_a_chaser() -> None:
    run = Run(maze_of("S.....R...M", "r#########E"))
    run.apply(Move(0, 1))
    run.advance_to(20 * TICK_RATE)
    assert not run.caught
    assert run.chase.chasers[0].pos == (1, 11)  # no way to the player: it stays home


def test_a_door_the_player_opened_lets_a_chaser_through() -> None:
    maze = maze_of("S.....R...M", "r#########E")
    run = tap(maze, [Move(1, 0), Move(-1, 0)]).run  # fetch the red key, stand still
    run.advance_to(60 * TICK_RATE)
    assert run.caught


def test_in_fog_a_chaser_out_of_sight_loses_the_scent_and_goes_to_where_it_saw_you() -> None:
    # the chaser's corridor bends out of sight of the player standing at the entrance
    maze = maze_of("S" + "." * 23,
                   "#" * 23 + ".",
                   "M" + "." * 22 + "E")
    clear = Run(maze)
    step_there_and_back(clear)
    clear.advance_to(60 * TICK_RATE)
    assert clear.caught  # without fog it hunts by scent alone
    fog = Run(maze, fog=True)
    step_there_and_back(fog)
    fog.advance_to(WAKE_TICKS + SCENT_TICKS + 10)
    assert not fog.chase.chasers[0].hunting
    fog.advance_to(60 * TICK_RATE)
    assert fog.caught  # it walked to the entrance: where it last saw the player


def test_in_fog_a_chaser_that_loses_the_scent_stops_where_it_last_saw_you() -> None:
    maze = maze_of("S" + "." * 29 + "E",
                   "." + "#" * 30,
                   "." * 30 + "M")
    run = Run(maze, fog=True)
    for move in [Move(0, 1)] * 10:
        run.apply(move)
        run.apply(Release(0, 1))
        run.advance_to(run.tick + WALK_TICKS + 1)
    run.advance_to(run.tick + 30 * TICK_RATE)
    chaser = run.chase.chasers[0]
    assert not run.caught and not chaser.hunting
    assert chaser.pos == chaser.last_seen == maze.start != run.player.pos


def test_a_run_with_chasers_replays_to_the_same_tick() -> None:
    maze = place_lairs(generate("prim", rows=21, cols=21, seed=4), 2, np.random.default_rng(4))
    played = tap(maze, left_hand_moves(maze), taps_per_second=WALKING_SPEED).run
    again = replay(maze, played.log, ticks=played.tick, search_optimal=False)
    assert (again.caught_at, again.finished_at, again.moves, again.player.pos) == (
        played.caught_at, played.finished_at, played.moves, played.player.pos)


def test_one_flood_per_player_move() -> None:
    maze = place_lairs(generate("backtracker", rows=21, cols=21, seed=9), 2,
                       np.random.default_rng(1))
    run = tap(maze, route_moves(maze)).run
    assert run.finished and not run.caught
    assert run.chase.floods <= run.moves + 3


def test_flood_stops_once_every_target_is_reached() -> None:
    open_ = np.ones((5, 9), dtype=bool)
    whole = flood(open_, (0, 0))
    part = flood(open_, (0, 0), [(0, 2)])
    assert whole[4, 8] == 12 and part[4, 8] == -1 and part[0, 2] == 2


def _numpy_flood(passable: np.ndarray, origin: tuple[int, int],
                 targets: list[tuple[int, int]] | None = None) -> np.ndarray:
    """Return the flood as chase.flood made it before it went to plain Python (the reference)."""
    rows, cols = passable.shape
    width = cols + 2
    open_ = np.zeros((rows + 2, width), dtype=bool)
    open_[1:-1, 1:-1] = passable
    flat_open = open_.ravel()
    dist = np.full(flat_open.shape, -1, dtype=np.int32)
    start = (origin[0] + 1) * width + origin[1] + 1
    dist[start] = 0
    offsets = np.array([-width, 1, width, -1])
    wanted = (None if targets is None
              else np.array([(r + 1) * width + c + 1 for r, c in targets], dtype=np.int64))
    frontier = np.array([start], dtype=np.int64)
    step = 0
    while frontier.size:
        if wanted is not None and (dist[wanted] >= 0).all():
            break
        step += 1
        near = (frontier[:, None] + offsets).ravel()
        near = near[flat_open[near] & (dist[near] < 0)]
        frontier = np.unique(near)
        dist[frontier] = step
    return dist.reshape(rows + 2, width)[1:-1, 1:-1]


@pytest.mark.parametrize("algorithm", ["backtracker", "dig", "division", "prim"])
def test_the_flood_is_the_numpy_flood_tile_for_tile(algorithm: str) -> None:
    """Full and partial floods (targets near, far, unreachable, none) match the reference."""
    rng = np.random.default_rng(5)
    for seed, loops in ((1, 0.0), (2, 0.1), (3, 0.5)):
        maze = generate(algorithm, rows=31, cols=41, seed=seed, loops=loops)
        passable = kinds.walkable(maze.tiles)
        cells = list(zip(*np.nonzero(passable)))
        for _ in range(6):
            origin = tuple(int(v) for v in cells[rng.integers(len(cells))])
            picks = [tuple(int(v) for v in cells[rng.integers(len(cells))]) for _ in range(3)]
            for targets in (None, [], picks[:1], picks, [(0, 0)] + picks[:1]):
                got = flood(passable, origin, targets)  # type: ignore[arg-type]
                assert got.dtype == np.int32 and got.shape == passable.shape
                assert np.array_equal(got, _numpy_flood(passable, origin, targets)), targets


@pytest.mark.parametrize("algorithm", ["backtracker", "dig", "division", "prim"])
def test_placed_lairs_let_the_shortest_route_escape(algorithm: str) -> None:
    placed = 0
    for seed in range(8):  # lairs fair at three quarters of the walk: some mazes have no room
        try:
            maze = place_lairs(generate(algorithm, rows=25, cols=25, seed=seed), 1,
                               np.random.default_rng(seed))
        except ValueError as exc:
            assert "no room" in str(exc)
            continue
        placed += 1
        run = tap(maze, route_moves(maze)).run
        assert run.finished and not run.caught
    assert placed >= 2


def test_too_many_chasers_is_refused() -> None:
    with pytest.raises(ValueError, match="chasers must be"):
        place_lairs(generate("prim", rows=11, cols=11, seed=1), 5, np.random.default_rng(0))


def test_the_session_tells_a_view_where_the_chasers_are_and_how_near() -> None:
    from game.run.level import Level
    from game.run.session import CAUGHT as SESSION_CAUGHT
    from game.run.session import PlaySession

    session = PlaySession(Level(maze_of(CORRIDOR)))
    assert session.chasers == [(1.0, 22.0)] and session.nearest_chaser is None
    step_there_and_back(session)
    events = session.advance(WAKE_TICKS + CHASER_TICKS + 1)  # off a second after the move
    assert session.chasers == [(1.0, 21.0)]
    assert session.nearest_chaser == 19  # counted from the tile it steps onto
    while SESSION_CAUGHT not in events:
        events = session.advance(10)
    assert session.caught and not session.finished
    assert session.exit_steps() == 30  # from the entrance (1, 1) to the exit (1, 31)
