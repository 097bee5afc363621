"""Benchmark the solvers: time and peak memory from entrance to exit, beside mazelib.

Run it as a script (it is not a timed test)::

    python tests/benchmarks/bench_solvers.py               # 63, 501 and 2001 tiles a side
    python tests/benchmarks/bench_solvers.py --sizes 63,501 --repeat 3

For each size and generator (``loops=0``: perfect mazes) it times ``solve()`` of every
solver (best and median of a few runs; drained generator, events included), then
measures its peak memory with tracemalloc in a separate run.  The floors of issue 2 are
under 10 ms at 63x63 and under 1.5 s at 2001x2001; the last column says whether the best
time meets the floor.  When mazelib is installed its solvers run on the same grids in a
child process with a time limit, and the ratio mazelib time / our time is printed.
"""

from __future__ import annotations

import argparse
import importlib
import multiprocessing as mp
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Optional

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.benchmarks.measure import peak_memory, time_runs  # noqa: E402

from game.maze.grid import FLOOR, Maze  # noqa: E402
from game.maze.solvers import SOLVERS, solve  # noqa: E402

#: Time floors from issue 2, in seconds, by side length.
FLOORS = {63: 0.010, 2001: 1.5}
#: mazelib solver to compare with each of ours.
MAZELIB_PEERS = {"bfs": "ShortestPath", "dfs": "BacktrackingSolver", "stack": "BacktrackingSolver"}


def make_maze(generator: str, size: int, seed: int) -> Maze:
    """Return a perfect maze from the project's generators."""
    from game.maze.generators import generate

    return generate(generator, rows=size, cols=size, seed=seed, loops=0.0)


def _mazelib_child(name: str, grid: np.ndarray, start: tuple, end: tuple, conn: Any) -> None:
    """Run one mazelib solver in a child process and send back (seconds, path length)."""
    random.seed(1)
    np.random.seed(1)
    solver = getattr(importlib.import_module(f"mazelib.solve.{name}"), name)()
    t0 = time.perf_counter()
    solutions = solver.solve(grid, start, end)
    seconds = time.perf_counter() - t0
    length = len(solutions[0]) + 1 if solutions else None  # mazelib drops both end cells
    conn.send((seconds, length))
    conn.close()


def mazelib_time(name: str, maze: Maze, limit: float) -> tuple[Optional[float], Optional[int], str]:
    """Time a mazelib solver on ``maze`` in a child process; give up after ``limit`` s."""
    grid = (maze.tiles != FLOOR).astype(np.int8)  # mazelib: 1 wall, 0 passage
    parent, child = mp.Pipe(duplex=False)
    proc = mp.Process(target=_mazelib_child, args=(name, grid, maze.start, maze.goal, child))
    proc.start()
    child.close()
    if parent.poll(limit):
        try:
            seconds, length = parent.recv()
        except EOFError:
            proc.join()
            return None, None, "crashed"
        proc.join()
        return seconds, length, ""
    proc.terminate()
    proc.join()
    return None, None, f"> {limit:g} s"


def mazelib_status() -> tuple[bool, str]:
    """Return whether mazelib can be used, and a line describing it."""
    try:
        import mazelib
        from mazelib.solve import ShortestPath as sp_module
    except Exception as exc:  # noqa: BLE001 - any import failure means "not available"
        return False, f"mazelib not available ({type(exc).__name__}: {exc})"
    # A Cython build imports the extension module, not the .py beside it.
    compiled = str(getattr(sp_module, "__file__", "")).endswith((".so", ".pyd"))
    version = getattr(mazelib, "__version__", "?")
    kind = "Cython-compiled" if compiled else "pure Python, not Cython-compiled"
    return True, f"mazelib {version} ({kind})"


def fmt_time(seconds: Optional[float]) -> str:
    """Format seconds as ms below one second."""
    if seconds is None:
        return "-"
    return f"{seconds * 1000:.2f} ms" if seconds < 1 else f"{seconds:.3f} s"


def main(argv: Optional[list[str]] = None) -> int:
    """Run the benchmark and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="63,501,2001", help="tiles a side, comma-separated")
    parser.add_argument("--generators", default="backtracker,prim")
    parser.add_argument("--repeat", type=int, default=0, help="runs per timing (default: by size)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-mazelib", action="store_true", help="skip the mazelib comparison")
    parser.add_argument("--mazelib-limit", type=float, default=20.0, help="seconds per mazelib run")
    args = parser.parse_args(argv)

    sizes = [int(s) for s in args.sizes.split(",")]
    generators = args.generators.split(",")
    available, status = mazelib_status()
    use_mazelib = available and not args.no_mazelib
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cpu(s); {status}")
    print("times: best / median of N runs of solve() (drains every event); peak: tracemalloc\n")
    header = (
        f"{'maze':<20} {'solver':<6} {'N':>3} {'best':>11} {'median':>11} {'peak MiB':>9} "
        f"{'visited':>9} {'length':>8}  {'floor':<12} {'mazelib':<19} {'its time':>11} {'ratio':>8}"
    )
    print(header)
    print("-" * len(header))
    for size in sizes:
        repeat = args.repeat or (20 if size <= 101 else 5 if size <= 601 else 3)
        for generator in generators:
            t0 = time.perf_counter()
            maze = make_maze(generator, size, args.seed)
            gen_seconds = time.perf_counter() - t0
            label = f"{generator} {size}x{size}"
            peer_cache: dict[str, tuple[Optional[float], Optional[int], str]] = {}
            for solver in SOLVERS:
                solution = solve(maze, solver)  # warm-up, and the answer
                run = lambda m=maze, s=solver: solve(m, s)  # noqa: E731
                times = time_runs(run, repeat)
                peak = peak_memory(run)
                best, median = min(times), statistics.median(times)
                floor = FLOORS.get(size)
                verdict = "" if floor is None else ("ok" if best < floor else "SLOW")
                verdict = f"{verdict} <{fmt_time(floor).replace(' ', '')}" if floor else ""
                peer, peer_time, ratio = "", "", ""
                if use_mazelib:
                    peer = MAZELIB_PEERS[solver]
                    if peer not in peer_cache:
                        peer_cache[peer] = mazelib_time(peer, maze, args.mazelib_limit)
                    seconds, _length, note = peer_cache[peer]
                    peer_time = note or fmt_time(seconds)
                    ratio = f"{seconds / best:.0f}x" if seconds else ""
                    if note.startswith(">"):
                        ratio = f">{args.mazelib_limit / best:.0f}x"
                print(
                    f"{label:<20} {solver:<6} {repeat:>3} {fmt_time(best):>11} "
                    f"{fmt_time(median):>11} {peak / 2**20:>9.2f} {solution.visited:>9} "
                    f"{str(solution.length):>8}  {verdict:<12} {peer:<19} {peer_time:>11} {ratio:>8}"
                )
            print(f"{'':<20} (maze generated in {fmt_time(gen_seconds)})")
    if use_mazelib:
        print(
            "\nratio = mazelib time / our best time (higher: ours is faster).  mazelib's"
            " BacktrackingSolver is a random walk and ShortestPath grows every branch as a"
            " list; both stop at the cell beside the exit."
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
