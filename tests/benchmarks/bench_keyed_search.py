"""The keyed searches against the plain one on the same maze (issue 23.1), in CPU time.

    python tests/benchmarks/bench_keyed_search.py [--size 1001] [--solvers bfs,dfs,stack]

For each maze it times, in this process's CPU time (steady when other work shares the
machine), best of ``--repeat``:

* ``plain``: ``solve()`` on the same tiles with every key and door made floor;
* ``drained``: draining the solver's ``explore`` events, which is what ``solve()`` did on
  a maze with keys before it had event-free keyed runs (the generators are unchanged);
* ``solve``: ``solve()`` now (the event-free keyed run);

and the ratio solve / plain (target: at most 4) and the peak of traced memory of one
``solve()`` against one plain solve.  It checks both answers are equal; it asserts nothing.
Mazes: an open floor walled round (the editor's blank maze) with four keys and doors
scattered; prim and backtracker with 4 keys (``generate --keys 4``); the prim maze with
its first key walled in (no path).
"""

from __future__ import annotations

import argparse
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import numpy as np  # noqa: E402

from game.edit.model import blank_maze  # noqa: E402
from game.maze import tiles as kinds  # noqa: E402
from game.maze.generators import generate  # noqa: E402
from game.maze.grid import Maze  # noqa: E402
from game.maze.solvers import SOLVERS, drain, solve  # noqa: E402


def open_floor(n: int) -> Maze:
    """Return the editor's blank n x n maze with four keys and doors scattered."""
    maze = blank_maze(rows=n, cols=n)
    tiles = maze.tiles.copy()
    rng = np.random.default_rng(1)
    for ch in "rgby":
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


def peak(fn: Callable[[], object]) -> float:
    """Return the peak traced memory of one call of ``fn`` (MB)."""
    tracemalloc.start()
    fn()
    top = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return top / 1e6


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=1001)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--solvers", default=",".join(SOLVERS))
    parser.add_argument("--no-drained", action="store_true", help="skip the slow old way")
    parser.add_argument("--memory", action="store_true", help="also trace memory (slower)")
    args = parser.parse_args()
    n = args.size
    prim = generate("prim", rows=n, cols=n, seed=1, keys=4)
    mazes = [("open floor", open_floor(n)), ("prim Y4", prim),
             ("backtracker Y4", generate("backtracker", rows=n, cols=n, seed=1, keys=4)),
             ("prim Y4 key walled in", walled_in(prim))]
    print(f"{n}x{n}, CPU seconds, best of {args.repeat}")
    print(f"{'maze':<24}{'solver':<8}{'plain':>8}{'drained':>9}{'solve':>8}{'ratio':>7}"
          f"{'same':>6}{'MB plain':>10}{'MB solve':>10}")
    for label, maze in mazes:
        plain_maze = unkeyed(maze)
        for solver in args.solvers.split(","):
            plain_s, _ = cpu(lambda: solve(plain_maze, solver), args.repeat)
            new_s, new = cpu(lambda: solve(maze, solver), args.repeat)
            old_s, old = (float("nan"), new) if args.no_drained else cpu(
                lambda: drain(SOLVERS[solver].explore(maze, maze.start, maze.goal)), 1)
            mem = (f"{peak(lambda: solve(plain_maze, solver)):>10.0f}"
                   f"{peak(lambda: solve(maze, solver)):>10.0f}") if args.memory else ""
            print(f"{label:<24}{solver:<8}{plain_s:>8.2f}{old_s:>9.2f}{new_s:>8.2f}"
                  f"{new_s / plain_s:>7.1f}{'yes' if old == new else 'NO':>6}{mem}", flush=True)


if __name__ == "__main__":
    main()
