"""The App applies a frame's events at the time they were read, not before the time they
waited: a stalled frame never counts as time an arrow key was held (a quick tap walks one
tile however busy the machine is), and a real hold still walks on."""

from __future__ import annotations

import pygame

from game.maze.formats import parse_maze
from game.play.app import App
from game.play.routes import Play
from game.play.scenes.level_complete import LevelCompleteScene
from game.play.scenes.play import PlayScene
from game.run.intents import Move, Release
from game.run.level import Level

FRAME = 1 / 120
STALL = 0.25  # a frame on a busy machine: longer than the 0.2 s hold-to-walk delay
CORRIDOR = "#" * 30 + "\nS" + "." * 27 + "E#\n" + "#" * 30


def playing(app: App) -> PlayScene:
    """Show the corridor level and settle a few frames; return its play scene."""
    app.go(Play(Level(parse_maze(CORRIDOR), label="corridor.txt")))
    for _ in range(3):
        app.frame(FRAME)
    scene = app.scene
    assert isinstance(scene, PlayScene)
    return scene


def post(kind: int) -> None:
    """Post a press or a release of the right arrow, as SDL would."""
    pygame.event.post(pygame.event.Event(kind, key=pygame.K_RIGHT, mod=0, unicode="",
                                         scancode=0))


def walk_on(app: App) -> None:
    """Run a second of normal frames with no input: whatever walks ends its walk."""
    for _ in range(120):
        app.frame(FRAME)


def logged(scene: PlayScene) -> list[tuple[int, object]]:
    """Return the run's moves and releases with their ticks."""
    return [(e.tick, e.intent) for e in scene.run.log
            if isinstance(e.intent, (Move, Release))]


def test_a_tap_read_after_a_stalled_frame_walks_one_tile(app: App) -> None:
    scene = playing(app)
    post(pygame.KEYDOWN)
    app.frame(STALL)  # the press waited through a stall before it was read
    post(pygame.KEYUP)
    app.frame(FRAME)
    walk_on(app)
    assert scene.run.moves == 1 and scene.run.player.pos == (1, 1)
    (down, _), (release, _) = logged(scene)
    assert release - down <= 1  # the stall is not counted as holding (was 30 ticks)


def test_a_tap_whose_release_waits_through_a_stall_walks_one_tile(app: App) -> None:
    scene = playing(app)
    post(pygame.KEYDOWN)
    app.frame(FRAME)
    post(pygame.KEYUP)
    app.frame(STALL)  # the release waited through a stall before it was read
    walk_on(app)
    assert scene.run.moves == 1


def test_a_tap_in_normal_frames_walks_one_tile(app: App) -> None:
    scene = playing(app)
    post(pygame.KEYDOWN)
    app.frame(FRAME)
    post(pygame.KEYUP)
    app.frame(FRAME)
    walk_on(app)
    assert scene.run.moves == 1


def test_a_tap_read_whole_in_a_stalled_frame_walks_one_tile(app: App) -> None:
    scene = playing(app)
    post(pygame.KEYDOWN)
    post(pygame.KEYUP)
    app.frame(STALL)
    walk_on(app)
    assert scene.run.moves == 1


def test_a_press_starts_the_step_in_the_frame_that_reads_it(app: App) -> None:
    scene = playing(app)
    post(pygame.KEYDOWN)
    app.frame(FRAME)
    assert scene.run.moves == 1 and scene.run.player.pos == (1, 1)  # stepping already
    (down, move), = logged(scene)
    assert move == Move(0, 1) and down == scene.run.tick  # at the tick it was read


def test_a_key_held_for_half_a_second_still_walks_on(app: App) -> None:
    scene = playing(app)
    post(pygame.KEYDOWN)
    app.frame(STALL)
    for _ in range(60):
        app.frame(FRAME)
    post(pygame.KEYUP)
    app.frame(FRAME)
    walk_on(app)
    assert scene.run.moves >= 3  # one tap's step, then walking at 8 tiles a second


def test_a_key_held_through_stalled_frames_still_walks_on(app: App) -> None:
    scene = playing(app)
    post(pygame.KEYDOWN)
    app.frame(FRAME)
    app.frame(STALL)
    app.frame(STALL)
    post(pygame.KEYUP)
    app.frame(FRAME)
    walk_on(app)
    assert scene.run.moves >= 3


def test_a_key_read_as_the_celebration_ends_skips_it_and_presses_nothing_unseen(app: App) -> None:
    app.go(Play(Level(parse_maze("#####\nS..E#\n#####"), label="short.txt")))
    app.frame(FRAME)
    for _ in range(3):  # walk to the exit: the celebration starts
        post(pygame.KEYDOWN)
        app.frame(FRAME)
        post(pygame.KEYUP)
        for _ in range(20):
            app.frame(FRAME)
    scene = app.scene
    assert isinstance(scene, PlayScene) and scene.run.finished
    for _ in range(75):  # most of its 0.8 s (0.66 s)
        app.frame(FRAME)
    assert app.scene is scene
    # R: any key skips the celebration; on the complete card it would play the level again.
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r",
                                         scancode=0))
    app.frame(STALL)  # the celebration ends in the time the key waited
    # The key skipped the celebration the player saw; the card it never saw was not pressed.
    assert isinstance(app.scene, LevelCompleteScene)
