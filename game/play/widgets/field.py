"""A one-line text field on a panel: a prompt, the text typed with its caret, a help line
and (after a refusal) an error line.

Typed text arrives as TextTyped events (what the keyboard or an input method made);
Backspace deletes, Ctrl+V pastes the clipboard's text, Enter accepts, Esc cancels.
Text the field opens with is selected: the first thing typed replaces it, Backspace
clears it, and an arrow key (or End) keeps it to go on typing after it.  A field may
offer ``choices`` (the mazes saved), listed under it: Up/Down put one in the field.
"""

from __future__ import annotations

from typing import Optional, Sequence

import pygame

from game.play import theme
from game.play.input import Event, KeyDown, TextTyped, is_escape
from game.play.widgets.layout import Layout, panel
from game.play.widgets.text import draw_text, font, wrap

ACCEPT, CANCEL = "accept", "cancel"
#: Most choices listed under a field at once (the list scrolls with Up/Down).
MAX_LISTED = 8


def clipboard_text() -> str:
    """Return the text on the clipboard ("" when there is none or no clipboard)."""
    try:
        text = pygame.scrap.get_text()
    except (pygame.error, AttributeError):
        return ""
    return text if isinstance(text, str) else ""


class TextField:
    """One line of text being typed, at most ``limit`` characters, single-line."""

    def __init__(self, prompt: str, text: str = "", *, limit: int, hint: str = "",
                 choices: Sequence[str] = (), choices_title: str = "") -> None:
        self.prompt = prompt
        self.choices_title = choices_title  # a line above the choices (where they are)
        self.text = text[:limit]
        self.limit = limit
        self.hint = hint
        self.error = ""
        self.choices = [choice for choice in choices if len(choice) <= limit]
        self.chosen: Optional[int] = None  # the choice Up/Down put in the field
        #: The text is selected (as it opens pre-filled): typing replaces it.
        self.selected = bool(self.text)

    def type(self, text: str) -> None:
        """Append ``text`` (line breaks and control characters left out), up to the limit."""
        clean = "".join(ch for ch in text if ch.isprintable())
        if self.selected and clean:
            self.text, self.selected = "", False
        self.text = (self.text + clean)[:self.limit]
        self.error = ""

    def choose(self, step: int) -> None:
        """Put the next (``step`` 1) or previous choice in the field, selected."""
        n = len(self.choices)
        i = (0 if step > 0 else n - 1) if self.chosen is None else self.chosen + step
        self.chosen = max(0, min(n - 1, i))
        self.text, self.selected, self.error = self.choices[self.chosen], True, ""

    def handle_event(self, event: Event) -> Optional[str]:
        """Edit the text; return ACCEPT on Enter, CANCEL on Esc, else None."""
        if isinstance(event, TextTyped):
            self.type(event.text)
        elif isinstance(event, KeyDown):
            if is_escape(event):
                return CANCEL
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return ACCEPT
            if event.key == pygame.K_BACKSPACE:
                self.text = "" if self.selected else self.text[:-1]
                self.selected = False
                self.error = ""
            elif event.key in (pygame.K_UP, pygame.K_DOWN) and self.choices:
                self.choose(1 if event.key == pygame.K_DOWN else -1)
            elif event.key in (pygame.K_RIGHT, pygame.K_END, pygame.K_LEFT, pygame.K_HOME):
                self.selected = False
            elif event.key == pygame.K_v and event.mod & pygame.KMOD_CTRL:
                self.type(clipboard_text())
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the field on a panel in the middle of ``surface``."""
        ui = theme.current().ui
        lay = Layout.of(surface)
        pad = lay.px(20, lo=4)
        width = min(lay.width - 2 * lay.margin, max(lay.px(760), 260))
        inner = max(20, width - 2 * pad)
        f = font(lay.font_size(30))
        small = font(lay.font_size(22))
        errors = wrap(self.error, small, inner)[:3] if self.error else []
        line = f.get_linesize()
        height = (3 * line + small.get_linesize() * (1 + len(errors)) + 3 * pad)
        room = max(0, lay.height - height - small.get_linesize()) // small.get_linesize()
        titled = bool(self.choices_title and self.choices and room >= 2)
        listed = self._listed(min(MAX_LISTED, room - titled))
        # a row as tall as its text: a Chinese file name stands taller than a Latin line
        row = max([small.get_linesize()] + [small.size(self.choices[i])[1] for i in listed])
        while listed and row * len(listed) > small.get_linesize() * (room - titled):
            listed = self._listed(len(listed) - 1)
        height += row * len(listed) + small.get_linesize() * titled + (pad // 2 if listed else 0)
        box = pygame.Rect(0, 0, width, min(lay.height, height))
        box.center = (lay.width // 2, lay.height // 2)
        panel(surface, box, alpha=255, radius=lay.px(14, lo=3))
        y = box.top + pad
        draw_text(surface, self.prompt, f, ui.text, (box.left + pad, y), anchor="topleft",
                  max_width=inner)
        y += line + pad // 2
        field = pygame.Rect(box.left + pad, y, inner, line + pad // 2)
        pygame.draw.rect(surface, ui.bg_deep, field, border_radius=lay.px(6, lo=2))
        pygame.draw.rect(surface, ui.accent, field, width=1, border_radius=lay.px(6, lo=2))
        shown = self.text
        while shown and f.size(shown + "|")[0] > field.width - pad:
            shown = shown[1:]  # the end stays in sight, as in any text box
        at = (field.left + pad // 2, field.centery)
        if self.selected and shown:
            mark = pygame.Rect(at[0], field.top + 3, f.size(shown)[0], field.height - 6)
            pygame.draw.rect(surface, ui.accent, mark)
            rect = draw_text(surface, shown, f, ui.accent_dark, at, anchor="midleft")
        else:
            rect = draw_text(surface, shown, f, ui.text, at, anchor="midleft")
        caret_x = rect.right + 1 if shown else field.left + pad // 2
        pygame.draw.line(surface, ui.accent, (caret_x, field.top + 4), (caret_x, field.bottom - 5),
                         2)
        y = field.bottom + pad // 2
        for text in errors:
            draw_text(surface, text, small, ui.danger, (box.left + pad, y), anchor="topleft",
                      max_width=inner)
            y += small.get_linesize()
        if listed:
            y += pad // 2
        if listed and titled:
            draw_text(surface, self.choices_title, small, ui.text_dim, (box.left + pad, y),
                      anchor="topleft", max_width=inner)
            y += small.get_linesize()
        for i in listed:
            if i == self.chosen:
                mark = pygame.Rect(box.left + pad, y, inner, row)
                pygame.draw.rect(surface, ui.accent, mark, border_radius=lay.px(4, lo=1))
            draw_text(surface, self.choices[i], small,
                      ui.accent_dark if i == self.chosen else ui.text, (box.left + pad + 4, y),
                      anchor="topleft", max_width=inner - 8)
            y += row
        draw_text(surface, self.hint, small, ui.text_dim, (box.left + pad, y), anchor="topleft",
                  max_width=inner)

    def _listed(self, most: int) -> list[int]:
        """Return which choices are listed: ``most`` of them, the chosen one among them."""
        if most <= 0 or not self.choices:
            return []
        first = max(0, min((self.chosen or 0) - most + 1, len(self.choices) - most))
        return list(range(first, min(len(self.choices), first + most)))
