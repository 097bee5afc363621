"""The menus' backdrop: a faint maze filling the screen, lights running along routes
(standing still under reduced motion: a still picture).

The maze and its routes are read from ``assets/backdrop.txt`` (made by
``assets/make_backdrop.py``): the title screen draws them on its first frame, and reading
them needs neither numpy nor the maze core, which generating them did.
"""

from __future__ import annotations

import logging
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple, Optional

import pygame

from game.play import theme
from game.play.widgets.layout import dim
from game.resources import asset_path

if TYPE_CHECKING:  # typing only: the grid module imports numpy
    from game.maze.grid import Pos

log = logging.getLogger(__name__)
#: A route's steps in the picture file.
MOVES = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}


class Picture(NamedTuple):
    """The backdrop's maze (``#`` blocked, ``.`` open, a row a string), routes and phases."""

    walls: tuple[str, ...]
    paths: tuple[tuple["Pos", ...], ...]
    phases: tuple[float, ...]


def read_picture(text: str) -> Picture:
    """Return the picture in the text of ``backdrop.txt``; raise ValueError when malformed."""
    # "# ..." is a comment; a row of walls has no space in it
    lines = [line for line in text.splitlines() if line and not line.startswith("# ")]
    rows, cols = (int(n) for n in lines[0].split())
    walls = tuple(lines[1:1 + rows])
    if len(walls) != rows or any(len(row) != cols or set(row) - {"#", "."} for row in walls):
        raise ValueError(f"expected {rows} rows of {cols} '#' or '.'")
    paths, phases = [], []
    for line in lines[1 + rows:]:
        word, row, col, phase, *moves = line.split()
        if word != "route":
            raise ValueError(f"expected a route, got {line[:40]!r}")
        r, c = int(row), int(col)
        path = [(r, c)]
        for move in "".join(moves):
            dr, dc = MOVES[move]
            r, c = r + dr, c + dc
            path.append((r, c))
        paths.append(tuple(path))
        phases.append(float(phase))
    return Picture(walls, tuple(paths), tuple(phases))


@lru_cache(maxsize=1)
def picture() -> Picture:
    """Return the backdrop's picture from the assets (an empty one when it is unreadable)."""
    try:
        return read_picture(asset_path("backdrop.txt").read_text(encoding="ascii"))
    except (OSError, UnicodeDecodeError, ValueError, KeyError, IndexError) as exc:
        log.warning("menu backdrop disabled: %s", exc)
        return Picture((), (), ())


class MazeBackdrop:
    """A faint maze filling the screen, with lights running along solved routes through it."""

    def __init__(self) -> None:
        art = picture()
        self.walls = art.walls
        self.paths = art.paths
        # Each light starts part-way along its route, a whole tile on: they all step at
        # once, so the picture changes 14 times a second, not 4 x 14 (a still title
        # screen is drawn only when a light moves on).
        self.phases = tuple(float(int(phase)) for phase in art.phases)
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
        rows = len(self.walls)
        cols = len(self.walls[0]) if rows else 1
        tile = max(2, -(-w // cols), -(-h // max(1, rows)))
        # One pixel a tile, then scaled up (nearest neighbour: the same picture as drawing
        # every wall at full size, in a fraction of the time on the first frame).
        small = pygame.Surface((cols, max(1, rows)))
        small.fill(ui.bg)
        for r, row in enumerate(self.walls):
            c = 0
            while c < cols:
                if row[c] == "#":
                    start = c
                    while c < cols and row[c] == "#":
                        c += 1
                    small.fill(ui.backdrop_wall, (start, r, c - start, 1))
                else:
                    c += 1
        img = pygame.transform.scale(small, (cols * tile, max(1, rows) * tile))
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
