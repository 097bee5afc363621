"""Share codes on the command line: ``generate --code``, ``play --code``, ``daily``.

A level code describes a level completely; every generator and every option (from the
registry) goes code -> maze -> code unchanged.
"""

from __future__ import annotations

import argparse
from datetime import date
from pathlib import Path
from typing import Iterator, Optional

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cli import main
from game.daily import daily_code, daily_spec, utc_today
from game.levels import CAMPAIGN, LevelSpec, build_level, level_code, parse_level_code
from game.maze.formats import format_maze
from game.maze.generators import GENERATORS
from game.maze.registry import KEYS, LOOPS, Option, Value
from game.play.launch import play_from_args
from tests.test_cli import assert_clean_error, migong


def option_values(option: Option) -> list[Value]:
    """Return values worth a round trip: both ends of the range and the menu's steps."""
    high = option.high if option.high is not None else option.low + 7
    values = {option.low, high, *(step for step in option.steps if step is not None)}
    if option.kind == "fraction":
        values.add(0.125)
    return sorted(values)


def every_option_spec() -> list[tuple[str, LevelSpec]]:
    """Return a small level for each value of each option of each generator."""
    cases = []
    for info in GENERATORS.values():
        cases.append((f"{info.name}", LevelSpec(info.name, 9, 11, 1234)))
        for value in option_values(LOOPS):
            cases.append((f"{info.name}-loops-{value}", LevelSpec(info.name, 9, 11, 77, value)))
        for option in info.options:
            for value in option_values(option):
                spec = LevelSpec(info.name, 15, 13, 2**40 + 3, 0.1, {option.name: value})
                cases.append((f"{info.name}-{option.name}-{value}", spec))
        assert isinstance(KEYS.high, int)
        for keys in range(int(KEYS.low) + 1, KEYS.high + 1):
            spec = LevelSpec(info.name, 41, 41, 99, keys=keys)
            cases.append((f"{info.name}-keys-{keys}", spec))
        cases.append((f"{info.name}-fog", LevelSpec(info.name, 9, 11, 5, fog=True)))
    return cases


CASES = every_option_spec()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the command line in this process; return exit code, stdout and stderr."""
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


# -- code -> maze -> code ---------------------------------------------------------------------
@pytest.mark.parametrize("spec", [spec for _, spec in CASES], ids=[name for name, _ in CASES])
def test_every_generator_and_option_goes_code_maze_code(
        capsys: pytest.CaptureFixture[str], spec: LevelSpec) -> None:
    code = level_code(spec)
    back = parse_level_code(code)
    assert back.same_maze(spec)
    assert level_code(back) == code
    status, out, err = run(capsys, "generate", "--code", code)
    assert (status, err) == (0, "")
    assert out == format_maze(build_level(spec))


def test_the_cases_cover_every_generator_and_option() -> None:
    covered = {(spec.algorithm, name) for _, spec in CASES for name in spec.options}
    wanted = {(info.name, option.name) for info in GENERATORS.values() for option in info.options}
    assert covered == wanted
    assert {spec.algorithm for _, spec in CASES if spec.loops == 1.0} == set(GENERATORS)
    assert {spec.algorithm for _, spec in CASES if spec.keys == KEYS.high} == set(GENERATORS)
    assert {spec.algorithm for _, spec in CASES if spec.fog} == set(GENERATORS)


def test_generate_code_prints_the_same_text_every_time(capsys: pytest.CaptureFixture[str]) -> None:
    outs = {run(capsys, "generate", "--code", "d21x31-2kq-r3-l10")[1] for _ in range(3)}
    assert len(outs) == 1


def test_generate_code_is_the_maze_its_options_make(capsys: pytest.CaptureFixture[str]) -> None:
    _, by_code, _ = run(capsys, "generate", "--code", "G21x25-1Z-K3-L5")
    _, by_flags, _ = run(capsys, "generate", "-a", "dig", "-s", "21x25", "--seed", str(int("1Z", 36)),
                         "--rank", "3", "--loops", "0.05")
    assert by_code == by_flags and by_code.count("\n") == 21


def test_generate_code_takes_solve_and_output(capsys: pytest.CaptureFixture[str],
                                              tmp_path: Path) -> None:
    out_file = tmp_path / "maze.txt"
    status, out, _ = run(capsys, "generate", "--code", "P15x15-C", "--solve", "bfs",
                         "-o", str(out_file))
    assert (status, out) == (0, "")
    _, plain, _ = run(capsys, "generate", "--code", "P15x15-C")
    solved = out_file.read_text(encoding="utf-8")
    assert "o" in solved and solved.replace("o", ".") == plain


@pytest.mark.parametrize("extra, flag", [
    (["-a", "prim"], "--algorithm"),
    (["--size", "21x21"], "--size"),
    (["--seed", "4"], "--seed"),
    (["--loops", "0.1"], "--loops"),
    (["--room-size", "3"], "--room-size"),
])
def test_generate_code_refuses_maze_options_beside_it(extra: list[str], flag: str) -> None:
    assert_clean_error(migong("generate", "--code", "B11x11-5", *extra),
                       "--code describes the whole maze", flag)


def test_generate_needs_an_algorithm_or_a_code() -> None:
    assert_clean_error(migong("generate"), "--algorithm NAME or --code CODE")


# -- bad codes -------------------------------------------------------------------------------
HOSTILE = [
    "", " ", "hello", "B", "B11x11", "B11x11-", "-", "x" * 10_000, "B" + "9" * 10_000 + "x11-1",
    "B11x11-" + "Z" * 10_000, "B11x11-5" + "-L1" * 3000, "B١١x١١-5", "Ｂ11x11-5", "B11x11-5\x00",
    "B11x11-5\ud800", "迷宫", "B11x11-5-L1e9", "B11x11-5-Lnan", "B11x11-5-L-1", "B-11x11-5",
    "B0x0-0", "B3x3-0-K1", "D11x11-5-R99999999999", "B11x11-5\n-L10",
]


@pytest.mark.parametrize("code", HOSTILE, ids=range(len(HOSTILE)))
def test_a_hostile_code_is_one_line_with_an_example_exit_2(
        capsys: pytest.CaptureFixture[str], code: str) -> None:
    status, out, err = run(capsys, "generate", "--code", code)
    assert (status, out) == (2, "")
    assert err.startswith("migong: error: bad level code ") and err.count("\n") == 1
    assert ("expected e.g. 'B21x21-1A2B'" in err) != ("a level code looks like B21x21" in err)
    assert len(err) < 400


def test_a_bad_code_in_a_real_process_names_what_a_code_looks_like() -> None:
    proc = migong("generate", "--code", "Q11x11-5")
    assert_clean_error(proc, "unknown algorithm letter 'Q'", "B backtracker",
                       "a level code looks like B21x21-1A2B or D33x33-2KQ-R5-L10")
    proc = migong("generate", "--code", "nonsense")
    assert_clean_error(proc, "expected e.g. 'B21x21-1A2B'", "ROWSxCOLS")


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_any_text_is_a_level_or_a_value_error(text: str) -> None:
    try:
        spec = parse_level_code(text)
    except ValueError as exc:
        assert str(exc).startswith("bad level code ") and "\n" not in str(exc)
    else:
        assert parse_level_code(level_code(spec)).same_maze(spec)


# -- daily -------------------------------------------------------------------------------------
def test_daily_prints_the_code_of_the_date(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "daily", "--date", "2026-12-01") == (0, daily_code(date(2026, 12, 1)) + "\n", "")
    assert run(capsys, "daily") == (0, daily_code(utc_today()) + "\n", "")


def test_daily_codes_carry_keys_and_fog_from_the_week_of_keys_and_fog(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "daily", "--date", "2026-12-06")[1] == "P71x71-A4SET6XK-L10\n"  # as before
    sunday = run(capsys, "daily", "--date", "2026-12-13")[1].strip()
    assert sunday.endswith("-Y2-F1")
    spec = parse_level_code(sunday)
    assert (spec.keys, spec.fog) == (2, True) and spec == daily_spec(date(2026, 12, 13))


def test_the_next_day_prints_a_new_code(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "daily", "--date", "2026-12-31")[1]
    assert run(capsys, "daily", "--date", "2026-12-31")[1] == first
    assert run(capsys, "daily", "--date", "2027-01-01")[1] != first


def test_the_daily_code_generates_the_daily_maze(capsys: pytest.CaptureFixture[str]) -> None:
    code = run(capsys, "daily", "--date", "2027-03-14")[1].strip()
    assert run(capsys, "generate", "--code", code)[1] == format_maze(
        build_level(daily_spec(date(2027, 3, 14))))


@pytest.mark.parametrize("when, fragment", [
    ("yesterday", "expected YYYY-MM-DD"),
    ("2026-02-30", "day is out of range for month"),
    ("", "expected YYYY-MM-DD"),
])
def test_daily_refuses_a_bad_date(when: str, fragment: str) -> None:
    assert_clean_error(migong("daily", "--date", when), "--date: bad date", fragment)


# -- play --------------------------------------------------------------------------------------
def play_args(**given: Optional[object]) -> argparse.Namespace:
    """Return the namespace ``play`` parses, with ``given`` options set."""
    from game.cli import build_parser

    ns = build_parser().parse_args(["play"])
    for name, value in given.items():
        setattr(ns, name, value)
    return ns


@pytest.mark.parametrize("given, fragment", [
    (dict(code="B11x11-Q-Q1"), "bad level code 'B11x11-Q-Q1': unknown option 'Q'"),
    (dict(code=""), "expected e.g."),
    (dict(code="B11x11-5", daily=True), "not both --code and --daily"),
    (dict(code="B11x11-5", algorithm="prim"), "not both --code and maze options"),
    (dict(code="B11x11-5", file="maze.txt"), "not both a maze FILE and --code"),
    (dict(daily=True, size="21x21"), "not both --daily and maze options"),
    (dict(date="2026-12-01"), "--date picks the day of --daily"),
    (dict(daily=True, date="12/01/2026"), "--date: bad date '12/01/2026'"),
])
def test_bad_play_codes_and_dates_are_one_line_errors(
        capsys: pytest.CaptureFixture[str], given: dict[str, object], fragment: str) -> None:
    assert play_from_args(play_args(**given)) == 2
    err = capsys.readouterr().err
    assert err.startswith("migong: error: ") and err.count("\n") == 1
    assert fragment in err


@pytest.fixture
def routes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[object]]:
    """Open the App on the dummy display but, instead of running it, keep its first route."""
    import pygame

    from game.play.app import App

    monkeypatch.setenv("MIGONG_SAVE_PATH", str(tmp_path / "save.json"))
    taken: list[object] = []

    def run(self: App, route: object) -> int:
        taken.append(route)
        return 0

    monkeypatch.setattr(App, "run", run)
    yield taken
    pygame.quit()


def test_play_code_builds_the_maze_of_the_code(routes: list[object]) -> None:
    from game.play.routes import BuildMaze

    assert play_from_args(play_args(code=" d21x31-2kq-r3-l10 ")) == 0
    (route,) = routes
    assert isinstance(route, BuildMaze) and route.daily is None
    assert route.spec == parse_level_code("D21x31-2KQ-R3-L10")


def unlock(tmp_path: Path, levels: int) -> None:
    """Write a save (where the routes fixture points) with the first ``levels`` unlocked."""
    (tmp_path / "save.json").write_text(f'{{"version": 3, "unlocked": {levels}}}')


def test_an_unlocked_campaign_levels_code_plays_that_level(
        tmp_path: Path, routes: list[object]) -> None:
    from game.play.routes import StartLevel

    unlock(tmp_path, 14)
    assert play_from_args(play_args(code=level_code(CAMPAIGN[13]))) == 0
    assert routes == [StartLevel(13)]


def test_a_locked_campaign_levels_code_plays_as_a_custom_maze(
        tmp_path: Path, routes: list[object]) -> None:
    from game.play.routes import BuildMaze

    unlock(tmp_path, 14)
    assert play_from_args(play_args(code=level_code(CAMPAIGN[14]))) == 0
    (route,) = routes
    assert isinstance(route, BuildMaze) and route.index is None
    assert route.spec.same_maze(CAMPAIGN[14])


def test_a_campaign_levels_code_in_the_fog_is_a_custom_maze(routes: list[object]) -> None:
    from game.play.routes import BuildMaze

    assert play_from_args(play_args(code=level_code(CAMPAIGN[0]), fog=True)) == 0
    (route,) = routes
    assert isinstance(route, BuildMaze) and route.index is None and route.spec.fog


def test_play_daily_builds_the_daily_maze_of_the_date(routes: list[object]) -> None:
    from game.play.routes import BuildMaze

    assert play_from_args(play_args(daily=True, date="2027-01-01")) == 0
    assert play_from_args(play_args(daily=True)) == 0
    first, today = routes
    assert isinstance(first, BuildMaze) and isinstance(today, BuildMaze)
    assert (first.spec, first.daily) == (daily_spec(date(2027, 1, 1)), date(2027, 1, 1))
    assert (today.spec, today.daily) == (daily_spec(utc_today()), utc_today())


@pytest.mark.parametrize("argv", [("play", "--code", "P21x21-7"),
                                  ("play", "--daily", "--date", "2026-12-05")])
def test_python_m_game_plays_a_code_and_the_daily_maze(tmp_path: Path,
                                                       argv: tuple[str, ...]) -> None:
    from tests.play.test_app import run_game

    done = run_game(*argv, save=tmp_path / "s.json")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
