"""The chasers on the stage, the warning edge, and the card of a caught run.

Reads a :class:`PlaySession`.  A chaser is a dark red horned head with glowing eyes,
drawn where the session says it is (between tiles while it steps); in fog only on a tile
in sight.  While a chaser is near (``NEAR`` steps) and not seen -- in the dark, or off
the view -- the view's edge glows red, pulsing faster the nearer it is.  Once caught the
view dims under a card: how close the run came, and the keys to retry at once or leave.
"""

from __future__ import annotations

import math
from typing import Optional

import pygame

from game.maze.chase import NEAR
from game.play import theme
from game.play.camera import Camera
from game.play.widgets.text import draw_text, font
from game.run.session import PlaySession
from game.text import t

#: The chaser's colours: its head, its horns, its eyes.
BODY = (150, 34, 30)
HORN = (236, 222, 196)
EYES = (255, 214, 64)
#: The warning edge's colour and its width at its brightest, in pixels.
EDGE = (220, 30, 30)
EDGE_WIDTH = 14


#: The heartbeat's interval (s) with a chaser NEAR steps away, and a step away.
BEAT_FAR = 1.0
BEAT_CLOSE = 0.4


def warning_of(near: Optional[int]) -> float:
    """Return how strong the warning of a chaser ``near`` steps away is: 0 (none) to 1."""
    if near is None or near > NEAR:
        return 0.0
    return 1.0 - near / (NEAR + 1)


def beat_interval(near: Optional[int]) -> Optional[float]:
    """Return the seconds between heartbeats with the nearest chaser ``near`` steps away.

    None while none is near (no beat); from BEAT_FAR at NEAR steps to BEAT_CLOSE at one.
    """
    strength = warning_of(near)
    if strength <= 0:
        return None
    weakest, strongest = warning_of(NEAR), warning_of(1)
    share = (strength - weakest) / (strongest - weakest)
    return BEAT_FAR + (BEAT_CLOSE - BEAT_FAR) * share


class Chasers:
    """The chasers of ``session`` drawn as ``camera`` sees them."""

    def __init__(self, session: PlaySession, camera: Camera) -> None:
        self.session = session
        self.camera = camera

    def visible(self, view: pygame.Rect) -> list[tuple[float, float]]:
        """Return the screen centres of the chasers the player sees in ``view``."""
        out = []
        tile = self.camera.tile
        for i, (r, c) in enumerate(self.session.chasers):
            if not self.session.chaser_seen(i):
                continue
            x, y = self.camera.to_screen(r, c)
            cx, cy = view.x + x + tile / 2, view.y + y + tile / 2
            if view.collidepoint(cx, cy):
                out.append((cx, cy))
        return out

    def draw(self, surface: pygame.Surface, view: pygame.Rect, now: float) -> None:
        """Draw every chaser in sight: a horned head with eyes."""
        tile = self.camera.tile
        r = max(3.0, tile * 0.42)
        for cx, cy in self.visible(view):
            horn = [(cx - r * 0.9, cy - r * 0.2), (cx - r * 1.2, cy - r * 1.2),
                    (cx - r * 0.4, cy - r * 0.7)]
            pygame.draw.polygon(surface, HORN, horn)
            pygame.draw.polygon(surface, HORN, [(2 * cx - x, y) for x, y in horn])
            pygame.draw.circle(surface, BODY, (round(cx), round(cy)), round(r))
            if r >= 5:
                e = max(1, round(r * 0.18))
                for side in (-1, 1):
                    pygame.draw.circle(surface, EYES,
                                       (round(cx + side * r * 0.38), round(cy - r * 0.1)), e)

    def warning(self) -> float:
        """Return how strong the warning is, 0 (none) to 1 (a step away)."""
        if self.session.caught:
            return 0.0
        return warning_of(self.session.nearest_chaser)

    def draw_warning(self, surface: pygame.Surface, view: pygame.Rect, now: float) -> None:
        """Glow the view's edge red while a chaser is near and none is seen."""
        strength = self.warning()
        if strength <= 0 or self.visible(view):
            return
        reduced = theme.current().motion.reduced
        beat = 1.0 if reduced else 0.6 + 0.4 * abs(math.sin(now * (2 + 6 * strength)))
        width = max(2, round(EDGE_WIDTH * strength))
        alpha = round(200 * strength * beat)
        glow = pygame.Surface(view.size, pygame.SRCALPHA)
        for k in range(width):
            a = round(alpha * (1 - k / width))
            pygame.draw.rect(glow, (*EDGE, a), glow.get_rect().inflate(-2 * k, -2 * k), 1)
        surface.blit(glow, view.topleft)

    def draw_caught(self, surface: pygame.Surface, view: pygame.Rect,
                    exit_steps: Optional[int]) -> None:
        """Dim the view under the caught card: how close it was, and the keys."""
        th = theme.current()
        shade = pygame.Surface(view.size, pygame.SRCALPHA)
        shade.fill((40, 0, 0, 150))
        surface.blit(shade, view.topleft)
        lines = [t("chase.caught")]
        if exit_steps is not None:
            lines.append(t("chase.caught_close", steps=exit_steps))
        lines.append(t("chase.caught_keys"))
        sizes = (max(24, view.height // 12), max(16, view.height // 28), max(14, view.height // 34))
        y = view.centery - sum(round(size * 1.5) for size in sizes[: len(lines)]) // 2
        for i, (text, size) in enumerate(zip(lines, sizes)):
            colour = EDGE if i == 0 else th.ui.text
            draw_text(surface, text, font(size, bold=i == 0), colour, (view.centerx, y),
                      anchor="midtop", max_width=view.width - 40, shadow=(0, 0, 0))
            y += round(size * 1.5)
