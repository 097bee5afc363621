"""The Minotaur chapter in a real window: caught standing still, one key retries, the
shortest route walked with real key presses escapes (set MIGONG_E2E_SHOTS to keep the
pictures)."""

from __future__ import annotations

import time
from typing import Callable

import numpy as np
import pytest

from game.levels import build_level, level_code, named_level
from game.maze.solvers import solve
from tests.e2e.conftest import GameWindow
from tests.test_chase_fairness import LEARNING_PACE

pytestmark = pytest.mark.xvfb

ARROWS = {(-1, 0): "Up", (1, 0): "Down", (0, -1): "Left", (0, 1): "Right"}
LAIR = named_level("The Lair")


def caught_card(img: np.ndarray) -> bool:
    """Return True when the view is dimmed dark red: the caught card is up."""
    middle = img[img.shape[0] // 4: 3 * img.shape[0] // 4].astype(np.int32)
    r, g, b = (middle[..., i].mean() for i in range(3))
    return r > 1.4 * max(g, b)


def wait_for(game: GameWindow, name: str, test: Callable[[np.ndarray], bool],
             timeout: float) -> np.ndarray:
    """Take screenshots until ``test`` holds for one; return it (fail after ``timeout``)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        img = game.screenshot(name)
        if test(img):
            return img
        time.sleep(0.3)
    raise AssertionError(f"{name}: not on screen within {timeout} s:\n{game.output()}")


def test_caught_standing_still_then_retry_and_escape_by_the_shortest_route(
        launch_game: Callable[..., GameWindow]) -> None:
    game = launch_game("play", "--code", level_code(LAIR))
    game.find_window()
    game.focus()
    game.settle("start")
    path = solve(build_level(LAIR), "bfs").path
    assert path is not None
    (r0, c0), (r1, c1) = path[0], path[1]
    # a step off the entrance and back (a bump does not start the clock): the chaser sets off
    game.x.run("xdotool", "key", "--delay", "300", ARROWS[(r1 - r0, c1 - c0)],
               ARROWS[(r0 - r1, c0 - c1)], timeout=10)
    wait_for(game, "caught", caught_card, 30)
    game.key("r")  # one key: the same level again at once
    wait_for(game, "retry", lambda img: not caught_card(img), 10)
    names = [ARROWS[(b[0] - a[0], b[1] - a[1])] for a, b in zip(path, path[1:])]
    # Tapped well below the walk (8 a second), so that the game walks every tap: 160 ms
    # apart plus xdotool's own time, about 6 a second.  Taps near the walk's pace can outrun
    # a loaded machine's game, whose clock falls behind when a slow frame is clamped to
    # 50 ms: the queue of four fills and later taps are dropped.  The level escapes at 4.8
    # a second (tests/test_chase_fairness.py, the chapter's first levels), 4.35 in fact.
    began = time.monotonic()
    game.x.run("xdotool", "key", "--delay", "160", *names, timeout=60)
    pace = len(names) / (time.monotonic() - began)
    img = game.settle("escaped")
    assert not caught_card(img), f"caught on the shortest route tapped at {pace:.1f} a second"
    print(f"tapped at {pace:.1f} a second (the level escapes at {LEARNING_PACE:.1f})")
