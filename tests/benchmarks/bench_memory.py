"""Memory benchmark: the resident size stays flat over many levels and many restarts.

Headless (dummy SDL drivers).  Drives a real App the way the game does, through its
navigator, so its garbage-collector policy runs as in play (freeze once after start-up,
collect when a screen is left for good):

1. levels: plays campaign level after campaign level (each a play scene with the hint
   shown, a few updates and draws, then the result screen), printing RSS every 100;
2. restarts: a 1001x1001 level with the hint churning, restarted from the pause menu
   by key presses, printing RSS after each restart.

Run:  python tests/benchmarks/bench_memory.py [--levels 1000] [--restarts 20]
Targets: growth over the levels and over the restarts within 100 MB.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pygame  # noqa: E402

from game.levels import CAMPAIGN, LevelSpec, build_level  # noqa: E402
from game.play.app import App, freeze_start_up  # noqa: E402
from game.names import level_label  # noqa: E402
from game.play.routes import Complete, Play, ToTitle  # noqa: E402
from game.play.scenes.play import PlayScene  # noqa: E402
from game.run.level import Level, RunResult  # noqa: E402

TARGET_GROWTH_MB = 100.0
FRAME = 1 / 60


def rss_mb() -> float:
    """Return this process's resident set size in MB (Linux /proc)."""
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


def key(k: int) -> pygame.event.Event:
    """Return a KEYDOWN event as pygame delivers it."""
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def frames(app: App, n: int) -> None:
    """Run ``n`` frames of the current scene: update and draw (no event pump)."""
    for _ in range(n):
        app.update(FRAME)
        app.draw()


def play_levels(app: App, count: int) -> list[tuple[int, float]]:
    """Play ``count`` campaign levels one after another; return (level, RSS MB) samples."""
    levels = [Level(build_level(spec), spec, i, level_label(i, spec))
              for i, spec in enumerate(CAMPAIGN)]
    samples = [(0, rss_mb())]
    for n in range(1, count + 1):
        level = levels[(n - 1) % len(levels)]
        app.go(Play(level))
        app.handle_event(key(pygame.K_h))  # the hint: its search, layer and surface
        frames(app, 3)
        scene = app.scene
        assert isinstance(scene, PlayScene)
        run = scene.run
        app.go(Complete(RunResult(level, 12.0, run.optimal + 3, run.optimal, 1)))
        frames(app, 1)
        if n % 100 == 0 or n == count:
            samples.append((n, rss_mb()))
    return samples


def restart_big_level(app: App, count: int) -> list[tuple[int, float]]:
    """Restart a 1001x1001 level ``count`` times from the pause menu; return RSS samples."""
    spec = LevelSpec("backtracker", 1001, 1001, 7, 0.05)
    app.go(Play(Level(build_level(spec), spec, None, "bench 1001")))
    samples = []
    for n in range(count + 1):
        app.handle_event(key(pygame.K_h))
        app.handle_event(key(pygame.K_SPACE))  # the whole search: its structures at full size
        scene = app.scene
        assert isinstance(scene, PlayScene) and scene.hint is not None
        while not scene.hint.done:
            frames(app, 1)
        frames(app, 5)
        samples.append((n, rss_mb()))
        if n == count:
            break
        app.handle_event(key(pygame.K_ESCAPE))  # pause
        app.handle_event(key(pygame.K_DOWN))  # Restart
        app.handle_event(key(pygame.K_RETURN))
        assert isinstance(app.scene, PlayScene)
    return samples


def report(title: str, samples: list[tuple[int, float]], unit: str) -> bool:
    """Print the samples and the growth after the first one; return True within target."""
    print(f"\n{title}")
    for n, mb in samples:
        print(f"  after {n:5d} {unit}: {mb:8.1f} MB")
    growth = samples[-1][1] - samples[0][1]
    ok = growth <= TARGET_GROWTH_MB
    print(f"  growth: {growth:+.1f} MB (target <= {TARGET_GROWTH_MB:g} MB: "
          f"{'ok' if ok else 'MISSED'})")
    return ok


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", type=int, default=1000)
    parser.add_argument("--restarts", type=int, default=20)
    args = parser.parse_args(argv)
    app = App.open(use_save=False)
    app.ctx.settings.muted = True
    app.go(ToTitle())
    freeze_start_up()  # what App.run does once the first screen is up
    start = rss_mb()
    print(f"RSS after start-up: {start:.1f} MB (dummy video driver, Python {sys.version.split()[0]})")
    t0 = time.perf_counter()
    levels = play_levels(app, args.levels)
    ok = report(f"{args.levels} campaign levels played, each with the hint and the result "
                f"screen ({time.perf_counter() - t0:.0f} s)", levels, "levels")
    t0 = time.perf_counter()
    restarts = restart_big_level(app, args.restarts)
    ok &= report(f"{args.restarts} restarts of a 1001x1001 level with the hint finished "
                 f"({time.perf_counter() - t0:.0f} s)", restarts, "restarts")
    pygame.quit()
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
