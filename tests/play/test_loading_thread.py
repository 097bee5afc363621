"""The loading screen builds the maze *and* the play scene in its worker thread, so the
spinner keeps turning through "Drawing the map"; images that need the display are loaded
on the main thread first."""

from __future__ import annotations

import threading
import time
from typing import Any

import pygame
import pytest

from game.levels import CAMPAIGN
from game.play.context import Context
from game.play.navigator import Navigator
from game.play.render import images
from game.play.render.tiles import style_for
from game.play.routes import StartLevel
from game.play.scenes.base import Enter, Scene
from game.play.scenes.loading import LoadingScene
from game.play.scenes.play import PlayScene
from game.run.level import Level
from game.save import Progress

SLOW_SCENE = 0.4  # seconds a (pretend huge) play scene takes to set up


class Silent:
    """No sound."""

    def play(self, name: str) -> None:
        """Play nothing."""


pytestmark = pytest.mark.usefixtures("display")


@pytest.fixture
def ctx() -> Context:
    """Return a Context with no images loaded yet."""
    return Context(Progress(), audio=Silent())


def loading_screen(ctx: Context, index: int) -> LoadingScene:
    """Return the loading screen of campaign level ``index``, as the navigator builds it."""
    loading = Navigator(ctx).build(StartLevel(index))
    assert isinstance(loading, LoadingScene)
    return loading


def run_until_playing(loading: LoadingScene) -> tuple[Scene, list[float]]:
    """Update and draw at ~60 fps until the play scene arrives; return it and frame times."""
    surface = pygame.Surface((640, 480))
    times: list[float] = []
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        start = time.perf_counter()
        nxt = loading.update(1 / 60)
        if nxt is None:
            loading.draw(surface)
        times.append(time.perf_counter() - start)
        if nxt is not None:
            assert isinstance(nxt, Enter)
            return nxt.scene, times
        time.sleep(1 / 60)
    raise AssertionError("the level never loaded")


def test_the_play_scene_is_built_in_the_worker_and_no_frame_waits_for_it(
        ctx: Context, monkeypatch: pytest.MonkeyPatch) -> None:
    built_in: list[str] = []
    loading = loading_screen(ctx, 2)
    real = loading.make_play

    def slow_make(level: Level) -> Scene:
        built_in.append(threading.current_thread().name)
        time.sleep(SLOW_SCENE)
        return real(level)

    loading.make_play = slow_make
    play, times = run_until_playing(loading)
    assert isinstance(play, PlayScene) and play.level.index == 2
    assert built_in == ["migong-build"]
    # After the first update (which may wait briefly for small mazes) the spinner keeps
    # turning: no frame blocks on the play scene's set-up.
    assert max(times[1:]) < SLOW_SCENE / 2, max(times[1:])
    assert loading.drawing  # the screen said "Drawing the map" while it was built


def test_room_map_images_are_loaded_on_the_main_thread_before_the_worker(
        ctx: Context, monkeypatch: pytest.MonkeyPatch) -> None:
    loaded_in: list[str] = []
    for name in ("load_tile_images", "load_player_sprites"):
        real = getattr(images, name)

        def spy(real: Any = real) -> Any:
            loaded_in.append(threading.current_thread().name)
            return real()

        monkeypatch.setattr(images, name, spy)
    index = next(i for i, spec in enumerate(CAMPAIGN) if style_for(spec) == "rpg")
    loading = loading_screen(ctx, index)
    play, _ = run_until_playing(loading)
    assert isinstance(play, PlayScene) and play.style == "rpg"
    assert loaded_in and set(loaded_in) == {threading.main_thread().name}
    assert any(k.startswith("tiles/") for k in ctx.images)
    assert sum(k.startswith("sprites/player_") for k in ctx.images) == 4
