"""The art of every tile kind's look: the tile table names a look, this table draws it.

Like the tcod tutorial's ``tile_graphics[tiles]``: each row of the core's tile table
(:data:`game.maze.tiles.KINDS`) names its ``look``, and :data:`LOOKS` says how that look
is drawn -- its flat colour on a map of one pixel a tile (the editor's) and its art up
close, drawn over the floor (a key lying on it, a door filling it; None: the tile layers
show it all).  The renderer and the editor ask a kind's row for its look, never switch on
its id, so a new tile kind is a row in the table, its art here and its rule.
"""

from __future__ import annotations

from typing import Callable, NamedTuple, Optional

import numpy as np
import pygame

from game.maze import tiles as kinds
from game.play import theme
from game.play.widgets.shapes import draw_key_symbol

Color = tuple[int, int, int]
#: Draws a look's art filling a tile's rect (``opened``: the player holds the door's key).
Art = Callable[[pygame.Surface, pygame.Rect, bool], None]
#: How far a key's tile on the editor's map is tinted towards its key's colour.
KEY_TINT = 0.4
#: How far a lair's tile is darkened towards the wall colour.
LAIR_SHADE = 0.35
#: The claw marks of a lair: the chasers' colour, dried.
CLAW: Color = (122, 38, 30)


class Look(NamedTuple):
    """How one look is drawn: its flat colour in a theme, and its art up close (None: none)."""

    flat: Callable[[theme.Theme], Color]
    art: Optional[Art] = None


def mix(a: Color, b: Color, share: float) -> Color:
    """Return ``share`` of colour ``b`` over colour ``a``."""
    return (round(a[0] + (b[0] - a[0]) * share), round(a[1] + (b[1] - a[1]) * share),
            round(a[2] + (b[2] - a[2]) * share))


def _key(name: str) -> Look:
    """Return the look of a key of colour ``name``: floor tinted with it, and the key."""
    return Look(lambda th: mix(th.classic.floor, theme.key_colour(th.keys, name), KEY_TINT),
                lambda surface, rect, opened: draw_key(surface, rect, name))


def _door(name: str) -> Look:
    """Return the look of a door of colour ``name``: its colour, and the door (or its frame)."""
    return Look(lambda th: theme.key_colour(th.keys, name),
                lambda surface, rect, opened: draw_door(surface, rect, name, opened=opened))


#: Every look a tile kind may name, by that name.
LOOKS: dict[str, Look] = {
    "wall": Look(lambda th: th.classic.wall),
    "floor": Look(lambda th: th.classic.floor),
    **{f"key_{name}": _key(name) for name in theme.KEY_COLOURS},
    **{f"door_{name}": _door(name) for name in theme.KEY_COLOURS},
    "lair": Look(lambda th: mix(th.classic.floor, th.classic.wall, LAIR_SHADE),
                 lambda surface, rect, opened: draw_lair(surface, rect)),
    # drawn with the floor's own layers (game.play.render.tiles: its tile class and
    # variants), not over them: a fifth of a huge maze may be mud
    "mud": Look(lambda th: th.classic.mud),
}


def look_of(kind: int) -> Look:
    """Return the look tile kind ``kind``'s row names."""
    return LOOKS[str(kinds.KINDS["look"][kind])]


def flat_colours(th: theme.Theme) -> list[Color]:
    """Return the flat colour of every tile kind in theme ``th``, by kind id."""
    return [look_of(kind).flat(th) for kind in range(len(kinds.KINDS))]


def with_art() -> np.ndarray:
    """Return a bool per tile kind (by id): True when its look draws art up close."""
    return np.array([look_of(kind).art is not None for kind in range(len(kinds.KINDS))])


def draw_kind(surface: pygame.Surface, rect: pygame.Rect, kind: int, *,
              opened: bool = False) -> None:
    """Draw the art of tile kind ``kind`` filling the tile ``rect`` (nothing when it has none)."""
    art = look_of(kind).art
    if art is not None:
        art(surface, rect, opened)


def colour_name(bit: int) -> str:
    """Return the theme's name ("red", ...) of a single key bit."""
    return theme.KEY_COLOURS[bit.bit_length() - 1]


def draw_key(surface: pygame.Surface, rect: pygame.Rect, name: str) -> None:
    """Draw a key of colour ``name`` lying on the tile ``rect``."""
    keys = theme.current().keys
    colour = theme.key_colour(keys, name)
    s = rect.width
    if s < 6:
        surface.fill(colour, rect)
        return
    bow = (rect.x + s * 0.32, rect.centery)
    ring = max(2, round(s * 0.22))
    shaft = pygame.Rect(round(bow[0] + ring * 0.6), round(rect.centery - s * 0.06),
                        round(s * 0.45), max(2, round(s * 0.12)))
    teeth = [pygame.Rect(shaft.right - round(s * 0.1) * k * 2, shaft.bottom - 1,
                         max(2, round(s * 0.08)), max(2, round(s * 0.14))) for k in (1, 2)]
    for part in (shaft, *teeth):
        pygame.draw.rect(surface, keys.edge, part.inflate(2, 2))
        pygame.draw.rect(surface, colour, part)
    pygame.draw.circle(surface, keys.edge, (round(bow[0]), round(bow[1])), ring + 1)
    pygame.draw.circle(surface, colour, (round(bow[0]), round(bow[1])), ring)
    draw_key_symbol(surface, name, bow, max(2, round(ring * 0.6)))


def draw_lair(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Draw a chaser's lair on the tile ``rect``: a dark hollow scored with claw marks."""
    th = theme.current()
    s = rect.width
    hollow = mix(th.classic.floor, th.classic.wall, 0.7)
    if s < 6:
        surface.fill(hollow, rect)
        return
    pygame.draw.ellipse(surface, hollow, rect.inflate(-s // 5, -s // 3))
    claw = CLAW
    for k in (-1, 0, 1):
        x = rect.centerx + k * s // 6
        pygame.draw.line(surface, claw, (x - s // 10, rect.y + s // 4),
                         (x + s // 10, rect.bottom - s // 4), max(1, s // 16))


def draw_door(surface: pygame.Surface, rect: pygame.Rect, name: str, *, opened: bool) -> None:
    """Draw the door of colour ``name`` filling the tile ``rect`` (a frame once ``opened``)."""
    keys = theme.current().keys
    colour = theme.key_colour(keys, name)
    s = rect.width
    if opened:
        pygame.draw.rect(surface, colour, rect, max(1, s // 10))
        return
    if s < 6:
        surface.fill(colour, rect)
        return
    dark = tuple(round(v * 0.55) for v in colour)
    pygame.draw.rect(surface, keys.edge, rect)
    panel = rect.inflate(-max(2, s // 8), -max(2, s // 8))
    pygame.draw.rect(surface, colour, panel)
    for k in (1, 2):  # planks
        px = panel.x + panel.width * k // 3
        pygame.draw.line(surface, dark, (px, panel.y), (px, panel.bottom - 1))
    draw_key_symbol(surface, name, rect.center, max(2, round(s * 0.2)))
