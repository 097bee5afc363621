"""Chasers in the first-person view: sprites hidden column by column behind nearer walls,
and a heartbeat that quickens as the nearest chaser closes in."""

from __future__ import annotations

from typing import Iterator

import numpy as np
import pygame
import pytest

from game.maze.chase import NEAR
from game.maze.formats import parse_maze
from game.play import theme
from game.play.context import Context
from game.play.firstperson import raycast
from game.play.panels.chasers import beat_interval
from game.play.scenes.play import PlayScene
from game.run.level import Level
from game.run.session import PlaySession
from game.save import Progress

#: A straight corridor east of the entrance: the chaser stands in plain view.
OPEN = ["###########",
        "S.....M...E",
        "###########"]
#: The chaser's corridor runs behind the wall the player faces: hidden.
HIDDEN = ["###########",
          "S.........#",
          "#########.#",
          "M.........E",
          "###########"]


@pytest.fixture(autouse=True)
def screen(display: None) -> Iterator[None]:
    """Give every test a 320x240 dummy display."""
    pygame.display.set_mode((320, 240))
    yield
    theme.use(theme.build("default"))


def fp_scene(lines: list[str]) -> PlayScene:
    """Return ``lines`` played in first person, facing east from the entrance."""
    ctx = Context(Progress())
    ctx.session_view = True
    scene = PlayScene(ctx, Level(parse_maze("\n".join(lines))))
    scene.on_enter()
    assert scene.first_person is not None
    return scene


def frame_with_and_without_chasers(scene: PlayScene) -> tuple[np.ndarray, np.ndarray]:
    """Return the cast picture drawn with the chasers, and drawn with none."""
    fp = scene.first_person
    assert fp is not None
    surface = pygame.Surface((320, 240))
    view = pygame.Rect(0, 0, 320, 240)
    fp.draw(surface, view)
    shown = pygame.surfarray.array3d(surface)
    chasers, scene.run.chase.chasers = scene.run.chase.chasers, []
    try:
        fp.draw(surface, view)
    finally:
        scene.run.chase.chasers = chasers
    return shown, pygame.surfarray.array3d(surface)


def test_a_column_behind_a_nearer_wall_hides_the_sprite() -> None:
    wall = np.array([9.0] * 10 + [2.0] * 10)  # a corner: the right half's wall stands at 2
    a, seen = raycast.sprite_columns(centre=10.0, depth=4.0, size=12, wall=wall)
    assert a == 4 and seen.tolist() == [True] * 6 + [False] * 6
    a, seen = raycast.sprite_columns(centre=10.0, depth=1.5, size=12, wall=wall)
    assert seen.all()  # nearer than every wall: all of it
    a, seen = raycast.sprite_columns(centre=-20.0, depth=1.5, size=12, wall=wall)
    assert seen.size == 0  # off the screen


def test_a_chaser_in_the_open_corridor_stands_in_the_view() -> None:
    scene = fp_scene(OPEN)
    fp = scene.first_person
    assert fp is not None and "chaser" in [name for name, _, _ in fp.sprites()]
    shown, bare = frame_with_and_without_chasers(scene)
    changed = (shown != bare).any(axis=2)
    assert changed.sum() > 200  # a figure, not a speck
    columns = np.flatnonzero(changed.any(axis=1))
    assert abs(columns.mean() - 160) < 20  # straight ahead, in the middle of the view
    red = shown[changed]
    assert (red[:, 0] > red[:, 1]).mean() > 0.5  # the dark red body


def test_a_chaser_behind_a_wall_is_not_drawn_through_it() -> None:
    scene = fp_scene(HIDDEN)
    fp = scene.first_person
    assert fp is not None
    assert "chaser" in [name for name, _, _ in fp.sprites()]  # no fog: it is listed
    shown, bare = frame_with_and_without_chasers(scene)
    assert (shown == bare).all()  # yet every column of it lies behind the wall ahead


def test_in_fog_a_chaser_out_of_sight_is_not_a_sprite() -> None:
    ctx = Context(Progress())
    ctx.session_view = True
    scene = PlayScene(ctx, Level(parse_maze("\n".join(HIDDEN)), fog=True))
    scene.on_enter()
    assert scene.first_person is not None
    assert "chaser" not in [name for name, _, _ in scene.first_person.sprites()]


def test_the_heartbeat_quickens_as_a_chaser_closes_in() -> None:
    intervals = [beat_interval(near) for near in range(NEAR, 0, -1)]
    assert all(i is not None for i in intervals)
    assert intervals == sorted(intervals, reverse=True) and len(set(intervals)) == NEAR
    assert beat_interval(NEAR + 1) is None and beat_interval(None) is None


def beats_in(scene: PlayScene, seconds: float, monkeypatch: pytest.MonkeyPatch) -> int:
    """Return how many heartbeats ``scene`` plays in ``seconds``."""
    played: list[str] = []
    monkeypatch.setattr(scene.ctx.audio, "play", lambda name, *a, **k: played.append(name))
    for _ in range(round(seconds * 60)):
        scene.update(1 / 60)
    return played.count("heartbeat")


@pytest.mark.parametrize("near", [5, 2])
def test_first_person_beats_faster_the_nearer_the_chaser(
        near: int, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = fp_scene(OPEN)
    monkeypatch.setattr(PlaySession, "nearest_chaser", property(lambda self: near))
    far_scene = fp_scene(OPEN)
    count = beats_in(scene, 4.0, monkeypatch)
    interval = beat_interval(near)
    assert interval is not None
    assert count == pytest.approx(4.0 / interval, abs=1)
    monkeypatch.setattr(PlaySession, "nearest_chaser", property(lambda self: NEAR + 2))
    assert beats_in(far_scene, 4.0, monkeypatch) == 0


def test_caught_in_first_person_shows_the_caught_card_and_r_retries(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from game.play.input import KeyDown
    from game.play.routes import Play
    from game.run.intents import Release
    from game.run.player import Move

    scene = fp_scene(OPEN)
    for intent in (Move(0, 1), Release(0, 1), Move(0, -1), Release(0, -1)):
        scene.session.apply(intent)  # the clock starts; then the player stands still
    for _ in range(60 * 20):
        scene.update(1 / 60)
        if scene.session.caught:
            break
    assert scene.session.caught
    cards: list[object] = []
    monkeypatch.setattr(scene.chasers, "draw_caught", lambda *args: cards.append(args))
    scene.draw(pygame.display.get_surface())
    assert len(cards) == 1  # it said nothing before: the view froze on the chaser's face
    assert isinstance(scene.handle_event(KeyDown(pygame.K_r)), Play)
