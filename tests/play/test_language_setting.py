"""The Language setting: each language named in its own script, applied at once to every
screen (also those waiting under Settings), saved; the window starts in the language
MIGONG_LANG, the save or the system asks for."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterator

import numpy as np
import pygame
import pytest

from game.levels import LevelSpec, build_level
from game.maze.generators import GENERATORS
from game.play.app import App
from game.play.context import Context
from game.names import custom_label
from game.play.routes import OpenSettings, Play, ToTitle
from game.play.scenes.level_select import level_kind
from game.play.scenes.pause import PauseScene
from game.play.scenes.play import PlayScene
from game.play.scenes.settings import SettingsScene
from game.play.scenes.title import TitleScene
from game.run.level import Level
from game.save import Progress, Settings, load_progress, save_progress
from game.text import language, set_language, t
from tests.play.helpers import Driver, campaign_level, click, key

pytestmark = pytest.mark.usefixtures("display")



def language_row(settings: SettingsScene) -> int:
    """Return the index of the Language row (found by its label, not by its place)."""
    return [item.text() for item in settings.menu.items].index(t("settings.language"))


@pytest.fixture(autouse=True)
def english_again() -> Iterator[None]:
    """Speak English again after each test, whatever it switched to."""
    yield
    set_language("en")


def texts(menu_scene: object) -> list[str]:
    """Return the labels of a scene's menu as shown now."""
    return [item.text() for item in menu_scene.menu.items]  # type: ignore[attr-defined]


def on_language_row(ctx: Context) -> tuple[Driver, SettingsScene]:
    """Return the title with Settings open over it, the Language row selected."""
    game = Driver(ctx, ToTitle())
    game.nav.go(OpenSettings())
    settings = game.scene
    assert isinstance(settings, SettingsScene)
    settings.menu.selected = language_row(settings)
    return game, settings


def test_the_language_row_names_each_language_in_its_own_script(ctx: Context) -> None:
    _, settings = on_language_row(ctx)
    row = settings.menu.items[language_row(settings)]
    assert (row.text(), row.value and row.value()) == ("Language", "English")
    settings.handle_event(key(pygame.K_RIGHT))
    assert (row.text(), row.value and row.value()) == ("语言", "简体中文")
    settings.handle_event(key(pygame.K_LEFT))
    assert (row.text(), row.value and row.value()) == ("Language", "English")


def test_choosing_chinese_speaks_it_at_once_and_saves_it(ctx: Context) -> None:
    heard: list[str] = []
    ctx.on_settings_change(heard.append)
    _, settings = on_language_row(ctx)
    settings.handle_event(key(pygame.K_RIGHT))
    assert language() == "zh" and ctx.settings.language == "zh" and heard == ["language"]
    assert texts(settings)[0] == "音量"
    assert ctx.save_path is not None
    saved = json.loads(ctx.save_path.read_text(encoding="utf-8"))
    assert saved["settings"]["language"] == "zh"
    assert load_progress(ctx.save_path)[0].settings.language == "zh"


def test_enter_or_a_click_on_the_language_row_changes_nothing(ctx: Context) -> None:
    # a player pressed Enter on the row and found the game in Chinese: only Left/Right
    # (and the row's arrows) change the language
    _, settings = on_language_row(ctx)
    settings.handle_event(key(pygame.K_RETURN))
    assert language() == "en" and ctx.settings.language is None
    settings.draw(pygame.Surface((1280, 720)))
    row = settings.menu.rects[language_row(settings)]
    settings.handle_event(click(row.center))
    assert language() == "en" and ctx.settings.language is None


def test_the_title_waiting_under_settings_comes_back_in_the_new_language(ctx: Context) -> None:
    game, settings = on_language_row(ctx)
    settings.handle_event(key(pygame.K_RIGHT))
    title = game.send(key(pygame.K_ESCAPE))
    assert isinstance(title, TitleScene)
    assert texts(title) == ["新游戏", "选择关卡", "自定义迷宫", "每日迷宫", "输入关卡码", "制作迷宫",
                            "算法实验室", "设置", "帮助", "退出"]


def test_pause_and_the_level_under_it_come_back_in_the_new_language(ctx: Context) -> None:
    game = Driver(ctx, Play(campaign_level(0)))
    play = game.scene
    assert isinstance(play, PlayScene)
    surface = pygame.Surface((1280, 720))
    play.draw(surface)
    assert play.label == "Level 1 · First Steps"
    pause = game.send(key(pygame.K_ESCAPE))
    assert isinstance(pause, PauseScene)
    pause.draw(surface)
    before = pygame.surfarray.array3d(surface)
    game.nav.go(OpenSettings())
    settings = game.scene
    assert isinstance(settings, SettingsScene)
    settings.menu.selected = language_row(settings)
    settings.handle_event(key(pygame.K_RIGHT))
    assert game.send(key(pygame.K_ESCAPE)) is pause
    assert texts(pause) == ["继续", "重新开始", "设置", "返回主菜单"]
    pause.draw(surface)  # the still of the level under it is taken again, in Chinese
    assert (pygame.surfarray.array3d(surface) != before).any()
    assert game.send(key(pygame.K_ESCAPE)) is play
    play.draw(surface)
    assert play.label == "第 1 关 · 初来乍到" and play.help_line().startswith("方向键")


def test_the_hud_bar_is_drawn_again_in_the_new_language(ctx: Context) -> None:
    play = PlayScene(ctx, campaign_level(0))
    surface = pygame.Surface((1280, 720))
    play.draw(surface)
    english = pygame.surfarray.array3d(surface)[:, :30].copy()
    set_language("zh")
    play.draw(surface)
    assert (pygame.surfarray.array3d(surface)[:, :30] != english).any()


# -- the App ------------------------------------------------------------------------------
def opened(save: Path, monkeypatch: pytest.MonkeyPatch, **env: str) -> Iterator[App]:
    """Open the App on the save ``save``, only ``env`` naming a language; close pygame after."""
    monkeypatch.setenv("MIGONG_SAVE_PATH", str(save))
    for name in ("MIGONG_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG",
                 "MIGONG_EXIT_AFTER_FIRST_FRAME"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    app = App.open()
    yield app
    pygame.quit()


def test_migong_lang_speaks_for_one_run_and_is_not_saved(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "save.json"
    save_progress(Progress(settings=Settings(language="en")), save)
    for app in opened(save, monkeypatch, MIGONG_LANG="zh", LANG="en_US.UTF-8"):
        assert language() == "zh" and pygame.display.get_caption()[0] == "迷宫"
        app.ctx.save()
    assert load_progress(save)[0].settings.language == "en"


def test_the_saved_language_beats_the_system_s(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "save.json"
    save_progress(Progress(settings=Settings(language="zh")), save)
    for _ in opened(save, monkeypatch, LANG="en_US.UTF-8"):
        assert language() == "zh"


@pytest.mark.parametrize("lang, spoken", [("zh_CN.UTF-8", "zh"), ("en_GB.UTF-8", "en"),
                                          ("C.UTF-8", "en")])
def test_a_fresh_game_follows_the_system_locale(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, spoken: str) -> None:
    save = tmp_path / "save.json"
    for app in opened(save, monkeypatch, LANG=lang):
        assert language() == spoken
        app.ctx.save()
    assert "language" not in json.loads(save.read_text(encoding="utf-8"))["settings"]


def test_the_window_title_follows_the_language_setting(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for app in opened(tmp_path / "save.json", monkeypatch, MIGONG_LANG="en"):
        assert pygame.display.get_caption()[0] == "Migong"
        app.ctx.set_language("zh")
        assert pygame.display.get_caption()[0] == "迷宫"
        app.go(ToTitle())
        app.frame(1 / 60)
        surface = pygame.display.get_surface()
        assert surface is not None and len(np.unique(pygame.surfarray.array2d(surface))) > 10


def test_a_save_too_broken_to_read_is_reported_in_the_system_s_language(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "save.json"
    save.write_text('{"unlocked": not json', encoding="utf-8")
    for app in opened(save, monkeypatch, LANG="zh_CN.UTF-8"):
        assert language() == "zh"
        assert app.ctx.notice == "无法读取存档，已开始新的存档。旧文件已保留为 save.json.corrupt。"


@pytest.mark.parametrize("algorithm", list(GENERATORS))
def test_in_chinese_every_place_names_the_generator_in_chinese(ctx: Context,
                                                               algorithm: str) -> None:
    set_language("zh")
    spec = LevelSpec(algorithm, 11, 11, 5, keys=1, fog=True)
    level = Level(build_level(spec), spec, None, custom_label(spec))
    shown = {
        "hud": PlayScene(ctx, level).info["algorithm"],
        "custom label": custom_label(spec),
        "level select": level_kind(spec),
    }
    chinese = t(f"generator.{algorithm}")
    for place, text in shown.items():
        # "Prim 算法" keeps Prim's name; no other English is left in the text.
        english = text.replace(chinese, "").lower()
        assert chinese in text and algorithm not in english, (place, text)
