"""The explored maps: the full-window map (the map key) and the small corner map.

Reads a :class:`PlaySession`: in fog they show what has been seen; both mark the keys
and doors seen, the exit once known and the player.  Seen from above, the corner map has
a strip of its own beside the maze (it never hides a tile); over the first-person view it
sits in a corner clear of the player.  A view too small for it has none.
"""

from __future__ import annotations

from typing import Optional

import numpy as np
import pygame

from game.play import theme
from game.play.input import keymap
from game.play.panels.stage import Stage
from game.play.render.fog import FogMap
from game.play.widgets import hud
from game.play.widgets.text import draw_text, font
from game.run.session import PlaySession
from game.text import t

#: The corner map: its side as a share of the view's shorter side, its margin (px), and
#: how often it is made again while the player walks (s).
MINIMAP_SHARE = 0.28
MINIMAP_MARGIN = 10
MINIMAP_REFRESH = 0.2
#: A view whose shorter side is below this (px) has no corner map: it would hide too much
#: of the maze and show too little (the map key still opens the full map).
MINIMAP_MIN_VIEW = 300
#: Below this many pixels a tile the corner map shows the walk, not walls: a corridor
#: and its wall need a pixel each, and level 49 (201x201) at 0.9 px a tile was grey noise.
MINIMAP_MIN_TILE = 2
#: Room round the full-window map (px).
MAP_MARGIN = 24


class Maps:
    """The full-window and the corner map of ``session``, made from the stage's maze picture."""

    def __init__(self, session: PlaySession, stage: Stage) -> None:
        self.session = session
        self.stage = stage
        self.full = FogMap(stage.renderer.base, stage.fog_layer)
        self.corner = FogMap(stage.renderer.base, stage.fog_layer, refresh=MINIMAP_REFRESH)
        #: The corner map of a huge maze: (what it shows, the picture).
        self._coarse: Optional[tuple[tuple[object, ...], pygame.Surface]] = None

    def _marks(self, surface: pygame.Surface, rect: pygame.Rect, dot: int) -> None:
        """Mark the keys and doors seen, the exit once known and the player on a map in ``rect``."""
        th = theme.current()
        session = self.session
        run, maze = session.run, session.maze
        fog = run.fog
        self.stage.locks.draw_on_map(surface, rect, held=run.held,
                                     seen=None if fog is None else fog.seen, least=3 * dot + 4)
        sx, sy = rect.width / maze.cols, rect.height / maze.rows

        def at(pos: tuple[float, float]) -> tuple[int, int]:
            """Return the map point at the centre of tile ``pos``."""
            return round(rect.x + (pos[1] + 0.5) * sx), round(rect.y + (pos[0] + 0.5) * sy)

        if session.exit_known:
            pygame.draw.circle(surface, th.actors.exit_ring, at(maze.goal), dot + 2,
                               max(1, dot // 2))
        pygame.draw.circle(surface, th.actors.marker_edge, at(run.player.render_pos), dot + 1)
        pygame.draw.circle(surface, th.actors.player, at(run.player.render_pos), dot)

    def caption(self) -> tuple[str, str]:
        """Return the full-window map's title and key line."""
        return t("play.map_title"), t("play.map_footer", map=keymap().label("map", 1))

    def _area(self, view: pygame.Rect) -> Optional[pygame.Rect]:
        """Return the room the full-window map is fitted into, under its title (None: none)."""
        cap = hud.caption_rect(view, *self.caption(), spot="top")
        area = view.inflate(-2 * MAP_MARGIN, -2 * MAP_MARGIN)
        if cap is not None:
            top = cap.bottom + MAP_MARGIN // 2
            area.height, area.top = area.bottom - top, top
        if area.width <= 8 or area.height <= 8:
            return None
        return area

    def rect(self, view: pygame.Rect) -> Optional[pygame.Rect]:
        """Return where the full-window map lies in ``view`` (None: no room for it)."""
        area = self._area(view)
        return None if area is None else self.full.fit(area)

    def draw_full(self, surface: pygame.Surface, view: pygame.Rect, now: float) -> None:
        """Draw the explored map over the whole view, with its title and keys at the top."""
        f = theme.current().fog
        veil = pygame.Surface(view.size, pygame.SRCALPHA)
        veil.fill(f.map_bg)
        surface.blit(veil, view)
        area = self._area(view)
        if area is not None:
            rect = self.full.draw(surface, area, now)
            pygame.draw.rect(surface, f.map_edge, rect.inflate(4, 4), 2)
            self._marks(surface, rect, max(3, min(rect.width, rect.height) // 90))
        hud.draw_caption(surface, view, *self.caption(), spot="top")

    def corner_room(self, area: pygame.Rect) -> Optional[pygame.Rect]:
        """Return the strip of ``area`` kept beside the maze for the corner map (None: none).

        Seen from above the map never lies over the maze: while the maze is bigger than
        the view, the view gives up a strip on its long side (right, or bottom when the
        window stands tall) and the map sits in it.  None while the whole maze is in view
        (the map would only repeat it) or the view is too small for a map.
        """
        if min(area.width, area.height) < MINIMAP_MIN_VIEW:
            return None
        if self.stage.camera.shows_all_at(area.width, area.height):
            return None
        room = self._side(area) + 2 * MINIMAP_MARGIN
        if area.width >= area.height:
            return pygame.Rect(area.right - room, area.top, room, area.height)
        return pygame.Rect(area.left, area.bottom - room, area.width, room)

    @staticmethod
    def _side(view: pygame.Rect) -> int:
        """Return the side (px) of the corner map's box in ``view``."""
        return round(min(view.width, view.height) * MINIMAP_SHARE)

    def draw_corner(self, surface: pygame.Surface, view: pygame.Rect, now: float, *,
                    room: Optional[pygame.Rect] = None) -> Optional[pygame.Rect]:
        """Draw the explored map small, in ``room`` beside the maze or in a corner of ``view``.

        Return where the map lies (None: no room for it).  Seen from above the map has
        its own ``room`` (:meth:`corner_room`); without one it is drawn over ``view`` (the
        first-person view) in a corner clear of the player.
        """
        th = theme.current()
        f = th.fog
        m = MINIMAP_MARGIN
        if room is not None:
            surface.fill(th.ui.bg, room)
            area = room.inflate(-2 * m, -2 * m)
            rect = self.corner.fit(pygame.Rect(0, 0, *(min(area.size),) * 2))
            if room.height > room.width:  # a strip on the right: the map at its top
                rect.midtop = area.midtop
            else:  # a strip at the bottom: the map at its middle
                rect.center = area.center
        else:
            if min(view.width, view.height) < MINIMAP_MIN_VIEW:
                return None
            side = self._side(view)
            rect = self.corner.fit(pygame.Rect(0, 0, side, side))
            player = self.stage.tile_centre(view, self.session.run.player.render_pos)
            for corner, at in (("topright", (view.right - m, view.top + m)),
                               ("bottomright", (view.right - m, view.bottom - m)),
                               ("topleft", (view.left + m, view.top + m))):
                setattr(rect, corner, at)
                if not rect.inflate(2 * m, 2 * m).collidepoint(player):
                    break  # never over the player: the next corner if it would be
            else:
                return None
        pygame.draw.rect(surface, f.map_bg[:3], rect.inflate(6, 6))
        maze = self.session.maze
        if min(rect.width / maze.cols, rect.height / maze.rows) < MINIMAP_MIN_TILE:
            surface.blit(self._coarse_map(rect.size), rect)
            if room is not None:  # the part of the maze the top view shows
                self._draw_view_box(surface, rect)
        else:
            self.corner.draw(surface, rect, now)
        pygame.draw.rect(surface, f.map_edge, rect.inflate(6, 6), 2)
        self._marks(surface, rect, 2)
        if room is not None and room.height > room.width:  # the strip under it: what it is
            self._draw_legend(surface, pygame.Rect(room.x + m, rect.bottom + 2 * m,
                                                   room.width - 2 * m, room.bottom - rect.bottom))
        return rect

    @staticmethod
    def _draw_legend(surface: pygame.Surface, area: pygame.Rect) -> None:
        """Name the corner map and the key of the full map in ``area``, under the map."""
        ui = theme.current().ui
        scale = hud.ui_scale(surface.get_size())
        title, key = font(round(scale * 22), bold=True), font(round(scale * 19))
        if area.height < title.get_height() + key.get_height():
            return
        draw_text(surface, t("play.map_title"), title, ui.text, area.midtop, anchor="midtop",
                  max_width=area.width)
        draw_text(surface, t("play.corner_map_key", map=keymap().label("map", 1)), key, ui.text_dim,
                  (area.centerx, area.top + title.get_height() + 2), anchor="midtop",
                  max_width=area.width)

    def _coarse_map(self, size: tuple[int, int]) -> pygame.Surface:
        """Return the corner map of a maze too big for its corridors: where the player walked.

        Shrunk that far, walls and floor average to grey noise; instead each pixel is dark,
        or the player's colour where any tile under it was walked (in fog: unseen, black).
        """
        th = theme.current()
        run = self.session.run
        fog = run.fog
        key = (size, th, len(run.trail), None if fog is None else fog.version)
        cached = self._coarse
        if cached is not None and cached[0] == key:  # made again per step: a few ms
            return cached[1]
        w, h = size
        rows, cols = self.session.maze.rows, self.session.maze.cols
        r_at, c_at = np.arange(h) * rows // h, np.arange(w) * cols // w

        def pool(mask: np.ndarray) -> np.ndarray:
            """Return ``mask`` shrunk to (w, h): True where any tile under a pixel is."""
            m = np.maximum.reduceat(mask.astype(np.uint8), r_at, axis=0)
            return np.maximum.reduceat(m, c_at, axis=1).T.astype(bool)

        rgb = np.empty((w, h, 3), dtype=np.uint8)
        rgb[...] = th.classic.wall
        rgb[pool(run.visits > 0)] = th.actors.player
        if fog is not None:
            rgb[~pool(fog.seen)] = th.fog.unseen[:3]
        picture = pygame.surfarray.make_surface(rgb)
        self._coarse = (key, picture)
        return picture

    def _draw_view_box(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Frame on the map in ``rect`` the part of the maze the view shows."""
        r0, c0, r1, c1 = self.stage.camera.visible_tiles()
        maze = self.session.maze
        sx, sy = rect.width / maze.cols, rect.height / maze.rows
        box = pygame.Rect(round(rect.x + c0 * sx), round(rect.y + r0 * sy),
                          max(3, round((c1 - c0) * sx)), max(3, round((r1 - r0) * sy)))
        pygame.draw.rect(surface, theme.current().ui.accent, box.clip(rect), 1)
