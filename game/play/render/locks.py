"""Keys and locked doors drawn over the maze, in the theme's key colours and symbols.

A few tiles a maze: they are drawn each frame on top of the tile layers (both looks),
in the art their kind's look names (:mod:`game.play.render.looks`): a key as a key with
its colour's symbol in the bow, a door as a panel of its colour with the symbol on it; a held key's tiles and an opened door's show nothing but the floor and
a thin frame where the door stood.  The same art marks them on a map of the maze (the
explored map, the corner map, the review), never smaller than a few pixels.
"""

from __future__ import annotations

from typing import Callable, Optional

import numpy as np
import pygame

from game.maze import tiles as kinds
from game.maze.grid import Maze, Pos
from game.play.camera import Camera
from game.play.render.looks import draw_kind, with_art


class LockSpots:
    """Where a maze's keys and doors are: (row, col, kind, key bit) each.

    A spot is a tile whose kind's look has art up close (:mod:`game.play.render.looks`);
    the kind's key bit says when it is gone (its key held), its lock bit when it is open.
    """

    def __init__(self, maze: Maze) -> None:
        self.shape = maze.tiles.shape
        rows, cols = np.nonzero(with_art()[maze.tiles])
        self.spots = [(int(r), int(c), int(maze.tiles[r, c])) for r, c in zip(rows, cols)]

    def _shown(self, held: int) -> list[tuple[int, int, int, bool]]:
        """Return the spots still drawn while holding ``held``: (row, col, kind, opened)."""
        key, lock = kinds.KINDS["key"], kinds.KINDS["lock"]
        return [(r, c, kind, bool(lock[kind] & held)) for r, c, kind in self.spots
                if not key[kind] & held]  # a key taken leaves the floor bare

    def draw(self, surface: pygame.Surface, view: pygame.Rect, camera: Camera, held: int,
             *, only: Optional[Callable[[Pos], bool]] = None) -> None:
        """Draw the visible keys not yet held and the doors (closed, or open for ``held``).

        ``only``: draw just the tiles it says yes to (in fog: those in sight).
        """
        if not self.spots:
            return
        r0, c0, r1, c1 = camera.visible_tiles()
        size = camera.tile
        for r, c, kind, opened in self._shown(held):
            if not (r0 <= r < r1 and c0 <= c < c1) or (only is not None and not only((r, c))):
                continue
            x, y = camera.to_screen(r, c)
            rect = pygame.Rect(round(view.x + x), round(view.y + y), max(1, round(size)),
                               max(1, round(size)))
            draw_kind(surface, rect, kind, opened=opened)

    def draw_on_map(self, surface: pygame.Surface, rect: pygame.Rect, *, held: int,
                    seen: Optional[np.ndarray] = None, least: int = 8) -> None:
        """Mark the keys not yet held and every door on a map of the maze fitted in ``rect``.

        ``seen``: in fog, the tiles seen (only those are marked); ``least``: the smallest
        mark (px), bigger than a tile on a shrunken map so its symbol still reads.
        """
        rows, cols = self.shape
        sx, sy = rect.width / cols, rect.height / rows
        side = max(least, round(min(sx, sy)))
        for r, c, kind, opened in self._shown(held):
            if seen is not None and not seen[r, c]:
                continue
            mark = pygame.Rect(0, 0, side, side)
            mark.center = (round(rect.x + (c + 0.5) * sx), round(rect.y + (r + 0.5) * sy))
            draw_kind(surface, mark, kind, opened=opened)
