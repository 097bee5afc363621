"""A key level played through by real key presses in a real window.

The game (under Xvfb) plays a tiny hand-made maze FILE with a red key down a side
corridor and a red door on the way to the exit.  xdotool first walks the player into
the locked door (it stays shut: the player stands before it), then taps the fewest-moves
walk from there: down the corridor to the key, back, through the door, to the exit.
The result screen keeps the run's replay; ``replays --json`` must list it finished, with
the moves of the walk, and ``replay PATH --verify`` re-simulate it to the exit.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Callable

import pytest

from game.maze.formats import parse_maze
from game.maze.solvers import solve
from game.play.theme import DEFAULT
from tests.e2e.conftest import GameWindow
from tests.e2e.test_real_window import near
from tests.e2e.test_replay_window import KEYS, migong, the_kept_run

pytestmark = pytest.mark.xvfb

# The red door R stands between the start and the exit; its key r lies down the corridor.
MAZE = """\
#########
S...R...E
#.#######
#......r#
#########
"""
BEFORE_DOOR = (1, 3)


def test_a_key_level_is_walked_through_its_door_with_real_key_presses(
        launch_game: Callable[..., GameWindow], tmp_path: Path) -> None:
    maze = parse_maze(MAZE)
    solution = solve(maze, "bfs", start=BEFORE_DOOR)
    assert solution.path is not None and solution.keys == ("r",)
    taps = [KEYS[(b[0] - a[0], b[1] - a[1])] for a, b in zip(solution.path, solution.path[1:])]
    level = tmp_path / "keys.txt"
    level.write_text(MAZE)

    game = launch_game("play", str(level))
    game.find_window()
    game.focus()
    deadline = time.monotonic() + 30
    while not near(game.screenshot("waiting"), DEFAULT.classic.wall, 2).sum() > 1000:
        assert time.monotonic() < deadline, f"the maze never appeared:\n{game.output()}"
        time.sleep(0.3)
    # a tap every 0.2 s: longer than a step (1/8 s), so none is lost or held long enough
    # to walk on by itself.  Four Rights: three walk to the door, the fourth bumps it.
    game.x.run("xdotool", "key", "--delay", "200", "Right", "Right", "Right", "Right")
    game.settle("locked")
    game.x.run("xdotool", "key", "--delay", "200", *taps, timeout=60 + len(taps))

    run = the_kept_run(game, tmp_path)
    # the door stopped the fourth Right: 3 moves to it, then the walk through it
    assert run["finished"] is True and run["moves"] == 3 + len(taps)

    verified = migong("replay", run["path"], "--verify", save=tmp_path / "save.json")
    assert verified.returncode == 0, verified.stderr
    verdict = json.loads(verified.stdout)
    assert (verdict["finished"], verdict["moves"]) == (True, run["moves"])
