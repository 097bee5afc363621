"""Images: the room maps' tiles and the hero's sprites (drawn stand-ins when an asset is
missing), and the classic look's player token, an orb with eyes painted in the theme.

Loaded images are kept in one dict by "tiles/<name>" and "sprites/<name>" (the Context's
``images``), so they load once, on the main thread, converted for the display.
"""

from __future__ import annotations

from collections import OrderedDict
from functools import partial
from typing import Callable, Optional

import pygame

from game.levels import LevelSpec
from game.play import theme
from game.play.camera import Camera
from game.play.render.painters import SUPERSAMPLE, draw_mud, lru, mix
from game.play.render.tiles import RPG, RPG_TILE_NAMES, style_for

Images = dict[str, pygame.Surface]
FACINGS = ("up", "right", "down", "left")

#: Smallest tile size at which the RPG look draws textures and the hero's sprite.
TEXTURE_MIN_TILE = 8
#: From this tile size up the player is the shaded orb with eyes looking where it goes.
TOKEN_MIN_TILE = 8


def load_all() -> Images:
    """Load every tile and sprite image as ``{"tiles/floor": Surface, ...}`` (missing: skip)."""
    from game.resources import asset_path

    images: Images = {}
    for folder in ("tiles", "sprites"):
        try:
            root = asset_path(folder)
        except FileNotFoundError:
            continue
        for path in sorted(root.glob("*.png")):
            try:
                img = pygame.image.load(str(path))
                images[f"{folder}/{path.stem}"] = (
                    img.convert_alpha() if pygame.display.get_surface() else img
                )
            except (pygame.error, OSError):
                continue
    return images


def _load_image(parts: tuple[str, ...], fallback: Callable[[], pygame.Surface]) -> pygame.Surface:
    """Load an asset image, or return ``fallback()`` when it is missing or unreadable."""
    try:
        from game.resources import asset_path

        img = pygame.image.load(str(asset_path(*parts)))
        if pygame.display.get_surface() is not None:
            img = img.convert_alpha()
        return img
    except (ImportError, OSError, pygame.error, ValueError):
        return fallback()


def load_tile_images() -> Images:
    """Return the RPG tile images by name, falling back to drawn ones when missing."""
    return {name: _load_image(("tiles", f"{name}.png"), partial(fallback_tile, name))
            for name in set(RPG_TILE_NAMES.values())}


def load_player_sprites() -> Images:
    """Return the player sprites by facing, falling back to drawn ones when missing."""
    return {f: _load_image(("sprites", f"player_{f}.png"), partial(_fallback_sprite, f))
            for f in FACINGS}


def tile_images(images: Images) -> Images:
    """Return the RPG tile images by name, from ``images`` or loaded once into it."""
    if not any(k.startswith("tiles/") for k in images):
        images.update({f"tiles/{k}": v for k, v in load_tile_images().items()})
    found = {k[len("tiles/"):]: v for k, v in images.items() if k.startswith("tiles/")}
    missing = load_tile_images() if any(n not in found for n in ("floor", "wall_top")) else {}
    if missing:
        images.update({f"tiles/{k}": v for k, v in missing.items() if k not in found})
    return {**missing, **found}


def player_sprites(images: Images) -> Images:
    """Return the player sprites by facing, from ``images`` or loaded once into it."""
    found = {k[len("sprites/player_"):]: v for k, v in images.items()
             if k.startswith("sprites/player_")}
    if len(found) < 4:
        found = {**load_player_sprites(), **found}
        images.update({f"sprites/player_{k}": v for k, v in found.items()})
    return found


def preload_images(images: Images, spec: Optional[LevelSpec]) -> None:
    """Load the images a level of ``spec`` needs into ``images`` (main thread only)."""
    # Loading converts images for the display; with them loaded, the play scene itself
    # can be built in a worker thread without touching the display.
    if style_for(spec) == RPG:
        tile_images(images)
        player_sprites(images)


def fallback_tile(name: str, size: int = 32) -> pygame.Surface:
    """Return a procedurally drawn tile for ``name`` (used when an asset file is missing)."""
    p = theme.current().rpg
    s = pygame.Surface((size, size))
    flat = {"floor": p.floor, "floor_alt": p.floor_alt, "wall_top": p.wall_top,
            "wall_face": p.wall_face}
    if name in flat:
        base = flat[name]
        s.fill(base)
        dark = tuple(max(0, v - 22) for v in base)
        light = tuple(min(255, v + 18) for v in base)
        if name.startswith("floor"):
            pygame.draw.rect(s, dark, s.get_rect(), 1)
            pygame.draw.line(s, light, (1, 1), (size - 2, 1))
        elif name == "wall_face":
            for y in range(0, size, size // 4):
                pygame.draw.line(s, dark, (0, y), (size, y))
                off = (size // 4) if (y // (size // 4)) % 2 else 0
                for x in range(off, size, size // 2):
                    pygame.draw.line(s, dark, (x, y), (x, y + size // 4))
            pygame.draw.line(s, light, (0, 0), (size, 0), 2)
        else:
            pygame.draw.rect(s, light, s.get_rect().inflate(-6, -6), 1)
        return s
    if name == "door_side":
        s.fill(p.floor)
        pygame.draw.rect(s, p.wall_top, (0, 0, size, 5))
        pygame.draw.rect(s, p.wall_top, (0, size - 5, size, 5))
        pygame.draw.rect(s, p.door, (size - 10, 5, 4, size - 12))
        return s
    if name == "door":
        s.fill(p.floor)
        pygame.draw.rect(s, p.door, (4, 2, size - 8, size - 4), border_radius=4)
        pygame.draw.rect(s, p.door_frame, (4, 2, size - 8, size - 4), 2, border_radius=4)
        pygame.draw.circle(s, p.door_knob, (size - 10, size // 2), 2)
        return s
    if name == "stairs":
        s.fill(p.stairs)
        for i in range(5):
            y = 4 + i * (size - 8) // 5
            shade = 200 - i * 30
            pygame.draw.rect(s, (shade, shade - 20, shade - 50), (3 + i * 2, y, size - 6 - i * 4, (size - 8) // 5 - 1))
        return s
    if name == "mud":
        s.fill(p.floor)
        draw_mud(s, s.get_rect(), p.mud, p.mud_dark)
        return s
    if name == "entrance":
        s.fill(p.floor)
        pygame.draw.circle(s, p.entrance, (size // 2, size // 2), size // 2 - 4, 3)
        return s
    s.fill(p.missing)
    return s


def _fallback_sprite(facing: str, size: int = 32) -> pygame.Surface:
    """Return a simple drawn character facing ``facing``."""
    a = theme.current().actors
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.ellipse(s, (0, 0, 0, 70), (6, size - 9, size - 12, 6))
    pygame.draw.rect(s, a.sprite_body, (9, 13, size - 18, size - 17), border_radius=5)
    pygame.draw.circle(s, a.sprite_skin, (size // 2, 11), 7)
    eye = {"up": None, "down": (0, 1), "left": (-1, 0), "right": (1, 0)}[facing]
    if eye is not None:
        ex, ey = size // 2 + eye[0] * 3, 11 + eye[1] * 2
        pygame.draw.circle(s, a.sprite_eye, (ex - (2 if eye[0] == 0 else 0), ey), 1)
        pygame.draw.circle(s, a.sprite_eye, (ex + (2 if eye[0] == 0 else 0), ey), 1)
    return s


def draw_player(target: pygame.Surface, view: pygame.Rect, camera: Camera,
                render_pos: tuple[float, float], facing: str, style: str,
                sprites: Optional[Images] = None) -> None:
    """Draw the player at its interpolated position: a sprite (RPG) or a bright token."""
    x, y = camera.to_screen(*render_pos)
    t = camera.tile
    x, y = view.x + x, view.y + y
    if style == RPG and sprites and t >= TEXTURE_MIN_TILE:
        img = sprites.get(facing) or next(iter(sprites.values()))
        size = max(1, round(t))
        img = pygame.transform.scale(img, (size, size)) if img.get_width() != size else img
        target.blit(img, (round(x), round(y)))
        return
    cx, cy = round(x + t / 2), round(y + t / 2)
    if t >= TOKEN_MIN_TILE:
        img = player_token(round(t), facing)
        target.blit(img, (cx - img.get_width() // 2, cy - img.get_height() // 2))
        return
    a = theme.current().actors
    radius = max(2, round(t * 0.36))
    if t < 4:  # a fitted huge maze: a ring says "you are here" on floor and wall alike
        pygame.draw.circle(target, a.marker_edge, (cx, cy), 9, 1)
        pygame.draw.circle(target, a.player, (cx, cy), 8, 2)
    pygame.draw.circle(target, a.player, (cx, cy), radius)


_TOKENS: "OrderedDict[tuple[theme.Theme, int, str], pygame.Surface]" = OrderedDict()


def player_token(size: int, facing: str) -> pygame.Surface:
    """Return the player orb for tiles of ``size`` px looking ``facing`` (cached per theme)."""
    th = theme.current()
    return lru(_TOKENS, (th, size, facing), lambda: _paint_token(size, facing, th.actors), keep=16)


def _paint_token(size: int, facing: str, a: theme.ActorPalette) -> pygame.Surface:
    """Paint the player orb: a soft glow, a shaded body, a shine and two eyes."""
    k = SUPERSAMPLE if size < 48 else 2
    side = size + 2 * max(2, size // 6)  # room for the glow around the tile
    big, c = side * k, side * k // 2
    s = pygame.Surface((big, big), pygame.SRCALPHA)
    r = round(size * 0.36 * k)
    glow_r = round(size * 0.58 * k)
    for i in range(glow_r, r, -max(1, k // 2)):
        alpha = round(95 * (1 - (i - r) / (glow_r - r)) ** 1.6)
        pygame.draw.circle(s, (*a.player, alpha), (c, c), i)
    pygame.draw.ellipse(s, (20, 16, 36, 80), (c - r * 0.8, c + r * 0.62, r * 1.6, r * 0.52))  # contact shadow
    for i in range(r, 0, -max(1, k // 2)):  # body lit from the top left
        f = i / r
        off = round((1 - f) * r * 0.35)
        pygame.draw.circle(s, (*mix(a.player_light, a.player_dark if f > 0.92 else a.player, f ** 0.6), 255),
                           (c - off, c - off), i)
    pygame.draw.circle(s, (255, 240, 242, 230), (c, c), r, max(k, r // 9))
    dr, dc = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}.get(facing, (0, 1))
    if size >= 14:
        # two eyes side by side (looking up/down: a little apart), shifted the way it faces
        ex, ey = c + dc * r * 0.3, c + dr * r * 0.3 - r * 0.06
        gap = r * (0.36 if dr else 0.2)
        er = max(k, round(r * 0.21))
        for sign in (-1, 1):
            px, py = ex + sign * gap, ey
            pygame.draw.circle(s, (255, 255, 255, 255), (round(px), round(py)), er)
            pygame.draw.circle(s, (*a.eye, 255), (round(px + dc * er * 0.35), round(py + dr * er * 0.35)),
                               max(1, round(er * 0.58)))
    else:  # too small for eyes: a bright notch on the side it faces
        pygame.draw.circle(s, (255, 255, 255, 255), (round(c + dc * r * 0.5), round(c + dr * r * 0.5)),
                           max(k, r // 3))
    shine = max(k, round(r * 0.22))
    pygame.draw.circle(s, (255, 255, 255, 150), (c - round(r * 0.42), c - round(r * 0.46)), shine)
    small = pygame.transform.smoothscale(s, (side, side))
    return small.convert_alpha() if pygame.display.get_surface() is not None else small
