"""Colours, text size and reduced motion: Settings rows that apply at once and are saved;
larger text everywhere, still laid out; nothing moving by itself under reduced motion."""

from __future__ import annotations

import copy

import numpy as np
import pygame
import pytest

from game.play import theme
from game.play.context import Context
from game.play.routes import OpenControls
from game.play.scenes.level_complete import LevelCompleteScene
from game.play.scenes.settings import SettingsScene
from game.play.scenes.title import TitleScene
from game.play.widgets import hud
from game.play.widgets.backdrop import MazeBackdrop
from game.play.widgets.text import font
from game.run.intents import RIGHT, Release, ToggleHint
from game.save import load_progress
from game.text import t
from game.play.scenes.play import PlayScene
from tests.play.helpers import file_level, key, run_result, small_play
from tests.run.test_player import CORRIDOR

pytestmark = pytest.mark.usefixtures("display")


def row(settings: SettingsScene, label: str) -> None:
    """Select the settings row called ``label``."""
    settings.menu.selected = next(i for i, item in enumerate(settings.menu.items)
                                  if item.text() == label)


def pixels(surface: pygame.Surface) -> np.ndarray:
    """Return a copy of the surface's pixels."""
    return pygame.surfarray.array3d(surface)


# -- the settings rows ------------------------------------------------------------------------
def test_colours_apply_at_once_everywhere_and_are_saved(ctx: Context) -> None:
    settings = SettingsScene(ctx)
    row(settings, t("settings.colours"))
    settings.handle_event(key(pygame.K_RIGHT))
    assert ctx.settings.palette == "colour_blind"
    assert theme.current() is theme.COLOUR_BLIND
    settings.handle_event(key(pygame.K_RIGHT))
    assert theme.current() is theme.HIGH_CONTRAST
    surface = pygame.Surface((640, 360))
    TitleScene(ctx).draw(surface)
    assert (pixels(surface) == theme.HIGH_CONTRAST.ui.accent).all(axis=2).sum() > 500
    assert ctx.save_path is not None
    assert load_progress(ctx.save_path)[0].settings.palette == "high_contrast"
    settings.handle_event(key(pygame.K_RIGHT))
    assert ctx.settings.palette == "default" and theme.current() is theme.DEFAULT


def test_text_size_scales_every_font_at_once_and_is_saved(ctx: Context) -> None:
    settings = SettingsScene(ctx)
    before = font(30).get_height()
    row(settings, t("settings.text_size"))
    settings.handle_event(key(pygame.K_RIGHT))
    settings.handle_event(key(pygame.K_RIGHT))
    assert ctx.settings.text_size == 150 and theme.current().fonts.scale == 1.5
    assert font(30).get_height() >= before * 1.4
    assert ctx.save_path is not None
    assert load_progress(ctx.save_path)[0].settings.text_size == 150
    settings.handle_event(key(pygame.K_RIGHT))  # the largest: stays (no wrap to the least)
    assert ctx.settings.text_size == 150
    settings.handle_event(key(pygame.K_LEFT))
    settings.handle_event(key(pygame.K_LEFT))
    assert ctx.settings.text_size == 100


def test_reduced_motion_is_a_setting_the_theme_carries(ctx: Context) -> None:
    settings = SettingsScene(ctx)
    row(settings, t("settings.reduced_motion"))
    settings.handle_event(key(pygame.K_RETURN))
    assert ctx.settings.reduced_motion and theme.current().motion.reduced
    assert ctx.save_path is not None
    assert load_progress(ctx.save_path)[0].settings.reduced_motion


def test_the_settings_open_the_controls(ctx: Context) -> None:
    settings = SettingsScene(ctx)
    row(settings, t("settings.controls"))
    assert isinstance(settings.handle_event(key(pygame.K_RETURN)), OpenControls)


def test_the_same_choices_give_the_same_theme_so_caches_keep() -> None:
    one = theme.build("colour_blind", text_size=125, reduced_motion=True)
    assert one is theme.build("colour_blind", text_size=125, reduced_motion=True)
    assert one.keys == theme.COLOUR_BLIND.keys and one.fonts.scale == 1.25
    assert theme.build("default") is theme.DEFAULT
    assert theme.build("no such palette") is theme.DEFAULT


# -- larger text ------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1280, 720), (320, 240)])
def test_at_150_percent_every_settings_row_can_be_reached_and_shows_whole_rows(
        ctx: Context, size: tuple[int, int]) -> None:
    ctx.set_text_size(150)
    settings = SettingsScene(ctx)
    surface = pygame.Surface(size)
    line = font(14).get_linesize()
    for i in range(len(settings.menu.items)):
        settings.menu.selected = i
        settings.draw(surface)
        rect = settings.menu.rects[i]
        assert rect.height >= line and surface.get_rect().contains(rect)
    shown = [r for r in settings.menu.rects if r.height]
    assert all(a.bottom <= b.top for a, b in zip(shown, shown[1:]))


def test_at_125_percent_every_settings_row_fits_a_720p_window_without_scrolling(
        ctx: Context) -> None:
    ctx.set_text_size(125)
    settings = SettingsScene(ctx)
    settings.draw(pygame.Surface((1280, 720)))
    assert all(r.height for r in settings.menu.rects)
    assert len(settings.menu.rects) == len(settings.menu.items)


def test_the_hud_bar_grows_with_the_text(ctx: Context) -> None:
    before = hud.bar_height((1280, 720))
    ctx.set_text_size(150)
    assert hud.bar_height((1280, 720)) == round(before * 1.5)


# -- reduced motion ---------------------------------------------------------------------------
def test_the_menus_backdrop_is_a_still_picture(ctx: Context) -> None:
    ctx.set_reduced_motion(True)
    backdrop = MazeBackdrop()
    first, later = pygame.Surface((640, 360)), pygame.Surface((640, 360))
    backdrop.draw(first)
    backdrop.update(2.0)
    backdrop.draw(later)
    assert np.array_equal(pixels(first), pixels(later))
    ctx.set_reduced_motion(False)
    backdrop.update(2.0)
    backdrop.draw(later)
    assert not np.array_equal(pixels(first), pixels(later))


def camera_lags(ctx: Context) -> list[float]:
    """Walk a long corridor close up; return how far the camera trails the player each frame."""
    scene = PlayScene(ctx, file_level(CORRIDOR))
    scene.camera.zoom(10)  # tiles so big the camera must follow
    lags = []
    for _ in range(12):
        scene.apply(RIGHT)
        scene.apply(Release(0, 1))
        for _ in range(8):
            scene.update(1 / 60)
            snapped = copy.copy(scene.camera)
            snapped.follow(*scene.run.player.render_pos, 0.0, snap=True)
            lags.append(abs(scene.camera.cx - snapped.cx))
    assert scene.run.player.pos[1] >= 10
    return lags


def test_the_camera_snaps_to_the_player(ctx: Context) -> None:
    assert max(camera_lags(ctx)) > 0.1  # easing: the camera catches up
    ctx.set_reduced_motion(True)
    assert max(camera_lags(ctx)) == pytest.approx(0.0)


def test_the_hint_shows_its_result_at_once(ctx: Context) -> None:
    ctx.set_reduced_motion(True)
    scene = small_play(ctx, "Thornwood")
    scene.apply(ToggleHint())
    scene.update(1 / 60)
    assert scene.hint is not None and scene.hint.done and scene.hint.path is not None


def test_the_rings_and_the_stars_stand_still(ctx: Context) -> None:
    ctx.set_reduced_motion(True)
    scene = small_play(ctx, "Serpent's Coil")
    scene.camera.fit()
    first, later = pygame.Surface((800, 600)), pygame.Surface((800, 600))
    scene.draw(first)
    scene._time += 0.37  # half a pulse on
    scene.draw(later)
    assert np.array_equal(pixels(first), pixels(later))
    result = LevelCompleteScene(ctx, run_result(scene))
    result.draw(first)  # no time has passed: the stars are there already
    result.update(3.0)
    result.draw(later)
    view = pygame.Rect(320, 150, 160, 120)  # the stars
    assert np.array_equal(pixels(first.subsurface(view)), pixels(later.subsurface(view)))
