"""The menu list: rows chosen with the arrows (or the walking keys, or a pad), Enter or the
mouse; values changed with Left/Right (held keys repeat), drawn evenly in any area at one
font size that fits, scrolling when even the smallest rows do not all fit."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Generic, Optional, Sequence, TypeVar, Union

import pygame

from game.play import input as keys
from game.play import theme
from game.play.input import Event, KeyDown, KeyRepeat, PointerMove, Wheel
from game.play.widgets.layout import Layout
from game.play.widgets.shapes import draw_arrow, draw_scroll_marks
from game.play.widgets.text import draw_text, fit_size, font, min_font, text_scale, unscaled

R = TypeVar("R")
Label = Union[str, Callable[[], str]]


def clamp_step(i: int, steps: Sequence[object]) -> int:
    """Return step ``i`` kept within ``steps``: a held arrow stops at the ends, never wraps."""
    return max(0, min(len(steps) - 1, i))


@dataclass
class MenuItem(Generic[R]):
    """One row of a menu: activate with Enter/click, or adjust a value with Left/Right."""

    label: Label
    action: Optional[Callable[[], Optional[R]]] = None
    value: Optional[Callable[[], str]] = None
    adjust: Optional[Callable[[int], None]] = None
    enabled: Callable[[], bool] = lambda: True
    #: Holding Left/Right repeats the adjustment (off for on/off toggles).
    repeat: bool = True
    #: A shorter value ("BFS") shown when the full one does not fit the row.
    short: Optional[Callable[[], str]] = None
    #: Enter (or a click on the row) steps the value on; off where a stray Enter must not
    #: change it (the language: only Left/Right and the row's arrows do).
    enter_steps: bool = True

    def text(self) -> str:
        """Return the label text."""
        return self.label() if callable(self.label) else self.label


class Menu(Generic[R]):
    """A vertical list navigated by keys (Up/Down, Left/Right, Enter) and mouse."""

    def __init__(self, items: Sequence[MenuItem[R]], *,
                 click: Optional[Callable[[], object]] = None, selected: int = 0) -> None:
        self.items = list(items)
        self.click = click  # the sound of a choice
        self.selected = max(0, min(selected, len(self.items) - 1))
        self.rects: list[pygame.Rect] = []
        self.arrow_rects: list[tuple[Optional[pygame.Rect], Optional[pygame.Rect]]] = []
        self.held = KeyRepeat()
        self.first = 0  # the first row shown when they scroll
        #: The rows in a column as last drawn (fewer than all: side by side; Left/Right move).
        self.per_column = len(self.items)
        #: What the last draw chose: the text size, the labels' width and the values shown.
        self.size, self.label_width = 0, 0
        self.values: list[Optional[str]] = []
        if not self._enabled(self.selected):
            self._step(1)

    # ---- behaviour
    def _enabled(self, i: int) -> bool:
        """Return True when item ``i`` exists and is enabled."""
        return 0 <= i < len(self.items) and bool(self.items[i].enabled())

    def _click(self) -> None:
        """Play the menu click."""
        if self.click is not None:
            self.click()

    def _step(self, delta: int, *, wrap: bool = True) -> bool:
        """Move the selection to the next enabled row in ``delta`` direction."""
        n = len(self.items)
        i = self.selected
        for _ in range(n):
            i = i + delta if not wrap else (i + delta) % n
            if not 0 <= i < n:
                return False
            if self._enabled(i):
                break
        else:
            return False
        if i == self.selected:
            return False
        self.selected = i
        return True

    def select(self, i: int) -> bool:
        """Select item ``i`` if it is enabled; return True when the selection changed."""
        if not self._enabled(i) or i == self.selected:
            return False
        self.selected = i
        self._click()
        return True

    def move(self, delta: int, *, wrap: bool = True) -> bool:
        """Move the selection by ``delta`` enabled rows (wrapping); click when it moved."""
        moved = self._step(1 if delta > 0 else -1, wrap=wrap)
        if moved:
            self._click()
        return moved

    def _move_column(self, delta: int) -> bool:
        """Move to the next or previous column's row at the same height (side-by-side rows)."""
        n = len(self.items)
        if not 0 < self.per_column < n:
            return False
        column, row = divmod(self.selected, self.per_column)
        columns = -(-n // self.per_column)
        target = ((column + delta) % columns) * self.per_column + row
        return self.select(min(target, n - 1))

    def update(self, dt: float) -> bool:
        """Repeat the held arrow key's step; return True when it acted."""
        return self.held.update(dt)

    def _hold_move(self, key: int, delta: int) -> None:
        """Repeat a held Up/Down; a held key stops at the first or last row, never wraps."""
        self.held.press(key, lambda: self.move(delta, wrap=False))

    def _hold_adjust(self, key: int, delta: int) -> None:
        """Repeat a held Left/Right on the row selected now, while it stays selected."""
        row = self.selected
        if not self.items[row].repeat:
            self.held.clear()
            return
        self.held.press(key, lambda: self.selected == row and self.adjust(delta))

    def adjust(self, delta: int) -> bool:
        """Adjust the selected item's value by ``delta``; return True if it has one."""
        item = self.items[self.selected]
        if item.adjust is None or not item.enabled():
            return False
        item.adjust(delta)
        self._click()
        return True

    def activate(self) -> Optional[R]:
        """Run the selected item's action (or step its value forward); return its result."""
        item = self.items[self.selected]
        self.held.clear()  # this menu may be shown again later without the key's KEYUP
        if not item.enabled():
            return None
        if item.action is not None:
            self._click()
            return item.action()
        if item.adjust is not None and item.enter_steps:
            self.adjust(1)
        return None

    def hit(self, pos: tuple[int, int]) -> Optional[int]:
        """Return the index of the row under ``pos`` (from the last draw), or None."""
        for i, r in enumerate(self.rects):
            if r.collidepoint(pos):
                return i
        return None

    def handle_event(self, event: Event) -> Optional[R]:
        """Apply one event to the menu; return what an activated item's action returned."""
        if not self.items:
            return None
        self.held.handle_event(event)
        if isinstance(event, KeyDown):
            key = event.key
            step = keys.direction(key)
            if step is not None and step[0]:
                self._hold_move(key, step[0])
                self.move(step[0])
                return None
            if step is not None:
                if self.adjust(step[1]):
                    self._hold_adjust(key, step[1])
                else:
                    self.held.clear()
                    self._move_column(step[1])
                return None
            self.held.clear()
            return self.activate() if keys.is_confirm(key) else None
        if isinstance(event, PointerMove):
            i = self.hit(event.pos)
            if i is not None:
                self.select(i)
            return None
        pos = keys.left_click(event)
        if pos is not None:
            i = self.hit(pos)
            if i is None or not self._enabled(i):
                return None
            self.selected = i
            left, right = self.arrow_rects[i] if i < len(self.arrow_rects) else (None, None)
            if left is not None and left.collidepoint(pos):
                self.adjust(-1)
                return None
            if right is not None and right.collidepoint(pos):
                self.adjust(1)
                return None
            return self.activate()
        if isinstance(event, Wheel):
            self.move(-event.steps)
        return None

    # ---- drawing
    def row_height(self, lay: Layout, font_size: int) -> int:
        """Return the natural height of one row (taller with larger text)."""
        return lay.px(font_size * 1.45 * text_scale(), lo=16)

    @staticmethod
    def least_row_height(lay: Layout, font_size: int) -> int:
        """Return the height a row shrinks to before the list scrolls (3/4 of its text size)."""
        return font(lay.font_size(font_size * 0.75)).get_linesize() + 6

    def preferred_height(self, lay: Layout, font_size: int) -> int:
        """Return the height the rows would like (at a small size, what their text needs)."""
        row = max(self.row_height(lay, font_size), self.least_row_height(lay, font_size))
        return row * max(1, len(self.items))

    def rows_per_column(self, height: int, lay: Layout, font_size: int, columns: int) -> int:
        """Return the rows a column holds in ``height`` px: all, unless they go side by side.

        Side by side (up to ``columns``): plain rows (no values) that would scroll but fit so.
        """
        n = max(1, len(self.items))
        smallest = max(1, min(height, self.least_row_height(lay, font_size)))
        if (columns > 1 and height // smallest < n
                and all(item.value is None for item in self.items)):
            rows = -(-n // columns)
            if height // smallest >= rows:
                return rows
        return n

    def _values(self, size: int, width: int) -> list[Optional[str]]:
        """Return each row's value as shown: the short one when the full one crowds its label.

        Crowds: label and value overflow ``width`` px at the smallest text, the value over 46%.
        """
        low = font(min_font())
        shown: list[Optional[str]] = []
        for item in self.items:
            value = item.value() if item.value is not None else None
            if value is not None and item.short is not None:
                need = low.size(item.text())[0] + low.size(value)[0] + 4 * low.size("<")[0]
                if need > width and low.size(value)[0] > width * 0.46:
                    value = item.short()
            shown.append(value)
        return shown

    def _label_width(self, values: list[Optional[str]], size: int, width: int) -> int:
        """Return the labels' share of ``width`` px: 46%, or by need when that cuts one.

        By need: in proportion to the widest label and the widest value (30% to 70%).
        """
        f = font(size)
        arrows = 4 * f.size("<")[0]
        labels = [f.size(item.text())[0] for item, v in zip(self.items, values) if v is not None]
        texts = [f.size(v)[0] + arrows for v in values if v is not None]
        if not labels:
            return int(width * 0.46)
        need_l, need_v = max(labels), max(texts)
        if need_l <= width * 0.46 and need_v <= width * 0.54:
            return int(width * 0.46)
        share = need_l / (need_l + need_v)
        return int(width * max(0.3, min(0.7, share)))

    def draw(self, surface: pygame.Surface, area: pygame.Rect, lay: Layout,
             *, font_size: int = 40, columns: int = 1) -> None:
        """Draw the rows evenly inside ``area``, one font size shrunk until all fit.

        ``columns``: a list of plain rows (no values) that would scroll may go in up to that
        many columns instead, side by side, when then it fits (large text, a small window).
        """
        ui = theme.current().ui
        n = max(1, len(self.items))
        # rows shrink to fit until their text is 3/4 of its size (or the smallest readable);
        # past that they scroll (a long list, large text, a small window)
        smallest = min(area.height, self.least_row_height(lay, font_size))
        per_column = self.rows_per_column(area.height, lay, font_size, columns)
        self.per_column = per_column
        row_h = max(1, smallest, min(self.row_height(lay, font_size), area.height // per_column))
        shown = max(1, min(n, area.height // row_h))
        if per_column < n:  # side by side: every row in sight
            shown = n
        self.first = max(self.selected - shown + 1, min(self.first, self.selected, n - shown))
        pad = max(4, row_h // 3)
        top = area.top + max(0, (area.height - row_h * min(shown, per_column)) // 2)
        marks = lay.px(8, lo=4) if shown < n else 0
        column_w = area.width // (-(-n // per_column))
        inner_w = max(8, column_w - 2 * pad - 2 * marks)
        size = max(min_font(), min(lay.font_size(font_size), int(unscaled(row_h / 0.95))))
        values = self._values(size, inner_w)
        label_w = self._label_width(values, size, inner_w)
        value_w = inner_w - label_w
        for item, value in zip(self.items, values):  # the one size every row can use
            if value is None:
                size = min(size, fit_size(item.text(), size, inner_w))
            else:
                arrow_w = max(8, font(size).size("<")[0] * 2)
                size = min(size, fit_size(item.text(), size, label_w),
                           fit_size(value, size, value_w - 2 * arrow_w))
        f = font(size)
        arrow_w = max(8, f.size("<")[0] * 2)
        self.size, self.label_width, self.values = size, label_w, values
        self.rects, self.arrow_rects = [], []
        for i, item in enumerate(self.items):
            if not self.first <= i < self.first + shown:  # scrolled out of sight
                self.rects.append(pygame.Rect(0, 0, 0, 0))
                self.arrow_rects.append((None, None))
                continue
            column, row = divmod(i - self.first, per_column)
            r = pygame.Rect(area.left + column * column_w, top + row * row_h,
                            column_w - 2 * marks, row_h)
            hi = r.inflate(0, -max(2, row_h // 8))
            self.rects.append(r)
            enabled = item.enabled()
            chosen = i == self.selected and enabled
            if chosen:
                pygame.draw.rect(surface, ui.accent, hi, border_radius=max(2, row_h // 4))
            color = ui.accent_dark if chosen else (ui.text if enabled else ui.text_off)
            label = item.text()
            left_rect = right_rect = None
            if item.value is not None:
                draw_text(surface, label, f, color, (hi.left + pad, hi.centery),
                          anchor="midleft", max_width=label_w)
                vx = hi.right - pad - value_w // 2
                draw_text(surface, values[i] or "", f, color, (vx, hi.centery),
                          max_width=max(8, value_w - 2 * arrow_w))
                if item.adjust is not None and enabled:
                    acol = color if chosen else ui.text_dim
                    left_rect = pygame.Rect(hi.right - pad - value_w, hi.top, arrow_w, hi.height)
                    right_rect = pygame.Rect(hi.right - pad - arrow_w, hi.top, arrow_w, hi.height)
                    draw_arrow(surface, left_rect, -1, acol)
                    draw_arrow(surface, right_rect, 1, acol)
            else:
                draw_text(surface, label, f, color, hi.center, max_width=inner_w)
            self.arrow_rects.append((left_rect, right_rect))
        if marks:
            draw_scroll_marks(surface, area.right - marks, top, top + shown * row_h - 1, marks,
                              up=self.first > 0, down=self.first + shown < n)
