"""At 150 % text the HUD keeps the level code (it outlasts the size and the generator),
and the hint caption never covers the route's end: when no full-width spot leaves the
exit in sight, a narrow caption goes in a corner."""

from __future__ import annotations

from typing import Iterator

import pygame
import pytest

from game.play import theme
from game.play.context import Context
from game.play.hint import caption
from game.play.scenes.play import PlayScene
from game.play.widgets import hud
from game.run.intents import ToggleHint
from tests.play.helpers import campaign_level

pytestmark = pytest.mark.usefixtures("display")


@pytest.fixture(autouse=True)
def default_text_after() -> Iterator[None]:
    """Put the default theme back after each test."""
    yield
    theme.use(theme.DEFAULT)


def test_the_hud_keeps_the_level_code_at_150_percent(ctx: Context,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    ctx.set_text_size(150)
    play = PlayScene(ctx, campaign_level(6))
    drawn: list[str] = []
    real = hud.draw_text

    def spy(surface: pygame.Surface, text: str, *args: object, **kw: object) -> pygame.Rect:
        drawn.append(text)
        return real(surface, text, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(hud, "draw_text", spy)
    play.draw(pygame.Surface((640, 480)))
    assert play.info["code"] in drawn  # "code D31x31-2EZ" was dropped first, unsaid


@pytest.mark.parametrize("index", [9, 15, 19, 24])
def test_the_hint_caption_leaves_the_route_end_in_sight_at_150_percent(ctx: Context,
                                                                       index: int) -> None:
    ctx.set_text_size(150)
    play = PlayScene(ctx, campaign_level(index))
    play.apply(ToggleHint())
    assert play.hint is not None
    play.hint.finish()
    play.update(1 / 60)
    surface = pygame.Surface((320, 240))
    play.draw(surface)
    view = play._view(surface)
    end = play.stage.tile_centre(view, play.maze.goal)
    assert view.collidepoint(end)
    spot, sub = play.captions._place(view, caption(play.hint), play.hint_keys())
    box = hud.caption_rect(view, caption(play.hint), sub, spot=spot)
    assert box is not None and not box.collidepoint(end)
