"""The result screen's leaderboard histogram and the note under it (the daily streak, the
next level unlocked) never overlap, at any window size, text size and language."""

from __future__ import annotations

from typing import Any, Iterator

import pygame
import pytest

from game.play import theme
from game.play.context import Context
from game.play.scenes import level_complete
from game.play.scenes.level_complete import LevelCompleteScene
from game.run.level import RunResult
from game.server.live import Standing
from game.text import set_language, t
from tests.play.helpers import campaign_level

pytestmark = pytest.mark.usefixtures("display")


@pytest.fixture(autouse=True)
def default_text_after() -> Iterator[None]:
    """Put the default theme back after each test."""
    yield
    theme.use(theme.DEFAULT)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("text_size", [100, 125, 150])
@pytest.mark.parametrize("size", [(320, 240), (640, 480), (800, 600), (960, 640), (1280, 720),
                                  (1920, 1080)])
def test_the_histogram_never_covers_the_streak_line(
        ctx: Context, monkeypatch: pytest.MonkeyPatch, lang: str, text_size: int,
        size: tuple[int, int]) -> None:
    set_language(lang)
    ctx.set_text_size(text_size)
    done = LevelCompleteScene(ctx, RunResult(campaign_level(3), 30.0, 60, 40, 1))
    done.streak = 3
    done.standing = Standing("ranked", 4, 37, (1, 3, 6, 9, 7, 5, 3, 2, 1, 0, 1), 3)
    done.t = 5.0
    charts: list[pygame.Rect] = []
    notes: list[pygame.Rect] = []
    real_chart, real_text = level_complete.draw_histogram, level_complete.draw_text

    def chart(surface: pygame.Surface, rect: pygame.Rect, *args: Any) -> None:
        charts.append(pygame.Rect(rect.left, rect.top, rect.width, rect.height + 3))  # its mark
        real_chart(surface, rect, *args)

    def text(surface: pygame.Surface, line: str, *args: Any, **kw: Any) -> pygame.Rect:
        drawn = real_text(surface, line, *args, **kw)
        if line == t("complete.daily_streak", days=3):
            notes.append(drawn)
        return drawn

    monkeypatch.setattr(level_complete, "draw_histogram", chart)
    monkeypatch.setattr(level_complete, "draw_text", text)
    done.draw(pygame.Surface(size))
    assert not any(c.colliderect(n) for c in charts for n in notes), (charts, notes)
    if size[1] >= 480:
        assert charts and notes  # room for both
