"""The first-person view: its keys give the run the same intents, and it draws the maze."""

from __future__ import annotations

from typing import Iterator

import numpy as np
import pygame
import pytest

from game.bindings import KEY_CODES
from game.maze.solvers import solve
from game.play import theme
from game.play.context import Context
from game.play.firstperson.textures import DARK, DOORS, ROUTE
from game.play.firstperson.view import HEADINGS, Walker
from game.play.scenes.play import PlayScene
from game.run.intents import AutoRun, Release, ToggleHint
from game.run.level import Level
from game.run.player import Move
from game.run.replay import record, verify
from game.save import Progress
from tests.play.helpers import campaign_level, key, up

FIRST_KEY = 14  # "First Key": one blue key, one blue door


@pytest.fixture(autouse=True)
def screen(display: None) -> Iterator[None]:
    """Give every test a 320x240 dummy display."""
    pygame.display.set_mode((320, 240))
    yield
    theme.use(theme.build("default"))


def fp_scene(index: int = 0, *, fog: bool = False) -> PlayScene:
    """Return campaign level ``index`` played in first person."""
    ctx = Context(Progress())
    ctx.session_view = True
    level = campaign_level(index)
    scene = PlayScene(ctx, Level(level.maze, level.spec, level.index, level.label, fog=fog))
    scene.on_enter()
    return scene


def test_up_steps_the_way_faced_and_turns_change_it() -> None:
    walker = Walker(0)  # facing east
    assert walker.press("walk_up") == [Move(0, 1)]
    assert walker.release("walk_up") == [Release(0, 1)]
    assert walker.press("walk_right") == []  # a quarter turn right: south
    assert HEADINGS[walker.heading] == (1, 0)
    assert walker.press("walk_up") == [Move(1, 0)]
    assert walker.release("walk_up") == [Release(1, 0)]
    assert walker.press("walk_down") == [Move(-1, 0)]  # a step back: north
    walker.release("walk_down")
    assert walker.press("strafe_left") == [Move(0, 1)]  # facing south the left hand is east
    walker.release("strafe_left")
    assert walker.press("walk_up", run=True) == [AutoRun(1, 0)]


def test_turning_while_walking_walks_on_the_new_way() -> None:
    walker = Walker(0)
    walker.press("walk_up")
    assert walker.press("walk_left") == [Release(0, 1), Move(-1, 0)]
    assert walker.release("walk_up") == [Release(-1, 0)]


def test_turns_ease_and_are_instant_under_reduced_motion() -> None:
    walker = Walker(0)
    walker.press("walk_right")
    walker.update(0.04, reduced=False)
    assert 0 < walker.angle < np.pi / 2 and walker.turning
    walker.update(1.0, reduced=False)
    assert walker.angle == pytest.approx(np.pi / 2) and not walker.turning
    walker.press("walk_left")
    walker.update(0.0, reduced=True)
    assert walker.angle == pytest.approx(0.0)


def drive_to(scene: PlayScene, path: list[tuple[int, int]]) -> None:
    """Walk ``path`` by first-person key presses: turn to face each step, tap Up."""
    assert scene.first_person is not None
    walker = scene.first_person.walker
    for here, there in zip(path, path[1:]):
        step = (there[0] - here[0], there[1] - here[1])
        while HEADINGS[walker.heading] != step:
            scene.handle_event(key(pygame.K_RIGHT))
            scene.handle_event(up(pygame.K_RIGHT))
        scene.handle_event(key(pygame.K_UP))
        scene.handle_event(up(pygame.K_UP))
        for _ in range(60):
            if scene.run.player.pos == there and not scene.run.player.moving:
                break
            scene.update(1 / 60)
        assert scene.run.player.pos == there


def test_a_level_played_in_first_person_finishes_and_its_replay_verifies() -> None:
    scene = fp_scene(0)
    level = scene.level
    drive_to(scene, solve(level.maze).path)
    for _ in range(5):
        scene.update(1 / 60)
    assert scene.run.finished
    rep = record(scene.run, level, game="test", date="2026-12-03T10:00:00Z")
    assert verify(rep).matches


def test_the_view_key_switches_views_and_the_run_goes_on() -> None:
    scene = fp_scene(0)
    scene.handle_event(key(KEY_CODES["V"]))
    assert scene.first_person is None and scene.bar.first_person is False
    scene.handle_event(key(pygame.K_RIGHT))  # from above Right walks east again
    assert scene.run.player.pos != scene.maze.start or scene.run.moves == 0
    scene.handle_event(up(pygame.K_RIGHT))
    scene.handle_event(key(KEY_CODES["V"]))
    assert scene.first_person is not None and scene.ctx.session_view is True


def test_back_in_first_person_the_player_faces_the_way_they_left_it() -> None:
    scene = fp_scene(0)
    walker = scene.first_person.walker
    first = walker.heading
    walker.press("walk_right")  # a quarter turn on the spot: no move
    turned = walker.heading
    assert turned != first and scene.run.moves == 0
    scene.handle_event(key(KEY_CODES["V"]))
    scene.handle_event(key(KEY_CODES["V"]))  # back inside, still not moved: as left
    assert scene.first_person is not None and scene.first_person.walker.heading == turned
    scene.handle_event(key(KEY_CODES["V"]))
    scene.handle_event(key(pygame.K_RIGHT))  # a step from above: face the way walked
    scene.handle_event(up(pygame.K_RIGHT))
    scene.update(0.5)
    assert scene.run.moves == 1
    scene.handle_event(key(KEY_CODES["V"]))
    assert HEADINGS[scene.first_person.walker.heading] == (0, 1)


def test_unseen_tiles_are_dark_and_doors_are_slabs() -> None:
    scene = fp_scene(FIRST_KEY, fog=True)
    fp = scene.first_person
    assert fp is not None
    world, r0, c0 = fp.scene()
    seen = scene.run.fog.seen[r0:r0 + world.solid.shape[0], c0:c0 + world.solid.shape[1]]
    assert (world.floor[~seen] == DARK).all() and (world.wall[~seen] == DARK).all()
    clear = fp_scene(FIRST_KEY).first_person
    assert clear is not None
    full, r0, c0 = clear.scene()
    assert set(DOORS) & set(np.unique(full.wall[full.solid]).tolist())


def test_the_hint_route_glows_on_the_floor() -> None:
    scene = fp_scene(0)
    scene.apply(ToggleHint())
    for _ in range(400):
        scene.update(1 / 60)
        if scene.hint is not None and scene.hint.done:
            break
    assert scene.first_person is not None
    world, _, _ = scene.first_person.scene()
    assert (world.floor == ROUTE).any()


@pytest.mark.parametrize("size", [(320, 240), (1280, 720)])
def test_the_view_draws_walls_floor_and_ceiling(size: tuple[int, int]) -> None:
    surface = pygame.display.set_mode(size)
    scene = fp_scene(0)
    scene.update(1 / 60)
    scene.draw(surface)
    fp = scene.first_person
    assert fp is not None and fp.render_size[0] == min(size[0], 960)
    middle = pygame.surfarray.array3d(surface)[:, size[1] // 2]
    assert len({tuple(p) for p in middle[:: max(1, size[0] // 40)]}) > 3  # textured, not flat


def test_the_view_setting_is_saved_and_read_back(tmp_path: object) -> None:
    ctx = Context(Progress())
    assert ctx.first_person is False
    ctx.set_first_person(True)
    assert ctx.settings.first_person and ctx.first_person
    ctx.session_view = False
    assert ctx.first_person is False


def test_the_right_hand_walks_every_generated_maze_to_its_exit() -> None:
    from game.maze.generators import generate
    from game.play.firstperson.wander import STEPS, next_choice

    for seed in range(5):
        maze = generate("backtracker", rows=15, cols=15, seed=seed)
        pos, heading, turned = maze.start, 0, False
        for _ in range(4000):
            if pos == maze.goal:
                break
            choice = next_choice(maze.walkable, pos, heading, turned)
            turned = choice == "right"
            if choice == "forward":
                pos = (pos[0] + STEPS[heading][0], pos[1] + STEPS[heading][1])
            else:
                heading = (heading + (1 if choice == "right" else -1)) % 4
        assert pos == maze.goal


def test_the_screensaver_walks_on_to_new_mazes_and_ends_on_a_key() -> None:
    from game.play.routes import QuitGame
    from game.play.scenes.screensaver import ScreensaverScene

    surface = pygame.display.set_mode((320, 240))
    scene = ScreensaverScene(Context(Progress()), seed=1)
    start = scene.session.maze.start
    for _ in range(240):
        scene.update(1 / 60)
    scene.draw(surface)
    assert scene.session.run.moves > 0 and scene.session.run.player.pos != start
    while scene.mazes == 1:
        scene.update(1 / 20)
    assert scene.mazes == 2
    assert isinstance(scene.handle_event(key(pygame.K_x)), QuitGame)



def test_keys_the_exit_and_torches_stand_as_sprites_where_the_top_view_shows_them() -> None:
    scene = fp_scene(16)  # Key Hall: a room map with keys and torches
    fp = scene.first_person
    assert fp is not None
    names = [name for name, _, _ in fp.sprites()]
    assert "exit" in names and "torch" in names and len(names) >= 3
    fogged = fp_scene(16, fog=True).first_person
    assert fogged is not None
    assert "exit" not in [name for name, _, _ in fogged.sprites()]  # not seen yet


def test_a_replay_can_be_watched_in_first_person_facing_the_way_the_player_went() -> None:
    from game.play.scenes.watch import WatchScene
    from tests.play.helpers import sample_replay

    surface = pygame.display.set_mode((320, 240))
    level, rep = sample_replay()
    ctx = Context(Progress())
    ctx.session_view = True
    scene = WatchScene(ctx, level, rep)
    assert scene.first_person is not None
    for _ in range(90):
        scene.update(1 / 60)
    scene.draw(surface)
    run = scene.playback.run
    assert run.moves > 0
    heading = {"right": 0, "down": 1, "left": 2, "up": 3}[run.player.facing]
    assert scene.first_person.walker.heading == heading
    scene.handle_event(key(KEY_CODES["V"]))
    assert scene.first_person is None
    scene.draw(surface)  # from above again


def test_an_auto_run_turns_the_view_round_the_bends() -> None:
    scene = fp_scene(FIRST_KEY)  # the entrance corridor bends south after five tiles
    assert scene.first_person is not None
    scene.handle_event(key(pygame.K_UP, pygame.KMOD_SHIFT))
    scene.handle_event(up(pygame.K_UP))
    for _ in range(120):
        scene.update(1 / 60)
    facing = {"right": 0, "down": 1, "left": 2, "up": 3}[scene.run.player.facing]
    assert scene.run.moves > 5 and scene.first_person.walker.heading == facing != 0


def test_a_step_eases_a_held_key_glides_and_reduced_motion_arrives_at_once() -> None:
    from game.play.firstperson.view import EYE_BACK, eye

    scene = fp_scene(0)
    scene.handle_event(key(pygame.K_UP))
    scene.update(1 / 60)
    player = scene.run.player
    assert 0 < player.fraction < 0.5
    (r0, c0), (r1, c1) = player.prev, player.pos
    eased = eye(scene.session, False)
    glided = eye(scene.session, False, glide=True)
    arrived = eye(scene.session, True)
    along = abs(c1 - c0) + abs(r1 - r0)
    assert along == 1
    assert (r0, r1, c1 - c0) == (r1, r1, 1)  # a step east, faced east: the eye stands back
    start_x = c0 + 0.5 - EYE_BACK
    assert 0 < eased[0] - start_x < glided[0] - start_x < 1  # slow out at first
    assert arrived == (pytest.approx(c1 + 0.5 - EYE_BACK), pytest.approx(r1 + 0.5))


@pytest.mark.parametrize("index", [0, 8])  # the classic look and a room map
def test_at_the_end_of_the_run_the_exits_ring_does_not_fill_the_view(index: int) -> None:
    # the eye stood inside the ring: gold bands over the whole picture
    from game.play.firstperson.view import FirstPersonView
    from game.play.render.tiles import style_for
    from game.run.session import PlaySession
    from tests.run.test_replay import tap

    level = campaign_level(index)
    session = PlaySession(level)
    path = solve(level.maze, "bfs").path
    assert path is not None
    tap(session.run, [Move(b[0] - a[0], b[1] - a[1]) for a, b in zip(path, path[1:])], pause=0)
    for _ in range(60):
        session.run.step()
    assert session.run.finished and session.exit_known
    view = FirstPersonView(session, style_for(level.spec))
    view.walker.face(session.run.player.facing)
    view.walker.update(1.0, True)
    surface = pygame.Surface((640, 360))
    view.draw(surface, surface.get_rect())
    ring = np.array(theme.current().actors.exit_ring)
    px = pygame.surfarray.array3d(surface)
    assert (px == ring).all(axis=2).mean() < 0.01


def texel_run(frame: pygame.Surface) -> float:
    """Return the median length (px) of the runs of one colour along the frame's middle row."""
    row = pygame.surfarray.array3d(frame)[:, frame.get_height() // 2].astype(np.int32)
    change = np.flatnonzero((np.diff(row, axis=0) != 0).any(axis=1))
    return float(np.median(np.diff(change)))


@pytest.mark.parametrize("index", [0, 8])  # the classic look and a room map
def test_a_wall_a_step_ahead_is_crisp_not_a_few_big_blurry_texels(index: int) -> None:
    # a 32-px texture grew to ~40 px a texel on a wall just ahead: it read as blur
    from game.play.firstperson.textures import TEXTURE, textures
    from game.play.firstperson.view import FirstPersonView
    from game.play.render.tiles import style_for
    from game.run.session import PlaySession

    level = campaign_level(index)
    style = style_for(level.spec)
    assert TEXTURE == 64 and textures(style).shape[1:3] == (64, 64)  # drawn at 64, not scaled
    session = PlaySession(level)
    view = FirstPersonView(session, style)
    r, c = session.run.player.pos
    heading = next(h for h, (dr, dc) in enumerate(HEADINGS)
                   if not level.maze.walkable((r + dr, c + dc)))
    view.walker = Walker(heading)  # facing the wall beside the entrance
    surface = pygame.Surface((1280, 720))
    view.draw(surface, surface.get_rect())
    assert texel_run(surface) <= 24
