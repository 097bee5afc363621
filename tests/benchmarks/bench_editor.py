"""Benchmark of the editor's live verdict on big mazes: what a stroke costs, solved or not.

For each size it builds a backtracker maze (loops 0.05), then times, with the verdict
asked after every stroke as the scene does:

1. the first verdict (a full breadth-first search);
2. a wall stroke off the route found (the verdict is kept: no search);
3. a floor stroke far from everything the search reached (kept: no search);
4. a wall stroke across the route (searched again);
5. its undo and its redo (searched again each);

and prints, for each, the best of ``--repeat`` runs and whether it searched, beside the
time "search every time" would take (one ``solve`` of the maze).  Then, for each of
``--keyed-sizes``, a backtracker maze with two keys: the verdict's search over tiles and
keys held, and the verdict once a key is taken away (no route: which door, and why).

Run it as a script (it is not a timed test)::

    python tests/benchmarks/bench_editor.py [--sizes 501,1001,2001,4001] [--repeat 3]
                                            [--keyed-sizes 101,201,501]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Callable

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from game.edit.model import Editor  # noqa: E402
from game.levels import LevelSpec, build_level  # noqa: E402
from game.maze.grid import FLOOR, WALL  # noqa: E402
from game.maze.solvers import solve  # noqa: E402
from game.maze.tiles import KINDS  # noqa: E402


def timed(action: Callable[[], object]) -> float:
    """Return the seconds ``action`` takes."""
    t0 = time.perf_counter()
    action()
    return time.perf_counter() - t0


def stroke(editor: Editor, tool: str, a: tuple[int, int], b: tuple[int, int]) -> None:
    """Draw a line from ``a`` to ``b`` with ``tool`` and ask the verdict."""
    editor.choose(tool)
    editor.press(a)
    editor.drag(b)
    editor.release()
    editor.verdict  # noqa: B018 - the scene asks it after every change


def measure(size: int, repeat: int) -> list[tuple[str, float, bool]]:
    """Return (what, best seconds, searched?) for each stroke on a ``size`` maze."""
    maze = build_level(LevelSpec("backtracker", size, size, 11, loops=0.05))
    rows: dict[str, list[float]] = {}
    searched: dict[str, bool] = {}
    for _ in range(repeat):
        editor = Editor(maze)
        steps: list[tuple[str, Callable[[], object]]] = [("first verdict", lambda: editor.verdict)]
        rows.setdefault("first verdict", [])
        seconds = timed(steps[0][1])
        rows["first verdict"].append(seconds)
        searched["first verdict"] = True
        route = editor._route  # noqa: SLF001 - a benchmark may look inside
        reached = editor._reached  # noqa: SLF001
        assert route is not None and reached is not None
        # a wall tile off the route: floor not on the route, a short line on it
        free = np.argwhere((editor.maze.tiles == FLOOR) & ~route)
        off = tuple(int(v) for v in free[len(free) // 2])
        # a wall tile with no reached tile around it (else the last wall tile)
        walls = np.argwhere(editor.maze.tiles == WALL)
        far = tuple(int(v) for v in walls[-1])
        for r, c in walls[::-1]:
            box = reached[max(0, r - 1):r + 2, max(0, c - 1):c + 2]
            if not box.any():
                far = (int(r), int(c))
                break
        on = tuple(int(v) for v in np.argwhere(route)[len(np.argwhere(route)) // 2])
        plan: list[tuple[str, Callable[[], object]]] = [
            ("wall off the route", lambda: stroke(editor, "wall", off, off)),
            ("floor far away", lambda: stroke(editor, "floor", far, far)),
            ("wall across the route", lambda: stroke(editor, "wall", on, on)),
            ("undo", lambda: (editor.undo(), editor.verdict)),
            ("redo", lambda: (editor.redo(), editor.verdict)),
        ]
        for name, action in plan:
            before = editor.solves
            rows.setdefault(name, []).append(timed(action))
            searched[name] = editor.solves > before
    return [(name, min(times), searched[name]) for name, times in rows.items()]


def measure_keyed(size: int, repeat: int) -> tuple[float, float]:
    """Return the best seconds of a keyed maze's verdict: solvable, then with a key taken away."""
    maze = build_level(LevelSpec("backtracker", size, size, 11, keys=2))
    solvable = min(timed(lambda: Editor(maze).verdict) for _ in range(repeat))
    blocked = maze.copy()
    blocked.tiles[tuple(np.argwhere(KINDS["key"][maze.tiles] != 0)[0])] = FLOOR
    assert not Editor(blocked).verdict.solvable
    return solvable, min(timed(lambda: Editor(blocked).verdict) for _ in range(repeat))


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="501,1001,2001,4001")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--keyed-sizes", default="101,201,501")
    args = parser.parse_args()
    for size in (int(s) for s in args.sizes.split(",")):
        maze = build_level(LevelSpec("backtracker", size, size, 11, loops=0.05))
        full = min(timed(lambda: solve(maze)) for _ in range(args.repeat))
        print(f"{size}x{size}: solve() every time would take {full * 1000:8.1f} ms a stroke")
        for name, seconds, did in measure(size, args.repeat):
            print(f"  {name:24s} {seconds * 1000:8.1f} ms  {'searched' if did else 'kept'}")
    for size in (int(s) for s in args.keyed_sizes.split(",") if s):
        solvable, blocked = measure_keyed(size, args.repeat)
        print(f"{size}x{size} with 2 keys: verdict {solvable * 1000:8.1f} ms, "
              f"a key taken away {blocked * 1000:8.1f} ms")


if __name__ == "__main__":
    main()
