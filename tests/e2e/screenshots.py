"""Photograph the real game window for the README: ``python -m tests.e2e.screenshots``.

Starts Xvfb, runs the game (``$MIGONG_EXE`` or ``python -m game``) in it, drives it with
real key presses and writes assets/screenshots/{title,hint,rooms,keys,fog,first_person}.png
(name some of them to take only those: ``python -m tests.e2e.screenshots first_person``).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path
from typing import Optional, Sequence

import numpy as np

from tests.e2e.conftest import ROOT, GameWindow, start_game, start_xvfb, stop

OUT = ROOT / "assets" / "screenshots"


def save_png(img: np.ndarray, path: Path) -> None:
    """Write an HxWx3 RGB array as a PNG."""
    import pygame

    pygame.image.save(pygame.surfarray.make_surface(img.transpose(1, 0, 2)), str(path))
    print(f"wrote {path.relative_to(ROOT)} ({img.shape[1]}x{img.shape[0]})")


WANTED: set[str] = set()  # the screenshots asked for (none named: all)


def shoot(x: object, work: Path, args: Sequence[str], keys: Sequence[tuple[str, float]],
          name: str) -> None:
    """Start the game with ``args``, press ``keys`` (key, seconds to wait after), save NAME.png."""
    if WANTED and name not in WANTED:
        return
    game: Optional[GameWindow] = None
    try:
        game = start_game(x, args, work, work)  # type: ignore[arg-type]
        game.find_window()
        game.focus()
        time.sleep(1.5)
        for key, wait in keys:
            game.key(key)
            time.sleep(wait)
        save_png(game.screenshot(name), OUT / f"{name}.png")
    finally:
        if game is not None:
            stop(game.proc)


def main() -> int:
    """Take the README screenshots (those named on the command line, else all)."""
    WANTED.update(sys.argv[1:])
    OUT.mkdir(parents=True, exist_ok=True)
    x = start_xvfb()
    try:
        with tempfile.TemporaryDirectory(prefix="migong-shots-") as tmp:
            work = Path(tmp)
            shoot(x, work, [], [("Down", 0.4)], "title")
            shoot(x, work, ["play", "--algorithm", "prim", "--size", "31x41", "--seed", "11"],
                  [("Right", 0.3), ("f", 0.6), ("h", 1.6)], "hint")
            shoot(x, work, ["play", "--algorithm", "division", "--size", "41x61", "--seed", "5",
                            "--room-size", "5"],
                  [("Right", 0.25), ("Right", 0.25), ("Right", 0.25), ("Down", 0.6)], "rooms")
            shoot(x, work, ["play", "--algorithm", "prim", "--size", "21x31", "--seed", "8",
                            "--keys", "3"],
                  [("f", 0.6)], "keys")
            shoot(x, work, ["play", "--algorithm", "backtracker", "--size", "31x41", "--seed", "4",
                            "--fog"],
                  [("shift+Right", 1.0), ("shift+Down", 1.0), ("shift+Right", 1.0),
                   ("shift+Down", 1.0), ("shift+Left", 1.2)], "fog")
            shoot(x, work, ["play", "--algorithm", "division", "--size", "41x61", "--seed", "5",
                            "--room-size", "5", "--view", "first-person"],
                  [("Up", 0.4), ("Up", 0.4), ("h", 0.3),
                   ("space", 1.2)], "first_person")
    finally:
        stop(x.proc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
