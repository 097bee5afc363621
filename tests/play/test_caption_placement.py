"""The hint caption never hides the player or the exit, even on a 320x240 window: it goes
below, above or beside the maze, else into a band of its own under it.  The key reminder
has a strip of its own under the maze: it covers no tile at all."""

from __future__ import annotations

from typing import Any, Iterator

import numpy as np
import pygame
import pytest

from game.levels import CAMPAIGN, build_level
from game.maze.solvers import solve
from game.play.context import Context
from game.play.input import KeyDown, KeyUp
from game.play.scenes.play import FitView, PlayScene
from game.play.widgets import hud
from game.run.intents import ToggleHint
from game.run.level import Level
from game.save import Progress

DT = 1 / 60
KEYS = {(-1, 0): pygame.K_UP, (1, 0): pygame.K_DOWN, (0, -1): pygame.K_LEFT,
        (0, 1): pygame.K_RIGHT}


class Silent:
    """No sound."""

    def play(self, name: str) -> None:
        """Play nothing."""


@pytest.fixture(scope="module", autouse=True)
def pygame_up() -> Iterator[None]:
    """Start the dummy display and fonts."""
    pygame.display.init()
    pygame.font.init()
    yield


def spy_on(monkeypatch: pytest.MonkeyPatch, name: str) -> list[pygame.Rect]:
    """Record the area each call of ``hud.<name>`` really painted (the pixels it changed)."""
    boxes: list[pygame.Rect] = []
    original = getattr(hud, name)

    def spy(surface: pygame.Surface, *args: Any, **kwargs: Any) -> Any:
        before = pygame.surfarray.array3d(surface)
        result = original(surface, *args, **kwargs)
        changed = np.argwhere((pygame.surfarray.array3d(surface) != before).any(axis=2))
        if len(changed):
            (x0, y0), (x1, y1) = changed.min(axis=0), changed.max(axis=0)
            boxes.append(pygame.Rect(int(x0), int(y0), int(x1 - x0 + 1), int(y1 - y0 + 1)))
        return result

    monkeypatch.setattr(hud, name, spy)
    return boxes


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[pygame.Rect]:
    """Record where each hint caption was painted."""
    return spy_on(monkeypatch, "draw_caption_box")


def tile_rect(scene: PlayScene, surface: pygame.Surface, pos: tuple[float, float]) -> pygame.Rect:
    """Return the on-screen rect of the tile at ``pos``."""
    bar = hud.bar_height(surface.get_size())
    x, y = scene.camera.to_screen(*pos)
    t = scene.camera.tile
    return pygame.Rect(round(x), round(bar + y), max(1, round(t)), max(1, round(t)))


def play_with_hint(index: int, *, hint: bool = True) -> PlayScene:
    """Return campaign level ``index`` with the hint shown and finished."""
    spec = CAMPAIGN[index]
    scene = PlayScene(Context(Progress(), audio=Silent()),
                      Level(build_level(spec), spec, index, f"Level {index + 1}"))
    if not hint:
        return scene
    scene.apply(ToggleHint())
    assert scene.hint is not None
    scene.hint.finish()
    return scene


def assert_clear(scene: PlayScene, surface: pygame.Surface, box: pygame.Rect) -> None:
    """Fail when ``box`` covers the player's or the exit's tile on screen."""
    view = surface.get_rect()
    for name, pos in (("player", scene.run.player.render_pos), ("exit", scene.maze.goal)):
        tile = tile_rect(scene, surface, pos)
        if tile.colliderect(view):
            assert not box.colliderect(tile), f"the caption {box} hides the {name} at {tile}"


def walk_out_checking(scene: PlayScene, drawn: list[pygame.Rect]) -> None:
    """Walk the BFS path on a 320x240 window; after every frame check the last box drawn."""
    surface = pygame.Surface((320, 240))
    path = solve(scene.maze, "bfs").path
    assert path is not None
    for a, b in zip(path[:-2], path[1:-1]):  # walk to the tile before the exit
        k = KEYS[(b[0] - a[0], b[1] - a[1])]
        scene.handle_event(KeyDown(k))
        scene.handle_event(KeyUp(k))
        for _ in range(40):
            assert scene.update(DT) is None
            scene.draw(surface)
            assert drawn, "no caption was drawn"
            assert_clear(scene, surface, drawn[-1])
            if not scene.run.player.moving:
                break
    assert scene.run.player.pos == path[-2]


@pytest.mark.parametrize("index", [0, 1, 3])
def test_on_a_tiny_window_the_caption_hides_neither_player_nor_exit_on_the_way_out(
        drawn: list[pygame.Rect], index: int) -> None:
    walk_out_checking(play_with_hint(index), drawn)


def maze_on_screen(scene: PlayScene, surface: pygame.Surface) -> pygame.Rect:
    """Return the on-screen rect of the whole maze."""
    bar = hud.bar_height(surface.get_size())
    x, y = scene.camera.to_screen(0, 0)
    t = scene.camera.tile
    return pygame.Rect(round(x), round(bar + y), round(scene.maze.cols * t),
                       round(scene.maze.rows * t))


@pytest.mark.parametrize("size", [(320, 240), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("index", [0, 3, 12])
def test_the_key_reminder_sits_below_the_maze_and_covers_no_tile(
        monkeypatch: pytest.MonkeyPatch, index: int, size: tuple[int, int]) -> None:
    strips = spy_on(monkeypatch, "draw_help_strip")
    scene = play_with_hint(index, hint=False)
    surface = pygame.Surface(size)
    checked = []
    for _ in range(2):  # at the playing zoom, then fitted
        scene.update(DT)
        scene.draw(surface)
        assert strips, "no key reminder was drawn"
        strip = strips[-1]
        assert strip.bottom == size[1] and strip.width == size[0]
        maze = maze_on_screen(scene, surface)
        if surface.get_rect().contains(maze):  # the whole maze is shown: all of it stays clear
            assert not strip.colliderect(maze), f"the key reminder {strip} covers the maze {maze}"
            checked.append(scene.camera.fitted)
        scene.apply(FitView())
    assert True in checked  # the fitted view, at least


def test_on_a_big_window_the_caption_sits_at_the_foot_of_the_view_clear_of_the_maze(
        drawn: list[pygame.Rect]) -> None:
    scene = play_with_hint(0)  # the maze fills the view's height: the caption goes beside it
    surface = pygame.Surface((1280, 720))
    scene.update(DT)
    scene.draw(surface)
    box = drawn[-1]
    assert box.bottom > 720 - hud.help_strip_height((1280, 720)) - 40
    assert not box.colliderect(maze_on_screen(scene, surface))
    assert_clear(scene, surface, box)
