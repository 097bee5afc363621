"""The animated hint: a solver's search spreading from the player, then the path.

The overlay pulls events from the chosen solver's generator inside a per-frame time
budget, so even a 2001x2001 maze never stalls a frame, and paints them incrementally
onto its own 1 px-per-tile surface (visited tiles tinted, the newest tiles bright as the
frontier or stack head, backtracked tiles fading).  When the Solution arrives, the path
draws itself from the player to the exit.
"""

from __future__ import annotations

import time
from collections import deque
from typing import TYPE_CHECKING, Any, Callable, Iterator, Optional, Union

import numpy as np
import pygame

from game.maze.grid import Maze, Pos
from game.play.camera import Camera
from game.play import theme
from game.play.names import solver_short_label
from game.play.render.layers import ScaledLayer
from game.text import t

if TYPE_CHECKING:  # pragma: no cover - typing only
    from game.maze.solvers.base import Event, Explore, Solution

SOLVER_ORDER = ("bfs", "dfs", "stack")

#: Wall-clock time the overlay may spend pulling events per frame, in seconds.
FRAME_BUDGET = 0.003
#: Budget per frame while Space fast-forwards (still keeps the window responsive).
FINISH_BUDGET = 0.010
#: Seconds a newly marked tile stays highlighted as the frontier / stack head.
FRONTIER_TIME = 0.3
#: Seconds before a backtracked tile fades from its fresh colour to its old one.
FADE_TIME = 0.35
#: A whole exploration of a maze takes about this long at speed 1.
EXPLORE_SECONDS = 3.0
SCREEN_TILES_PER_SECOND = 400.0
PATH_SECONDS = 1.2
SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0)

RGBA = tuple[int, int, int, int]


def solver_registry() -> dict[str, Explore]:
    """Return the solver registry (imported lazily: it lives in the maze core)."""
    from game.maze.solvers import SOLVERS

    return SOLVERS


class HintOverlay:
    """One hint: a solver run from ``start`` to the maze goal, animated over time."""

    def __init__(self, maze: Maze, start: Pos, solver_name: str = "bfs", *,
                 speed: float = 1.0, surface: Optional[pygame.Surface] = None,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.maze = maze
        self.speed = speed
        self._clock = clock
        self._now = 0.0
        # Events per second at speed 1: the geometric mean of "explore the whole maze in
        # EXPLORE_SECONDS" and "cross a screenful of tiles in about a second", so a small
        # maze finishes quickly and a big one still shows the search spreading.
        floor_tiles = max(1, maze.rows * maze.cols // 2)
        self.base_rate = max(40.0, (floor_tiles / EXPLORE_SECONDS * SCREEN_TILES_PER_SECOND) ** 0.5)
        if surface is None or surface.get_size() != (maze.cols, maze.rows):
            surface = pygame.Surface((maze.cols, maze.rows), pygame.SRCALPHA)
        surface.fill((0, 0, 0, 0))
        self.surface = surface
        self._layer = ScaledLayer()
        self._bbox: Optional[list[int]] = None  # the painted tiles: x0, y0, x1, y1
        self.version = 0
        self.restart(start, solver_name)

    # -- state -------------------------------------------------------------------------
    def restart(self, start: Pos, solver_name: Optional[str] = None) -> None:
        """Start over from ``start`` (optionally with another solver)."""
        if solver_name is not None:
            self.solver_name = solver_name
        self.start = start
        self.goal = self.maze.goal
        if self._bbox is not None:  # clear only what was painted
            x0, y0, x1, y1 = self._bbox
            self.surface.fill((0, 0, 0, 0), (x0, y0, x1 - x0 + 1, y1 - y0 + 1))
            self._bbox = None
            self._layer.clear()
        self._patches: list[tuple[np.ndarray, RGBA]] = []
        self.version += 1
        self.visited = 0
        self.solution: Any = None
        self.path: Optional[list[Pos]] = None
        self._path_xy: Optional[np.ndarray] = None  # the path as an (n, 2) float array
        self.path_shown = 0
        self.done = False
        self.finishing = False
        self.head: Optional[Pos] = None
        self._credit = 1.0
        self._path_credit = 0.0
        self._frontier: deque[tuple[float, np.ndarray]] = deque()
        self._fading: deque[tuple[float, np.ndarray]] = deque()
        self._events: Optional[Iterator[Union[Event, Solution]]] = None

    @property
    def path_length(self) -> Optional[int]:
        """Return the number of moves of the path found, or None before/without one."""
        return None if self.path is None else len(self.path) - 1

    @property
    def no_path(self) -> bool:
        """Return True when the search ended without a path."""
        return self.solution is not None and self.path is None

    def label(self) -> str:
        """Return the overlay caption: solver, tiles visited, path length."""
        solver = solver_short_label(self.solver_name)
        if self.path is not None:
            return t("hint.found", solver=solver, visited=self.visited, length=len(self.path) - 1)
        if self.no_path:
            return t("hint.no_path", solver=solver, visited=self.visited)
        return t("hint.searching", solver=solver, visited=self.visited)

    def finish(self) -> None:
        """Jump to the end: search at full budget and show the whole path."""
        self.finishing = True

    def follow(self, pos: Pos, *, restart: bool = True) -> bool:
        """Update the hint for a player now standing on ``pos``; return True if updated.

        On the finished path the route from ``pos`` is the rest of that path; anywhere
        else the search starts over from ``pos`` (unless ``restart`` is False).
        """
        if pos == self.start:
            return True
        if self.done and self.path is not None:
            try:
                i = self.path.index(pos)
            except ValueError:
                i = -1
            if i > 0:
                self._paint(self.path[:i], theme.current().hint.visited)
                self.path = self.path[i:]
                self._path_xy = None
                self.path_shown = len(self.path)
                self.start = pos
                return True
        if restart:
            self.restart(pos)
        return restart

    # -- animation ---------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Advance the animation by ``dt`` seconds, within the frame time budget."""
        if self.done:
            return
        self._now += dt
        if self.solution is None:
            self._pull(dt)
        if self.solution is not None and self.path is not None and not self.done:
            n = len(self.path)
            if self.finishing:
                shown = n
            else:
                self._path_credit += dt * self.speed * max(30.0, n / PATH_SECONDS)
                shown = min(n, self.path_shown + int(self._path_credit))
                self._path_credit -= shown - self.path_shown
            if shown > self.path_shown:
                self._paint(self.path[self.path_shown : shown], theme.current().hint.path)
                self.path_shown = shown
                self.head = self.path[shown - 1]
            self.done = self.path_shown >= n
        elif self.solution is not None:
            self.done = True
        self._age()

    def _pull(self, dt: float) -> None:
        """Take events from the solver generator: as many as the speed allows and time permits."""
        from game.maze.solvers.base import BACKTRACK, VISIT, Solution

        if self.finishing:
            quota, budget = 1 << 30, FINISH_BUDGET
        else:
            self._credit = min(self._credit + dt * self.speed * self.base_rate,
                               self.speed * self.base_rate * 0.25 + 1.0)
            quota, budget = int(self._credit), FRAME_BUDGET
        deadline = self._clock() + budget
        if self._events is None:  # the solver's set-up counts against this frame's budget
            self._events = solver_registry()[self.solver_name](self.maze, self.start, self.goal)
        vr: list[int] = []
        vc: list[int] = []
        br: list[int] = []
        bc: list[int] = []
        events = self._events
        pulled = 0
        last: Optional[Pos] = None
        while pulled < quota:
            item = next(events, None)
            if item is None:  # a generator that ends without a Solution: treat as no path
                self.solution = False
                break
            if type(item) is tuple:
                kind, r, c = item
                if kind == VISIT:
                    vr.append(r)
                    vc.append(c)
                elif kind == BACKTRACK:
                    br.append(r)
                    bc.append(c)
                last = (r, c)
            else:
                assert isinstance(item, Solution), item  # a solver's last item, never an event
                self.solution = item
                self.path = list(item.path) if item.path is not None else None
                self.visited = int(item.visited)
                break
            pulled += 1
            if not pulled & 63 and self._clock() > deadline:
                break
        if not self.finishing:
            self._credit -= pulled
        if self.solution is None:
            self.visited += len(vr)
        if last is not None:
            self.head = last
        now = self._now
        if vr:
            idx = np.array([vc, vr], dtype=np.intp)
            self._paint_idx(idx, theme.current().hint.frontier)
            self._frontier.append((now, idx))
        if br:
            idx = np.array([bc, br], dtype=np.intp)
            self._paint_idx(idx, theme.current().hint.backtrack_fresh)
            self._fading.append((now, idx))
        if self.solution is not None:
            self._age(flush=True)

    def _age(self, flush: bool = False) -> None:
        """Turn old frontier tiles into plain visited ones and fade old backtracks."""
        if not self._frontier and not self._fading:
            return
        px = pygame.surfarray.pixels2d(self.surface)
        front, visited = self._mapped(theme.current().hint.frontier), self._mapped(theme.current().hint.visited)
        fresh, old = self._mapped(theme.current().hint.backtrack_fresh), self._mapped(theme.current().hint.backtrack_old)
        for queue, limit, src, dst, rgba in ((self._frontier, FRONTIER_TIME, front, visited, theme.current().hint.visited),
                                             (self._fading, FADE_TIME, fresh, old, theme.current().hint.backtrack_old)):
            while queue and (flush or self._now - queue[0][0] >= limit):
                _, idx = queue.popleft()
                hit = px[idx[0], idx[1]] == src
                if hit.any():
                    idx = idx[:, hit]
                    px[idx[0], idx[1]] = dst
                    self.version += 1
                    self._patches.append((idx, rgba))
        del px

    def _paint(self, tiles: list[Pos], color: RGBA) -> None:
        """Colour the given tiles on the overlay."""
        if tiles:
            arr = np.array(tiles, dtype=np.intp)
            self._paint_idx(np.array([arr[:, 1], arr[:, 0]]), color)

    def _paint_idx(self, idx: np.ndarray, color: RGBA) -> None:
        """Colour the tiles at x = idx[0], y = idx[1]."""
        px = pygame.surfarray.pixels2d(self.surface)
        mapped = self._mapped(color)
        px[idx[0], idx[1]] = mapped
        del px
        self.version += 1
        self._patches.append((idx, color))
        x0, y0 = int(idx[0].min()), int(idx[1].min())
        x1, y1 = int(idx[0].max()), int(idx[1].max())
        if self._bbox is None:
            self._bbox = [x0, y0, x1, y1]
        else:
            b = self._bbox
            b[0], b[1], b[2], b[3] = min(b[0], x0), min(b[1], y0), max(b[2], x1), max(b[3], y1)

    def _mapped(self, color: RGBA) -> int:
        """Return ``color`` as this surface's raw (unsigned) pixel value."""
        return self.surface.map_rgb(color) & 0xFFFFFFFF

    # -- drawing -----------------------------------------------------------------------
    def draw(self, target: pygame.Surface, view: pygame.Rect, camera: Camera,
             pointer_area: Optional[pygame.Rect] = None) -> None:
        """Draw the overlay (and the path line when it is short enough) into ``view``.

        An off-screen search head gets an arrow on the edge of ``pointer_area`` (the
        part of the view not covered by captions; default: the whole view).
        """
        clip = target.get_clip()
        target.set_clip(view.clip(clip) if clip else view)
        try:
            self._layer.draw(self.surface, target, view, camera, version=self.version,
                             patches=self._patches)
            self._patches = []
            t = camera.tile
            if self.path is not None and self.path_shown > 1 and t >= 2 and self.path_shown <= 20000:
                self._draw_line(target, view, camera)
            if self.head is not None and not self.done:
                x, y = camera.to_screen(*self.head)
                centre = (round(view.x + x + t / 2), round(view.y + y + t / 2))
                radius = max(2, round(t * 0.3))
                if view.collidepoint(centre):
                    pygame.draw.circle(target, theme.current().hint.head, centre, radius, max(1, radius // 3))
                else:
                    self._draw_pointer(target, pointer_area or view, centre)
        finally:
            target.set_clip(clip)

    @staticmethod
    def _draw_pointer(target: pygame.Surface, view: pygame.Rect, goal: tuple[int, int]) -> None:
        """Draw an arrow on the edge of ``view`` pointing at an off-screen search head."""
        size = max(6, min(view.width, view.height) // 40)
        cx, cy = view.center
        dx, dy = goal[0] - cx, goal[1] - cy
        if dx == dy == 0 or view.width < 4 * size or view.height < 4 * size:
            return
        half_w, half_h = view.width / 2 - 2 * size, view.height / 2 - 2 * size
        k = min(half_w / abs(dx) if dx else float("inf"), half_h / abs(dy) if dy else float("inf"))
        px, py = cx + dx * k, cy + dy * k
        length = (dx * dx + dy * dy) ** 0.5
        ux, uy = dx / length, dy / length
        tip = (px + ux * size, py + uy * size)
        left = (px - uy * size * 0.7 - ux * size * 0.6, py + ux * size * 0.7 - uy * size * 0.6)
        right = (px + uy * size * 0.7 - ux * size * 0.6, py - ux * size * 0.7 - uy * size * 0.6)
        pygame.draw.circle(target, theme.current().hint.pointer_bg, (round(px), round(py)), round(size * 1.3))
        pygame.draw.polygon(target, theme.current().hint.frontier[:3], [tip, left, right])

    def _draw_line(self, target: pygame.Surface, view: pygame.Rect, camera: Camera) -> None:
        """Draw the shown part of the path as a line through tile centres."""
        t = camera.tile
        ox, oy = camera.origin()
        r0, c0, r1, c1 = camera.visible_tiles()
        path = self.path
        assert path is not None  # draw() calls this only once a path is found
        if self._path_xy is None or len(self._path_xy) != len(path):
            self._path_xy = np.asarray(path, dtype=np.float64)
        pts = self._path_xy[: self.path_shown]
        inside = (pts[:, 0] >= r0 - 1) & (pts[:, 0] <= r1) & (pts[:, 1] >= c0 - 1) & (pts[:, 1] <= c1)
        if not inside.any():
            return
        xs = view.x + ox + (pts[:, 1] + 0.5) * t
        ys = view.y + oy + (pts[:, 0] + 0.5) * t
        width = max(1, round(t * 0.22))
        # split the path into runs of consecutive visible points
        idx = np.flatnonzero(inside)
        breaks = np.flatnonzero(np.diff(idx) > 1)
        starts = np.concatenate(([0], breaks + 1))
        ends = np.concatenate((breaks + 1, [len(idx)]))
        for a, b in zip(starts, ends):
            run = idx[a:b]
            points = list(zip(xs[run].round().astype(int).tolist(), ys[run].round().astype(int).tolist()))
            if len(points) >= 2:
                pygame.draw.lines(target, theme.current().hint.line, False, points, width)
            for p in (points[0], points[-1]):
                pygame.draw.circle(target, theme.current().hint.line, p, width // 2)
        if self.path_shown == len(path):
            gx, gy = xs[-1], ys[-1]
            if inside[-1]:
                pygame.draw.circle(target, theme.current().hint.line, (round(gx), round(gy)), max(3, round(t * 0.28)), max(1, width // 2))
