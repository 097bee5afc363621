"""Make the README's animated GIF of the algorithm lab from real frames of the lab scene.

``python tools/make_lab_gif.py`` draws the lab scene headless (dummy SDL driver) frame by
frame, exactly as the game draws it: Prim generating a 25x25 maze, then breadth-first
search solving it, then the distance heat-map; and writes assets/screenshots/lab.gif
(Pillow, from the ``test`` extra, writes the GIF).
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
from PIL import Image  # noqa: E402

from game.levels import LevelSpec  # noqa: E402
from game.play.context import Context  # noqa: E402
from game.play.input import KeyDown  # noqa: E402
from game.play.scenes.lab import SPEEDS, LabScene  # noqa: E402
from game.save import Progress  # noqa: E402

OUT = ROOT / "assets" / "screenshots" / "lab.gif"
SIZE = (720, 405)
FRAME_MS = 100
#: Events per second while it plays; seconds the finished search holds, then the heat-map.
RATE = 200
HOLD, HEAT = 1.5, 2.5


def frames() -> list[Image.Image]:
    """Return the GIF's frames, drawn by the lab scene."""
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 48))
    screen = pygame.Surface(SIZE)
    scene = LabScene(Context(Progress()), spec=LevelSpec("prim", 25, 25, 4), solver="bfs")
    scene.speed = min(range(len(SPEEDS)), key=lambda i: abs(SPEEDS[i] - RATE))
    scene.playing = True  # it opens playing; set, not toggled
    shots: list[Image.Image] = []
    dt = FRAME_MS / 1000

    def shoot(count: int) -> None:
        """Advance and draw ``count`` frames."""
        for _ in range(count):
            scene.update(dt)
            scene.draw(screen)
            shots.append(Image.frombytes("RGB", SIZE, pygame.image.tobytes(screen, "RGB")))

    while scene.playing:  # it stops by itself at the end of the search
        shoot(1)
    shoot(round(HOLD / dt))
    scene.handle_event(KeyDown(pygame.K_h))
    shoot(round(HEAT / dt))
    return shots


def main() -> None:
    """Write assets/screenshots/lab.gif."""
    shots = frames()
    first, *rest = [shot.quantize(colors=48, dither=Image.Dither.NONE) for shot in shots]
    first.save(OUT, save_all=True, append_images=rest, duration=FRAME_MS, loop=0,
               optimize=True)
    print(f"wrote {OUT.relative_to(ROOT)}: {len(shots)} frames, {OUT.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
