"""The stage: the maze as the camera sees it, and what stands on it.

Reads a :class:`PlaySession` and draws into the view: the maze and its trail, the keys
and doors (under the fog's veil), the fog, the hint's search, the exit's pulsing ring,
the celebration's burst, the player (ringed when tiles are too small to see it) and an
arrow from the view's edge to an exit off screen.  Under reduced motion the rings do not
pulse.
"""

from __future__ import annotations

import math
from typing import Optional

import pygame

from game.play import theme
from game.play.camera import Camera
from game.play.hint import HintLayer
from game.play.render.fog import FogLayer
from game.play.render.images import Images, draw_player, player_sprites, tile_images
from game.play.render.locks import LockSpots
from game.play.render.renderer import MazeRenderer
from game.play.render.tiles import RPG
from game.play.widgets.shapes import draw_edge_pointer
from game.run.hint import HintSearch
from game.run.session import PlaySession

#: Below this tile size (px) the player is ringed so it can be found on the map.
#: Under 4 px draw_player rings the player itself (same colours), so start there.
MARKER_BELOW_TILE = 8
MARKER_FROM_TILE = 4
MARKER_RADIUS = 9
#: Steps of a ring's pulse (a still level is drawn again only when it takes a step).
PULSE_LEVELS = 8
#: Sparks flying out of the exit tile when it is reached.
CELEBRATION_SPARKS = 12


def pulse(now: float, rate: float) -> float:
    """Return a ring's pulse at time ``now`` (s): 0.5..1 at ``rate`` a second (still: 1)."""
    if theme.current().motion.reduced:
        return 1.0
    # in PULSE_LEVELS steps: too fine to see, and a still view is drawn only per step
    wave = abs(((now * rate) % 2.0) - 1.0)
    return 0.5 + 0.5 * round(wave * PULSE_LEVELS) / PULSE_LEVELS


def tile_centre(camera: Camera, view: pygame.Rect,
                pos: tuple[float, float]) -> tuple[float, float]:
    """Return the screen point at the centre of the tile ``pos`` that ``camera`` shows."""
    t = camera.tile
    x, y = camera.to_screen(*pos)
    return view.x + x + t / 2, view.y + y + t / 2


class Stage:
    """The maze, the fog, the hint, the exit and the player of ``session``, seen by ``camera``."""

    def __init__(self, session: PlaySession, camera: Camera, style: str, images: Images) -> None:
        self.session = session
        self.camera = camera
        self.style = style
        maze = session.maze
        self.renderer = MazeRenderer(maze, style,
                                     images=tile_images(images) if style == RPG else None)
        self.locks = LockSpots(maze)
        self.sprites = player_sprites(images) if style == RPG else None
        fog = session.run.fog
        self.fog_layer = FogLayer(fog) if fog is not None else None
        self.hint_layer: Optional[HintLayer] = None  # kept between hints: its surface is big

    def show_hint(self, hint: HintSearch) -> None:
        """Paint ``hint`` from now on (a new search: the layer is kept, it is big)."""
        if self.hint_layer is None:
            self.hint_layer = HintLayer(hint)
        else:
            self.hint_layer.show(hint)

    def tile_centre(self, view: pygame.Rect, pos: tuple[float, float]) -> tuple[float, float]:
        """Return the screen point at the centre of the tile ``pos``."""
        return tile_centre(self.camera, view, pos)

    def draw_ground(self, surface: pygame.Surface, view: pygame.Rect) -> None:
        """Draw the maze and its trail, the keys and doors, then the fog's veil over them."""
        run = self.session.run
        self.renderer.draw(surface, view, self.camera, run.walked)
        clip = surface.get_clip()
        surface.set_clip(view)
        self.locks.draw(surface, view, self.camera, run.held)  # under the fog's veil
        surface.set_clip(clip)
        if self.fog_layer is not None:
            self.fog_layer.draw(surface, view, self.camera)

    def draw_hint(self, surface: pygame.Surface, view: pygame.Rect,
                  pointer_area: pygame.Rect) -> None:
        """Draw the hint's search (its pointer kept inside ``pointer_area``), if shown."""
        if self.session.hint is not None and self.hint_layer is not None:
            self.hint_layer.draw(surface, view, self.camera, pointer_area=pointer_area)

    def draw_locks_over_hint(self, surface: pygame.Surface, view: pygame.Rect) -> None:
        """Draw the keys and doors again over the hint's paint and route (in fog: in sight)."""
        run = self.session.run
        fog = run.fog
        self.locks.draw(surface, view, self.camera, run.held,
                        only=None if fog is None else fog.in_sight)

    def draw_player(self, surface: pygame.Surface, view: pygame.Rect, now: float) -> None:
        """Draw the player where it is now, ringed when tiles are too small to see it."""
        player = self.session.run.player
        draw_player(surface, view, self.camera, player.render_pos, player.facing, self.style,
                    self.sprites)
        self._draw_player_marker(surface, view, now)

    def _draw_player_marker(self, surface: pygame.Surface, view: pygame.Rect, now: float) -> None:
        """Ring the player when tiles are too small to see them (a fitted big maze)."""
        t = self.camera.tile
        if not MARKER_FROM_TILE <= t < MARKER_BELOW_TILE:
            return
        th = theme.current()
        row, col = self.session.run.player.render_pos
        x, y = self.camera.to_screen(row, col)
        centre = (round(view.x + x + t / 2), round(view.y + y + t / 2))
        radius = round(MARKER_RADIUS * (0.8 + 0.3 * pulse(now, th.motion.marker_pulse)))
        pygame.draw.circle(surface, th.actors.marker_edge, centre, radius + 1, 1)
        pygame.draw.circle(surface, th.actors.player, centre, radius, 3)

    def draw_exit_pointer(self, surface: pygame.Surface, view: pygame.Rect,
                          area: pygame.Rect) -> None:
        """Point at the exit from the edge of ``area`` when it lies off the view."""
        centre = self.tile_centre(view, self.session.maze.goal)
        if view.collidepoint(centre):
            return
        f = theme.current().fog
        draw_edge_pointer(surface, area, centre, f.arrow, f.arrow_bg)

    def draw_celebration(self, surface: pygame.Surface, view: pygame.Rect,
                         celebrated: float) -> None:
        """Draw the exit's burst ``celebrated`` s after it was reached: a ring and sparks."""
        th = theme.current()
        if th.motion.reduced:
            return
        done = min(1.0, celebrated / th.motion.celebration_seconds)
        t = self.camera.tile
        x, y = self.camera.to_screen(*self.session.maze.goal)
        cx, cy = view.x + x + t / 2, view.y + y + t / 2
        reach = max(24.0, t * 2.5) * (0.3 + 0.7 * done)
        fade = 1.0 - done
        colors = (th.ui.accent, th.ui.teal, th.actors.exit_ring)
        pygame.draw.circle(surface, th.ui.accent, (round(cx), round(cy)), round(reach),
                           max(1, round(3 * fade + 1)))
        spark = max(2, round(max(3.0, t / 5) * (0.4 + fade)))
        for i in range(CELEBRATION_SPARKS):
            angle = 2 * math.pi * i / CELEBRATION_SPARKS + done
            far = reach * (0.6 + 0.2 * (i % 3))  # three rings of sparks
            pygame.draw.circle(surface, colors[i % len(colors)],
                               (round(cx + far * math.cos(angle)),
                                round(cy + far * math.sin(angle))), spark)

    def draw_exit(self, surface: pygame.Surface, view: pygame.Rect, now: float) -> None:
        """Draw a soft pulsing ring on the exit so it reads at any zoom."""
        th = theme.current()
        t = self.camera.tile
        x, y = self.camera.to_screen(*self.session.maze.goal)
        cx, cy = view.x + x + t / 2, view.y + y + t / 2
        radius = max(7, round(t * (0.55 + 0.25 * pulse(now, th.motion.exit_pulse))))
        width = max(2, round(t / 10))
        # edged in black or white, so the ring shows on the walls and on the floor alike
        pygame.draw.circle(surface, theme.outline(th.actors.exit_ring), (round(cx), round(cy)),
                           radius + 1, width + 2)
        pygame.draw.circle(surface, th.actors.exit_ring, (round(cx), round(cy)), radius, width)
