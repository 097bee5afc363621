"""The command line's values, as a hostile user types them: ASCII digits only, capped
numbers, negative coordinates, ends on keys and doors, and English counts."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli import main

DOOR = """\
#######
S.R.r.#
#####.E
#######
"""


def error_of(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run ``argv``; assert exit code 2 and one error line, and return that line."""
    assert main(list(argv)) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1, err
    return err.removeprefix("migong: error: ").rstrip("\n")


@pytest.fixture
def door_file(tmp_path: Path) -> str:
    """Return the path of a maze with a red door at 1,2 and its key at 1,4."""
    path = tmp_path / "door.txt"
    path.write_text(DOOR)
    return str(path)


SIZES = "--size must be ROWSxCOLS with odd numbers from 3 to 4001, e.g. 21x31"
SEEDS = "--seed must be an integer from 0 to 9223372036854775807"


@pytest.mark.parametrize(("argv", "message"), [
    (("-a", "prim", "--size", "١١x١١"), f"{SIZES} (got '١١x١١')"),
    (("-a", "prim", "--size", "११x11"), f"{SIZES} (got '११x11')"),
    (("-a", "prim", "--seed", "١٢"), f"{SEEDS} (got '١٢')"),
    (("-a", "prim", "--seed", "1_000"), f"{SEEDS} (got '1_000')"),
    (("-a", "prim", "--keys", "٢"), "--keys must be an integer from 0 to 4 (got '٢')"),
    (("-a", "prim", "--loops", "٠.٥"),
     "--loops must be a number from 0 to 1 (0: perfect maze, 1: no dead ends), got '٠.٥'"),
    (("-a", "dig", "--rank", "99999999999999999999"),
     "--rank must be an integer from 1 to 4001 (got '99999999999999999999')"),
    (("-a", "division", "--room-size", "999999999999999"),
     "--room-size must be an integer from 1 to 4001 (got '999999999999999')"),
])
def test_a_number_outside_ascii_digits_or_its_cap_is_refused(
        capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], message: str) -> None:
    assert error_of(capsys, "generate", *argv) == message


def test_the_caps_themselves_are_accepted(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "-a", "dig", "--size", "5x5", "--rank", "4001"]) == 0
    assert main(["generate", "-a", "division", "--size", "5x5", "--room-size", "4001"]) == 0
    capsys.readouterr()


def test_a_code_past_the_caps_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert error_of(capsys, "generate", "--code", "G11x11-1-K4002").startswith(
        "bad level code 'G11x11-1-K4002': K (rank) must be from 1 to 4001, got 4002")


def test_a_race_speed_in_other_digits_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert error_of(capsys, "play", "--size", "11x11", "--race", "bfs", "--race-speed", "٤") == (
        "--race-speed must be one of 2, 4, 6, 8, 12 (tiles per second), got '٤'")


def test_a_bad_race_speed_is_named_before_the_missing_race(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert error_of(capsys, "play", "--race-speed", "99999") == (
        "--race-speed must be one of 2, 4, 6, 8, 12 (tiles per second), got '99999'")


@pytest.mark.parametrize("option", ["--start", "--goal"])
def test_a_negative_position_gets_the_coordinate_message(
        capsys: pytest.CaptureFixture[str], door_file: str, option: str) -> None:
    assert error_of(capsys, "solve", door_file, option, "-1,-1") == (
        f"{door_file}: {option[2:]} -1,-1 is off the grid (expected row 0..3, column 0..6; "
        "coordinates are 0-based)")


def test_a_negative_seed_gets_the_seed_message(capsys: pytest.CaptureFixture[str]) -> None:
    assert error_of(capsys, "generate", "-a", "prim", "--seed", "-5") == f"{SEEDS} (got '-5')"


@pytest.mark.parametrize(("end", "at", "kind"), [
    ("--start", "1,2", "red door"), ("--goal", "1,2", "red door"),
    ("--start", "1,4", "red key"), ("--start", "0,0", "wall"),
])
def test_an_end_on_a_door_key_or_wall_is_refused_at_its_place(
        capsys: pytest.CaptureFixture[str], door_file: str, end: str, at: str, kind: str) -> None:
    row, col = (int(n) for n in at.split(","))
    assert error_of(capsys, "solve", door_file, end, at) == (
        f"{door_file}:{row + 1}:{col + 1}: {end[2:]} {at} is on a {kind} (expected a floor tile; "
        f"the position is line {row + 1}, tile {col + 1})")


def test_one_move_and_one_tile_are_singular(capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path) -> None:
    (tmp_path / "one.txt").write_text("SE\n")
    (tmp_path / "shut.txt").write_text("S#E\n")
    assert main(["solve", str(tmp_path / "one.txt")]) == 0
    assert "bfs: a path of 1 move from (0,0) to (0,1) (2 tiles visited):" in capsys.readouterr().out
    assert main(["solve", str(tmp_path / "shut.txt")]) == 1
    assert "bfs: no path from (0,0) to (0,2) (1 tile visited)" in capsys.readouterr().out
