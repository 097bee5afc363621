"""What the first-person view draws over the picture: a compass and the facing on the map.

The compass names the way faced (and the ways to either hand) at the top of the view;
the corner map (the existing "Corner map" setting) gets an arrow on the player's dot
pointing the way faced.  While the hint searches, a line at the view's foot says so and
the corner map shows the tiles explored; once it has a route, an arrow beside the compass
(or at the foot, for behind) points the way to turn to it: a wall ahead hides the route's
glow on the floor.
"""

from __future__ import annotations

import math
from typing import Optional

import numpy as np
import pygame

from game.maze import grid
from game.play import theme
from game.play.render.looks import mix
from game.play.widgets.text import draw_text, font
from game.run.clock import TICK_RATE
from game.run.hint import BACKTRACK_FRESH, BACKTRACK_OLD, EXPLORED, FRONTIER, PATH, HintSearch
from game.text import t

#: The names of the headings, clockwise from east (game.play.firstperson.view.HEADINGS).
HEADING_NAMES = ("fp.east", "fp.south", "fp.west", "fp.north")
#: Names further than this from the compass's middle (quarter turns) are hidden; from one
#: quarter out to here they fade.
COMPASS_REACH = 1.3
#: The grid steps of the headings, clockwise from east (view.HEADINGS: (row, column)).
CLOCKWISE = (grid.RIGHT, grid.DOWN, grid.LEFT, grid.UP)
#: The corner map's picture of the hint is made again at least this often (ticks): the
#: search's fresh edge fades while nothing else changes.
FADE_STEP = TICK_RATE // 10


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


def route_turn(path: Optional[list[tuple[int, int]]], shown: int, pos: tuple[int, int],
               heading: int) -> Optional[int]:
    """Return the quarter turns to face the hint route's next tile from ``pos`` (None: none).

    0: straight ahead, 1: to the right, -1: to the left, 2: behind.  ``path``: the hint's
    route (its first ``shown`` tiles drawn so far); None off the route or without one.
    """
    if path is None or shown < 2:
        return None
    drawn = path[:shown]
    if drawn[0] == pos:
        i = 0
    else:
        try:
            i = drawn.index(pos)
        except ValueError:
            return None
    if i + 1 >= len(drawn):
        return None
    step = (drawn[i + 1][0] - pos[0], drawn[i + 1][1] - pos[1])
    if step not in CLOCKWISE:
        return None
    quarters = (CLOCKWISE.index(step) - heading) % 4
    return -1 if quarters == 3 else quarters


def route_cue_points(view: pygame.Rect, turn: int) -> list[tuple[float, float]]:
    """Return the arrow beside the compass that points the way to turn to the route."""
    box = compass_rect(view)
    s = compass_size(view)
    if turn == 2:  # behind: at the view's bottom edge, pointing down (under the compass
        # hang the chasers' signs and the toasts)
        mid, y = view.centerx, view.bottom - s * 1.2
        return [(mid - s, y), (mid + s, y), (mid, y + s * 0.8)]
    side = 1 if turn == 1 else -1
    x: float = box.right + s * 0.25 if side == 1 else box.left - s * 0.25
    return [(x, box.top + 2), (x, box.bottom - 2), (x + side * s * 0.75, box.centery)]


def draw_route_cue(surface: pygame.Surface, view: pygame.Rect, turn: Optional[int]) -> None:
    """Point beside the compass the way to turn to the hint's route (nothing when ahead)."""
    if turn is None or turn == 0:
        return
    th = theme.current()
    points = route_cue_points(view, turn)
    pygame.draw.polygon(surface, th.hint.path[:3], points)
    pygame.draw.polygon(surface, th.fog.arrow_bg, points, 2)


def draw_hint_cue(surface: pygame.Surface, view: pygame.Rect, hint: Optional[HintSearch],
                  pos: tuple[int, int], heading: int, turning: bool) -> None:
    """Show the hint in first person: "searching" at the foot, then the way to turn to it."""
    if hint is None:
        return
    if hint.path is None and not hint.done:
        draw_searching(surface, view)
    elif not turning:
        draw_route_cue(surface, view, route_turn(hint.path, hint.path_shown, pos, heading))


def draw_searching(surface: pygame.Surface, view: pygame.Rect) -> pygame.Rect:
    """Say at the foot of ``view`` that the hint is still searching; return where.

    Not under the compass: the chasers' signs and the toasts hang there.
    """
    th = theme.current()
    f = font(max(10, compass_size(view) * 4 // 5))
    text = t("fp.searching")
    w, h = f.size(text)
    back = pygame.Rect(0, 0, w + h, round(h * 1.3))
    back.midbottom = (view.centerx, view.bottom - max(4, h // 2))
    pill = pygame.Surface(back.size, pygame.SRCALPHA)
    pygame.draw.rect(pill, (*th.fog.arrow_bg, 190), pill.get_rect(), border_radius=back.height // 2)
    surface.blit(pill, back)
    draw_text(surface, text, f, th.hint.frontier[:3], back.center)
    return back


class MapHint:
    """The hint's search laid over the corner map: explored tiles tinted, the route bright."""

    def __init__(self) -> None:
        self._made: Optional[tuple[object, ...]] = None
        self._picture: Optional[pygame.Surface] = None

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, hint: Optional[HintSearch]) -> None:
        """Tint the tiles ``hint`` has explored, and its route, on the map in ``rect``."""
        if hint is None:
            return
        th = theme.current()
        key = (id(hint), hint.visited, hint.path_shown, hint.start, hint.now // FADE_STEP,
               rect.size, th)
        if self._made != key or self._picture is None:
            self._picture = self._paint(hint.state, rect.size, th.hint)
            self._made = key
        surface.blit(self._picture, rect)

    @staticmethod
    def _paint(state: np.ndarray, size: tuple[int, int], colours: theme.HintPalette) -> pygame.Surface:
        """Return the picture of ``state`` at ``size``: one colour a state, clear for none."""
        lut = np.zeros((PATH + 1, 4), dtype=np.uint8)
        lut[FRONTIER] = colours.frontier
        lut[EXPLORED] = colours.visited
        lut[BACKTRACK_FRESH] = colours.backtrack_fresh
        lut[BACKTRACK_OLD] = colours.backtrack_old
        lut[PATH] = (*colours.path[:3], 255)
        # one 32-bit lookup a tile, its bytes straight in (a 201x201 maze: 0.5 ms, not 7)
        rgba = lut.view(np.uint32).ravel()[state]
        small = pygame.image.frombuffer(rgba.tobytes(), state.shape[::-1], "RGBA")
        return pygame.transform.scale(small, size)
