"""Benchmark ``migong replays [--json]`` on a big replays folder: time and peak memory.

Run it as a script (it is not a timed test)::

    python tests/benchmarks/bench_replay_listing.py [--count 1307] [--code CHECKOUT]

It fills a temporary replays folder with ``--count`` copies of one long run (the largest
campaign level tapped along its route with a hint on, each copy under its own date, as
a long-played game collects them), then runs the real command in a fresh interpreter,
``--json`` and plain, and prints the wall time, the child's peak memory (max RSS) and the
size of what it printed.  ``--code`` runs another checkout of the game (e.g. an older
commit unpacked with ``git archive``) on the same folder, for a before/after.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from game.levels import CAMPAIGN, build_level  # noqa: E402
from game.maze.solvers import solve  # noqa: E402
from game.run.intents import Release, ToggleHint  # noqa: E402
from game.run.level import Level  # noqa: E402
from game.run.model import Run  # noqa: E402
from game.run.player import Move  # noqa: E402
from game.run.replay import dumps, record  # noqa: E402

DATE = "2026-12-01T08:00:00Z"


def long_run_text() -> str:
    """Return the replay file of tapping the last campaign level's route with a hint on."""
    spec = CAMPAIGN[-1]
    level = Level(build_level(spec), spec, len(CAMPAIGN) - 1, spec.name)
    run = Run(level.maze)
    run.apply(ToggleHint())
    path = solve(level.maze, "bfs").path or []
    for a, b in zip(path, path[1:]):
        move = Move(b[0] - a[0], b[1] - a[1])
        run.apply(move)
        run.apply(Release(move.dr, move.dc))
        while run.player.moving and not run.finished:
            run.step()
    return dumps(record(run, level, game="bench", date=DATE))


def fill(folder: Path, count: int) -> int:
    """Write ``count`` copies of the long run into ``folder``; return the bytes written."""
    text = long_run_text()
    folder.mkdir(parents=True)
    total = 0
    for n in range(count):
        date = f"2026-{1 + n // 600 % 12:02d}-{1 + n // 24 % 25:02d}T{n % 24:02d}:00:00Z"
        data = text.replace(DATE, date, 1).encode("utf-8")
        (folder / f"{date.replace(':', '-')}_run{n}.json").write_bytes(data)
        total += len(data)
    return total


def measure(code: Path, save: Path, *args: str) -> tuple[float, float, int, int]:
    """Run ``migong replays *args`` from ``code``; return (seconds, peak MB, out bytes, exit)."""
    env = dict(os.environ, PYTHONPATH=str(code), MIGONG_SAVE_PATH=str(save))
    start = time.perf_counter()
    with tempfile.TemporaryFile() as out:
        child = subprocess.Popen([sys.executable, "-m", "game", "replays", *args], cwd=code,
                                 env=env, stdout=out, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        seconds = time.perf_counter() - start
        size = out.tell()
    return seconds, usage.ru_maxrss / 1024, size, child.returncode


def main() -> None:
    """Fill a replays folder, list it with the real command, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1307, help="replay files (1307)")
    parser.add_argument("--code", type=Path, default=ROOT, help="checkout to run (this one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        save = Path(tmp) / "save.json"
        total = fill(save.parent / "replays", args.count)
        print(f"{args.count} replays, {total / 2**20:.1f} MB in all; code: {args.code}")
        for flags in (("--json",), ()):
            seconds, peak, size, code = measure(args.code, save, *flags)
            print(f"  replays {' '.join(flags) or '(text)':8}  {seconds:6.2f} s  "
                  f"peak {peak:7.1f} MB  printed {size / 1024:8.1f} KB  exit {code}")


if __name__ == "__main__":
    main()
