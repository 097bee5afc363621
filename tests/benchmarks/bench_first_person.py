"""Frame-time benchmark of the first-person view: walking and turning through a room map.

Headless (dummy SDL drivers).  Plays campaign level "Lost Keep" (a room map in fog, with
keys and doors) in first person with a solver's ghost racing, walks its hint's route by
key presses (a quarter turn before each change of way: turns animate), and times every
frame (update + draw) by the wall clock and by the process's CPU time: the machine may
be shared, and CPU time is what the frame itself cost.

With ``--hint`` the hint is shown (searching, then its route) over the corner map too.

Run:  python tests/benchmarks/bench_first_person.py [--size 1280x720] [--frames N] [--hint] [--json]
Target: p99 <= 16.7 ms with the picture rendered at least 960 px wide.
"""

from __future__ import annotations

import argparse
import json
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

from game.levels import CAMPAIGN  # noqa: E402
from game.play.context import Context  # noqa: E402
from game.play.firstperson.view import HEADINGS  # noqa: E402
from game.play.input import KeyDown, KeyUp  # noqa: E402
from game.play.scenes.play import PlayScene  # noqa: E402
from game.run.hint import HintSearch  # noqa: E402
from game.run.intents import ToggleHint  # noqa: E402
from game.run.level import Level  # noqa: E402
from game.save import Progress, Race  # noqa: E402
from tests.play.helpers import campaign_level  # noqa: E402

DT = 1 / 60
LEVEL = "Lost Keep"
TARGET_P99_MS = 16.7


def percentile(values: list[float], q: float) -> float:
    """Return the ``q`` quantile (0..1) of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def route(level: Level) -> list[tuple[int, int]]:
    """Return the whole walk to the exit, keys and doors included (the hint's path)."""
    search = HintSearch(level.maze, level.maze.start, "bfs")
    search.finish()
    while not search.complete(100_000):
        pass
    assert search.path is not None
    return list(search.path)


def scene_for(size: tuple[int, int], *,
              hint: bool = False) -> tuple[PlayScene, pygame.Surface]:
    """Return the level in first person in fog with a bfs ghost racing, and the window.

    ``hint``: the hint asked for, and the corner map shown.
    """
    screen = pygame.display.set_mode(size)
    ctx = Context(Progress())
    ctx.settings.minimap = hint
    ctx.session_view = True
    ctx.session_race = Race("bfs", 6)
    index = next(i for i, spec in enumerate(CAMPAIGN) if spec.name == LEVEL)
    level = campaign_level(index)
    scene = PlayScene(ctx, Level(level.maze, level.spec, level.index, level.label, fog=True))
    scene.on_enter()
    if hint:
        scene.apply(ToggleHint())
    return scene, screen


def frames(scene: PlayScene, screen: pygame.Surface, count: int,
           walk: list[int]) -> tuple[list[float], list[float]]:
    """Walk and turn along the route for ``count`` frames; return wall and CPU times (s).

    ``walk`` holds how far along the route the player is, kept between calls.
    """
    assert scene.first_person is not None
    walker = scene.first_person.walker
    path = route(scene.level)
    i = walk[0]
    wall: list[float] = []
    cpu: list[float] = []
    for _ in range(count):
        t0, c0 = time.perf_counter(), time.process_time()
        player = scene.run.player
        if not player.moving and not walker.turning and i + 1 < len(path):
            if player.pos == path[i + 1]:
                i += 1
            if i + 1 < len(path):
                here, there = path[i], path[i + 1]
                step = (there[0] - here[0], there[1] - here[1])
                k = pygame.K_UP if HEADINGS[walker.heading] == step else pygame.K_RIGHT
                scene.handle_event(KeyDown(k, 0))
                scene.handle_event(KeyUp(k))
        scene.update(DT)
        scene.draw(screen)
        pygame.display.flip()
        wall.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    walk[0] = i
    return wall, cpu


def main(argv: list[str]) -> int:
    """Run the benchmark; print figures (one JSON line with --json); return 0."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--hint", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    w, h = (int(v) for v in args.size.lower().split("x"))
    pygame.display.init()
    pygame.font.init()
    scene, screen = scene_for((w, h), hint=args.hint)
    walk = [0]
    frames(scene, screen, 30, walk)  # warm up: atlas, fonts, sprites
    wall, cpu = frames(scene, screen, args.frames, walk)
    assert scene.first_person is not None
    rw, rh = scene.first_person.render_size
    result = {
        "size": f"{w}x{h}", "render": f"{rw}x{rh}", "frames": len(wall),
        "p50_ms": round(statistics.median(wall) * 1000, 2),
        "p99_ms": round(percentile(wall, 0.99) * 1000, 2),
        "cpu_p50_ms": round(statistics.median(cpu) * 1000, 2),
        "cpu_p99_ms": round(percentile(cpu, 0.99) * 1000, 2),
        "target_p99_ms": TARGET_P99_MS,
        "moves": scene.run.moves,
    }
    if args.json:
        print(json.dumps(result))
    else:
        for name, value in result.items():
            print(f"{name:>14}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
