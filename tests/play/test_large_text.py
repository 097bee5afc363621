"""At 150 % text the HUD keeps the level code (it outlasts the size and the generator),
and the hint caption never covers the route's end: when no full-width spot leaves the
exit in sight, the caption takes a band of its own under the maze."""

from __future__ import annotations

from typing import Iterator

import pygame
import pytest

from game.play import theme
from game.play.context import Context
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
    maze = pygame.Rect(view.x, view.y, play.camera.view_w, play.camera.view_h)  # drawn in
    box = play.captions.rect()
    assert box is not None
    if play.captions.band is not None:  # below the maze's view: it hides nothing
        assert not box.colliderect(maze)
    else:  # over the maze, clear of the route's end
        end = play.stage.tile_centre(maze, play.maze.goal)
        assert maze.collidepoint(end) and not box.collidepoint(end)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_at_150_percent_the_title_menu_fits_the_smallest_window_without_scrolling(
        ctx: Context, lang: str) -> None:
    from game.play.app import MIN_WINDOW
    from game.play.scenes.title import TitleScene
    from game.text import set_language

    set_language(lang)
    ctx.set_text_size(150)
    title = TitleScene(ctx)
    surface = pygame.Surface(MIN_WINDOW)
    title.draw(surface)
    rects = title.menu.rects
    assert len(rects) == len(title.menu.items)
    assert all(r.width > 0 and r.height > 0 and surface.get_rect().contains(r) for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_at_150_percent_the_editors_key_strip_shows_every_key_page_by_page(
        ctx: Context, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.edit.model import Editor, blank_maze
    from game.play.app import MIN_WINDOW
    from game.play.scenes.editor import EditorScene
    from game.text import set_language, t

    set_language(lang)
    ctx.set_text_size(150)
    scene = EditorScene(ctx, Editor(blank_maze(rows=11, cols=11)))
    shown: list[str] = []
    real = hud.draw_text

    def spy(surface: pygame.Surface, text: str, *args: object, **kw: object) -> pygame.Rect:
        shown.append(text)
        return real(surface, text, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(hud, "draw_text", spy)
    surface = pygame.Surface(MIN_WINDOW)
    for _ in range(12):  # a page every few seconds
        scene.draw(surface)
        scene.update(hud.STRIP_PAGE_SECONDS)
    keys = t("editor.help").split(hud.STRIP_DOT)
    whole = " ".join(shown)
    assert all(piece in whole for piece in keys), [p for p in keys if p not in whole]
    assert not any("…" in text or "..." in text for text in shown)
