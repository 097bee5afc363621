"""Share codes through the real X clipboard: paste a code into the game, copy it back out.

Another X client (a tiny pygame program, :data:`CLIPBOARD`) owns the clipboard with a
code; in the game, the title's "Enter a code", Ctrl+V and Enter play that maze; Ctrl+C
in the maze puts the level's code back on the clipboard, and the other client reads it.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

import numpy as np
import pytest

from tests.e2e.conftest import GameWindow, XServer, changed_mask, stop
from tests.e2e.test_real_window import WALL, near

pytestmark = pytest.mark.xvfb

CODE = "P15x15-7"
#: Another X client: ``put TEXT SECONDS`` owns the clipboard for a while, ``get`` prints it.
CLIPBOARD = """
import sys, time, pygame
pygame.display.init()
pygame.display.set_mode((8, 8), pygame.HIDDEN)
if sys.argv[1] == "get":
    deadline, text = time.monotonic() + 5, ""
    while time.monotonic() < deadline and not text:
        pygame.event.pump()
        text = pygame.scrap.get_text()
        time.sleep(0.1)
    print(text)
else:
    pygame.scrap.put_text(sys.argv[2])
    print("owned", flush=True)
    end = time.monotonic() + float(sys.argv[3])
    while time.monotonic() < end:
        pygame.event.pump()
        time.sleep(0.02)
"""


def clipboard_client(x: XServer, *args: str) -> subprocess.Popen:
    """Start the other X client with ``args``."""
    env = dict(x.env(), SDL_VIDEODRIVER="x11", PYGAME_HIDE_SUPPORT_PROMPT="1")
    return subprocess.Popen([sys.executable, "-c", CLIPBOARD, *args], env=env,
                            stdout=subprocess.PIPE, text=True, start_new_session=True)


def wait_for_change(game: GameWindow, before: np.ndarray, name: str) -> None:
    """Wait until much of the window differs from ``before`` (another screen showed)."""
    deadline = time.monotonic() + 30
    while changed_mask(before, game.screenshot(name)).mean() < 0.08:
        assert time.monotonic() < deadline, f"{name} never showed:\n{game.output()}"
        time.sleep(0.2)


def wait_for_maze(game: GameWindow) -> None:
    """Wait until a maze fills the window."""
    deadline = time.monotonic() + 30
    while near(game.screenshot("waiting"), WALL, 2).sum() < 1000:
        assert time.monotonic() < deadline, f"the maze never appeared:\n{game.output()}"
        time.sleep(0.3)


def test_a_pasted_code_is_played_and_ctrl_c_copies_it_back(
        launch_game: Callable[..., GameWindow], xserver: XServer, tmp_path: Path) -> None:
    owner = clipboard_client(xserver, "put", CODE, "60")
    try:
        assert owner.stdout is not None and owner.stdout.readline().strip() == "owned"
        game = launch_game()
        game.find_window()
        game.focus()
        time.sleep(1.0)  # the title's first frames
        title = game.screenshot("title")
        # the title: New game, Level select, Custom maze, Daily maze, Enter a code
        game.key("Down", "Down", "Down", "Down", "Return")
        wait_for_change(game, title, "enter-a-code")
        game.key("ctrl+v", "Return")
        wait_for_maze(game)
    finally:
        stop(owner)
    game.key("ctrl+c")
    reader = clipboard_client(xserver, "get")
    out, _ = reader.communicate(timeout=30)
    assert out.strip() == CODE, game.output()
    game.alive()
