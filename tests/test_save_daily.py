"""The save keeps the daily mazes: best time and moves per date, and the streak."""

from __future__ import annotations

import json
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from game.save import (
    SCHEMA_VERSION,
    DailyBest,
    Progress,
    Streak,
    current_streak,
    load_progress,
    record_daily,
    reset_progress,
    save_progress,
)

DAY = date(2026, 12, 1)


def days(n: int) -> date:
    """Return the date ``n`` days after DAY."""
    return DAY + timedelta(days=n)


def test_a_date_keeps_its_best_time_and_fewest_moves_apart() -> None:
    p = Progress()
    first = record_daily(p, DAY, 80.0, 200, today=DAY)
    assert (first.new_best_time, first.new_best_moves) == (True, True)
    faster = record_daily(p, DAY, 60.0, 240, today=DAY)
    assert (faster.new_best_time, faster.new_best_moves) == (True, False)
    shorter = record_daily(p, DAY, 90.0, 150, today=DAY)
    assert (shorter.new_best_time, shorter.new_best_moves) == (False, True)
    assert p.daily == {"2026-12-01": DailyBest(60.0, 150)}


def test_finishing_each_day_in_a_row_grows_the_streak() -> None:
    p = Progress()
    counts = [record_daily(p, days(n), 50.0, 100, today=days(n)).streak for n in range(4)]
    assert counts == [1, 2, 3, 4]
    assert p.streak == Streak(4, 4, "2026-12-04")


def test_the_same_day_twice_counts_once() -> None:
    p = Progress()
    record_daily(p, DAY, 50.0, 100, today=DAY)
    assert record_daily(p, DAY, 40.0, 90, today=DAY).streak == 1


def test_a_missed_day_starts_the_streak_again_and_keeps_the_best() -> None:
    p = Progress()
    for n in range(3):
        record_daily(p, days(n), 50.0, 100, today=days(n))
    assert current_streak(p, days(3)) == 3  # today's maze may still be played
    assert current_streak(p, days(4)) == 0  # yesterday's was missed
    assert record_daily(p, days(4), 50.0, 100, today=days(4)).streak == 1
    assert p.streak.best == 3


def test_an_old_date_played_later_keeps_a_record_but_not_the_streak() -> None:
    p = Progress()
    record = record_daily(p, days(-10), 50.0, 100, today=DAY)
    assert record.streak == 0 and p.streak == Streak()
    assert "2026-11-21" in p.daily


def test_the_daily_records_and_streak_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    p = Progress()
    record_daily(p, DAY, 61.5, 140, today=DAY)
    record_daily(p, days(1), 70.25, 150, today=days(1))
    save_progress(p, path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["daily"] == {"2026-12-01": {"time": 61.5, "moves": 140},
                            "2026-12-02": {"time": 70.25, "moves": 150}}
    assert doc["streak"] == {"count": 2, "best": 2, "last": "2026-12-02"}
    loaded, notice = load_progress(path)
    assert notice is None and loaded == p


def test_a_save_from_before_the_daily_maze_loads_with_none(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    path.write_text(json.dumps({"version": SCHEMA_VERSION, "unlocked": 3,
                                "best_times": {"B11x11-UL": 9.5}}))
    loaded, notice = load_progress(path)
    assert notice is None and loaded.unlocked == 3
    assert loaded.daily == {} and loaded.streak == Streak()


@pytest.mark.parametrize("daily, kept", [
    ({"2026-12-01": {"time": 5.0, "moves": 9}, "yesterday": {"time": 1.0, "moves": 1}},
     ["2026-12-01"]),
    ({"2026-02-30": {"time": 5.0, "moves": 9}}, []),
    ({" 2026-12-01": {"time": 5.0, "moves": 9}}, []),
    ({"2026-12-01": {"time": -1.0, "moves": 9}}, []),
    ({"2026-12-01": {"time": 0, "moves": 9}}, []),
    ({"2026-12-01": {"time": 5.0, "moves": 0}}, []),
    ({"2026-12-01": {"time": 5.0, "moves": 9.5}}, []),
    ({"2026-12-01": {"time": True, "moves": 9}}, []),
    ({"2026-12-01": {"moves": 9}}, []),
    ({"2026-12-01": [5.0, 9]}, []),
    ([1, 2, 3], []),
    ("2026-12-01", []),
])
def test_an_unusable_daily_record_is_dropped_not_the_save(
        tmp_path: Path, daily: Any, kept: list[str]) -> None:
    path = tmp_path / "save.json"
    path.write_text(json.dumps({"version": SCHEMA_VERSION, "unlocked": 5, "daily": daily}))
    loaded, notice = load_progress(path)
    assert notice is None and loaded.unlocked == 5
    assert sorted(loaded.daily) == kept


@pytest.mark.parametrize("streak", [
    {"count": 3, "best": 2, "last": "2026-12-01"},
    {"count": -1, "best": 2, "last": "2026-12-01"},
    {"count": 2, "best": 2, "last": "Tuesday"},
    {"count": 2, "best": 2, "last": None},
    {"count": "2", "best": 2, "last": "2026-12-01"},
    {"count": 2, "best": 2.0, "last": "2026-12-01"},
    [2, 2, "2026-12-01"],
])
def test_an_unusable_streak_starts_again(tmp_path: Path, streak: Any) -> None:
    path = tmp_path / "save.json"
    path.write_text(json.dumps({"version": SCHEMA_VERSION, "unlocked": 2, "streak": streak}))
    loaded, notice = load_progress(path)
    assert notice is None and loaded.unlocked == 2 and loaded.streak == Streak()


def test_resetting_progress_forgets_the_daily_mazes() -> None:
    p = Progress()
    record_daily(p, DAY, 50.0, 100, today=DAY)
    reset_progress(p)
    assert p.daily == {} and p.streak == Streak()
