"""The review of a run: the walk and the shortest route over the maze, and the figures.

The run is re-played from its replay (:func:`game.run.replay.simulate`) and reviewed
(:func:`game.run.review.review`): the map shows the tiles walked more than once glowing
hotter the more often, the shortest route as a thick gold line and the walk as a thin
line in the entrance's teal; beside it the moves against the fewest, the efficiency,
the time, the dead ends entered and the tiles walked again.  Keys and doors are marked
where they lie, as the maze had them at the start.  Enter (or the first
button) watches the replay, Esc goes back to the result.
"""

from __future__ import annotations

from typing import Optional, Sequence

import numpy as np
import pygame

from game.maze import tiles as kinds
from game.maze.grid import Pos
from game.play import input as keys
from game.play import theme
from game.play.context import Context
from game.play.input import Event
from game.names import format_time, level_title
from game.play.render.locks import LockSpots
from game.play.routes import Back, WatchReplay
from game.play.scenes.base import ListScene, Next
from game.play.widgets.layout import panel
from game.play.widgets.menu import MenuItem
from game.play.widgets.text import draw_text, fit_font
from game.run.level import Level
from game.run.replay import Replay, simulate
from game.run.review import Review, review
from game.text import t

#: Visits at which a tile glows hottest on the heat-map (twice: faintly warm).
HOTTEST = 6


class ReviewScene(ListScene):
    """How a run went, drawn over its maze."""

    def __init__(self, ctx: Context, level: Level, replay: Replay) -> None:
        self.level = level
        self.replay = replay
        self.review: Review = review(level.maze, simulate(replay, level.maze))
        super().__init__(ctx, [MenuItem(t("review.watch"), self._watch),
                               MenuItem(t("review.back"), lambda: Back())])
        self._map: Optional[tuple[tuple[int, theme.Theme], pygame.Surface]] = None

    def _watch(self) -> Next:
        """Watch the run's replay."""
        return WatchReplay(self.level, self.replay)

    def handle_event(self, event: Event) -> Optional[Next]:
        """Esc back; the menu does the rest (Enter watches)."""
        if keys.is_escape(event):
            return Back()
        return super().handle_event(event)

    def figures(self) -> list[tuple[str, str]]:
        """Return the review's figures as (name, value) rows."""
        r = self.review
        return [
            (t("review.moves"), str(r.moves)),
            (t("review.fewest"), str(r.fewest)),
            (t("review.efficiency"), t("complete.efficiency_value", percent=r.efficiency)),
            (t("review.time"), format_time(r.time)),
            (t("review.dead_ends"), str(r.dead_ends)),
            (t("review.revisited"), str(r.revisited)),
        ]

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Draw the map with the walk, the route and the heat; the figures and buttons."""
        pal = theme.current().ui
        label = level_title(self.level) or self.replay.level.name
        lay, top, bottom = self.draw_frame(surface, t("review.title", label=label),
                                           t("review.footer"))
        margin = lay.margin
        side_w = max(lay.px(330), min(lay.px(420), lay.width // 3))
        area = pygame.Rect(margin, top, max(1, lay.width - 3 * margin - side_w),
                           max(1, bottom - top))
        side = pygame.Rect(area.right + margin, top, side_w, max(1, bottom - top))
        self._draw_map(surface, area)
        panel(surface, side, radius=lay.px(16, lo=4))
        pad = lay.px(14, lo=3)
        inner = side.inflate(-2 * pad, -2 * pad)
        rows = self.figures()
        legend = self._legend()
        button_h = max(lay.px(44), 24)
        lines = len(rows) + len(legend) + 1
        line_h = max(12, min(lay.px(40), (inner.height - 2 * button_h - pad) // max(1, lines)))
        f = fit_font("M", min(lay.font_size(26), int(line_h * 0.8)), inner.width, min_size=10)
        y = inner.top + line_h // 2
        for name, value in rows:
            draw_text(surface, name, f, pal.text_dim, (inner.left, y), anchor="midleft",
                      max_width=inner.width * 2 // 3)
            draw_text(surface, value, f, pal.text, (inner.right, y), anchor="midright",
                      max_width=inner.width // 3)
            y += line_h
        y += line_h // 2
        swatch = max(6, line_h // 2)
        for colour, text in legend:
            pygame.draw.rect(surface, colour, (inner.left, y - swatch // 2, swatch, swatch))
            draw_text(surface, text, f, pal.text_dim, (inner.left + swatch + pad // 2, y),
                      anchor="midleft", max_width=inner.width - swatch - pad)
            y += line_h
        buttons = pygame.Rect(inner.left, inner.bottom - 2 * button_h - pad // 2, inner.width,
                              2 * button_h + pad // 2)
        self.menu.draw(surface, buttons, lay, font_size=min(lay.font_size(28), button_h * 2 // 3))

    def _legend(self) -> list[tuple[tuple[int, int, int], str]]:
        """Return the map's colours and what they mean."""
        th = theme.current()
        return [(th.classic.entrance, t("review.legend_walk")),
                (th.ui.accent, t("review.legend_route")),
                (th.ui.danger, t("review.legend_heat"))]

    def _draw_map(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Draw the reviewed maze fitted and centred in ``area`` (cached per size and theme)."""
        maze = self.level.maze
        tile = max(1, min(area.width // maze.cols, area.height // maze.rows))
        key = (tile, theme.current())
        if self._map is None or self._map[0] != key:
            self._map = (key, self.map_picture(tile))
        picture = self._map[1]
        rect = picture.get_rect(center=area.center)
        surface.blit(picture, rect)

    def map_picture(self, tile: int) -> pygame.Surface:
        """Return the maze at ``tile`` px a tile: heat, the route, the walk, keys and doors."""
        th = theme.current()
        maze = self.level.maze
        floor = np.array(th.classic.floor, dtype=np.float32)
        hot = np.array(th.ui.danger, dtype=np.float32)
        visits = self.review.heat.astype(np.float32)
        # walked twice is already a clear warm tint; HOTTEST times and more, the full colour
        glow = (0.25 + 0.75 * np.clip((visits - 1) / (HOTTEST - 1), 0, 1))[..., None]
        rgb = np.where((visits >= 2)[..., None], floor * (1 - glow) + hot * glow, floor)
        rgb[~kinds.walkable(maze.tiles)] = th.classic.wall
        small = pygame.surfarray.make_surface(rgb.astype(np.uint8).transpose(1, 0, 2))
        picture = pygame.transform.scale(small, (maze.cols * tile, maze.rows * tile))
        self._line(picture, self.review.route, tile, th.ui.accent, max(2, tile // 2))
        self._line(picture, self.review.walk, tile, th.classic.entrance, max(1, tile // 5))
        LockSpots(maze).draw_on_map(picture, picture.get_rect(), held=0)  # over the lines
        return picture

    @staticmethod
    def _line(picture: pygame.Surface, tiles: Sequence[Pos], tile: int,
              colour: tuple[int, int, int], width: int) -> None:
        """Draw a line through the centres of ``tiles``."""
        if len(tiles) < 2:
            return
        half = tile / 2
        points = [(c * tile + half, r * tile + half) for r, c in tiles]
        pygame.draw.lines(picture, colour, False, points, width)
