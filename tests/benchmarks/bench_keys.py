"""Keys and locked doors at size: placing them (``generate --keys``) and the keyed searches.

    python tests/benchmarks/bench_keys.py                  # this worktree
    python tests/benchmarks/bench_keys.py --base 7d720d7   # before/after, side by side

For each generator at ``--size`` (1001x1001 by default; division also as a room map) it
times, best and median of ``--repeat`` runs:

1. ``place_keys(maze, 4, rng)``: the placement alone, on the maze already generated (the
   extra time ``generate --keys 4`` takes over ``generate``);
2. ``solve()`` of bfs, dfs and stack on that keyed maze (the fewest-moves walk over
   (tile, keys held) for bfs).

Every figure comes from a child process importing ``game`` from this worktree (``now``)
or from the ``--base`` commit's ``game/`` (``before``, extracted with ``git archive``);
the two run in turns, so both see the same machine load.  The ``same`` column says
whether both placed the keys and doors on the same tiles.  It prints; it asserts nothing.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

SCRIPT = Path(__file__).resolve()
ROOT = SCRIPT.parents[2]

#: (label, generator, options) placed and solved at the chosen size.
CASES: list[tuple[str, str, dict[str, Any]]] = [
    ("backtracker", "backtracker", {}),
    ("prim", "prim", {}),
    ("division", "division", {}),
    ("division rooms 4", "division", {"room_size": 4}),
    ("dig", "dig", {}),
    ("prim loops 5%", "prim", {"loops": 0.05}),
]
SOLVERS = ("bfs", "dfs", "stack")


def work(size: int, repeat: int) -> dict[str, Any]:
    """Time placement and the keyed solvers for every case (runs in the child process)."""
    import time

    import numpy as np

    from game.maze.generators import GENERATORS, generate
    from game.maze.locks import place_keys
    from game.maze.solvers import solve

    out: dict[str, Any] = {}
    for label, name, options in CASES:
        maze = generate(name, rows=size, cols=size, seed=1, **options)
        rooms = GENERATORS[name].room_size(options) is not None
        times, keyed = [], maze
        for _ in range(repeat):
            t0 = time.perf_counter()
            keyed = place_keys(maze, 4, np.random.default_rng(5), rooms=rooms)
            times.append(time.perf_counter() - t0)
        digest = hashlib.sha1(keyed.tiles.tobytes()).hexdigest()[:12]
        solves: dict[str, list[float]] = {}
        for solver in SOLVERS:
            solves[solver] = []
            for _ in range(repeat):
                t0 = time.perf_counter()
                found = solve(keyed, solver)
                solves[solver].append(time.perf_counter() - t0)
                assert found.path is not None and len(found.keys) == 4
        out[label] = {"place": times, "digest": digest, "solve": solves}
    return out


def main() -> None:
    """Print the figures of this worktree, and of --base beside them."""
    # only here: a worker imports ``game`` from the root it was started in
    sys.path.insert(0, str(ROOT))
    from tests.benchmarks.measure import extract_game, run_worker

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", help="a commit to compare with (before)")
    parser.add_argument("--size", type=int, default=1001)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=1, help="turns of before and now")
    args = parser.parse_args()
    roots = {"now": ROOT}
    with tempfile.TemporaryDirectory() as tmp:
        if args.base:
            extract_game(args.base, ROOT, Path(tmp))
            roots = {"before": Path(tmp), "now": ROOT}
        results: dict[str, list[dict[str, Any]]] = {key: [] for key in roots}
        for _ in range(args.rounds):
            for key, root in roots.items():
                out = run_worker(SCRIPT, root, [str(args.size), str(args.repeat)])
                results[key].append(json.loads(out))
    print(f"4 keys at {args.size}x{args.size}: best and median seconds of {args.repeat} runs "
          f"x {args.rounds} rounds")
    print(f"{'maze':<18}{'':<8}{'place_keys':>18}" + "".join(f"{s:>18}" for s in SOLVERS)
          + f"{'  same':<6}")
    for label, _, _ in CASES:
        digests = {key: runs[0][label]["digest"] for key, runs in results.items()}
        for key, runs in results.items():
            place = [t for run in runs for t in run[label]["place"]]
            cells = [f"{min(place):>9.3f}{statistics.median(place):>9.3f}"]
            for solver in SOLVERS:
                times = [t for run in runs for t in run[label]["solve"][solver]]
                cells.append(f"{min(times):>9.3f}{statistics.median(times):>9.3f}")
            same = ("  yes" if len(set(digests.values())) == 1 else "  no") if key == "now" \
                and len(digests) > 1 else ""
            print(f"{label:<18}{key:<8}" + "".join(cells) + same)


if __name__ == "worker":
    print(json.dumps(work(int(sys.argv[1]), int(sys.argv[2]))))
elif __name__ == "__main__":
    main()
