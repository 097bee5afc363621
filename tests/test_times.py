"""The game's one way of writing a time, shared by its screens and the board's page."""

from __future__ import annotations

import pytest

from game.names import format_time as game_format_time
from game.times import format_time


@pytest.mark.parametrize(("seconds", "shown"), [
    (0, "0:00.0"), (5.04, "0:05.0"), (199.62, "3:19.6"), (59.97, "1:00.0"),
    (119.96, "2:00.0"), (-3, "0:00.0"), (3599.97, "1:00:00"), (3725.4, "1:02:05"),
])
def test_a_time_is_minutes_seconds_and_tenths(seconds: float, shown: str) -> None:
    assert format_time(seconds) == shown


def test_the_game_and_the_board_share_one_formatter() -> None:
    assert game_format_time is format_time
