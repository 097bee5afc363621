"""A level played with real key presses in a real window is kept as a replay that the
command line lists and verifies to the same moves.

The game (under Xvfb) plays prim 15x15 seed 7; xdotool taps the shortest route, one
arrow key per tile.  The result screen keeps the replay beside the save (the game runs
with MIGONG_SAVE_PATH in the test's folder); ``replays --json`` must list it and
``replay PATH --verify`` re-simulate it to the exit in the same moves and time.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable

import pytest

from game.maze.generators import generate
from game.maze.solvers import solve
from tests.e2e.conftest import ROOT, GameWindow
from tests.e2e.test_real_window import ARGS, COLS, ROWS, SEED, WALL, near

pytestmark = pytest.mark.xvfb

KEYS = {(0, 1): "Right", (0, -1): "Left", (1, 0): "Down", (-1, 0): "Up"}


def migong(*args: str, save: Path) -> subprocess.CompletedProcess[str]:
    """Run the command line with the same save path as the game."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), MIGONG_SAVE_PATH=str(save))
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True,
                          text=True, env=env, timeout=120)


def the_kept_run(game: GameWindow, tmp_path: Path) -> dict[str, Any]:
    """Wait for the result screen to keep the run's replay; return what ``replays --json`` lists."""
    kept = tmp_path / "replays"
    deadline = time.monotonic() + 30
    while not list(kept.glob("*.json")):
        assert time.monotonic() < deadline, f"no replay was kept:\n{game.output()}"
        time.sleep(0.3)
    game.screenshot("result")
    listed = migong("replays", "--json", save=tmp_path / "save.json")
    assert listed.returncode == 0, listed.stderr
    runs = json.loads(listed.stdout)  # the run, also its level's best, listed once
    assert len(runs) == 1
    return runs[0]


def test_a_level_played_by_real_key_presses_is_listed_and_verifies_to_the_same_moves(
        launch_game: Callable[..., GameWindow], tmp_path: Path) -> None:
    maze = generate("prim", rows=ROWS, cols=COLS, seed=SEED)
    route = solve(maze, "bfs").path
    assert route is not None
    taps = [KEYS[(b[0] - a[0], b[1] - a[1])] for a, b in zip(route, route[1:])]

    game = launch_game(*ARGS)
    game.find_window()
    game.focus()
    deadline = time.monotonic() + 30
    while not near(game.screenshot("waiting"), WALL, 2).sum() > 1000:
        assert time.monotonic() < deadline, f"the maze never appeared:\n{game.output()}"
        time.sleep(0.3)
    # a tap every 0.2 s: longer than a step (1/8 s), so none is lost or held long enough
    # to walk on by itself
    game.x.run("xdotool", "key", "--delay", "200", *taps, timeout=60 + len(taps))

    run = the_kept_run(game, tmp_path)
    assert run["finished"] is True and run["moves"] == len(taps)
    assert run["level"] == "P15x15-7"

    verified = migong("replay", run["path"], "--verify", save=tmp_path / "save.json")
    assert verified.returncode == 0, verified.stderr
    verdict = json.loads(verified.stdout)
    assert (verdict["finished"], verdict["moves"], verdict["time"]) == \
        (True, run["moves"], run["time"])
