"""The level select screen: the campaign as a grid, locked levels locked, stars and best
times shown, the selected level's facts below."""

from __future__ import annotations

from typing import Optional

import pygame

from game.levels import CAMPAIGN, LevelSpec, level_code
from game.play import input as keys
from game.play import theme
from game.play.context import Context
from game.play.input import Event, KeyDown, KeyRepeat, PointerMove, Wheel
from game.play.names import algorithm_name, format_time, level_label
from game.play.routes import StartLevel, ToTitle
from game.play.scenes.base import MenuScene, Next
from game.play.widgets.layout import Layout, footer, title_bar
from game.play.widgets.shapes import draw_lock, draw_scroll_marks, draw_stars
from game.play.widgets.text import draw_text, fit_font, font, min_font, text_scale, unscaled
from game.text import t


class LevelSelectScene(MenuScene):
    """A grid of the campaign: arrows or the mouse choose, Enter or a click plays."""

    def __init__(self, ctx: Context, selected: Optional[int] = None) -> None:
        super().__init__(ctx)
        self.levels = CAMPAIGN
        last = max(0, min(ctx.progress.unlocked, len(self.levels)) - 1)
        self.selected = last if selected is None else max(0, min(selected, len(self.levels) - 1))
        self.cols = 6
        self.scroll = 0  # first visible grid row
        self.visible_rows = 4
        self.cells: list[tuple[int, pygame.Rect]] = []
        self.message = ""
        self.message_time = 0.0
        self.held = KeyRepeat()

    def unlocked(self, index: int) -> bool:
        """Return True when campaign level ``index`` may be played."""
        return 0 <= index < self.ctx.progress.unlocked

    def _move(self, delta: int) -> bool:
        """Move the selection by ``delta`` levels (clamped), with a click; True if it moved."""
        new = max(0, min(len(self.levels) - 1, self.selected + delta))
        if new != self.selected:
            self.selected = new
            self.message = ""
            self.ctx.audio.play("click")
            return True
        return False

    def _choose(self, index: int) -> Optional[Next]:
        """Play level ``index`` if it is unlocked, else say why not."""
        if self.unlocked(index):
            self.ctx.audio.play("click")
            return StartLevel(index)
        self.ctx.audio.play("bump")
        self.message = t("levels.locked_message", previous=index, number=index + 1)
        self.message_time = theme.current().motion.locked_message_seconds
        return None

    def handle_event(self, event: Event) -> Optional[Next]:
        """Move over the grid with arrows/mouse; Enter or click plays; Esc goes back."""
        if keys.is_back(event):
            return ToTitle()
        self.held.handle_event(event)
        if isinstance(event, KeyDown):
            return self._key(event.key)
        if isinstance(event, PointerMove):
            for i, rect in self.cells:
                if rect.collidepoint(event.pos) and i != self.selected:
                    self._move(i - self.selected)
            return None
        pos = keys.left_click(event)
        if pos is not None:
            for i, rect in self.cells:
                if rect.collidepoint(pos):
                    self.selected = i
                    return self._choose(i)
            return None
        if isinstance(event, Wheel):
            self._move(-event.steps * self.cols)
        return None

    def _key(self, key: int) -> Optional[Next]:
        """Apply a key press: arrows move (held: keep moving), Home/End jump, Enter plays."""
        step = keys.direction(key)
        if step is not None:
            delta = step[0] * self.cols + step[1]
            self._move(delta)
            self.held.press(key, lambda: self._move(delta))
            return None
        self.held.clear()
        if key == pygame.K_HOME:
            self._move(-len(self.levels))
        elif key == pygame.K_END:
            self._move(len(self.levels))
        elif keys.is_confirm(key):
            return self._choose(self.selected)
        return None

    def update(self, dt: float) -> Optional[Next]:
        """Repeat a held arrow key; fade the lock message."""
        self.held.update(dt)
        self.message_time = max(0.0, self.message_time - max(0.0, dt))
        if self.message_time == 0.0:
            self.message = ""
        return super().update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the grid (scrolled to the selection) and the selected level's details."""
        lay = Layout.of(surface)
        self.draw_background(surface)
        top = title_bar(surface, t("levels.title"), lay)
        bottom = footer(surface, t("levels.footer"), lay)
        detail_f = font(lay.font_size(28))
        detail_h = detail_f.get_linesize() * 2 + lay.px(12, lo=4)
        grid_bottom = bottom - detail_h
        area = lay.column(top, grid_bottom, width=1100)
        n = len(self.levels)
        gap = lay.px(12, lo=3)
        min_cell = max(52, lay.px(130))
        self.cols = max(1, min(n, 8, (area.width + gap) // (min_cell + gap)))
        cell_w = (area.width - gap * (self.cols - 1)) // self.cols
        rows = -(-n // self.cols)
        cell_h = max(40, min(int(cell_w * 0.8), lay.px(150)))
        self.visible_rows = max(1, min(rows, (area.height + gap) // (cell_h + gap)))
        if self.visible_rows >= rows:
            cell_h = min(cell_h, (area.height + gap) // rows - gap) if rows else cell_h
            cell_h = max(cell_h, 40)
        sel_row = self.selected // self.cols
        if sel_row < self.scroll:
            self.scroll = sel_row
        elif sel_row >= self.scroll + self.visible_rows:
            self.scroll = sel_row - self.visible_rows + 1
        self.scroll = max(0, min(self.scroll, rows - self.visible_rows))
        grid_h = self.visible_rows * (cell_h + gap) - gap
        y0 = area.top + max(0, (area.height - grid_h) // 2)
        self.cells = []
        for i, spec in enumerate(self.levels):
            row, col = divmod(i, self.cols)
            if not self.scroll <= row < self.scroll + self.visible_rows:
                continue
            rect = pygame.Rect(area.left + col * (cell_w + gap),
                               y0 + (row - self.scroll) * (cell_h + gap), cell_w, cell_h)
            self.cells.append((i, rect))
            self._draw_cell(surface, lay, i, spec, rect)
        s = lay.px(8, lo=4)
        x = min(area.right + min(lay.margin // 2, s * 2), lay.width - s - 1)
        draw_scroll_marks(surface, x, y0, y0 + grid_h, s, up=self.scroll > 0,
                          down=self.scroll + self.visible_rows < rows)
        self._draw_details(surface, lay, detail_f, grid_bottom, bottom)

    def _draw_cell(self, surface: pygame.Surface, lay: Layout, i: int, spec: LevelSpec,
                   rect: pygame.Rect) -> None:
        """Draw one level tile: number, stars, best time, or a lock."""
        pal = theme.current().ui
        open_ = self.unlocked(i)
        chosen = i == self.selected
        radius = max(3, rect.height // 8)
        fill = pal.tile_open if open_ else pal.tile_locked
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        edge = pal.accent if chosen else (pal.panel_edge if open_ else pal.tile_locked_edge)
        pygame.draw.rect(surface, edge, rect, width=max(1, lay.px(3)) if chosen else 1,
                         border_radius=radius)
        code = level_code(spec)
        num_size = min(int(unscaled(rect.height // 2)), lay.font_size(56))
        num_f = font(max(min_font(), num_size), bold=True)
        has_time = (rect.height >= 3.2 * min_font() * text_scale()
                    and code in self.ctx.progress.best_times)
        num_y = rect.top + rect.height * (0.34 if open_ else 0.42)
        draw_text(surface, str(i + 1), num_f, pal.text if open_ else pal.text_off,
                  (rect.centerx, num_y))
        if not open_:
            draw_lock(surface, (rect.centerx, rect.top + rect.height * 0.78),
                      max(4, rect.height // 9))
            return
        stars = self.ctx.progress.stars.get(code, 0)
        star_r = max(3, min(rect.width // 11, rect.height // 9))
        star_y = rect.top + rect.height * (0.64 if has_time else 0.72)
        draw_stars(surface, (rect.centerx, star_y), star_r, stars)
        if has_time:
            tf = font(max(12, min(int(unscaled(rect.height // 5)), lay.font_size(22))))
            draw_text(surface, format_time(self.ctx.progress.best_times[code]), tf,
                      pal.text_dim, (rect.centerx, rect.bottom - tf.get_height() * 0.7),
                      max_width=rect.width - 4)

    def _facts(self, spec: LevelSpec, code: str) -> str:
        """Return the facts line of an open level: generator, size, loops, code, best time."""
        algorithm, rows, cols = algorithm_name(spec), spec.rows, spec.cols
        loops = round(spec.loops * 100)
        best = self.ctx.progress.best_times.get(code)
        if best is None:
            if loops:
                return t("levels.facts_loops", algorithm=algorithm, rows=rows, cols=cols,
                         loops=loops, code=code)
            return t("levels.facts", algorithm=algorithm, rows=rows, cols=cols, code=code)
        if loops:
            return t("levels.facts_loops_best", algorithm=algorithm, rows=rows, cols=cols,
                     loops=loops, code=code, best=format_time(best))
        return t("levels.facts_best", algorithm=algorithm, rows=rows, cols=cols, code=code,
                 best=format_time(best))

    def _draw_details(self, surface: pygame.Surface, lay: Layout, f: pygame.font.Font,
                      top: int, bottom: int) -> None:
        """Draw the name and facts of the selected level (or the lock message)."""
        pal = theme.current().ui
        spec = self.levels[self.selected]
        code = level_code(spec)
        width = lay.width - 2 * lay.margin
        line1 = level_label(self.selected, spec)
        if self.message:
            line2, color2 = self.message, pal.danger
        elif not self.unlocked(self.selected):
            line2 = t("levels.locked_facts", algorithm=algorithm_name(spec), rows=spec.rows,
                      cols=spec.cols)
            color2 = pal.text_off
        else:
            line2, color2 = self._facts(spec, code), pal.text_dim
        mid = (top + bottom) // 2
        f1 = fit_font(line1, int(unscaled(f.get_height() * 10 // 9 + 4)), width, bold=True)
        draw_text(surface, line1, f1, pal.accent, (lay.width // 2, mid - f.get_linesize() // 2),
                  max_width=width)
        f2 = fit_font(line2, int(unscaled(f.get_height() + 6)), width, min_size=12)
        draw_text(surface, line2, f2, color2, (lay.width // 2, mid + f.get_linesize() // 2),
                  max_width=width)
