"""Every chaser level of the campaign is fair with a margin: the shortest route escapes at
the default pace and at the fair pace (a quarter slower, as a new player holding keys and
turning late walks it), the chase chapter's first levels even slower; and a left-hand wall
follower at the default pace is caught on at least half of them (the threat is real)."""

from __future__ import annotations

import pytest

from game.levels import CAMPAIGN, CHAPTERS, LevelSpec, build_level
from game.maze.chase import RATE
from game.maze.lairs import FAIR_TICKS
from game.run.player import WALKING_SPEED
from game.simulate import tap
from tests.run.bots import hesitant_walk, left_hand_moves, route_moves

CHASED = [spec for spec in CAMPAIGN if spec.chasers]
CHASE = next(chapter for chapter in CHAPTERS if chapter.key == "chase")
#: The fair pace: every chaser level's shortest route escapes tapped this fast (taps a second).
FAIR_PACE = RATE / FAIR_TICKS
#: The chapter's first levels, where the chase is learnt, escape at 60% of the walk (the
#: chasers' second asleep is worth most on their short routes); later ones have less margin.
LEARNING_PACE = WALKING_SPEED * 0.6
LEARNING = CHASE.levels[:4]


def escapes(spec: LevelSpec, taps_per_second: float) -> bool:
    """Return True when tapping the shortest route of ``spec`` at this pace escapes."""
    maze = build_level(spec)
    run = tap(maze, route_moves(maze), taps_per_second).run
    return run.finished and not run.caught


def test_a_chapter_of_at_least_five_chaser_levels() -> None:
    assert len(CHASE.levels) >= 5 and all(spec.chasers for spec in CHASE.levels)


def test_the_fair_pace_is_three_quarters_of_the_walk() -> None:
    assert FAIR_PACE == pytest.approx(0.75 * WALKING_SPEED)


@pytest.mark.parametrize("spec", CHASED, ids=[spec.name for spec in CHASED])
def test_walking_the_shortest_route_escapes(spec: LevelSpec) -> None:
    assert escapes(spec, WALKING_SPEED)


@pytest.mark.parametrize("spec", CHASED, ids=[spec.name for spec in CHASED])
def test_walking_it_a_quarter_slower_escapes_too(spec: LevelSpec) -> None:
    assert escapes(spec, FAIR_PACE)


@pytest.mark.parametrize("spec", LEARNING, ids=[spec.name for spec in LEARNING])
def test_the_first_chase_levels_leave_a_wider_margin(spec: LevelSpec) -> None:
    assert escapes(spec, LEARNING_PACE)


@pytest.mark.parametrize("spec", CHASED, ids=[spec.name for spec in CHASED])
def test_holding_the_keys_along_the_route_escapes(spec: LevelSpec) -> None:
    run = hesitant_walk(build_level(spec), 0.0)  # a held key waits its repeat delay
    assert run.finished and not run.caught


#: The hesitation (s) at every turn each of the chapter's first levels forgives: the
#: forgiveness shrinks as the chapter goes on.
FORGIVEN = dict(zip(LEARNING, (0.5, 0.25, 0.15, 0.15)))


@pytest.mark.parametrize("spec", LEARNING, ids=[spec.name for spec in LEARNING])
def test_the_first_chase_levels_forgive_a_moment_at_each_turn(spec: LevelSpec) -> None:
    run = hesitant_walk(build_level(spec), FORGIVEN[spec])  # a new player looking round
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
        assert escapes(spec, WALKING_SPEED) and escapes(spec, FAIR_PACE), spec


#: Chasers and mud together: prim 41x41 with two chasers and a fifth of its floor mud.
MUDDY = [LevelSpec("prim", 41, 41, seed, chasers=2, mud=0.2) for seed in range(1, 11)]


def test_fair_lairs_fit_most_mazes_with_mud_and_escape_at_both_paces() -> None:
    built = []
    for spec in MUDDY:
        try:
            built.append(build_level(spec))
        except ValueError as exc:
            assert "no room for 2 fair lairs" in str(exc)
    assert len(built) >= 7, f"{len(built)} of {len(MUDDY)} placed"
    for maze in built[:3]:  # the walks themselves: the first few are enough
        for run in (hesitant_walk(maze, 0.0), tap(maze, route_moves(maze), FAIR_PACE).run):
            assert run.finished and not run.caught  # held keys (full pace), and 75 %
