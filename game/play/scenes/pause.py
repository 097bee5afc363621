"""The pause menu over the frozen, dimmed play view: Resume, Restart, Settings, Quit.

In a test play from the editor, Quit says it goes back to the editor (the navigator
takes it there).
"""

from __future__ import annotations

from typing import Callable, Optional

import pygame

from game.play import theme
from game.play.context import Context
from game.play.input import Event, is_escape, keymap, pressed
from game.play.routes import Back, OpenSettings, Play, ToTitle
from game.play.scenes.base import Next, OverlayScene
from game.play.widgets.layout import Layout, panel
from game.play.widgets.menu import Menu, MenuItem
from game.play.widgets.text import draw_text, font
from game.run.level import Level
from game.text import t


class PauseScene(OverlayScene):
    """Esc during play: a menu over the paused play view (drawn by ``under``)."""

    def __init__(self, ctx: Context, level: Level,
                 under: Callable[[pygame.Surface], None], *, testing: bool = False) -> None:
        super().__init__(ctx, under)
        self.level = level
        quit_label = "pause.to_editor" if testing else "pause.quit"
        self.menu: Menu[Next] = Menu([
            MenuItem(lambda: t("pause.resume"), lambda: Back()),
            MenuItem(lambda: t("pause.restart"), lambda: Play(self.level)),
            MenuItem(lambda: t("pause.settings"), lambda: OpenSettings()),
            MenuItem(lambda: t(quit_label), lambda: ToTitle()),
        ], click=lambda: ctx.audio.play("click"))

    def update(self, dt: float) -> Optional[Next]:
        """Repeat a held arrow key in the menu."""
        self.menu.update(dt)
        return None

    def handle_event(self, event: Event) -> Optional[Next]:
        """Esc (or the pause key, the pad's B or Start) resumes; the menu does the rest."""
        if is_escape(event) or keymap().action(pressed(event)) == "pause":
            return Back()
        super().handle_event(event)
        return self.menu.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the frozen play view dimmed, then the pause menu."""
        pal = theme.current().ui
        lay = Layout.of(surface)
        self.draw_under(surface)
        f = font(lay.font_size(72, lo=22), bold=True)
        menu_h = min(lay.height - 2 * lay.margin - f.get_height(),
                     self.menu.preferred_height(lay, 42))
        box_h = f.get_height() + menu_h + lay.px(40, lo=8)
        box_w = min(lay.width - 2 * lay.margin, max(lay.px(460), 240))
        box = pygame.Rect(0, 0, box_w, box_h)
        box.center = (lay.width // 2, lay.height // 2)
        panel(surface, box, alpha=255, radius=lay.px(18, lo=4))  # opaque: no walls run through
        draw_text(surface, t("pause.title"), f, pal.accent,
                  (box.centerx, box.top + lay.px(14, lo=3) + f.get_height() // 2),
                  shadow=pal.bg_deep)
        pad = lay.px(16, lo=3)
        area = pygame.Rect(box.left + pad, box.top + lay.px(20, lo=4) + f.get_height(),
                           box.width - 2 * pad, menu_h)
        self.menu.draw(surface, area, lay, font_size=42)
