"""The custom maze screen: choose generator, size, seed, loops and rooms, then play.

The choices are remembered for the next visit (and in the save).
"""

from __future__ import annotations

import random
from typing import Optional

import pygame

from game.levels import LevelSpec
from game.play import input as keys
from game.play.context import Context
from game.play.input import Event
from game.play.names import custom_label, generator_label, generator_names
from game.play.routes import BuildMaze, ToTitle
from game.play.scenes.base import ListScene, Next
from game.play.widgets.layout import Layout, footer, title_bar
from game.play.widgets.menu import MenuItem
from game.save import CustomMaze
from game.text import t

SIZE_PRESETS: list[tuple[int, int]] = [
    (11, 11), (15, 21), (21, 21), (21, 37), (31, 31), (31, 55), (51, 51), (51, 91),
    (101, 101), (101, 181), (201, 201), (501, 501), (1001, 1001), (2001, 2001),
]
LOOP_STEPS = [0.0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1.0]
ROOM_SIZES: list[Optional[int]] = [None, 2, 3, 4, 5, 6, 8, 10]
MAX_SEED = 999_999_999
#: The menu rows, top to bottom.
ALGORITHM_ROW, SIZE_ROW, SEED_ROW, LOOPS_ROW, ROOMS_ROW, START_ROW, BACK_ROW = range(7)


class CustomMazeScene(ListScene):
    """Choose algorithm, size, seed, loops and room size, then start the maze."""

    def __init__(self, ctx: Context, spec: Optional[LevelSpec] = None) -> None:
        self.algorithms = generator_names()
        self.rng = random.Random()
        spec = spec or self._remembered(ctx) or LevelSpec(
            "backtracker" if "backtracker" in self.algorithms else self.algorithms[0], 31, 31,
            self.rng.randrange(1, 100_000))
        self.algorithm = spec.algorithm if spec.algorithm in self.algorithms else self.algorithms[0]
        self.size_i = min(range(len(SIZE_PRESETS)),
                          key=lambda i: abs(SIZE_PRESETS[i][0] - spec.rows)
                          + abs(SIZE_PRESETS[i][1] - spec.cols))
        self.seed = spec.seed
        self.typing = False  # the seed shown is being typed: digits append to it
        self.loops_i = min(range(len(LOOP_STEPS)), key=lambda i: abs(LOOP_STEPS[i] - spec.loops))
        self.room_i = ROOM_SIZES.index(spec.room_size) if spec.room_size in ROOM_SIZES else 0
        super().__init__(ctx, [
            MenuItem(t("custom.algorithm"), value=lambda: generator_label(self.algorithm),
                     adjust=self._adjust_algorithm),
            MenuItem(t("custom.size"), value=self._size_value, adjust=self._adjust_size),
            MenuItem(t("custom.seed"), value=lambda: str(self.seed), adjust=self._adjust_seed,
                     action=self._reroll),
            MenuItem(t("custom.loops"), adjust=self._adjust_loops,
                     value=lambda: t("custom.loops_value",
                                     percent=round(LOOP_STEPS[self.loops_i] * 100))),
            MenuItem(t("custom.rooms"), value=self._room_value, adjust=self._adjust_rooms,
                     enabled=self._has_rooms),
            MenuItem(t("custom.start"), self._start),
            MenuItem(t("custom.back"), self._back),
        ], selected=START_ROW)

    @staticmethod
    def _remembered(ctx: Context) -> Optional[LevelSpec]:
        """Return the choices last made on this screen (this session or a saved one)."""
        last = ctx.settings.custom
        if last is None:
            return None
        return LevelSpec(last.algorithm, last.rows, last.cols, last.seed, last.loops,
                         last.room_size, None, "Custom")

    def _remember(self) -> None:
        """Keep the current choices for the next visit (saved when they changed)."""
        rows, cols = SIZE_PRESETS[self.size_i]
        self.ctx.remember_custom(CustomMaze(self.algorithm, rows, cols, self.seed,
                                            LOOP_STEPS[self.loops_i], ROOM_SIZES[self.room_i]))

    def _back(self) -> Next:
        """Remember the choices and return to the title."""
        self._remember()
        return ToTitle()

    def _adjust_algorithm(self, delta: int) -> None:
        """Step to the previous or next generator."""
        i = self.algorithms.index(self.algorithm)
        self.algorithm = self.algorithms[(i + delta) % len(self.algorithms)]

    def _adjust_size(self, delta: int) -> None:
        """Step to the previous or next size (wrapping)."""
        self.size_i = (self.size_i + delta) % len(SIZE_PRESETS)

    def _adjust_loops(self, delta: int) -> None:
        """Step to the previous or next amount of loops (wrapping)."""
        self.loops_i = (self.loops_i + delta) % len(LOOP_STEPS)

    def _adjust_rooms(self, delta: int) -> None:
        """Step to the previous or next room size (wrapping)."""
        self.room_i = (self.room_i + delta) % len(ROOM_SIZES)

    def _adjust_seed(self, delta: int) -> None:
        """Add ``delta`` to the seed (kept in range)."""
        self.seed = max(0, min(MAX_SEED, self.seed + delta))
        self.typing = False

    def _reroll(self) -> None:
        """Pick a fresh random seed."""
        self.seed = self.rng.randrange(1, 100_000)
        self.typing = False

    def _type_digit(self, digit: int) -> None:
        """Type a digit of the seed: the first replaces the seed shown, the next ones append."""
        if self.typing and self.seed < 10**8:
            self.seed = min(MAX_SEED, self.seed * 10 + digit)
        else:
            self.seed = digit
        self.typing = True

    def _has_rooms(self) -> bool:
        """Return True when the chosen generator can leave rooms (its ``room_size`` option)."""
        from game.maze.generators import OPTIONS

        return "room_size" in OPTIONS.get(self.algorithm, ())

    def _size_value(self) -> str:
        """Return the size choice as shown in the list."""
        rows, cols = SIZE_PRESETS[self.size_i]
        return t("custom.size_value", rows=rows, cols=cols)

    def _room_value(self) -> str:
        """Return the room-size choice as shown in the list."""
        if not self._has_rooms():
            from game.maze.generators import OPTIONS

            owner = next(name for name, opts in OPTIONS.items() if "room_size" in opts)
            return t("custom.rooms_other", generator=generator_label(owner))
        size = ROOM_SIZES[self.room_i]
        return t("custom.rooms_off") if size is None else t("custom.rooms_value", size=size)

    def spec(self) -> LevelSpec:
        """Return the maze the current choices describe."""
        rows, cols = SIZE_PRESETS[self.size_i]
        room = ROOM_SIZES[self.room_i] if self._has_rooms() else None
        return LevelSpec(self.algorithm, rows, cols, self.seed, LOOP_STEPS[self.loops_i],
                         room, None, "Custom")

    def _start(self) -> Next:
        """Remember the choices; build and play the chosen maze."""
        self._remember()
        spec = self.spec()
        return BuildMaze(spec, None, custom_label(spec))

    def handle_event(self, event: Event) -> Optional[Next]:
        """Adjust the choices; digits type the seed (Backspace edits it); Esc goes back."""
        key = keys.pressed(event)
        if self.menu.selected == SEED_ROW and key is not None:
            digit = keys.DIGIT_KEYS.get(key)
            if digit is not None:
                self._type_digit(digit)
                return None
            if key == pygame.K_BACKSPACE:
                self.seed //= 10
                self.typing = True
                return None
        if keys.is_back(event):
            return self._back()
        route = super().handle_event(event)
        if self.menu.selected != SEED_ROW:
            self.typing = False  # back on the seed row, the first digit starts a new seed
        return route

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the options list."""
        lay = Layout.of(surface)
        self.draw_background(surface)
        top = title_bar(surface, t("custom.title"), lay)
        on_seed = self.menu.selected == SEED_ROW
        bottom = footer(surface, t("custom.footer_seed") if on_seed else t("custom.footer"), lay)
        self.menu_box(surface, lay, self.menu, top, bottom, width=820, font_size=38)
