"""Per-frame CPU time of the lab at 1001x1001 playing at top speed: update and draw apart.

Headless (dummy SDL drivers), window 1280x720.  Plays 60 frames of the generation, then
the frames of the search while the built maze's statistics are measured, then 60 frames
of the bfs search with the plain picture and 60 with the heat-map (its
distances computed before timing), then 60 of a race of three solvers and 60 of a race
of eleven, timing each with ``time.process_time``.

Run:  python tests/benchmarks/bench_lab_frames.py [--size 1001]
Target (issue 18.5): update + draw at most 16.7 ms a frame.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pygame  # noqa: E402

from game.levels import LevelSpec  # noqa: E402
from game.play.app import freeze_start_up  # noqa: E402
from game.play.context import Context  # noqa: E402
from game.play.scenes.lab import SPEEDS, LabScene  # noqa: E402
from game.save import Progress  # noqa: E402

FRAMES = 60


def frames(scene: LabScene, screen: pygame.Surface,
           count: int = FRAMES) -> tuple[list[float], list[float]]:
    """Return the update and draw CPU times (ms) of ``count`` frames."""
    ups, draws = [], []
    for _ in range(count):
        c0 = time.process_time()
        scene.update(1 / 60)
        c1 = time.process_time()
        scene.draw(screen)
        c2 = time.process_time()
        ups.append((c1 - c0) * 1000)
        draws.append((c2 - c1) * 1000)
    return ups, draws


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print one line per phase."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=1001)
    args = parser.parse_args(argv)
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 720))
    ctx = Context(Progress())
    freeze_start_up()
    n = args.size
    scene = LabScene(ctx, spec=LevelSpec("prim", n, n, 7), solver="bfs")
    scene.speed = len(SPEEDS) - 1
    scene.update(1 / 60)
    scene.draw(screen)
    scene.playing = True  # it opens playing now; set, not toggled, to time either way
    results = [("generating", *frames(scene, screen))]
    while scene.lab.generating:
        scene.lab.run(100_000)
    # The first show of the built maze: its statistics are measured a slice a frame.
    scene.lab.run(1)
    built: tuple[list[float], list[float]] = ([], [])
    while scene.figures.pending(scene.lab.maze) and len(built[0]) < 1000:
        ups, draws = frames(scene, screen, 1)
        built[0].extend(ups)
        built[1].extend(draws)
    print(f"statistics measured over {len(built[0])} frames")
    if built[0]:
        results.append(("built, statistics", *built))
    scene.draw(screen)
    results.append(("solving", *frames(scene, screen)))
    scene.heat = True
    scene.draw(screen)  # the distances, once per maze
    results.append(("solving, heat-map", *frames(scene, screen)))
    scene.heat = False
    for racers in (3, 11):  # a race of the first three solvers, then of eleven
        if not hasattr(scene, "racers") and racers > 3:
            break  # before the lab took any set of solvers
        scene.race = True
        if hasattr(scene, "racers"):
            scene.racers = list(scene._offered())[:racers]
        scene._resolve()
        scene.lab.run(1)
        scene.playing = True
        scene.draw(screen)
        results.append((f"race of {len(scene.lab.tracks)}", *frames(scene, screen)))
    ok = True
    for name, ups, draws in results:
        total = [u + d for u, d in zip(ups, draws)]
        ok &= max(total) <= 16.7
        print(f"{n}x{n} {name:>18}: update med {statistics.median(ups):5.1f}, draw med "
              f"{statistics.median(draws):5.1f}, update+draw med {statistics.median(total):5.1f}"
              f" max {max(total):5.1f} ms CPU")
    pygame.quit()
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
