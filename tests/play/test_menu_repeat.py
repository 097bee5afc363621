"""Held arrow keys in menus: one step on the press, then after a short delay a steady
repeat until the key is released -- timed from KEYDOWN/KEYUP and update(dt), never from
pygame.key.set_repeat (the play view tracks held keys itself)."""

from __future__ import annotations


import pygame
import pytest

from game.levels import CAMPAIGN
from game.play.context import Context
from game.play.scenes.base import Scene
from game.play.scenes.custom_maze import CustomMazeScene
from game.play.scenes.level_select import LevelSelectScene
from game.play.scenes.pause import PauseScene
from game.play.scenes.settings import SettingsScene
from game.play.scenes.title import TitleScene
from game.play.theme import DEFAULT
from game.play.input import FocusLost, KeyDown, KeyUp
from tests.play.helpers import play_driver

FRAME = 1 / 60


pytestmark = pytest.mark.usefixtures("display")


def down(k: int) -> KeyDown:
    """Return a key press."""
    return KeyDown(k)


def up(k: int) -> KeyUp:
    """Return a key release."""
    return KeyUp(k)


def hold(scene: Scene, seconds: float) -> None:
    """Run ``seconds`` of 60 fps frames (updates only: nothing else happens)."""
    for _ in range(round(seconds / FRAME)):
        scene.update(FRAME)


def repeats(n: int) -> float:
    """Return a hold time in which exactly ``n`` repeats fire (mid-interval, no edge)."""
    return DEFAULT.motion.menu_repeat_delay + (n - 0.5) * DEFAULT.motion.menu_repeat_interval


def test_holding_down_steps_once_then_repeats_after_a_delay_at_a_steady_rate(
        ctx: Context) -> None:
    title = TitleScene(ctx)
    title.handle_event(down(pygame.K_DOWN))
    assert title.menu.selected == 1  # the press itself moves at once
    hold(title, DEFAULT.motion.menu_repeat_delay - 0.05)
    assert title.menu.selected == 1  # no repeat before the delay
    hold(title, repeats(1) - (DEFAULT.motion.menu_repeat_delay - 0.05))
    assert title.menu.selected == 2  # first repeat just after the delay
    hold(title, 2 * DEFAULT.motion.menu_repeat_interval)
    assert title.menu.selected == 4  # then one step per interval
    title.handle_event(up(pygame.K_DOWN))
    hold(title, 1.0)
    assert title.menu.selected == 4  # released: it stops


def test_a_held_key_stops_at_the_last_row_instead_of_wrapping(ctx: Context) -> None:
    title = TitleScene(ctx)
    last = len(title.menu.items) - 1
    title.handle_event(down(pygame.K_DOWN))
    hold(title, 3.0)
    assert title.menu.selected == last
    title.handle_event(up(pygame.K_DOWN))
    title.handle_event(down(pygame.K_DOWN))  # a fresh press still wraps to the top
    assert title.menu.selected == 0


def test_holding_up_repeats_in_the_pause_menu(ctx: Context) -> None:
    pause = play_driver(ctx).send(down(pygame.K_ESCAPE))
    assert isinstance(pause, PauseScene)
    pause.menu.selected = 3
    pause.handle_event(down(pygame.K_UP))
    hold(pause, repeats(2))
    assert pause.menu.selected == 0


def test_holding_right_on_volume_keeps_raising_it(ctx: Context) -> None:
    ctx.progress.settings.volume = 0.2
    settings = SettingsScene(ctx)
    assert settings.menu.items[settings.menu.selected].text() == "Volume"
    settings.handle_event(down(pygame.K_RIGHT))
    assert ctx.settings.volume == pytest.approx(0.3)
    hold(settings, repeats(4))
    assert ctx.settings.volume == pytest.approx(0.7)
    settings.handle_event(up(pygame.K_RIGHT))
    hold(settings, 1.0)
    assert ctx.settings.volume == pytest.approx(0.7)


def test_holding_right_on_an_on_off_row_toggles_only_once(ctx: Context) -> None:
    settings = SettingsScene(ctx)
    settings.menu.selected = [i.text() for i in settings.menu.items].index("Fullscreen")
    settings.handle_event(down(pygame.K_RIGHT))
    hold(settings, 2.0)
    assert ctx.settings.fullscreen is True


def test_holding_left_on_the_custom_size_keeps_shrinking_it(ctx: Context) -> None:
    custom = CustomMazeScene(ctx)
    custom.menu.selected = 1  # Size
    start = custom.size_i
    custom.handle_event(down(pygame.K_LEFT))
    assert custom.size_i == start - 1
    hold(custom, repeats(2))
    assert custom.size_i == start - 3


def test_the_repeat_follows_the_row_it_started_on(ctx: Context) -> None:
    custom = CustomMazeScene(ctx)
    custom.menu.selected = 1  # Size
    start = custom.size_i
    custom.handle_event(down(pygame.K_RIGHT))
    # the pointer picks another row while Right is held: the repeat stops there
    custom.menu.select(3)
    hold(custom, 1.0)
    assert custom.size_i == start + 1


def test_choosing_a_row_forgets_the_held_key(ctx: Context) -> None:
    game = play_driver(ctx)
    pause = game.send(down(pygame.K_ESCAPE))
    assert isinstance(pause, PauseScene)
    game.send(down(pygame.K_DOWN))
    game.send(down(pygame.K_DOWN))  # on Settings
    settings = game.send(down(pygame.K_RETURN))
    assert isinstance(settings, SettingsScene)
    # Down's KEYUP goes to the settings screen; back on the pause menu nothing repeats.
    game.send(up(pygame.K_DOWN))
    assert game.send(down(pygame.K_ESCAPE)) is pause
    hold(pause, 1.0)
    assert pause.menu.selected == 2


def test_losing_focus_stops_the_repeat(ctx: Context) -> None:
    title = TitleScene(ctx)
    title.handle_event(down(pygame.K_DOWN))
    title.handle_event(FocusLost())
    hold(title, 1.0)
    assert title.menu.selected == 1


def test_holding_an_arrow_walks_the_level_grid(ctx: Context) -> None:
    ctx.progress.unlocked = len(CAMPAIGN)
    grid = LevelSelectScene(ctx, selected=0)
    grid.handle_event(down(pygame.K_RIGHT))
    hold(grid, repeats(2))
    assert grid.selected == 3
    grid.handle_event(up(pygame.K_RIGHT))
    hold(grid, 1.0)
    assert grid.selected == 3


def test_menus_never_turn_on_sdl_key_repeat(ctx: Context) -> None:
    title = TitleScene(ctx)
    title.handle_event(down(pygame.K_DOWN))
    hold(title, 1.0)
    assert pygame.key.get_repeat() == (0, 0)


@pytest.mark.parametrize("row", ["size", "loops"])
def test_holding_left_stops_at_the_least_value_instead_of_wrapping_to_the_largest(
        ctx: Context, row: str) -> None:
    custom = CustomMazeScene(ctx)
    labels = [item.text() for item in custom.menu.items]
    custom.menu.selected = labels.index("Size" if row == "size" else "Loops")
    item = custom.menu.items[custom.menu.selected]
    custom.handle_event(down(pygame.K_LEFT))
    hold(custom, 10.0)  # far more repeats than there are values
    least = item.value and item.value()
    custom.handle_event(up(pygame.K_LEFT))
    assert least == ("11 x 11" if row == "size" else "0 %")
    custom.handle_event(down(pygame.K_RIGHT))
    hold(custom, 10.0)
    custom.handle_event(up(pygame.K_RIGHT))
    assert (item.value and item.value()) == ("2001 x 2001" if row == "size" else "100 %")
    custom.handle_event(down(pygame.K_RIGHT))  # one more tap at the end: still the largest
    assert (item.value and item.value()) == ("2001 x 2001" if row == "size" else "100 %")
