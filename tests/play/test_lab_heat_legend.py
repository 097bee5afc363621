"""The heat-map's legend shows the very colours its tiles use, on a ramp that reads well.

The ramp's lightness rises evenly from near to far, so it reads without hue (colour-blind
viewers, a grey print); no colour of it is near the walls' in any palette; the legend's
bar, read back from the screen, holds only the tiles' ramp colours, near to far; and a
tile drawn on the maze has its distance's colour.
"""

from __future__ import annotations

from typing import Iterator

import numpy as np
import pygame
import pytest

from game.levels import LevelSpec
from game.play import theme
from game.play.context import Context
from game.play.labview.picture import HEAT, HEAT_LEVELS, HEAT_PATH, heat_ramp
from game.play.scenes.lab import LabScene

pytestmark = pytest.mark.usefixtures("display")


@pytest.fixture(autouse=True)
def default_look_after() -> Iterator[None]:
    """Put the default theme back after each test."""
    yield
    theme.use(theme.DEFAULT)


def lightness(rgb: np.ndarray) -> np.ndarray:
    """Return CIE L* (0..100) of sRGB colours."""
    c = rgb.astype(float) / 255
    linear = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    y = linear @ np.array([0.2126, 0.7152, 0.0722])
    return np.where(y > 0.008856, 116 * np.cbrt(y) - 16, 903.3 * y)


def built(ctx: Context) -> LabScene:
    """Return a lab whose maze is built, showing the heat-map."""
    scene = LabScene(ctx, spec=LevelSpec("backtracker", 21, 21, 5), solver="bfs")
    scene.playing = False
    while scene.lab.generating:
        scene.lab.forward()
    scene.heat = True
    return scene


def test_the_ramp_gets_lighter_evenly_from_near_to_far() -> None:
    levels = lightness(heat_ramp())
    steps = np.diff(levels)
    assert (steps > 0).all()
    assert levels[-1] - levels[0] > 35  # far apart without their hue
    assert steps.max() < 3 * steps.mean()  # no jump: evenly lighter


@pytest.mark.parametrize("palette", sorted(theme.PALETTES))
def test_no_ramp_colour_is_near_the_walls(ctx: Context, palette: str) -> None:
    ctx.set_palette(palette)
    wall = np.array(theme.current().classic.wall, dtype=float)
    nearest = np.linalg.norm(heat_ramp().astype(float) - wall, axis=1).min()
    assert nearest > 60


@pytest.mark.parametrize("palette", sorted(theme.PALETTES))
def test_the_legend_shows_the_tiles_colours_near_to_far(ctx: Context, palette: str) -> None:
    ctx.set_palette(palette)
    scene = built(ctx)
    screen = pygame.Surface((1280, 720))
    scene.draw(screen)
    tiles = [tuple(c) for c in scene.picture.palette()[HEAT:HEAT + HEAT_LEVELS]]
    assert tiles == [tuple(int(v) for v in c) for c in heat_ramp()]
    bar = scene.panel.legend_rect
    assert bar.width > 100
    row = [tuple(screen.get_at((x, bar.centery)))[:3] for x in range(bar.left, bar.right)]
    assert set(row) <= set(tiles)
    at = [tiles.index(c) for c in row]
    assert at[0] == 0 and at[-1] == HEAT_LEVELS - 1 and at == sorted(at)
    # the start tile, drawn on the maze, is the legend's near end
    (slot,) = scene.slots
    maze = scene.lab.maze
    assert maze is not None
    r, c = maze.start
    tile = slot.width / maze.cols
    centre = (slot.left + int((c + 0.5) * tile), slot.top + int((r + 0.5) * tile))
    assert tuple(screen.get_at(centre))[:3] == row[0]


@pytest.mark.parametrize("palette", sorted(theme.PALETTES))
def test_the_path_over_the_heat_map_stands_apart(ctx: Context, palette: str) -> None:
    ctx.set_palette(palette)
    colours = LabScene(ctx).picture.palette()
    path = np.array(colours[HEAT_PATH], dtype=float)
    others = np.array(colours[HEAT:HEAT + 3 * HEAT_LEVELS] + [theme.current().classic.wall,
                                                               theme.current().classic.floor],
                      dtype=float)
    assert np.linalg.norm(others - path, axis=1).min() > 60
