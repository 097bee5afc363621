"""The smallest window (320x240), in English and Chinese: menus show what fits without
cutting labels or hiding rows that have room, and long names give way to short ones."""

from __future__ import annotations

from typing import Iterator

import pygame
import pytest

from game.levels import LevelSpec, build_level
from game.play.context import Context
from game.play.scenes.lab import LabScene
from game.play.scenes.level_complete import LevelCompleteScene, button_widths
from game.play.scenes.make_maze import MakeMazeScene
from game.play.scenes.settings import SettingsScene
from game.play.widgets.layout import Layout
from game.play.widgets.menu import Menu
from game.play.widgets.text import font, min_font
from game.run.level import Level, RunResult
from game.text import language, set_language, t
from tests.play.helpers import key

SMALLEST = (320, 240)


@pytest.fixture(params=["en", "zh"])
def spoken(request: pytest.FixtureRequest) -> Iterator[str]:
    """Speak each language in turn (the one before is put back)."""
    before = language()
    set_language(request.param)
    yield request.param
    set_language(before)


def labels_fit(menu: Menu[object]) -> bool:
    """Return True when every row on screen shows its whole label."""
    f = font(menu.size)
    return all(f.size(item.text())[0] <= menu.label_width
               for item, rect, value in zip(menu.items, menu.rects, menu.values)
               if rect.height and value is not None)


def test_make_a_maze_shows_its_four_rows_without_scrolling(ctx: Context, spoken: str) -> None:
    make = MakeMazeScene(ctx)
    make.draw(pygame.Surface(SMALLEST))
    assert all(rect.height for rect in make.menu.rects)
    assert make.menu.first == 0


def test_settings_labels_are_whole_in_the_smallest_window(ctx: Context, spoken: str) -> None:
    settings = SettingsScene(ctx)
    surface = pygame.Surface(SMALLEST)
    scrolled = 0
    for _ in range(len(settings.menu.items)):  # every row comes into sight
        settings.draw(surface)
        assert labels_fit(settings.menu)
        scrolled = max(scrolled, settings.menu.first)
        settings.handle_event(key(pygame.K_DOWN))
    assert scrolled > 0  # the last rows were shown too


def test_a_narrow_row_gives_the_solver_its_short_name(ctx: Context) -> None:
    settings = SettingsScene(ctx)
    solver_row = next(i for i, item in enumerate(settings.menu.items)
                      if item.text() == t("settings.solver"))
    settings.draw(pygame.Surface((1280, 720)))
    assert settings.menu.values[solver_row] == t("solver.bfs")
    settings.draw(pygame.Surface((200, 240)))
    assert settings.menu.values[solver_row] == t("solver.bfs.short")


def test_the_result_buttons_share_the_row_by_their_labels(ctx: Context, spoken: str) -> None:
    spec = LevelSpec("backtracker", 11, 11, 5, name="Custom")
    result = RunResult(Level(build_level(spec), spec), time=12.0, moves=30, optimal=28,
                       hints_used=0)
    done = LevelCompleteScene(ctx, result)
    done.draw(pygame.Surface(SMALLEST))
    assert done.menu.items[0].text() == t("complete.another_maze")
    smallest = font(min_font())
    for item, rect in zip(done.menu.items, done.menu.rects):
        assert smallest.size(item.text())[0] <= rect.width - 6, item.text()


def test_buttons_are_equal_while_every_label_fits_else_sized_by_label() -> None:
    f = font(20)
    short, long = f.size("OK")[0] + 12, f.size("A much longer label")[0] + 12
    assert button_widths(["OK", "No"], f, 400) == [200, 200]
    room = long + short + 10
    widths = button_widths(["A much longer label", "OK"], f, room)
    assert widths[0] >= long and widths[1] >= short and sum(widths) <= room
    tight = button_widths(["A much longer label", "OK"], f, room // 2)
    assert tight[0] > tight[1] and sum(tight) <= room // 2


def test_the_lab_panel_goes_under_the_maze_when_beside_it_would_cut_its_lines(
        ctx: Context, spoken: str) -> None:
    lab = LabScene(ctx)
    lab.draw(pygame.Surface((1280, 720)))
    assert lab.panel_rect.left > 640 and lab.panel_rect.height > 600  # beside, full height
    lab.draw(pygame.Surface(SMALLEST))
    panel = lab.panel_rect
    assert panel.top > 100 and panel.width > 300  # under the maze, the window's width
    text = font(max(min_font(), Layout.of(pygame.Surface(SMALLEST)).font_size(21)))
    assert text.size(t("lab.keys_2"))[0] <= panel.width - 8
