"""The captions beside the stage: the hint's (what it searches, its keys) and a chapter's tip.

Reads a :class:`PlaySession`.  A caption never hides the route, the exit or the player:
it goes below (or above) the maze where the view leaves room, or beside it, wrapped, in a
wide margin; the hint's may sit over the maze where it hides none of them (dropping its
key line, then cut short in a corner); else the caption takes a band of its own under the
maze, drawn in the rest of the view (in first person, always: the route is painted on the
floor ahead).  On a tiny window the band
drops the hint's key line rather than take more than a third of the view.  A chapter's tip
shows on its first level until the player has made a few moves.
"""

from __future__ import annotations

import copy
import math
from typing import Callable, Optional

import numpy as np
import pygame

from game.levels import CHAPTERS, chapter_of
from game.play import theme
from game.play.camera import Camera
from game.play.firstperson.overlay import compass_rect
from game.play.hint import caption
from game.names import chapter_name, chapter_tip
from game.play.panels.stage import MARKER_RADIUS
from game.play.widgets import hud
from game.play.widgets.hud import ui_scale
from game.run.session import PlaySession
from game.text import t

#: A chapter's tip shows on its first level until the player has made this many moves.
TIP_MOVES = 12


#: Where a caption may sit in the view without a band of its own: below or above the maze.
FREE_SPOTS = ("bottom", "top")
#: The narrowest margin (px at scale 1) beside the maze that takes a caption, wrapped.
SIDE_MIN = 180
#: The most of the view a caption's band takes before it drops the hint's key line.
BAND_SHARE = 1 / 3


class Captions:
    """The hint caption and the chapter tip of ``session``; ``hint_keys`` words the keys."""

    def __init__(self, session: PlaySession, camera: Camera, hint_keys: Callable[[], str]) -> None:
        self.session = session
        self.camera = camera
        self.hint_keys = hint_keys
        self.spot = "bottom"  # where the caption sits: a FREE_SPOTS name
        self.band: Optional[pygame.Rect] = None  # the caption's own strip under the maze
        self._full = pygame.Rect(0, 0, 0, 0)  # the view the caption was placed in
        self._shown: Optional[tuple[str, str]] = None  # (label, key line) as placed
        self._side: Optional[hud.Column] = None  # a caption in the margin beside the maze
        self._route: Optional[tuple[object, np.ndarray]] = None  # the route's tiles, by route
        self._maze: Optional[pygame.Rect] = None  # where the maze falls in the view (top view)
        self._inside: Optional[pygame.Rect] = None  # the first-person view left by the caption

    def chapter_tip(self) -> Optional[tuple[str, str]]:
        """Return (chapter heading, tip) on the first level of a chapter, else None."""
        level = self.session.level
        index = level.index if level.index is not None else level.practice  # practice too
        if index is None or level.spec is None:
            return None
        number, span = chapter_of(index)
        if index != span.start:
            return None
        chapter = CHAPTERS[number]
        return (t("levels.chapter", number=number + 1, name=chapter_name(chapter)),
                chapter_tip(chapter))

    def lines(self, hint: bool) -> Optional[tuple[str, str]]:
        """Return the caption to show: the hint's when ``hint`` is drawn, else the tip early on."""
        if hint and self.session.hint is not None:
            return caption(self.session.hint), self.hint_keys()
        if self.session.run.moves < TIP_MOVES:
            return self.chapter_tip()
        return None

    def make_room(self, view: pygame.Rect, *, hint: bool,
                  first_person: bool = False) -> pygame.Rect:
        """Place the caption shown (if any) in ``view``; return the part left for the maze.

        The caption goes where no tile of the maze would be drawn, else (the hint's) over
        the maze where it hides no tile of the route, the exit or the player; when there is
        no such place (always in first person) it takes a band under the maze, which is drawn
        above it.
        """
        left = self._place(view, hint=hint, first_person=first_person)
        self._inside = left if first_person else None
        return left

    def _place(self, view: pygame.Rect, *, hint: bool, first_person: bool) -> pygame.Rect:
        """Place the caption as :meth:`make_room` says; return the part left for the maze."""
        self._full, self.band, self.spot, self._side = view.copy(), None, "bottom", None
        self._maze = None
        if not first_person:
            camera = self._camera_in(view)
            self._maze = maze = self._maze_on_screen(view, camera)
        self._shown = lines = self.lines(hint)
        if lines is None:
            return view
        if not first_person:
            for spot in FREE_SPOTS:
                rect = hud.caption_rect(view, *lines, spot=spot)
                if rect is not None and not rect.inflate(0, 2).colliderect(maze):
                    self.spot = spot
                    return view
            self._side = self._beside(view, maze, *lines)
            if self._side is not None:
                self.spot = "side"
                return view
            over = self._over_maze(view, camera, *lines) if hint else None
            if over is not None:
                self.spot, self._shown = over[0], (lines[0], over[1])
                return view
        for label, sub in (lines, (lines[0], "")):  # a tiny window: without the key line
            rect = hud.caption_rect(view, label, sub, spot="bottom")
            if rect is None:
                self._shown = None  # no room for a caption at all
                return view
            band = pygame.Rect(view.x, rect.top - (view.bottom - rect.bottom), view.width,
                               view.bottom - rect.top + (view.bottom - rect.bottom))
            if band.height <= view.height * BAND_SHARE or not sub:
                break
        self._shown = (label, sub)
        self.band = band
        return pygame.Rect(view.x, view.y, view.width, max(1, band.top - view.y))

    def _beside(self, view: pygame.Rect, maze: pygame.Rect, label: str,
                sub: str) -> Optional[hud.Column]:
        """Return the caption wrapped into the wider margin beside ``maze``, at its foot."""
        gap = max(4, view.height // 40)
        left, right = maze.left - view.left, view.right - maze.right
        width = max(left, right) - 2 * gap
        if width < SIDE_MIN * ui_scale(view.size):
            return None
        box, lines, subs, f, fs = hud.column_caption(view, label, sub, width)
        if box.height > view.height - 2 * gap:
            return None
        box.bottom = view.bottom - gap
        box.centerx = (view.left + maze.left) // 2 if left >= right else (maze.right + view.right) // 2
        return box, lines, subs, f, fs

    def _over_maze(self, view: pygame.Rect, camera: Camera, label: str,
                   sub: str) -> Optional[tuple[str, str]]:
        """Return (spot, key line) for the hint caption over the maze where it hides nothing.

        Nothing: none of the route, the exit or the player; the key line goes first, then the
        text is cut short in a corner.
        """
        t = camera.tile
        tiles = self._route_tiles()
        x, y = camera.to_screen(0, 0)
        left = view.x + x + tiles[:, 1] * t
        top = view.y + y + tiles[:, 0] * t
        seen = (left + t > view.left) & (left < view.right) & (top + t > view.top) & (top < view.bottom)
        left, top = left[seen], top[seen]
        row, col = self.session.run.player.render_pos
        px, py = camera.to_screen(row, col)
        reach = max(t / 2, MARKER_RADIUS + 2)
        player = pygame.Rect(0, 0, round(2 * reach), round(2 * reach))
        player.center = (round(view.x + px + t / 2), round(view.y + py + t / 2))
        ring = max(7.0, t * 0.8) + 2 - t / 2  # the exit's ring reaches past its tile
        for line, spots in ((sub, hud.CAPTION_SPOTS), ("", hud.CAPTION_SPOTS),
                            ("", hud.NARROW_SPOTS)):
            for spot in spots:
                rect = hud.caption_rect(view, label, line, spot=spot)
                if rect is None or rect.colliderect(player):
                    continue
                if not np.any((left + t + ring > rect.left) & (left - ring < rect.right)
                              & (top + t + ring > rect.top) & (top - ring < rect.bottom)):
                    return spot, line
        return None

    def _route_tiles(self) -> np.ndarray:
        """Return the (row, col) of the hint's route and the exit, (n, 2) floats (kept per route)."""
        hint = self.session.hint
        route = [] if hint is None or hint.path is None else hint.path
        key = (id(route), len(route), route[0] if route else None)
        if self._route is None or self._route[0] != key:
            tiles = np.array([*route, self.session.maze.goal], dtype=float).reshape(-1, 2)
            self._route = (key, tiles)
        return self._route[1]

    def _camera_in(self, view: pygame.Rect) -> Camera:
        """Return the camera as it would be showing the maze in all of ``view``."""
        camera = copy.copy(self.camera)
        camera.resize(view.width, view.height)
        if not camera.fitted:
            camera.follow(*self.session.run.player.render_pos, 0.0, snap=True)
        return camera

    def _maze_on_screen(self, view: pygame.Rect, camera: Camera) -> pygame.Rect:
        """Return where the maze's tiles fall in ``view`` seen by ``camera``."""
        x, y = camera.to_screen(0, 0)
        t = camera.tile
        maze = pygame.Rect(round(view.x + x), round(view.y + y),
                           math.ceil(camera.cols * t), math.ceil(camera.rows * t))
        return maze.inflate(2 * MARKER_RADIUS, 2 * MARKER_RADIUS).clip(view)  # rings, too

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the caption placed by :meth:`make_room` (in its band, cleared, if it has one)."""
        if self._shown is None:
            return
        if self.band is not None:
            surface.fill(theme.current().classic.void, self.band)
        if self._side is not None:
            hud.draw_caption_box(surface, *self._side)
            return
        hud.draw_caption(surface, self._full, *self._shown, spot=self.spot)

    def rect(self) -> Optional[pygame.Rect]:
        """Return where the caption placed by :meth:`make_room` is drawn (None: none is)."""
        if self._shown is None:
            return None
        if self._side is not None:
            return self._side[0].copy()
        return hud.caption_rect(self._full, *self._shown, spot=self.spot)

    def toast_room(self, signs: Optional[Callable[[pygame.Rect], list[pygame.Rect]]] = None
                   ) -> Optional[pygame.Rect]:
        """Return where a toast shows without hiding the maze: above it, else in a wide margin.

        In first person: the view under the compass (a toast over it hid the way faced) and
        under the ``signs`` (where, in a first-person view) that hang under it.
        None when there is no such room (a maze filling the view).
        """
        if self._inside is not None:
            inside, compass = self._inside, compass_rect(self._inside)
            under = [compass, *(signs(inside) if signs is not None else [])]
            top = min(max(rect.bottom for rect in under), inside.bottom - 1)
            return pygame.Rect(inside.x, top, inside.width, inside.bottom - top)
        full, maze = self._full, self._maze
        if maze is None or not full.width or not full.height:
            return None
        tall = round(hud.ui_scale(full.size) * 24 * 2.2) + max(4, full.height // 30)
        if maze.top - full.top >= tall:
            return pygame.Rect(full.x, full.y, full.width, maze.top - full.top)
        left, right = maze.left - full.left, full.right - maze.right
        if max(left, right) < SIDE_MIN * ui_scale(full.size):
            return None
        if left >= right:
            return pygame.Rect(full.x, full.y, left, full.height)
        return pygame.Rect(maze.right, full.y, right, full.height)

    def top_box(self, view: pygame.Rect) -> Optional[pygame.Rect]:
        """Return the hint caption when it sits at the top of the view."""
        if self._shown is None or not self.spot.startswith("top"):
            return None
        return hud.caption_rect(self._full, *self._shown, spot=self.spot)

    def free_area(self, view: pygame.Rect) -> pygame.Rect:
        """Return the part of the view the caption leaves free."""
        free = view.copy()
        if self._shown is None or self.band is not None or self._side is not None:
            return free
        cap = hud.caption_rect(self._full, *self._shown, spot=self.spot)
        if cap is not None and self.spot.startswith("top"):
            free.top = min(cap.bottom, view.bottom - 1)
            free.height = view.bottom - free.top
        elif cap is not None:
            free.height = max(1, cap.top - view.top)
        return free
