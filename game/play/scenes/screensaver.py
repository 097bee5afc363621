"""The screensaver: generated mazes walked in first person, right hand on the wall, forever.

Each maze is a fresh one (a random seed); the walker (:mod:`game.play.firstperson.wander`)
gives the play session the same intents a player would, one tile or quarter turn at a
time, and a new maze comes at each exit.  Any key or click ends it (the game quits).
"""

from __future__ import annotations

import random
from typing import Optional

import pygame

from game.maze.generators import generate
from game.play.context import Context
from game.play.firstperson.view import FirstPersonView
from game.play.firstperson.wander import next_choice
from game.play.input import Event, KeyDown, left_click
from game.play.render.tiles import CLASSIC
from game.play.routes import QuitGame
from game.play.scenes.base import Next, Scene
from game.run.clock import TickClock
from game.run.intents import Release
from game.run.level import Level
from game.run.player import Move
from game.run.session import PlaySession

#: The mazes walked: their side (tiles), and the pause at each exit (s).
SIDE = 21
PAUSE_AT_EXIT = 1.0


class ScreensaverScene(Scene):
    """Walk generated mazes in first person until a key or a click."""

    def __init__(self, ctx: Context, *, seed: Optional[int] = None) -> None:
        super().__init__(ctx)
        self.rng = random.Random(seed)
        self.mazes = 0
        self._new_maze()

    def _new_maze(self) -> None:
        """Start walking a fresh maze from its entrance."""
        maze = generate("backtracker", rows=SIDE, cols=SIDE, seed=self.rng.randrange(1 << 30))
        self.session = PlaySession(Level(maze, label=""))
        self.view = FirstPersonView(self.session, CLASSIC)
        self.clock = TickClock()
        self._turned = False
        self._resting = 0.0
        self.mazes += 1

    @property
    def fps(self) -> int:
        """Return the frame rate: smooth, always moving."""
        return 60

    def handle_event(self, event: Event) -> Optional[Next]:
        """End on any key or click."""
        if isinstance(event, KeyDown) or left_click(event) is not None:
            return QuitGame()
        return None

    def _choose(self) -> None:
        """Turn or step as the right hand says, when the last move is over."""
        walker, run = self.view.walker, self.session.run
        choice = next_choice(self.session.maze.walkable, run.player.pos, walker.heading,
                             self._turned)
        self._turned = choice == "right"
        if choice == "forward":
            move = walker.move("walk_up")
            self.session.apply(move)
            self.session.apply(Release(move.dr, move.dc))
        else:
            walker.turn(1 if choice == "right" else -1)

    def update(self, dt: float) -> Optional[Next]:
        """Walk on; at the exit rest a moment, then a new maze."""
        reduced = False
        self.view.walker.update(dt, reduced)
        self.session.advance(self.clock.advance(dt))
        if self.session.finished:
            self._resting += dt
            if self._resting >= PAUSE_AT_EXIT:
                self._new_maze()
            return None
        if not self.session.run.player.moving and not self.view.walker.turning:
            self._choose()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the walk, filling the window."""
        self.view.draw(surface, surface.get_rect())
