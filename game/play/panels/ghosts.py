"""The ghosts raced on the stage: the best run kept, and a solver's ghost.

Reads a :class:`PlaySession`.  The best run's ghost is a see-through orb; the solver's
ghost a cyan orb labelled with its solver, or, while a breadth-first one thinks on the
entrance, a ring filling up.  In fog either shows only on a tile in sight (your best run
knows the way, and the dark must not show it); both are gone once home.
"""

from __future__ import annotations

import math
from typing import Optional

import pygame

from game.play import theme
from game.play.camera import Camera
from game.names import solver_short_label
from game.play.panels.stage import pulse, tile_centre
from game.play.widgets.text import draw_text, font, min_font
from game.run.session import PlaySession
from game.text import t


class Ghosts:
    """The ghosts of ``session`` drawn as ``camera`` sees them."""

    def __init__(self, session: PlaySession, camera: Camera) -> None:
        self.session = session
        self.camera = camera
        self._chips: dict[str, pygame.Surface] = {}  # the solver ghost's labels, drawn once
        self._chips_theme: Optional[theme.Theme] = None  # the theme they were drawn in

    def draw(self, surface: pygame.Surface, view: pygame.Rect, now: float) -> None:
        """Draw the best run's ghost, then the solver's ghost."""
        self.draw_best(surface, view)
        self.draw_racer(surface, view, now)

    def _centre(self, view: pygame.Rect, pos: tuple[float, float]) -> tuple[float, float]:
        """Return the screen point at the centre of the tile ``pos``."""
        return tile_centre(self.camera, view, pos)

    def draw_best(self, surface: pygame.Surface, view: pygame.Rect) -> None:
        """Draw the best run's ghost where it is now: a see-through orb (gone at the exit)."""
        ghost = self.session.ghost
        if ghost is None or ghost.done:
            return
        fog = self.session.run.fog
        if fog is not None and not fog.in_sight(ghost.run.player.pos):
            return
        th = theme.current()
        t = self.camera.tile
        x, y = self.camera.to_screen(*ghost.run.player.render_pos)
        r = max(3, round(t * 0.36))
        orb = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
        pygame.draw.circle(orb, (*th.actors.player_light, 110), (r + 1, r + 1), r)
        pygame.draw.circle(orb, (*th.actors.marker_edge, 170), (r + 1, r + 1), r, max(1, r // 4))
        surface.blit(orb, (round(view.x + x + t / 2) - r - 1, round(view.y + y + t / 2) - r - 1))

    def draw_racer(self, surface: pygame.Surface, view: pygame.Rect, now: float) -> None:
        """Draw the solver ghost: a cyan orb with its solver's name, or thinking on the entrance."""
        racer = self.session.racer
        if racer is None:
            return
        maze = self.session.maze
        seconds = self.session.run.elapsed
        thought = racer.thought(seconds)
        pos = maze.start if thought < 1.0 else racer.glide(seconds)
        tile = (round(pos[0]), round(pos[1]))
        fog = self.session.run.fog
        if fog is not None and not fog.in_sight(tile):
            return
        if thought >= 1.0 and tile == maze.goal:  # home: gone, like the best run's ghost
            return
        th = theme.current()
        tile_px = self.camera.tile
        cx, cy = self._centre(view, pos)
        name = solver_short_label(racer.solver)
        if thought < 1.0:
            reach = max(6, round(tile_px * (0.45 + 0.1 * pulse(now, th.motion.marker_pulse))))
            box = pygame.Rect(0, 0, 2 * reach, 2 * reach)
            box.center = (round(cx), round(cy))
            width = max(2, round(tile_px / 8))
            pygame.draw.circle(surface, th.hint.pointer_bg, box.center, reach, width)
            if thought > 0:
                pygame.draw.arc(surface, th.hint.frontier[:3], box, math.pi / 2,
                                math.pi / 2 + 2 * math.pi * thought, width)
            label = t("play.race_thinking", solver=name, percent=int(100 * thought))
            self._draw_chip(surface, view, label, (cx, cy), reach + 2)
            return
        r = max(3, round(tile_px * 0.36))
        orb = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
        pygame.draw.circle(orb, (*th.hint.frontier[:3], 170), (r + 1, r + 1), r)
        pygame.draw.circle(orb, (*th.hint.pointer_bg, 220), (r + 1, r + 1), r, max(1, r // 4))
        surface.blit(orb, (round(cx) - r - 1, round(cy) - r - 1))
        self._draw_chip(surface, view, name, (cx, cy), r + 2)

    def _draw_chip(self, surface: pygame.Surface, view: pygame.Rect, text: str,
                   centre: tuple[float, float], reach: float) -> None:
        """Draw ``text`` on a small dark chip ``reach`` px above ``centre`` (or below it)."""
        th = theme.current()
        if self._chips_theme is not th:  # colours or text size changed in Settings
            self._chips_theme = th
            self._chips.clear()
        chip = self._chips.get(text)
        if chip is None:
            f = font(min_font())
            w, h = f.size(text)
            chip = pygame.Surface((w + 8, h + 2), pygame.SRCALPHA)
            pygame.draw.rect(chip, (*th.hint.pointer_bg, 200), chip.get_rect(), border_radius=4)
            draw_text(chip, text, f, th.hint.frontier[:3], chip.get_rect().center)
            if len(self._chips) > 64:  # the thinking label changes every percent
                self._chips.clear()
            self._chips[text] = chip
        x, y = round(centre[0]), round(centre[1])
        box = chip.get_rect(midbottom=(x, round(y - reach)))
        if box.top < view.top:
            box.midtop = (x, round(y + reach))
        surface.blit(chip, box.clamp(view))
