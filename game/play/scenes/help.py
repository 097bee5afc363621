"""The help screen: every key as bound, and the gamepad's buttons, grouped; it scrolls when
the window is too small."""

from __future__ import annotations

from typing import Optional

import pygame

from game.play import input as keys
from game.play import theme
from game.play.context import Context
from game.play.input import Event, KeyDown, KeyRepeat, Wheel
from game.play.panels.chasers import pace
from game.names import hint_solver_label, hint_solvers
from game.play.routes import Back
from game.play.scenes.base import MenuScene, Next
from game.play.widgets.layout import panel
from game.play.widgets.shapes import draw_scroll_marks
from game.play.widgets.text import draw_text, font, wrap
from game.text import t

Section = tuple[str, list[tuple[str, str]]]


def help_sections() -> list[Section]:
    """Return the help's sections: a heading and (keys as bound, what they do) rows."""
    km = keys.keymap()
    walk = km.walk_label()
    pad = keys.key_label
    figures = pace()
    return [
        (t("help.goal"), [
            (t("help.goal_exit_keys"), t("help.goal_exit")),
            (t("help.goal_keys_keys"), t("help.goal_keys")),
            (t("help.goal_chasers_keys"), t("help.goal_chasers", chaser=figures["chaser"],
                                             walk=figures["walk"], scent=figures["scent"])),
            (t("help.goal_mud_keys"), t("help.goal_mud")),
            (t("help.goal_stars_keys"), t("help.goal_stars")),
        ]),
        (t("help.result"), [
            (t("help.result_next_keys"), t("help.result_next")),
            (t("help.result_retry_keys"), t("help.result_retry")),
            (t("help.back_keys"), t("help.result_title")),
            (t("help.result_skip_keys"), t("help.result_skip")),
        ]),
        (t("help.walking"), [
            (walk, t("help.walk")),
            (t("help.run_keys", walk=km.walk_label(1)), t("help.run")),
            (t("help.zoom_keys", zoom_in=km.label("zoom_in", 1), zoom_out=km.label("zoom_out", 1)),
             t("help.zoom")),
            (km.label("fit"), t("help.fit")),
            (km.label("map"), t("help.map")),
            (km.label("view"), t("help.view")),
            (f"{km.label('walk_up', 1)} {km.label('walk_down', 1)} {km.label('walk_left', 1)} "
             f"{km.label('walk_right', 1)}", t("help.fp_walk")),
            (f"{km.label('strafe_left', 1)} {km.label('strafe_right', 1)}", t("help.fp_strafe")),
            (km.label("pause"), t("help.pause")),
            ("Ctrl+C", t("help.copy_code")),
        ]),
        (t("help.hint"), [
            (km.label("hint"), t("help.hint_show")),
            (t("help.solver_keys", cycle=km.label("solver_next", 1), digits=km.solvers_label()),
             t("help.solver", solvers=", ".join(hint_solver_label(k) for k in hint_solvers()))),
            (f"{km.label('slower', 1)}  {km.label('faster', 1)}", t("help.speed")),
            (km.label("finish_hint"), t("help.finish")),
        ]),
        (t("help.menus"), [
            (t("help.choose_keys"), t("help.choose")),
            (t("help.change_keys"), t("help.change")),
            (t("help.back_keys"), t("help.back")),
            (t("help.quit_keys"), t("help.quit")),
            (t("help.fullscreen_keys", name=km.label("fullscreen", 1)), t("help.fullscreen")),
            (km.label("mute"), t("help.mute")),
            ("", t("help.controls")),
        ]),
        (t("help.gamepad"), [
            (f"{pad(keys.PAD_UP)} / {pad(keys.STICK_UP)}", t("help.pad_walk")),
            (pad(keys.PAD_A), t("help.pad_choose")),
            (pad(keys.PAD_B), t("help.pad_back")),
            (pad(keys.PAD_Y), t("help.pad_hint")),
            (pad(keys.PAD_X), t("help.pad_finish")),
            (pad(keys.PAD_START), t("help.pad_pause")),
            (f"{pad(keys.PAD_LB)} / {pad(keys.PAD_RB)}", t("help.pad_solver")),
        ]),
    ]


class HelpScene(MenuScene):
    """All the keys, grouped; scrolls when the window is too small to show them at once."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.sections = help_sections()
        self.scroll = 0
        self.max_scroll = 0
        self.columns: list[list[HelpLine]] = []  # the lines as last laid out, per column
        self.held = KeyRepeat()

    def _scroll_by(self, delta: int) -> bool:
        """Scroll by ``delta`` lines (clamped); return True when it scrolled."""
        new = max(0, min(self.max_scroll, self.scroll + delta))
        moved, self.scroll = new != self.scroll, new
        return moved

    def handle_event(self, event: Event) -> Optional[Next]:
        """Scroll with Up/Down (held: keeps scrolling) or the wheel; Esc/Enter/click go back."""
        self.held.handle_event(event)
        key = keys.pressed(event)
        if keys.is_back(event) or keys.is_confirm(key) or keys.left_click(event) is not None:
            return Back()
        if isinstance(event, KeyDown):
            step = keys.direction(key)
            if step is not None and step[0]:
                delta = step[0]
                self._scroll_by(delta)
                self.held.press(event.key, lambda: self._scroll_by(delta))
            else:
                self.held.clear()
        if isinstance(event, Wheel):
            self._scroll_by(-event.steps)
        return None

    def update(self, dt: float) -> Optional[Next]:
        """Repeat a held Up/Down; animate the backdrop."""
        self.held.update(dt)
        return super().update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the key table in one or two columns, long lines wrapped, scrolled if needed."""
        pal = theme.current().ui
        lay, top, bottom = self.draw_frame(surface, t("help.title"), t("help.footer"))
        box = lay.column(top, bottom, width=1180)
        pad = lay.px(20, lo=4)
        panel(surface, box, radius=lay.px(16, lo=4))
        inner = box.inflate(-2 * pad, -2 * pad)
        size = lay.font_size(HELP_FONT)
        kf, vf, hf = font(size, bold=True), font(size), font(size + 2, bold=True)
        col_gap = pad
        two = (inner.width - col_gap) // 2 >= vf.size("x" * TWO_COLUMNS_FROM)[0]
        n_cols = 2 if two else 1
        col_w = (inner.width - col_gap * (n_cols - 1)) // n_cols
        widest = max(kf.size(k)[0] for _, rows in self.sections for k, _ in rows)
        gap = max(pad // 2, kf.size("  ")[0])  # between a row's keys and its text
        key_w = min(widest + pad // 2 + gap, int(col_w * 0.4))
        value_w = max(1, col_w - key_w)
        columns: list[list[HelpLine]] = [[] for _ in range(n_cols)]
        for sec in help_lines(self.sections, kf, vf, max(1, key_w - pad // 2 - gap), value_w):
            min(columns, key=len).extend(sec)  # each section to the shorter column
        self.columns = columns
        n_lines = max(len(c) for c in columns)
        line_h = max(vf.get_linesize(), hf.get_linesize()) + lay.px(3, lo=1)
        shown = max(1, inner.height // line_h)
        self.max_scroll = max(0, n_lines - shown)
        self.scroll = min(self.scroll, self.max_scroll)
        for ci, col in enumerate(columns):
            x = inner.left + ci * (col_w + col_gap)
            for li, (k, v, heading) in enumerate(col[self.scroll:self.scroll + shown]):
                y = inner.top + li * line_h + line_h // 2
                if heading:
                    draw_text(surface, v, hf, pal.accent, (x, y), anchor="midleft",
                              max_width=col_w)
                    continue
                if k:
                    draw_text(surface, k, kf, pal.teal, (x + pad // 2, y), anchor="midleft",
                              max_width=max(1, key_w - pad // 2 - gap))
                draw_text(surface, v, vf, pal.text, (x + key_w, y), anchor="midleft",
                          max_width=value_w)
        if self.max_scroll:
            s = lay.px(8, lo=4)
            draw_scroll_marks(surface, box.right - s - 2, inner.top, inner.bottom, s,
                              up=self.scroll > 0, down=self.scroll < self.max_scroll)


#: One line of the help as drawn: (keys, text, is a heading); a wrapped row has more lines.
HelpLine = tuple[str, str, bool]
#: The help's font size in design units (a 1280x720 window), never below the readable size.
HELP_FONT = 22
#: Two columns when each holds this many letters x of the text, else one.
TWO_COLUMNS_FROM = 48


def help_lines(sections: list[Section], kf: pygame.font.Font, vf: pygame.font.Font,
               key_w: int, value_w: int) -> list[list[HelpLine]]:
    """Return each section as the lines it is drawn in: its heading, then its rows wrapped.

    A row's keys wrap in ``key_w`` px of ``kf`` and its text in ``value_w`` px of ``vf``.
    """
    out: list[list[HelpLine]] = []
    for heading, rows in sections:
        lines: list[HelpLine] = [("", heading, True)]
        for keys_text, text in rows:
            ks = wrap(keys_text, kf, key_w) if keys_text else []
            vs = wrap(text, vf, value_w)
            for i in range(max(len(ks), len(vs))):
                lines.append((ks[i] if i < len(ks) else "", vs[i] if i < len(vs) else "", False))
        out.append(lines)
    return out
