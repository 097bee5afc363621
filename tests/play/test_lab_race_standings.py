"""A race whose grid of mazes leaves panes empty (three in 2x2, five in 3x2, seven in 3x3)
shows its live standings there, each racer a line, instead of a blank quarter (a player's
report); the panel then leaves its scoreboard out.  Two racers side by side in a wide area
leave a band of height instead of a pane: the mazes go to the top and the standings fill
the band (it was blank above and below them).  A full grid with no room keeps it in the panel."""

from __future__ import annotations

from typing import Iterator

import pygame
import pytest

from game.lab.choices import solver_keys
from game.levels import LevelSpec
from game.play.context import Context
from game.play.labview import standings
from game.play.labview.panel import solver_title
from game.play.scenes.lab import LabScene
from game.play.widgets.layout import Layout
from game.play.widgets.text import font, min_font
from game.text import language, set_language, t

pytestmark = pytest.mark.usefixtures("display")


@pytest.fixture(autouse=True)
def restore() -> Iterator[None]:
    """Put the language back after each test."""
    before = language()
    yield
    set_language(before)


def race(ctx: Context, count: int) -> LabScene:
    """Return a lab racing the first ``count`` solvers, some way into the search."""
    scene = LabScene(ctx, spec=LevelSpec("backtracker", 21, 21, 1), solver="bfs")
    scene.race = True
    scene.racers = solver_keys()[:count]
    scene._resolve()
    while scene.lab.generating:
        scene.lab.forward()
    scene.lab.run(40)
    return scene


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(("count", "size"), [(3, (960, 600)), (5, (1600, 900)),
                                             (7, (1600, 900)), (3, (1920, 1080)),
                                             (2, (1920, 1080)), (2, (1280, 720))])
def test_the_empty_panes_show_the_standings(ctx: Context, monkeypatch: pytest.MonkeyPatch,
                                            lang: str, count: int,
                                            size: tuple[int, int]) -> None:
    set_language(lang)
    ctx.set_text_size(150)
    scene = race(ctx, count)
    drawn: list[tuple[str, pygame.Rect]] = []
    real = standings.draw_text

    def spy(surface: pygame.Surface, text: str, *args: object, **kw: object) -> pygame.Rect:
        rect = real(surface, text, *args, **kw)  # type: ignore[arg-type]
        drawn.append((text, rect))
        return rect

    monkeypatch.setattr(standings, "draw_text", spy)
    screen = pygame.Surface(size)
    scene.draw(screen)
    box = scene.standings_rect
    assert box is not None and screen.get_rect().contains(box)
    assert not any(box.colliderect(slot) for slot in scene.slots)
    assert not box.colliderect(scene.panel_rect)
    assert box.width >= scene.slots[0].width  # a whole pane at least
    texts = [text for text, _ in drawn]
    assert texts[0] == t("lab.scoreboard")
    for key in solver_keys()[:count]:  # every racer has its whole line
        assert any(text.startswith(solver_title(key)) for text in texts), key
    assert all(box.contains(rect) for _, rect in drawn)
    assert all("…" not in text for text in texts)
    panel = [text for _, text in scene.panel_lines()]
    assert t("lab.scoreboard") in panel  # the scene's lines still carry it (tests, clicks)


@pytest.mark.parametrize("text", [100, 150])
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_two_racers_sit_at_the_top_with_the_standings_beneath(ctx: Context, text: int,
                                                              size: tuple[int, int]) -> None:
    ctx.set_text_size(text)
    scene = race(ctx, 2)
    scene.draw(pygame.Surface(size))
    box = scene.standings_rect
    assert box is not None and len(scene.slots) == 2
    first, second = scene.slots
    assert first.top == second.top and box.top > first.bottom  # beneath, not beside
    caption = font(max(min_font(), Layout.of(pygame.Surface(size)).font_size(17)))
    assert first.top - scene.panel_rect.top <= caption.get_linesize()  # no band above
    assert box.left <= first.left and second.right <= box.right
    assert box.bottom <= scene.panel_rect.bottom


def test_a_full_grid_keeps_the_scoreboard_in_the_panel(ctx: Context) -> None:
    scene = race(ctx, 4)
    scene.draw(pygame.Surface((960, 600)))
    assert scene.standings_rect is None


def test_the_panel_leaves_the_scoreboard_to_the_pane(ctx: Context,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    scene = race(ctx, 3)
    shown: list[list[tuple[str, str]]] = []
    real = scene.panel.draw

    def spy(surface: pygame.Surface, box: pygame.Rect, lay: object,
            lines: list[tuple[str, str]], **kw: object) -> None:
        shown.append(lines)
        real(surface, box, lay, lines, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(scene.panel, "draw", spy)
    scene.draw(pygame.Surface((960, 600)))
    assert scene.standings_rect is not None
    assert t("lab.scoreboard") not in [text for _, text in shown[-1]]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", [(960, 600), (1600, 900)])
def test_the_race_heat_map_legend_says_so_whole(ctx: Context, monkeypatch: pytest.MonkeyPatch,
                                                lang: str, size: tuple[int, int]) -> None:
    from game.play.labview import panel

    set_language(lang)
    ctx.set_text_size(150)
    scene = race(ctx, 2)
    scene.heat = True
    fonts: dict[str, pygame.font.Font] = {}
    real = panel.draw_text

    def spy(surface: pygame.Surface, text: str, f: pygame.font.Font, *args: object,
            **kw: object) -> pygame.Rect:
        fonts[text] = f
        return real(surface, text, f, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(panel, "draw_text", spy)
    scene.draw(pygame.Surface(size))
    title = t("lab.heat_race")
    assert title in fonts and fonts[title].size(title)[0] <= scene.panel.legend_rect.width
