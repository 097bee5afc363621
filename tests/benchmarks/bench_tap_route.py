"""Tap the shortest route of a daily maze through the App, as a player sending key presses.

Headless (dummy SDL drivers), window 1280x720, the corner map on.  Builds the daily of
``--date`` (default 2026-12-18: a 51x51 fog backtracker with loops and a chaser), then
posts a press and a release of each step of the shortest route at ``--rates`` taps a
second of simulated wall time, and runs ``App.frame`` with frames ``--frames`` seconds
apart (a slow machine: 0.2; a frame's events are those whose time has come).  Prints the
CPU time of the frames (``time.process_time``: the game's own work, steady however busy
the machine) and how the run went: taps sent, moves made, where it ended.

Run:  python tests/benchmarks/bench_tap_route.py [--date 2026-12-18] [--rates 7.9,10]
      [--frames 0.0167,0.3] [--taps 0 (all)] [--no-map]
Target: every frame at most 16.7 ms CPU; every tap a move while the route lasts.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from datetime import date
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pygame  # noqa: E402

from game.daily import daily_spec, parse_date  # noqa: E402
from game.levels import build_level  # noqa: E402
from game.maze.solvers import solve  # noqa: E402
from game.play.app import App  # noqa: E402
from game.play.routes import Play  # noqa: E402
from game.play.scenes.play import PlayScene  # noqa: E402
from game.run.level import Level  # noqa: E402

TARGET_MS = 16.7
ARROWS = {(-1, 0): pygame.K_UP, (1, 0): pygame.K_DOWN, (0, -1): pygame.K_LEFT,
          (0, 1): pygame.K_RIGHT}
HOLD = 0.012  # seconds between a tap's press and its release (xdotool's default delay)


def post(kind: int, key: int) -> None:
    """Post a press or a release of ``key``, as SDL would."""
    pygame.event.post(pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0))


def tap_route(args: argparse.Namespace, rate: float, frame: float) -> None:
    """Tap the route at ``rate`` taps a second in frames ``frame`` s apart; print the figures."""
    app = App.open(use_save=False)
    app.ctx.set_minimap(not args.no_map)
    spec = daily_spec(args.date)
    maze = build_level(spec)
    level = Level(maze, spec=spec, daily=args.date, label="daily")
    path = solve(maze, "bfs").path
    assert path is not None
    steps = [(b[0] - a[0], b[1] - a[1]) for a, b in zip(path, path[1:])]
    if args.taps:
        steps = steps[:args.taps]
    app.go(Play(level))
    for _ in range(3):
        app.frame(1 / 60)
    scene = app.scene
    assert isinstance(scene, PlayScene)
    times = [i / rate for i in range(len(steps))]
    events = sorted([(t, pygame.KEYDOWN, ARROWS[d]) for t, d in zip(times, steps)]
                    + [(t + HOLD, pygame.KEYUP, ARROWS[d]) for t, d in zip(times, steps)])
    frames, sent, cpu = 0, 0, []
    end = times[-1] + 3.0
    while frames * frame < end and not (scene.run.finished or scene.session.caught):
        frames += 1
        while sent < len(events) and events[sent][0] <= frames * frame:
            post(events[sent][1], events[sent][2])
            sent += 1
        began = time.process_time()
        app.frame(frame)
        cpu.append((time.process_time() - began) * 1000)
        if app.scene is not scene:
            break
    run = scene.run
    taps = sum(1 for e in events[:sent] if e[1] == pygame.KEYDOWN)
    print(f"frames {frame * 1000:4.0f} ms x {len(cpu):4d}: CPU median "
          f"{statistics.median(cpu):5.2f} ms, p95 {sorted(cpu)[int(len(cpu) * 0.95)]:5.2f} ms, "
          f"max {max(cpu):6.2f} ms | taps {taps:3d} at {rate:4.1f}/s, moves {run.moves:3d}, "
          f"at {run.player.pos}, finished {run.finished}, caught {scene.session.caught}")
    pygame.quit()


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print one line per rate and frame length."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--date", type=parse_date, default=date(2026, 12, 18))
    parser.add_argument("--rates", default="7.9", help="taps a second, comma-separated")
    parser.add_argument("--frames", default="0.0167", help="seconds between frames, "
                        "comma-separated")
    parser.add_argument("--taps", type=int, default=0, help="taps to send (0: the whole route)")
    parser.add_argument("--no-map", action="store_true", help="corner map off")
    args = parser.parse_args(argv)
    spec = daily_spec(args.date)
    print(f"daily {args.date} {spec.rows}x{spec.cols} fog={spec.fog} chasers={spec.chasers}, "
          f"corner map {'off' if args.no_map else 'on'} (target: frames <= {TARGET_MS} ms CPU)")
    for rate in (float(r) for r in args.rates.split(",")):
        for frame in (float(f) for f in args.frames.split(",")):
            tap_route(args, rate, frame)
    return 0


if __name__ == "__main__":
    sys.exit(main())
