"""Check that the maze core still makes the same mazes and the same solver runs as a base commit.

    python tests/benchmarks/check_same_output.py                # against BASE below
    python tests/benchmarks/check_same_output.py --base main --quick

The base commit's ``game/`` is extracted with ``git archive`` into a temporary directory
and run in a child process; this worktree's ``game/`` runs in another.  Both compute, for
every combination below, a SHA-256 of

1. each generated maze's tiles (size, seed, loops, room_size, rank), tiny, non-square,
   medium and large sizes;
2. each solver's whole event stream and final Solution (``explore``), and the Solution
   ``solve()`` returns, on generated mazes and on random open grids with random ends
   (reachable or not, start == goal included);
3. ``format_maze`` of the smaller mazes, and of every maze with its solve() path drawn.

Any difference is listed and the exit code is 1.  Same seed + same parameters must give
the same maze bit for bit: level codes, the campaign and saved records depend on it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Iterator

SCRIPT = Path(__file__).resolve()
ROOT = SCRIPT.parents[2]
#: The last commit before the speed work of issue 7 (the implementations being replaced).
BASE = "8bd6b86"

Combo = dict[str, Any]


def generator_combos(quick: bool) -> list[Combo]:
    """Return the generator combinations to compare."""
    small = [(3, 3), (3, 5), (5, 3), (3, 41), (41, 3), (5, 5), (7, 9), (9, 7), (11, 11),
             (13, 31), (31, 13), (21, 21), (33, 65), (65, 33), (101, 51)]
    medium = [(201, 201), (151, 401), (401, 151)]
    large = [] if quick else [(1001, 1001), (2001, 2001), (1501, 999)]
    seeds = [0, 1, 7, 2024, 99991] if quick else [0, 1, 2, 3, 7, 42, 2024, 99991, 2**32 - 1]
    options: dict[str, list[dict[str, Any]]] = {
        "backtracker": [{}],
        "prim": [{}],
        "division": [{}, {"room_size": 1}, {"room_size": 2}, {"room_size": 3}, {"room_size": 5},
                     {"room_size": 40}],
        "dig": [{}, {"rank": 1}, {"rank": 2}, {"rank": 3}, {"rank": 7}, {"rank": 10**30}],
    }
    loops = [0.0, 0.05, 0.3, 1.0]
    combos = []
    for name, extra in options.items():
        for opts in extra:
            for rows, cols in small:
                for seed in seeds:
                    for loop in loops:
                        combos.append(dict(name=name, rows=rows, cols=cols, seed=seed,
                                           loops=loop, **opts))
            for rows, cols in medium:
                for seed in seeds[:3]:
                    for loop in (0.0, 0.3):
                        combos.append(dict(name=name, rows=rows, cols=cols, seed=seed,
                                           loops=loop, **opts))
            for rows, cols in large:
                combos.append(dict(name=name, rows=rows, cols=cols, seed=1, loops=0.05, **opts))
    return combos


def solver_combos(quick: bool) -> list[Combo]:
    """Return the solver cases: a maze recipe and how many random end pairs to add."""
    cases: list[Combo] = []
    sizes = [(3, 3), (5, 9), (9, 5), (21, 21), (41, 61), (101, 101)]
    if not quick:
        sizes += [(501, 301), (1001, 1001)]
    for name in ("backtracker", "prim", "division", "dig"):
        for rows, cols in sizes:
            for loops in (0.0, 0.3, 1.0):
                cases.append(dict(kind="generated", name=name, rows=rows, cols=cols, seed=5,
                                  loops=loops, pairs=3))
    for rows, cols in [(1, 1), (1, 7), (6, 1), (8, 8), (17, 23), (60, 40), (120, 150)]:
        for density in (0.45, 0.6, 0.8, 1.0):
            for seed in range(3 if quick else 8):
                cases.append(dict(kind="random", rows=rows, cols=cols, seed=seed,
                                  density=density, pairs=4))
    return cases


# --- the worker: runs inside a child process with one copy of ``game`` on sys.path ------


def _digest_generated(combo: Combo) -> str:
    """Return the SHA-256 of the tiles of one generated maze (and of its text, when small)."""
    from game.maze.formats import format_maze
    from game.maze.generators import generate

    options = dict(combo)
    maze = generate(options.pop("name"), **options)
    h = hashlib.sha256(repr(maze.tiles.shape).encode() + maze.tiles.tobytes())
    if maze.rows * maze.cols <= 40_000:
        h.update(format_maze(maze).encode())
    return h.hexdigest()


def _solver_mazes(case: Combo) -> Iterator[tuple[Any, tuple[int, int], tuple[int, int]]]:
    """Yield (maze, start, goal) for one solver case: its own ends, then random floor pairs."""
    import numpy as np

    from game.maze.grid import FLOOR, Maze

    rng = np.random.default_rng(case["seed"] + 1000)
    if case["kind"] == "generated":
        from game.maze.generators import generate

        maze = generate(case["name"], rows=case["rows"], cols=case["cols"], seed=case["seed"],
                        loops=case["loops"])
        yield maze, maze.start, maze.goal
    else:
        tiles = (rng.random((case["rows"], case["cols"])) < case["density"]).astype(np.uint8)
        tiles[0, 0] = FLOOR
        maze = Maze(tiles, (0, 0), (0, 0))
    floor = np.argwhere(maze.tiles == FLOOR)
    for _ in range(case["pairs"]):
        a, b = floor[rng.integers(len(floor), size=2)]
        yield maze, (int(a[0]), int(a[1])), (int(b[0]), int(b[1]))
    yield maze, (int(floor[0][0]), int(floor[0][1])), (int(floor[0][0]), int(floor[0][1]))


#: The lab's "expand" event kind: left out, so streams compare with commits from before it.
EXPAND = 3


def _digest_solved(case: Combo) -> dict[str, str]:
    """Return, per solver and end pair, the SHA-256 of its events + Solution and of solve()."""
    from game.maze.formats import format_maze
    from game.maze.solvers import SOLVERS, solve

    out = {}
    for i, (maze, start, goal) in enumerate(_solver_mazes(case)):
        for name, entry in SOLVERS.items():
            # a registry entry since the registries, the explore function itself before
            explore = getattr(entry, "explore", entry)
            h = hashlib.sha256()
            batch: list[Any] = []
            for item in explore(maze.copy(), start, goal):
                if type(item) is tuple and item[0] == EXPAND:  # the lab's, added later
                    continue
                batch.append(item)
                if len(batch) >= 65536:
                    h.update(repr(batch).encode())
                    batch.clear()
            h.update(repr(batch).encode())
            out[f"{i}:{name}:explore"] = h.hexdigest()
            solution = solve(maze.copy(), name, start, goal)
            text = repr(solution) + format_maze(maze, solution.path)
            out[f"{i}:{name}:solve"] = hashlib.sha256(text.encode()).hexdigest()
    return out


def worker() -> None:
    """Read combos (JSON lines) on stdin; print one JSON digest line per combo."""
    import game

    assert Path(game.__file__).resolve().is_relative_to(Path.cwd().resolve()), game.__file__
    for line in sys.stdin:
        job = json.loads(line)
        if job["what"] == "generate":
            result: Any = _digest_generated(job["combo"])
        else:
            result = _digest_solved(job["combo"])
        print(json.dumps(result), flush=True)


# --- the parent ----------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    """Compare this worktree's maze core with the base commit's; print the differences."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default=BASE, help=f"commit to compare with (default {BASE})")
    parser.add_argument("--quick", action="store_true", help="fewer seeds, no large mazes")
    parser.add_argument("--only", choices=("all", "generators", "solvers"), default="all")
    args = parser.parse_args(argv)
    # Only here, in the parent: a worker must import ``game`` from its own root.
    sys.path.insert(0, str(ROOT))
    from tests.benchmarks.measure import extract_game, run_worker

    jobs: list[dict[str, Any]] = []
    if args.only in ("all", "generators"):
        jobs += [{"what": "generate", "combo": c} for c in generator_combos(args.quick)]
    if args.only in ("all", "solvers"):
        jobs += [{"what": "solve", "combo": c} for c in solver_combos(args.quick)]
    stdin = "".join(json.dumps(job) + "\n" for job in jobs)
    with tempfile.TemporaryDirectory(prefix="migong-base-") as tmp:
        extract_game(args.base, ROOT, Path(tmp))
        began = time.perf_counter()
        old = [json.loads(line) for line in run_worker(SCRIPT, Path(tmp), [], stdin).splitlines()]
        old_s = time.perf_counter() - began
    began = time.perf_counter()
    new = [json.loads(line) for line in run_worker(SCRIPT, ROOT, [], stdin).splitlines()]
    new_s = time.perf_counter() - began
    differ = [(job, a, b) for job, a, b in zip(jobs, old, new) if a != b]
    generated = sum(j["what"] == "generate" for j in jobs)
    runs = sum(len(r) for j, r in zip(jobs, old) if j["what"] == "solve")
    print(f"base {args.base} vs this worktree: {generated} generated mazes, "
          f"{runs // 2} solver runs (events + Solution) and as many solve() results")
    print(f"time: base {old_s:.1f} s, this worktree {new_s:.1f} s")
    for job, a, b in differ[:20]:
        if isinstance(a, dict):
            keys = [k for k in a if a[k] != b.get(k)]
            print(f"DIFFERENT {job['what']} {job['combo']}: {', '.join(keys[:6])}")
        else:
            print(f"DIFFERENT {job['what']} {job['combo']}")
    print("all identical" if not differ else f"{len(differ)} combination(s) differ")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
elif __name__ == "worker":
    worker()
