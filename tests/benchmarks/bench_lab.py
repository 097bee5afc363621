"""Benchmark of the algorithm lab: events shown per second, stepping back, history memory.

Headless (dummy SDL drivers), window 1280x720, on 201x201 and 1001x1001 mazes of each
generator, solved by bfs.  For each it prints

1. **full speed**: the lab scene playing at its top speed, frames as the App runs them
   (update with a 1/60 s step, then draw): events shown per second of wall time over the
   whole generation and solving, the mean and longest frame;
2. **model only**: ``Lab.run`` alone (no drawing), events per second;
3. **stepping back**: from the middle of the generation and of the search, Left 1,000
   times: the mean and longest ``back()``, and a Left frame (step back and redraw);
4. **history memory**: the bytes the lab keeps for the whole history (event logs and the
   per-event saved values), per event, and tracemalloc's peak over a full run.

Run it as a script (it is not a timed test)::

    python tests/benchmarks/bench_lab.py
    python tests/benchmarks/bench_lab.py --sizes 201 --generators prim

Targets (issue 10): stepping back and forth on 201x201 stays within the frame budget
(16.7 ms at 60 fps); the history's memory stays bounded (a fixed number of bytes per
event, no snapshots).
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.lab.model import Lab  # noqa: E402
from game.levels import LevelSpec, trace_level  # noqa: E402
from game.play.context import Context  # noqa: E402
from game.play.input import KeyDown  # noqa: E402
from game.play.scenes.lab import SPEEDS, LabScene  # noqa: E402
from game.save import Progress  # noqa: E402

WINDOW = (1280, 720)
FRAME = 1 / 60
BACK_STEPS = 1000


def lab_of(spec: LevelSpec) -> Lab:
    """Return a lab at the start of ``spec``'s maze, solved by bfs."""
    return Lab(["bfs"], trace=trace_level(spec), size=(spec.rows, spec.cols))


def history_bytes(lab: Lab) -> int:
    """Return the bytes of the lab's history: event logs and saved values."""
    total = 0
    if lab.gen is not None:
        total += lab.gen.log.buffer_info()[1] * lab.gen.log.itemsize
    for track in lab.tracks:
        total += track.log.buffer_info()[1] * track.log.itemsize + len(track.saved)
    return total


def full_speed(spec: LevelSpec, screen: pygame.Surface) -> dict[str, float]:
    """Play the scene at top speed to the end; return events/s and frame times."""
    scene = LabScene(Context(Progress()), spec=spec, solver="bfs")
    scene.speed = len(SPEEDS) - 1
    scene.playing = True  # it opens playing now; set, not toggled, to time either way
    frames: list[float] = []
    start = time.perf_counter()
    while scene.playing:
        t0 = time.perf_counter()
        scene.update(FRAME)
        scene.draw(screen)
        frames.append(time.perf_counter() - t0)
    wall = time.perf_counter() - start
    return {"events": scene.lab.events, "per_s": scene.lab.events / wall,
            "frame_ms": 1000 * statistics.mean(frames), "worst_ms": 1000 * max(frames),
            "frames": len(frames)}


def model_only(spec: LevelSpec) -> dict[str, float]:
    """Run the model alone to the end; return events/s and the history's bytes."""
    lab = lab_of(spec)
    gc.collect()
    start = time.perf_counter()
    events = lab.run(10**9)
    wall = time.perf_counter() - start
    return {"events": events, "per_s": events / wall, "history": history_bytes(lab)}


def stepping_back(spec: LevelSpec, screen: pygame.Surface) -> dict[str, float]:
    """Step back 1,000 times from mid-generation and mid-search; return the costs."""
    scene = LabScene(Context(Progress()), spec=spec, solver="bfs")
    lab = scene.lab
    lab.run(10**9)
    total, gen_events = lab.events, lab.gen.count if lab.gen else 0
    results: dict[str, float] = {}
    for phase, at in (("gen", gen_events // 2), ("solve", gen_events + (total - gen_events) // 2)):
        lab.restart()
        lab.run(at)
        backs = []
        for _ in range(BACK_STEPS):
            t0 = time.perf_counter()
            lab.back()
            backs.append(time.perf_counter() - t0)
        frames = []
        for _ in range(60):
            t0 = time.perf_counter()
            scene.handle_event(KeyDown(pygame.K_LEFT))
            scene.update(FRAME)
            scene.draw(screen)
            frames.append(time.perf_counter() - t0)
        results[f"{phase}_back_us"] = 1e6 * statistics.mean(backs)
        results[f"{phase}_back_worst_us"] = 1e6 * max(backs)
        results[f"{phase}_left_frame_ms"] = 1000 * statistics.median(frames)
        results[f"{phase}_left_worst_ms"] = 1000 * max(frames)
    return results


def peak(spec: LevelSpec) -> int:
    """Return tracemalloc's peak bytes over a full model run."""
    gc.collect()
    tracemalloc.start()
    lab = lab_of(spec)
    lab.run(10**9)
    _, top = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return top


def main() -> None:
    """Print the lab's figures for each size and generator."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[201, 1001])
    parser.add_argument("--generators", nargs="+",
                        default=["backtracker", "prim", "division", "dig"])
    args = parser.parse_args()
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 48))
    screen = pygame.Surface(WINDOW)
    for size in args.sizes:
        print(f"\n== {size}x{size}, solved by bfs ==")
        for name in args.generators:
            spec = LevelSpec(name, size, size, 7)
            fast = full_speed(spec, screen)
            model = model_only(spec)
            back = stepping_back(spec, screen)
            top = peak(spec)
            print(f"{name:12s} {int(fast['events']):>10,} events")
            print(f"  full speed (scene, update+draw): {fast['per_s']:>12,.0f} events/s, "
                  f"frame mean {fast['frame_ms']:.1f} ms, worst {fast['worst_ms']:.1f} ms "
                  f"({int(fast['frames'])} frames)")
            print(f"  model only (Lab.run):            {model['per_s']:>12,.0f} events/s")
            for phase in ("gen", "solve"):
                print(f"  step back ({phase:5s}): back() mean {back[phase + '_back_us']:.1f} us, "
                      f"worst {back[phase + '_back_worst_us']:.0f} us; Left frame median "
                      f"{back[phase + '_left_frame_ms']:.1f} ms, worst "
                      f"{back[phase + '_left_worst_ms']:.1f} ms")
            per_event = model["history"] / max(1, model["events"])
            print(f"  history: {model['history'] / 2**20:.1f} MiB ({per_event:.1f} B/event), "
                  f"peak traced over a full run {top / 2**20:.1f} MiB")


if __name__ == "__main__":
    main()
