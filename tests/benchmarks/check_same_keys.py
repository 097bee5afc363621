"""Check that mazes with keys and doors come out byte for byte as a base commit made them.

    python tests/benchmarks/check_same_keys.py                 # against BASE below
    python tests/benchmarks/check_same_keys.py --base main --quick

Level codes are shared between players and name the daily maze: the same code must give
the same maze forever, keys and doors included.  For every generator, with and without
loops (and division as a room map), sizes 7 to 301 (square and not), keys 1 to 4 and
several seeds, the base commit's ``game/`` (extracted with ``git archive``) and this
worktree's each generate the maze in a child process and hash its tiles (a maze the keys
do not fit hashes the error's sentence).  Any difference is listed and the exit code is 1.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

SCRIPT = Path(__file__).resolve()
ROOT = SCRIPT.parents[2]
#: The last commit that placed keys tile by tile in Python (before issue 23.1's speed work).
BASE = "1160955"

Combo = dict[str, Any]


def combos(quick: bool) -> list[Combo]:
    """Return the (generator, options, size, seed, keys) combinations to compare."""
    sizes = [(7, 7), (9, 11), (11, 9), (13, 31), (31, 13), (21, 21), (41, 41), (61, 101),
             (101, 61), (151, 151)] + ([] if quick else [(201, 301), (301, 201), (301, 301)])
    seeds = [0, 1, 7] if quick else [0, 1, 2, 7, 42, 2024, 99991]
    names = ["aldous-broder", "backtracker", "binary-tree", "dig", "division", "eller",
             "growing-tree", "hunt-and-kill", "kruskal", "prim", "sidewinder", "wilson"]
    out: list[Combo] = []
    for name in names:
        variants: list[dict[str, Any]] = [{}, {"loops": 0.05}, {"loops": 0.3}]
        if name == "division":
            variants += [{"room_size": 3}, {"room_size": 4, "loops": 0.05}]
        for opts in variants:
            for rows, cols in sizes:
                for seed in seeds:
                    for keys in (1, 2, 3, 4):
                        out.append(dict(name=name, rows=rows, cols=cols, seed=seed, keys=keys,
                                        **opts))
    return out


def digest(combo: Combo) -> str:
    """Return the SHA-256 of the keyed maze ``combo`` names (or of why it cannot be made)."""
    from game.maze.generators import generate

    try:
        maze = generate(**combo)
    except ValueError as error:
        return hashlib.sha256(str(error).encode()).hexdigest()
    h = hashlib.sha256(repr((maze.start, maze.goal, maze.tiles.shape)).encode())
    h.update(maze.tiles.tobytes())
    return h.hexdigest()


def worker() -> None:
    """Read combos (JSON lines) on stdin; print one digest per line."""
    import game

    assert Path(game.__file__).resolve().is_relative_to(Path.cwd().resolve()), game.__file__
    for line in sys.stdin:
        print(digest(json.loads(line)), flush=True)


def main(argv: list[str] | None = None) -> int:
    """Compare this worktree's keyed mazes with the base commit's; print the differences."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default=BASE, help=f"commit to compare with (default {BASE})")
    parser.add_argument("--quick", action="store_true", help="fewer seeds and sizes")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from tests.benchmarks.measure import extract_game, run_worker

    jobs = combos(args.quick)
    stdin = "".join(json.dumps(job) + "\n" for job in jobs)
    with tempfile.TemporaryDirectory(prefix="migong-base-") as tmp:
        extract_game(args.base, ROOT, Path(tmp))
        began = time.perf_counter()
        old = run_worker(SCRIPT, Path(tmp), [], stdin).split()
        old_s = time.perf_counter() - began
    began = time.perf_counter()
    new = run_worker(SCRIPT, ROOT, [], stdin).split()
    new_s = time.perf_counter() - began
    differ = [job for job, a, b in zip(jobs, old, new) if a != b]
    print(f"base {args.base} vs this worktree: {len(jobs)} keyed mazes")
    print(f"time: base {old_s:.1f} s, this worktree {new_s:.1f} s")
    for job in differ[:20]:
        print(f"DIFFERENT {job}")
    print("all identical" if not differ else f"{len(differ)} combination(s) differ")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
elif __name__ == "worker":
    worker()
