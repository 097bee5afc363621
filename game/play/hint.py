"""The hint on screen: paint a :class:`game.run.hint.HintSearch` and nothing else.

The search's tile states go onto a 1 px-per-tile surface (explored tiles tinted, the
frontier bright, backtracked tiles fading, the path gold), patched with only what
changed and scaled by a ScaledLayer; over it the path as a line, and the search head as
a ring (or an arrow on the edge of the view when it is off screen).  A theme switch
repaints the surface from the search's state grid.
"""

from __future__ import annotations

import time
from typing import Optional

import numpy as np
import pygame

from game.play import theme
from game.play.camera import Camera
from game.names import hint_solver_label
from game.play.render.layers import Patch, ScaledLayer
from game.play.widgets.shapes import draw_edge_pointer
from game.run.hint import (
    BACKTRACK_FRESH,
    BACKTRACK_OLD,
    EXPLORED,
    FRONTIER,
    NOTHING,
    PATH,
    HintSearch,
)
from game.text import t

RGBA = tuple[int, int, int, int]

#: CPU time (s) a frame spends repainting a finished search's picture, band by band.
SWEEP_BUDGET = 0.004
#: Rows of tiles compared and repainted at a time.
SWEEP_ROWS = 64
#: Below this tile size (px) the route is drawn as a line in its own colour, a tile wide:
#: a thin line of the line colour would split a 3 px route in two (high contrast: black,
#: as the walls), and below 2 px the scaled picture drops route tiles.  Its points are
#: rounded to pixels first, so even a very long route is a few thousand segments.
SMALL_ROUTE_TILE = 6


def state_colors(th: theme.Theme) -> dict[int, RGBA]:
    """Return the colour of every hint tile state under theme ``th``."""
    h = th.hint
    return {NOTHING: (0, 0, 0, 0), FRONTIER: h.frontier, EXPLORED: h.visited,
            BACKTRACK_FRESH: h.backtrack_fresh, BACKTRACK_OLD: h.backtrack_old, PATH: h.path}


def caption(search: HintSearch) -> str:
    """Return the hint caption: solver, tiles visited, path length."""
    solver = hint_solver_label(search.solver)
    if search.path is not None:
        return t("hint.found", solver=solver, visited=search.visited, length=len(search.path) - 1)
    if search.no_path:
        return t("hint.no_path", solver=solver, visited=search.visited)
    return t("hint.searching", solver=solver, visited=search.visited)


class HintLayer:
    """Paint a hint search into the view."""

    def __init__(self, search: HintSearch, surface: Optional[pygame.Surface] = None) -> None:
        maze = search.maze
        if surface is None or surface.get_size() != (maze.cols, maze.rows):
            surface = pygame.Surface((maze.cols, maze.rows), pygame.SRCALPHA)
        self.surface = surface
        self._scaled = ScaledLayer()
        self._version = 0
        self._theme: Optional[theme.Theme] = None
        self._path_xy: Optional[np.ndarray] = None  # the path as an (n, 2) float array
        self._path_of: Optional[list[tuple[int, int]]] = None
        self._shown: np.ndarray = np.zeros((maze.rows, maze.cols), dtype=np.uint8)  # states painted
        self._sweep: Optional[int] = None  # the next row of a repaint under way
        self.search = search
        self.show(search)

    def show(self, search: HintSearch) -> None:
        """Paint ``search`` from now on (its picture so far included)."""
        self.search = search
        search.take_changes()
        if search.blank:
            self.surface.fill((0, 0, 0, 0))
            self._shown[...] = NOTHING
            self._sweep = None
            self._scaled.clear()
            self._theme = theme.current()
        else:
            self._theme = None  # repaint everything at the next draw

    def _sync(self) -> Optional[list[Patch]]:
        """Bring the surface up to date; return the patched tiles (None: all changed)."""
        th = theme.current()
        changes = self.search.take_changes()
        colors = state_colors(th)
        lut = np.array([self.surface.map_rgb(colors[s]) & 0xFFFFFFFF for s in range(len(colors))],
                       dtype=np.uint32)
        if th is not self._theme:  # everything, in one numpy step
            self._theme = th
            px = pygame.surfarray.pixels2d(self.surface)
            px[...] = lut[self.search.state.T]
            del px
            self._shown = self.search.state.copy()
            self._sweep = None
            self._version += 1
            return None
        if changes.everything:  # repainted a band at a time, only the tiles that differ
            self._sweep = 0
        if changes.cleared is None and not changes.painted and self._sweep is None:
            return []
        patches: list[Patch] = []
        shown = self._shown
        if changes.cleared is not None:
            x0, y0, x1, y1 = changes.cleared
            self.surface.fill((0, 0, 0, 0), (x0, y0, x1 - x0 + 1, y1 - y0 + 1))
            shown[y0 : y1 + 1, x0 : x1 + 1] = NOTHING
            self._scaled.clear()
        px = pygame.surfarray.pixels2d(self.surface)
        for tiles, state in changes.painted:
            px[tiles[0], tiles[1]] = lut[state]
            shown[tiles[1], tiles[0]] = state
            patches.append((tiles, colors[state]))
        if self._sweep is not None:
            self._sweep_band(px, lut)
        del px
        self._version += 1
        return patches

    def _sweep_band(self, px: np.ndarray, lut: np.ndarray) -> None:
        """Repaint the next rows whose tiles differ from the search's, for a frame's time budget."""
        assert self._sweep is not None
        state: np.ndarray = self.search.state
        shown = self._shown
        rows = int(state.shape[0])
        deadline = time.process_time() + SWEEP_BUDGET
        y = self._sweep
        while y < rows:
            y1 = min(rows, y + SWEEP_ROWS)
            ys, xs = np.nonzero(state[y:y1] != shown[y:y1])
            if len(ys):
                ys += y
                values = state[ys, xs]
                px[xs, ys] = lut[values]
                shown[ys, xs] = values
                self._scaled.stale_rows(y, y1 - 1)
            y = y1
            if time.process_time() >= deadline:
                break
        self._sweep = y if y < rows else None

    @property
    def settled(self) -> bool:
        """Return True when the picture shows the whole search (no repaint under way)."""
        return self._sweep is None

    def draw(self, target: pygame.Surface, view: pygame.Rect, camera: Camera,
             pointer_area: Optional[pygame.Rect] = None) -> None:
        """Draw the hint (and the path line when it is short enough) into ``view``.

        An off-screen search head gets an arrow on the edge of ``pointer_area`` (the
        part of the view not covered by captions; default: the whole view).
        """
        patches = self._sync()
        search = self.search
        clip = target.get_clip()
        target.set_clip(view.clip(clip) if clip else view)
        try:
            self._scaled.draw(self.surface, target, view, camera, version=self._version,
                              patches=patches)
            t_px = camera.tile
            if search.path is not None and 1 < search.path_shown:
                if t_px < SMALL_ROUTE_TILE:
                    self._draw_small_route(target, view, camera)
                elif search.path_shown <= 20000:
                    self._draw_line(target, view, camera)
            if search.head is not None and not search.done:
                x, y = camera.to_screen(*search.head)
                centre = (round(view.x + x + t_px / 2), round(view.y + y + t_px / 2))
                radius = max(2, round(t_px * 0.3))
                if view.collidepoint(centre):
                    pygame.draw.circle(target, theme.current().hint.head, centre, radius,
                                       max(1, radius // 3))
                else:
                    self._draw_pointer(target, pointer_area or view, centre)
        finally:
            target.set_clip(clip)

    @staticmethod
    def _draw_pointer(target: pygame.Surface, view: pygame.Rect, goal: tuple[int, int]) -> None:
        """Draw an arrow on the edge of ``view`` pointing at an off-screen search head."""
        h = theme.current().hint
        draw_edge_pointer(target, view, goal, h.frontier[:3], h.pointer_bg)

    def _path_points(self) -> np.ndarray:
        """Return the shown part of the path as an (n, 2) float array of (row, col)."""
        path = self.search.path
        assert path is not None  # drawn only once a path is found
        if self._path_of is not path or self._path_xy is None:
            self._path_xy = np.asarray(path, dtype=np.float64)
            self._path_of = path
        return self._path_xy[: self.search.path_shown]

    def _draw_small_route(self, target: pygame.Surface, view: pygame.Rect,
                          camera: Camera) -> None:
        """Draw the shown path, tiles smaller than SMALL_ROUTE_TILE, as one unbroken line."""
        pts = self._path_points()
        t_px = camera.tile
        ox, oy = camera.origin()
        xy = np.empty((len(pts), 2), dtype=np.int64)
        xy[:, 0] = np.floor(view.x + ox + (pts[:, 1] + 0.5) * t_px)
        xy[:, 1] = np.floor(view.y + oy + (pts[:, 0] + 0.5) * t_px)
        keep = np.ones(len(xy), dtype=bool)
        keep[1:] = (xy[1:] != xy[:-1]).any(axis=1)  # many tiles to a pixel: one point
        points = xy[keep].tolist()
        color = theme.current().hint.path[:3]
        width = max(1, round(t_px))
        if len(points) >= 2:
            pygame.draw.lines(target, color, False, points, width)
        else:
            target.fill(color, (points[0][0], points[0][1], width, width))

    def _draw_line(self, target: pygame.Surface, view: pygame.Rect, camera: Camera) -> None:
        """Draw the shown part of the path as a line through tile centres."""
        line = theme.current().hint.line
        t_px = camera.tile
        ox, oy = camera.origin()
        r0, c0, r1, c1 = camera.visible_tiles()
        path = self.search.path
        assert path is not None  # draw() calls this only once a path is found
        shown = self.search.path_shown
        pts = self._path_points()
        inside = (pts[:, 0] >= r0 - 1) & (pts[:, 0] <= r1) & (pts[:, 1] >= c0 - 1) & (pts[:, 1] <= c1)
        if not inside.any():
            return
        xs = view.x + ox + (pts[:, 1] + 0.5) * t_px
        ys = view.y + oy + (pts[:, 0] + 0.5) * t_px
        width = max(1, round(t_px * 0.22))
        # split the path into runs of consecutive visible points
        idx = np.flatnonzero(inside)
        breaks = np.flatnonzero(np.diff(idx) > 1)
        starts = np.concatenate(([0], breaks + 1))
        ends = np.concatenate((breaks + 1, [len(idx)]))
        for a, b in zip(starts, ends):
            run = idx[a:b]
            points = list(zip(xs[run].round().astype(int).tolist(), ys[run].round().astype(int).tolist()))
            if len(points) >= 2:
                pygame.draw.lines(target, line, False, points, width)
            for p in (points[0], points[-1]):
                pygame.draw.circle(target, line, p, width // 2)
        if shown == len(path) and inside[-1]:
            pygame.draw.circle(target, line, (round(xs[-1]), round(ys[-1])),
                               max(3, round(t_px * 0.28)), max(1, width // 2))
