"""Painters: tile classes to colours, and the classic close-up tiles painted in the theme.

* far away, each tile class is one flat colour (``palette_array``) in a paletted surface
  of 1 px per tile;
* close up (tiles of FANCY_MIN_TILE px or more) the classic look paints each of its 64
  variants once per zoom and theme: raised walls with a lit rim, a front face and rounded
  outer corners, their soft shadow on a paved floor, an entrance pad, an exit portal and
  breadcrumbs on walked floor and mud.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Callable, Optional, TypeVar

import numpy as np
import pygame

from game.play import theme
from game.play.render.tiles import (
    DOOR,
    DOOR_SIDE,
    ENTRANCE,
    ENTRANCE_VARIANT,
    EXIT,
    EXIT_VARIANT,
    FLOOR_ALT,
    FLOOR_PLAIN,
    FLOOR_SHADE,
    FLOOR_TRAIL,
    FLOOR_VARIANT,
    MUD,
    MUD_TRAIL,
    MUD_VARIANT,
    N_CLASSES,
    N_VARIANTS,
    RPG,
    TRAIL_BIT,
    WALL_FACE,
    WALL_TOP,
)

Color = tuple[int, int, int]

#: Smallest tile size (px) at which the classic look draws bevels, shadows and paving.
FANCY_MIN_TILE = 12
#: Supersampling factor of painted tiles (smooth curves, crisp straight edges).
SUPERSAMPLE = 4


def class_colors(style: str, th: theme.Theme) -> dict[int, Color]:
    """Return the flat colour of every tile class in ``style`` under theme ``th``."""
    if style == RPG:
        p = th.rpg
        return {WALL_TOP: p.wall_top, WALL_FACE: p.wall_face, FLOOR_PLAIN: p.floor,
                FLOOR_ALT: p.floor_alt, FLOOR_SHADE: p.floor, DOOR: p.door, DOOR_SIDE: p.door,
                ENTRANCE: p.entrance, EXIT: p.exit, FLOOR_TRAIL: p.floor, MUD: p.mud,
                MUD_TRAIL: p.mud}
    c = th.classic
    return {WALL_TOP: c.wall, WALL_FACE: c.wall, FLOOR_PLAIN: c.floor, FLOOR_ALT: c.floor_alt,
            FLOOR_SHADE: c.floor, DOOR: c.floor, DOOR_SIDE: c.floor, ENTRANCE: c.entrance,
            EXIT: c.exit, FLOOR_TRAIL: c.trail, MUD: c.mud, MUD_TRAIL: mud_trail(c)}


def mud_trail(p: theme.ClassicPalette) -> Color:
    """Return the flat colour of walked mud: the puddle lightened towards the trail's blush."""
    return mix(p.mud, p.trail, 0.45)


def palette_array(style: str, th: theme.Theme) -> np.ndarray:
    """Return the (N_CLASSES, 3) uint8 colour lookup of a style under theme ``th``."""
    colors = class_colors(style, th)
    return np.array([colors[i] for i in range(N_CLASSES)], dtype=np.uint8)


def surface_from_classes(classes: np.ndarray, palette: np.ndarray) -> pygame.Surface:
    """Return an 8-bit paletted surface, 1 px per tile, coloured by ``palette[class]``."""
    surface = pygame.surfarray.make_surface(classes.T)
    set_palette(surface, palette)
    return surface


def set_palette(surface: pygame.Surface, palette: np.ndarray) -> None:
    """Give an 8-bit surface of tile classes the colours ``palette[class]``."""
    surface.set_palette([tuple(int(v) for v in rgb) for rgb in palette]
                        + [(0, 0, 0)] * (256 - len(palette)))


_TILE_SETS: "OrderedDict[tuple[theme.Theme, int], tuple[list[pygame.Surface], np.ndarray]]" = OrderedDict()


K = TypeVar("K")
V = TypeVar("V")


def lru(cache: "OrderedDict[K, V]", key: K, make: Callable[[], V], keep: int) -> V:
    """Return ``cache[key]``, made when missing (keeping the ``keep`` most recently used)."""
    value = cache.get(key)
    if value is None:
        value = cache[key] = make()
        while len(cache) > keep:
            cache.popitem(last=False)
    else:
        cache.move_to_end(key)
    return value


def classic_set(size: int) -> tuple[list[pygame.Surface], np.ndarray]:
    """Return the painted classic tiles and their pixel atlas at ``size`` px (cached)."""
    th = theme.current()

    def paint() -> tuple[list[pygame.Surface], np.ndarray]:
        """Paint every variant (converted for the display) and their mapped pixels."""
        tiles = [_paint_variant(v, size, th.classic) for v in range(N_VARIANTS)]
        if pygame.display.get_surface() is not None:
            tiles = [t.convert() for t in tiles]
        return tiles, np.stack([pygame.surfarray.array2d(t) for t in tiles])

    return lru(_TILE_SETS, (th, size), paint, keep=3)


def cached_classic_tiles(size: int) -> Optional[list[pygame.Surface]]:
    """Return the classic tiles at ``size`` px if painted in the current theme, else None."""
    entry = _TILE_SETS.get((theme.current(), size))
    return entry[0] if entry is not None else None


def mix(a: Color, b: Color, t: float) -> Color:
    """Return the colour a fraction ``t`` of the way from ``a`` to ``b``."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]


def _paint_variant(variant: int, size: int, p: theme.ClassicPalette) -> pygame.Surface:
    """Paint one tile variant at ``size`` px: supersampled, then averaged down."""
    k = SUPERSAMPLE if size < 48 else 2
    big = pygame.Surface((size * k, size * k), 0, 32)
    if variant < FLOOR_VARIANT:
        _paint_floor(big, 0, False, size * k, k, p)
        _paint_wall(big, variant, k, p)
    else:
        shadow = variant & 7 if variant < ENTRANCE_VARIANT or variant >= EXIT_VARIANT else 0
        trail = FLOOR_VARIANT <= variant < ENTRANCE_VARIANT and bool(variant & TRAIL_BIT)
        if variant >= MUD_VARIANT:  # the puddle goes under the walls' shadow
            _paint_floor(big, 0, False, size * k, k, p)
            draw_mud(big, big.get_rect(), p.mud, p.mud_dark)
            if variant & TRAIL_BIT:  # waded through: a crumb ringed light, to read on the mud
                _paint_crumb(big, size * k, k, p, ring=p.trail)
            _paint_shadow(big, shadow, size * k, k, p)
        else:
            _paint_floor(big, shadow, trail, size * k, k, p)
        if ENTRANCE_VARIANT <= variant < EXIT_VARIANT:
            _paint_entrance(big, variant - ENTRANCE_VARIANT, k, p)
        elif EXIT_VARIANT <= variant < MUD_VARIANT:
            _paint_exit(big, k, p)
    return pygame.transform.smoothscale(big, (size, size))


def _paint_floor(s: pygame.Surface, shadow: int, trail: bool, big: int, k: int,
                 p: theme.ClassicPalette) -> None:
    """Paint a paving slab with the soft shadows of the walls to its north and west."""
    base = p.trail if trail else p.floor
    s.fill(base)
    edge = k  # one screen pixel
    s.fill(mix(base, p.floor_light, 0.8), (0, 0, big, edge))
    s.fill(mix(base, p.floor_light, 0.8), (0, 0, edge, big))
    s.fill(mix(base, p.floor_grout, 0.9), (0, big - edge, big, edge))
    s.fill(mix(base, p.floor_grout, 0.9), (big - edge, 0, edge, big))
    if trail:
        _paint_crumb(s, big, k, p)
    _paint_shadow(s, shadow, big, k, p)


def _paint_crumb(s: pygame.Surface, big: int, k: int, p: theme.ClassicPalette,
                 ring: Optional[Color] = None) -> None:
    """Paint a breadcrumb in the middle of a tile of ``big`` px, on a ``ring`` if given."""
    radius = max(k, round(big * 0.085))
    if ring is not None:
        pygame.draw.circle(s, ring, (big // 2, big // 2), radius + max(k, round(big * 0.05)))
    pygame.draw.circle(s, p.crumb, (big // 2, big // 2), radius)


def draw_mud(s: pygame.Surface, rect: pygame.Rect, mud: Color, dark: Color) -> None:
    """Draw mud filling ``rect``: wet brown to its edges, darker ripples, clods and a shine."""
    x, y, big = rect.x, rect.y, rect.width
    s.fill(mud, rect)  # to the edges: a patch of mud tiles reads as one puddle
    if big < 8:
        return
    width = max(1, big // 16)
    for cx, cy, rx, ry in ((0.3, 0.28, 0.2, 0.06), (0.64, 0.58, 0.26, 0.07),
                           (0.28, 0.8, 0.16, 0.05)):  # ripples, flat and off-centre
        ring = pygame.Rect(0, 0, round(rx * 2 * big), round(ry * 2 * big))
        ring.center = (x + round(cx * big), y + round(cy * big))
        pygame.draw.ellipse(s, dark, ring, width)
    for cx, cy in ((0.82, 0.2), (0.12, 0.5), (0.76, 0.88)):  # clods
        pygame.draw.circle(s, dark, (x + round(cx * big), y + round(cy * big)), max(1, big // 20))
    shine = mix(mud, (255, 255, 255), 0.3)
    pygame.draw.line(s, shine, (x + round(big * 0.56), y + round(big * 0.4)),
                     (x + round(big * 0.7), y + round(big * 0.4)), width)


def _paint_shadow(s: pygame.Surface, shadow: int, big: int, k: int,
                  p: theme.ClassicPalette) -> None:
    """Paint the soft shadows of the walls to the north and west (``shadow``'s bits)."""
    if shadow:
        shade = pygame.Surface((big, big), pygame.SRCALPHA)
        depth_n, depth_w = max(k, round(big * 0.34)), max(k, round(big * 0.2))
        if shadow & 1:
            for y in range(depth_n):
                a = round(78 * (1 - y / depth_n) ** 2)
                shade.fill((*p.shadow, a), (0, y, big, 1))
        if shadow & 2:
            col = pygame.Surface((big, big), pygame.SRCALPHA)
            for x in range(depth_w):
                a = round(52 * (1 - x / depth_w) ** 2)
                col.fill((*p.shadow, a), (x, 0, 1, big))
            shade.blit(col, (0, 0))
        if shadow == 4:  # only the diagonal neighbour is a wall: a soft corner
            for i in range(depth_n, 0, -1):
                a = round(62 * (1 - i / depth_n) ** 2)
                pygame.draw.circle(shade, (*p.shadow, a), (0, 0), i)
        s.blit(shade, (0, 0))


def _paint_wall(s: pygame.Surface, open_sides: int, k: int, p: theme.ClassicPalette) -> None:
    """Paint a raised wall block: lit rim, front face and rounded outer corners."""
    big = s.get_width()
    n, e, so, w = (bool(open_sides & b) for b in (1, 2, 4, 8))
    face = round(big * 0.24) // k * k if so else 0
    radius = round(big * 0.17)
    corners = {"border_top_left_radius": radius if n and w else 0,
               "border_top_right_radius": radius if n and e else 0,
               "border_bottom_left_radius": radius if so and w else 0,
               "border_bottom_right_radius": radius if so and e else 0}
    body = pygame.Surface((big, big), pygame.SRCALPHA)
    body.fill(p.wall)
    rim = max(k, round(big * 0.07) // k * k)
    if w:
        body.fill(p.wall_rim_side, (0, 0, rim, big - face))
    if e:
        body.fill(p.wall_side, (big - rim, 0, rim, big - face))
    if n:  # the lit edge, fading into the top
        body.fill(p.wall_rim, (0, 0, big, rim))
        for y in range(rim, 3 * rim):
            body.fill(mix(p.wall_rim, p.wall, 0.55 + 0.45 * (y - rim) / (2 * rim)), (0, y, big, 1))
    if face:
        for y in range(face):
            body.fill(mix(p.wall_face_top, p.wall_face_low, y / face), (0, big - face + y, big, 1))
        body.fill(mix(p.wall_face_top, p.wall, 0.35), (0, big - face, big, k))
    mask = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, big, big), **corners)
    body.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    s.blit(body, (0, 0))


def _paint_entrance(s: pygame.Surface, way: int, k: int, p: theme.ClassicPalette) -> None:
    """Paint the entrance: a teal pad with a small chevron pointing into the maze."""
    big = s.get_width()
    m = round(big * 0.06)
    radius = round(big * 0.16)
    rect = pygame.Rect(m, m, big - 2 * m, big - 2 * m)
    pygame.draw.rect(s, mix(p.entrance, p.entrance_shade, 0.45), rect.move(0, k), border_radius=radius)
    pygame.draw.rect(s, p.entrance, rect, border_radius=radius)
    pygame.draw.rect(s, mix(p.entrance, (255, 255, 255), 0.45), rect, max(k, round(big * 0.04)),
                     border_radius=radius)
    c, a = big / 2, big * 0.13
    points = [(-a * 0.6, -a), (a * 0.5, 0), (-a * 0.6, a)]  # pointing east
    turn = ((1, 0, 0, 1), (0, -1, 1, 0), (-1, 0, 0, -1), (0, 1, -1, 0))[way & 3]
    chevron = [(c + turn[0] * x + turn[1] * y, c + turn[2] * x + turn[3] * y) for x, y in points]
    pygame.draw.lines(s, p.entrance_chevron, False, chevron, max(k, round(big * 0.05)))


def _paint_exit(s: pygame.Surface, k: int, p: theme.ClassicPalette) -> None:
    """Paint the exit: a golden portal with a glowing well."""
    big = s.get_width()
    c = big // 2
    glow = pygame.Surface((big, big), pygame.SRCALPHA)
    for i in range(c, 0, -max(1, k // 2)):
        a = round(150 * (1 - i / c) ** 1.5)
        pygame.draw.circle(glow, (*p.exit, a), (c, c), i)
    s.blit(glow, (0, 0))
    outer = round(big * 0.42)
    pygame.draw.circle(s, mix(p.exit, p.exit_shade, 0.55), (c, c + k), outer)
    pygame.draw.circle(s, p.exit, (c, c), outer)
    pygame.draw.circle(s, p.exit_rim, (c, c), outer, max(k, round(big * 0.035)))
    well = round(big * 0.29)
    for i in range(well, 0, -max(1, k // 2)):
        pygame.draw.circle(s, mix(p.exit_well_top, p.exit_well_deep, i / well), (c, c), i)
    star = round(big * 0.09)
    pygame.draw.polygon(s, p.exit_star, [(c, c - star * 2), (c + star // 2, c - star // 2),
                                         (c + star * 2, c), (c + star // 2, c + star // 2),
                                         (c, c + star * 2), (c - star // 2, c + star // 2),
                                         (c - star * 2, c), (c - star // 2, c - star // 2)])
