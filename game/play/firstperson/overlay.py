"""What the first-person view draws over the picture: a compass and the facing on the map.

The compass names the way faced (and the ways to either hand) at the top of the view;
the corner map (the existing "Corner map" setting) gets an arrow on the player's dot
pointing the way faced.
"""

from __future__ import annotations

import math

import pygame

from game.play import theme
from game.play.render.looks import mix
from game.play.widgets.text import draw_text, font
from game.text import t

#: The names of the headings, clockwise from east (game.play.firstperson.view.HEADINGS).
HEADING_NAMES = ("fp.east", "fp.south", "fp.west", "fp.north")
#: Names further than this from the compass's middle (quarter turns) are hidden; from one
#: quarter out to here they fade.
COMPASS_REACH = 1.3


def compass_size(view: pygame.Rect) -> int:
    """Return the compass's letter size in a first-person ``view``."""
    return max(12, min(28, view.height // 18))


def compass_rect(view: pygame.Rect) -> pygame.Rect:
    """Return where the compass is drawn in a first-person ``view`` (toasts keep out of it)."""
    size = compass_size(view)
    box = pygame.Rect(0, 0, size * 5, round(size * 1.5))
    box.midtop = (view.centerx, view.top + max(4, size // 3))
    return box


def compass_marks(heading: int, angle: float) -> list[tuple[int, float]]:
    """Return the headings the compass shows at ``angle``: (heading, quarters from the middle).

    The four names ride one strip a quarter turn apart, so while a turn eases they slide
    together and never overlap; a name further than ``COMPASS_REACH`` quarters out is
    hidden (the one behind).  ``heading``: the way being turned to, listed first.
    """
    out = []
    for i in range(4):
        h = (heading + i) % 4
        off = (h * math.pi / 2 - angle + math.pi) % (2 * math.pi) - math.pi
        quarters = off / (math.pi / 2)
        if abs(quarters) < COMPASS_REACH:
            out.append((h, quarters))
    return out


def draw_compass(surface: pygame.Surface, view: pygame.Rect, heading: int, angle: float) -> None:
    """Draw the way faced at the top middle of ``view``, the ways to either hand beside it.

    Mid-turn the names slide by the angle turned, the nearest to the middle big; names
    near the pill's ends fade into it and are clipped to it.
    """
    th = theme.current()
    size = compass_size(view)
    big, small = font(size, bold=True), font(max(10, size * 2 // 3))
    box = compass_rect(view)
    pill = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(pill, (*th.fog.arrow_bg, 190), pill.get_rect(), border_radius=box.height // 2)
    surface.blit(pill, box)
    gap = box.width / 2 - size * 0.6  # a quarter turn on the strip (px)
    clip = surface.get_clip()
    surface.set_clip(box.clip(clip))
    for h, quarters in compass_marks(heading, angle):
        near = abs(quarters) < 0.5
        colour = th.fog.arrow if near else th.ui.text_dim
        fade = min(1.0, max(0.0, (COMPASS_REACH - abs(quarters)) / (COMPASS_REACH - 1.0)))
        if fade < 1.0:
            colour = mix(th.fog.arrow_bg, colour, fade)
        draw_text(surface, t(HEADING_NAMES[h]), big if near else small, colour,
                  (box.centerx + quarters * gap, box.centery))
    surface.set_clip(clip)


def draw_facing(surface: pygame.Surface, rect: pygame.Rect, rows: int, cols: int,
                pos: tuple[float, float], angle: float) -> None:
    """Draw an arrow on the corner map in ``rect`` at ``pos`` (row, col) pointing at ``angle``.

    The arrow is clipped to the map: at the maze's edge it must not stick out of the
    map's frame (or off the window).
    """
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
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip))
    pygame.draw.polygon(surface, th.actors.player, points)
    pygame.draw.polygon(surface, th.actors.marker_edge, points, 1)
    surface.set_clip(clip)
