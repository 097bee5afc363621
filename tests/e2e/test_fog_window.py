"""The fog of war in a real window: mostly dark at the start, walking with real keys reveals.

The game plays ``play --fog`` on a classic maze and on an RPG room map, under Xvfb; the
test measures the share of the window painted in the fog's unseen colour, walks the
shortest route with xdotool key presses, and measures again.  It photographs the
smallest and a large window, the explored map (the map key), and the Chinese HUD once
(set MIGONG_E2E_SHOTS to keep the pictures).
"""

from __future__ import annotations

import time
from typing import Callable, Optional

import numpy as np
import pytest

from game.levels import LevelSpec, build_level
from game.maze.solvers import solve
from game.play.theme import DEFAULT
from tests.e2e.conftest import GameWindow

pytestmark = pytest.mark.xvfb

UNSEEN = DEFAULT.fog.unseen[:3]
ARROWS = {(-1, 0): "Up", (1, 0): "Down", (0, -1): "Left", (0, 1): "Right"}
CLASSIC = LevelSpec("backtracker", 31, 31, 3111, fog=True)
ROOMS = LevelSpec("division", 33, 51, 3312, 0.1, {"room_size": 4}, fog=True)


def args(spec: LevelSpec) -> tuple[str, ...]:
    """Return the command line that plays ``spec`` in the fog."""
    extra = ("--room-size", str(spec.options["room_size"])) if spec.options else ()
    return ("play", "--fog", "--algorithm", spec.algorithm, "--size", f"{spec.rows}x{spec.cols}",
            "--seed", str(spec.seed), "--loops", str(spec.loops), *extra)


def unseen(img: np.ndarray) -> np.ndarray:
    """Return a bool mask of the pixels drawn in the fog's unseen colour."""
    return (np.abs(img.astype(np.int16) - np.array(UNSEEN, np.int16)) <= 3).all(axis=2)


def dark_share(img: np.ndarray, box: Optional[tuple[int, int, int, int]] = None) -> float:
    """Return the share of ``box`` (top, left, bottom, right; default: all) drawn unseen."""
    top, left, bottom, right = box if box is not None else (0, 0, *img.shape[:2])
    return float(unseen(img[top:bottom, left:right]).mean())


def maze_box(img: np.ndarray) -> tuple[int, int, int, int]:
    """Return where the maze lies at the start: round the veil, which covers nearly all of it."""
    ys, xs = np.nonzero(unseen(img))
    return int(ys.min()), int(xs.min()), int(ys.max()) + 1, int(xs.max()) + 1


def start(launch_game: Callable[..., GameWindow], spec: LevelSpec) -> GameWindow:
    """Start a fog level and wait until its veil is on screen."""
    game = launch_game(*args(spec))
    game.find_window()
    game.focus()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if dark_share(game.screenshot("waiting")) > 0.3:
            return game
        time.sleep(0.3)
    raise AssertionError(f"no fog on screen:\n{game.output()}")


def walk(game: GameWindow, spec: LevelSpec, steps: int) -> None:
    """Walk the first ``steps`` tiles of the shortest route with real key presses."""
    path = solve(build_level(spec), "bfs").path[: steps + 1]
    names = [ARROWS[(b[0] - a[0], b[1] - a[1])] for a, b in zip(path, path[1:])]
    for name in names:
        game.key(name)
        time.sleep(0.12)  # a tap walks one tile in about 0.1 s


def resize(game: GameWindow, w: int, h: int) -> None:
    """Resize the window as a window manager would, and let the game lay itself out."""
    game.x.run("xdotool", "windowsize", game.window, str(w), str(h))
    time.sleep(0.8)
    game.geometry = game.read_geometry()


@pytest.mark.parametrize("spec", [CLASSIC, ROOMS], ids=["classic", "rooms"])
def test_a_fog_level_is_mostly_dark_and_walking_reveals_more(
        launch_game: Callable[..., GameWindow], spec: LevelSpec) -> None:
    game = start(launch_game, spec)
    first = game.settle("start")
    box = maze_box(first)
    before = dark_share(first, box)
    walk(game, spec, 24)
    after = dark_share(game.settle("walked"), box)
    print(f"{spec.algorithm}: dark share of the maze {before:.1%} at the start, "
          f"{after:.1%} after 24 steps")
    assert before > 0.75, f"only {before:.0%} of the maze is dark at the start"
    assert after < before - 0.02, f"walking revealed little: {before:.0%} -> {after:.0%} dark"
    game.key("o")  # the explored map
    game.settle("map")
    game.key("Escape")
    resize(game, 320, 240)
    game.settle("smallest")
    resize(game, 1280, 800)
    game.settle("largest")


def test_the_fog_level_in_chinese(launch_game: Callable[..., GameWindow],
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MIGONG_LANG", "zh")
    game = start(launch_game, ROOMS)
    walk(game, ROOMS, 10)
    game.key("o")
    img = game.settle("map-zh")
    assert dark_share(img) > 0.05
