"""Benchmark the CPU of re-running a chaser level's replay, as the board re-runs every submission.

    python tests/benchmarks/bench_chase_rerun.py [--base b29015a] [--repeat 5]

The chasers' distance map was flooded afresh from the player's tile on every move
(issue 22: 48-262 ms a chaser daily, against ~8 ms a daily without); it is now looked
up (:mod:`game.maze.blocks`), and a slide with no chaser near is glided in one go as
without chasers.  The base commit's ``game/`` is extracted with ``git archive`` and run
in a child process, this worktree's in another, side by side:

* cases: the chaser dailies of 2026-12-16 (Wednesday: division, rooms, fog) and
  2026-12-18 (Friday: backtracker, loops, fog) and the next week's, the campaign's
  Minotaur chapter and Hunter's Hall, Wolf Run and Night Hunt;
* replays: the shortest route tapped at a held key's pace (as a board submission is
  made, :func:`tests.server.conftest.daily_doc`), and a wandering one (side trips into
  a fifth of the passages off the route, seeded), each recorded in the level's fog;
* figures: CPU (``time.process_time``) of one ``replay`` of the log, the median of
  ``--repeat``; this worktree's cold (the maze's blocks not yet kept: the first run of
  a maze) and warm (kept: the board's next submissions of the day), and the same log on
  the maze with its lairs turned to floor (no chasers: the floor under any figure);
  then building the level (:mod:`game.maze.lairs` proves its lairs by play), nothing kept.

Each side also prints a hash of every run's result (finished, moves, ticks, caught
tick, closest, floods, every chaser's tile) and of every level's tiles (the same lairs):
the two must agree, or the script says so and exits 1.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

SCRIPT = Path(__file__).resolve()
ROOT = SCRIPT.parents[2]
#: The last commit that flooded the chasers' map on every player move.
BASE = "b29015a"
CASES: tuple[str, ...] = (
    "daily 2026-12-16", "daily 2026-12-18", "daily 2026-12-23", "daily 2026-12-25",
    "Footsteps", "Two Hunters", "Bull's Labyrinth", "The Minotaur", "Hunter's Hall",
    "Wolf Run", "Night Hunt",
)
WAYS = ("route", "wander")
_NAMES = {(-1, 0): "U", (1, 0): "D", (0, -1): "L", (0, 1): "R"}


def _spec(case: str) -> Any:
    """Return the level spec of ``case``: a daily by date or a campaign level by name."""
    from datetime import date

    from game.daily import daily_spec
    from game.levels import named_level

    if case.startswith("daily "):
        return daily_spec(date.fromisoformat(case.split()[1]))
    return named_level(case)


def _moves(maze: Any, way: str) -> str:
    """Return the taps of ``way`` on ``maze``: its shortest route, with side trips to wander."""
    from game.maze import tiles as kinds
    from game.maze.solvers import solve

    path = list(solve(maze, "bfs").path or [])
    if way == "route":
        return "".join(_NAMES[(b[0] - a[0], b[1] - a[1])] for a, b in zip(path, path[1:]))
    walk = kinds.walkable(maze.tiles)
    rows, cols = walk.shape
    on_route = set(path)
    rng = random.Random(len(path))
    letters = []
    for a, b in zip(path, path[1:]):
        if rng.random() < 0.2:  # a side trip of up to 4 tiles, and back
            trip, here = [], a
            for _ in range(4):
                ways = [d for d in _NAMES if 0 <= here[0] + d[0] < rows
                        and 0 <= here[1] + d[1] < cols and walk[here[0] + d[0], here[1] + d[1]]
                        and (here[0] + d[0], here[1] + d[1]) not in on_route
                        and (not trip or d != (-trip[-1][0], -trip[-1][1]))]
                if not ways:
                    break
                d = ways[0]
                trip.append(d)
                here = (here[0] + d[0], here[1] + d[1])
            letters += [_NAMES[d] for d in trip] + [_NAMES[(-d[0], -d[1])] for d in trip[::-1]]
        letters.append(_NAMES[(b[0] - a[0], b[1] - a[1])])
    return "".join(letters)


def _recorded(maze: Any, moves: str, fog: bool) -> tuple[Any, int]:
    """Return the log and ticks of ``moves`` tapped at a held key's pace in the level's fog."""
    from game.run.intents import Release
    from game.run.model import Run
    from game.simulate import parse_moves, tap_ticks

    taps = parse_moves(moves)
    run = Run(maze, fog=fog, search_optimal=False)
    for tick, move in zip(tap_ticks(len(taps), 8.0), taps):
        run.advance_to(tick)
        if run.over:
            break
        run.apply(move)
        run.apply(Release(move.dr, move.dc))
    while not (run.over or run.player.idle):
        run.advance_to(run.tick + 1)
    return tuple(run.log), run.tick


def _result(run: Any) -> str:
    """Return a hash of everything the chasers decided in ``run``."""
    chase = run.chase
    seen = [run.finished, run.moves, run.tick, run.caught_at, run.finished_at,
            chase.closest, chase.floods, chase.nearest(),
            [(c.pos, c.prev, c.progress, c.span, c.hunting, c.last_seen, c.unseen)
             for c in chase.chasers]]
    return hashlib.sha256(repr(seen).encode()).hexdigest()[:16]


def _cpu(fn: Any, repeat: int) -> float:
    """Return the median CPU milliseconds of ``repeat`` calls of ``fn``."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        fn()
        times.append(1000 * (time.process_time() - start))
    return statistics.median(times)


def worker() -> None:
    """Read jobs (JSON lines) on stdin; print each one's figures and result hash as JSON."""
    import game
    from game.levels import build_level
    from game.maze import tiles as kinds
    from game.maze.grid import Maze
    from game.run.model import replay

    assert Path(game.__file__).resolve().is_relative_to(Path.cwd().resolve()), game.__file__
    try:
        from game.maze import blocks
        kept: Any = blocks._kept
    except ImportError:  # the base commit: nothing kept
        kept = {}
    for line in sys.stdin:
        job = json.loads(line)
        spec = _spec(job["case"])
        if job["way"] == "lairs":  # the maze built, its lairs placed and proved by play

            def build() -> None:
                """Build the level afresh, nothing kept."""
                kept.clear()
                build_level(spec)

            took = _cpu(build, job["repeat"])
            tiles = build_level(spec).tiles
            print(json.dumps({"warm": took, "result": hashlib.sha256(
                tiles.tobytes()).hexdigest()[:16], "size": int(tiles.shape[0])}), flush=True)
            continue
        maze = build_level(spec)
        log, ticks = _recorded(maze, _moves(maze, job["way"]), spec.fog)

        def rerun(on: Any = maze) -> Any:
            """Re-run the log on ``on`` as the board does."""
            return replay(on, log, ticks=ticks, fog=spec.fog, search_optimal=False)

        kept.clear()
        cold = _cpu(rerun, 1)
        warm = _cpu(rerun, job["repeat"])
        tiles = maze.tiles.copy()
        tiles[tiles == kinds.kind_of("M")] = kinds.FLOOR
        plain = Maze(tiles, maze.start, maze.goal)
        bare = _cpu(lambda: rerun(plain), job["repeat"])
        run = rerun()
        print(json.dumps({"cold": cold, "warm": warm, "plain": bare, "ticks": run.tick,
                          "moves": run.moves, "caught": run.caught, "size": maze.rows,
                          "chasers": len(run.chase.chasers), "result": _result(run)}),
              flush=True)


def main(argv: list[str] | None = None) -> int:
    """Print the base commit's and this worktree's CPU a re-run, side by side."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default=BASE, help=f"commit to compare with (default {BASE})")
    parser.add_argument("--repeat", type=int, default=5, help="re-runs timed a case (median)")
    parser.add_argument("--cases", default=",".join(CASES), help="comma-separated cases")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from tests.benchmarks.measure import extract_game, run_worker

    jobs = [{"case": case, "way": way, "repeat": args.repeat}
            for case in args.cases.split(",") for way in (*WAYS, "lairs")]
    stdin = "".join(json.dumps(job) + "\n" for job in jobs)
    with tempfile.TemporaryDirectory(prefix="migong-base-") as tmp:
        extract_game(args.base, ROOT, Path(tmp))
        old = [json.loads(line) for line in run_worker(SCRIPT, Path(tmp), [], stdin).splitlines()]
    new = [json.loads(line) for line in run_worker(SCRIPT, ROOT, [], stdin).splitlines()]
    print(f"CPU ms a re-run (median of {args.repeat}); base {args.base} floods a map every "
          f"move; now: looked up, cold (first run of a maze) and warm (the maze kept)")
    print(f"{'case':22} {'way':6} {'size':>4} {'ch':>2} {'ticks':>5} {'moves':>5}  "
          f"{'before':>7} {'cold':>6} {'warm':>6} {'no chasers':>10}  same")
    differ = 0
    for job, a, b in zip(jobs, old, new):
        same = a["result"] == b["result"]
        differ += not same
        if job["way"] == "lairs":
            print(f"{job['case']:22} {'lairs':6} {b['size']:4}  level built, lairs placed: "
                  f"before {a['warm']:.1f}, now {b['warm']:.1f}  {'yes' if same else 'NO'}")
            continue
        print(f"{job['case']:22} {job['way']:6} {b['size']:4} {b['chasers']:2} {b['ticks']:5} "
              f"{b['moves']:5}  {a['warm']:7.1f} {b['cold']:6.1f} {b['warm']:6.1f} "
              f"{b['plain']:10.1f}  {'yes' if same else 'NO'}{' (caught)' if b['caught'] else ''}")
    print("every result identical" if not differ else f"{differ} result(s) differ")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
elif __name__ == "worker":
    worker()
