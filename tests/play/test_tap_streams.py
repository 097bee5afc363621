"""Streams of quick taps (a press and its release 12 ms later, as xdotool sends them) read
by the App in slow frames: every tap reaches the run, in order, so a route tapped key by
key is walked tile by tile however few frames the machine draws -- up to the taps the
run's queue holds (``game.run.player.MAX_QUEUED``) between two frames."""

from __future__ import annotations

import pygame

from game.maze.formats import parse_maze
from game.play.app import App
from game.play.routes import Play
from game.play.scenes.play import PlayScene
from game.run.level import Level
from game.run.player import MAX_QUEUED, WALKING_SPEED

Step = tuple[int, int]
RIGHT, DOWN = (0, 1), (1, 0)
ARROWS = {(-1, 0): pygame.K_UP, DOWN: pygame.K_DOWN, (0, -1): pygame.K_LEFT,
          RIGHT: pygame.K_RIGHT}
HOLD = 0.012  # a tap's press to its release (xdotool's default delay)
FRAME = 1 / 120


def corridor(length: int) -> str:
    """Return a straight corridor of ``length`` steps from S to E."""
    return "#" * (length + 2) + "\nS" + "." * (length - 1) + "E#\n" + "#" * (length + 2)


def staircase(turns: int) -> str:
    """Return a corridor turning at every tile (right, down, right, ...): 2*turns-1 steps."""
    width = turns + 3
    rows = ["#" * width]
    for r in range(1, turns + 1):
        row = ["#"] * width
        row[r] = row[r + 1] = "."
        rows.append("".join(row))
    rows.append("#" * width)
    grid = [list(row) for row in rows]
    grid[1][1], grid[turns][turns + 1] = "S", "E"
    return "\n".join("".join(row) for row in grid)


def stair_steps(turns: int) -> list[Step]:
    """Return the taps of the staircase's route."""
    return [RIGHT if i % 2 == 0 else DOWN for i in range(2 * turns - 1)]


def playing(app: App, text: str) -> PlayScene:
    """Show the maze ``text`` and settle a few frames; return its play scene."""
    app.go(Play(Level(parse_maze(text), label="taps.txt")))
    for _ in range(3):
        app.frame(FRAME)
    scene = app.scene
    assert isinstance(scene, PlayScene)
    return scene


def post(kind: int, key: int) -> None:
    """Post a press or a release of ``key``, as SDL would."""
    pygame.event.post(pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0))


def tap(app: App, steps: list[Step], *, rate: float, frame: float) -> None:
    """Tap ``steps`` at ``rate`` taps a second, the App reading them in frames ``frame`` s
    apart (each frame reads what came since the last), then walk on two seconds."""
    times = [i / rate for i in range(len(steps))]
    events = sorted([(t, pygame.KEYDOWN, ARROWS[d]) for t, d in zip(times, steps)]
                    + [(t + HOLD, pygame.KEYUP, ARROWS[d]) for t, d in zip(times, steps)])
    frames, sent = 0, 0
    while sent < len(events):
        frames += 1
        now = frames * frame
        while sent < len(events) and events[sent][0] <= now:
            post(events[sent][1], events[sent][2])
            sent += 1
        app.frame(frame)
    for _ in range(240):
        app.frame(FRAME)


def test_taps_read_in_frames_of_a_third_of_a_second_all_walk(app: App) -> None:
    scene = playing(app, corridor(70))
    tap(app, [RIGHT] * 60, rate=7.9, frame=0.3)
    # Was 52: frames of 0.3 s counted as 0.25 s (MAX_DT), the walk fell behind the taps
    # and the ones past the full queue were dropped.
    assert scene.run.moves == 60 and scene.run.player.pos == (1, 60)


def test_a_winding_route_tapped_in_half_second_frames_stays_in_step(app: App) -> None:
    scene = playing(app, staircase(30))
    tap(app, stair_steps(30), rate=7.9, frame=0.5)
    # One tap dropped put every later one out of step: each was tried on the wrong tile.
    assert scene.run.finished and scene.run.moves == 59


def test_two_taps_read_in_each_quarter_second_frame_both_walk(app: App) -> None:
    scene = playing(app, corridor(30))
    tap(app, [RIGHT] * 24, rate=7.9, frame=0.25)  # press, release, press, release a frame
    assert scene.run.moves == 24


def test_turns_tapped_and_released_inside_one_frame_are_taken_at_their_corners(app: App) -> None:
    scene = playing(app, staircase(3))
    tap(app, stair_steps(3), rate=30.0, frame=0.3)  # all five taps in one frame
    assert scene.run.finished and scene.run.moves == 5


def test_a_frame_reading_more_taps_than_the_queue_holds_walks_those_it_holds(app: App) -> None:
    # The run's rule (game.run.player rule 2): a tap while stepping waits in a queue of
    # MAX_QUEUED; one read when the queue is full is dropped.  A frame reading seven taps
    # at once steps on the first and queues the next four.
    scene = playing(app, corridor(20))
    tap(app, [RIGHT] * 7, rate=60.0, frame=0.2)
    assert scene.run.moves == 1 + MAX_QUEUED


def test_taps_faster_than_the_walk_lose_only_what_the_walk_had_no_time_for(app: App) -> None:
    # Two taps a frame of 0.2 s are ten a second: more than the walk's eight a second, so
    # the queue fills and (the run's rule) the taps past it are dropped.
    scene = playing(app, corridor(70))
    tap(app, [RIGHT] * 40, rate=10.0, frame=0.2)  # 4 s of taps
    walked = 40 / 10.0 * WALKING_SPEED
    assert walked <= scene.run.moves <= walked + 1 + MAX_QUEUED < 40
