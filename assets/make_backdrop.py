"""Make ``assets/backdrop.txt``: the menus' backdrop maze and the routes its lights run along.

Run ``python assets/make_backdrop.py`` from anywhere (deterministic).  The menus draw this
picture behind the title screen's first frame; reading it there costs a fraction of a
millisecond, where generating and solving it at every start imported numpy and the maze
core first (100 ms and more).  The maze is the backtracker's with seed 2024; its lights
run the entrance-to-exit route and three routes between random far-apart tiles, each
solved breadth-first, and start part-way along their routes so they never move in step.
A test checks the file is what this script writes.

The file: a comment ("# " and text), ``ROWS COLS``, one line per row (``#`` blocked, ``.`` open), then one
line per route: ``route ROW COL PHASE MOVES``, the route's first tile, how far along it
its light starts, and its steps as ``U``, ``D``, ``L``, ``R``.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
OUT = HERE / "backdrop.txt"

ROWS, COLS = 37, 65
SEED = 2024
ALGORITHM = "backtracker"
WALKERS = 4  # the entrance-to-exit route plus routes between random far-apart tiles
STEPS = {(-1, 0): "U", (1, 0): "D", (0, -1): "L", (0, 1): "R"}


def backdrop_text() -> str:
    """Return the text of ``backdrop.txt``: the maze, then its routes."""
    sys.path.insert(0, str(ROOT))
    from game.maze.generators import generate
    from game.maze.solvers import solve
    from game.maze.tiles import walkable

    maze = generate(ALGORITHM, rows=ROWS, cols=COLS, seed=SEED)
    rng = random.Random(SEED)
    ends = [(maze.start, maze.goal)]
    for _ in range(WALKERS - 1):
        a = (rng.randrange(1, ROWS, 2), rng.randrange(1, max(2, COLS // 4), 2))
        b = (rng.randrange(1, ROWS, 2), rng.randrange(COLS - max(2, COLS // 4), COLS - 1, 2))
        ends.append((a, b) if rng.random() < 0.5 else (b, a))
    paths = [path for path in (solve(maze, "bfs", a, b).path for a, b in ends) if path]
    phases = [rng.uniform(0, len(path)) for path in paths]
    open_ = walkable(maze.tiles)
    lines = [f"# The menus' backdrop: made by assets/make_backdrop.py ({ALGORITHM}, seed "
             f"{SEED}); do not edit", f"{ROWS} {COLS}"]
    lines += ["".join("." if cell else "#" for cell in row) for row in open_.tolist()]
    for path, phase in zip(paths, phases):
        moves = "".join(STEPS[(r1 - r0, c1 - c0)] for (r0, c0), (r1, c1) in zip(path, path[1:]))
        lines.append(f"route {path[0][0]} {path[0][1]} {phase!r} {moves}")
    return "\n".join(lines) + "\n"


def main() -> int:
    """Write ``backdrop.txt`` beside this script."""
    OUT.write_text(backdrop_text(), encoding="ascii")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
