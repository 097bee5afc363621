"""The lab's lines fit: at 150 % text, in both languages, in the smallest and a large
window, in both palettes' looks, every line the panel draws lies inside the panel, whole
(wrapped, never cut short with an ellipsis), and no race caption overlaps another."""

from __future__ import annotations

from typing import Callable, Iterator

import pygame
import pytest

from game.levels import LevelSpec
from game.play import theme
from game.play.app import MIN_WINDOW
from game.play.context import Context
from game.play.labview import panel
from game.play.scenes.lab import LabScene
from game.text import language, set_language

pytestmark = pytest.mark.usefixtures("display")


@pytest.fixture(autouse=True)
def restore() -> Iterator[None]:
    """Put the language and the theme back after each test."""
    before = language()
    yield
    set_language(before)
    theme.use(theme.DEFAULT)


def generating(scene: LabScene) -> None:
    """Stop half way through the generation."""
    scene.lab.run(150)


def solved(scene: LabScene) -> None:
    """Run the search to its end, the heat-map on."""
    scene.lab.run(10**6)
    scene.heat = True


def racing(scene: LabScene) -> None:
    """Race every solver, half way."""
    scene.race = True
    scene.racers = list(scene._offered())
    scene._resolve()
    while scene.lab.generating:
        scene.lab.forward()
    scene.lab.run(60)


@pytest.mark.parametrize("size", [MIN_WINDOW, (960, 600), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("palette", ["default", "high_contrast"])
@pytest.mark.parametrize("phase", [generating, solved, racing])
def test_every_line_fits_at_150_percent(ctx: Context, monkeypatch: pytest.MonkeyPatch,
                                        size: tuple[int, int], lang: str, palette: str,
                                        phase: Callable[[LabScene], None]) -> None:
    set_language(lang)
    ctx.set_palette(palette)
    ctx.set_text_size(150)
    scene = LabScene(ctx, spec=LevelSpec("growing-tree", 21, 21, 5, options={"policy": 3}),
                     solver="wall-follower:right")
    scene.playing = False
    phase(scene)
    drawn: list[tuple[str, pygame.Rect]] = []
    real = panel.draw_text

    def spy(surface: pygame.Surface, text: str, *args: object, **kw: object) -> pygame.Rect:
        rect = real(surface, text, *args, **kw)  # type: ignore[arg-type]
        drawn.append((text, rect))
        return rect

    monkeypatch.setattr(panel, "draw_text", spy)
    scene.draw(pygame.Surface(size))
    box = scene.panel_rect
    assert len(drawn) >= 3  # the panel says something even in the smallest window
    for text, rect in drawn:
        assert box.contains(rect), f"{text!r} runs out of the panel"
        assert not text.endswith("…"), f"{text!r} is cut short"
    lines = [text for text, _ in drawn]
    assert any(row in " ".join(lines) for row in ("21", "×"))  # the choices are shown


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_keys_read_as_large_as_the_text_where_there_is_room(
        ctx: Context, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], lang: str) -> None:
    set_language(lang)
    scene = LabScene(ctx, spec=LevelSpec("backtracker", 21, 21, 5), solver="bfs")
    scene.playing = False
    fonts: dict[str, pygame.font.Font] = {}
    real = panel.draw_text

    def spy(surface: pygame.Surface, text: str, f: pygame.font.Font, *args: object,
            **kw: object) -> pygame.Rect:
        fonts[text] = f
        return real(surface, text, f, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(panel, "draw_text", spy)
    scene.draw(pygame.Surface(size))
    keys = [f for text, f in fonts.items() if text in panel.keys_lines()]
    events = next(f for text, f in fonts.items() if text.startswith(("Events", "已显示")))
    assert keys and all(f.get_height() == events.get_height() for f in keys)
