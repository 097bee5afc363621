"""The custom maze screen: choose generator, size, seed and options, then play.

The rows come from the registries: the generators, the sizes, and a row per option --
loops, keys and chasers, then each generator option with menu steps (room size), enabled
when the chosen generator has it.  The choices are remembered for the next visit (and in the save).
"""

from __future__ import annotations

import random
from typing import Optional

import pygame

from game.levels import MAX_SEED, LevelSpec
from game.maze.generators import DEFAULT, option_owner
from game.maze.registry import CHASERS, KEYS, LOOPS, MUD, SIZE_STEPS, Option, Value
from game.play import input as keys
from game.play.context import Context
from game.play.input import Event
from game.names import (
    custom_label,
    generator_label,
    generator_names,
    option_label,
    option_value,
)
from game.play.routes import BuildMaze, ToCustomMaze, ToTitle
from game.play.scenes.base import ListScene, Next
from game.play.widgets.menu import MenuItem, clamp_step
from game.save import CustomMaze, menu_options
from game.text import t

#: Seconds the choice must rest before its maze is built ahead (scrolling builds nothing).
PREFETCH_AFTER = 0.4
#: The first menu rows, top to bottom; then a row per option (:meth:`CustomMazeScene.options`),
#: then Start and Back.
ALGORITHM_ROW, SIZE_ROW, SEED_ROW, FIRST_OPTION_ROW = range(4)
#: The option rows every generator has, first among the options.
EVERY_GENERATORS = (LOOPS, KEYS, CHASERS, MUD)


def nearest_step(option: Option, value: Optional[Value]) -> int:
    """Return the index of the menu step of ``option`` nearest ``value`` (None: not given)."""
    steps = option.steps
    if value in steps:
        return steps.index(value)
    numbers = [i for i, step in enumerate(steps) if step is not None]
    if value is None or not numbers:
        return 0
    return min(numbers, key=lambda i: abs((steps[i] or 0) - value))


class CustomMazeScene(ListScene):
    """Choose algorithm, size, seed and the generators' options, then start the maze."""

    def __init__(self, ctx: Context, spec: Optional[LevelSpec] = None) -> None:
        self.algorithms = generator_names()
        self.rng = random.Random()
        spec = spec or self._remembered(ctx) or LevelSpec(
            DEFAULT if DEFAULT in self.algorithms else self.algorithms[0], 31, 31,
            self.rng.randrange(1, 100_000))
        self.algorithm = spec.algorithm if spec.algorithm in self.algorithms else self.algorithms[0]
        self.size_i = min(range(len(SIZE_STEPS)),
                          key=lambda i: abs(SIZE_STEPS[i][0] - spec.rows)
                          + abs(SIZE_STEPS[i][1] - spec.cols))
        self.seed = spec.seed
        self.typing = False  # the seed shown is being typed: digits append to it
        self._resting: Optional[LevelSpec] = None  # the choice shown, and for how long (s)
        self._rested = 0.0
        #: The option rows: loops, keys, chasers and mud (every generator's), then the generators' own.
        self.options = [*EVERY_GENERATORS, *menu_options()]
        #: The step each option row shows, by option name.
        self.step = {LOOPS.name: nearest_step(LOOPS, spec.loops),
                     KEYS.name: nearest_step(KEYS, spec.keys),
                     CHASERS.name: nearest_step(CHASERS, spec.chasers),
                     MUD.name: nearest_step(MUD, spec.mud)}
        self.step.update({o.name: nearest_step(o, spec.options.get(o.name))
                          for o in self.own_options})
        self.start_row = FIRST_OPTION_ROW + len(self.options)
        super().__init__(ctx, [
            MenuItem(t("custom.algorithm"), value=lambda: generator_label(self.algorithm),
                     adjust=self._adjust_algorithm),
            MenuItem(t("custom.size"), value=self._size_value, adjust=self._adjust_size),
            MenuItem(t("custom.seed"), value=lambda: str(self.seed), adjust=self._adjust_seed,
                     action=self._reroll),
            *(self._option_row(option) for option in self.options),
            MenuItem(t("custom.start"), self._start),
            MenuItem(t("custom.back"), self._back),
        ], selected=self.start_row)

    def _option_row(self, option: Option) -> MenuItem[Next]:
        """Return the menu row of ``option``: enabled when the chosen generator has it."""

        def adjust(delta: int) -> None:
            """Step to the previous or next value, stopping at the first and the last."""
            self.step[option.name] = clamp_step(self.step[option.name] + delta, option.steps)

        return MenuItem(option_label(option), value=lambda: self._option_text(option),
                        adjust=adjust, enabled=lambda: self._has(option))

    def _has(self, option: Option) -> bool:
        """Return True when the chosen generator takes ``option`` (loops, keys: every one)."""
        owner = option_owner(option.name)
        return owner is None or owner.name == self.algorithm

    def _value(self, option: Option) -> Optional[Value]:
        """Return the value the row of ``option`` shows."""
        return option.steps[self.step[option.name]]

    def _loops(self) -> float:
        """Return the loops chosen."""
        return float(self._value(LOOPS) or 0.0)

    def _keys(self) -> int:
        """Return the keys chosen."""
        return int(self._value(KEYS) or 0)

    def _mud(self) -> float:
        """Return the share of the floor laid with mud chosen."""
        return float(self._value(MUD) or 0.0)

    def _chasers(self) -> int:
        """Return the chasers chosen."""
        return int(self._value(CHASERS) or 0)

    @property
    def own_options(self) -> list[Option]:
        """Return the option rows of the generators' own options (after loops, keys, chasers, mud)."""
        return self.options[len(EVERY_GENERATORS):]

    def _option_text(self, option: Option) -> str:
        """Return an option's value as its row shows it ("Recursive division only" if not offered)."""
        owner = option_owner(option.name)
        if owner is not None and owner.name != self.algorithm:
            return t("custom.option_other", generator=generator_label(owner.name))
        return option_value(option, self._value(option))

    @staticmethod
    def _remembered(ctx: Context) -> Optional[LevelSpec]:
        """Return the choices last made on this screen (this session or a saved one)."""
        last = ctx.settings.custom
        if last is None:
            return None
        return LevelSpec(last.algorithm, last.rows, last.cols, last.seed, last.loops,
                         last.options, "Custom", keys=last.keys, chasers=last.chasers,
                         mud=last.mud)

    def _remember(self) -> None:
        """Keep the current choices for the next visit (saved when they changed)."""
        rows, cols = SIZE_STEPS[self.size_i]
        options = {option.name: self._value(option) for option in self.own_options}
        self.ctx.remember_custom(CustomMaze(self.algorithm, rows, cols, self.seed,
                                            self._loops(), options, self._keys(), self._chasers(),
                                            mud=self._mud()))

    def _back(self) -> Next:
        """Remember the choices and return to the title."""
        self._remember()
        return ToTitle()

    def _adjust_algorithm(self, delta: int) -> None:
        """Step to the previous or next generator."""
        i = self.algorithms.index(self.algorithm)
        self.algorithm = self.algorithms[(i + delta) % len(self.algorithms)]

    def _adjust_size(self, delta: int) -> None:
        """Step to the previous or next size, stopping at the smallest and the largest."""
        self.size_i = clamp_step(self.size_i + delta, SIZE_STEPS)

    def _adjust_seed(self, delta: int) -> None:
        """Add ``delta`` to the seed (kept in range)."""
        self.seed = max(0, min(MAX_SEED, self.seed + delta))
        self.typing = False

    def _reroll(self) -> None:
        """Pick a fresh random seed."""
        self.seed = self.rng.randrange(1, 100_000)
        self.typing = False

    def _type_digit(self, digit: int) -> None:
        """Type a digit of the seed: the first replaces the seed shown, the next ones append.

        A digit that would pass the largest seed a level code carries is refused, saying so.
        """
        if not self.typing:
            self.seed = digit
        elif self.seed * 10 + digit <= MAX_SEED:
            self.seed = self.seed * 10 + digit
        else:
            self.ctx.toast(t("custom.seed_limit", most=MAX_SEED))
        self.typing = True

    def _size_value(self) -> str:
        """Return the size choice as shown in the list."""
        rows, cols = SIZE_STEPS[self.size_i]
        return t("custom.size_value", rows=rows, cols=cols)

    def spec(self) -> LevelSpec:
        """Return the maze the current choices describe."""
        rows, cols = SIZE_STEPS[self.size_i]
        options = {o.name: self._value(o) for o in self.own_options if self._has(o)}
        return LevelSpec(self.algorithm, rows, cols, self.seed, self._loops(), options, "Custom",
                         keys=self._keys(), chasers=self._chasers(), mud=self._mud())

    def update(self, dt: float) -> Optional[Next]:
        """Animate the backdrop; build the chosen maze ahead once the choice rests a moment."""
        spec = self.spec()
        if spec != self._resting:
            self._resting, self._rested = spec, 0.0
        else:
            before, self._rested = self._rested, self._rested + max(0.0, dt)
            if before < PREFETCH_AFTER <= self._rested:
                self.ctx.mazes.want(spec)
        return super().update(dt)

    def _start(self) -> Next:
        """Remember the choices; build and play the chosen maze."""
        self._remember()
        spec = self.spec()
        return BuildMaze(spec, None, custom_label(spec), back=ToCustomMaze())

    def handle_event(self, event: Event) -> Optional[Next]:
        """Adjust the choices; digits type the seed (Backspace edits it); Enter starts; Esc goes back.

        On the Seed row Enter rolls a new seed (as its footer says); on any other choice's
        row it starts the maze.
        """
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
        if (keys.is_confirm(key) and self.menu.selected != SEED_ROW
                and self.menu.selected < self.start_row):
            self.menu.held.clear()
            return self._start()  # the footer's "Enter start", from any choice's row
        route = super().handle_event(event)
        if self.menu.selected != SEED_ROW:
            self.typing = False  # back on the seed row, the first digit starts a new seed
        return route

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the options list."""
        on_seed = self.menu.selected == SEED_ROW
        lay, top, bottom = self.draw_frame(
            surface, t("custom.title"), t("custom.footer_seed") if on_seed else t("custom.footer"))
        self.menu_box(surface, lay, self.menu, top, bottom, width=820, font_size=38)
