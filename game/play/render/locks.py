"""Keys and locked doors drawn over the maze, in the theme's key colours and symbols.

A few tiles a maze: they are drawn each frame on top of the tile layers (both looks),
a key as a key with its colour's symbol in the bow, a door as a panel of its colour with
the symbol on it; a held key's tiles and an opened door's show nothing but the floor and
a thin frame where the door stood.  The same art marks them on a map of the maze (the
explored map, the corner map, the review), never smaller than a few pixels.
"""

from __future__ import annotations

from typing import Callable, Optional

import numpy as np
import pygame

from game.maze import tiles as kinds
from game.maze.grid import Maze, Pos
from game.play import theme
from game.play.camera import Camera
from game.play.widgets.shapes import draw_key_symbol


class LockSpots:
    """Where a maze's keys and doors are: (row, col, key bit, lock bit) each."""

    def __init__(self, maze: Maze) -> None:
        self.shape = maze.tiles.shape
        rows, cols = np.nonzero((kinds.KINDS["key"] | kinds.KINDS["lock"])[maze.tiles] != 0)
        self.spots = [
            (int(r), int(c), int(kinds.KINDS["key"][maze.tiles[r, c]]),
             int(kinds.KINDS["lock"][maze.tiles[r, c]]))
            for r, c in zip(rows, cols)
        ]

    def draw(self, surface: pygame.Surface, view: pygame.Rect, camera: Camera, held: int,
             *, only: Optional[Callable[[Pos], bool]] = None) -> None:
        """Draw the visible keys not yet held and the doors (closed, or open for ``held``).

        ``only``: draw just the tiles it says yes to (in fog: those in sight).
        """
        if not self.spots:
            return
        r0, c0, r1, c1 = camera.visible_tiles()
        size = camera.tile
        for r, c, key, lock in self.spots:
            if not (r0 <= r < r1 and c0 <= c < c1) or (only is not None and not only((r, c))):
                continue
            x, y = camera.to_screen(r, c)
            rect = pygame.Rect(round(view.x + x), round(view.y + y), max(1, round(size)),
                               max(1, round(size)))
            if key and not key & held:
                draw_key(surface, rect, colour_name(key))
            elif lock:
                draw_door(surface, rect, colour_name(lock), opened=bool(lock & held))

    def draw_on_map(self, surface: pygame.Surface, rect: pygame.Rect, *, held: int,
                    seen: Optional[np.ndarray] = None, least: int = 8) -> None:
        """Mark the keys not yet held and every door on a map of the maze fitted in ``rect``.

        ``seen``: in fog, the tiles seen (only those are marked); ``least``: the smallest
        mark (px), bigger than a tile on a shrunken map so its symbol still reads.
        """
        rows, cols = self.shape
        sx, sy = rect.width / cols, rect.height / rows
        side = max(least, round(min(sx, sy)))
        for r, c, key, lock in self.spots:
            if seen is not None and not seen[r, c]:
                continue
            mark = pygame.Rect(0, 0, side, side)
            mark.center = (round(rect.x + (c + 0.5) * sx), round(rect.y + (r + 0.5) * sy))
            if key and not key & held:
                draw_key(surface, mark, colour_name(key))
            elif lock:
                draw_door(surface, mark, colour_name(lock), opened=bool(lock & held))


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
