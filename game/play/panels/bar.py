"""The HUD around the stage: the bar on top (level, facts, time, moves, hints, keys) and
the key strip under the maze.

Reads a :class:`PlaySession`.  The fixed texts (the level's title, its algorithm, size
and code) are worded once and again when the language changes; the key lines are made
again only when the bindings, the hint's speed or the language change.
"""

from __future__ import annotations

from typing import Optional

import pygame

from game.play.input import keymap
from game.names import generator_label, level_title
from game.play.widgets import hud
from game.run.session import PlaySession
from game.text import language, t


class Bar:
    """The top bar and the key strip of ``session``."""

    def __init__(self, session: PlaySession) -> None:
        self.session = session
        self.cache = hud.BarCache()
        self._lines_stamp: Optional[tuple[object, ...]] = None
        self._lines = ("", "")
        self.first_person = False  # the key strip names the first-person keys
        self.relabel()

    def relabel(self) -> None:
        """Word the HUD's fixed texts in the language the game speaks now."""
        self.spoken = language()
        self.label = level_title(self.session.level) or t("level.custom_untitled")
        self.info = self._static_info()

    def relabel_if_needed(self) -> None:
        """Word the fixed texts again if the language changed (in Settings, from the pause)."""
        if self.spoken != language():
            self.relabel()

    def _static_info(self) -> dict[str, str]:
        """Return the HUD facts that never change during a run."""
        level, maze = self.session.level, self.session.maze
        spec = level.spec
        size = f"{maze.rows}x{maze.cols}"
        if spec is None:
            return {"algorithm": level.source or t("hud.from_file"), "size": size, "code": ""}
        loops = round(spec.loops * 100)
        name = generator_label(spec.algorithm)
        if spec.room_size and loops:
            algorithm = t("hud.algorithm_rooms_loops", algorithm=name, rooms=spec.room_size,
                          loops=loops)
        elif spec.room_size:
            algorithm = t("hud.algorithm_rooms", algorithm=name, rooms=spec.room_size)
        elif loops:
            algorithm = t("hud.algorithm_loops", algorithm=name, loops=loops)
        else:
            algorithm = name
        mud = round(spec.mud * 100)
        if mud:
            algorithm = t("hud.algorithm_mud", caption=algorithm, mud=mud)
        code = self.session.share_code()
        shown = t("hud.seed", seed=spec.seed) if code is None else t("hud.code", code=code)
        return {"algorithm": algorithm, "size": size, "code": shown}

    def _key_lines(self) -> tuple[str, str]:
        """Return the key strip and the hint caption's key line, with the keys as bound."""
        km = keymap()
        speed = self.session.run.speed
        stamp = (km, speed, language(), self.first_person)  # made again when one changes
        if stamp != self._lines_stamp:
            self._lines_stamp = stamp
            if self.first_person:
                strip = t("play.help_line_fp", forward=km.label("walk_up", 1),
                          back=km.label("walk_down", 1),
                          turn=f"{km.label('walk_left', 1)}/{km.label('walk_right', 1)}",
                          strafe=f"{km.label('strafe_left', 1)}/{km.label('strafe_right', 1)}",
                          hint=km.label("hint", 1), view=km.label("view", 1),
                          pause=km.label("pause", 1))
            else:
                strip = t("play.help_line", walk=km.walk_label(), hint=km.label("hint", 1),
                          zoom_in=km.label("zoom_in", 1), zoom_out=km.label("zoom_out", 1),
                          fit=km.label("fit", 1), view=km.label("view", 1),
                          pause=km.label("pause", 1))
            self._lines = (
                strip,
                t("play.hint_keys", cycle=km.label("solver_next", 1), digits=km.solvers_label(),
                  slower=km.label("slower", 1), faster=km.label("faster", 1),
                  finish=km.label("finish_hint", 1), hint=km.label("hint", 1),
                  speed=speed))
        return self._lines

    def hint_keys(self) -> str:
        """Return the hint caption's key line."""
        return self._key_lines()[1]

    def help_line(self) -> str:
        """Return the key reminder under the maze (caught: the caught card's keys)."""
        if self.session.caught:
            return t("chase.caught_strip")
        return self._key_lines()[0]

    def draw(self, surface: pygame.Surface, view: pygame.Rect) -> None:
        """Draw the key strip under ``view`` and the bar above it."""
        run = self.session.run
        w, h = surface.get_size()
        hud.draw_help_strip(surface, pygame.Rect(0, view.bottom, w, h - view.bottom),
                            self.help_line())  # caught: the card's keys, not the walking keys
        self.cache.draw(surface, hud.HudInfo(self.label, self.info["algorithm"], self.info["size"],
                                             run.elapsed, run.moves, run.hints_used,
                                             self.info["code"], run.keys, self.session.key_total,
                                             run.fog is not None))
