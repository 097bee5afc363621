"""One theme: switching the palette at run time redraws everything in the new colours,
cached map chunks, the HUD bar, the hint and rendered text included."""

from __future__ import annotations

from dataclasses import replace
from typing import Iterator

import numpy as np
import pygame
import pytest

from game.play import theme
from game.play.context import Context
from game.play.scenes.title import TitleScene
from game.play.theme import DEFAULT
from game.run.intents import ToggleHint
from tests.play.helpers import small_play

pytestmark = pytest.mark.usefixtures("display")

TOY = replace(
    DEFAULT,
    name="toy",
    ui=DEFAULT.ui._replace(text=(11, 222, 33), panel=(70, 0, 70), accent=(250, 250, 0)),
    classic=DEFAULT.classic._replace(wall=(201, 31, 31), floor=(31, 31, 201),
                                     floor_alt=(31, 31, 201), void=(1, 2, 3)),
    hint=DEFAULT.hint._replace(path=(0, 255, 0, 255), visited=(0, 255, 255, 255)),
)


@pytest.fixture(autouse=True)
def default_theme_after() -> Iterator[None]:
    """Put the default theme back after each test."""
    yield
    theme.use(DEFAULT)


def count(surface: pygame.Surface, colour: tuple[int, int, int]) -> int:
    """Return how many pixels of ``surface`` are exactly ``colour``."""
    pixels = pygame.surfarray.pixels3d(surface)
    n = int((pixels == np.array(colour, np.uint8)).all(axis=2).sum())
    del pixels
    return n


@pytest.mark.parametrize("zoom_out", [False, True], ids=["close-up chunks", "far-away layer"])
def test_switching_the_theme_recolours_the_cached_maze_and_the_hud(ctx: Context,
                                                                   zoom_out: bool) -> None:
    scene = small_play(ctx, "Lantern Row")
    surface = pygame.Surface((800, 600))
    if zoom_out:
        for _ in range(3):
            scene.camera.zoom(-1)
    scene.draw(surface)  # fills the caches in the default colours
    assert count(surface, DEFAULT.classic.wall) > 500
    assert count(surface, TOY.classic.wall) == 0

    theme.use(TOY)
    scene.draw(surface)
    assert count(surface, TOY.classic.wall) > 500
    assert count(surface, DEFAULT.classic.wall) == 0
    assert count(surface, TOY.ui.panel) > 100  # the HUD bar, drawn before and cached

    theme.use(DEFAULT)
    scene.draw(surface)
    assert count(surface, TOY.classic.wall) == 0



def test_switching_the_theme_recolours_the_hint(ctx: Context) -> None:
    scene = small_play(ctx, 0)
    scene.apply(ToggleHint())
    assert scene.hint is not None
    scene.hint.finish()
    surface = pygame.Surface((800, 600))
    for _ in range(30):
        scene.update(1 / 60)
    scene.draw(surface)
    assert count(surface, (0, 255, 0)) == 0
    theme.use(TOY)
    scene.draw(surface)
    assert count(surface, (0, 255, 0)) + count(surface, (0, 255, 255)) > 200


def test_switching_the_theme_recolours_menu_text(ctx: Context) -> None:
    title = TitleScene(ctx)
    surface = pygame.Surface((1280, 720))
    title.draw(surface)
    assert count(surface, TOY.ui.text) == 0
    theme.use(TOY)
    title.draw(surface)
    assert count(surface, TOY.ui.text) > 50
    assert count(surface, DEFAULT.ui.text) == 0
