"""A leaderboard: the day's top daily runs (or a level code's), read in the background.

The board is fetched in a daemon thread (:class:`game.server.live.BoardFetch`) and
polled each frame: "Loading", then each player's best run (place, name, time, moves),
the player's own rows marked, or one line saying why not (offline, or what the server
said).  A campaign level's board is titled by the level's name.  R reads it again; Esc
goes back.
"""

from __future__ import annotations

from typing import Any, Optional

import pygame

from game.levels import campaign_match, parse_level_code
from game.names import format_time, level_name
from game.play import input as keys
from game.play import theme
from game.play.context import Context
from game.play.input import Event, pressed
from game.play.routes import Back
from game.play.scenes.base import MenuScene, Next
from game.play.widgets.layout import panel
from game.play.widgets.text import draw_text, font, min_font, unscaled, wrap
from game.server.live import BoardFetch, BoardView, best_per_player
from game.text import t

#: Players shown: the top ten.
TOP = 10
#: Runs asked for: enough that a few players' many runs still leave ten players.
FETCHED = 100


class BoardScene(MenuScene):
    """The top runs of one board (``kind`` "daily" and a date, or "code" and a level code)."""

    def __init__(self, ctx: Context, kind: str, key: str) -> None:
        super().__init__(ctx)
        self.kind, self.key = kind, key
        self.fetch: Optional[BoardFetch] = None
        self.view = BoardView("loading")

    def on_enter(self) -> None:
        """Start reading the board (once; R reads it again)."""
        if self.fetch is None:
            self._load()

    def _load(self) -> None:
        """Read the board in the background (offline at once when no server is set)."""
        server = self.ctx.settings.leaderboard.server
        if not server:
            self.fetch, self.view = None, BoardView("unset")
            return
        self.fetch = BoardFetch(server, self.kind, self.key, FETCHED)
        self.view = self.fetch.poll()

    def handle_event(self, event: Event) -> Optional[Next]:
        """Esc or Enter goes back; R reads the board again."""
        if keys.is_back(event) or pressed(event) in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return Back()
        if pressed(event) == pygame.K_r:
            self._load()
        return None

    def update(self, dt: float) -> Optional[Next]:
        """Take the board once it arrived (never waits for it)."""
        if self.fetch is not None:
            self.view = self.fetch.poll()
        return super().update(dt)

    def heading(self) -> str:
        """Return the board's title: the day's daily maze, a campaign level's name, or the code."""
        if self.kind == "daily":
            return t("board.title_daily", date=self.key)
        name = self.level_name()
        if name:
            return t("board.title_level", name=name)
        return t("board.title_code", code=self.key)

    def level_name(self) -> str:
        """Return the name of the campaign level whose code the board is ("" for any other)."""
        if self.kind != "code":
            return ""
        try:
            spec = campaign_match(parse_level_code(self.key))
        except ValueError:
            return ""
        return level_name(spec) if spec is not None and spec.name else ""

    def players(self) -> list[dict[str, Any]]:
        """Return the rows to show: each player's best run, top first."""
        return best_per_player(self.view.entries)[:TOP]

    def message(self) -> str:
        """Return the one line shown instead of runs ("" when there are runs to show)."""
        view = self.view
        if view.state == "loading":
            return t("board.loading")
        if view.state == "offline":
            return t("board.offline")
        if view.state == "refused":
            return t("board.refused", reason=view.reason)
        if view.state == "bad":
            return t("board.bad")
        if view.state == "unset":
            return t("board.unset")
        return "" if view.entries else t("board.empty")

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the runs as a table (or the loading or offline line)."""
        pal = theme.current().ui
        lay, top, bottom = self.draw_frame(surface, self.heading(), t("board.footer"))
        box = lay.column(top, bottom, width=860)
        panel(surface, box, radius=lay.px(16, lo=4))
        pad = lay.px(16, lo=3)
        inner = box.inflate(-2 * pad, -2 * pad)
        if self.level_name():  # the code under the level's name, small
            small = font(max(min_font(), lay.font_size(20)))
            draw_text(surface, t("board.code", code=self.key), small, pal.text_dim,
                      (inner.centerx, inner.top), anchor="midtop", max_width=inner.width)
            inner.height -= small.get_linesize()
            inner.top += small.get_linesize()
        note = self.message()
        if note:  # on lines of its own: a server's reason may be long
            f = font(max(min_font(), lay.font_size(32)))
            lines = wrap(note, f, inner.width)
            step = f.get_linesize()
            y = inner.centery - step * (len(lines) - 1) // 2
            for i, text in enumerate(lines):
                draw_text(surface, text, f, pal.text_dim, (inner.centerx, y + i * step),
                          max_width=inner.width)
            return
        rows = self.players()
        me = self.ctx.settings.leaderboard.player
        line = max(round(min_font() * 1.3), min(lay.px(48), inner.height // (len(rows) + 2)))
        f = font(max(min_font(), min(lay.font_size(30), int(unscaled(line * 0.8)))))
        cols = (0.0, 0.12, 0.62, 0.84)  # rank, name, time, moves: where each starts
        heads = ("#", t("board.player"), t("board.time"), t("board.moves"))
        y = inner.top + line // 2
        for i, head in enumerate(heads):
            draw_text(surface, head, f, pal.text_dim, (inner.left + int(cols[i] * inner.width), y),
                      anchor="midleft", max_width=self._room(cols, i, inner.width))
        shown = max(0, (inner.height - 2 * line) // line)  # a line kept for the total
        for entry in rows[:shown]:
            y += line
            cells = (str(entry.get("rank", "")), str(entry.get("player", "")),
                     _time(entry.get("time")), str(entry.get("moves", "")))
            mine = bool(me) and entry.get("player") == me
            best = entry.get("rank") == 1
            band = pygame.Rect(inner.left - pad // 2, y - line // 2, inner.width + pad, line)
            if mine:  # the player's own row: a band, its text in the teal of "yours"
                pygame.draw.rect(surface, pal.tile_open, band, border_radius=lay.px(8, lo=2))
            if best:  # the best: a gold edge and its place in gold
                pygame.draw.rect(surface, pal.accent, band, width=max(1, lay.px(2)),
                                 border_radius=lay.px(8, lo=2))
            colour = pal.teal if mine else pal.text
            for i, cell in enumerate(cells):
                draw_text(surface, cell, f, pal.accent if best and i == 0 else colour,
                          (inner.left + int(cols[i] * inner.width), y),
                          anchor="midleft", max_width=self._room(cols, i, inner.width))
        if self.view.total > len(rows[:shown]):
            draw_text(surface, t("board.total", runs=self.view.total), f, pal.text_dim,
                      (inner.right, inner.bottom), anchor="bottomright", max_width=inner.width)

    @staticmethod
    def _room(cols: tuple[float, ...], i: int, width: int) -> int:
        """Return the width of column ``i`` in pixels, less a small gap."""
        end = cols[i + 1] if i + 1 < len(cols) else 1.0
        return max(8, int((end - cols[i]) * width) - 4)


def _time(value: Any) -> str:
    """Return a run's time as the game writes times ("" when the board gave none)."""
    return format_time(value) if isinstance(value, (int, float)) else ""
