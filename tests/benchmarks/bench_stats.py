"""Benchmark the maze statistics on large mazes: the figures without the solution, the
solution's search, and the whole of ``measure``.

Run it as a script (it is not a timed test)::

    python tests/benchmarks/bench_stats.py            # 1001x1001, best of 3
    python tests/benchmarks/bench_stats.py --size 2001 --repeat 5

Each generator's maze is made once; the best of ``--repeat`` runs is printed in
milliseconds.  The target: well under a second for a 1001x1001 maze.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from game.maze.generators import generate  # noqa: E402
from game.maze.stats import measure, shortest_solution  # noqa: E402

NAMES = ("backtracker", "wilson", "binary-tree", "division")


def best(run: Callable[[], object], repeat: int) -> float:
    """Return the fastest of ``repeat`` runs of ``run`` in milliseconds."""
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        run()
        times.append(time.perf_counter() - began)
    return 1000 * min(times)


def main() -> int:
    """Print each generator's timings."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=1001, help="tiles a side (odd)")
    parser.add_argument("--repeat", type=int, default=3, help="runs, the best one counts")
    args = parser.parse_args()
    side = args.size | 1
    print(f"{side}x{side}, best of {args.repeat} (ms)")
    print(f"{'generator':<12} {'figures':>8} {'solution':>9} {'measure':>8}")
    for name in NAMES:
        maze = generate(name, rows=side, cols=side, seed=1)
        length, tiles = shortest_solution(maze)
        figures = best(lambda: measure(maze, solution_length=length, solution_tiles=tiles),
                       args.repeat)
        solution = best(lambda: shortest_solution(maze), args.repeat)
        whole = best(lambda: measure(maze), args.repeat)
        print(f"{name:<12} {figures:>8.0f} {solution:>9.0f} {whole:>8.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
