"""Share codes and the daily maze in the game, driven by synthetic events.

The HUD shows the level code and Ctrl+C copies it; "Enter a code" takes a typed or pasted
code, says what is wrong with a bad one and plays a good one; "Daily maze" plays today's
maze, whose result is kept per date with the streak.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Iterator, Optional

import pygame
import pytest

from game.daily import daily_spec, utc_today
from game.levels import CAMPAIGN, build_level, level_code, parse_level_code
from game.play import clipboard
from game.play.context import Context
from game.names import custom_label, level_label, practice_label
from game.play.routes import BuildMaze, Complete, Play, ToEnterCode, ToTitle
from game.play.scenes import enter_code, play
from game.play.scenes.base import Enter, Scene
from game.play.scenes.enter_code import EnterCodeScene
from game.play.scenes.level_complete import LevelCompleteScene
from game.play.scenes.loading import LoadingScene
from game.play.scenes.play import PlayScene
from game.play.scenes.title import TitleScene
from game.run.level import Level, RunResult
from game.save import Streak, load_progress
from game.text import t
from tests.play.helpers import Driver, campaign_level, file_level, key, run_result

CTRL = pygame.KMOD_LCTRL


@pytest.fixture(autouse=True)
def _display(display: None) -> Iterator[None]:
    """Every test here draws on the dummy display."""
    yield


def typed(game: Driver, text: str) -> None:
    """Type ``text`` key by key (letters, digits, '-' and '.')."""
    for ch in text:
        game.send(key(ord(ch.lower())))


def from_title(ctx: Context, label: str) -> tuple[Driver, Scene]:
    """Choose the title's row ``label`` with the keyboard; return the driver and the scene."""
    game = Driver(ctx, ToTitle())
    title = game.scene
    assert isinstance(title, TitleScene)
    row = [item.text() for item in title.menu.items].index(label)
    for _ in range(row):
        game.send(key(pygame.K_DOWN))
    return game, game.send(key(pygame.K_RETURN))


def code_screen(ctx: Context) -> tuple[Driver, EnterCodeScene]:
    """Return a driver on the "Enter a code" screen, reached from the title."""
    game, scene = from_title(ctx, t("title.enter_code"))
    assert isinstance(scene, EnterCodeScene)
    return game, scene


# -- the HUD and Ctrl+C ----------------------------------------------------------------------
def test_the_hud_shows_the_level_code(ctx: Context) -> None:
    level = campaign_level(3)
    scene = PlayScene(ctx, level)
    assert level.spec is not None
    assert scene.info["code"] == t("hud.code", code=level_code(level.spec))


def test_ctrl_c_copies_the_code_and_says_so(ctx: Context, monkeypatch: pytest.MonkeyPatch) -> None:
    copied: list[str] = []

    def copy(text: str) -> bool:
        copied.append(text)
        return True

    monkeypatch.setattr(play, "copy_text", copy)
    level = campaign_level(2)
    assert level.spec is not None
    game = Driver(ctx, Play(level))
    scene = game.scene
    assert isinstance(scene, PlayScene)
    assert game.send(key(pygame.K_c, CTRL)) is scene
    assert copied == [level_code(level.spec)]
    assert ctx.toasts.text == t("play.code_copied", code=copied[0])
    assert scene.run.moves == 0  # the C did nothing else


def test_ctrl_c_goes_through_sdls_clipboard(ctx: Context) -> None:
    level = campaign_level(1)
    assert level.spec is not None
    Driver(ctx, Play(level)).send(key(pygame.K_c, CTRL))
    assert pygame.scrap.get_text() == level_code(level.spec)


def test_without_a_clipboard_the_toast_shows_the_code(ctx: Context,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(text: str) -> None:
        raise pygame.error("no clipboard on this video driver")

    monkeypatch.setattr(pygame.scrap, "put_text", refuse)
    level = campaign_level(0)
    assert level.spec is not None
    Driver(ctx, Play(level)).send(key(pygame.K_c, CTRL))
    assert ctx.toasts.text == t("play.no_clipboard", code=level_code(level.spec))


def test_without_a_display_copy_and_paste_answer_instead_of_failing() -> None:
    pygame.display.quit()
    try:
        assert clipboard.copy_text("B11x11-5") is False
        assert clipboard.paste_text() is None
    finally:
        pygame.display.init()
        pygame.display.set_mode((64, 48))


def test_a_maze_from_a_file_has_no_code_to_copy(ctx: Context) -> None:
    maze = build_level(daily_spec(date(2026, 12, 1)))
    game = Driver(ctx, Play(file_level(maze)))
    game.send(key(pygame.K_c, CTRL))
    assert ctx.toasts.text == t("play.no_code")


# -- Enter a code -----------------------------------------------------------------------------
def test_a_typed_code_is_played(ctx: Context) -> None:
    game, scene = code_screen(ctx)
    typed(game, "d21x31-2kq-r3-l10")
    assert scene.text == "D21x31-2KQ-R3-L10"  # as codes are written
    loading = game.send(key(pygame.K_RETURN))
    assert isinstance(loading, LoadingScene)
    assert loading.spec == parse_level_code("D21x31-2KQ-R3-L10") and loading.daily is None


def typed_level_code(ctx: Context, index: int) -> LoadingScene:
    """Type campaign level ``index``'s code on the code screen, press Enter; return the loading."""
    game, _ = code_screen(ctx)
    typed(game, level_code(CAMPAIGN[index]))
    loading = game.send(key(pygame.K_RETURN))
    assert isinstance(loading, LoadingScene)
    return loading


def test_an_unlocked_campaign_levels_code_plays_that_level(ctx: Context) -> None:
    ctx.progress.unlocked = 15
    loading = typed_level_code(ctx, 14)
    assert (loading.spec, loading.level_index) == (CAMPAIGN[14], 14)
    assert loading.label == level_label(14, CAMPAIGN[14])


def test_a_locked_campaign_levels_code_plays_for_practice_under_its_name(ctx: Context) -> None:
    ctx.progress.unlocked = 14
    loading = typed_level_code(ctx, 14)
    assert loading.spec.same_maze(CAMPAIGN[14]) and loading.level_index is None
    assert loading.practice == 14
    assert loading.label == practice_label(14, CAMPAIGN[14]) != custom_label(loading.spec)


def test_every_letter_types_even_the_mute_and_walking_keys(ctx: Context) -> None:
    game, scene = code_screen(ctx)
    typed(game, "mwasd")
    assert scene.text == "MWASD" and scene.menu.selected == 0
    assert not ctx.settings.muted


def test_backspace_erases_and_esc_goes_back(ctx: Context) -> None:
    game, scene = code_screen(ctx)
    typed(game, "b11")
    game.send(key(pygame.K_BACKSPACE))
    assert scene.text == "B1"
    assert isinstance(game.send(key(pygame.K_ESCAPE)), TitleScene)


@pytest.mark.parametrize("text, reason", [
    ("b11x11-5-q3", "unknown option 'Q'"),
    ("x11x11-5", "unknown algorithm letter 'X'"),
    ("b12x11-5", "rows must be odd"),
    ("hello", "expected e.g. 'B21x21-1A2B'"),
])
def test_a_bad_code_says_what_is_wrong_and_stays(ctx: Context, text: str, reason: str) -> None:
    game, scene = code_screen(ctx)
    typed(game, text)
    assert game.send(key(pygame.K_RETURN)) is scene
    assert scene.problem == t("code.bad") and reason in scene.detail
    scene.draw(pygame.Surface((800, 600)))
    typed(game, "1")  # typing again clears the message
    assert scene.problem is None


def test_enter_on_nothing_asks_for_a_code(ctx: Context) -> None:
    game, scene = code_screen(ctx)
    assert game.send(key(pygame.K_RETURN)) is scene
    assert scene.problem == t("code.empty")


def test_ctrl_v_pastes_a_code(ctx: Context, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(enter_code, "paste_text", lambda: "  G21x25-1Z-K3\n")
    game, scene = code_screen(ctx)
    game.send(key(pygame.K_v, CTRL))
    assert scene.text == "G21x25-1Z-K3"
    loading = game.send(key(pygame.K_RETURN))
    assert isinstance(loading, LoadingScene) and loading.spec == parse_level_code("G21x25-1Z-K3")


def test_the_real_clipboard_round_trips_a_code(ctx: Context) -> None:
    assert clipboard.copy_text("P15x15-C")
    game, scene = code_screen(ctx)
    game.send(key(pygame.K_v, CTRL))
    assert scene.text == "P15x15-C"


@pytest.mark.parametrize("clip", [None, "", "   \n", "迷宫" * 200, "x" * 5000])
def test_a_hostile_paste_never_breaks_the_field(ctx: Context, monkeypatch: pytest.MonkeyPatch,
                                                clip: Optional[str]) -> None:
    monkeypatch.setattr(enter_code, "paste_text", lambda: clip)
    game, scene = code_screen(ctx)
    game.send(key(pygame.K_v, CTRL))
    assert len(scene.text) <= enter_code.MAX_LENGTH
    assert all(" " < ch <= "~" for ch in scene.text)
    if not (clip or "").strip():
        assert scene.problem == t("code.no_paste")
    game.send(key(pygame.K_RETURN))
    scene.draw(pygame.Surface((640, 480)))


def test_paste_and_play_work_by_mouse_too(ctx: Context, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(enter_code, "paste_text", lambda: "B11x11-5")
    game, scene = code_screen(ctx)
    assert [item.text() for item in scene.menu.items] == [t("code.play"), t("code.paste"),
                                                         t("code.back")]
    assert scene.menu.items[1].action is not None and scene.menu.items[0].action is not None
    scene.menu.items[1].action()
    route = scene.menu.items[0].action()
    assert isinstance(route, BuildMaze) and route.spec == parse_level_code("B11x11-5")


def test_the_code_screen_is_reached_by_its_own_route(ctx: Context) -> None:
    assert isinstance(Driver(ctx, ToEnterCode()).scene, EnterCodeScene)


# -- the daily maze ------------------------------------------------------------------------------
def daily_level(day: date) -> Level:
    """Return the daily maze of ``day`` as the game plays it."""
    spec = daily_spec(day)
    return Level(build_level(spec), spec, None, "", day)


def test_the_title_plays_todays_daily_maze(ctx: Context) -> None:
    _, loading = from_title(ctx, t("title.daily"))
    assert isinstance(loading, LoadingScene)
    assert (loading.spec, loading.daily) == (daily_spec(utc_today()), utc_today())


def test_the_daily_maze_is_named_by_its_date_in_the_hud(ctx: Context) -> None:
    scene = PlayScene(ctx, daily_level(date(2026, 12, 1)))
    assert scene.label == t("level.daily", date="2026-12-01")


def finish(ctx: Context, level: Level, time_s: float = 30.0) -> LevelCompleteScene:
    """Finish ``level`` optimally in ``time_s`` and show the result screen."""
    result = run_result(PlayScene(ctx, level), time_s=time_s)
    scene = Driver(ctx, Complete(result)).scene
    assert isinstance(scene, LevelCompleteScene)
    return scene


def test_finishing_todays_maze_keeps_the_date_and_starts_a_streak(ctx: Context) -> None:
    today = utc_today()
    done = finish(ctx, daily_level(today), 42.0)
    key_ = today.isoformat()
    assert ctx.progress.daily[key_].time == 42.0
    assert ctx.progress.streak == Streak(1, 1, key_)
    assert done.streak == 1
    assert ctx.save_path is not None
    assert load_progress(ctx.save_path)[0].daily == ctx.progress.daily
    assert t("complete.another_maze") not in [item.text() for item in done.menu.items]
    done.draw(pygame.Surface((1280, 720)))
    title = Driver(ctx, ToTitle()).scene
    assert isinstance(title, TitleScene)
    assert t("title.daily_streak", days=1) in [item.text() for item in title.menu.items]


def test_yesterdays_streak_grows_with_todays_maze(ctx: Context) -> None:
    yesterday = (utc_today() - timedelta(days=1)).isoformat()
    ctx.progress.streak = Streak(4, 6, yesterday)
    assert finish(ctx, daily_level(utc_today())).streak == 5
    assert ctx.progress.streak.best == 6


def test_an_old_daily_maze_keeps_its_time_but_not_the_streak(ctx: Context) -> None:
    old = date(2026, 1, 5)
    done = finish(ctx, daily_level(old))
    assert "2026-01-05" in ctx.progress.daily and done.streak == 0
    assert ctx.progress.streak == Streak()


def test_a_code_played_is_kept_like_any_custom_maze(ctx: Context) -> None:
    spec = parse_level_code("B11x11-5")
    finish(ctx, Level(build_level(spec), spec, None, ""))
    assert level_code(spec) in ctx.progress.best_times and ctx.progress.daily == {}


def test_retrying_a_daily_maze_is_still_the_daily_maze(ctx: Context) -> None:
    done = finish(ctx, daily_level(utc_today()))
    game = Driver(ctx, Enter(done))
    again = game.send(key(pygame.K_r))
    assert isinstance(again, PlayScene) and again.level.daily == utc_today()


def test_result_records_are_unchanged_for_campaign_levels(ctx: Context) -> None:
    result: RunResult = run_result(PlayScene(ctx, campaign_level(0)))
    Driver(ctx, Complete(result))
    assert ctx.progress.unlocked == 2 and ctx.progress.daily == {}


def test_a_daily_maze_with_keys_and_fog_is_played_with_both(ctx: Context) -> None:
    sunday = date(2026, 12, 13)  # keys and fog, from the week of keys and fog on
    level = daily_level(sunday)
    assert level.fogged and level.spec is not None and level.spec.keys == 2
    scene = PlayScene(ctx, level)
    assert scene.run.fog is not None and scene.run.keys == ""
    scene.update(1 / 60)
    scene.draw(pygame.Surface((1280, 720)))
    scene.draw(pygame.Surface((320, 240)))
    done = finish(ctx, level)
    assert "2026-12-13" in ctx.progress.daily and done.streak == 0
