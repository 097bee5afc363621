"""Settings > Leaderboard: send finished daily and code runs to a server, under a name.

Off by default.  The server's address and the player's name are typed in a field and
checked as the server checks them (an http(s) address; 1-24 letters, digits, spaces,
- or _, Chinese included); it turns on only once both are given.  "Today's board"
shows the day's daily board.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Optional

import pygame

from game.daily import utc_today
from game.play import input as keys
from game.play.context import Context
from game.play.input import Event
from game.play.routes import Back, OpenBoard
from game.play.scenes.base import ListScene, Next
from game.play.widgets.field import ACCEPT, CANCEL, TextField
from game.play.widgets.menu import MenuItem
from game.save import Leaderboard
from game.server.client import MAX_NAME, check_player, check_server
from game.text import t

#: Longest server address typed.
MAX_SERVER = 200
#: The address the server field's help line shows (``migong serve``'s own, by default).
EXAMPLE_SERVER = "http://127.0.0.1:8750"


class LeaderboardSettingsScene(ListScene):
    """The leaderboard's on/off, server and player name; saved at each change."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx, [
            MenuItem(lambda: t("leaderboard.send"), adjust=lambda d: self._toggle(),
                     action=self._toggle, repeat=False,
                     value=lambda: t("leaderboard.on") if self.board.on else t("leaderboard.off")),
            MenuItem(lambda: t("leaderboard.server"), self._ask_server,
                     value=lambda: self.board.server or t("leaderboard.unset")),
            MenuItem(lambda: t("leaderboard.player"), self._ask_player,
                     value=lambda: self.board.player or t("leaderboard.unset")),
            MenuItem(lambda: t("leaderboard.today"), self._today,
                     enabled=lambda: bool(self.board.server)),
            MenuItem(lambda: t("settings.back"), lambda: Back()),
        ])
        self.field: Optional[TextField] = None
        self._editing = ""  # "server" or "player" while the field is open

    @property
    def board(self) -> Leaderboard:
        """Return the leaderboard setting as saved."""
        return self.ctx.settings.leaderboard

    def _toggle(self) -> None:
        """Turn sending on (once the server and the name are given) or off."""
        if not self.board.on and not (self.board.server and self.board.player):
            self.ctx.toast(t("leaderboard.needs_both"))
            return
        self.ctx.set_leaderboard(replace(self.board, on=not self.board.on))

    def _ask_server(self) -> None:
        """Ask for the server's address."""
        self._open("server", TextField(t("leaderboard.server_prompt"), self.board.server,
                                       limit=MAX_SERVER, hint=t("leaderboard.server_help",
                                                           example=EXAMPLE_SERVER)))

    def _ask_player(self) -> None:
        """Ask for the player's name."""
        self._open("player", TextField(t("leaderboard.player_prompt"), self.board.player,
                                       limit=MAX_NAME, hint=t("leaderboard.player_help")))

    def _open(self, what: str, field: TextField) -> None:
        """Show ``field`` over the list, taking every key."""
        self.field, self._editing = field, what
        self.raw_keys = True
        pygame.key.start_text_input()

    def _close(self) -> None:
        """Close the field."""
        self.field, self._editing = None, ""
        self.raw_keys = False

    def _accept(self, field: TextField) -> None:
        """Keep the address or name typed, or say in the field why it will not do."""
        text = field.text.strip()
        try:
            if self._editing == "server":
                kept = replace(self.board, server=check_server(text) if text else "")
            else:
                kept = replace(self.board, player=check_player(text) if text else "")
        except ValueError:
            field.error = t("leaderboard.server_bad" if self._editing == "server"
                            else "leaderboard.player_bad")
            return
        if not (kept.server and kept.player):
            kept = replace(kept, on=False)  # nothing to send to, or no name to send under
        self.ctx.set_leaderboard(kept)
        self._close()

    def _today(self) -> Next:
        """Show today's daily board."""
        return OpenBoard("daily", utc_today().isoformat())

    def handle_event(self, event: Event) -> Optional[Next]:
        """Type into the open field; else change a row (Esc goes back)."""
        if self.field is not None:
            answer = self.field.handle_event(event)
            if answer == CANCEL:
                self._close()
            elif answer == ACCEPT:
                self._accept(self.field)
            return None
        if keys.is_back(event):
            return Back()
        return super().handle_event(event)

    def footer(self) -> str:
        """Return the footer of the row chosen: only the on/off row turns with Left/Right."""
        row = self.menu.selected
        if row == 0:
            return t("leaderboard.footer")
        if row in (1, 2):
            return t("leaderboard.footer_field")
        return t("leaderboard.footer_open")

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the rows (and the field over them while one is typed)."""
        lay, top, bottom = self.draw_frame(surface, t("leaderboard.title"), self.footer())
        self.menu_box(surface, lay, self.menu, top, bottom, width=900, font_size=34)
        if self.field is not None:
            self.field.draw(surface)
