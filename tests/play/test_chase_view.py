"""The top view of chasers: sprites in sight, the warning edge, the caught card and retry."""

from __future__ import annotations

from typing import Optional

import pygame
import pytest

from game.levels import build_level, campaign_index, named_level
from game.maze.formats import parse_maze
from game.play.audio import Audio
from game.play.context import Context
from game.play.input import KeyDown
from game.play.panels.chasers import BODY
from game.play.render.looks import look_of
from game.play.routes import Play
from game.play.scenes.play import PlayScene
from game.maze import tiles as kinds
from game.run.level import Level
from game.run.intents import Release
from game.run.player import Move
from game.run.session import PlaySession
from game.save import Progress

# the chaser lies six steps away round a corner, unseen in the fog
BEND = "\n".join(["##########", "S.########", "#.########", "#....M..E#", "##########"])


def scene_of(level: Level) -> PlayScene:
    """Return a play scene of ``level`` on a fresh context."""
    progress = Progress()
    return PlayScene(Context(progress, audio=Audio(progress.settings)), level)


def red_edge(surface: pygame.Surface, view: pygame.Rect) -> bool:
    """Return True when the view's top-left edge pixel is clearly red."""
    r, g, b, _ = surface.get_at((view.x + 1, view.y + view.height // 2))
    return r > 2 * max(g, b) and r > 60


def test_the_lair_has_a_look(display: None) -> None:
    assert look_of(kinds.kind_of("M")).art is not None


def start_clock(session: PlaySession) -> None:
    """Step off the entrance and straight back: the clock (and the chasers) start, the
    player stands on the entrance again (a bump into a wall no longer starts the clock)."""
    run = session.run
    r, c = run.player.pos
    for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
        if run.tile_kind((r + dr, c + dc)) not in ("wall", "door"):
            for intent in (Move(dr, dc), Release(dr, dc), Move(-dr, -dc), Release(-dr, -dc)):
                session.apply(intent)
            return


def test_a_caught_run_shows_the_card_and_one_key_retries(display: None) -> None:
    spec = named_level("The Lair")
    scene = scene_of(Level(build_level(spec), spec, campaign_index(spec), spec.name))
    start_clock(scene.session)  # the clock starts; the player stands still
    for _ in range(60 * 60):
        scene.update(1 / 60)
        if scene.session.caught:
            break
    assert scene.session.caught and scene._caught_steps is not None
    surface = pygame.Surface((800, 600))
    scene.draw(surface)
    route = scene.handle_event(KeyDown(pygame.K_r))
    assert isinstance(route, Play) and route.level is scene.level


def test_a_near_chaser_unseen_in_the_fog_lights_the_warning_edge(display: None) -> None:
    scene = scene_of(Level(parse_maze(BEND), fog=True))
    surface = pygame.Surface((800, 600))
    scene.draw(surface)
    assert not red_edge(surface, scene._view(surface))  # before the first move: no hunt
    start_clock(scene.session)
    scene.update(1 / 60)
    assert scene.session.nearest_chaser == 6  # from the tile the first step goes to (asleep)
    while scene.session.nearest_chaser > 4:
        scene.update(1 / 60)
    fog = scene.session.run.fog
    assert fog is not None
    chaser = scene.session.run.chase.chasers[0]
    assert scene.session.chaser_seen(0) == fog.in_sight(chaser.pos)
    scene.session.chaser_seen = lambda index: False  # type: ignore[method-assign]  # dark
    from game.play import theme

    theme.use(theme.build(theme.current().name, reduced_motion=True))  # no pulse: its brightest
    scene.draw(surface)
    assert red_edge(surface, scene._view(surface))
    scene.session.chaser_seen = lambda index: True  # type: ignore[method-assign]  # in sight
    scene.draw(surface)
    assert not red_edge(surface, scene._view(surface))


def test_the_result_of_an_escape_says_how_close_the_chasers_came(
        display: None, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.play.scenes import level_complete
    from game.play.scenes.level_complete import LevelCompleteScene
    from game.run.session import PlaySession
    from game.simulate import tap
    from tests.run.bots import route_moves

    spec = named_level("The Lair")
    level = Level(build_level(spec), spec, campaign_index(spec), spec.name)
    run = tap(level.maze, route_moves(level.maze)).run
    assert run.finished and run.chase.closest is not None
    session = PlaySession(level)
    session.run = run
    progress = Progress()
    scene = LevelCompleteScene(Context(progress, audio=Audio(progress.settings)),
                               session.result())
    shown: list[str] = []
    real = level_complete.draw_text

    def spy(surface: pygame.Surface, text: str, *args: object, **kwargs: object) -> pygame.Rect:
        shown.append(text)
        return real(surface, text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(level_complete, "draw_text", spy)
    scene.draw(pygame.Surface((1280, 800)))
    assert "Closest chaser" in shown and f"{run.chase.closest} steps" in shown


def test_the_first_person_corner_map_marks_the_chasers_in_sight(display: None) -> None:
    scene = scene_of(Level(parse_maze(BEND)))
    scene.ctx.settings.minimap = True
    scene.set_first_person(True)
    drawn: list[pygame.Rect] = []
    draw_corner = scene.maps.draw_corner

    def keep(*args: object) -> Optional[pygame.Rect]:
        """Draw the corner map and keep where it went."""
        rect = draw_corner(*args)  # type: ignore[arg-type]
        if rect is not None:
            drawn.append(rect)
        return rect

    scene.maps.draw_corner = keep  # type: ignore[method-assign]
    surface = pygame.Surface((800, 600))
    scene.draw(surface)
    assert drawn, "first person shows a corner map"
    rect = drawn[-1]
    (r, c), = scene.session.chasers
    x = round(rect.x + (c + 0.5) * rect.width / scene.maze.cols)
    y = round(rect.y + (r + 0.5) * rect.height / scene.maze.rows)
    assert tuple(surface.get_at((x, y)))[:3] == BODY
