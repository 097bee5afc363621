"""The keyed searches against the plain one on the same maze (issue 23.1): time and memory.

    python tests/benchmarks/bench_keyed_search.py [--sizes 1001,2001] [--keys 1,4]
        [--solvers bfs,dfs,stack] [--drained]

For each maze and solver it prints, side by side:

* ``plain s`` / ``keyed s``: ``solve()`` on the maze with every key and door made floor,
  and on the maze itself, in this process's CPU time (steady when other work shares the
  machine), best of ``--repeat``, and ``x`` their ratio (target: at most 4);
* ``plain MB`` / ``keyed MB``: the peak resident memory each ``solve()`` adds (the
  kernel's high-water mark, reset before each call), and ``x`` their ratio (target: at
  most 4);
* ``drained``, with ``--drained``: draining the solver's ``explore`` events, the reference
  the event-free run must equal, and the way ``solve()`` went before it had one;
* ``same``, with ``--drained``: the keyed ``solve()`` gives the Solution draining its
  events gives.

Mazes: an open floor walled round (the editor's blank maze) with keys and doors
scattered; prim and backtracker with keys (``generate --keys``); the prim maze with its
first key walled in (no path).  It asserts nothing.
"""

from __future__ import annotations

import argparse
import gc
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import numpy as np  # noqa: E402

from game.edit.model import blank_maze  # noqa: E402
from game.maze import tiles as kinds  # noqa: E402
from game.maze.generators import generate  # noqa: E402
from game.maze.grid import Maze  # noqa: E402
from game.maze.solvers import SOLVERS, can_solve, drain, solve  # noqa: E402


def open_floor(n: int, keys: int = 4) -> Maze:
    """Return the editor's blank n x n maze with ``keys`` keys and doors scattered."""
    maze = blank_maze(rows=n, cols=n)
    tiles = maze.tiles.copy()
    rng = np.random.default_rng(1)
    for ch in "rgby"[:keys]:
        tiles[tuple(rng.integers(1, n - 1, 2))] = kinds.kind_of(ch)
        tiles[tuple(rng.integers(1, n - 1, 2))] = kinds.kind_of(ch.upper())
    return Maze(tiles, maze.start, maze.goal)


def walled_in(maze: Maze) -> Maze:
    """Return ``maze`` with walls round its first key (by colour): no path any more."""
    tiles = maze.tiles.copy()
    r, c = (int(v[0]) for v in np.nonzero(kinds.KINDS["key"][tiles] != 0))
    for dr, dc in ((1, 0), (0, 1), (-1, 0), (0, -1)):
        if 0 <= r + dr < maze.rows and 0 <= c + dc < maze.cols:
            tiles[r + dr, c + dc] = kinds.WALL
    return Maze(tiles, maze.start, maze.goal)


def unkeyed(maze: Maze) -> Maze:
    """Return the same tiles with every key and door made floor."""
    tiles = np.where(kinds.walkable(maze.tiles), kinds.FLOOR, kinds.WALL).astype(np.uint8)
    return Maze(tiles, maze.start, maze.goal)


def cpu(fn: Callable[[], object], repeat: int) -> tuple[float, object]:
    """Return the best CPU time of ``repeat`` calls of ``fn`` and its last answer."""
    best, answer = float("inf"), None
    for _ in range(repeat):
        t0 = time.process_time()
        answer = fn()
        best = min(best, time.process_time() - t0)
    return best, answer


def _status(field: str) -> int:
    """Return a field of /proc/self/status in kB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise RuntimeError(f"no {field} in /proc/self/status")


def peak(maze: Maze, solver: str, folder: Path) -> float:
    """Return the peak resident memory ``solve(maze, solver)`` adds (MB), in a fresh process.

    A fresh process: one that has solved before keeps the memory it freed, and its
    high-water mark would not show the next solve's.
    """
    path = folder / "maze.npz"
    np.savez(path, tiles=maze.tiles, start=maze.start, goal=maze.goal)
    out = subprocess.run([sys.executable, __file__, "--child", str(path), solver],
                         capture_output=True, text=True, check=True)
    return float(out.stdout)


def child(path: str, solver: str) -> None:
    """Print the peak resident memory one solve of the saved maze adds (MB), nan off Linux."""
    saved = np.load(path)
    maze = Maze(saved["tiles"], tuple(saved["start"].tolist()), tuple(saved["goal"].tolist()))
    gc.collect()
    try:
        Path("/proc/self/clear_refs").write_text("5")  # reset the high-water mark
        before = _status("VmRSS")
    except OSError:
        print("nan")
        return
    solve(maze, solver)
    print((_status("VmHWM") - before) / 1e3)


def mazes(n: int, keys: int) -> list[tuple[str, Maze]]:
    """Return the mazes of one size and key count, each with its label."""
    prim = generate("prim", rows=n, cols=n, seed=1, keys=keys)
    found = [(f"open floor Y{keys}", open_floor(n, keys)), (f"prim Y{keys}", prim),
             (f"backtracker Y{keys}",
              generate("backtracker", rows=n, cols=n, seed=1, keys=keys))]
    if keys == 4:
        found.append(("prim Y4 key walled in", walled_in(prim)))
    return found


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1001")
    parser.add_argument("--keys", default="1,4")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--solvers", default=",".join(SOLVERS))
    parser.add_argument("--drained", action="store_true", help="also the slow reference")
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(*args.child)
        return
    folder = Path(tempfile.mkdtemp(prefix="bench_keyed_"))
    print(f"CPU seconds (best of {args.repeat}); MB: peak resident memory a solve adds")
    print(f"{'maze':<28}{'solver':<7}{'plain s':>8}{'keyed s':>8}{'x':>6}{'plain MB':>9}"
          f"{'keyed MB':>9}{'x':>6}{'drained':>8}{'same':>6}")
    for n in (int(v) for v in args.sizes.split(",")):
        for keys in (int(v) for v in args.keys.split(",")):
            for label, maze in mazes(n, keys):
                plain_maze = unkeyed(maze)
                for solver in args.solvers.split(","):
                    if not can_solve(solver, maze):  # it refuses keys (the wall follower)
                        continue
                    plain_s, _ = cpu(lambda: solve(plain_maze, solver), args.repeat)
                    keyed_s, keyed = cpu(lambda: solve(maze, solver), args.repeat)
                    plain_mb = peak(plain_maze, solver, folder)
                    keyed_mb = peak(maze, solver, folder)
                    old_s, same = float("nan"), ""
                    if args.drained:
                        old_s, old = cpu(
                            lambda: drain(SOLVERS[solver].explore(maze, maze.start, maze.goal)), 1)
                        same = "yes" if old == keyed else "NO"
                    print(f"{f'{n}² {label}':<28}{solver:<7}{plain_s:>8.2f}{keyed_s:>8.2f}"
                          f"{keyed_s / max(plain_s, 1e-3):>6.1f}{plain_mb:>9.1f}{keyed_mb:>9.1f}"
                          f"{keyed_mb / max(plain_mb, 0.1):>6.1f}{old_s:>8.2f}{same:>6}",
                          flush=True)
    shutil.rmtree(folder)


if __name__ == "__main__":
    main()
