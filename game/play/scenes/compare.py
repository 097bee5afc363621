"""The compare page: every generator's bias side by side.

A row per generator: its name, a small sample maze, and a bar each for its dead ends,
straights, turns and junctions (shares of the cells) and its longest corridor (in
cells), each bar as long as the figure against the column's largest.  The
figures are measured while the page is open, a few mazes a frame
(:class:`game.lab.compare.Comparison`), so the bars grow as the numbers come in.  A window
too narrow for every column whole (the smallest, at 150 % text) shows them a page of columns
at a time, Left/Right turning the pages, rather than cut every head short (the names'
column takes the width the longest name needs where a quarter would cut it); one too low for
every row in readable text a page of generators, Up/Down turning those.  Opened from the
lab with C and by ``migong lab --compare``; Esc goes back.
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
    cells: list[pygame.Rect]  # the bar columns shown, spanning the table's height
    text: pygame.font.Font
    bottom: int  # the footer's top
    columns: list[str]  # the keys of the columns shown, one per cell
    page: int  # which page of columns is shown
    pages: int  # how many pages the columns take (1: all at once)
    names: list[str]  # the generators shown, one per row
    row_page: int  # which page of generators is shown
    row_pages: int  # how many pages the generators take (1: all at once)


class CompareScene(Scene):
    """Every generator's figures in a table of bars, measured while it is shown."""

    FRAME_RATE = 60

    def __init__(self, ctx: Context, comparison: Optional[Comparison] = None) -> None:
        super().__init__(ctx)
        self.comparison = comparison or Comparison()
        self._samples: dict[tuple[str, int, int, theme.Theme], pygame.Surface] = {}
        self.last: Optional[Table] = None  # the layout last drawn
        self.page = 0  # the page of columns shown, in a window too narrow for all
        self.row_page = 0  # the page of generators shown, in a window too low for all

    def look(self) -> Optional[Hashable]:
        """Return what the page shows: the mazes measured so far, the page of columns."""
        return (self.comparison.progress, theme.current(), language(), self.page,
                self.row_page)

    def handle_event(self, event: Event) -> Optional[Next]:
        """Esc or Enter goes back; Left/Right turn the pages of columns, Up/Down of rows."""
        key = pressed(event)
        if keys.is_back(event) or key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return Back()
        step = keys.direction(key)
        tab = self.last
        if step is not None and tab is not None:
            if step[1] and tab.pages > 1:
                self.page = (self.page + step[1]) % tab.pages
            if step[0] and tab.row_pages > 1:
                self.row_page = (self.row_page + step[0]) % tab.row_pages
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
        per = len(names)  # the generators a page shows: all, unless the smallest text won't fit
        line = room // (per + 1)
        text = font(max(min_font(), min(lay.font_size(20), int(unscaled(line * 0.7)))))
        if text.get_linesize() > line + 2:
            per = max(1, room // text.get_linesize() - 1)
            line = room // (per + 1)
            text = font(max(min_font(), min(lay.font_size(20), int(unscaled(line * 0.7)))))
        row_pages = -(-len(names) // per)
        row_page = self.row_page % row_pages
        head = pygame.Rect(margin, caption.bottom + lay.px(8), width, line)
        sample_side = max(4, line - lay.px(4, lo=1))
        needs = {key: column_need(text, key) for key in COLUMNS}
        gap = lay.px(24, lo=2)
        # the names' column: a quarter of the width, or the head's whole (in a narrow window);
        # where that cuts a name, as wide as the names while the widest column (and a gap as
        # between columns, which leaves its figure less than half) fits beside it
        widest = max(text.size(generator_label(name))[0] for name in names)
        name_w = min(max(int(width * 0.24), text.size(t("compare.generator"))[0] + lay.px(4)),
                     widest + lay.px(16))
        if widest > name_w - lay.px(4):
            spare = width - sample_side - lay.px(12, lo=2) - gap - max(needs.values())
            name_w = max(name_w, min(widest + lay.px(16), spare))
        left = margin + name_w + sample_side + lay.px(12, lo=2)
        room = margin + width - left
        pages = column_pages([needs[key] for key in COLUMNS], room, gap)
        page = self.page % len(pages)
        shown = [COLUMNS[i] for i in pages[page]]
        widths = cell_widths([needs[key] for key in shown], room, gap)
        listed = names[row_page * per: (row_page + 1) * per]
        rows = [pygame.Rect(margin, head.bottom + i * line, width, line)
                for i in range(len(listed))]
        cells, x = [], left
        for cell_w in widths:  # as tall as a whole page of rows, on its last page too
            cells.append(pygame.Rect(x, head.top, cell_w, line * (per + 1)))
            x += cell_w + gap
        return Table(title, caption, head, rows, name_w, sample_side, cells, text, bottom,
                     shown, page, len(pages), listed, row_page, row_pages)

    # -- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Draw the title, the caption, a row per generator and the footer."""
        ui = theme.current().ui
        lay = Layout.of(surface)
        surface.fill(ui.bg)
        bottom = footer(surface, t("compare.footer"), lay)
        tab = self.last = self.table(surface, bottom)
        hint = footer_text(tab)
        if hint != t("compare.footer"):  # how to turn the pages (no taller: the same fit)
            surface.fill(ui.bg, pygame.Rect(0, bottom, surface.get_width(),
                                            surface.get_height() - bottom))
            footer(surface, hint, lay)
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
        panel(surface, tab.head.union(tab.cells[0]).inflate(lay.px(12), lay.px(6)),
              radius=lay.px(10, lo=3))
        f = tab.text
        draw_text(surface, t("compare.generator"), f, ui.text_dim,
                  (tab.head.left, tab.head.centery), anchor="midleft", max_width=tab.name_w)
        for key, cell in zip(tab.columns, tab.cells):
            draw_text(surface, t(HEADS[key]), f, ui.text_dim, (cell.left, tab.head.centery),
                      anchor="midleft", max_width=cell.width)
        colours = dict(zip(COLUMNS, bar_colours()))
        tops = {key: comp.column_top(key) for key in tab.columns}
        for name, row in zip(tab.names, tab.rows):
            draw_text(surface, generator_label(name), f, ui.text, (row.left, row.centery),
                      anchor="midleft", max_width=tab.name_w - lay.px(4))
            image = self._sample(name, tab.sample)
            surface.blit(image, image.get_rect(midleft=(row.left + tab.name_w, row.centery)))
            summary = comp.summary(name)
            for key, cell in zip(tab.columns, tab.cells):
                value = None if summary is None else summary.mean[key]
                self._bar(surface, pygame.Rect(cell.left, row.top, cell.width, row.height),
                          f, colours[key], value, tops[key], key)

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


def footer_text(tab: Table) -> str:
    """Return the footer's line: Esc, and the keys that turn the pages there are."""
    cols, rows = (tab.page + 1, tab.pages), (tab.row_page + 1, tab.row_pages)
    if tab.pages > 1 and tab.row_pages > 1:
        return t("compare.footer_both", page=cols[0], pages=cols[1], row=rows[0], rows=rows[1])
    if tab.row_pages > 1:
        return t("compare.footer_rows", row=rows[0], rows=rows[1])
    if tab.pages > 1:
        return t("compare.footer_pages", page=cols[0], pages=cols[1])
    return t("compare.footer")


def column_need(f: pygame.font.Font, key: str) -> int:
    """Return the width a column needs in ``f``: its head whole, its figure in half of it."""
    widest = figure(key, 0.888 if key != "longest_corridor" else 88.8)
    return max(f.size(t(HEADS[key]))[0], 2 * f.size(widest)[0] + 1)


def column_pages(needs: list[int], room: int, gap: int) -> list[list[int]]:
    """Return the columns (indices, in order) on each page: all on one if they fit ``room``.

    Equal cells as wide as the widest need fit all at once; else each page takes the next
    columns while their needs and gaps fit (a column wider than ``room`` has a page alone).
    """
    count = len(needs)
    if (room - gap * (count - 1)) // count >= max(needs):
        return [list(range(count))]
    pages: list[list[int]] = [[]]
    used = 0
    for i, need in enumerate(needs):
        if pages[-1] and used + gap + need > room:
            pages.append([])
        used = need if not pages[-1] else used + gap + need
        pages[-1].append(i)
    return pages


def cell_widths(needs: list[int], room: int, gap: int) -> list[int]:
    """Return the cells' widths on a page: equal where that fits, else each its need and a share."""
    count = len(needs)
    equal = (room - gap * (count - 1)) // count
    if equal >= max(needs):
        return [equal] * count
    spare = max(0, room - gap * (count - 1) - sum(needs)) // count
    return [need + spare for need in needs]


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

