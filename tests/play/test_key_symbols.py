"""Keys and doors carry no information by colour alone: each key colour has a symbol of its
own, drawn in every palette by the one shared painter."""

from __future__ import annotations

import itertools

import numpy as np
import pygame
import pytest

from game.play import theme
from game.play.theme import KEY_COLOURS, KEY_SHAPES, PALETTES
from game.play.widgets.shapes import draw_key_symbol

SIZE, RADIUS = 48, 20


def silhouette(name: str) -> np.ndarray:
    """Return the pixels key ``name``'s symbol covers, drawn on black."""
    surface = pygame.Surface((SIZE, SIZE))
    surface.fill((0, 0, 0))
    draw_key_symbol(surface, name, (SIZE / 2, SIZE / 2), RADIUS)
    return pygame.surfarray.array3d(surface).any(axis=2)


def test_every_key_colour_has_a_shape_of_its_own() -> None:
    assert set(KEY_SHAPES) == set(KEY_COLOURS)
    assert len(set(KEY_SHAPES.values())) == len(KEY_COLOURS)


@pytest.mark.parametrize("palette", list(PALETTES))
def test_the_symbols_differ_in_outline_and_are_filled_with_the_key_colour(palette: str) -> None:
    theme.use(PALETTES[palette])
    shapes = {name: silhouette(name) for name in KEY_COLOURS}
    for a, b in itertools.combinations(KEY_COLOURS, 2):  # an eighth of them differs at least
        overlap = (shapes[a] & shapes[b]).sum() / (shapes[a] | shapes[b]).sum()
        assert overlap < 0.875, f"{a} and {b} look alike in outline ({overlap:.2f})"
    for name in KEY_COLOURS:
        surface = pygame.Surface((SIZE, SIZE))
        draw_key_symbol(surface, name, (SIZE / 2, SIZE / 2), RADIUS)
        assert surface.get_at((SIZE // 2, SIZE // 2))[:3] == theme.key_colour(
            PALETTES[palette].keys, name)
