"""Check that the run model re-runs every log exactly as a base commit's did.

    python tests/benchmarks/check_same_runs.py                # against BASE below
    python tests/benchmarks/check_same_runs.py --base main --seeds 5

The base commit's ``game/`` is extracted with ``git archive`` into a temporary directory
and run in a child process; this worktree's ``game/`` runs in another.  Both re-run the
same logs and print each run's summary (``tests/run/run_corpus.summary``: finished,
moves, time, ticks, keys, hints, caught, and the tile, slide, clock, visits and trail
behind them, and under fog the tiles seen, the sight and the fog's version):

1. the corpus: every level code of ``run_corpus.CODES`` (plain, loops, keys, mud,
   chasers, fog, rooms, campaign levels) with ``--seeds`` logs each, made from the seed
   alone (taps, held keys, auto-runs, stray presses, hint and solver changes);
2. taps: random move strings tapped at random paces (``simulate``'s ``tap``, as
   ``migong simulate --save-replay`` records them) on the same codes, then re-run from
   the recorded log as the board does.

Each run is re-run twice in this worktree, by ``replay`` (idle and sliding ticks batched)
and one ``step`` a tick, and both must equal the base's.  Any difference is listed and
the exit code is 1.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

SCRIPT = Path(__file__).resolve()
ROOT = SCRIPT.parents[2]
CORPUS = ROOT / "tests" / "run" / "run_corpus.py"
#: The last commit before the run model's re-run was sped up for the board (issue 22).
BASE = "1160955"


def _corpus() -> Any:
    """Return the corpus module, loaded from this worktree whatever ``game`` is imported."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("run_corpus", CORPUS)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _tapped_log(code: str, seed: int) -> tuple[Any, int, bool]:
    """Return the log, ticks and fog of a random move string tapped on ``code``."""
    import random

    from game.levels import parse_level_code
    from game.simulate import parse_moves, tap

    rc = _corpus()
    rng = random.Random(seed)
    maze = rc.maze_of(code)
    letters = "".join(rng.choice("UDLR") for _ in range(rng.randrange(5, 400)))
    run = tap(maze, parse_moves(letters), rng.choice((2.0, 5.7, 8.0, 11.0, 30.0))).run
    return tuple(run.log), run.tick, parse_level_code(code).fog


def _summary(rc: Any, run: Any) -> dict[str, Any]:
    """Return the corpus's summary of ``run`` and, under fog, a hash of what it has seen."""
    import hashlib

    out = dict(rc.summary(run))
    fog = run.fog
    if fog is not None:
        top, left, mask = fog.sight
        out["fog"] = hashlib.sha256(repr((fog.seen.tobytes(), top, left, mask.shape,
                                          mask.tobytes(), fog.version)).encode()).hexdigest()[:16]
    return out


def worker() -> None:
    """Read jobs (JSON lines) on stdin; print each run's summaries as one JSON line."""
    import game
    from game.run.model import Run, replay

    assert Path(game.__file__).resolve().is_relative_to(Path.cwd().resolve()), game.__file__
    rc = _corpus()
    for line in sys.stdin:
        job = json.loads(line)
        code, seed = job["code"], job["seed"]
        if job["what"] == "corpus":
            out = {"replay": _summary(rc, rc.replayed(code, seed)),
                   "stepped": _summary(rc, rc.stepped(code, seed))}
        else:
            log, ticks, fog = _tapped_log(code, seed)
            maze = rc.maze_of(code)
            run = Run(maze, fog=fog, search_optimal=False)
            i = 0
            while True:  # one step a tick
                while i < len(log) and log[i].tick <= run.tick:
                    run.apply(log[i].intent)
                    i += 1
                if run.tick >= ticks or run.over:
                    break
                run.step()
            out = {"replay": _summary(rc, replay(maze, log, ticks=ticks, fog=fog,
                                                 search_optimal=False)),
                   "stepped": _summary(rc, run)}
        print(json.dumps(out), flush=True)


def main(argv: list[str] | None = None) -> int:
    """Compare this worktree's re-runs with the base commit's; print the differences."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default=BASE, help=f"commit to compare with (default {BASE})")
    parser.add_argument("--seeds", type=int, default=12, help="logs per level code")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from tests.benchmarks.measure import extract_game, run_worker

    codes = _corpus().CODES
    jobs = [{"what": what, "code": code, "seed": seed} for what in ("corpus", "taps")
            for code in codes for seed in range(args.seeds)]
    stdin = "".join(json.dumps(job) + "\n" for job in jobs)
    with tempfile.TemporaryDirectory(prefix="migong-base-") as tmp:
        extract_game(args.base, ROOT, Path(tmp))
        began = time.perf_counter()
        old = [json.loads(line) for line in run_worker(SCRIPT, Path(tmp), [], stdin).splitlines()]
        old_s = time.perf_counter() - began
    began = time.perf_counter()
    new = [json.loads(line) for line in run_worker(SCRIPT, ROOT, [], stdin).splitlines()]
    new_s = time.perf_counter() - began
    differ = []
    for job, a, b in zip(jobs, old, new):
        for way in ("replay", "stepped"):
            if b[way] != a["replay"] or a["stepped"] != a["replay"]:
                keys = [k for k in a["replay"] if a["replay"][k] != b[way].get(k)]
                differ.append(f"DIFFERENT {job['what']} {job['code']}/{job['seed']} "
                              f"({way}): {', '.join(keys[:6])}")
    ends = [r["replay"] for r in old]
    print(f"base {args.base} vs this worktree: {len(jobs)} runs ({len(codes)} codes), "
          f"{sum(e['finished'] for e in ends)} finished, {sum(e['caught'] for e in ends)} "
          f"caught, {sum(e['moves'] for e in ends)} moves, {sum(e['tick'] for e in ends)} ticks")
    print(f"time (both ways, with the mazes built): base {old_s:.1f} s, "
          f"this worktree {new_s:.1f} s")
    for line in differ[:20]:
        print(line)
    print("all identical" if not differ else f"{len(differ)} re-run(s) differ")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
elif __name__ == "worker":
    worker()
