"""Hostile inputs at a size CI can afford: every family, a few dozen of each, plus real runs.

Maze files, saves and command lines from ``tests/fuzz/families.py`` go through the real
code in this process (the judges fail on any exception but the clean error, an error
without its place in the file, a save the game cannot start with...); a handful also go
through ``python -m game`` as a player would run it.  ``python tests/fuzz/run.py --count
2000`` runs the same families at length and prints what came out.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from game.maze.formats import parse_maze
from tests.fuzz.families import (
    MAZE_FAMILIES,
    ODD_SAVE_PATHS,
    SAVE_FAMILIES,
    command_line,
    judge_command_line,
    judge_maze,
    judge_save,
    judge_save_path,
)

ROOT = Path(__file__).resolve().parents[2]
SMALL = "#####\nS...#\n###.#\n#...E\n#####\n"


@pytest.mark.parametrize("family", MAZE_FAMILIES)
def test_every_maze_file_gives_a_maze_or_a_located_error(family: str) -> None:
    rng = random.Random(f"maze {family}")
    outcomes = Counter(judge_maze(MAZE_FAMILIES[family](rng)) for _ in range(60))
    if family in ("valid", "mixed line endings"):
        assert outcomes == {"maze": 60}
    else:
        assert any(outcome.startswith("error: ") for outcome in outcomes), outcomes


def test_line_endings_never_change_the_maze() -> None:
    rng = random.Random("endings")
    for _ in range(30):
        data = MAZE_FAMILIES["mixed line endings"](rng)
        unix = data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        assert parse_maze(data.decode()) == parse_maze(unix.decode())


@pytest.mark.parametrize("family", SAVE_FAMILIES)
def test_every_damaged_save_still_starts_the_game(family: str, tmp_path: Path) -> None:
    rng = random.Random(f"save {family}")
    outcomes = Counter(judge_save(SAVE_FAMILIES[family](rng), tmp_path) for _ in range(25))
    if family in ("truncated", "random bytes"):  # ours and damaged, or not ours at all
        assert set(outcomes) == {"kept aside", "left alone"}, outcomes
    else:
        assert set(outcomes) <= {"loaded", "kept aside"}


@pytest.mark.parametrize("kind", ODD_SAVE_PATHS)
def test_a_save_path_that_is_no_regular_file_is_refused_and_left_alone(
    kind: str, tmp_path: Path
) -> None:
    assert judge_save_path(kind, tmp_path) == "refused, unsaved"


def test_command_lines_exit_0_1_or_2_with_one_error_line(tmp_path: Path) -> None:
    maze = tmp_path / "m.txt"
    maze.write_text(SMALL, encoding="utf-8")
    rng = random.Random("command lines")
    outcomes = Counter(judge_command_line(command_line(rng, maze), SMALL) for _ in range(150))
    assert outcomes["exit 0"] > 0 and sum(outcomes.values()) - outcomes["exit 0"] > 100


def run_game(*argv: str, save: Path, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    """Run ``python -m game`` as a player would (dummy drivers, one frame if it plays)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MIGONG_SAVE_PATH": str(save),
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "MIGONG_EXIT_AFTER_FIRST_FRAME": "1"}
    return subprocess.run([sys.executable, "-m", "game", *argv], input=stdin, cwd=ROOT,
                          env=env, capture_output=True, timeout=60)


def assert_one_clean_line(run: subprocess.CompletedProcess[bytes]) -> None:
    """Check exit 0, 1 or 2, and for 2 one 'migong: error:' line and nothing else."""
    stderr = run.stderr.decode("utf-8", "replace")
    assert run.returncode in (0, 1, 2) and "Traceback" not in stderr, stderr
    if run.returncode == 2:
        lines = stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("migong: error: "), stderr


@pytest.mark.parametrize("family,through_stdin", [("dialect mix", False),
                                                  ("BOM, NUL, bad UTF-8", True)])
def test_a_fuzzed_maze_file_through_the_real_command(family: str, through_stdin: bool,
                                                     tmp_path: Path) -> None:
    data = MAZE_FAMILIES[family](random.Random(f"real {family}"))
    path = tmp_path / "fuzz.txt"
    path.write_bytes(data)
    if through_stdin:
        run = run_game("solve", "-", "--json", save=tmp_path / "s.json", stdin=data)
    else:
        run = run_game("solve", str(path), save=tmp_path / "s.json")
    assert_one_clean_line(run)


def test_the_game_starts_on_a_fuzzed_save(tmp_path: Path) -> None:
    save = tmp_path / "save.json"
    save.write_bytes(SAVE_FAMILIES["huge, deep, odd literal"](random.Random("real save")))
    run = run_game(save=save)
    assert run.returncode == 0, run.stderr.decode("utf-8", "replace")
    assert b"Traceback" not in run.stderr and save.is_file()
