"""Game controllers, driven by synthetic SDL controller events (no device here): opened
when plugged in, closed when pulled out; the d-pad and the left stick walk like held
keys, A chooses, B goes back, Y shows the hint, Start pauses, the shoulders switch the
solver, and every menu works by pad."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pygame
import pytest

from game.play import input as keys
from game.play.app import App
from game.play.input import (
    PAD_A,
    PAD_DOWN,
    PAD_RIGHT,
    STICK_LEFT,
    STICK_RIGHT,
    STICK_UP,
    Gamepads,
    KeyDown,
    KeyUp,
)
from game.play.routes import Play, ToTitle
from game.play.scenes.level_select import LevelSelectScene
from game.play.scenes.pause import PauseScene
from game.play.scenes.play import PlayScene
from game.play.scenes.settings import SettingsScene
from game.play.scenes.title import TitleScene
from tests.play.helpers import campaign_level


class FakePad:
    """A stand-in controller that remembers being closed."""

    def __init__(self) -> None:
        self.closed = False

    def quit(self) -> None:
        """Close it."""
        self.closed = True


def added(index: int) -> pygame.event.Event:
    """Return SDL's "a controller was plugged in" event."""
    return pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=index)


def removed(pad: int) -> pygame.event.Event:
    """Return SDL's "a controller was pulled out" event."""
    return pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=pad)


def button(b: int, *, down: bool = True, pad: int = 7) -> pygame.event.Event:
    """Return a controller button press (or release)."""
    kind = pygame.CONTROLLERBUTTONDOWN if down else pygame.CONTROLLERBUTTONUP
    return pygame.event.Event(kind, instance_id=pad, button=b)


def stick(axis: int, tilt: float, *, pad: int = 7) -> pygame.event.Event:
    """Return a left-stick motion to ``tilt`` of full travel (-1..1)."""
    return pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=pad, axis=axis,
                              value=round(tilt * 32767))


def press(app: App, b: int) -> None:
    """Press and let go of pad button ``b``."""
    app.handle_event(button(b))
    app.handle_event(button(b, down=False))


@pytest.fixture
def pads() -> tuple[Gamepads, dict[int, FakePad]]:
    """Return Gamepads opening fake controllers (device index i has instance id 7 + i)."""
    opened: dict[int, FakePad] = {}

    def opener(index: int) -> tuple[int, FakePad]:
        """Open the fake controller at ``index``."""
        opened[7 + index] = FakePad()
        return 7 + index, opened[7 + index]

    return Gamepads(opener), opened


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """Return an App on the dummy display whose controllers are fakes."""
    monkeypatch.setenv("MIGONG_SAVE_PATH", str(tmp_path / "save.json"))
    a = App.open()
    a.pads = Gamepads(lambda index: (7 + index, FakePad()))
    a.handle_event(added(0))
    yield a
    pygame.quit()


# -- the translation -----------------------------------------------------------------------
def test_a_controller_is_opened_when_plugged_in_and_closed_when_pulled_out(
        pads: tuple[Gamepads, dict[int, FakePad]]) -> None:
    gamepads, opened = pads
    assert gamepads.translate(added(0)) == [] and set(gamepads.pads) == {7}
    assert gamepads.translate(added(1)) == [] and set(gamepads.pads) == {7, 8}
    gamepads.translate(button(pygame.CONTROLLER_BUTTON_DPAD_RIGHT))
    gamepads.translate(stick(pygame.CONTROLLER_AXIS_LEFTY, -0.9))
    # pulled out with the d-pad and the stick held: both are let go
    assert gamepads.translate(removed(7)) == [KeyUp(PAD_RIGHT), KeyUp(STICK_UP)]
    assert opened[7].closed and not opened[8].closed and set(gamepads.pads) == {8}


def test_a_controller_that_cannot_be_opened_is_ignored() -> None:
    def broken(index: int) -> tuple[int, FakePad]:
        """Fail as SDL does for a device gone before it was opened."""
        raise pygame.error("Invalid game controller")

    gamepads = Gamepads(broken)
    assert gamepads.translate(added(0)) == [] and gamepads.pads == {}


def test_buttons_are_keys_down_and_up(pads: tuple[Gamepads, dict[int, FakePad]]) -> None:
    gamepads, _ = pads
    assert gamepads.translate(button(pygame.CONTROLLER_BUTTON_A)) == [KeyDown(PAD_A)]
    assert gamepads.translate(button(pygame.CONTROLLER_BUTTON_A, down=False)) == [KeyUp(PAD_A)]
    assert gamepads.translate(button(pygame.CONTROLLER_BUTTON_GUIDE)) == []
    assert gamepads.translate(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a)) is None


def test_the_stick_has_a_dead_zone_and_hysteresis(pads: tuple[Gamepads, dict[int, FakePad]]) -> None:
    gamepads, _ = pads
    x = pygame.CONTROLLER_AXIS_LEFTX
    assert gamepads.translate(stick(x, 0.18)) == []  # resting off centre: nothing
    assert gamepads.translate(stick(x, 0.55)) == []  # not far enough yet
    assert gamepads.translate(stick(x, 0.7)) == [KeyDown(STICK_RIGHT)]
    assert gamepads.translate(stick(x, 0.5)) == []  # wobbling back a little: still held
    assert gamepads.translate(stick(x, 0.9)) == []
    assert gamepads.translate(stick(x, 0.4)) == [KeyUp(STICK_RIGHT)]
    assert gamepads.translate(stick(x, 0.7)) == [KeyDown(STICK_RIGHT)]
    assert gamepads.translate(stick(x, -1.0)) == [KeyUp(STICK_RIGHT), KeyDown(STICK_LEFT)]


def test_odd_controller_events_are_ignored(pads: tuple[Gamepads, dict[int, FakePad]]) -> None:
    gamepads, _ = pads
    for odd in (pygame.event.Event(pygame.CONTROLLERBUTTONDOWN),
                pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id="x", button=0),
                pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=7, axis=99, value=1),
                pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=7, axis=0),
                pygame.event.Event(pygame.CONTROLLERDEVICEADDED),
                removed(12345)):
        assert gamepads.translate(odd) == []


# -- in the game -----------------------------------------------------------------------------
def test_a_held_d_pad_walks_like_a_held_key_and_the_stick_too(app: App) -> None:
    app.go(Play(campaign_level(0)))
    scene = app.scene
    assert isinstance(scene, PlayScene)
    app.handle_event(button(pygame.CONTROLLER_BUTTON_DPAD_RIGHT))
    for _ in range(30):
        app.update(1 / 60)
    assert scene.run.moves >= 3
    app.handle_event(button(pygame.CONTROLLER_BUTTON_DPAD_RIGHT, down=False))
    for _ in range(30):
        app.update(1 / 60)
    stopped = scene.run.moves
    for _ in range(30):
        app.update(1 / 60)
    assert scene.run.moves == stopped
    app.handle_event(stick(pygame.CONTROLLER_AXIS_LEFTX, -0.9))
    for _ in range(6):
        app.update(1 / 60)
    assert scene.run.player.facing == "left"


def test_y_shows_the_hint_the_shoulders_switch_solver_start_pauses_b_resumes(app: App) -> None:
    app.go(Play(campaign_level(0)))
    scene = app.scene
    assert isinstance(scene, PlayScene)
    press(app, pygame.CONTROLLER_BUTTON_Y)
    assert scene.run.hint_shown
    press(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    assert scene.run.solver == scene.run.solvers[1]
    press(app, pygame.CONTROLLER_BUTTON_LEFTSHOULDER)
    press(app, pygame.CONTROLLER_BUTTON_LEFTSHOULDER)
    assert scene.run.solver == scene.run.solvers[-1]
    press(app, pygame.CONTROLLER_BUTTON_START)
    assert isinstance(app.scene, PauseScene)
    press(app, pygame.CONTROLLER_BUTTON_B)
    assert app.scene is scene


def test_the_menus_work_by_pad(app: App) -> None:
    app.go(ToTitle())
    title = app.scene
    assert isinstance(title, TitleScene)
    settings_row = [item.text() for item in title.menu.items].index("Settings")
    for _ in range(settings_row):
        press(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    press(app, pygame.CONTROLLER_BUTTON_A)
    settings = app.scene
    assert isinstance(settings, SettingsScene)
    volume = app.ctx.settings.volume
    press(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
    assert app.ctx.settings.volume > volume
    press(app, pygame.CONTROLLER_BUTTON_B)
    assert isinstance(app.scene, TitleScene)
    custom_row = [item.text() for item in title.menu.items].index("Custom maze")
    for _ in range(settings_row - custom_row):  # Settings -> Custom maze
        press(app, pygame.CONTROLLER_BUTTON_DPAD_UP)
    app.handle_event(stick(pygame.CONTROLLER_AXIS_LEFTY, -0.9))  # the stick: -> Level select
    app.handle_event(stick(pygame.CONTROLLER_AXIS_LEFTY, 0.0))
    press(app, pygame.CONTROLLER_BUTTON_A)
    assert isinstance(app.scene, LevelSelectScene)
    assert keys.direction(PAD_DOWN) == (1, 0)
