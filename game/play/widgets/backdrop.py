"""The menus' backdrop: a faint maze filling the screen, lights running along routes
(standing still under reduced motion: a still picture)."""

from __future__ import annotations

import random
from typing import Optional

import pygame

from game.maze.grid import Pos
from game.maze.tiles import walkable
from game.play import theme
from game.play.widgets.layout import dim


class MazeBackdrop:
    """A faint maze filling the screen, with lights running along solved routes through it."""

    WALKERS = 4  # the entrance-to-exit route plus routes between random far-apart tiles

    def __init__(self, *, rows: int = 37, cols: int = 65, seed: int = 2024,
                 algorithm: str = "backtracker") -> None:
        from game.maze.generators import generate
        from game.maze.solvers import solve

        self.maze = generate(algorithm, rows=rows, cols=cols, seed=seed)
        rng = random.Random(seed)
        self.paths: list[list[Pos]] = []
        ends = [(self.maze.start, self.maze.goal)]
        for _ in range(self.WALKERS - 1):
            a = (rng.randrange(1, rows, 2), rng.randrange(1, max(2, cols // 4), 2))
            b = (rng.randrange(1, rows, 2), rng.randrange(cols - max(2, cols // 4), cols - 1, 2))
            ends.append((a, b) if rng.random() < 0.5 else (b, a))
        for a, b in ends:
            path = solve(self.maze, "bfs", a, b).path
            if path:
                self.paths.append(path)
        # Each light starts part-way along its route, a whole tile on: they all step at
        # once, so the picture changes 14 times a second, not 4 x 14 (a still title
        # screen is drawn only when a light moves on).
        self.phases = [float(int(rng.uniform(0, len(p)))) for p in self.paths]
        self.t = 0.0
        self._cache: Optional[tuple[tuple[object, ...], pygame.Surface, int,
                                    tuple[int, int]]] = None

    def update(self, dt: float) -> None:
        """Advance the lights (not under reduced motion)."""
        motion = theme.current().motion
        if not motion.reduced:
            self.t += max(0.0, dt) * motion.backdrop_speed

    def look(self) -> tuple[int, ...]:
        """Return where each light's head is: the picture changes only when one moves on."""
        trail = theme.current().motion.backdrop_trail
        return tuple(int((self.t + phase) % (len(path) + trail * 2))
                     for path, phase in zip(self.paths, self.phases))

    def _render(self, size: tuple[int, int]) -> tuple[pygame.Surface, int, tuple[int, int]]:
        """Draw the maze once, scaled to cover ``size``; return it, the tile and offset."""
        ui = theme.current().ui
        w, h = size
        rows, cols = self.maze.rows, self.maze.cols
        tile = max(2, -(-w // cols), -(-h // rows))
        img = pygame.Surface((cols * tile, rows * tile))
        img.fill(ui.bg)
        blocked = ~walkable(self.maze.tiles)
        for r in range(rows):
            row = blocked[r]
            c = 0
            while c < cols:
                if row[c]:
                    start = c
                    while c < cols and row[c]:
                        c += 1
                    pygame.draw.rect(img, ui.backdrop_wall,
                                     (start * tile, r * tile, (c - start) * tile, tile))
                else:
                    c += 1
        offset = ((w - img.get_width()) // 2, (h - img.get_height()) // 2)
        return img, tile, offset

    def draw(self, surface: pygame.Surface, dim_alpha: int = 0) -> None:
        """Draw the maze (darkened by ``dim_alpha``) and its moving light over the surface."""
        size = surface.get_size()
        key = (theme.current(), size, dim_alpha)
        if self._cache is None or self._cache[0] != key:
            img, tile, offset = self._render(size)
            if dim_alpha:
                dim(img, dim_alpha)
            self._cache = (key, img, tile, offset)
        _, img, tile, (ox, oy) = self._cache
        surface.blit(img, (ox, oy))
        light = (255 - dim_alpha) / 255
        trail = theme.current().motion.backdrop_trail
        glow_rgb = theme.current().ui.backdrop_glow
        glow = pygame.Surface((tile, tile), pygame.SRCALPHA)
        for path, phase in zip(self.paths, self.phases):
            head = int((self.t + phase) % (len(path) + trail * 2))
            for k in range(trail):
                i = head - k
                if 0 <= i < len(path):
                    r, c = path[i]
                    a = int(150 * light * (1 - k / trail) ** 1.5)
                    glow.fill((*glow_rgb, a))
                    surface.blit(glow, (ox + c * tile, oy + r * tile))
