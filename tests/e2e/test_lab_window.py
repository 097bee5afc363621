"""The algorithm lab in a real window under Xvfb, driven by real key presses (xdotool).

``migong lab`` on prim 21x21 seed 3: it opens paused (two screenshots a second apart are
identical), Right changes the picture, Left brings it back exactly, Space plays (the
picture keeps changing) and Space pauses it again (it holds still).
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


def test_the_lab_opens_paused_steps_both_ways_and_plays(lab: GameWindow) -> None:
    first = lab.screenshot("opened")
    time.sleep(1.0)
    second = lab.screenshot("a-second-later")
    assert not changed_mask(first, second).any(), "the lab moved while paused"

    lab.key("Right")
    time.sleep(0.5)
    stepped = lab.screenshot("right")
    assert changed_mask(first, stepped).any(), "Right changed nothing"

    lab.key("Left")
    time.sleep(0.5)
    back = lab.screenshot("left")
    assert not changed_mask(first, back).any(), "Left did not bring the first picture back"

    lab.key("space")
    time.sleep(0.8)
    playing = lab.screenshot("playing")
    time.sleep(0.8)
    still_playing = lab.screenshot("still-playing")
    assert changed_mask(back, playing).any() and changed_mask(playing, still_playing).any(), (
        "Space did not play"
    )

    lab.key("space")
    time.sleep(0.5)
    paused = lab.screenshot("paused")
    time.sleep(1.0)
    assert not changed_mask(paused, lab.screenshot("paused-later")).any(), (
        "Space did not pause again"
    )
