"""``play --fog``: with a maze file or maze options it runs; alone it is one error line."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli import main
from game.levels import LevelSpec, build_level
from game.maze.formats import format_maze
from tests.clirun import run_cli


def test_fog_without_a_maze_is_one_error_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--fog"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == ["migong: error: --fog needs a maze: a FILE, --code, --daily, --level or maze options "
                   "(--algorithm, --size, ...); for every maze, turn Fog on in Settings"]


@pytest.mark.parametrize("argv", [("--size", "11x11", "--seed", "4"), ("FILE",)])
def test_fog_with_a_maze_plays(tmp_path: Path, argv: tuple[str, ...]) -> None:
    maze = tmp_path / "m.txt"
    maze.write_text(format_maze(build_level(LevelSpec("prim", 11, 11, 3))))
    argv = tuple(str(maze) if a == "FILE" else a for a in argv)
    done = run_cli("play", "--fog", *argv, env={"MIGONG_SAVE_PATH": str(tmp_path / "save.json"),
                                                "MIGONG_EXIT_AFTER_FIRST_FRAME": "1"})
    assert done.returncode == 0, done.stderr
