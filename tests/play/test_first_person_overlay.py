"""What the first-person view draws over its picture: the compass and the corner map's arrow."""

from __future__ import annotations

import math
from typing import Any

import pygame
import pytest

from game.play.firstperson import overlay
from game.text import set_language

#: A turn from north (heading 3) to east (heading 0), sampled as it eases.
TURN = [i / 20 for i in range(21)]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", [(320, 240), (1920, 1080)])
@pytest.mark.parametrize("quarters", [1, -1, 2])
def test_compass_names_never_overlap_while_turning(display: None, monkeypatch: pytest.MonkeyPatch,
                                                   lang: str, size: tuple[int, int],
                                                   quarters: int) -> None:
    set_language(lang)
    surface = pygame.Surface(size)
    view = surface.get_rect()
    box = overlay.compass_rect(view)
    drawn: list[pygame.Rect] = []
    real = overlay.draw_text

    def record(*args: Any, **kwargs: Any) -> pygame.Rect:
        """Draw as the compass does and keep where the name went."""
        rect = real(*args, **kwargs)
        drawn.append(rect)
        return rect

    monkeypatch.setattr(overlay, "draw_text", record)
    start = 3
    goal = (start + quarters) % 4
    for f in TURN:
        drawn.clear()
        angle = (start + quarters * f) * math.pi / 2  # heading already the goal, angle easing
        overlay.draw_compass(surface, view, goal, angle)
        shown = [r.clip(box) for r in drawn]
        shown = [r for r in shown if r.width and r.height]
        assert shown, f"nothing shown at {f}"
        for i, a in enumerate(shown):
            for b in shown[i + 1:]:
                assert not a.colliderect(b), f"{lang} {size} turn {quarters} at {f}: {a} {b}"


@pytest.mark.parametrize("heading", range(4))
def test_the_corner_maps_arrow_stays_inside_the_map(display: None, heading: int) -> None:
    surface = pygame.Surface((200, 120))
    surface.fill((0, 0, 0))
    rect = pygame.Rect(150, 10, 44, 44)  # near the window's right edge, as in the corner
    corner = {0: (5, 10), 1: (10, 5), 2: (5, 0), 3: (0, 5)}[heading]  # at the edge faced
    overlay.draw_facing(surface, rect, 11, 11, corner, heading * math.pi / 2)
    mask = pygame.mask.from_threshold(surface, (0, 0, 0), (1, 1, 1, 255))
    mask.invert()
    assert mask.count() > 0
    outside = [r for r in mask.get_bounding_rects() if not rect.contains(r)]
    assert not outside, f"arrow drawn outside the map {rect}: {outside}"
