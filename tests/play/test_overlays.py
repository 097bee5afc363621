"""What is drawn over the maze stays readable and out of the way: toasts clear of the map's
title, labels inside the view, the player in view and the corner map only where it helps."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from game.levels import CAMPAIGN, LevelSpec, build_level, named_level
from game.maze.solvers import solve
from game.play import theme
from game.play.context import Context
from game.play.input import KeyDown
from game.play.panels.stage import MARKER_RADIUS
from game.play.scenes.play import PlayScene
from game.play.scenes.watch import WatchScene
from game.play.widgets import hud
from game.play.widgets.text import font, min_font
from game.run.level import Level
from game.run.player import Move
from game.save import Race
from game.text import t
from tests.play.helpers import campaign_level, sample_replay
from tests.run.test_replay import tap

pytestmark = pytest.mark.usefixtures("display")

DT = 1 / 60
FIRST_KEY = 14  # Level 15 "First Key"
HEART_OF_MIGONG = CAMPAIGN.index(named_level("Heart of Migong"))  # the last level, 201x201


def play(index: int, ctx: Context) -> PlayScene:
    """Return campaign level ``index`` ready to play."""
    scene = PlayScene(ctx, campaign_level(index))
    scene.on_enter()
    scene.update(DT)
    return scene


def test_a_toast_is_drawn_below_the_explored_maps_title(ctx: Context) -> None:
    scene = play(FIRST_KEY, ctx)
    surface = pygame.Surface((960, 640))
    scene.handle_event(KeyDown(pygame.K_o))
    scene.draw(surface)
    view = scene._view(surface)
    title = hud.caption_rect(view, "Explored map", "O or Esc: back to the maze", spot="top")
    assert title is not None
    assert scene.toast_area(surface).top >= title.bottom
    scene.handle_event(KeyDown(pygame.K_o))  # closed: toasts at the top of the view again
    assert scene.toast_area(surface).top == view.top


def changed_box(a: pygame.Surface, b: pygame.Surface) -> pygame.Rect:
    """Return the bounding box of the pixels that differ between two frames."""
    diff = (pygame.surfarray.array3d(a) != pygame.surfarray.array3d(b)).any(axis=2)
    xs, ys = np.nonzero(diff)
    assert len(xs), "nothing differs"
    return pygame.Rect(int(xs.min()), int(ys.min()), int(xs.max() - xs.min() + 1),
                       int(ys.max() - ys.min() + 1))


def test_the_thinking_solver_ghosts_label_stays_whole_at_the_entrance_on_the_edge(
        ctx: Context) -> None:
    ctx.set_race(Race("bfs", 8))
    scene = play(HEART_OF_MIGONG, ctx)  # its entrance lies on the view's left edge
    size = (960, 640)
    with_ghost, without = pygame.Surface(size), pygame.Surface(size)
    scene.draw(with_ghost)
    racer, scene.session.racer = scene.session.racer, None
    scene.draw(without)
    scene.session.racer = racer
    label = t("play.race_thinking", solver="BFS", percent=0)
    box = changed_box(with_ghost, without)
    assert box.width >= font(min_font()).size(label)[0] + 8  # the chip is not cut off
    assert scene._view(with_ghost).contains(box)


def test_the_end_of_a_replay_is_said_on_a_backed_caption_over_the_maze(ctx: Context) -> None:
    level, replay = sample_replay()
    watch = WatchScene(ctx, level, replay)
    watch.seek(replay.ticks)
    assert watch.playback.done
    surface = pygame.Surface((960, 640))
    watch.draw(surface)
    view = pygame.Rect(0, hud.bar_height((960, 640)), 960,
                       640 - hud.bar_height((960, 640)) - hud.help_strip_height((960, 640)))
    box = hud.caption_rect(view, "End of the replay", spot="top")
    assert box is not None
    teal = theme.current().ui.teal
    frame = (box.midleft, (box.right - 1, box.centery))
    assert all(tuple(surface.get_at(p))[:3] == teal for p in frame)


@pytest.mark.parametrize("size", [(320, 240), (400, 300), (640, 480), (1280, 720)])
def test_the_player_and_its_ring_are_whole_in_view_at_any_window_size(
        ctx: Context, size: tuple[int, int]) -> None:
    scene = play(HEART_OF_MIGONG, ctx)  # 201x201: it scrolls, the entrance on its left edge
    surface = pygame.Surface(size)
    scene.draw(surface)
    view = scene._view(surface)
    x, y = scene.stage.tile_centre(view, scene.run.player.render_pos)
    reach = max(scene.camera.tile / 2, MARKER_RADIUS + 1)
    assert view.left + reach <= x <= view.right - reach
    assert view.top + reach <= y <= view.bottom - reach


def frame(scene: PlayScene, size: tuple[int, int]) -> bytes:
    """Return the scene drawn at ``size``, as bytes."""
    surface = pygame.Surface(size)
    scene.draw(surface)
    return pygame.image.tobytes(surface, "RGB")


def test_the_corner_map_is_left_out_of_a_view_too_small_for_it(ctx: Context) -> None:
    scene = play(HEART_OF_MIGONG, ctx)
    shown: dict[tuple[int, int], bool] = {}
    for size in ((320, 240), (960, 640)):
        ctx.set_minimap(False)
        without = frame(scene, size)
        ctx.set_minimap(True)
        shown[size] = frame(scene, size) != without
    assert shown == {(320, 240): False, (960, 640): True}


def test_no_corner_map_while_the_whole_maze_is_in_view(ctx: Context) -> None:
    # it only repeated the view, over the maze's own tiles
    scene = play(0, ctx)
    ctx.set_minimap(False)
    without = frame(scene, (1280, 720))
    ctx.set_minimap(True)
    assert scene.camera.shows_all() and frame(scene, (1280, 720)) == without
    scene.camera.zoom(5)  # closer: part of the maze is out of view, the map helps
    scene.camera.follow(*scene.run.player.render_pos, 0.0, snap=True)
    assert not scene.camera.shows_all() and frame(scene, (1280, 720)) != without


def test_the_corner_map_of_a_huge_maze_shows_the_walk_not_grey_noise(ctx: Context) -> None:
    spec = LevelSpec("backtracker", 1001, 1001, 7, 0.0, {}, "huge")
    scene = PlayScene(ctx, Level(build_level(spec), spec))
    ctx.set_minimap(True)
    path = solve(scene.maze, "bfs").path
    assert path is not None
    tap(scene.run, [Move(b[0] - a[0], b[1] - a[1]) for a, b in zip(path, path[1:200])], pause=0)
    scene.update(DT)
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)
    th = theme.current()
    picture = pygame.surfarray.array3d(scene.maps._coarse_map((180, 180)))
    colours = {tuple(int(v) for v in px) for px in picture.reshape(-1, 3)}
    assert colours == {th.classic.wall, th.actors.player}  # the walk on a plain ground


@pytest.mark.parametrize("size", [(400, 400), (960, 640), (1280, 720), (480, 800), (1920, 1080)])
def test_the_corner_map_never_hides_a_tile_of_a_maze_bigger_than_the_view(
        ctx: Context, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    # it lay over the maze's top-right corner, where the player could walk and see
    scene = play(HEART_OF_MIGONG, ctx)
    ctx.set_minimap(True)
    with_map = pygame.Surface(size)
    scene.draw(with_map)
    view = scene._view(with_map)
    assert not scene.camera.shows_all()
    monkeypatch.setattr(scene.maps, "draw_corner", lambda *args, **kw: None)
    without = pygame.Surface(size)
    scene.draw(without)
    box = changed_box(with_map, without)  # the map and its strip
    assert not box.colliderect(view), (box, view)
    assert scene.camera.view_w == view.width and scene.camera.view_h == view.height


def test_level_49s_corner_map_shows_the_walk_and_names_itself_in_the_strip_under_it(
        ctx: Context) -> None:
    # 201 tiles in a 186 px map were grey noise, over an empty strip the height of the view
    scene = play(HEART_OF_MIGONG, ctx)
    ctx.set_minimap(True)
    made: list[tuple[int, int]] = []
    coarse = scene.maps._coarse_map

    def counted(size: tuple[int, int]) -> pygame.Surface:
        made.append(size)
        return coarse(size)

    scene.maps._coarse_map = counted  # type: ignore[method-assign]
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)
    view = scene._view(surface)
    room = scene.maps.corner_room(scene._area(surface))
    assert made and room is not None and room.height > room.width
    rect = scene.maps.draw_corner(surface, view, 0.0, room=room)
    assert rect is not None
    under = pygame.surfarray.array3d(surface.subsurface(
        pygame.Rect(room.x, rect.bottom + 8, room.width, room.bottom - rect.bottom - 8)))
    assert (under != theme.current().ui.bg).any(2).sum() > 100  # its name and key
