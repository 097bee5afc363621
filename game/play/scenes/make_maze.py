"""Make a maze: the editor's first screen.

:class:`MakeMazeScene` starts a maze blank (a size chosen), from a generated one (the
custom maze screen's choices) or from a text file (a path typed), and hands it to the
editor (:mod:`game.play.scenes.editor`) through the navigator.
"""

from __future__ import annotations

import random
from typing import Optional

import pygame

from game.edit.model import Editor, blank_maze
from game.levels import LevelSpec, build_level
from game.maze.formats import MazeFormatError
from game.maze.generators import DEFAULT
from game.maze.registry import SIZE_STEPS
from game.play import input as keys
from game.play.context import Context
from game.play.input import Event
from game.play.maze_files import mazes_folder, open_path, saved_mazes, shown_folder
from game.names import generator_label
from game.play.routes import Edit, ToTitle
from game.play.scenes.base import ListScene, Next
from game.play.widgets.field import ACCEPT, CANCEL, TextField
from game.play.widgets.layout import dim
from game.play.widgets.menu import MenuItem, clamp_step
from game.text import t

#: The longest path typed to open a file.
MAX_PATH = 1000
#: The blank maze's size to begin with (an index of SIZE_STEPS).
BLANK_SIZE = (21, 21)


class MakeMazeScene(ListScene):
    """Start a maze: blank (choose a size), from the custom maze choices, or from a file."""

    def __init__(self, ctx: Context) -> None:
        self.size_i = SIZE_STEPS.index(BLANK_SIZE)
        #: The maze "From the custom maze settings" makes before any were chosen.
        self.first_spec = LevelSpec(DEFAULT, 31, 31, random.Random().randrange(1, 100_000))
        self.field: Optional[TextField] = None
        self.raw_keys = False
        super().__init__(ctx, [
            MenuItem(t("make.blank"), self._blank, value=self._size_value,
                     adjust=self._adjust_size),
            MenuItem(t("make.generated"), self._generated, value=self._generated_value),
            MenuItem(t("make.open"), self._ask_file),
            MenuItem(t("make.back"), lambda: ToTitle()),
        ])

    def _size_value(self) -> str:
        """Return the blank maze's size as shown."""
        rows, cols = SIZE_STEPS[self.size_i]
        return t("custom.size_value", rows=rows, cols=cols)

    def _adjust_size(self, delta: int) -> None:
        """Step to the previous or next size, stopping at the smallest and the largest."""
        self.size_i = clamp_step(self.size_i + delta, SIZE_STEPS)

    def _blank(self) -> Next:
        """Edit a blank maze of the size chosen."""
        rows, cols = SIZE_STEPS[self.size_i]
        return Edit(Editor(blank_maze(rows=rows, cols=cols)))

    def spec(self) -> LevelSpec:
        """Return the maze the custom maze screen's choices describe (a default without any)."""
        last = self.ctx.settings.custom
        if last is None:
            return self.first_spec
        return LevelSpec(last.algorithm, last.rows, last.cols, last.seed, last.loops,
                         last.options, "Custom", keys=last.keys, chasers=last.chasers,
                         mud=last.mud)

    def _generated_value(self) -> str:
        """Return the generated maze's description: generator and size."""
        spec = self.spec()
        return t("make.generated_value", generator=generator_label(spec.algorithm),
                 rows=spec.rows, cols=spec.cols)

    def _generated(self) -> Next:
        """Edit the maze the custom maze choices make."""
        return Edit(Editor(build_level(self.spec())))

    def _ask_file(self) -> None:
        """Ask for the path of a maze file to open."""
        self.field = TextField(t("make.open_prompt"), limit=MAX_PATH,
                               hint=t("make.open_help"), choices=saved_mazes(self.ctx),
                               choices_title=t("make.open_saved_in",
                                               folder=shown_folder(mazes_folder(self.ctx))))
        self.raw_keys = True
        pygame.key.start_text_input()

    def _close_field(self) -> None:
        """Close the path field."""
        self.field = None
        self.raw_keys = False

    def handle_event(self, event: Event) -> Optional[Next]:
        """Type a path while asked for one; else choose in the menu (Esc: the title)."""
        if self.field is not None:
            answer = self.field.handle_event(event)
            if answer == CANCEL:
                self._close_field()
            elif answer == ACCEPT:
                return self._open(self.field)
            return None
        if keys.is_back(event):
            return ToTitle()
        return super().handle_event(event)

    def _open(self, field: TextField) -> Optional[Next]:
        """Edit the maze file typed, or say in the field why it cannot be read."""
        text = field.text.strip()
        if not text:
            return None
        if text == "-":  # standard input is the command line's; the window has none
            field.error = t("make.open_stdin")
            return None
        try:
            editor = Editor.load(open_path(self.ctx, text))
        except MazeFormatError as exc:  # it names file:line:col
            field.error = t("make.open_failed", error=str(exc))
            return None
        self._close_field()
        return Edit(editor)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the choices (and the path field over them when asked)."""
        lay, top, bottom = self.draw_frame(surface, t("make.title"), t("make.footer"))
        self.menu_box(surface, lay, self.menu, top, bottom, width=820, font_size=38)
        if self.field is not None:
            dim(surface, 170)  # the menu's highlight showed round the dialog
            self.field.draw(surface)
