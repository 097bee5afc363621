"""A level played through in first person by real key presses in a real window.

The game (under Xvfb) plays a small hand-made maze FILE with ``--view first-person``.
xdotool walks it as a player would from inside: Right and Left turn a quarter, Up steps
ahead, Down steps back.  The result screen keeps the run's replay; ``replays --json``
must list it finished in the walk's moves, and ``replay PATH --verify`` re-simulate it
to the exit: the first-person view gave the run the same intents as the top view does.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Callable

import numpy as np
import pytest

from game.maze.formats import parse_maze
from game.maze.solvers import solve
from game.play.firstperson.view import HEADINGS, start_heading
from game.run.level import Level
from game.run.session import PlaySession
from tests.e2e.conftest import GameWindow
from tests.e2e.test_replay_window import migong, the_kept_run

pytestmark = pytest.mark.xvfb

MAZE = """\
#######
S.....#
#####.#
#.....#
#.#####
#.....E
#######
"""


def first_person_taps(maze_text: str) -> list[str]:
    """Return the keys that walk the maze's shortest route in first person."""
    maze = parse_maze(maze_text)
    path = solve(maze, "bfs").path
    assert path is not None
    heading = start_heading(PlaySession(Level(maze)))
    taps: list[str] = []
    for a, b in zip(path, path[1:]):
        turn = (HEADINGS.index((b[0] - a[0], b[1] - a[1])) - heading) % 4
        if turn == 2:
            taps.append("Down")  # a step back: no turn
            continue
        if turn == 1:
            taps.append("Right")
        elif turn == 3:
            taps.append("Left")
        heading = (heading + turn) % 4
        taps.append("Up")
    return taps


def test_a_level_is_walked_through_in_first_person_and_its_replay_verifies(
        launch_game: Callable[..., GameWindow], tmp_path: Path) -> None:
    taps = first_person_taps(MAZE)
    assert "Left" in taps and "Right" in taps  # the walk turns both ways
    level = tmp_path / "corridors.txt"
    level.write_text(MAZE)

    game = launch_game("play", str(level), "--view", "first-person")
    game.find_window()
    game.focus()
    deadline = time.monotonic() + 30
    while True:  # the picture: the textured walls and floor fill the middle of the window
        shot = game.screenshot("waiting")
        middle = shot[shot.shape[0] // 2]
        if len(np.unique(middle.reshape(-1, 3), axis=0)) > 20:
            break
        assert time.monotonic() < deadline, f"the first-person view never appeared:\n{game.output()}"
        time.sleep(0.3)
    game.settle("ready")
    # a tap every 0.3 s: longer than a quarter turn (0.16 s) or a step (1/8 s)
    game.x.run("xdotool", "key", "--delay", "300", *taps, timeout=60 + len(taps))

    run = the_kept_run(game, tmp_path)
    steps = sum(1 for tap in taps if tap in ("Up", "Down"))
    assert run["finished"] is True and run["moves"] == steps

    verified = migong("replay", run["path"], "--verify", save=tmp_path / "save.json")
    assert verified.returncode == 0, verified.stderr
    verdict = json.loads(verified.stdout)
    assert (verdict["finished"], verdict["moves"]) == (True, steps)
