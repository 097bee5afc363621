"""The help is readable at every window size: its text scales with the window (never
shrunk to fit the longest line), long lines wrap instead of being cut, and it scrolls
when it does not fit; the hint's row names every solver choice, both hands of the wall
follower too (a new player read ~10 px text at 1280x720 and "..., DIJKSTRA, WALL (...")."""

from __future__ import annotations

from typing import Any, Iterator

import pygame
import pytest

from game.names import hint_solver_label, hint_solvers
from game.play import theme
from game.play.context import Context
from game.play.scenes import help as help_scene
from game.play.scenes.help import HelpScene
from game.play.widgets.text import font, min_font
from game.text import language, set_language, t

Drawn = list[tuple[str, pygame.font.Font, Any]]


@pytest.fixture(autouse=True)
def spoken(display: None) -> Iterator[None]:
    """Put the language and the theme back afterwards."""
    was = language()
    yield
    set_language(was)
    theme.use(theme.DEFAULT)


def read_all(ctx: Context, monkeypatch: pytest.MonkeyPatch,
             size: tuple[int, int]) -> tuple[HelpScene, Drawn]:
    """Draw every page of the help at ``size``; return it and each line drawn, its font, max
    width."""
    drawn: Drawn = []
    real = help_scene.draw_text

    def spy(surface: pygame.Surface, text: str, f: pygame.font.Font, *args: Any,
            **kwargs: Any) -> pygame.Rect:
        drawn.append((text, f, kwargs.get("max_width")))
        return real(surface, text, f, *args, **kwargs)

    monkeypatch.setattr(help_scene, "draw_text", spy)
    scene = HelpScene(ctx)
    surface = pygame.Surface(size)
    scene.draw(surface)
    while scene.scroll < scene.max_scroll:
        scene._scroll_by(1)
        scene.draw(surface)
    return scene, drawn


@pytest.mark.parametrize("size, lang, text", [
    ((320, 240), "en", 100), ((320, 240), "zh", 150), ((1280, 720), "en", 100),
    ((1280, 720), "zh", 100), ((1280, 720), "en", 150), ((1920, 1080), "zh", 150)])
def test_the_help_is_readable_and_shows_every_solver_whole(
        ctx: Context, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], lang: str,
        text: int) -> None:
    set_language(lang)
    ctx.set_text_size(text)
    scene, drawn = read_all(ctx, monkeypatch, size)
    table = [(s, f, w) for s, f, w in drawn if w is not None and s]  # the panel's lines
    assert table
    for s, f, w in table:  # nothing cut short: long lines wrap
        assert f.size(s)[0] <= w, f"{s!r} is cut at {w} px"
    smallest = min(f.get_height() for _, f, _ in table)
    assert smallest >= font(min_font()).get_height()  # never below the readable size
    if size != (320, 240):  # it scales with the window: ~10 px letters before at 1280x720
        assert smallest >= font(round(20 * size[1] / 720)).get_height()
    title = t("help.solver", solvers="")
    lines = next(c for c in scene.columns if any(v.startswith(title) for _, v, _ in c))
    start = next(i for i, (_, v, _) in enumerate(lines) if v.startswith(title))
    row = [lines[start][1]]
    for keys, value, heading in lines[start + 1:]:  # the row's wrapped lines: no keys of their own
        if keys or heading:
            break
        row.append(value)
    assert all(any(s == v for s, _, _ in table) for v in row)  # each one drawn
    solver_row = "".join(row).replace(" ", "")
    for choice in hint_solvers():
        assert hint_solver_label(choice).replace(" ", "") in solver_row
