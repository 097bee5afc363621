"""The captions over the stage: the hint's (what it searches, its keys) and a chapter's tip.

Reads a :class:`PlaySession`.  The hint caption stays where it is while it hides
neither the player nor the exit, else moves to another edge or corner; only if no spot
is free does it drop its key line (the player counts more than the exit).  A chapter's
tip shows on its first level until the player has made a few moves.
"""

from __future__ import annotations

from typing import Callable, Optional

import pygame

from game.levels import CHAPTERS, chapter_of
from game.play.camera import Camera
from game.play.hint import caption
from game.names import chapter_name, chapter_tip
from game.play.panels.stage import MARKER_RADIUS
from game.play.widgets import hud
from game.run.session import PlaySession
from game.text import t

#: A chapter's tip shows on its first level until the player has made this many moves.
TIP_MOVES = 12


class Captions:
    """The hint caption and the chapter tip of ``session``; ``hint_keys`` words the keys."""

    def __init__(self, session: PlaySession, camera: Camera, hint_keys: Callable[[], str]) -> None:
        self.session = session
        self.camera = camera
        self.hint_keys = hint_keys
        self.spot = "bottom"  # the hint caption moves when it would hide something

    def chapter_tip(self) -> Optional[tuple[str, str]]:
        """Return (chapter heading, tip) on the first level of a chapter, else None."""
        level = self.session.level
        index = level.index if level.index is not None else level.practice  # practice too
        if index is None or level.spec is None:
            return None
        number, span = chapter_of(index)
        if index != span.start:
            return None
        chapter = CHAPTERS[number]
        return (t("levels.chapter", number=number + 1, name=chapter_name(chapter)),
                chapter_tip(chapter))

    def place(self, view: pygame.Rect) -> tuple[str, str]:
        """Place the hint caption in ``view``; return its (label, key line) as shown."""
        assert self.session.hint is not None
        label = caption(self.session.hint)
        self.spot, sub = self._place(view, label, self.hint_keys())
        return label, sub

    def draw(self, surface: pygame.Surface, view: pygame.Rect,
             shown: Optional[tuple[str, str]]) -> None:
        """Draw the hint caption ``shown`` (placed), else the chapter's tip early in the run."""
        if shown is not None:
            hud.draw_caption(surface, view, *shown, spot=self.spot)
        elif self.session.run.moves < TIP_MOVES:
            tip = self.chapter_tip()
            if tip is not None:
                hud.draw_caption(surface, view, *tip, spot="bottom")

    def top_box(self, view: pygame.Rect) -> Optional[pygame.Rect]:
        """Return the hint caption when it sits at the top of the view."""
        hint = self.session.hint
        if hint is None or not self.spot.startswith("top"):
            return None
        return hud.caption_rect(view, caption(hint), self.hint_keys(), spot=self.spot)

    def free_area(self, view: pygame.Rect) -> pygame.Rect:
        """Return the part of the view the hint caption leaves free."""
        assert self.session.hint is not None
        free = view.copy()
        cap = hud.caption_rect(view, caption(self.session.hint), self.hint_keys(), spot=self.spot)
        if cap is not None and self.spot.startswith("top"):
            free.top = min(cap.bottom, view.bottom - 1)
            free.height = view.bottom - free.top
        elif cap is not None:
            free.height = max(1, cap.top - view.top)
        return free

    def _keep_visible(self, view: pygame.Rect) -> list[tuple[int, pygame.Rect]]:
        """Return (weight, screen rect) of what captions must not hide: player, exit."""
        t = self.camera.tile
        keep: list[tuple[int, pygame.Rect]] = []
        for weight, (row, col), reach in (
                (2, self.session.run.player.render_pos, max(t / 2, MARKER_RADIUS + 2)),
                (1, self.session.maze.goal, max(7.0, t * 0.8) + 2)):
            x, y = self.camera.to_screen(row, col)
            rect = pygame.Rect(0, 0, round(2 * reach), round(2 * reach))
            rect.center = (round(view.x + x + t / 2), round(view.y + y + t / 2))
            if rect.colliderect(view):
                keep.append((weight, rect))
        return keep

    def _place(self, view: pygame.Rect, label: str, sub: str) -> tuple[str, str]:
        """Return (spot, key line) for a hint caption that hides neither player nor exit."""
        keep = self._keep_visible(view)
        here = self.spot
        spots = [here] + [s for s in hud.CAPTION_SPOTS if s != here]
        narrow = list(hud.NARROW_SPOTS)  # last: a caption cut short in a corner
        best: Optional[tuple[int, str, str]] = None
        for line, tried in ((sub, spots), ("", spots), ("", narrow)):
            for spot in tried:
                rect = hud.caption_rect(view, label, line, spot=spot)
                cost = sum(w for w, k in keep if rect is not None and rect.colliderect(k))
                if best is None or cost < best[0]:
                    best = (cost, spot, line)
                if cost == 0:
                    return spot, line
        assert best is not None
        return best[1], best[2]
