"""A printed maze as a PNG picture of the page, drawn with pygame off screen (no window).

The page at :data:`DPI` dots per inch (A4: 1240 x 1754 pixels).  Wall runs and the
solution's straight legs are filled rectangles, so they come out crisp; pygame is
imported only here, when a PNG is asked for, and only its font module is started.
"""

from __future__ import annotations

import io
import os
from typing import TYPE_CHECKING, Callable

from game.export.geometry import Drawing
from game.export.page import TITLE_SIZE, Layout

if TYPE_CHECKING:
    import pygame

DPI = 150
WHITE = (255, 255, 255)
BLACK = (0, 0, 0)
SOLUTION = (214, 39, 40)


def page_pixels(layout: Layout) -> tuple[int, int]:
    """Return the width and height in pixels of a page at :data:`DPI`."""
    return round(layout.width * DPI / 25.4), round(layout.height * DPI / 25.4)


def png_page(drawing: Drawing, layout: Layout, title: str) -> bytes:
    """Return the PNG file of one page: the title line above the maze."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    px = DPI / 25.4  # pixels per millimetre
    surface = pygame.Surface(page_pixels(layout))
    surface.fill(WHITE)
    pygame.font.init()

    def at(x: float, y: float) -> tuple[float, float]:
        """Return the pixel position of the drawing's point (x, y)."""
        return layout.x(x) * px, layout.y(y) * px

    font = pygame.font.Font(None, max(8, round(TITLE_SIZE * px * 1.35)))
    text = font.render(title, True, BLACK)
    surface.blit(text, (round(layout.x(0) * px), round(layout.title_y * px) - text.get_height()))
    wall = max(1.0, layout.wall_width * px)
    for x1, y1, x2, y2 in drawing.walls:
        _bar(surface, at(x1, y1), at(x2, y2), wall, BLACK)
    for x, y in drawing.posts:
        _bar(surface, at(x, y), at(x, y), wall, BLACK)
    for x1, y1, x2, y2 in drawing.hatch:
        pygame.draw.aaline(surface, BLACK, at(x1, y1), at(x2, y2))
    for shape in drawing.arrows:
        pygame.draw.polygon(surface, BLACK, [at(x, y) for x, y in shape])
    line = max(1.0, layout.solution_width * px)
    for a, b in zip(drawing.solution, drawing.solution[1:]):
        _bar(surface, at(*a), at(*b), line, SOLUTION)
    _labels(surface, drawing, layout, at)
    out = io.BytesIO()
    pygame.image.save(surface, out, "page.png")
    return out.getvalue()


def _bar(surface: pygame.Surface, a: tuple[float, float], b: tuple[float, float], width: float,
         colour: tuple[int, int, int]) -> None:
    """Fill the axis-aligned line from ``a`` to ``b``, ``width`` thick, its ends squared off."""
    import pygame

    half = width / 2
    left, right = min(a[0], b[0]) - half, max(a[0], b[0]) + half
    top, bottom = min(a[1], b[1]) - half, max(a[1], b[1]) + half
    x0, y0 = round(left), round(top)
    surface.fill(colour, pygame.Rect(x0, y0, max(1, round(right) - x0), max(1, round(bottom) - y0)))


def _labels(surface: pygame.Surface, drawing: Drawing, layout: Layout,
            at: Callable[[float, float], tuple[float, float]]) -> None:
    """Draw the tiles' letters, ringed (keys) or boxed (doors)."""
    import pygame

    if not drawing.labels:
        return
    size = layout.unit * DPI / 25.4  # pixels per tile unit
    font = pygame.font.Font(None, max(6, round(1.3 * size)))
    font.set_bold(True)
    ring = max(1, round(0.6 * layout.wall_width * DPI / 25.4))
    for label in drawing.labels:
        cx, cy = at(label.x, label.y)
        box = pygame.Rect(round(cx - 0.6 * size), round(cy - 0.6 * size), round(1.2 * size),
                          round(1.2 * size))
        if label.frame == "circle":
            pygame.draw.circle(surface, WHITE, (cx, cy), 0.62 * size)
            pygame.draw.circle(surface, BLACK, (cx, cy), 0.62 * size, ring)
        elif label.frame == "box":
            pygame.draw.rect(surface, WHITE, box)
            pygame.draw.rect(surface, BLACK, box, ring)
        text = font.render(label.text, True, BLACK)
        surface.blit(text, text.get_rect(center=(round(cx), round(cy))))
