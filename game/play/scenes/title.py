"""The title screen: Continue/New game, Level select, Custom maze, Daily maze, Enter a
code, Make a maze, Algorithm lab, Settings, Help, Quit.

Quit asks first ("Quit Migong?", Quit chosen to begin with: Enter twice quits), so a
stray Up (which wraps to Quit) and Enter never end the game by accident.
"""

from __future__ import annotations

from typing import Hashable, Optional

import pygame

from game.daily import daily_spec, utc_today
from game.levels import CAMPAIGN
from game.play import theme
from game.play.context import Context
from game.play.input import Event, is_escape, keymap
from game.play.routes import (
    BuildMaze,
    Confirm,
    OpenBoard,
    OpenHelp,
    OpenLab,
    OpenSettings,
    QuitGame,
    StartLevel,
    ToCustomMaze,
    ToEnterCode,
    ToLevelSelect,
    ToMakeMaze,
)
from game.play.scenes.base import ListScene, Next
from game.play.widgets.layout import Layout, footer, panel
from game.play.widgets.menu import MenuItem
from game.play.widgets.text import draw_text, fit_font, font, min_font, unscaled, wrap
from game.save import current_streak
from game.text import t


#: The menu's width (design px) per column and its text size.
MENU_WIDTH, MENU_FONT = 520, 44


class TitleScene(ListScene):
    """The title screen; Esc goes to Quit, and Esc again quits."""

    backdrop_dim = 0

    def __init__(self, ctx: Context) -> None:
        self.board_on = ctx.settings.leaderboard.on
        super().__init__(ctx, self._rows(), selected=ctx.title_row)
        self.notice: Optional[str] = None

    def _rows(self) -> list[MenuItem[Next]]:
        """Return the menu's rows (the day's board under the daily maze while the board is on)."""
        board: list[MenuItem[Next]] = ([MenuItem(lambda: t("title.board"), self._board)]
                                       if self.board_on else [])
        return [
            MenuItem(self._continue_label, self._continue),
            MenuItem(lambda: t("title.level_select"), lambda: ToLevelSelect()),
            MenuItem(lambda: t("title.custom_maze"), lambda: ToCustomMaze()),
            MenuItem(self._daily_label, self._daily),
            *board,
            MenuItem(lambda: t("title.enter_code"), lambda: ToEnterCode()),
            MenuItem(lambda: t("title.make_maze"), lambda: ToMakeMaze()),
            MenuItem(lambda: t("title.lab"), lambda: OpenLab()),
            MenuItem(lambda: t("title.settings"), lambda: OpenSettings()),
            MenuItem(lambda: t("title.help"), lambda: OpenHelp()),
            MenuItem(lambda: t("title.quit"), self._ask_quit),
        ]

    def on_enter(self) -> None:
        """Take the one-time notice (later titles do not show it); the cursor stays put.

        Back from Settings with the leaderboard turned on or off, the rows are made again
        (the day's board shown or gone), the cursor on the same row.
        """
        self.notice, self.ctx.notice = self.ctx.notice, None
        if self.board_on != self.ctx.settings.leaderboard.on:
            self.board_on = self.ctx.settings.leaderboard.on
            chosen = self.menu.items[self.menu.selected].text()
            self.menu.items = self._rows()
            texts = [item.text() for item in self.menu.items]
            self.menu.selected = texts.index(chosen) if chosen in texts else 0

    def on_exit(self) -> None:
        """Drop the notice (the player has read it); keep the row chosen for the next title."""
        self.notice = None
        self.ctx.title_row = self.menu.selected

    def _continue_index(self) -> int:
        """Return the campaign index Continue starts: the highest unlocked level."""
        return max(0, min(self.ctx.progress.unlocked, len(CAMPAIGN)) - 1)

    def _continue_label(self) -> str:
        """Return "New game" until the campaign was played on, else "Continue · Level N"."""
        if self.ctx.campaign_started:
            return t("title.continue", number=self._continue_index() + 1)
        return t("title.new_game")

    def _daily_label(self) -> str:
        """Return "Daily maze", with the streak while there is one."""
        days = current_streak(self.ctx.progress, utc_today())
        return t("title.daily_streak", days=days) if days else t("title.daily")

    @staticmethod
    def _daily() -> Next:
        """Build and play today's daily maze (the UTC date's)."""
        today = utc_today()
        return BuildMaze(daily_spec(today), None, t("level.daily", date=today.isoformat()), today)

    @staticmethod
    def _board() -> Next:
        """Show today's daily board."""
        return OpenBoard("daily", utc_today().isoformat())

    def _continue(self) -> Next:
        """Start the highest unlocked level."""
        return StartLevel(self._continue_index())

    @staticmethod
    def _ask_quit() -> Next:
        """Ask "Quit Migong?" (Quit chosen to begin with)."""
        return Confirm(t("title.quit_question"), t("title.quit_yes"), t("title.quit_no"),
                       QuitGame(), yes_first=True)

    def handle_event(self, event: Event) -> Optional[Next]:
        """Navigate the menu; Esc goes to Quit, and Esc again asks to quit."""
        if is_escape(event):
            quit_row = len(self.menu.items) - 1
            if self.menu.selected == quit_row:
                return self._ask_quit()
            self.menu.select(quit_row)
            return None
        return super().handle_event(event)

    def look(self) -> Hashable:
        """Return what the title shows: the backdrop's lights, the rows, the notice."""
        menu = self.menu
        return (self.backdrop.look(), menu.selected, menu.first,
                tuple(item.text() for item in menu.items), self.notice)

    @staticmethod
    def footer_text() -> str:
        """Return the footer line, with the fullscreen and mute keys as bound."""
        km = keymap()
        return t("title.footer", fullscreen=km.label("fullscreen", 1), mute=km.label("mute", 1))

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the maze motif, the name, the menu and (once) the notice."""
        pal = theme.current().ui
        lay = Layout.of(surface)
        self.draw_background(surface)
        top = lay.px(18, lo=4)
        if self.notice:
            top = self._draw_notice(surface, lay, top)
        bottom = footer(surface, self.footer_text(), lay)
        avail = bottom - top
        title_size = max(26, min(lay.font_size(150), int(unscaled(avail * 0.30))))
        name = t("title.name")
        f = fit_font(name, title_size, lay.width - 2 * lay.margin, bold=True, min_size=22)
        sub = font(max(min_font(), min(lay.font_size(30), int(unscaled(f.get_height() // 3)))))
        block_h = f.get_height() + sub.get_height()
        title_cy = top + max(f.get_height() // 2, int(avail * 0.16))
        # A dark band behind the name keeps it readable over the maze.
        band = pygame.Rect(0, title_cy - f.get_height() // 2 - lay.px(10),
                           lay.width, block_h + lay.px(20))
        panel(surface, band, alpha=200, radius=0, edge=pal.bg_deep)
        draw_text(surface, name, f, pal.accent, (lay.width // 2, title_cy), shadow=pal.bg_deep)
        draw_text(surface, t("title.tagline"), sub, pal.text_dim,
                  (lay.width // 2, title_cy + f.get_height() // 2 + sub.get_height() // 2),
                  max_width=lay.width - 2 * lay.margin)
        menu_top = band.bottom + lay.px(18, lo=4)
        menu_bottom = bottom - lay.px(4, lo=1)
        # large text in a small window: side by side, no scrolling, each column as wide as one
        columns = -(-len(self.menu.items) // self.menu.rows_per_column(
            menu_bottom - menu_top - 2 * lay.px(14, lo=3), lay, MENU_FONT, 2))
        self.menu_box(surface, lay, self.menu, menu_top, menu_bottom,
                      width=MENU_WIDTH * columns, font_size=MENU_FONT, columns=2)

    def _draw_notice(self, surface: pygame.Surface, lay: Layout, top: int) -> int:
        """Draw the one-time notice banner at the top; return the y below it."""
        pal = theme.current().ui
        width = lay.width - 2 * lay.margin
        f = font(lay.font_size(26))
        lines = wrap(self.notice or "", f, max(20, width - 2 * lay.px(12, lo=4)))[:3]
        h = len(lines) * f.get_linesize() + 2 * lay.px(10, lo=3)
        rect = pygame.Rect(lay.margin, top, width, h)
        pygame.draw.rect(surface, pal.notice_bg, rect, border_radius=lay.px(10, lo=3))
        pygame.draw.rect(surface, pal.accent, rect, width=1, border_radius=lay.px(10, lo=3))
        y = rect.top + lay.px(10, lo=3)
        for line in lines:
            draw_text(surface, line, f, pal.text, (rect.centerx, y), anchor="midtop",
                      max_width=width)
            y += f.get_linesize()
        return rect.bottom + lay.px(6, lo=2)
