"""Benchmark what the cyclic garbage collector costs the board's check of one submission.

    python tests/benchmarks/bench_rerun_gc.py [--date 2026-12-18] [--count 200]

The board re-runs every submission (:func:`game.server.rules.check`).  A re-run whose run
model formed a reference cycle (its player's callbacks holding the run) left ~500-1,500
objects a submission to the cyclic collector; a run freed by refcount leaves none.  For
``--count`` checks of the day's daily (today's), after five to warm up, this prints the
collector's time a check (timed by ``gc.callbacks``), the objects it freed a check, and
its collections by generation.  Run it from two checkouts to compare them.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))


def main() -> None:
    """Check ``--count`` submissions of a day's daily and print what the collector did."""
    from tests.benchmarks.bench_board import bodies, day_of
    from game.server import rules

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--date", help="the daily of this date, YYYY-MM-DD (default: today's)")
    parser.add_argument("--count", type=int, default=200, help="submissions checked")
    args = parser.parse_args()
    if args.count < 1:
        raise SystemExit("--count must be 1 or more")
    payloads = bodies(args.count + 5, 0, day_of(args.date))
    spent, began = [0.0], [0.0]

    def timed(phase: str, info: dict[str, Any]) -> None:
        """Add each collection's time to ``spent``."""
        if phase == "start":
            began[0] = time.perf_counter()
        else:
            spent[0] += time.perf_counter() - began[0]

    for body in payloads[:5]:  # warm up: the day's maze built and kept
        rules.check(body)
    gc.collect()
    gc.callbacks.append(timed)
    before = gc.get_stats()
    cpu = time.process_time()
    for body in payloads[5:]:
        rules.check(body)
    cpu = time.process_time() - cpu
    after = gc.get_stats()
    gc.callbacks.remove(timed)
    freed = sum(a["collected"] - b["collected"] for a, b in zip(after, before))
    runs = [a["collections"] - b["collections"] for a, b in zip(after, before)]
    print(f"{args.count} checks of {rules.check(payloads[0]).code}: CPU "
          f"{1000 * cpu / args.count:.2f} ms a check; the cyclic collector "
          f"{1e6 * spent[0] / args.count:.0f} us a check, {freed / args.count:.0f} objects "
          f"freed a check, collections by generation {runs}")


if __name__ == "__main__":
    main()
