"""What the first-person view draws over the picture: a compass and the facing on the map.

The compass names the way faced (and the ways to either hand) at the top of the view;
the corner map (the existing "Corner map" setting) gets an arrow on the player's dot
pointing the way faced.
"""

from __future__ import annotations

import math

import pygame

from game.play import theme
from game.play.widgets.text import draw_text, font
from game.text import t

#: The names of the headings, clockwise from east (game.play.firstperson.view.HEADINGS).
HEADING_NAMES = ("fp.east", "fp.south", "fp.west", "fp.north")


def compass_size(view: pygame.Rect) -> int:
    """Return the compass's letter size in a first-person ``view``."""
    return max(12, min(28, view.height // 18))


def compass_rect(view: pygame.Rect) -> pygame.Rect:
    """Return where the compass is drawn in a first-person ``view`` (toasts keep out of it)."""
    size = compass_size(view)
    box = pygame.Rect(0, 0, size * 5, round(size * 1.5))
    box.midtop = (view.centerx, view.top + max(4, size // 3))
    return box


def draw_compass(surface: pygame.Surface, view: pygame.Rect, heading: int, angle: float) -> None:
    """Draw the way faced at the top middle of ``view``, the ways to either hand beside it."""
    th = theme.current()
    size = compass_size(view)
    big, small = font(size, bold=True), font(max(10, size * 2 // 3))
    name = t(HEADING_NAMES[heading % 4])
    left, right = t(HEADING_NAMES[(heading + 3) % 4]), t(HEADING_NAMES[(heading + 1) % 4])
    box = compass_rect(view)
    pill = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(pill, (*th.fog.arrow_bg, 190), pill.get_rect(), border_radius=box.height // 2)
    surface.blit(pill, box)
    off = (angle - heading * math.pi / 2 + math.pi) % (2 * math.pi) - math.pi
    turn = off / (math.pi / 2)  # -1..1 while a turn eases
    shift = round(-turn * size * 1.6)
    draw_text(surface, name, big, th.fog.arrow, (box.centerx + shift, box.centery))
    draw_text(surface, left, small, th.ui.text_dim, (box.left + size * 0.6, box.centery))
    draw_text(surface, right, small, th.ui.text_dim, (box.right - size * 0.6, box.centery))


def draw_facing(surface: pygame.Surface, rect: pygame.Rect, rows: int, cols: int,
                pos: tuple[float, float], angle: float) -> None:
    """Draw an arrow on the corner map in ``rect`` at ``pos`` (row, col) pointing at ``angle``."""
    th = theme.current()
    sx, sy = rect.width / cols, rect.height / rows
    cx, cy = rect.x + (pos[1] + 0.5) * sx, rect.y + (pos[0] + 0.5) * sy
    reach = max(6.0, min(sx, sy) * 2.2)
    dx, dy = math.cos(angle), math.sin(angle)
    tip = (cx + dx * reach, cy + dy * reach)
    back = (cx - dx * reach * 0.5, cy - dy * reach * 0.5)
    wing = reach * 0.55
    points = [tip, (back[0] - dy * wing, back[1] + dx * wing), (cx, cy),
              (back[0] + dy * wing, back[1] - dx * wing)]
    pygame.draw.polygon(surface, th.actors.player, points)
    pygame.draw.polygon(surface, th.actors.marker_edge, points, 1)
