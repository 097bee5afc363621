"""Benchmark of the fog of war per move: the field of view, rooms, and the run's update.

For mazes from 41x41 to 4001x4001 it times, over the first few hundred tiles of the
shortest route (a walk along corridors and through rooms):

1. ``visible_window`` at the radius the game uses (and a larger one): the field of view;
2. a whole fogged step of the run model (field of view, lit room, seen-memory update),
   and on room maps the same step with the decor's torches lighting their rooms (the two
   interleaved, step by step);
3. once per maze: ``room_tiles`` over the whole map (room maps only), the first
   ``room_at`` of each room entered, and finding the torches (``decor.torches``);
4. the play scene without and with fog, side by side (headless, 1280x720, alternating):
   building it plus the first frame, and a frame of walking (the veil is one more
   blit of the view, patched with the tiles that changed).

Run it as a script (it is not a timed test)::

    python tests/benchmarks/bench_fov.py

The target: a fogged step costs well under a millisecond at any maze size (it is done at
most a few times per frame), and the work does not grow with the maze.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from game.maze.decor import torches  # noqa: E402
from game.maze.fov import room_at, room_tiles, visible_window  # noqa: E402
from game.maze.generators import generate  # noqa: E402
from game.maze.tiles import transparent  # noqa: E402
from game.maze.solvers import solve  # noqa: E402
from game.run.fog import FOG_RADIUS, Fog  # noqa: E402

CASES = (("backtracker", 41, None), ("backtracker", 201, None), ("division", 201, 5),
         ("division", 201, 3), ("division", 1001, 4), ("backtracker", 2001, None),
         ("division", 2001, 5), ("backtracker", 4001, None))
STEPS = 400
#: Pause between timed frames: back to back, blits on a loaded 2-core machine measured
#: several times slower than paced ones (the App always waits for its frame cap).
PACE = 0.01


def ms(values: list[float]) -> str:
    """Return the median and the 99th percentile of ``values`` (seconds) in milliseconds."""
    p99 = sorted(values)[min(len(values) - 1, int(0.99 * len(values)))]
    return f"{statistics.median(values) * 1e3:7.3f} {p99 * 1e3:7.3f}"


def main() -> None:
    """Print one line of figures per maze."""
    print(f"fog radius {FOG_RADIUS}; per step: median and 99th percentile, ms; {STEPS} steps of the route")
    print(f"{'maze':<24}{'fov r':>16}{'fov r=2x':>16}{'fog step':>16}{'torch step':>16}"
          f"{'room_tiles':>12}{'room_at':>16}{'torches':>12}")
    for algorithm, size, room in CASES:
        maze = generate(algorithm, rows=size, cols=size, seed=7, room_size=room) if room \
            else generate(algorithm, rows=size, cols=size, seed=7)
        path = solve(maze, "bfs").path[:STEPS]
        clear = transparent(maze.tiles)
        fov, fov2, step, entered = [], [], [], []
        for pos in path:
            t0 = time.perf_counter()
            visible_window(clear, pos, radius=FOG_RADIUS)
            t1 = time.perf_counter()
            visible_window(clear, pos, radius=2 * FOG_RADIUS)
            t2 = time.perf_counter()
            fov.append(t1 - t0)
            fov2.append(t2 - t1)
        rooms_s = "-"
        if room:
            t0 = time.perf_counter()
            rooms = room_tiles(clear)
            rooms_s = f"{(time.perf_counter() - t0) * 1e3:9.1f} ms"
            for pos in path:
                if rooms[pos]:
                    t0 = time.perf_counter()
                    room_at(rooms, pos)
                    entered.append(time.perf_counter() - t0)
        fog = Fog(clear, rooms=room is not None)
        lit, lit_step, torches_s = None, [], "-"
        if room:
            t0 = time.perf_counter()
            lights = torches(maze)
            torches_s = f"{(time.perf_counter() - t0) * 1e3:9.1f} ms"
            lit = Fog(clear, rooms=True, torches=lights)
        for pos in path:
            t0 = time.perf_counter()
            fog.look(pos)
            step.append(time.perf_counter() - t0)
            if lit is not None:
                t0 = time.perf_counter()
                lit.look(pos)
                lit_step.append(time.perf_counter() - t0)
        name = f"{algorithm} {size}x{size}" + (f" R{room}" if room else "")
        print(f"{name:<24}{ms(fov):>16}{ms(fov2):>16}{ms(step):>16}"
              f"{ms(lit_step) if lit_step else '-':>16}{rooms_s:>12}"
              f"{ms(entered) if entered else '-':>16}{torches_s:>12}")


def frames() -> None:
    """Print the play scene's start and frame times without and with fog."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.play.context import Context
    from game.play.scenes.play import PlayScene
    from game.run.level import Level
    from game.run.player import Move
    from game.save import Progress

    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 720))
    ctx = Context(Progress())
    print("\nplay scene, 1280x720, median of 3 starts / of the paced frames of 60 steps, ms")
    print(f"{'maze':<24}{'start':>10}{'start fog':>11}{'frame':>9}{'frame fog':>11}")
    for size in (201, 2001):
        maze = generate("backtracker", rows=size, cols=size, seed=7)
        path = solve(maze, "bfs").path[:61]
        starts: dict[bool, list[float]] = {False: [], True: []}
        frame: dict[bool, list[float]] = {False: [], True: []}
        for _ in range(3):
            scenes = {}
            for fog in (False, True):
                t0 = time.perf_counter()
                scenes[fog] = PlayScene(ctx, Level(maze, label="bench", fog=fog))
                scenes[fog].update(1 / 60)
                scenes[fog].draw(screen)
                starts[fog].append(time.perf_counter() - t0)
            for a, b in zip(path, path[1:]):
                for scene in scenes.values():
                    scene.run.apply(Move(b[0] - a[0], b[1] - a[1]))
                for _ in range(6):
                    for fog, scene in scenes.items():  # the two interleaved, frame by frame
                        time.sleep(PACE)  # paced, as the App's frame cap paces frames
                        t0 = time.perf_counter()
                        scene.update(1 / 60)
                        scene.draw(screen)
                        frame[fog].append(time.perf_counter() - t0)
        med = {k: statistics.median(v) * 1e3 for k, v in starts.items()}
        fmed = {k: statistics.median(v) * 1e3 for k, v in frame.items()}
        print(f"{f'backtracker {size}x{size}':<24}{med[False]:>10.1f}{med[True]:>11.1f}"
              f"{fmed[False]:>9.2f}{fmed[True]:>11.2f}")


if __name__ == "__main__":
    main()
    frames()
