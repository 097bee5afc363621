"""Enter a code: type or paste (Ctrl+V) a level code, see what is wrong with it, play it.

The field writes a code as codes are written (capitals, a small ``x`` between the rows
and the columns: ``B21x21-1A2B``), typed or pasted; a paste replaces the field.

Letters, digits, ``-`` and ``.`` type the code (every letter: the scene takes the keys
itself, so M types an M instead of muting); Backspace erases; Enter (or Play) checks it
with the level-code parser and builds the maze, or says what is wrong.
"""

from __future__ import annotations

from typing import Optional

import pygame

from game.levels import CODE_EXAMPLES, build_level, code_case, parse_level_code
from game.play import input as keys
from game.play import theme
from game.play.clipboard import paste_text
from game.play.context import Context
from game.play.input import Event, KeyDown
from game.names import build_problem
from game.play.routes import ToTitle, play_code
from game.play.scenes.base import ListScene, Next
from game.play.widgets.layout import panel
from game.play.widgets.menu import MenuItem
from game.play.widgets.text import draw_text, fit_font, font, wrap
from game.text import t

#: Longest code kept (the longest real codes are about 40 characters).
MAX_LENGTH = 64
#: The keys that type a character of a code.
CODE_KEYS: dict[int, str] = {
    **{pygame.K_a + i: chr(ord("A") + i) for i in range(26)},
    **{pygame.K_0 + d: str(d) for d in range(10)},
    pygame.K_KP0: "0", pygame.K_KP1: "1", pygame.K_KP2: "2", pygame.K_KP3: "3",
    pygame.K_KP4: "4", pygame.K_KP5: "5", pygame.K_KP6: "6", pygame.K_KP7: "7",
    pygame.K_KP8: "8", pygame.K_KP9: "9",
    pygame.K_MINUS: "-", pygame.K_KP_MINUS: "-", pygame.K_PERIOD: ".", pygame.K_KP_PERIOD: ".",
}
#: The modifier keys of a shortcut: Ctrl, or Cmd on a Mac.
SHORTCUT = pygame.KMOD_CTRL | pygame.KMOD_GUI


def cleaned(text: str) -> str:
    """Return pasted text as a code field holds it: no spaces, printable ASCII, cut short."""
    kept = "".join(ch if " " < ch <= "~" else "?" for ch in text if not ch.isspace())
    return kept[:MAX_LENGTH]

#: A code's maze with keys up to this many tiles is built on Enter (within a few
#: frames), to say at once when its keys do not fit; a bigger one says so while loading.
CHECK_TILES = 101 * 101


class EnterCodeScene(ListScene):
    """Type or paste a level code, then play it."""

    raw_keys = True

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx, [
            MenuItem(lambda: t("code.play"), self.submit),
            MenuItem(lambda: t("code.paste"), self.paste),
            MenuItem(lambda: t("code.back"), lambda: ToTitle()),
        ])
        self.text = ""
        self.problem: Optional[str] = None  # what is wrong, in the player's language
        self.detail = ""  # the parser's own words on it

    def _say(self, problem: Optional[str], detail: str = "") -> None:
        """Show ``problem`` (None: nothing wrong) under the field."""
        self.problem, self.detail = problem, detail

    def type(self, text: str) -> None:
        """Add ``text`` to the code (as much as fits)."""
        self.text = code_case(self.text + text)[:MAX_LENGTH]
        self._say(None)

    def paste(self) -> None:
        """Put the clipboard's text in place of the code, or say there is nothing to paste."""
        text = paste_text()
        if text is None or not cleaned(text):
            self._say(t("code.no_paste"))
            return
        self.text = ""
        self.type(cleaned(text))

    def submit(self) -> Optional[Next]:
        """Build and play the maze of the code typed, or say what is wrong with it."""
        if not self.text.strip():
            self._say(t("code.empty"))
            return None
        try:
            spec = parse_level_code(self.text)
        except ValueError as exc:
            # The parser names the code first ("bad level code 'X': ..."); the field shows it.
            reason = str(exc).split(": ", 1)[-1]
            self._say(t("code.bad"), reason)
            return None
        if spec.keys and spec.rows * spec.cols <= CHECK_TILES:
            # Whether the keys fit shows once the walls are built: a small maze is built
            # here (a few ms), to say so under the field; a big one says so while loading.
            try:
                self.ctx.mazes.keep(spec, build_level(spec))
            except ValueError as exc:
                self._say(build_problem(exc))
                return None
        return play_code(spec, unlocked=self.ctx.progress.unlocked)

    def handle_event(self, event: Event) -> Optional[Next]:
        """Type, erase, paste; Enter plays; Esc goes back; arrows and the mouse pick a button."""
        if isinstance(event, KeyDown):
            if event.mod & SHORTCUT:
                if event.key == pygame.K_v:
                    self.paste()
                return None
            char = CODE_KEYS.get(event.key)
            if char is not None:
                self.type(char)
                return None
            if event.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
                self._say(None)
                return None
        if keys.is_escape(event):
            return ToTitle()
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the prompt, the code field, what is wrong, the buttons and the keys."""
        ui = theme.current().ui
        lay, top, bottom = self.draw_frame(surface, t("code.title"), t("code.footer"))
        width = min(lay.width - 2 * lay.margin, lay.px(900))
        left = (lay.width - width) // 2
        prompt = font(lay.font_size(28))
        y = top
        for line in wrap(t("code.prompt", example=CODE_EXAMPLES[1]), prompt, width)[:2]:
            draw_text(surface, line, prompt, ui.text, (lay.width // 2, y), anchor="midtop",
                      max_width=width)
            y += prompt.get_linesize()
        y += lay.px(10, lo=2)
        shown = self.text + "_"
        field_font = fit_font(shown, lay.font_size(48), width - 2 * lay.px(16, lo=4), bold=True,
                              min_size=14)
        box = pygame.Rect(left, y, width, field_font.get_height() + 2 * lay.px(12, lo=3))
        panel(surface, box, radius=lay.px(10, lo=3), edge=ui.accent)
        draw_text(surface, shown, field_font, ui.accent, box.center, max_width=box.width)
        y = box.bottom + lay.px(10, lo=2)
        if self.problem is not None:
            small = font(lay.font_size(24))
            lines = [(self.problem, ui.danger)]
            lines += [(line, ui.text_dim) for line in wrap(self.detail, small, width)[:3]]
            for text, colour in lines:
                draw_text(surface, text, small, colour, (lay.width // 2, y), anchor="midtop",
                          max_width=width)
                y += small.get_linesize()
        self.menu_box(surface, lay, self.menu, y + lay.px(8, lo=2), bottom, width=420,
                      font_size=40)
