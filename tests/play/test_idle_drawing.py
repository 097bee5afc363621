"""A still screen is not drawn again: the App draws a frame only when the scene's look
changed, an event came or a toast fades (a still title used 40-55 % of a core, a still
level 50 %)."""

from __future__ import annotations

from typing import Iterator

import pygame
import pytest

from game.play.app import App
from game.play.routes import Play, ToTitle
from game.play.scenes.play import PlayScene
from game.play.scenes.title import TitleScene
from tests.play.helpers import campaign_level

FRAME = 1 / 60


@pytest.fixture
def app(tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """Return an App on the dummy display, its save under tmp_path."""
    monkeypatch.setenv("MIGONG_SAVE_PATH", f"{tmp_path}/save.json")
    a = App.open()
    yield a
    pygame.quit()


def draws(app: App, seconds: float) -> int:
    """Run ``seconds`` of 60 fps frames with no input; return how many were drawn."""
    before = app.draws
    for _ in range(round(seconds / FRAME)):
        app.frame(FRAME)
    return app.draws - before


def test_a_still_title_is_drawn_only_when_a_light_moves_on(app: App) -> None:
    app.go(ToTitle())
    assert isinstance(app.scene, TitleScene)
    app.frame(FRAME)
    assert draws(app, 2.0) <= 2 * 15  # the lights step 14 times a second, all at once
    app.ctx.set_reduced_motion(True)
    app.frame(FRAME)
    assert draws(app, 2.0) == 0  # nothing moves: nothing is drawn
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0))
    assert draws(app, FRAME) == 1 and app.scene.menu.selected == 1  # type: ignore[attr-defined]


def test_a_still_level_is_drawn_a_few_times_a_second_and_walking_every_frame(app: App) -> None:
    app.go(Play(campaign_level(0)))
    assert isinstance(app.scene, PlayScene)
    app.frame(FRAME)
    draws(app, 1.0)  # the camera settles
    assert draws(app, 2.0) <= 2 * 12  # only the exit's ring pulses, in small steps
    app.ctx.set_reduced_motion(True)
    app.frame(FRAME)
    assert draws(app, 2.0) == 0
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0))
    assert draws(app, 0.5) >= 25  # walking, and the clock runs: drawn as it changes
