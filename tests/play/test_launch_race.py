"""``play --race SOLVER [--race-speed N]``: a bad value is one error line and exit code 2;
good ones open the game with that ghost raced for the session, the save untouched."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main
from game.maze.solvers import SOLVERS
from tests.clirun import run_cli


@pytest.mark.parametrize(("argv", "message"), [
    (("--race", "jps"), f"--race: unknown solver 'jps' (expected one of: {', '.join(SOLVERS)})"),
    (("--race", "dfs", "--race-speed", "5"),
     "--race-speed must be one of 2, 4, 6, 8, 12 (tiles per second), got '5'"),
    (("--race", "dfs", "--race-speed", "9" * 5000),
     "--race-speed must be one of 2, 4, 6, 8, 12 (tiles per second), got '" + "9" * 40 + "'"),
    (("--race", "bfs", "--race-speed", "-4"),
     "--race-speed must be one of 2, 4, 6, 8, 12 (tiles per second), got '-4'"),
    (("--race", "bfs", "--race-speed", "²"),
     "--race-speed must be one of 2, 4, 6, 8, 12 (tiles per second), got '²'"),
    (("--race-speed", "4"), "--race-speed sets the speed of the --race ghost: give both"),
])
def test_a_bad_race_is_one_error_line_and_exit_2(
        capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], message: str) -> None:
    assert main(["play", "--size", "11x11", *argv]) == 2
    assert capsys.readouterr().err.splitlines() == [f"migong: error: {message}"]


def test_a_race_plays_and_is_not_saved(tmp_path: Path) -> None:
    save = tmp_path / "save.json"
    save.write_text(json.dumps({"version": 3, "settings": {"race": {"solver": None, "speed": 4}}}))
    done = run_cli("play", "--size", "11x11", "--race", "stack", "--race-speed", "12",
                   env={"MIGONG_SAVE_PATH": str(save), "MIGONG_EXIT_AFTER_FIRST_FRAME": "1"})
    assert done.returncode == 0, done.stderr
    assert json.loads(save.read_text())["settings"]["race"] == {"solver": None, "speed": 4}
