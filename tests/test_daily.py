"""The daily maze: one level per UTC date, the same for everyone, different each day."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime, timedelta, timezone

import numpy as np
import pytest

from game import daily
from game.daily import (
    FIRST_WEEK,
    WEEK,
    WEEK_FROM,
    daily_code,
    daily_seed,
    daily_spec,
    fitting_keys,
    parse_date,
    utc_today,
)
from game.levels import LevelSpec, build_level, parse_level_code
from game.maze.generators import GENERATORS
from game.maze.solvers import solve
from game.maze.solvers.keyed import has_keys
from game.maze.tiles import KINDS

A_MONDAY = date(2026, 11, 30)
A_WEEK = [A_MONDAY + timedelta(days=n) for n in range(7)]
#: The first week of keys and fog.
NEW_WEEK = [WEEK_FROM + timedelta(days=n) for n in range(7)]


def test_a_date_gives_the_same_code_on_every_run() -> None:
    codes = {daily_code(date(2026, 12, 1)) for _ in range(3)}
    assert len(codes) == 1
    assert build_level(daily_spec(date(2026, 12, 1))) == build_level(daily_spec(date(2026, 12, 1)))


def test_the_code_is_fixed_across_machines_and_versions() -> None:
    # The seed is a hash of the date: a player in another country gets this very code.
    assert daily_code(date(2026, 12, 1)) == "P35x35-62K7FO5Q-L5"


def test_each_day_of_a_year_has_a_new_code() -> None:
    days = [date(2027, 1, 1) + timedelta(days=n) for n in range(365)]
    codes = [daily_code(day) for day in days]
    assert len(set(codes)) == len(codes)
    assert daily_code(date(2026, 12, 2)) != daily_code(date(2026, 12, 1))


def test_the_next_day_changes_the_walls_too() -> None:
    today, tomorrow = date(2026, 12, 1), date(2026, 12, 8)  # the same weekday: the same plan
    assert daily_spec(today).algorithm == daily_spec(tomorrow).algorithm
    assert build_level(daily_spec(today)) != build_level(daily_spec(tomorrow))


@pytest.mark.parametrize("week, plans", [(A_WEEK, FIRST_WEEK), (NEW_WEEK, WEEK)],
                         ids=["first week", "keys and fog"])
def test_algorithm_and_size_rotate_through_the_week(week: list[date],
                                                     plans: tuple[daily.DayPlan, ...]) -> None:
    specs = [daily_spec(day) for day in week]
    # the four generators the daily began with: a published day's maze never changes, so
    # the lab's newer generators stay out of the pinned weeks
    assert {spec.algorithm for spec in specs} == {"backtracker", "division", "dig", "prim"}
    assert {spec.algorithm for spec in specs} <= set(GENERATORS)
    assert len({spec.rows for spec in specs}) == 7
    assert [spec.algorithm for spec in specs] == [plan.algorithm for plan in plans]
    assert daily_spec(week[0] + timedelta(days=7)).rows == specs[0].rows


# What main printed for these dates before the week of keys and fog: a date's maze, and the
# best times and streaks kept for it, never change.
PAST_CODES = {
    "2026-01-01": "G45x45-59AXGEOR-L5",
    "2026-06-15": "B31x31-2G5N5NTR",
    "2026-11-30": "B31x31-BR0M4H5T",
    "2026-12-01": "P35x35-62K7FO5Q-L5",
    "2026-12-02": "D41x41-DA0H6I6G-R3",
    "2026-12-03": "G45x45-3734O1D8-L5",
    "2026-12-04": "B51x51-BZ1EAS6R-L10",
    "2026-12-05": "D61x61-7JM6X9EN-L10",
    "2026-12-06": "P71x71-A4SET6XK-L10",
}


@pytest.mark.parametrize("day, code", PAST_CODES.items())
def test_dates_before_the_week_of_keys_and_fog_keep_their_mazes(day: str, code: str) -> None:
    assert daily_code(date.fromisoformat(day)) == code


def test_the_week_of_keys_and_fog_begins_on_a_monday_after_the_last_plain_date() -> None:
    assert WEEK_FROM.weekday() == 0 and WEEK_FROM > max(map(date.fromisoformat, PAST_CODES))
    assert WEEK_FROM - timedelta(days=1) in A_WEEK + [A_MONDAY + timedelta(days=6)]


@pytest.mark.parametrize("day, keys, fog", [
    (NEW_WEEK[0], 0, False),
    (NEW_WEEK[1], 1, False),
    (NEW_WEEK[2], 0, True),
    (NEW_WEEK[3], 2, False),
    (NEW_WEEK[4], 0, True),
    (NEW_WEEK[5], 3, False),
    (NEW_WEEK[6], 2, True),
], ids=[d.strftime("%A") for d in NEW_WEEK])
def test_from_then_some_days_have_keys_and_some_the_fog(day: date, keys: int, fog: bool) -> None:
    spec = daily_spec(day)
    assert (spec.keys, spec.fog) == (keys, fog)
    code = daily_code(day)
    assert (f"-Y{keys}" in code) == bool(keys) and code.endswith("-F1") == fog
    maze = build_level(spec)
    doors = int(np.count_nonzero(KINDS["lock"][maze.tiles]))
    assert doors == keys and has_keys(maze) == bool(keys)
    assert len(solve(maze).keys) == keys  # each key is needed on the way to the exit


def test_eight_weeks_of_keys_and_fog_all_build_with_every_key() -> None:
    for n in range(56):
        day = WEEK_FROM + timedelta(days=n)
        spec = daily_spec(day)
        assert spec.keys == WEEK[day.weekday()].extra.get("keys", 0), day
        assert solve(build_level(spec)).found


def test_a_maze_with_too_few_doorways_for_its_keys_gets_fewer_keys() -> None:
    crowded = LevelSpec("dig", 15, 15, 1, keys=2)
    with pytest.raises(ValueError, match="room for at most 1 key"):
        build_level(crowded)
    fitted = fitting_keys(crowded)
    assert fitted == LevelSpec("dig", 15, 15, 1, keys=1)
    assert len(solve(build_level(fitted)).keys) == 1
    assert fitting_keys(LevelSpec("dig", 15, 15, 2, keys=2)).keys == 2


@pytest.mark.parametrize("day", A_WEEK + NEW_WEEK,
                         ids=[d.strftime("%Y-%m-%d %A") for d in A_WEEK + NEW_WEEK])
def test_every_day_of_the_week_builds_and_round_trips_its_code(day: date) -> None:
    spec = daily_spec(day)
    maze = build_level(spec)
    assert maze.tiles.shape == (spec.rows, spec.cols)
    assert parse_level_code(daily_code(day)) == spec


def test_the_seed_fits_a_short_code() -> None:
    seeds = [daily_seed(date(2026, 1, 1) + timedelta(days=n)) for n in range(400)]
    assert all(0 <= seed < 2**40 for seed in seeds)
    codes = [daily_code(date(2026, 1, 1) + timedelta(days=n)) for n in range(400)]
    assert max(len(code.split("-")[1]) for code in codes) <= 8
    # a seed, size, loops, fog and a chaser
    assert max(map(len, codes)) <= len("B51x51-12345678-L10-C1-F1")


def test_a_plan_can_set_other_level_fields(monkeypatch: pytest.MonkeyPatch) -> None:
    # The hook for keys and fog days: a plan's ``extra`` fields reach the level.
    monkeypatch.setattr(daily, "WEEK", (replace(WEEK[0], extra={"name": "Fog day"}), *WEEK[1:]))
    assert daily_spec(NEW_WEEK[0]).name == "Fog day"


def test_today_is_the_utc_date() -> None:
    late_in_tokyo = datetime(2026, 12, 2, 7, 30, tzinfo=timezone(timedelta(hours=9)))
    assert utc_today(late_in_tokyo) == date(2026, 12, 1)
    assert utc_today() == datetime.now(timezone.utc).date()


@pytest.mark.parametrize("text, fragment", [
    ("", "expected YYYY-MM-DD"),
    ("2026-2-3", "expected YYYY-MM-DD"),
    ("20261201", "expected YYYY-MM-DD"),
    ("2026-12-01T00:00", "expected YYYY-MM-DD"),
    ("２０２６-１２-０１", "expected YYYY-MM-DD"),
    ("2026-13-01", "month must be in 1..12"),
    ("2026-02-29", "day is out of range for month"),
    ("0000-01-01", "year 0 is out of range"),
    ("9" * 5000, "(5000 characters)"),
])
def test_bad_dates_say_what_is_wrong(text: str, fragment: str) -> None:
    with pytest.raises(ValueError) as info:
        parse_date(text)
    assert str(info.value).startswith("bad date ") and fragment in str(info.value)


def test_good_dates_parse() -> None:
    assert parse_date(" 2028-02-29 ") == date(2028, 2, 29)
    assert parse_date("9999-12-31") == date(9999, 12, 31)


def test_from_the_chase_week_some_days_have_a_chaser() -> None:
    from game.daily import CHASE_FROM, CHASE_WEEK, fitting_chasers
    from game.maze.chase import lairs_of

    assert CHASE_FROM.weekday() == 0 and CHASE_FROM > max(NEW_WEEK)
    assert all(daily_spec(day).chasers == 0 for day in NEW_WEEK)  # pinned: none before
    days = [CHASE_FROM + timedelta(days=n) for n in range(14)]
    chased = [day for day in days if daily_spec(day).chasers]
    assert {day.weekday() for day in chased} <= {2, 4} and len(chased) >= 3
    for day in chased:
        assert len(lairs_of(build_level(daily_spec(day)))) == daily_spec(day).chasers
        assert daily_code(day).count("-C1") == 1
    assert CHASE_WEEK[2].extra == {"fog": True, "chasers": 1}
    assert CHASE_WEEK[4].extra == {"fog": True, "chasers": 1}
    assert daily_code(date(2026, 12, 18)) == "B51x51-5VZKT9XS-L10-C1-F1"  # pinned from now on
    assert fitting_chasers(LevelSpec("prim", 7, 7, 1, chasers=4)).chasers < 4
