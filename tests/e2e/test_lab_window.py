"""The algorithm lab in a real window under Xvfb, driven by real key presses (xdotool).

``migong lab`` on prim 31x31 seed 3: it opens playing (the picture keeps changing),
Space pauses it (it holds still), Right changes the picture, Left brings it back exactly,
and Space plays again.

On a loaded machine a 21x21 maze's animation (14 s) could end before the first
screenshot: the maze is bigger, ``[`` slows it down as soon as the window shows (20 events
a second: the animation lasts minutes, and still changes the picture every frame or two),
and each key's effect is waited for as a state on screen (up to ``PATIENCE`` seconds)
rather than after a fixed pause.
"""

from __future__ import annotations

import time
from typing import Callable

import numpy as np
import pytest

from tests.e2e.conftest import GameWindow, changed_mask

pytestmark = pytest.mark.xvfb

ARGS = ("lab", "--algorithm", "prim", "--size", "31x31", "--seed", "3")
#: How long (s) a key's effect may take to show on a loaded machine.
PATIENCE = 20.0


@pytest.fixture
def lab(launch_game: Callable[..., GameWindow]) -> GameWindow:
    """Start the lab, slow it down one speed, and wait until its window shows something."""
    g = launch_game(*ARGS)
    g.find_window()
    g.focus()
    g.key("bracketleft")  # 50 events a second down to 20
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        shot = g.screenshot("waiting")
        if len(np.unique(shot.reshape(-1, 3), axis=0)) > 8:  # drawn: text and the maze
            return g
        time.sleep(0.3)
    raise AssertionError(f"the lab never appeared on screen:\n{g.output()}")


def wait_for(lab: GameWindow, name: str, done: Callable[[np.ndarray], bool]) -> bool:
    """Take screenshots until ``done`` holds for one (True), or PATIENCE runs out (False)."""
    deadline = time.monotonic() + PATIENCE
    while True:
        if done(lab.screenshot(name)):
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.25)


def still(lab: GameWindow, name: str) -> bool:
    """Return True once two screenshots a second apart are the same (within PATIENCE)."""

    def holds(shot: np.ndarray) -> bool:
        time.sleep(1.0)
        return not changed_mask(shot, lab.screenshot(name)).any()

    return wait_for(lab, name, holds)


def test_the_lab_opens_playing_pauses_steps_both_ways_and_plays_again(lab: GameWindow) -> None:
    first = lab.screenshot("opened")
    time.sleep(0.8)
    assert changed_mask(first, lab.screenshot("opened-later")).any(), "the lab opened still"

    lab.key("space")
    assert still(lab, "paused"), "Space did not pause"
    paused = lab.screenshot("paused")
    time.sleep(1.0)
    assert not changed_mask(paused, lab.screenshot("paused-later")).any(), (
        "the paused lab did not hold still")

    lab.key("Right")
    assert wait_for(lab, "right", lambda shot: changed_mask(paused, shot).any()), (
        "Right changed nothing")

    lab.key("Left")
    assert wait_for(lab, "left", lambda shot: not changed_mask(paused, shot).any()), (
        "Left did not bring the paused picture back")
    back = lab.screenshot("left")

    lab.key("space")
    assert wait_for(lab, "playing", lambda shot: changed_mask(back, shot).any()), (
        "Space did not play again")
    playing = lab.screenshot("playing")
    time.sleep(0.8)
    assert changed_mask(playing, lab.screenshot("still-playing")).any(), (
        "the lab stopped again after Space")
