"""The algorithm lab in a real window under Xvfb, driven by real key presses (xdotool).

``migong lab`` on prim 21x21 seed 3: it opens playing (the picture keeps changing),
Space pauses it (it holds still), Right changes the picture, Left brings it back exactly,
and Space plays again.
"""

from __future__ import annotations

import time
from typing import Callable

import numpy as np
import pytest

from tests.e2e.conftest import GameWindow, changed_mask

pytestmark = pytest.mark.xvfb

ARGS = ("lab", "--algorithm", "prim", "--size", "21x21", "--seed", "3")


@pytest.fixture
def lab(launch_game: Callable[..., GameWindow]) -> GameWindow:
    """Start the lab and wait until its window shows something."""
    g = launch_game(*ARGS)
    g.find_window()
    g.focus()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        shot = g.screenshot("waiting")
        if len(np.unique(shot.reshape(-1, 3), axis=0)) > 8:  # drawn: text and the maze
            return g
        time.sleep(0.3)
    raise AssertionError(f"the lab never appeared on screen:\n{g.output()}")


def test_the_lab_opens_playing_pauses_steps_both_ways_and_plays_again(lab: GameWindow) -> None:
    first = lab.screenshot("opened")
    time.sleep(0.8)
    assert changed_mask(first, lab.screenshot("opened-later")).any(), "the lab opened still"

    lab.key("space")
    time.sleep(0.5)
    paused = lab.screenshot("paused")
    time.sleep(1.0)
    assert not changed_mask(paused, lab.screenshot("paused-later")).any(), (
        "Space did not pause")

    lab.key("Right")
    time.sleep(0.5)
    stepped = lab.screenshot("right")
    assert changed_mask(paused, stepped).any(), "Right changed nothing"

    lab.key("Left")
    time.sleep(0.5)
    back = lab.screenshot("left")
    assert not changed_mask(paused, back).any(), "Left did not bring the paused picture back"

    lab.key("space")
    time.sleep(0.8)
    playing = lab.screenshot("playing")
    time.sleep(0.8)
    assert changed_mask(back, playing).any() and changed_mask(
        playing, lab.screenshot("still-playing")).any(), "Space did not play again"
