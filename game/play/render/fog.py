"""The fog of war on screen: a 1 px-per-tile veil over the maze, and the explored map.

The veil is opaque over unseen tiles, half dark over remembered ones and clear over
tiles in sight; it lies over either look (classic or RPG), at any zoom, scaled by a
:class:`ScaledLayer` and patched with only the tiles whose state changed
(:meth:`game.run.fog.Fog.take_changed`).  A theme switch repaints it from the fog.

The explored map (:class:`FogMap`) is the maze's 1 px picture with the same veil, both
scaled to fit a rectangle: only what was seen shows.
"""

from __future__ import annotations

from typing import Optional

import numpy as np
import pygame

from game.play import theme
from game.play.camera import Camera
from game.play.render.layers import Patch, ScaledLayer
from game.run.fog import IN_SIGHT, REMEMBERED, UNSEEN, Fog

RGBA = tuple[int, int, int, int]


def state_colors(th: theme.Theme) -> dict[int, RGBA]:
    """Return the veil's colour over each fog state under theme ``th``."""
    f = th.fog
    return {UNSEEN: f.unseen, REMEMBERED: f.remembered, IN_SIGHT: (0, 0, 0, 0)}


class FogLayer:
    """Veil the tiles the player has not seen (and dim those out of sight)."""

    def __init__(self, fog: Fog) -> None:
        self.fog = fog
        rows, cols = fog.seen.shape
        self.surface = pygame.Surface((cols, rows), pygame.SRCALPHA)
        self._shown = np.zeros((rows, cols), dtype=np.uint8)  # the state painted per tile
        self._scaled = ScaledLayer()
        self._theme: Optional[theme.Theme] = None
        self._version = 0

    def sync(self) -> Optional[list[Patch]]:
        """Bring the veil up to date; return the patched tiles (None: all repainted)."""
        th = theme.current()
        colors = state_colors(th)
        lut = np.array([self.surface.map_rgb(colors[s]) & 0xFFFFFFFF for s in range(3)],
                       dtype=np.uint32)
        if th is not self._theme:
            self._theme = th
            rows, cols = self._shown.shape
            self.fog.take_changed()
            self._shown = self.fog.states((0, 0, rows, cols))
            px = pygame.surfarray.pixels2d(self.surface)
            px[...] = lut[self._shown.T]
            del px
            self._version += 1
            return None
        box = self.fog.take_changed()
        if box is None:
            return []
        top, left, bottom, right = box
        new = self.fog.states(box)
        old = self._shown[top:bottom, left:right]
        ys, xs = np.nonzero(new != old)
        if not len(ys):
            return []
        old[...] = new
        states = new[ys, xs]
        ys += top
        xs += left
        px = pygame.surfarray.pixels2d(self.surface)
        px[xs, ys] = lut[states]
        del px
        self._version += 1
        patches: list[Patch] = []
        for state in range(3):
            pick = states == state
            if pick.any():
                patches.append((np.stack((xs[pick], ys[pick])).astype(np.intp), colors[state]))
        return patches

    def draw(self, target: pygame.Surface, view: pygame.Rect, camera: Camera) -> None:
        """Draw the veil over the maze in ``view``."""
        patches = self.sync()
        clip = target.get_clip()
        target.set_clip(view.clip(clip) if clip else view)
        try:
            self._scaled.draw(self.surface, target, view, camera, version=self._version,
                              patches=patches)
        finally:
            target.set_clip(clip)

    @property
    def version(self) -> int:
        """Return a number that changes whenever the veil does."""
        return self._version


class FogMap:
    """The explored map: the maze's 1 px picture under the veil, fitted into a rectangle.

    Without a veil (no fog) the whole maze shows.  The picture is made again when the
    veil changed, at most every ``refresh`` seconds (a huge maze costs a few ms to shrink).
    """

    def __init__(self, base: pygame.Surface, layer: Optional[FogLayer], *,
                 refresh: float = 0.0) -> None:
        self.base = base
        self.layer = layer
        self.refresh = refresh
        self._key: Optional[tuple[object, ...]] = None
        self._version = -1
        self._made = float("-inf")
        self._picture: Optional[pygame.Surface] = None

    def fit(self, area: pygame.Rect) -> pygame.Rect:
        """Return the rectangle the map takes in ``area``: the maze's shape, centred, fitted."""
        cols, rows = self.base.get_size()
        scale = min(area.width / cols, area.height / rows)
        w, h = max(1, round(cols * scale)), max(1, round(rows * scale))
        rect = pygame.Rect(0, 0, w, h)
        rect.center = area.center
        return rect

    def draw(self, target: pygame.Surface, area: pygame.Rect, now: float = 0.0) -> pygame.Rect:
        """Draw the explored map fitted into ``area`` (``now``: the time, in s); return where."""
        version = 0
        if self.layer is not None:
            self.layer.sync()
            version = self.layer.version
        rect = self.fit(area)
        key = (rect.size, theme.current())
        due = version != self._version and now - self._made >= self.refresh
        if key != self._key or due or self._picture is None:
            self._key, self._version, self._made = key, version, now
            maze = pygame.Surface(self.base.get_size(), 0, 32)
            maze.blit(self.base, (0, 0))
            if rect.width < self.base.get_width():  # shrinking: average, don't alias
                self._picture = pygame.transform.smoothscale(maze, rect.size)
                if self.layer is not None:
                    veil = pygame.transform.smoothscale(self.layer.surface, rect.size)
                    self._picture.blit(veil, (0, 0))
            else:
                if self.layer is not None:
                    maze.blit(self.layer.surface, (0, 0))
                self._picture = pygame.transform.scale(maze, rect.size)
        target.blit(self._picture, rect)
        return rect
