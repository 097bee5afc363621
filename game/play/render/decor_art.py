"""The room decor's art in the RPG look: rugs, tables, shelves, barrels, crates, torches.

Each kind is painted once per tile size and theme (pygame.draw shapes in the theme's
RPG colours) and blitted over the tiles by the renderer; :mod:`game.maze.decor` decides
where each piece goes.
"""

from __future__ import annotations

from collections import OrderedDict

import pygame

from game.maze import decor
from game.play import theme
from game.play.render.painters import lru, mix

_SPRITES: "OrderedDict[tuple[int, theme.Theme], dict[int, pygame.Surface]]" = OrderedDict()


def decor_sprites(size: int) -> dict[int, pygame.Surface]:
    """Return the decor kinds painted at ``size`` px in the current theme (cached)."""
    now = theme.current()
    return lru(_SPRITES, (size, now), lambda: _paint_all(size, now.rpg), keep=4)


def _paint_all(size: int, p: theme.RpgPalette) -> dict[int, pygame.Surface]:
    """Paint every decor kind at ``size`` px."""
    painters = {decor.RUG: _rug, decor.TABLE: _table, decor.SHELF: _shelf,
                decor.BARREL: _barrel, decor.CRATE: _crate, decor.TORCH: _torch}
    sprites = {}
    for kind, paint in painters.items():
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        paint(surf, size, p)
        sprites[kind] = surf
    return sprites


def _px(size: int, fraction: float) -> int:
    """Return ``fraction`` of a tile in pixels, at least one."""
    return max(1, round(size * fraction))


def _rug(surf: pygame.Surface, s: int, p: theme.RpgPalette) -> None:
    """A woven rug tile: deep red with a gold diamond (rugs cover a room's middle)."""
    surf.fill(p.rug)
    c = s / 2
    d = s * 0.3
    pygame.draw.polygon(surf, p.rug_trim, [(c, c - d), (c + d, c), (c, c + d), (c - d, c)],
                        _px(s, 0.06))
    pygame.draw.rect(surf, mix(p.rug, (0, 0, 0), 0.3), surf.get_rect(), _px(s, 0.04))


def _table(surf: pygame.Surface, s: int, p: theme.RpgPalette) -> None:
    """A small wooden table seen from above, with a candle."""
    top = pygame.Rect(0, 0, _px(s, 0.76), _px(s, 0.56))
    top.center = (s // 2, round(s * 0.46))
    for x in (top.left + _px(s, 0.06), top.right - _px(s, 0.12)):
        pygame.draw.rect(surf, p.wood_dark, (x, top.bottom - 1, _px(s, 0.07), _px(s, 0.16)))
    pygame.draw.rect(surf, p.wood, top, border_radius=_px(s, 0.06))
    pygame.draw.rect(surf, p.wood_dark, top, _px(s, 0.04), border_radius=_px(s, 0.06))
    pygame.draw.circle(surf, p.flame_core, top.center, _px(s, 0.07))


def _shelf(surf: pygame.Surface, s: int, p: theme.RpgPalette) -> None:
    """A bookshelf against the north wall: a frame, two boards of coloured spines."""
    frame = pygame.Rect(_px(s, 0.08), 0, s - 2 * _px(s, 0.08), _px(s, 0.7))
    pygame.draw.rect(surf, p.wood_dark, frame)
    inner = frame.inflate(-2 * _px(s, 0.06), -2 * _px(s, 0.06))
    rows = 2
    row_h = inner.height // rows
    for row in range(rows):
        y = inner.top + row * row_h
        x = inner.left
        i = row
        while x < inner.right - 1:
            w = max(1, min(_px(s, 0.09 + 0.03 * (i % 2)), inner.right - x))
            h = row_h - _px(s, 0.03) - (i % 3) * _px(s, 0.02)
            pygame.draw.rect(surf, p.books[i % len(p.books)], (x, y + row_h - h, w, h))
            x += w + max(1, _px(s, 0.02))
            i += 1
        pygame.draw.line(surf, p.wood, (inner.left, y + row_h - 1), (inner.right, y + row_h - 1),
                         _px(s, 0.04))


def _barrel(surf: pygame.Surface, s: int, p: theme.RpgPalette) -> None:
    """A barrel seen from above: staves in a ring, two iron hoops."""
    c = (s // 2, s // 2)
    r = _px(s, 0.34)
    pygame.draw.circle(surf, p.wood, c, r)
    pygame.draw.circle(surf, p.metal, c, r, _px(s, 0.06))
    pygame.draw.circle(surf, p.metal, c, _px(s, 0.2), _px(s, 0.04))
    pygame.draw.circle(surf, mix(p.wood, (255, 255, 255), 0.2), c, _px(s, 0.08))


def _crate(surf: pygame.Surface, s: int, p: theme.RpgPalette) -> None:
    """A wooden crate: planks in a frame, braced corner to corner."""
    box = pygame.Rect(0, 0, _px(s, 0.64), _px(s, 0.64))
    box.center = (s // 2, s // 2)
    pygame.draw.rect(surf, p.wood, box)
    w = _px(s, 0.06)
    pygame.draw.line(surf, p.wood_dark, box.topleft, box.bottomright, w)
    pygame.draw.rect(surf, p.wood_dark, box, w)


def _torch(surf: pygame.Surface, s: int, p: theme.RpgPalette) -> None:
    """A torch on a wall face: an iron bracket, a handle and its flame."""
    cx = s // 2
    pygame.draw.rect(surf, p.metal, (cx - _px(s, 0.12), _px(s, 0.6), _px(s, 0.24), _px(s, 0.08)))
    pygame.draw.line(surf, p.wood_dark, (cx, _px(s, 0.38)), (cx, _px(s, 0.7)), _px(s, 0.08))
    pygame.draw.ellipse(surf, (*p.flame, 220),
                        (cx - _px(s, 0.13), _px(s, 0.1), _px(s, 0.26), _px(s, 0.32)))
    pygame.draw.ellipse(surf, p.flame_core,
                        (cx - _px(s, 0.06), _px(s, 0.2), _px(s, 0.12), _px(s, 0.18)))
