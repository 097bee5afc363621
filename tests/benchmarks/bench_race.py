"""Benchmark the solver ghost ("Race a solver"): its search, and what it costs a frame.

Run it as a script (it is not a timed test)::

    python tests/benchmarks/bench_race.py

For mazes of 101x101 to 2001x2001 and each solver it prints the time to run the ghost's
whole search (what the play session spreads over frames, RACE_BUDGET a frame), the frames
that takes at 120 fps, the steps of its walk and the memory the walk holds.  Then, on a
1001x1001 maze, the play scene's update per frame side by side: no race, and racing each
solver (the first second, while the search is got ready, and later).
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.levels import LevelSpec, build_level  # noqa: E402
from game.maze.generators import GENERATORS  # noqa: E402
from game.maze.solvers import SOLVERS  # noqa: E402
from game.play.context import Context  # noqa: E402
from game.play.input import KeyDown  # noqa: E402
from game.play.scenes.play import PlayScene  # noqa: E402
from game.run.session import RACE_BUDGET  # noqa: E402
from game.run.ghost import Ghost  # noqa: E402
from game.run.level import Level  # noqa: E402
from game.save import Progress, Race  # noqa: E402

FRAME = 1 / 120


def searches() -> None:
    """Print the cost of each solver ghost's whole search by maze size."""
    print(f"{'maze':>10} {'solver':>6} {'search s':>9} {'frames':>7} {'steps':>9} {'walk MB':>8}")
    for side in (101, 1001, 2001):
        maze = GENERATORS["prim"].generate(rows=side, cols=side, rng=1)
        for solver in SOLVERS:
            ghost = Ghost(maze, solver, speed=6)
            start = time.perf_counter()
            ghost.prepare()
            took = time.perf_counter() - start
            mb = ghost.walk.itemsize * len(ghost.walk) / 2**20
            print(f"{side}x{side:<5} {solver:>6} {took:9.3f} {took / RACE_BUDGET:7.0f} "
                  f"{ghost.steps:9d} {mb:8.2f}")


def frame_costs() -> None:
    """Print the play scene's update time per frame, racing nobody and each solver."""
    pygame.display.init()
    pygame.display.set_mode((64, 48))
    spec = LevelSpec("prim", 1001, 1001, 3)
    level = Level(build_level(spec), spec, label="bench")
    print(f"\nplay scene update on {spec.rows}x{spec.cols}, ms a frame (median, max)")
    for solver in (None, *SOLVERS):
        progress = Progress()
        progress.settings.race = Race(solver, 12)
        scene = PlayScene(Context(progress), level)
        scene.on_enter()
        scene.handle_event(KeyDown(pygame.K_RIGHT, 0))  # held: the player walks on
        for part in ("first second", "seconds 5-6"):
            times = []
            for _ in range(120):
                start = time.perf_counter()
                scene.update(FRAME)
                times.append((time.perf_counter() - start) * 1000)
            if part == "first second":
                for _ in range(480):
                    scene.update(FRAME)
            print(f"  race {solver or 'off':>5}, {part:>12}: {statistics.median(times):6.2f} "
                  f"{max(times):6.2f}")


if __name__ == "__main__":
    searches()
    frame_costs()
