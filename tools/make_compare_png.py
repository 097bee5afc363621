"""Make the README's picture of the compare page from the page as the game draws it.

``python tools/make_compare_png.py`` draws the compare page headless (dummy SDL driver)
at 1280x720 once every maze is measured (ten of 41x41 per generator, as ``migong stats
--compare``), and writes assets/screenshots/compare.png.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.play.context import Context  # noqa: E402
from game.play.scenes.compare import CompareScene  # noqa: E402
from game.save import Progress  # noqa: E402

OUT = ROOT / "assets" / "screenshots" / "compare.png"
SIZE = (1280, 720)


def main() -> int:
    """Draw the measured compare page and save it."""
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 48))
    scene = CompareScene(Context(Progress()))
    while scene.comparison.step():
        pass
    screen = pygame.Surface(SIZE)
    scene.draw(screen)
    pygame.image.save(screen, str(OUT))
    print(f"wrote {OUT.relative_to(ROOT)} ({SIZE[0]}x{SIZE[1]})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
