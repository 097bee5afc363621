"""The fog of war on screen: dark at the start, revealed by walking, the map, the exit arrow."""

from __future__ import annotations

from typing import Iterator

import numpy as np
import pygame
import pytest

from game.levels import LevelSpec, build_level
from game.maze.solvers import solve
from game.play import theme
from game.play.context import Context
from game.play.input import KeyDown, KeyUp
from game.play.routes import OpenPause
from game.play.scenes.play import PlayScene
from game.run.level import Level
from game.save import Progress

DT = 1 / 60
SIZE = (960, 640)
ARROWS = {(-1, 0): pygame.K_UP, (1, 0): pygame.K_DOWN, (0, -1): pygame.K_LEFT,
          (0, 1): pygame.K_RIGHT}
CLASSIC = LevelSpec("backtracker", 31, 31, 3111, fog=True)
ROOMS = LevelSpec("division", 33, 51, 3312, 0.1, {"room_size": 4}, fog=True)


@pytest.fixture(scope="module", autouse=True)
def pygame_up() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    yield


@pytest.fixture
def ctx() -> Context:
    return Context(Progress())


def scene_of(ctx: Context, spec: LevelSpec) -> PlayScene:
    scene = PlayScene(ctx, Level(build_level(spec), spec))
    scene.on_enter()
    scene.update(DT)
    return scene


def dark_share(scene: PlayScene) -> float:
    """Return the share of the maze view drawn in the fog's unseen colour."""
    surface = pygame.Surface(SIZE)
    scene.draw(surface)
    view = scene._view(surface)
    px = pygame.surfarray.pixels3d(surface)[view.left:view.right, view.top:view.bottom]
    unseen = np.array(theme.current().fog.unseen[:3])
    return float((np.abs(px.astype(int) - unseen).sum(axis=2) <= 6).mean())


def walk_route(scene: PlayScene, steps: int) -> None:
    """Walk the first ``steps`` tiles of the shortest route with key presses."""
    path = solve(scene.maze, "bfs").path
    for a, b in zip(path[:steps], path[1:steps + 1]):
        k = ARROWS[(b[0] - a[0], b[1] - a[1])]
        scene.handle_event(KeyDown(k))
        scene.update(DT)
        scene.handle_event(KeyUp(k))
        for _ in range(30):
            if not scene.run.player.moving:
                break
            scene.update(DT)


@pytest.mark.parametrize("spec", [CLASSIC, ROOMS], ids=["classic", "rooms"])
def test_a_fog_level_starts_mostly_dark_and_walking_reveals_more(ctx: Context,
                                                                   spec: LevelSpec) -> None:
    scene = scene_of(ctx, spec)
    assert scene.run.fog is not None and scene.fog_layer is not None
    start = dark_share(scene)
    seen = int(scene.run.fog.seen.sum())
    walk_route(scene, 30)
    assert int(scene.run.fog.seen.sum()) > seen
    assert start > 0.6 and dark_share(scene) < start


def test_without_fog_nothing_is_veiled(ctx: Context) -> None:
    plain = LevelSpec("backtracker", 31, 31, 3111)
    scene = scene_of(ctx, plain)
    assert scene.run.fog is None and scene.fog_layer is None
    assert dark_share(scene) < 0.05


def test_the_fog_setting_fogs_every_maze(ctx: Context) -> None:
    ctx.set_fog(True)
    scene = scene_of(ctx, LevelSpec("backtracker", 31, 31, 3111))
    assert scene.run.fog is not None


def test_a_file_played_with_fog_is_fogged(ctx: Context) -> None:
    maze = build_level(LevelSpec("prim", 21, 21, 5))
    scene = PlayScene(ctx, Level(maze, label="x.txt", fog=True))
    assert scene.run.fog is not None


def test_the_exit_is_unknown_in_fog_until_seen(ctx: Context) -> None:
    scene = scene_of(ctx, CLASSIC)
    assert not scene.exit_known
    assert scene_of(ctx, LevelSpec("backtracker", 31, 31, 3111)).exit_known
    fog = scene.run.fog
    assert fog is not None
    fog.reveal(np.ones((1, 1), dtype=bool), (*scene.maze.goal, scene.maze.goal[0] + 1,
                                             scene.maze.goal[1] + 1))
    assert scene.exit_known


def test_an_off_screen_exit_gets_an_arrow_at_the_view_edge(ctx: Context) -> None:
    spec = LevelSpec("backtracker", 101, 101, 9)
    scene = scene_of(ctx, spec)
    surface = pygame.Surface(SIZE)
    scene.draw(surface)
    view = scene._view(surface)
    assert not view.collidepoint(scene.stage.tile_centre(view, scene.maze.goal))
    arrow = theme.current().fog.arrow
    px = pygame.surfarray.pixels3d(surface)[view.left:view.right, view.top:view.bottom]
    hits = np.argwhere((px == np.array(arrow)).all(axis=2))
    assert len(hits)  # drawn, in the exit's direction (down and right of the view's centre)
    x, y = hits.mean(axis=0)
    assert x > view.width / 2 and y > view.height / 2


def test_the_map_key_shows_the_explored_map_and_esc_closes_it_first(ctx: Context) -> None:
    scene = scene_of(ctx, CLASSIC)
    scene.handle_event(KeyDown(pygame.K_o))
    assert scene.map_shown
    surface = pygame.Surface(SIZE)
    scene.draw(surface)
    assert scene.handle_event(KeyDown(pygame.K_ESCAPE)) is None and not scene.map_shown
    assert isinstance(scene.handle_event(KeyDown(pygame.K_ESCAPE)), OpenPause)


def test_the_map_shows_only_what_was_seen(ctx: Context) -> None:
    scene = scene_of(ctx, CLASSIC)
    surface = pygame.Surface(SIZE)
    area = pygame.Rect(0, 0, 310, 310)  # 10 px per tile
    rect = scene.maps.full.draw(surface, area)
    px = pygame.surfarray.pixels3d(surface)
    unseen = np.array(theme.current().fog.unseen[:3])
    seen = scene.run.fog.seen if scene.run.fog is not None else None
    assert seen is not None
    for (r, c), was_seen in np.ndenumerate(seen):
        x, y = rect.x + c * 10 + 5, rect.y + r * 10 + 5
        assert (np.abs(px[x, y].astype(int) - unseen).sum() <= 6) != was_seen, (r, c)


def test_the_hint_reveals_what_it_explored(ctx: Context) -> None:
    scene = scene_of(ctx, CLASSIC)
    fog = scene.run.fog
    assert fog is not None
    before = int(fog.seen.sum())
    scene.handle_event(KeyDown(pygame.K_h))
    scene.handle_event(KeyDown(pygame.K_SPACE))  # finish it now
    for _ in range(20):
        scene.update(DT)
    hint = scene.hint
    assert hint is not None and hint.done and hint.path is not None
    assert all(fog.seen[pos] for pos in hint.path)
    assert int(fog.seen.sum()) > before


@pytest.mark.parametrize("palette", list(theme.PALETTES))
def test_the_corner_map_is_drawn_clear_of_the_player(ctx: Context, palette: str) -> None:
    theme.use(theme.PALETTES[palette])
    ctx.set_minimap(True)
    scene = scene_of(ctx, ROOMS)
    walk_route(scene, 12)
    surface = pygame.Surface(SIZE)
    scene.draw(surface)
    edge = theme.current().fog.map_edge
    px = pygame.surfarray.pixels3d(surface)
    assert (px == np.array(edge)).all(axis=2).sum() > 100  # its frame
    theme.use(theme.DEFAULT)


@pytest.mark.parametrize("label, name", [("settings.fog", "fog"), ("settings.minimap", "minimap")])
def test_the_settings_rows_turn_fog_and_the_corner_map_on_and_off(ctx: Context, label: str,
                                                                    name: str) -> None:
    from game.play.scenes.settings import SettingsScene
    from game.text import t

    heard: list[str] = []
    ctx.on_settings_change(heard.append)
    settings = SettingsScene(ctx)
    settings.menu.selected = [item.text() for item in settings.menu.items].index(t(label))
    row = settings.menu.items[settings.menu.selected]
    assert row.value is not None and row.value() == t(f"{label}_off")
    settings.menu.adjust(1)
    assert getattr(ctx.settings, name) is True and heard == [name]
    assert row.value() == t(f"{label}_on")
    settings.menu.adjust(-1)
    assert getattr(ctx.settings, name) is False
