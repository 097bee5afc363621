"""Every chaser level of the campaign is fair: the shortest route escapes at the default
pace, and a left-hand wall follower at the same pace is caught on at least half of them."""

from __future__ import annotations

import pytest

from game.levels import CAMPAIGN, CHAPTERS, LevelSpec, build_level
from game.simulate import tap
from tests.run.bots import left_hand_moves, route_moves

CHASED = [spec for spec in CAMPAIGN if spec.chasers]


def test_a_chapter_of_at_least_five_chaser_levels() -> None:
    chase = next(chapter for chapter in CHAPTERS if chapter.key == "chase")
    assert len(chase.levels) >= 5 and all(spec.chasers for spec in chase.levels)


@pytest.mark.parametrize("spec", CHASED, ids=[spec.name for spec in CHASED])
def test_walking_the_shortest_route_escapes(spec: LevelSpec) -> None:
    maze = build_level(spec)
    run = tap(maze, route_moves(maze)).run
    assert run.finished and not run.caught


def test_a_left_hand_wall_follower_is_caught_on_at_least_half() -> None:
    caught = [tap(maze, left_hand_moves(maze)).run.caught
              for maze in map(build_level, CHASED)]
    assert sum(caught) * 2 >= len(caught), caught


def test_the_daily_mazes_with_a_chaser_are_fair_too() -> None:
    from datetime import timedelta

    from game.daily import CHASE_FROM, daily_spec

    days = [CHASE_FROM + timedelta(days=n) for n in range(28)]
    chased = [daily_spec(day) for day in days if daily_spec(day).chasers]
    assert len(chased) >= 6
    for spec in chased:
        maze = build_level(spec)
        run = tap(maze, route_moves(maze)).run
        assert run.finished and not run.caught, spec
