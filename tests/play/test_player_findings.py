"""What a new player found in a real window (round 4), each checked headless."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.edit.model import TOOLS, Editor
from game.levels import CAMPAIGN, build_level, level_code, parse_level_code
from game.play import theme
from game.play.context import Context
from game.play.launch import use_saved_look
from game.play.scenes.compare import bar_colours
from game.play.scenes.custom_maze import (
    ALGORITHM_ROW,
    FIRST_OPTION_ROW,
    SEED_ROW,
    SIZE_ROW,
    CustomMazeScene,
)
from game.play.scenes.editor import EditorScene
from game.play.scenes.make_maze import MakeMazeScene
from game.play.routes import (
    Back,
    BuildMaze,
    Confirm,
    OpenSettings,
    ResetProgress,
    ToCustomMaze,
    ToMakeMaze,
    ToTitle,
)
from game.play.scenes.confirm import ConfirmScene
from game.play.scenes import enter_code, level_select
from game.play.scenes.enter_code import EnterCodeScene
from game.play.scenes.level_select import LevelSelectScene
from game.play.scenes.loading import LoadingScene
from game.play.scenes.pause import PauseScene
from game.play.scenes.screensaver import ScreensaverScene
from game.play.scenes.title import TitleScene
from game.play.widgets import standing, tool_bar
from game.play.widgets.text import font
from game.save import CustomMaze, Progress, save_progress
from game.save.model import Leaderboard
from game.server.live import time_span
from game.text import set_language, t
from tests.play.helpers import Driver, campaign_level, key, play_driver


def test_the_editor_opens_the_very_maze_the_custom_maze_plays(ctx: Context) -> None:
    ctx.remember_custom(CustomMaze("backtracker", 31, 31, 77, 0.1, {}, keys=2, chasers=1,
                                   mud=0.2))
    custom = CustomMazeScene(ctx).spec()
    made = MakeMazeScene(ctx).spec()
    assert (made.keys, made.chasers, made.mud) == (2, 1, 0.2)
    assert made == custom


def _title_at(ctx: Context, percent: int) -> TitleScene:
    """Return the title drawn once in a 1280x720 window at ``percent`` text size."""
    ctx.set_text_size(percent)
    ctx.apply_settings()
    title = TitleScene(ctx)
    title.draw(pygame.Surface((1280, 720)))
    return title


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_title_entries_are_no_smaller_at_150_percent_text(display: None, ctx: Context,
                                                          lang: str) -> None:
    ctx.settings.leaderboard = Leaderboard(on=True)
    set_language(lang)
    try:
        small = _title_at(ctx, 100)
        small_px = font(small.menu.size).get_height()
        large = _title_at(ctx, 150)
        large_px = font(large.menu.size).get_height()
    finally:
        set_language("en")
        ctx.set_text_size(100)
        ctx.apply_settings()
    assert large_px >= small_px


def test_left_and_right_move_between_the_title_columns(display: None, ctx: Context) -> None:
    ctx.settings.leaderboard = Leaderboard(on=True)
    try:
        title = _title_at(ctx, 150)
        per_column = title.menu.per_column
        assert per_column < len(title.menu.items)  # two columns
        assert title.handle_event(key(pygame.K_RIGHT)) is None
        assert title.menu.selected == per_column
        assert isinstance(title.handle_event(key(pygame.K_RETURN)), ToMakeMaze)
        title.handle_event(key(pygame.K_LEFT))
        assert title.menu.selected == 0
    finally:
        ctx.set_text_size(100)
        ctx.apply_settings()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_maze_that_cannot_be_built_says_why_plainly_and_goes_back_to_custom_maze(
        display: None, ctx: Context, lang: str) -> None:
    ctx.remember_custom(CustomMaze("backtracker", 11, 11, 5, 0.0, {}, chasers=4))
    set_language(lang)
    try:
        game = Driver(ctx, ToCustomMaze())
        custom = game.scene
        assert isinstance(custom, CustomMazeScene)
        custom.menu.select(custom.start_row)
        loading = game.send(key(pygame.K_RETURN))
        assert isinstance(loading, LoadingScene)
        for _ in range(200):
            if game.update(0.05) is not loading or loading.error:
                break
            time.sleep(0.02)
        assert loading.error == t("chasers.no_room", count=4, rows=11, cols=11)
        assert "Error" not in loading.error and "chasers 4:" not in loading.error
        loading.draw(pygame.Surface((1280, 720)))
        back = game.send(key(pygame.K_SPACE))
    finally:
        set_language("en")
    assert isinstance(back, CustomMazeScene)
    assert back.spec().chasers == 4 and (back.spec().rows, back.spec().cols) == (11, 11)


def test_turning_the_leaderboard_on_in_settings_adds_the_board_to_the_title(
        display: None, ctx: Context) -> None:
    game = Driver(ctx, ToTitle())
    title = game.scene
    assert isinstance(title, TitleScene)
    board = t("title.board")
    assert board not in [item.text() for item in title.menu.items]
    title.menu.select([item.text() for item in title.menu.items].index(t("title.settings")))
    game.follow(OpenSettings())
    ctx.set_leaderboard(Leaderboard(on=True, server="http://localhost:1", player="me"))
    game.follow(Back())
    assert game.scene is title
    texts = [item.text() for item in title.menu.items]
    assert board in texts
    assert texts[title.menu.selected] == t("title.settings")  # the cursor stays on its row
    game.follow(OpenSettings())
    ctx.set_leaderboard(Leaderboard(on=False))
    game.follow(Back())
    assert board not in [item.text() for item in title.menu.items]


@pytest.mark.parametrize("palette", sorted(theme.PALETTES))
def test_every_compare_bar_stands_out_in_every_palette(palette: str) -> None:
    look = theme.PALETTES[palette]
    theme.use(look)
    try:
        colours = bar_colours()
    finally:
        theme.use(theme.DEFAULT)
    ui = look.ui
    for colour in colours:  # graphics need 3:1 against what they sit on (WCAG 1.4.11)
        for ground in (ui.bg, ui.panel, ui.tile_locked):
            assert theme.contrast(colour, ground) >= 3, (palette, colour, ground)
    assert len(set(colours)) == len(colours)


@pytest.mark.parametrize("row", [ALGORITHM_ROW, SIZE_ROW, FIRST_OPTION_ROW, FIRST_OPTION_ROW + 2])
def test_enter_starts_the_custom_maze_from_any_choice_row(ctx: Context, row: int) -> None:
    scene = CustomMazeScene(ctx)
    scene.menu.select(row)
    before = scene.spec()
    route = scene.handle_event(key(pygame.K_RETURN))
    assert isinstance(route, BuildMaze) and route.spec == before


def test_enter_on_the_seed_row_still_rolls_a_new_seed(ctx: Context) -> None:
    scene = CustomMazeScene(ctx)
    scene.menu.select(SEED_ROW)
    seed = scene.seed
    assert scene.handle_event(key(pygame.K_RETURN)) is None
    assert scene.seed != seed


def test_a_typed_code_is_written_as_codes_are_and_as_a_pasted_one(
        ctx: Context, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = EnterCodeScene(ctx)
    for k in (pygame.K_b, pygame.K_1, pygame.K_5, pygame.K_x, pygame.K_1, pygame.K_5,
              pygame.K_MINUS, pygame.K_1, pygame.K_x):
        scene.handle_event(key(k))
    assert scene.text == "B15x15-1X"  # the seed's X is a base-36 digit, a capital
    assert scene.text == level_code(parse_level_code(scene.text))
    monkeypatch.setattr(enter_code, "paste_text", lambda: "b11x11-ul")
    scene.handle_event(key(pygame.K_v, pygame.KMOD_CTRL))
    assert scene.text == "B11x11-UL"


def test_pasting_twice_replaces_the_code_instead_of_appending(
        ctx: Context, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(enter_code, "paste_text", lambda: "B11x11-UL")
    scene = EnterCodeScene(ctx)
    scene.handle_event(key(pygame.K_d))
    scene.paste()
    scene.paste()
    assert scene.text == "B11x11-UL"


@pytest.mark.parametrize("lang, daily, streak", [("en", "daily maze", "streak"),
                                                 ("zh", "每日迷宫", "连续天数")])
def test_the_reset_question_names_the_daily_records_and_streak_it_wipes(
        lang: str, daily: str, streak: str) -> None:
    set_language(lang)
    try:
        question = t("settings.reset_question")
    finally:
        set_language("en")
    assert daily in question and streak in question


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_whole_reset_question_shows_at_150_percent_text(display: None, ctx: Context,
                                                            lang: str) -> None:
    set_language(lang)
    ctx.set_text_size(150)
    ctx.apply_settings()
    try:
        question = t("settings.reset_question")
        ask = Confirm(question, t("settings.reset_yes"), t("settings.reset_no"), ResetProgress())
        scene = ConfirmScene(ctx, ask, lambda surface: None)
        scene.draw(pygame.Surface((1280, 720)))
    finally:
        set_language("en")
        ctx.set_text_size(100)
        ctx.apply_settings()
    assert "".join(scene.lines).replace(" ", "") == question.replace(" ", "")


def test_the_board_histogram_keeps_the_times_it_spans() -> None:
    histogram = {"bins": [{"from": 79.0, "to": 79.5, "count": 1}], "total": 1}
    assert time_span(histogram) == (79.0, 79.5)
    assert time_span({"bins": []}) is None and time_span({"bins": [{"from": "x"}]}) is None


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_one_run_on_the_board_is_a_labelled_bar_not_a_block(
        display: None, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    set_language(lang)
    said: list[str] = []
    real = standing.draw_text

    def spy(surface: pygame.Surface, text: str, *args: object, **kw: object) -> pygame.Rect:
        said.append(text)
        return real(surface, text, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(standing, "draw_text", spy)
    surface = pygame.Surface((1280, 720))
    rect = pygame.Rect(440, 500, 400, 90)
    try:
        standing.draw_histogram(surface, rect, (1,), 0, (79.0, 79.5), 1)
    finally:
        set_language("en")
    accent = theme.current().ui.accent
    lit = [x for x in range(rect.left, rect.right)
           if any(surface.get_at((x, y))[:3] == accent for y in range(rect.top, rect.bottom))]
    assert lit and len(lit) <= rect.width // 4  # a bar, not the chart's whole width
    set_language(lang)
    try:
        assert t("complete.chart_one") in said
        assert t("complete.chart_span", low="1:19.0", high="1:19.5") in said
    finally:
        set_language("en")


@pytest.mark.parametrize("palette", sorted(theme.PALETTES))
def test_the_exit_ring_stands_out_on_the_floor_and_the_walls_in_every_palette(
        palette: str) -> None:
    look = theme.PALETTES[palette]
    ring = look.actors.exit_ring
    edge = theme.outline(ring)
    assert theme.contrast(ring, edge) >= 3  # the edge reads as the ring's own
    for ground in (look.classic.floor, look.classic.wall):
        assert max(theme.contrast(ring, ground), theme.contrast(edge, ground)) >= 3, ground
    if palette == "high_contrast":  # black walls, white floor: the ring itself shows on both
        assert min(theme.contrast(ring, look.classic.floor),
                   theme.contrast(ring, look.classic.wall)) >= 3


def test_the_exit_ring_is_drawn_with_its_edge(display: None, ctx: Context) -> None:
    theme.use(theme.PALETTES["high_contrast"])
    try:
        game = play_driver(ctx, 0)
        scene = game.scene
        surface = pygame.Surface((1280, 720))
        scene.draw(surface)
        ring = theme.current().actors.exit_ring
    finally:
        theme.use(theme.DEFAULT)
    colours = {tuple(surface.get_at((x, y))[:3]) for x in range(0, 1280, 2)
               for y in range(0, 720, 2)}
    assert ring in colours


def test_the_pause_panel_hides_the_maze_under_it(display: None, ctx: Context) -> None:
    level = campaign_level(3)

    def under(surface: pygame.Surface) -> None:
        """Stand for a maze of stripes in two loud colours."""
        for x in range(0, surface.get_width(), 20):
            pygame.draw.rect(surface, (255, 0, 0) if x % 40 else (0, 255, 0),
                             (x, 0, 20, surface.get_height()))

    pause = PauseScene(ctx, level, under)
    surface = pygame.Surface((1280, 720))
    pause.draw(surface)
    rect = pause.menu.rects[-1]  # the last row: no highlight behind it
    row = [tuple(surface.get_at((x, rect.top + 2))[:3]) for x in range(rect.left, rect.right)]
    assert len(set(row)) == 1  # the panel's colour, no stripes through it


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_best_moves_on_a_level_tile_grow_with_the_text(
        display: None, ctx: Context, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    ctx.progress.unlocked = 3
    ctx.progress.best_moves[level_code(CAMPAIGN[0])] = 18
    heights: dict[int, int] = {}
    real = level_select.draw_text
    percent = [100]

    def spy(surface: pygame.Surface, text: str, f: pygame.font.Font, *args: object,
            **kw: object) -> pygame.Rect:
        if text == t("levels.cell_moves", moves=18):
            heights[percent[0]] = f.get_height()
        return real(surface, text, f, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(level_select, "draw_text", spy)
    set_language(lang)
    try:
        for percent[0] in (100, 150):
            ctx.set_text_size(percent[0])
            ctx.apply_settings()
            LevelSelectScene(ctx).draw(pygame.Surface((1280, 720)))
    finally:
        set_language("en")
        ctx.set_text_size(100)
        ctx.apply_settings()
    assert heights[150] >= heights[100] * 1.3


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("percent", [100, 125, 150])
def test_the_editor_tools_show_their_keys_in_both_languages(
        display: None, ctx: Context, monkeypatch: pytest.MonkeyPatch, lang: str,
        percent: int) -> None:
    shown: list[list[str]] = []
    real = tool_bar.tool_labels

    def spy(*args: Any, **kw: Any) -> tuple[list[str], list[int]]:
        labels, widths = real(*args, **kw)
        shown.append(labels)
        return labels, widths

    monkeypatch.setattr(tool_bar, "tool_labels", spy)
    set_language(lang)
    ctx.set_text_size(percent)
    ctx.apply_settings()
    try:
        EditorScene(ctx, Editor(build_level(CAMPAIGN[0]))).draw(pygame.Surface((1280, 720)))
    finally:
        set_language("en")
        ctx.set_text_size(100)
        ctx.apply_settings()
    assert shown
    for label, tool in zip(shown[-1], TOOLS):
        assert tool.shortcut in label, label


def test_the_screensaver_draws_with_the_saved_palette_and_leaves_the_save_alone(
        display: None, ctx: Context, tmp_path: Path) -> None:
    saved = Progress()
    saved.settings.palette = "high_contrast"
    path = tmp_path / "player.json"
    save_progress(saved, path)
    before = path.read_bytes()
    try:
        use_saved_look(ctx, path)
        assert theme.current().name == "high_contrast"
        saver = ScreensaverScene(ctx, seed=3)
        surface = pygame.Surface((320, 200))
        saver.update(1 / 60)
        saver.draw(surface)
        walls = theme.current().classic.wall_rim
    finally:
        theme.use(theme.DEFAULT)
    assert path.read_bytes() == before
    assert walls == theme.PALETTES["high_contrast"].classic.wall_rim


def test_a_broken_save_leaves_the_screensaver_on_the_default_look_and_is_not_moved(
        ctx: Context, tmp_path: Path) -> None:
    path = tmp_path / "player.json"
    path.write_text("{ not json")
    use_saved_look(ctx, path)
    assert theme.current() is theme.DEFAULT
    assert path.read_text() == "{ not json" and sorted(tmp_path.iterdir()) == [path]
