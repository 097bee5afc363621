"""The end of a chapter: its levels' stars, and the next chapter with its tip."""

from __future__ import annotations

from typing import Optional

import pygame

from game.levels import CAMPAIGN, CHAPTERS, chapter_of, level_code
from game.play import input as keys
from game.play import theme
from game.play.context import Context
from game.play.input import Event, pressed
from game.names import chapter_name, chapter_tip, level_name
from game.play.routes import StartLevel, ToLevelSelect
from game.play.scenes.base import MenuScene, Next
from game.play.widgets.layout import panel
from game.play.widgets.shapes import draw_stars
from game.play.widgets.text import draw_text, fit_font, font, min_font, unscaled, wrap
from game.text import t


class ChapterCompleteScene(MenuScene):
    """Chapter ``number`` is done: Enter starts the next chapter, Esc opens the level select."""

    def __init__(self, ctx: Context, number: int) -> None:
        super().__init__(ctx)
        self.number = max(0, min(number, len(CHAPTERS) - 1))
        _, self.span = chapter_of(sum(len(c.levels) for c in CHAPTERS[:self.number]))
        self.next = self.number + 1 if self.number + 1 < len(CHAPTERS) else None

    def handle_event(self, event: Event) -> Optional[Next]:
        """Enter or a click goes on (the next chapter, or the level select); Esc goes back."""
        if keys.is_back(event):
            return ToLevelSelect()
        if keys.is_confirm(pressed(event)) or keys.left_click(event) is not None:
            self.click()
            if self.next is None:
                return ToLevelSelect()
            return StartLevel(self.span.stop)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the chapter's levels with their stars, then what comes next."""
        pal = theme.current().ui
        lay, top, bottom = self.draw_frame(
            surface, t("chapter_done.title"),
            t("chapter_done.footer_next" if self.next is not None else "chapter_done.footer_last"))
        box = lay.column(top, bottom, width=760)
        panel(surface, box, radius=lay.px(18, lo=4))
        pad = lay.px(18, lo=4)
        inner = box.inflate(-2 * pad, -2 * pad)
        stars = {i: self.ctx.progress.stars.get(level_code(CAMPAIGN[i]), 0) for i in self.span}
        name = t("levels.chapter", number=self.number + 1, name=chapter_name(CHAPTERS[self.number]))
        won = t("levels.chapter_stars", stars=sum(stars.values()), total=3 * len(self.span))
        if self.next is None:
            after = [t("chapter_done.last")]
        else:
            after = [t("chapter_done.next", number=self.next + 1,
                       name=chapter_name(CHAPTERS[self.next])), chapter_tip(CHAPTERS[self.next])]
        # heading, stars won, one line a level, a gap, what comes next
        lines = 2 + len(self.span) + 1 + 2 * len(after)
        line_h = max(min_font() + 2, min(lay.px(44), inner.height // lines))
        size = max(min_font(), min(lay.font_size(30), int(unscaled(line_h * 0.8))))
        f, bold = font(size), font(size, bold=True)
        wrapped = [(n, part) for n, text in enumerate(after)
                   for part in wrap(text, bold if n == 0 else f, inner.width)]
        used = line_h * (2 + len(self.span) + len(wrapped)) + line_h // 2
        y = inner.top + max(0, (inner.height - used) // 2) + line_h // 2
        head = fit_font(name, size + 2, inner.width, bold=True, min_size=min_font())
        draw_text(surface, name, head, pal.accent, (inner.centerx, y), max_width=inner.width)
        y += line_h
        draw_text(surface, won, f, pal.text_dim, (inner.centerx, y), max_width=inner.width)
        y += line_h
        star_r = max(3, min(line_h // 3, lay.px(12)))
        for i, got in stars.items():
            label = t("level.named", number=i + 1, name=level_name(CAMPAIGN[i]))
            draw_text(surface, label, f, pal.text, (inner.centerx - pad // 2, y),
                      anchor="midright", max_width=inner.width // 2 - pad)
            draw_stars(surface, (inner.centerx + pad + 3 * star_r, y), star_r, got)
            y += line_h
        y += line_h // 2
        for n, part in wrapped:
            if y + line_h // 2 > inner.bottom:
                break
            draw_text(surface, part, bold if n == 0 else f, pal.teal if n == 0 else pal.text,
                      (inner.centerx, y), max_width=inner.width)
            y += line_h
