"""Benchmark the CPU of re-running one daily of each weekday plan, as the board re-runs it.

    python tests/benchmarks/bench_daily_rerun.py [--base e2c7b63] [--repeat 5]

The board re-runs every submitted daily replay (:func:`game.run.replay.simulate`: in fog
only when the day has chasers) and must take 100 a second on two cores (issue 22).  One
date of each weekday, Monday to Sunday, of the week before ``CHASE_FROM`` (2026-12-07:
:data:`game.daily.WEEK`) and of the week from it (2026-12-14: ``CHASE_WEEK``, a chaser
on Wednesday and Friday), each re-run by the base commit's ``game/`` (extracted with
``git archive``, in a child process) and this worktree's, side by side:

* replays: the shortest route tapped at a held key's pace (as a board submission is
  made) and a wandering one (side trips off the route, seeded), recorded in the day's
  fog as the game records them (:mod:`tests.benchmarks.bench_chase_rerun`);
* figures: CPU (``time.process_time``) of one re-run, the median of ``--repeat`` after a
  first one (the board keeps a day's maze and its lookups);
* each side hashes every run's result (finished, moves, ticks, caught tick, every tile
  visited) and, re-run in the day's fog whatever its chasers, what the fog has seen:
  the two sides must agree, or the script says so and exits 1.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path
from typing import Any

SCRIPT = Path(__file__).resolve()
ROOT = SCRIPT.parents[2]
#: The commit this benchmark was written against: chasers looked up, the fog worked out per look.
BASE = "e2c7b63"
WEEKS = (date(2026, 12, 7), date(2026, 12, 14))  # two Mondays: before and from CHASE_FROM
WAYS = ("route", "wander")


def _cpu(fn: Any, repeat: int) -> float:
    """Return the median CPU milliseconds of ``repeat`` calls of ``fn``, after one more."""
    fn()
    times = []
    for _ in range(repeat):
        start = time.process_time()
        fn()
        times.append(1000 * (time.process_time() - start))
    return statistics.median(times)


def _module(name: str) -> Any:
    """Return the benchmark module ``name`` beside this one, whatever ``game`` is imported."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, SCRIPT.with_name(f"{name}.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def worker() -> None:
    """Read jobs (JSON lines) on stdin; print each one's figures and result hash as JSON."""
    import game
    from game.daily import daily_spec
    from game.levels import build_level, campaign_index
    from game.run.level import Level
    from game.run.model import replay
    from game.run.replay import record, simulate

    chase = _module("bench_chase_rerun")
    assert Path(game.__file__).resolve().is_relative_to(Path.cwd().resolve()), game.__file__
    for line in sys.stdin:
        job = json.loads(line)
        day = date.fromisoformat(job["day"])
        spec = daily_spec(day)
        maze = build_level(spec)
        maze.tiles.flags.writeable = False  # as the board keeps it
        log, ticks = chase._recorded(maze, chase._moves(maze, job["way"]), spec.fog)
        rep = record(replay(maze, log, ticks=ticks, search_optimal=False),
                     Level(maze, spec, campaign_index(spec), "bench"), game="bench",
                     date=f"{day.isoformat()}T10:00:00Z")
        took = _cpu(lambda: simulate(rep, maze), job["repeat"])
        run = simulate(rep, maze)
        fogged = replay(maze, log, ticks=ticks, fog=spec.fog, search_optimal=False)
        seen = b"" if fogged.fog is None else fogged.fog.seen.tobytes()
        result = [run.finished, run.moves, run.tick, run.ticks_played, run.caught_at,
                  run.hints_used, run.visits.tobytes(), seen,
                  None if fogged.fog is None else fogged.fog.version]
        print(json.dumps({"ms": took, "size": maze.rows, "ticks": run.tick, "moves": run.moves,
                          "fog": spec.fog, "chasers": len(run.chase.chasers),
                          "keys": run.keys, "caught": run.caught,
                          "result": hashlib.sha256(repr(result).encode()).hexdigest()[:16]}),
              flush=True)


def main(argv: list[str] | None = None) -> int:
    """Print the base commit's and this worktree's CPU a daily re-run, side by side."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default=BASE, help=f"commit to compare with (default {BASE})")
    parser.add_argument("--repeat", type=int, default=5, help="re-runs timed a case (median)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from tests.benchmarks.measure import extract_game, run_worker

    jobs = [{"day": (monday + timedelta(days=i)).isoformat(), "way": way, "repeat": args.repeat}
            for monday in WEEKS for i in range(7) for way in WAYS]
    stdin = "".join(json.dumps(job) + "\n" for job in jobs)
    with tempfile.TemporaryDirectory(prefix="migong-base-") as tmp:
        extract_game(args.base, ROOT, Path(tmp))
        old = [json.loads(line) for line in run_worker(SCRIPT, Path(tmp), [], stdin).splitlines()]
    new = [json.loads(line) for line in run_worker(SCRIPT, ROOT, [], stdin).splitlines()]
    print(f"CPU ms a daily re-run as the board re-runs it (median of {args.repeat}, warm): "
          f"base {args.base} beside this worktree")
    print(f"{'day':14} {'way':6} {'size':>4} {'fog':>3} {'ch':>2} {'keys':>4} {'ticks':>5} "
          f"{'moves':>5}  {'before':>7} {'now':>6}  same")
    differ = 0
    for job, a, b in zip(jobs, old, new):
        same = a["result"] == b["result"]
        differ += not same
        day = date.fromisoformat(job["day"])
        print(f"{day.isoformat()} {day.strftime('%a'):3} {job['way']:6} {b['size']:4} "
              f"{'yes' if b['fog'] else 'no':>3} {b['chasers']:2} {b['keys'] or '-':>4} "
              f"{b['ticks']:5} {b['moves']:5}  {a['ms']:7.1f} {b['ms']:6.1f}  "
              f"{'yes' if same else 'NO'}{' (caught)' if b['caught'] else ''}")
    print("every result identical" if not differ else f"{differ} result(s) differ")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
elif __name__ == "worker":
    worker()
