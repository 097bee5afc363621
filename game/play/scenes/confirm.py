"""A yes/no question over the screen it was asked from: "Quit Migong?", "Reset all progress?"."""

from __future__ import annotations

from typing import Callable, Optional

import pygame

from game.play import input as keys
from game.play import theme
from game.play.context import Context
from game.play.input import Event
from game.play.routes import Back, Confirm
from game.play.scenes.base import Next, OverlayScene
from game.play.widgets.layout import Layout, panel
from game.play.widgets.menu import Menu, MenuItem
from game.play.widgets.text import draw_text, font, wrap


#: The question's text sizes, largest first: the first that fits it in four lines is used.
QUESTION_SIZES = (40, 34, 30, 26)


class ConfirmScene(OverlayScene):
    """Ask ``ask.question``: its yes answer follows ``ask.then``; no, Esc or a right click go back."""

    def __init__(self, ctx: Context, ask: Confirm,
                 under: Callable[[pygame.Surface], None]) -> None:
        super().__init__(ctx, under)
        self.ask = ask
        self.lines: list[str] = []  # the question's lines as last drawn
        self.menu: Menu[Next] = Menu([
            MenuItem(ask.yes, lambda: ask.then),
            MenuItem(ask.no, lambda: Back()),
        ], click=lambda: ctx.audio.play("click"), selected=0 if ask.yes_first else 1)

    def handle_event(self, event: Event) -> Optional[Next]:
        """Choose with the arrows (any of them), Enter or the mouse; Esc answers no."""
        if keys.is_back(event):
            return Back()
        super().handle_event(event)
        step = keys.direction(keys.pressed(event))
        if step is not None and step[1]:
            self.menu.move(step[1])
            return None
        return self.menu.handle_event(event)

    def update(self, dt: float) -> Optional[Next]:
        """Repeat a held Up/Down."""
        self.menu.update(dt)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the screen below dimmed, then the question and its two answers on a panel."""
        pal = theme.current().ui
        lay = Layout.of(surface)
        self.draw_under(surface)
        pad = lay.px(24, lo=4)
        width = min(lay.width - 2 * lay.margin, max(lay.px(640), 240))
        for size in QUESTION_SIZES:  # a long question at large text: smaller, never cut
            f = font(lay.font_size(size))
            lines = wrap(self.ask.question, f, max(20, width - 2 * pad))
            if len(lines) <= 4:
                break
        self.lines = lines
        text_h = len(lines) * f.get_linesize()
        menu_h = min(self.menu.preferred_height(lay, 40),
                     max(2 * f.get_linesize(), lay.height - 2 * lay.margin - text_h - 3 * pad))
        box = pygame.Rect(0, 0, width, min(lay.height, text_h + menu_h + 3 * pad))
        box.center = (lay.width // 2, lay.height // 2)
        panel(surface, box, alpha=255, radius=lay.px(18, lo=4))  # opaque: no menu shows through
        y = box.top + pad
        for line in lines:
            draw_text(surface, line, f, pal.text, (box.centerx, y), anchor="midtop",
                      max_width=width - 2 * pad)
            y += f.get_linesize()
        area = pygame.Rect(box.left + pad, y + pad, box.width - 2 * pad,
                           max(1, box.bottom - pad - (y + pad)))
        self.menu.draw(surface, area, lay, font_size=40)
