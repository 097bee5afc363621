"""The settings screen: volume, sound, fullscreen, the hint's default speed and solver,
the ghost of the best run, the solver ghost to race and its speed, colours, text size,
reduced motion, the fog of war and the corner map, the keys (Controls), the language, and
Reset progress (after a question).

Every change goes through the Context, which saves it and tells whoever listens (the App
switches the window mode).  Labels are looked up as they are drawn, so a new language
shows at once.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, Optional

import pygame

from game.play import input as keys
from game.play import theme
from game.play.context import Context
from game.play.input import Event
from game.names import (
    hint_solver_label, hint_solvers, solver_label, solver_names, solver_short_label,
)
from game.play.routes import Back, Confirm, OpenControls, OpenLeaderboardSettings, ResetProgress
from game.play.scenes.base import ListScene, Next
from game.play.widgets.menu import MenuItem, clamp_step
from game.run.ghost import RACE_SPEEDS
from game.run.speeds import step_speed
from game.text import LANGUAGE_NAMES, language, t


def switch(texts: tuple[str, str, str], now: Callable[[], bool],
           turn: Callable[[bool], None]) -> MenuItem:
    """Return a row that turns a setting on or off; ``texts``: the label's, on's, off's keys."""
    label, on, off = texts
    return MenuItem(lambda: t(label), repeat=False, adjust=lambda d: turn(not now()),
                    value=lambda: t(on) if now() else t(off))


class SettingsScene(ListScene):
    """Volume, mute, fullscreen, hint defaults, the look, the keys, language, reset; saved."""

    def __init__(self, ctx: Context) -> None:
        self.solvers = solver_names()  # the race's ghosts
        self.hint_choices = hint_solvers()  # the hint's: the wall follower's right hand too
        super().__init__(ctx, [
            MenuItem(lambda: t("settings.volume"), adjust=self._adjust_volume,
                     value=lambda: t("settings.volume_value",
                                     percent=round(self.ctx.settings.volume * 100))),
            MenuItem(lambda: t("settings.sound"), adjust=lambda d: self._toggle_mute(),
                     repeat=False,
                     value=lambda: t("settings.sound_muted") if self.ctx.settings.muted
                     else t("settings.sound_on")),
            switch(("settings.fullscreen", "settings.fullscreen_on", "settings.fullscreen_off"),
                   lambda: self.ctx.settings.fullscreen, lambda on: self.ctx.set_fullscreen(on)),
            MenuItem(lambda: t("settings.hint_speed"), adjust=self._adjust_speed,
                     value=lambda: t("settings.hint_speed_value",
                                     speed=self.ctx.settings.anim_speed)),
            MenuItem(lambda: t("settings.solver"), adjust=self._adjust_solver,
                     value=lambda: solver_label(self.ctx.settings.default_solver),
                     short=lambda: hint_solver_label(self.ctx.settings.default_solver)),
            switch(("settings.ghost", "settings.ghost_on", "settings.ghost_off"),
                   lambda: self.ctx.settings.ghost, lambda on: self.ctx.set_ghost(on)),
            MenuItem(lambda: t("settings.race"), adjust=self._adjust_race, repeat=False,
                     value=lambda: (t("settings.race_off") if self.ctx.race.solver is None
                                    else solver_label(self.ctx.race.solver)),
                     short=lambda: (t("settings.race_off") if self.ctx.race.solver is None
                                    else solver_short_label(self.ctx.race.solver))),
            MenuItem(lambda: t("settings.race_speed"), adjust=self._adjust_race_speed,
                     repeat=False, enabled=lambda: self.ctx.race.solver is not None,
                     value=lambda: t("settings.race_speed_value", speed=self.ctx.race.speed)),
            # -- accessibility: each applies at once (everything redraws)
            MenuItem(lambda: t("settings.colours"), adjust=self._adjust_palette, repeat=False,
                     value=lambda: t(theme.PALETTES[self.ctx.settings.palette].label)),
            MenuItem(lambda: t("settings.text_size"), adjust=self._adjust_text_size, repeat=False,
                     value=lambda: t("settings.text_size_value",
                                     percent=self.ctx.settings.text_size)),
            switch(("settings.reduced_motion", "settings.reduced_motion_on",
                    "settings.reduced_motion_off"), lambda: self.ctx.settings.reduced_motion,
                   lambda on: self.ctx.set_reduced_motion(on)),
            # -- the fog of war: every maze (from the next one on), or fog levels only
            switch(("settings.fog", "settings.fog_on", "settings.fog_off"),
                   lambda: self.ctx.settings.fog, lambda on: self.ctx.set_fog(on)),
            switch(("settings.minimap", "settings.minimap_on", "settings.minimap_off"),
                   lambda: self.ctx.settings.minimap, lambda on: self.ctx.set_minimap(on)),
            switch(("settings.view", "settings.view_first_person", "settings.view_top"),
                   lambda: self.ctx.first_person, lambda on: self.ctx.set_first_person(on)),
            MenuItem(lambda: t("settings.controls"), lambda: OpenControls()),
            MenuItem(lambda: t("settings.leaderboard"), lambda: OpenLeaderboardSettings(),
                     value=lambda: (t("leaderboard.on") if self.ctx.settings.leaderboard.on
                                    else t("leaderboard.off"))),
            # each language is named in its own script, whichever one the game speaks
            MenuItem(lambda: t("settings.language"), adjust=self._adjust_language, repeat=False,
                     value=lambda: LANGUAGE_NAMES[language()], enter_steps=False),
            MenuItem(lambda: t("settings.reset"), self._ask_reset,
                     enabled=lambda: self.ctx.has_progress),
            MenuItem(lambda: t("settings.back"), lambda: Back()),
        ])

    @staticmethod
    def _ask_reset() -> Next:
        """Ask before forgetting the progress (Cancel chosen to begin with)."""
        return Confirm(t("settings.reset_question"), t("settings.reset_yes"),
                       t("settings.reset_no"), ResetProgress())

    def _adjust_volume(self, delta: int) -> None:
        """Change the volume by ten percent steps."""
        self.ctx.set_volume(round(min(1.0, max(0.0, self.ctx.settings.volume + 0.1 * delta)), 2))

    def _toggle_mute(self) -> None:
        """Mute or unmute."""
        self.ctx.toggle_mute()

    def _adjust_speed(self, delta: int) -> None:
        """Step the default hint animation speed through the game's speeds."""
        self.ctx.set_hint_speed(step_speed(self.ctx.settings.anim_speed, delta))

    def _adjust_solver(self, delta: int) -> None:
        """Step to the previous or next solver choice of the hint."""
        cur = self.ctx.settings.default_solver
        choices = self.hint_choices
        i = choices.index(cur) if cur in choices else 0
        self.ctx.set_solver(choices[(i + delta) % len(choices)])

    def _adjust_race(self, delta: int) -> None:
        """Step through off and the solvers, in registry order."""
        race = self.ctx.race
        choices: list[Optional[str]] = [None, *self.solvers]
        i = choices.index(race.solver) if race.solver in choices else 0
        self.ctx.set_race(replace(race, solver=choices[(i + delta) % len(choices)]))

    def _adjust_race_speed(self, delta: int) -> None:
        """Step the solver ghost's speed through RACE_SPEEDS (no wrapping round)."""
        race = self.ctx.race
        i = RACE_SPEEDS.index(race.speed) if race.speed in RACE_SPEEDS else 0
        speed = RACE_SPEEDS[max(0, min(len(RACE_SPEEDS) - 1, i + delta))]
        self.ctx.set_race(replace(race, speed=speed))

    def _adjust_palette(self, delta: int) -> None:
        """Step to the previous or next palette."""
        names = list(theme.PALETTES)
        cur = self.ctx.settings.palette
        i = names.index(cur) if cur in names else 0
        self.ctx.set_palette(names[(i + delta) % len(names)])

    def _adjust_text_size(self, delta: int) -> None:
        """Step to the previous or next text size, stopping at the smallest and the largest."""
        sizes = theme.TEXT_SIZES
        cur = self.ctx.settings.text_size
        i = sizes.index(cur) if cur in sizes else 0
        self.ctx.set_text_size(sizes[clamp_step(i + delta, sizes)])

    def _adjust_language(self, delta: int) -> None:
        """Speak the previous or next language (from the next frame on, saved)."""
        codes = list(LANGUAGE_NAMES)
        self.ctx.set_language(codes[(codes.index(language()) + delta) % len(codes)])

    def handle_event(self, event: Event) -> Optional[Next]:
        """Change a setting with Left/Right/Enter/click; Esc goes back."""
        if keys.is_back(event):
            return Back()
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the settings list."""
        lay, top, bottom = self.draw_frame(surface, t("settings.title"), t("settings.footer"))
        self.menu_box(surface, lay, self.menu, top, bottom, width=820, font_size=32)
