"""Shared helpers of the play tests: typed input events and a navigator to drive scenes
the way the App does (routes followed, enter/exit hooks called)."""

from __future__ import annotations

from typing import Optional, Sequence

import pygame

from game.levels import CAMPAIGN, build_level, named_level
from game.maze.grid import Maze
from game.maze.solvers import solve
from game.play.context import Context
from game.play.input import (
    Click,
    Event,
    FocusGained,
    KeyDown,
    KeyUp,
    PointerMove,
    QuitRequest,
    normalise,
)
from game.names import level_label
from game.play.navigator import Navigator
from game.play.routes import Play
from game.play.scenes.base import Enter, Next, Scene
from game.play.scenes.play import PlayScene
from game.run.intents import LEFT, RIGHT
from game.run.level import Level, RunResult
from game.run.model import Run
from game.run.player import Move
from game.run.replay import Replay, record
from tests.run.test_replay import tap


def key(k: int, mod: int = 0) -> KeyDown:
    """Return a key press."""
    return KeyDown(k, mod)


def up(k: int) -> KeyUp:
    """Return a key release."""
    return KeyUp(k)


def click(pos: tuple[int, int], button: int = 1) -> Click:
    """Return a mouse button press."""
    return Click(pos, button)


def motion(pos: tuple[int, int]) -> PointerMove:
    """Return a real mouse move."""
    return PointerMove(pos)


def campaign_level(index: int) -> Level:
    """Return campaign level ``index`` as the game plays it."""
    spec = CAMPAIGN[index]
    return Level(build_level(spec), spec, index, level_label(index, spec))


def file_level(maze: Maze) -> Level:
    """Return ``maze`` played as if loaded from a file (no spec, not in the campaign)."""
    return Level(maze, label="maze.txt")


def walked(level: Level, moves: Sequence[Move], *, idle: int = 30) -> Run:
    """Return a run of ``level`` that tapped ``moves`` one after another, then stood ``idle`` ticks."""
    run = Run(level.maze)
    tap(run, moves, pause=0)
    for _ in range(idle):
        run.step()
    return run


def sample_replay() -> tuple[Level, Replay]:
    """Return campaign level 1 and the replay of a run that went a few tiles in and back."""
    level = campaign_level(0)
    run = walked(level, [RIGHT, RIGHT, RIGHT, LEFT, LEFT, RIGHT, RIGHT, RIGHT, RIGHT], idle=800)
    return level, record(run, level, game="test", date="2026-12-01T08:00:00Z")


def small_play(ctx: Context, index: int | str = 0) -> PlayScene:
    """Return a play scene on campaign level ``index`` (or the level of that name)."""
    if isinstance(index, str):
        index = CAMPAIGN.index(named_level(index))
    return PlayScene(ctx, campaign_level(index))


def run_result(play: PlayScene, *, time_s: float = 20.0, extra: int = 0,
               hints: int = 0) -> RunResult:
    """Return a finished run of ``play``'s maze."""
    optimal = solve(play.maze, "bfs").length
    assert optimal is not None
    return RunResult(play.level, time=time_s, moves=optimal + extra, optimal=optimal,
                     hints_used=hints)


class Driver:
    """A navigator driven like the App drives it: events in, routes followed."""

    def __init__(self, ctx: Context, first: Next) -> None:
        self.nav = Navigator(ctx)
        self.nav.go(first)

    @property
    def scene(self) -> Scene:
        """Return the scene on screen."""
        scene = self.nav.scene
        assert scene is not None
        return scene

    def send(self, event: Event) -> Scene:
        """Give ``event`` to the current scene, follow its route; return the scene on screen."""
        self.follow(self.scene.handle_event(event))
        return self.scene

    def update(self, dt: float) -> Scene:
        """Update the current scene by ``dt``, follow its route; return the scene on screen."""
        self.follow(self.scene.update(dt))
        return self.scene

    def follow(self, route: Optional[Next]) -> None:
        """Follow ``route`` when there is one."""
        if route is not None:
            self.nav.go(route)


def play_driver(ctx: Context, index: int = 0) -> Driver:
    """Return a driver on a play scene of campaign level ``index``."""
    return Driver(ctx, Play(campaign_level(index)))


def show(ctx: Context, scene: Scene) -> Driver:
    """Return a driver showing ``scene`` (entered as the App would)."""
    return Driver(ctx, Enter(scene))


def scene_event(event: pygame.event.Event) -> Optional[Event]:
    """Return the typed event a scene gets from a pygame event (None: scenes get none)."""
    typed = normalise(event)
    return None if isinstance(typed, (QuitRequest, FocusGained)) else typed


def shows(play: PlayScene, part: str, size: tuple[int, int] = (640, 480)) -> bool:
    """Return True when the session's ``part`` (an attribute, e.g. a ghost) changes the picture."""

    def picture() -> bytes:
        surface = pygame.Surface(size)
        play.draw(surface)
        return pygame.image.tobytes(surface, "RGB")

    with_part = picture()
    kept = getattr(play.session, part)
    setattr(play.session, part, None)
    try:
        without = picture()
    finally:
        setattr(play.session, part, kept)
    return with_part != without
