"""A locked campaign level played for practice (``play --level N``, its code): named as
that level, with its chapter's tip; its result offers a retry and a way back, never
"Another maze", and it leaves the title's Continue alone."""

from __future__ import annotations

from typing import Iterator

import pygame
import pytest

from game.levels import CAMPAIGN, CHAPTERS, build_level
from game.play.context import Context
from game.play.routes import BuildMaze, Complete, Play, ToLevelSelect, play_code
from game.play.scenes.level_complete import LevelCompleteScene
from game.play.scenes.loading import LoadingScene
from game.play.scenes.play import PlayScene
from game.play.scenes.title import TitleScene
from game.play.routes import ToTitle
from game.run.level import Level
from tests.play.helpers import Driver, key, run_result

CHASE = next(chapter for chapter in CHAPTERS if chapter.key == "chase")
LAIR = sum(len(chapter.levels) for chapter in CHAPTERS[: CHAPTERS.index(CHASE)])  # 34


@pytest.fixture(autouse=True)
def _display(display: None) -> Iterator[None]:
    """Every test here draws on the dummy display."""
    yield


def practice_level(ctx: Context, index: int = LAIR) -> Level:
    """Return the Level the loading screen builds for locked level ``index``'s practice."""
    route = play_code(CAMPAIGN[index], unlocked=ctx.progress.unlocked)
    assert isinstance(route, BuildMaze)
    loading = Driver(ctx, route).scene
    assert isinstance(loading, LoadingScene)
    loading.builder = build_level
    loading._work()
    assert loading.play is not None and isinstance(loading.play, PlayScene)
    return loading.play.level


def test_a_locked_level_is_named_as_itself_and_practice(ctx: Context) -> None:
    assert CAMPAIGN[LAIR].name == "The Lair"
    route = play_code(CAMPAIGN[LAIR], unlocked=1)
    assert isinstance(route, BuildMaze) and route.practice == LAIR and route.index is None
    assert route.label == "Level 35 · The Lair · practice"
    level = practice_level(ctx)
    assert level.practice == LAIR and level.index is None
    assert PlayScene(ctx, level).label == "Level 35 · The Lair · practice"


def test_practice_shows_the_chapters_tip_on_its_first_level(ctx: Context) -> None:
    play = PlayScene(ctx, practice_level(ctx))
    tip = play.captions.chapter_tip()
    assert tip is not None and "Minotaur" in tip[0]


def test_practice_results_offer_a_retry_and_a_way_back(ctx: Context) -> None:
    level = practice_level(ctx)
    done = Driver(ctx, Complete(run_result(PlayScene(ctx, level)))).scene
    assert isinstance(done, LevelCompleteScene)
    names = [item.text() for item in done.menu.items]
    assert names[0] == "Retry" and "Another maze" not in names
    assert "Level select" in names and "Title" in names
    assert done.next_spec is None
    assert isinstance(done.menu.items[0].action(), Play)
    chosen = done.menu.items[names.index("Level select")].action()
    assert isinstance(chosen, ToLevelSelect)


def test_a_practice_run_leaves_continue_alone(ctx: Context) -> None:
    level = practice_level(ctx)
    Driver(ctx, Complete(run_result(PlayScene(ctx, level))))
    assert ctx.progress.unlocked == 1 and ctx.progress.stars  # kept, but unlocks nothing
    title = Driver(ctx, ToTitle()).scene
    assert isinstance(title, TitleScene)
    assert title.menu.items[0].text() == "New game"
    loading = Driver(ctx, ToTitle()).send(key(pygame.K_RETURN))
    assert isinstance(loading, LoadingScene) and loading.level_index == 0
