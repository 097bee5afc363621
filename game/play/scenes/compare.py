"""The compare page: every generator's bias side by side.

A row per generator: its name, a small sample maze, and a bar each for its dead ends,
straights, turns and junctions (shares of the cells) and its longest corridor (in
cells), each bar as long as the figure against the column's largest.  The
figures are measured while the page is open, a few mazes a frame
(:class:`game.lab.compare.Comparison`), so the bars grow as the numbers come in.  Opened
from the lab with C and by ``migong lab --compare``; Esc goes back.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Hashable, Optional

import numpy as np
import pygame

from game.lab.compare import COLUMNS, Comparison, sample
from game.maze import tiles as kinds
from game.names import generator_label
from game.play import input as keys
from game.play import theme
from game.play.context import Context
from game.play.input import Event, pressed
from game.play.routes import Back
from game.play.scenes.base import Next, Scene
from game.play.widgets.layout import Layout, footer, panel
from game.play.widgets.text import draw_text, fit_font, font, min_font, unscaled
from game.text import language, t

#: A frame spends at most this long measuring (s).
MEASURE_BUDGET = 0.008
#: Each column's head in the catalogue.
HEADS = {"dead_ends": "compare.dead_ends", "straights": "compare.straights",
         "turns": "compare.turns", "junctions": "compare.junctions",
         "longest_corridor": "compare.longest_corridor"}
#: The sample mazes' sides in tiles: as big as their pixels allow, within these.
SAMPLE_SIDES = (9, 31)


@dataclass(frozen=True)
class Table:
    """Where the page's parts go on one surface, and the fonts they are written in."""

    title: pygame.Rect
    caption: pygame.Rect
    head: pygame.Rect  # the column heads' row
    rows: list[pygame.Rect]  # one per generator
    name_w: int  # the names' column
    sample: int  # the sample mazes' side in pixels
    cells: list[pygame.Rect]  # the bar columns, spanning the table's height
    text: pygame.font.Font
    bottom: int  # the footer's top


class CompareScene(Scene):
    """Every generator's figures in a table of bars, measured while it is shown."""

    FRAME_RATE = 60

    def __init__(self, ctx: Context, comparison: Optional[Comparison] = None) -> None:
        super().__init__(ctx)
        self.comparison = comparison or Comparison()
        self._samples: dict[tuple[str, int, int, theme.Theme], pygame.Surface] = {}
        self.last: Optional[Table] = None  # the layout last drawn

    def look(self) -> Optional[Hashable]:
        """Return what the page shows: the mazes measured so far."""
        return (self.comparison.progress, theme.current(), language())

    def handle_event(self, event: Event) -> Optional[Next]:
        """Esc or Enter goes back."""
        if keys.is_back(event) or pressed(event) in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return Back()
        return None

    def update(self, dt: float) -> Optional[Next]:
        """Measure the next mazes, within the frame's budget."""
        deadline = time.perf_counter() + MEASURE_BUDGET
        while self.comparison.step() and time.perf_counter() < deadline:
            pass
        return None

    # -- layout ---------------------------------------------------------------------------
    def table(self, surface: pygame.Surface, bottom: int) -> Table:
        """Return where everything goes on ``surface`` above ``bottom``: rows share the height."""
        lay = Layout.of(surface)
        margin = lay.px(24, lo=4)
        width = surface.get_width() - 2 * margin
        title_f = fit_font(t("compare.title"), lay.font_size(36), width, bold=True)
        title = pygame.Rect(margin, lay.px(12, lo=3), width, title_f.get_linesize())
        small = font(max(min_font(), lay.font_size(17)))
        caption = pygame.Rect(margin, title.bottom, width, small.get_linesize())
        names = self.comparison.names
        room = bottom - caption.bottom - lay.px(8)
        line = room // (len(names) + 1)
        text = font(max(min_font(), min(lay.font_size(20), int(unscaled(line * 0.7)))))
        head = pygame.Rect(margin, caption.bottom + lay.px(8), width, line)
        name_w = min(int(width * 0.24),
                     max(text.size(generator_label(name))[0] for name in names) + lay.px(16))
        sample_side = max(4, line - lay.px(4, lo=1))
        left = margin + name_w + sample_side + lay.px(12, lo=2)
        gap = lay.px(24, lo=2)
        cell_w = (margin + width - left - gap * (len(COLUMNS) - 1)) // len(COLUMNS)
        rows = [pygame.Rect(margin, head.bottom + i * line, width, line)
                for i in range(len(names))]
        cells = [pygame.Rect(left + i * (cell_w + gap), head.top, cell_w,
                             rows[-1].bottom - head.top) for i in range(len(COLUMNS))]
        return Table(title, caption, head, rows, name_w, sample_side, cells, text, bottom)

    # -- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Draw the title, the caption, a row per generator and the footer."""
        ui = theme.current().ui
        lay = Layout.of(surface)
        surface.fill(ui.bg)
        tab = self.last = self.table(surface, footer(surface, t("compare.footer"), lay))
        title_f = fit_font(t("compare.title"), lay.font_size(36), tab.title.width, bold=True)
        draw_text(surface, t("compare.title"), title_f, ui.accent, tab.title.topleft,
                  anchor="topleft", max_width=tab.title.width)
        comp = self.comparison
        rows, cols = comp.size
        caption = (t("compare.caption", mazes=comp.seeds, rows=rows, cols=cols) if comp.done
                   else t("compare.measuring", done=comp.progress, total=comp.total))
        small = font(max(min_font(), lay.font_size(17)))
        draw_text(surface, caption, small, ui.text_dim, tab.caption.topleft, anchor="topleft",
                  max_width=tab.caption.width)
        panel(surface, tab.head.union(tab.rows[-1]).inflate(lay.px(12), lay.px(6)),
              radius=lay.px(10, lo=3))
        f = tab.text
        draw_text(surface, t("compare.generator"), f, ui.text_dim,
                  (tab.head.left, tab.head.centery), anchor="midleft", max_width=tab.name_w)
        for key, cell in zip(COLUMNS, tab.cells):
            draw_text(surface, t(HEADS[key]), f, ui.text_dim, (cell.left, tab.head.centery),
                      anchor="midleft", max_width=cell.width)
        colours = bar_colours()
        tops = {key: comp.column_top(key) for key in COLUMNS}
        for name, row in zip(comp.names, tab.rows):
            draw_text(surface, generator_label(name), f, ui.text, (row.left, row.centery),
                      anchor="midleft", max_width=tab.name_w - lay.px(4))
            image = self._sample(name, tab.sample)
            surface.blit(image, image.get_rect(midleft=(row.left + tab.name_w, row.centery)))
            summary = comp.summary(name)
            for key, cell, colour in zip(COLUMNS, tab.cells, colours):
                value = None if summary is None else summary.mean[key]
                self._bar(surface, pygame.Rect(cell.left, row.top, cell.width, row.height),
                          f, colour, value, tops[key], key)

    def _bar(self, surface: pygame.Surface, cell: pygame.Rect, f: pygame.font.Font,
             colour: tuple[int, int, int], value: Optional[float], top: float, key: str) -> None:
        """Draw one figure: a bar against the column's largest and the figure beside it."""
        ui = theme.current().ui
        label = "" if value is None else figure(key, value)
        label_w = f.size(figure(key, 0.888) if key != "longest_corridor" else "88.8")[0]
        track = pygame.Rect(cell.left, 0, max(4, cell.width - label_w - f.size("  ")[0]),
                            max(3, cell.height // 3))
        track.centery = cell.centery
        pygame.draw.rect(surface, ui.tile_locked, track, border_radius=track.height // 2)
        if value is not None and top > 0:
            bar = track.copy()
            bar.width = max(track.height, int(track.width * min(1.0, value / top)))
            pygame.draw.rect(surface, colour, bar, border_radius=track.height // 2)
        if label:
            draw_text(surface, label, f, ui.text, (cell.right, cell.centery), anchor="midright")

    def _sample(self, name: str, side_px: int) -> pygame.Surface:
        """Return ``name``'s sample maze drawn ``side_px`` pixels a side (made once per size)."""
        tiles = max(SAMPLE_SIDES[0], min(SAMPLE_SIDES[1], (side_px // 3) | 1))
        look = theme.current()
        key = (name, tiles, side_px, look)
        image = self._samples.get(key)
        if image is None:
            walk = kinds.walkable(sample(name, tiles).tiles)
            colours = np.array([look.classic.wall, look.classic.floor], dtype=np.uint8)
            rgb = colours[walk.astype(np.uint8)]
            small = pygame.surfarray.make_surface(rgb.transpose(1, 0, 2))
            image = pygame.transform.scale(small, (side_px, side_px))
            self._samples[key] = image
        return image


def bar_colours() -> list[tuple[int, int, int]]:
    """Return each column's bar colour in the current theme."""
    look = theme.current()
    ui = look.ui
    return [ui.danger, ui.teal, ui.accent, look.hint.visited[:3], ui.text][: len(COLUMNS)]


def figure(key: str, value: float) -> str:
    """Return a column's figure as the page writes it: a share in percent, the longest corridor in cells."""
    if key == "longest_corridor":
        return f"{value:.1f}"
    return t("compare.percent", value=f"{100 * value:.1f}")

