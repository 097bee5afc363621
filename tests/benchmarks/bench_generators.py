"""Benchmark the maze generators: time and peak memory, side by side with mazelib.

Run from the repository root::

    python tests/benchmarks/bench_generators.py              # 63x63, 501x501, 2001x2001
    python tests/benchmarks/bench_generators.py --sizes 63,501 --variants

For every size (in tiles) and generator it prints the best and median wall time of a
few runs and the peak memory of one more run under ``tracemalloc``, then checks the
time against the floor of issue 2 (2 s at 2001x2001, 10 ms at 63x63).  When ``mazelib``
is importable, its Prims, BacktrackingGenerator and Division run at the same size --
mazelib counts cells, so (h, w) cells are (2h+1, 2w+1) tiles -- and the ratio
ours/mazelib is printed; a mazelib run estimated to take longer than the budget is
skipped with a note.  This is a script, not a timed test.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from pathlib import Path
from typing import Any, Callable, Optional

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.benchmarks.measure import peak_memory, time_runs  # noqa: E402

from game.maze.generators import GENERATORS, generate  # noqa: E402

#: Floors from issue 2: seconds allowed per generator run, by size in tiles.
FLOORS = {63: 0.010, 2001: 2.0}
#: Our generator -> the mazelib generator class it is compared with.
MAZELIB_PEERS = {"prim": "Prims", "backtracker": "BacktrackingGenerator", "division": "Division"}
#: Extra configurations shown with --variants.
VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("division", {"room_size": 5}),
    ("dig", {"rank": 5}),
    ("prim", {"loops": 1.0}),
    ("backtracker", {"loops": 0.5}),
]


def load_mazelib() -> Optional[dict[str, Any]]:
    """Return mazelib's generator classes by name, or None when it is not installed."""
    try:
        import mazelib  # noqa: F401
        from mazelib.generate.BacktrackingGenerator import BacktrackingGenerator
        from mazelib.generate.Division import Division
        from mazelib.generate.Prims import Prims
    except ImportError:
        return None
    return {"Prims": Prims, "BacktrackingGenerator": BacktrackingGenerator, "Division": Division}


def mazelib_call(cls: Any, tiles: int) -> Callable[[], object]:
    """Return a call generating a mazelib grid of ``tiles`` x ``tiles`` tiles."""
    cells = (tiles - 1) // 2
    # BacktrackingGenerator takes (w, h), the others (h, w); square sizes sidestep it.
    return lambda: cls(cells, cells).generate()


def estimate_seconds(runs: list[tuple[int, float]], tiles: int) -> Optional[float]:
    """Extrapolate a run time at ``tiles`` from earlier (tiles, seconds) runs, or None.

    Time is taken to grow as area ** e, with e fitted to the last two runs (at least 1:
    linear in the number of cells).
    """
    if not runs:
        return None
    last_tiles, last_seconds = runs[-1]
    exponent = 1.0
    if len(runs) > 1:
        (t0, s0), (t1, s1) = runs[-2], runs[-1]
        exponent = max(1.0, math.log(s1 / s0) / math.log((t1 / t0) ** 2))
    return last_seconds * ((tiles / last_tiles) ** 2) ** exponent


def label(name: str, options: dict[str, Any]) -> str:
    """Return a short label for a generator configuration."""
    extra = ",".join(f"{k}={v}" for k, v in options.items())
    return f"{name}({extra})" if extra else name


def main(argv: Optional[list[str]] = None) -> int:
    """Run the benchmark and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="63,501,2001", help="tile sizes, comma separated")
    parser.add_argument("--repeat", type=int, default=0, help="runs per size (default 7 or 3)")
    parser.add_argument("--variants", action="store_true", help="also time option variants")
    parser.add_argument("--no-mazelib", action="store_true", help="skip the mazelib comparison")
    parser.add_argument(
        "--mazelib-budget",
        type=float,
        default=20.0,
        help="skip a mazelib run estimated to take longer than this many seconds",
    )
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    peers = None if args.no_mazelib else load_mazelib()
    if peers is None:
        print("mazelib not installed (or --no-mazelib): comparison skipped")
        print("  install: pip install cython numpy && pip install --no-build-isolation mazelib")
    else:
        import mazelib

        version = getattr(mazelib, "__version__", "?")
        where = Path(mazelib.__file__).parent
        compiled = any(where.rglob("*.so")) or any(where.rglob("*.pyd"))
        build = "compiled extension" if compiled else "pure Python, no compiled extension"
        print(f"mazelib {version} from {where} ({build})")
    print(f"python {sys.version.split()[0]}")
    configs = [(name, {}) for name in sorted(GENERATORS)]
    if args.variants:
        configs += VARIANTS
    header = (
        f"{'size':>11}  {'generator':<26}{'best ms':>10}{'median ms':>11}{'peak MiB':>10}"
        f"  {'floor':<6}{'mazelib peer':<23}{'best ms':>10}{'ours/mazelib':>13}"
    )
    print(header)
    print("-" * len(header))
    failures = 0
    mazelib_runs: dict[str, list[tuple[int, float]]] = {}  # (tiles, seconds) per peer
    for tiles in sizes:
        repeat = args.repeat or (7 if tiles <= 101 else 3)
        for name, options in configs:
            opts = dict(options)
            loops = opts.pop("loops", 0.0)

            def run(name: str = name, loops: float = loops, opts: dict = opts) -> object:
                return generate(name, rows=tiles, cols=tiles, seed=1, loops=loops, **opts)

            run()  # warm up imports and caches
            times = time_runs(run, repeat)
            best, median = min(times), statistics.median(times)
            peak = peak_memory(run) / 2**20
            floor = FLOORS.get(tiles)
            verdict = "" if floor is None else ("ok" if best < floor else "SLOW")
            if verdict == "SLOW":
                failures += 1
            row = (
                f"{tiles:>5}x{tiles:<5}  {label(name, options):<26}{best * 1e3:>10.1f}"
                f"{median * 1e3:>11.1f}{peak:>10.2f}  {verdict:<6}"
            )
            peer = MAZELIB_PEERS.get(name) if not options else None
            if peers is not None and peer is not None:
                estimate = estimate_seconds(mazelib_runs.get(peer, []), tiles)
                if estimate is not None and estimate > args.mazelib_budget:
                    row += f"{peer:<23}{'skipped':>10}  (estimated {estimate:.0f} s)"
                else:
                    call = mazelib_call(peers[peer], tiles)
                    theirs = time_runs(call, 1 if tiles > 101 else 3)
                    their_best = min(theirs)
                    mazelib_runs.setdefault(peer, []).append((tiles, their_best))
                    row += f"{peer:<23}{their_best * 1e3:>10.1f}{best / their_best:>13.3f}"
            print(row, flush=True)
    print()
    print("floors (issue 2): 2001x2001 under 2 s and 63x63 under 10 ms per generator run")
    print("all within the floors" if not failures else f"{failures} run(s) over the floor")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
