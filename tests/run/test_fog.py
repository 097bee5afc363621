"""The fog of a run: the player sees around them, remembers what was seen, rooms light whole."""

from __future__ import annotations

import numpy as np

from game.maze import decor
from game.maze.grid import WALL
from game.run.fog import FOG_RADIUS, IN_SIGHT, REMEMBERED, UNSEEN, Fog
from game.run.intents import RIGHT, Release
from game.run.model import Run, replay
from game.run.player import Move
from tests.run.test_player import CORRIDOR, maze_from

HALLS = maze_from(
    """
    ###########
    S...#.....#
    ###.#.....#
    ###.......#
    ###.#.....#
    #####E#####
    """
)


def walk(run: Run, move: Move, times: int) -> None:
    """Tap ``move`` ``times`` times, letting each step finish."""
    for _ in range(times):
        run.apply(move)
        run.apply(Release(move.dr, move.dc))
        for _ in range(30):
            run.step()


def test_without_fog_there_is_no_fog() -> None:
    assert Run(CORRIDOR).fog is None


def test_at_the_start_only_the_tiles_in_reach_are_seen() -> None:
    run = Run(CORRIDOR, fog=True)
    assert run.fog is not None
    seen = run.fog.seen
    assert seen[1, : FOG_RADIUS + 1].all()  # along the corridor, up to the radius
    assert not seen[1, FOG_RADIUS + 2 :].any()
    assert seen[0, 0] and seen[2, 1]  # the corridor's walls are seen too
    assert run.fog.in_sight((1, 3)) and not run.fog.in_sight((1, 20))


def test_walking_reveals_more_and_what_was_seen_stays_remembered() -> None:
    run = Run(CORRIDOR, fog=True)
    assert run.fog is not None
    before = int(run.fog.seen.sum())
    walk(run, RIGHT, 12)
    assert run.player.pos == (1, 12)
    assert int(run.fog.seen.sum()) > before
    states = run.fog.states((0, 0, CORRIDOR.rows, CORRIDOR.cols))
    assert states[1, 0] == REMEMBERED  # the entrance, out of reach now
    assert states[1, 12] == IN_SIGHT and states[1, 12 + FOG_RADIUS] == IN_SIGHT
    assert states[1, 28] == UNSEEN


def test_the_changed_box_covers_the_old_and_the_new_sight_once() -> None:
    run = Run(CORRIDOR, fog=True)
    assert run.fog is not None
    run.fog.take_changed()
    walk(run, RIGHT, 1)
    top, left, bottom, right = run.fog.take_changed() or (0, 0, 0, 0)
    assert left == 0 and right == 1 + FOG_RADIUS + 1 and top == 0 and bottom == 3
    assert run.fog.take_changed() is None  # taken: nothing new since


def test_walls_hide_the_room_beyond_until_the_player_comes_round() -> None:
    run = Run(HALLS, fog=True)
    assert run.fog is not None
    assert not run.fog.seen[1:5, 5:10].any()  # the hall behind the wall at column 4


def test_on_a_room_map_entering_a_room_lights_all_of_it() -> None:
    fog = Fog(HALLS.tiles != WALL, rooms=True, radius=1)
    fog.look((3, 3))  # the corridor: only the radius
    assert not fog.seen[1:5, 5:10].any()
    fog.look((3, 5))  # into the hall: all of it and its walls, whatever the radius
    assert fog.seen[0:6, 4:11].all()
    assert fog.in_sight((1, 9)) and fog.in_sight((4, 9))
    assert not fog.seen[1, 1]  # the corridor behind is not part of the room


# A hall above a corridor, one doorway between them; decor hangs torches at (0, 1) and (0, 5).
TORCHLIT = maze_from(
    """
    ###########
    #.........#
    #.........#
    #.........#
    #####.#####
    S.........E
    ###########
    """
)
HALL = (slice(1, 4), slice(1, 10))


def test_a_torch_seen_through_a_doorway_lights_its_room_whole() -> None:
    torches = decor.torches(TORCHLIT)
    assert torches[0, 5]
    dark = Fog(TORCHLIT.tiles != WALL, rooms=True, radius=5)
    dark.look((5, 5))  # below the doorway: a narrow cone of the hall, up to the torch
    assert dark.seen[0, 5] and not dark.seen[HALL].all() and not dark.seen[1, 1]
    lit = Fog(TORCHLIT.tiles != WALL, rooms=True, radius=5, torches=torches)
    lit.look((5, 5))
    assert lit.seen[HALL].all() and lit.in_sight((1, 1)) and lit.in_sight((3, 9))
    lit.look((5, 1))  # the torch out of sight: the hall is remembered, no longer in sight
    assert lit.seen[HALL].all() and not lit.in_sight((1, 9))


def test_a_torch_out_of_sight_lights_nothing() -> None:
    fog = Fog(TORCHLIT.tiles != WALL, rooms=True, radius=5, torches=decor.torches(TORCHLIT))
    fog.look((5, 1))
    assert not fog.seen[HALL].any()


def test_the_run_lights_torch_rooms_on_room_maps_only() -> None:
    room_map = Run(TORCHLIT, fog=True, rooms=True)
    classic = Run(TORCHLIT, fog=True)
    for run in (room_map, classic):
        walk(run, RIGHT, 5)
        assert run.player.pos == (5, 5)  # below the doorway
    assert room_map.fog is not None and classic.fog is not None
    assert room_map.fog.seen[HALL].all()
    assert not classic.fog.seen[HALL].all()


def test_without_rooms_the_radius_alone_limits_sight() -> None:
    fog = Fog(HALLS.tiles != WALL, rooms=False, radius=1)
    fog.look((3, 5))
    assert not fog.seen[1, 9]


def test_the_hint_reveals_what_it_explored() -> None:
    run = Run(CORRIDOR, fog=True)
    assert run.fog is not None
    run.fog.take_changed()
    explored = np.ones((1, 10), dtype=bool)
    run.fog.reveal(explored, (1, 15, 2, 25))
    assert run.fog.seen[1, 15:25].all()
    assert run.fog.take_changed() == (1, 15, 2, 25)
    version = run.fog.version
    run.fog.reveal(explored, (1, 15, 2, 25))  # nothing new: no change
    assert run.fog.version == version and run.fog.take_changed() is None


def test_a_fogged_run_replays_to_the_same_memory() -> None:
    run = Run(HALLS, fog=True, rooms=True)
    for move in (RIGHT, RIGHT, RIGHT):
        walk(run, move, 1)
    again = replay(HALLS, run.log, ticks=run.tick, fog=True, rooms=True)
    assert again.fog is not None and run.fog is not None
    assert np.array_equal(again.fog.seen, run.fog.seen)
