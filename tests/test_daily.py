"""The daily maze: one level per UTC date, the same for everyone, different each day."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime, timedelta, timezone

import pytest

from game import daily
from game.daily import WEEK, daily_code, daily_seed, daily_spec, parse_date, utc_today
from game.levels import build_level, parse_level_code
from game.maze.generators import GENERATORS

A_MONDAY = date(2026, 11, 30)
A_WEEK = [A_MONDAY + timedelta(days=n) for n in range(7)]


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


def test_algorithm_and_size_rotate_through_the_week() -> None:
    specs = [daily_spec(day) for day in A_WEEK]
    assert {spec.algorithm for spec in specs} == set(GENERATORS)
    assert len({spec.rows for spec in specs}) == 7
    assert [spec.algorithm for spec in specs] == [plan.algorithm for plan in WEEK]
    assert daily_spec(A_MONDAY + timedelta(days=7)).rows == specs[0].rows


@pytest.mark.parametrize("day", A_WEEK, ids=[d.strftime("%A") for d in A_WEEK])
def test_every_day_of_the_week_builds_and_round_trips_its_code(day: date) -> None:
    spec = daily_spec(day)
    maze = build_level(spec)
    assert maze.tiles.shape == (spec.rows, spec.cols)
    assert parse_level_code(daily_code(day)) == spec


def test_the_seed_fits_a_short_code() -> None:
    seeds = [daily_seed(date(2026, 1, 1) + timedelta(days=n)) for n in range(400)]
    assert all(0 <= seed < 2**40 for seed in seeds)
    assert max(len(daily_code(date(2026, 1, 1) + timedelta(days=n))) for n in range(400)) <= 20


def test_a_plan_can_set_other_level_fields(monkeypatch: pytest.MonkeyPatch) -> None:
    # The hook for keys and fog days: a plan's ``extra`` fields reach the level.
    monkeypatch.setattr(daily, "WEEK", (replace(WEEK[0], extra={"name": "Fog day"}), *WEEK[1:]))
    assert daily_spec(A_MONDAY).name == "Fog day"


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
