"""The loading screen: build a maze and its play scene in a worker thread, spinner turning.

A maze built ahead (:mod:`game.play.prefetch`: the next level, the Custom maze screen's
choice) is taken instead of generated again.

The play scene's set-up (tile classes, the 1 px map surface) is off-screen work, so it
runs in the worker too; images that need the display are loaded beforehand on the main
thread.  Small mazes are ready within the first update, so the spinner never flashes.
"""

from __future__ import annotations

import threading
from datetime import date
from typing import Callable, Optional

import pygame

from game.levels import LevelSpec, build_level
from game.maze.grid import Maze
from game.play import input as keys
from game.play import theme
from game.play.context import Context
from game.play.input import Event
from game.names import algorithm_name, build_problem
from game.play.routes import ToTitle
from game.play.scenes.base import Enter, MenuScene, Next, Scene
from game.play.widgets.layout import Layout, footer
from game.play.widgets.shapes import draw_spinner
from game.play.widgets.text import draw_text, fit_font, font, wrap
from game.run.level import Level
from game.text import t


class LoadingScene(MenuScene):
    """Build the maze of ``spec`` and its play scene (``make_play``) while a spinner turns."""

    #: How long the first update waits for the worker before showing the spinner.
    FIRST_WAIT = 0.12

    def __init__(self, ctx: Context, spec: LevelSpec, level_index: Optional[int], label: str,
                 make_play: Callable[[Level], Scene], *, daily: Optional[date] = None,
                 practice: Optional[int] = None, back: Optional[Next] = None) -> None:
        super().__init__(ctx)
        self.back = back  # where a key goes after an error (None: the title)
        self.spec = spec
        self.daily = daily
        self.practice = practice  # a locked campaign level's index, played for practice
        self.level_index = level_index
        self.label = label
        self.make_play = make_play
        self.builder: Callable[[LevelSpec], Maze] = build_level
        self.maze: Optional[Maze] = None
        self.play: Optional[Scene] = None
        self.error: Optional[str] = None
        self.elapsed = 0.0
        self.thread: Optional[threading.Thread] = None
        self.drawing = False  # the maze exists; the map is being drawn

    def _work(self) -> None:
        """Build the maze, then its play scene (worker thread); keep any error message."""
        try:
            ahead = self.ctx.mazes.take(self.spec)
            self.maze = self.builder(self.spec) if ahead is None else ahead
            self.drawing = True
            self.play = self.make_play(Level(self.maze, self.spec, self.level_index, self.label,
                                         self.daily, practice=self.practice))
        except Exception as exc:  # shown to the player instead of crashing the loop
            self.error = build_problem(exc)

    def start(self) -> None:
        """Load display-bound images here, then start the worker thread (once)."""
        if self.thread is None:
            from game.play.render.images import preload_images

            preload_images(self.ctx.images, self.spec)
            self.thread = threading.Thread(target=self._work, name="migong-build", daemon=True)
            self.thread.start()

    def handle_event(self, event: Event) -> Optional[Next]:
        """Esc cancels (the worker finishes unseen); after an error any key goes back."""
        if keys.is_back(event) or (self.error and (keys.pressed(event) is not None
                                                   or keys.left_click(event) is not None)):
            return self.back or ToTitle()
        return None

    def update(self, dt: float) -> Optional[Next]:
        """Start or poll the worker; go to the play scene once it exists."""
        first = self.thread is None
        self.start()
        assert self.thread is not None
        if first:
            self.thread.join(self.FIRST_WAIT)
        self.elapsed += max(0.0, dt)
        super().update(dt)
        if self.thread.is_alive() or self.error:
            return None
        if self.play is None:
            self.error = t("loading.not_built")
            return None
        return Enter(self.play)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw a spinner, what is being built and for how long (or the error)."""
        pal = theme.current().ui
        lay = Layout.of(surface)
        self.draw_background(surface)
        cx, cy = lay.width // 2, lay.height // 2
        f = fit_font(self.label, lay.font_size(48), lay.width - 2 * lay.margin, bold=True)
        small = font(lay.font_size(28))
        if self.error:
            draw_text(surface, t("loading.failed"), f, pal.danger,
                      (cx, cy - f.get_height()), max_width=lay.width - 2 * lay.margin)
            for i, line in enumerate(wrap(self.error, small, lay.width - 2 * lay.margin)[:3]):
                draw_text(surface, line, small, pal.text, (cx, cy + i * small.get_linesize()))
            footer(surface, t("loading.footer_failed"), lay)
            return
        radius = max(10, min(lay.px(46), lay.height // 8))
        spin_cy = cy - radius // 2
        draw_spinner(surface, (cx, spin_cy), radius, self.elapsed)
        draw_text(surface, self.label, f, pal.accent,
                  (cx, spin_cy + radius + lay.px(20, lo=4) + f.get_height() // 2),
                  max_width=lay.width - 2 * lay.margin)
        spec = self.spec
        line = (t("loading.drawing", seconds=self.elapsed) if self.drawing else
                t("loading.building", rows=spec.rows, cols=spec.cols,
                  algorithm=algorithm_name(spec), seconds=self.elapsed))
        draw_text(surface, line, small, pal.text_dim,
                  (cx, spin_cy + radius + lay.px(28, lo=6) + f.get_height()
                   + small.get_height()), max_width=lay.width - 2 * lay.margin)
        footer(surface, t("loading.footer"), lay)
