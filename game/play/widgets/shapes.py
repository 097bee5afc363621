"""Small drawn shapes the screens share: stars, a padlock, the spinner, arrows, and the
symbols of the key colours (circle, triangle, square, diamond)."""

from __future__ import annotations

import math
from typing import Optional

import pygame

from game.play import theme

Color = tuple[int, int, int]


def star_points(center: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    """Return the ten corner points of a five-pointed star."""
    cx, cy = center
    pts = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def draw_stars(surface: pygame.Surface, center: tuple[float, float], radius: int,
               earned: int, total: int = 3) -> None:
    """Draw ``total`` stars centred on ``center``, the first ``earned`` filled gold."""
    ui = theme.current().ui
    radius = max(2, radius)
    gap = radius * 2.3
    x0 = center[0] - gap * (total - 1) / 2
    for i in range(total):
        pts = star_points((x0 + i * gap, center[1]), radius)
        if i < earned:
            pygame.draw.polygon(surface, ui.accent, pts)
        else:
            pygame.draw.polygon(surface, ui.text_off, pts, width=max(1, radius // 6))


def draw_lock(surface: pygame.Surface, center: tuple[float, float], s: int) -> None:
    """Draw a small padlock."""
    color = theme.current().ui.text_off
    cx, cy = int(center[0]), int(center[1])
    body = pygame.Rect(0, 0, s * 2, int(s * 1.5))
    body.center = (cx, cy + s // 3)
    shackle = pygame.Rect(0, 0, int(s * 1.3), int(s * 1.6))
    shackle.midbottom = (cx, body.top + s // 2)
    pygame.draw.ellipse(surface, color, shackle, width=max(1, s // 3))
    pygame.draw.rect(surface, color, body, border_radius=max(1, s // 4))


def draw_spinner(surface: pygame.Surface, center: tuple[int, int], radius: int,
                 t: float) -> None:
    """Draw a ring of twelve tiles, one bright and fading behind, turning with time."""
    th = theme.current()
    bg, accent = th.ui.bg, th.ui.accent
    n = 12
    head = int(t * th.motion.spinner_rate) % n
    size = max(3, radius // 4)
    for i in range(n):
        a = 2 * math.pi * i / n - math.pi / 2
        age = (head - i) % n
        shade = max(0.15, 1.0 - age / 8)
        color = tuple(int(bg[k] + (accent[k] - bg[k]) * shade) for k in range(3))
        r = pygame.Rect(0, 0, size, size)
        r.center = (int(center[0] + radius * math.cos(a)), int(center[1] + radius * math.sin(a)))
        pygame.draw.rect(surface, color, r, border_radius=max(1, size // 4))


def draw_arrow(surface: pygame.Surface, rect: pygame.Rect, direction: int, color: Color) -> None:
    """Draw a small left- or right-pointing triangle centred in ``rect``."""
    s = max(3, min(rect.width, rect.height) // 4)
    cx, cy = rect.center
    if direction < 0:
        pts = [(cx + s // 2, cy - s), (cx + s // 2, cy + s), (cx - s, cy)]
    else:
        pts = [(cx - s // 2, cy - s), (cx - s // 2, cy + s), (cx + s, cy)]
    pygame.draw.polygon(surface, color, pts)


def draw_scroll_marks(surface: pygame.Surface, x: int, top: int, bottom: int, s: int, *,
                      up: bool, down: bool) -> None:
    """Draw small arrows at ``top`` and ``bottom`` saying more lies above or below."""
    color = theme.current().ui.accent
    if up:
        pygame.draw.polygon(surface, color, [(x - s, top + s), (x + s, top + s), (x, top)])
    if down:
        pygame.draw.polygon(surface, color, [(x - s, bottom - s), (x + s, bottom - s), (x, bottom)])


def symbol_points(shape: str, center: tuple[float, float],
                  radius: float) -> list[tuple[float, float]]:
    """Return the corners of a "triangle", "square" or "diamond" of ``radius`` round ``center``."""
    cx, cy = center
    if shape == "triangle":  # pointing up, its centre of area on ``center``
        return [(cx, cy - radius), (cx + radius * 0.94, cy + radius * 0.62),
                (cx - radius * 0.94, cy + radius * 0.62)]
    if shape == "square":
        s = radius * 0.8
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    if shape == "diamond":
        return [(cx, cy - radius), (cx + radius, cy), (cx, cy + radius), (cx - radius, cy)]
    raise ValueError(f"no symbol {shape!r} (have circle, triangle, square, diamond)")


def draw_symbol(surface: pygame.Surface, shape: str, center: tuple[float, float], radius: int,
                color: Color, *, edge: Optional[Color] = None) -> None:
    """Draw a filled "circle", "triangle", "square" or "diamond", outlined in ``edge``."""
    radius = max(2, radius)
    width = max(1, radius // 5)
    if shape == "circle":
        c = (round(center[0]), round(center[1]))
        r = round(radius * 0.85)
        pygame.draw.circle(surface, color, c, r)
        if edge is not None:
            pygame.draw.circle(surface, edge, c, r, width)
        return
    points = symbol_points(shape, center, radius)
    pygame.draw.polygon(surface, color, points)
    if edge is not None:
        pygame.draw.polygon(surface, edge, points, width)


def draw_key_symbol(surface: pygame.Surface, name: str, center: tuple[float, float],
                    radius: int) -> None:
    """Draw the symbol of key colour ``name`` (on the key and on its door) in the theme."""
    keys = theme.current().keys
    draw_symbol(surface, theme.KEY_SHAPES[name], center, radius, theme.key_colour(keys, name),
                edge=keys.edge)


def arrow_points(centre: tuple[float, float], direction: tuple[float, float],
                 size: float) -> list[tuple[float, float]]:
    """Return the corners of an arrow (a head on a shaft) ``size`` px wide, pointing ``direction``.

    Twice as long as wide, its head at the front: at a glance it points one way only
    (a near-equilateral triangle pointing down-right was read as pointing left).
    """
    ux, uy = direction
    length = (ux * ux + uy * uy) ** 0.5 or 1.0
    ux, uy = ux / length, uy / length
    half, head, wing, shaft = size, size * 0.95, size * 0.62, size * 0.2
    local = [(half, 0.0), (half - head, wing), (half - head, shaft), (-half, shaft),
             (-half, -shaft), (half - head, -shaft), (half - head, -wing)]
    cx, cy = centre
    return [(cx + x * ux - y * uy, cy + x * uy + y * ux) for x, y in local]


def draw_edge_pointer(surface: pygame.Surface, area: pygame.Rect, goal: tuple[float, float],
                      color: Color, background: Color) -> None:
    """Draw an arrow on the edge of ``area`` pointing from its centre at ``goal`` (outside)."""
    size = max(6, min(area.width, area.height) // 40)
    cx, cy = area.center
    dx, dy = goal[0] - cx, goal[1] - cy
    if dx == dy == 0 or area.width < 4 * size or area.height < 4 * size:
        return
    half_w, half_h = area.width / 2 - 2 * size, area.height / 2 - 2 * size
    k = min(half_w / abs(dx) if dx else float("inf"), half_h / abs(dy) if dy else float("inf"))
    px, py = cx + dx * k, cy + dy * k
    pygame.draw.circle(surface, background, (round(px), round(py)), round(size * 1.45))
    pygame.draw.polygon(surface, color, arrow_points((px, py), (dx, dy), size * 1.15))
