"""The first-person view's art: the textures of each look in one atlas, and the sprites.

The walls, floors and ceilings are ``assets/firstperson/<look>_<part>.png`` (made by
``assets/make_assets.py``); the classic ones are grey and take the palette's colours
here, so every palette tints them.  A door is its colour's slab with its symbol (the top
view's art, :func:`game.play.render.looks.draw_kind`), so every palette keeps it
readable; the hint's route glows on the floor and its exploration is a faint wash.
Keys, the exit and the ghosts are billboard sprites.
"""

from __future__ import annotations

from typing import Optional

import numpy as np
import pygame

from game.maze import tiles as kinds
from game.play import theme
from game.play.firstperson.raycast import Atlas, make_atlas
from game.play.panels.chasers import BODY, EYES, HORN
from game.play.render.looks import draw_kind, mix
from game.play.render.painters import draw_mud
from game.play.render.tiles import RPG

#: The side of every texture (px): the art's own size (64: a close wall stays crisp).
TEXTURE = 64
#: The materials, as indices into the atlas: the dark of the unseen, the walls, the four
#: doors (in key colour order), the floor and ceiling, the hint's route and wash, the exit,
#: mud (the weighted tile's floor: the top view's puddle over the look's floor).
DARK, WALL = 0, 1
DOORS = (2, 3, 4, 5)
FLOOR, CEILING, ROUTE, WASH, EXIT = 6, 7, 8, 9, 10
MUD = 11
MATERIALS = 12
#: How strongly the hint's route and its wash tint the floor, and the route's glowing mark.
ROUTE_TINT = 0.5
ROUTE_GLOW = 0.9
WASH_TINT = 0.22
#: A floor lighter than this (mean channel) takes the route's own colour in its glow, not a
#: lighter one (on a near-white floor a lighter yellow was white: the route hardly showed).
LIGHT_FLOOR = 150


def _load(name: str) -> Optional[np.ndarray]:
    """Return the RGB pixels ([v, u, 3]) of a first-person texture (None: missing)."""
    try:
        from game.resources import asset_path

        surf = pygame.image.load(str(asset_path("firstperson", f"{name}.png")))
    except (OSError, pygame.error, FileNotFoundError):
        return None
    if surf.get_size() != (TEXTURE, TEXTURE):
        surf = pygame.transform.scale(surf, (TEXTURE, TEXTURE))
    return pygame.surfarray.array3d(surf).transpose(1, 0, 2).copy()


def _part(style: str, part: str, flat: tuple[int, int, int]) -> np.ndarray:
    """Return a look's wall, floor or ceiling texture; the classic's tinted ``flat``."""
    look = "rpg" if style == RPG else "classic"
    pixels = _load(f"{look}_{part}")
    if pixels is None:  # no art: a flat colour still shows the maze
        return np.broadcast_to(np.array(flat, dtype=np.uint8), (TEXTURE, TEXTURE, 3)).copy()
    if style == RPG:
        return pixels
    grey = pixels[..., :1].astype(np.float32) / 255.0
    tint = np.array(flat, dtype=np.float32)
    return np.clip(grey * tint * 1.15, 0, 255).astype(np.uint8)


def _door(wall: np.ndarray, kind: int) -> np.ndarray:
    """Return the texture of door ``kind``: its slab and symbol (the top view's art) over a wall."""
    surf = pygame.Surface((TEXTURE, TEXTURE))
    pygame.surfarray.blit_array(surf, wall.transpose(1, 0, 2))
    draw_kind(surf, pygame.Rect(0, 0, TEXTURE, TEXTURE), kind)
    return pygame.surfarray.array3d(surf).transpose(1, 0, 2).copy()


def _mud(floor: np.ndarray, mud: tuple[int, int, int],
         dark: tuple[int, int, int]) -> np.ndarray:
    """Return the texture of mud: the top view's puddle drawn over the look's floor."""
    surf = pygame.Surface((TEXTURE, TEXTURE))
    pygame.surfarray.blit_array(surf, floor.transpose(1, 0, 2))
    draw_mud(surf, pygame.Rect(0, 0, TEXTURE, TEXTURE), mud, dark)
    return pygame.surfarray.array3d(surf).transpose(1, 0, 2).copy()


def _tinted(floor: np.ndarray, colour: tuple[int, int, int], share: float) -> np.ndarray:
    """Return ``floor`` with ``share`` of ``colour`` over it."""
    out = floor.astype(np.float32) * (1 - share) + np.array(colour, np.float32) * share
    return out.astype(np.uint8)


def _route(floor: np.ndarray, colour: tuple[int, int, int]) -> np.ndarray:
    """Return the floor of the hint's route: tinted, with a glowing mark in its middle."""
    out = _tinted(floor, colour, ROUTE_TINT).astype(np.float32)
    y, x = np.mgrid[0:TEXTURE, 0:TEXTURE] + 0.5
    r = np.hypot(x - TEXTURE / 2, y - TEXTURE / 2) / (TEXTURE / 2)
    glow = np.clip(1.0 - r, 0, 1) ** 0.8 * ROUTE_GLOW
    bright = np.array(colour, np.float32)
    if floor.mean() < LIGHT_FLOOR:  # a dark floor: the mark glows lighter than the route
        bright = np.minimum(bright * 1.25 + 40, 255)
    out = out * (1 - glow[..., None]) + bright * glow[..., None]
    return np.clip(out, 0, 255).astype(np.uint8)


def textures(style: str) -> np.ndarray:
    """Return every material's texture for ``style`` in the current theme: (MATERIALS, T, T, 3)."""
    th = theme.current()
    if style == RPG:
        rpg = th.rpg
        wall_flat, floor_flat, ceiling_flat = rpg.wall_face, rpg.floor, rpg.wall_top
    else:
        c = th.classic
        # the wall's lit rim, not its top: a black-walled palette still shows its walls
        wall_flat, floor_flat, ceiling_flat = c.wall_rim, c.floor, mix(c.wall, c.void, 0.5)
    wall = _part(style, "wall", wall_flat)
    floor = _part(style, "floor", floor_flat)
    ceiling = _part(style, "ceiling", ceiling_flat)
    door_kinds = [int(i) for i in np.flatnonzero(kinds.KINDS["lock"])]
    out = np.zeros((MATERIALS, TEXTURE, TEXTURE, 3), dtype=np.uint8)
    out[WALL] = wall
    for material, kind in zip(DOORS, door_kinds):
        out[material] = _door(wall, kind)
    out[FLOOR], out[CEILING] = floor, ceiling
    out[ROUTE] = _route(floor, th.hint.path[:3])
    out[WASH] = _tinted(floor, th.hint.visited[:3], WASH_TINT)
    out[EXIT] = _route(floor, th.actors.exit_ring)
    look = th.rpg if style == RPG else th.classic
    out[MUD] = _mud(floor, look.mud, look.mud_dark)
    return out


def atlas_for(style: str, surface: pygame.Surface) -> Atlas:
    """Return the atlas of ``style`` in the current theme, in ``surface``'s pixel format."""
    shifts = surface.get_shifts()
    return make_atlas(textures(style), (shifts[0], shifts[1], shifts[2]))


# -- sprites ------------------------------------------------------------------------------
SPRITE = 64


def key_sprite(kind: int) -> pygame.Surface:
    """Return the sprite of key ``kind``: the top view's key art, standing up."""
    surf = pygame.Surface((SPRITE, SPRITE), pygame.SRCALPHA)
    # half a tile wide, lying low: on the floor, not at eye height
    draw_kind(surf, pygame.Rect(SPRITE // 4, SPRITE * 9 // 16, SPRITE // 2, SPRITE // 2), kind)
    return surf


def orb_sprite(colour: tuple[int, int, int], light: tuple[int, int, int], alpha: int) -> pygame.Surface:
    """Return a glowing orb (a ghost, the exit's light): rings of ``colour`` to ``light``."""
    surf = pygame.Surface((SPRITE, SPRITE), pygame.SRCALPHA)
    centre = (SPRITE // 2, SPRITE * 5 // 8)
    for i in range(8, 0, -1):
        share = 1 - i / 8
        c = mix(colour, light, share)
        pygame.draw.circle(surf, (*c, round(alpha * (0.35 + 0.65 * share))), centre,
                           round(SPRITE * 0.3 * i / 8))
    return surf


def exit_sprite() -> pygame.Surface:
    """Return the exit's sprite: a golden ring of light standing on its tile."""
    a = theme.current().actors
    surf = pygame.Surface((SPRITE, SPRITE), pygame.SRCALPHA)
    rect = pygame.Rect(SPRITE // 4, SPRITE // 8, SPRITE // 2, SPRITE * 7 // 8)
    pygame.draw.ellipse(surf, (*a.exit_ring, 90), rect)
    pygame.draw.ellipse(surf, (*a.exit_ring, 255), rect, 4)
    pygame.draw.ellipse(surf, (255, 250, 232, 200), rect.inflate(-14, -14), 2)
    return surf


def chaser_sprite() -> pygame.Surface:
    """Return a chaser standing in the corridor: the top view's horned head, tall, glaring."""
    surf = pygame.Surface((SPRITE, SPRITE), pygame.SRCALPHA)
    cx, r = SPRITE / 2, SPRITE * 0.22
    cy = SPRITE * 0.42
    horn = [(cx - r * 0.8, cy - r * 0.5), (cx - r * 1.6, cy - r * 1.5), (cx - r * 0.3, cy - r * 0.9)]
    pygame.draw.polygon(surf, HORN, horn)
    pygame.draw.polygon(surf, HORN, [(2 * cx - x, y) for x, y in horn])
    body = pygame.Rect(0, 0, round(r * 2.4), round(SPRITE * 0.5))
    body.midtop = (round(cx), round(cy))
    pygame.draw.ellipse(surf, mix(BODY, (0, 0, 0), 0.35), body)  # shoulders into the dark
    pygame.draw.circle(surf, BODY, (round(cx), round(cy)), round(r))
    for side in (-1, 1):
        pygame.draw.circle(surf, EYES, (round(cx + side * r * 0.4), round(cy - r * 0.1)),
                           max(2, round(r * 0.18)))
    return surf
