"""Laying mud at size: ``lay_mud`` on a generated maze, at a few fractions.

    python tests/benchmarks/bench_mud.py                   # 2001x2001 backtracker
    python tests/benchmarks/bench_mud.py --size 1001 --repeat 5

Prints, per fraction, the best and median seconds of ``--repeat`` runs of the laying
alone (the extra time ``generate --mud`` takes over ``generate``) and the share of the
plain floor that came out mud.  It asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from game.maze import tiles as kinds
from game.maze.generators import generate
from game.maze.mud import lay_mud, mud_mask


def main() -> None:
    """Time lay_mud at each fraction and print a table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=2001)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    maze = generate("backtracker", rows=args.size, cols=args.size, seed=1)
    free = int((maze.tiles == kinds.FLOOR).sum()) - 2
    print(f"backtracker {args.size}x{args.size}, {free} plain floor tiles")
    print(f"{'fraction':>8} {'best s':>8} {'median s':>9} {'laid':>7}")
    for fraction in (0.05, 0.2, 0.5, 1.0):
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            muddy = lay_mud(maze, fraction, np.random.default_rng(1))
            times.append(time.perf_counter() - start)
        laid = int(mud_mask(muddy.tiles).sum()) / free
        print(f"{fraction:>8} {min(times):>8.2f} {statistics.median(times):>9.2f} {laid:>7.3f}")


if __name__ == "__main__":
    main()
