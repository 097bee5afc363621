"""The level select screen: the campaign grouped by chapter, each chapter a heading and a
grid of its levels; locked levels locked, stars and best moves shown, the selected
level's facts below."""

from __future__ import annotations

from typing import Callable, Optional, Union

import pygame

from game.levels import CAMPAIGN, CHAPTERS, LevelSpec, chapter_of, level_code
from game.play import input as keys
from game.play import theme
from game.play.context import Context
from game.play.input import Event, KeyDown, KeyRepeat, PointerMove, Wheel
from game.names import algorithm_name, chapter_name, format_time, level_label
from game.play.routes import StartLevel, ToTitle
from game.play.scenes.base import MenuScene, Next
from game.play.widgets.layout import Layout
from game.play.widgets.shapes import draw_lock, draw_scroll_marks, draw_stars
from game.play.widgets.text import draw_text, fit_font, font, min_font, text_scale, unscaled
from game.text import t


#: A line of the grid: a chapter's heading (its number) or a row of level indexes.
Line = Union[int, list[int]]


def grid_lines(cols: int) -> list[Line]:
    """Return the grid's lines: each chapter's heading, then its levels ``cols`` a row."""
    lines: list[Line] = []
    first = 0
    for number, chapter in enumerate(CHAPTERS):
        lines.append(number)
        indexes = list(range(first, first + len(chapter.levels)))
        lines += [indexes[i:i + cols] for i in range(0, len(indexes), cols)]
        first += len(chapter.levels)
    return lines


def vertical_step(lines: list[Line], index: int, step: int) -> int:
    """Return the level one row of levels above (``step`` -1) or below (+1) ``index``.

    The column is kept (clamped to a shorter row); past the first or last row, stay.
    """
    rows = [line for line in lines if isinstance(line, list)]
    here = next(r for r, row in enumerate(rows) if index in row)
    target = here + step
    if not 0 <= target < len(rows):
        return index
    column = rows[here].index(index)
    return rows[target][min(column, len(rows[target]) - 1)]


def level_kind(spec: LevelSpec) -> str:
    """Return the generator's name, with the level's keys and fog when it has them."""
    kind = algorithm_name(spec)
    if spec.keys and spec.fog:
        return t("levels.kind_keys_fog", algorithm=kind, keys=spec.keys)
    if spec.keys:
        return t("levels.kind_keys", algorithm=kind, keys=spec.keys)
    if spec.fog:
        return t("levels.kind_fog", algorithm=kind)
    return kind


def draw_key_mark(surface: pygame.Surface, center: tuple[float, float], s: int,
                  color: theme.Color) -> None:
    """Draw a small key, ``s`` px from its bow's centre to its tip, lying to the right."""
    x, y = round(center[0] - s * 0.5), round(center[1])
    ring = max(2, round(s * 0.3))
    width = max(1, round(s * 0.14))
    pygame.draw.circle(surface, color, (x, y), ring, width)
    tip = x + s
    pygame.draw.line(surface, color, (x + ring, y), (tip, y), width + 1)
    pygame.draw.line(surface, color, (tip - width, y), (tip - width, y + ring), width + 1)
    pygame.draw.line(surface, color, (tip - ring - width, y), (tip - ring - width, y + ring * 0.8),
                     width + 1)


def draw_fog_mark(surface: pygame.Surface, center: tuple[float, float], s: int,
                  color: theme.Color) -> None:
    """Draw a small cloud of fog, ``s`` px wide, as three puffs on a flat base."""
    cx, cy = center
    r = max(2, round(s * 0.24))
    for dx, dy, k in ((-0.28, 0.08, 0.9), (0.0, -0.1, 1.15), (0.28, 0.08, 0.9)):
        pygame.draw.circle(surface, color, (round(cx + dx * s), round(cy + dy * s)), round(r * k))
    pygame.draw.rect(surface, color, pygame.Rect(round(cx - s * 0.28), round(cy + 0.08 * s),
                                                 round(s * 0.56), r))


class LevelSelectScene(MenuScene):
    """The campaign by chapter: arrows or the mouse choose, Enter or a click plays."""

    def __init__(self, ctx: Context, selected: Optional[int] = None) -> None:
        super().__init__(ctx)
        self.levels = CAMPAIGN
        last = max(0, min(ctx.progress.unlocked, len(self.levels)) - 1)
        self.selected = last if selected is None else max(0, min(selected, len(self.levels) - 1))
        self.cols = 6
        self.scroll = 0  # first visible line (a heading or a row of levels)
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
            for _ in range(min(abs(event.steps), len(self.levels))):
                self._step_by((-1 if event.steps > 0 else 1, 0))()
        return None

    def _step_by(self, step: tuple[int, int]) -> Callable[[], bool]:
        """Return the move an arrow makes: left/right one level, up/down one row of levels."""
        if step[0]:
            return lambda: self._move(
                vertical_step(grid_lines(self.cols), self.selected, step[0]) - self.selected)
        return lambda: self._move(step[1])

    def _key(self, key: int) -> Optional[Next]:
        """Apply a key press: arrows move (held: keep moving), Home/End jump, Enter plays."""
        step = keys.direction(key)
        if step is not None:
            move = self._step_by(step)
            move()
            self.held.press(key, move)
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
        """Draw the chapters and their levels (scrolled to the selection), and the details."""
        lay, top, bottom = self.draw_frame(surface, t("levels.title"), t("levels.footer"))
        detail_f = font(lay.font_size(28))
        detail_h = detail_f.get_linesize() * 2 + lay.px(12, lo=4)
        grid_bottom = bottom - detail_h
        area = lay.column(top, grid_bottom, width=1100)
        gap = lay.px(12, lo=3)
        min_cell = max(52, lay.px(130))
        longest = max(len(chapter.levels) for chapter in CHAPTERS)
        self.cols = max(1, min(longest, 8, (area.width + gap) // (min_cell + gap)))
        cell_w = (area.width - gap * (self.cols - 1)) // self.cols
        cell_h = max(40, min(int(cell_w * 0.7), lay.px(120)))
        head_f = font(max(min_font(), lay.font_size(26)), bold=True)
        head_h = head_f.get_linesize() + gap
        lines = grid_lines(self.cols)
        heights = [head_h if isinstance(line, int) else cell_h + gap for line in lines]
        self._scroll_to(lines, heights, area.height + gap)
        self.cells = []
        y = area.top
        last = self.scroll
        for n in range(self.scroll, len(lines)):
            line = lines[n]
            # a line must fit, and a heading with the first row of its levels
            shown = heights[n] + (heights[n + 1] if isinstance(line, int) else 0)
            if y + shown - gap > area.bottom and n > self.scroll:
                break
            last = n
            if isinstance(line, int):
                self._draw_heading(surface, lay, head_f, line,
                                   pygame.Rect(area.left, y, area.width, head_h - gap // 2))
            else:
                for col, i in enumerate(line):
                    rect = pygame.Rect(area.left + col * (cell_w + gap), y, cell_w, cell_h)
                    self.cells.append((i, rect))
                    self._draw_cell(surface, lay, i, self.levels[i], rect)
            y += heights[n]
        s = lay.px(8, lo=4)
        x = min(area.right + min(lay.margin // 2, s * 2), lay.width - s - 1)
        draw_scroll_marks(surface, x, area.top, max(area.top, y - gap), s, up=self.scroll > 0,
                          down=last < len(lines) - 1)
        self._draw_details(surface, lay, detail_f, grid_bottom, bottom)

    def _scroll_to(self, lines: list[Line], heights: list[int], room: int) -> None:
        """Scroll so that the selected row, and its chapter's heading if it fits, are shown."""
        row = next(n for n, line in enumerate(lines)
                   if isinstance(line, list) and self.selected in line)
        heading = max(n for n in range(row + 1) if isinstance(lines[n], int))
        wanted = heading if sum(heights[heading:row + 1]) <= room else row
        if wanted < self.scroll:
            self.scroll = wanted
        while self.scroll < row and sum(heights[self.scroll:row + 1]) > room:
            self.scroll += 1
        while self.scroll > 0 and sum(heights[self.scroll - 1:]) <= room:
            self.scroll -= 1  # no empty space left below the last line

    def chapter_stars(self, number: int) -> tuple[int, range]:
        """Return the stars won on chapter ``number``'s unlocked levels, and its levels.

        A locked level played for practice (``play --level N``, its code) keeps its stars
        in the save, but they count once the level is unlocked, as its tile shows them.
        """
        _, span = chapter_of(sum(len(c.levels) for c in CHAPTERS[:number]))
        stars = self.ctx.progress.stars
        return sum(stars.get(level_code(self.levels[i]), 0) for i in span if self.unlocked(i)), span

    def _draw_heading(self, surface: pygame.Surface, lay: Layout, f: pygame.font.Font,
                      number: int, rect: pygame.Rect) -> None:
        """Draw a chapter's heading: its number and title, and the stars won in it."""
        pal = theme.current().ui
        won, span = self.chapter_stars(number)
        text = t("levels.chapter", number=number + 1, name=chapter_name(CHAPTERS[number]))
        stars = t("levels.chapter_stars", stars=won, total=3 * len(span))
        draw_text(surface, stars, f, pal.text_dim, (rect.right, rect.centery), anchor="midright",
                  max_width=rect.width // 3)
        draw_text(surface, text, f, pal.accent, (rect.left, rect.centery), anchor="midleft",
                  max_width=rect.width * 2 // 3 - lay.px(8))
        pygame.draw.line(surface, pal.panel_edge, (rect.left, rect.bottom - 1),
                         (rect.right, rect.bottom - 1))

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
        best_moves = self.ctx.progress.best_moves.get(code)
        has_moves = (rect.height >= 3.2 * min_font() * text_scale() and best_moves is not None)
        num_y = rect.top + rect.height * (0.34 if open_ else 0.42)
        draw_text(surface, str(i + 1), num_f, pal.text if open_ else pal.text_off,
                  (rect.centerx, num_y))
        if not open_:
            draw_lock(surface, (rect.centerx, rect.top + rect.height * 0.78),
                      max(4, rect.height // 9))
            return
        self._draw_marks(surface, spec, rect)
        stars = self.ctx.progress.stars.get(code, 0)
        star_r = max(3, min(rect.width // 11, rect.height // 9))
        star_y = rect.top + rect.height * (0.64 if has_moves else 0.72)
        draw_stars(surface, (rect.centerx, star_y), star_r, stars)
        if has_moves:
            # a fifth of the tile at 100 % text, more at larger text (up to 150 %: 0.27)
            share = min(0.27, 0.2 * (1 + (text_scale() - 1) * 0.7))
            tf = font(max(12, min(int(unscaled(rect.height * share)), lay.font_size(22))))
            draw_text(surface, t("levels.cell_moves", moves=best_moves), tf,
                      pal.text_dim, (rect.centerx, rect.bottom - tf.get_height() * 0.7),
                      max_width=rect.width - 4)

    @staticmethod
    def _draw_marks(surface: pygame.Surface, spec: LevelSpec, rect: pygame.Rect) -> None:
        """Draw a key mark and a fog mark in the top right corner of a level that has them."""
        marks = [m for m, has in ((draw_key_mark, spec.keys), (draw_fog_mark, spec.fog)) if has]
        s = max(8, min(rect.height // 5, rect.width // 6))
        color = theme.current().ui.text_dim
        x = rect.right - s * 0.5 - max(3, s // 3)
        for mark in marks:
            mark(surface, (x - s * 0.1, rect.top + s * 0.5 + max(3, s // 3)), s, color)
            x -= s * 1.6

    def _facts(self, spec: LevelSpec, code: str) -> str:
        """Return the facts line of an open level: generator, size, loops, keys, fog, code, best run."""
        algorithm, rows, cols = level_kind(spec), spec.rows, spec.cols
        loops = round(spec.loops * 100)
        best = self.ctx.progress.best_times.get(code)
        moves = self.ctx.progress.best_moves.get(code)
        if best is None or moves is None:
            if loops:
                return t("levels.facts_loops", algorithm=algorithm, rows=rows, cols=cols,
                         loops=loops, code=code)
            return t("levels.facts", algorithm=algorithm, rows=rows, cols=cols, code=code)
        if loops:
            return t("levels.facts_loops_best", algorithm=algorithm, rows=rows, cols=cols,
                     loops=loops, code=code, best=format_time(best), moves=moves)
        return t("levels.facts_best", algorithm=algorithm, rows=rows, cols=cols, code=code,
                 best=format_time(best), moves=moves)

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
            line2 = t("levels.locked_facts", algorithm=level_kind(spec), rows=spec.rows,
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
