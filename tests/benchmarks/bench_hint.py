"""Benchmark of the hint at the limits: Space (finish the hint) and the level start, 2001x2001.

Headless (dummy SDL drivers), window 1280x720, frames as the App runs them (update with
the real time of the last frame, clamped to 50 ms, then draw).  For each solver it

1. builds the play scene of a 2001x2001 maze, presses H, lets one frame pass, presses
   Space and times the frames until the hint is done (the whole path shown): the
   Space-to-done time, the number of frames and the longest one;

and for the level start it splits the time into generating the maze, building the
play scene (run model, tile classes, map surface) and its first update and draw; and it
times the start of a maze built ahead (the next level, the Custom maze screen's choice:
``game.play.prefetch``), from taking the maze to the first frame.

Run it as a script (it is not a timed test)::

    python tests/benchmarks/bench_hint.py                        # this checkout
    python tests/benchmarks/bench_hint.py --baseline /tmp/old    # beside another checkout

Each checkout is measured in its own processes, started in that checkout, alternating
between the two, ``--repeat`` times; the table shows medians.  (A baseline checkout is
made with e.g. ``git archive main game | tar -x -C /tmp/old``.)
Targets (issue 7): Space on 2001x2001 in at most 0.5 s; a 2001x2001 level started in at
most 300 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Optional

ROOT = Path(__file__).resolve().parents[2]
SOLVERS = ("bfs", "dfs", "stack")
WINDOW = (1280, 720)
MAX_DT = 0.05  # game.play.app.MAX_DT
TARGET_SPACE_S = 0.5
TARGET_START_MS = 300.0


def start_built_ahead(ctx: Any, screen: Any, size: int, algorithm: str,
                      seed: int) -> Optional[float]:
    """Time the level start when the maze was built ahead (ms); None before prefetching."""
    try:
        from game.play.prefetch import MazeCache
    except ImportError:  # a checkout from before mazes were built ahead
        return None
    from game.levels import LevelSpec
    from game.play.scenes.play import PlayScene
    from game.run.level import Level

    spec = LevelSpec(algorithm, size, size, seed)
    cache = MazeCache()
    cache.want(spec)  # while the player reads the result screen, say
    while cache.busy():
        time.sleep(0.01)
    t0 = time.perf_counter()
    maze = cache.take(spec)
    assert maze is not None
    scene = PlayScene(ctx, Level(maze, spec, label="bench"))
    scene.update(1 / 60)
    scene.draw(screen)
    return (time.perf_counter() - t0) * 1000


def measure(size: int, algorithm: str, seed: int) -> dict[str, Any]:
    """Measure this process's checkout (already first on sys.path); return the figures."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import gc

    import pygame

    from game.maze.generators import generate
    from game.play.context import Context
    from game.play.input import KeyDown
    from game.play.scenes.play import PlayScene
    from game.run.level import Level
    from game.save import Progress

    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(WINDOW)
    ctx = Context(Progress())
    out: dict[str, Any] = {"game": str(Path(sys.modules["game"].__file__ or "").parent.parent)}

    gc.collect()
    t0 = time.perf_counter()
    maze = generate(algorithm, rows=size, cols=size, seed=seed)
    t1 = time.perf_counter()
    scene = PlayScene(ctx, Level(maze, label="bench"))
    t2 = time.perf_counter()
    scene.update(1 / 60)
    scene.draw(screen)
    t3 = time.perf_counter()
    out["generate_ms"] = (t1 - t0) * 1000
    out["scene_ms"] = (t2 - t1) * 1000
    out["first_frame_ms"] = (t3 - t2) * 1000
    out["ahead_ms"] = start_built_ahead(ctx, screen, size, algorithm, seed)

    for solver in SOLVERS:
        scene = PlayScene(ctx, Level(maze, label="bench"))
        scene.update(1 / 60)
        scene.draw(screen)
        scene.run.solver = solver
        scene.handle_event(KeyDown(pygame.K_h))
        dt = 1 / 60
        for _ in range(2):  # the hint is on screen and exploring
            f0 = time.perf_counter()
            scene.update(dt)
            scene.draw(screen)
            dt = min(MAX_DT, time.perf_counter() - f0)
        assert scene.hint is not None and scene.hint.solver == solver
        gc.collect()
        start = time.perf_counter()
        scene.handle_event(KeyDown(pygame.K_SPACE))
        frames, longest = 0, 0.0
        while not scene.hint.done:
            f0 = time.perf_counter()
            scene.update(dt)
            scene.draw(screen)
            took = time.perf_counter() - f0
            dt = min(MAX_DT, took)
            frames += 1
            longest = max(longest, took)
            if time.perf_counter() - start > 60:
                raise SystemExit(f"{solver}: the hint did not finish within 60 s")
        out[solver] = {"space_s": time.perf_counter() - start, "frames": frames,
                       "longest_ms": longest * 1000, "visited": scene.hint.visited}
    pygame.quit()
    return out


def child(checkout: Path, args: argparse.Namespace) -> dict[str, Any]:
    """Measure ``checkout`` in a fresh process started there; return its figures."""
    env = dict(os.environ, PYTHONPATH=str(checkout))
    done = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--measure", "--size", str(args.size),
         "--algorithm", args.algorithm, "--seed", str(args.seed)],
        cwd=checkout, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"measuring {checkout} failed:\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    """Measure each checkout, alternating; print medians side by side."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, help="another checkout to measure beside this one")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--size", type=int, default=2001)
    parser.add_argument("--algorithm", default="prim")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.measure:
        print(json.dumps(measure(args.size, args.algorithm, args.seed)))
        return 0
    checkouts = ([("before", args.baseline.resolve())] if args.baseline else []) + [("now", ROOT)]
    runs: dict[str, list[dict[str, Any]]] = {name: [] for name, _ in checkouts}
    for _ in range(args.repeat):
        for name, path in checkouts:
            runs[name].append(child(path, args))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{args.algorithm} {args.size}x{args.size} seed {args.seed}, window {WINDOW[0]}x{WINDOW[1]},"
          f" dummy video; median of {args.repeat}; load average {load:.2f} on {os.cpu_count()} CPUs")
    for name, path in checkouts:
        print(f"  {name:>6}: {runs[name][0]['game']}")

    def med(name: str, *keys: str) -> float:
        values = []
        for run in runs[name]:
            value: Any = run
            for k in keys:
                value = value[k]
            values.append(float(value))
        return statistics.median(values)

    names = [name for name, _ in checkouts]
    header = f"{'':34}" + "".join(f"{n:>12}" for n in names) + "   target"
    print(header)
    print("-" * len(header))
    for label, key in (("level start: generate (ms)", "generate_ms"),
                       ("level start: build the scene (ms)", "scene_ms"),
                       ("level start: first frame (ms)", "first_frame_ms")):
        print(f"{label:34}" + "".join(f"{med(n, key):>12.0f}" for n in names))
    starts = {n: med(n, "scene_ms") + med(n, "first_frame_ms") for n in names}
    print(f"{'level start: scene + frame (ms)':34}" + "".join(f"{starts[n]:>12.0f}" for n in names)
          + f"   <= {TARGET_START_MS:g} {'ok' if starts[names[-1]] <= TARGET_START_MS else 'MISSED'}")
    totals = {n: med(n, "generate_ms") + starts[n] for n in names}
    print(f"{'level start: total (ms)':34}" + "".join(f"{totals[n]:>12.0f}" for n in names)
          + f"   <= {TARGET_START_MS:g} {'ok' if totals[names[-1]] <= TARGET_START_MS else 'MISSED'}")
    ahead = {n: [run["ahead_ms"] for run in runs[n] if run.get("ahead_ms") is not None]
             for n in names}
    print(f"{'level start, maze built ahead (ms)':34}"
          + "".join(f"{statistics.median(ahead[n]):>12.0f}" if ahead[n] else f"{'-':>12}"
                    for n in names)
          + (f"   <= {TARGET_START_MS:g} "
             f"{'ok' if statistics.median(ahead[names[-1]]) <= TARGET_START_MS else 'MISSED'}"
             if ahead[names[-1]] else ""))
    for solver in SOLVERS:
        space = {n: med(n, solver, "space_s") for n in names}
        print(f"{f'Space to done, {solver} (s)':34}" + "".join(f"{space[n]:>12.2f}" for n in names)
              + f"   <= {TARGET_SPACE_S:g} {'ok' if space[names[-1]] <= TARGET_SPACE_S else 'MISSED'}")
        cells = [f"{med(n, solver, 'frames'):.0f} / {med(n, solver, 'longest_ms'):.0f}"
                 for n in names]
        print(f"{'  frames / longest frame (ms)':34}" + "".join(f"{c:>12}" for c in cells))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
