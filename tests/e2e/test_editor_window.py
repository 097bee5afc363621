"""The editor in a real window under Xvfb: a real mouse drag draws a wall, real keys undo,
redo and save, and the saved file holds exactly what was drawn."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Callable

import numpy as np
import pytest

from game.edit.model import blank_maze
from game.maze.formats import format_maze, load_maze
from game.maze.grid import WALL
from game.maze.solvers import solve
from game.play.theme import DEFAULT
from tests.e2e.conftest import GameWindow

pytestmark = pytest.mark.xvfb

ROWS = COLS = 11


def walls(img: np.ndarray) -> np.ndarray:
    """Return a bool mask of the pixels in the maze's wall colour."""
    wall = np.array(DEFAULT.classic.wall, np.int16)
    mask: np.ndarray = (np.abs(img.astype(np.int16) - wall) <= 2).all(axis=2)
    return mask


def board(img: np.ndarray) -> tuple[float, float, float]:
    """Return the maze's (x0, y0, tile px) on a screenshot, found by the wall colour."""
    ys, xs = walls(img).nonzero()
    assert len(xs) > 100, "no maze wall colour on screen"
    x0, y0 = int(xs.min()), int(ys.min())
    return x0, y0, (int(xs.max()) + 1 - x0) / COLS


def wait_for(check: Callable[[], bool], what: str, game: GameWindow, timeout: float = 20) -> None:
    """Wait until ``check()`` holds; fail saying ``what`` did not happen."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        game.alive()
        time.sleep(0.2)
    raise AssertionError(f"{what} did not happen:\n{game.output()}")


def test_a_real_mouse_drag_draws_a_wall_that_undo_redo_and_save_keep(
        launch_game: Callable[..., GameWindow], tmp_path: Path) -> None:
    start = tmp_path / "blank.txt"
    start.write_text(format_maze(blank_maze(rows=ROWS, cols=COLS)), encoding="utf-8")
    game = launch_game("edit", str(start))
    game.find_window()
    game.focus()
    wait_for(lambda: bool(walls(game.screenshot("waiting")).sum() > 1000), "the maze showing",
             game)
    x0, y0, tile = board(game.settle("start"))
    wx, wy = game.geometry[:2]

    def at(row: int, col: int) -> list[str]:
        """Return the screen point of tile (row, col) for xdotool."""
        return [str(round(wx + x0 + (col + 0.5) * tile)), str(round(wy + y0 + (row + 0.5) * tile))]

    # a wall across row 5 from the left border to column 9: the exit (row 9) is cut off
    game.x.run("xdotool", "mousemove", *at(5, 0), "mousedown", "1")
    for col in (3, 6, 9):
        game.x.run("xdotool", "mousemove", *at(5, col))
        time.sleep(0.1)
    game.x.run("xdotool", "mouseup", "1")
    game.key("ctrl+z", "ctrl+y")  # undone and done again
    game.key("ctrl+s")
    time.sleep(0.5)
    saved = tmp_path / "drawn.txt"
    game.key(*["BackSpace"] * (len(str(start)) + 5))  # the field starts with the file's path
    game.x.run("xdotool", "type", "--delay", "40", str(saved))
    game.key("Return")
    wait_for(saved.exists, "the save", game)

    maze = load_maze(saved)
    expected = blank_maze(rows=ROWS, cols=COLS)
    expected.tiles[5, 1:10] = WALL
    assert format_maze(maze) == format_maze(expected)
    assert solve(maze).path is None  # what the editor's verdict line said
