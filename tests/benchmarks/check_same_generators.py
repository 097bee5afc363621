"""Check that every generator still makes the same mazes and the same traces as a base commit.

    python tests/benchmarks/check_same_generators.py --base main
    python tests/benchmarks/check_same_generators.py --base main --quick
    python tests/benchmarks/check_same_generators.py --base main --cache /tmp/main.json

The base commit's ``game/`` is extracted with ``git archive`` into a temporary directory
and run in a child process; this worktree's ``game/`` runs in another.  Both build, from
level codes (every algorithm letter, sizes 5x5 to 101x101, non-square, one 1001x1001 each,
seeds, loops L, rooms R, rank K, policy M, keys Y, mud U, chasers C), a SHA-256 of

1. the generated maze's tiles, ends and, when small, its text (what ``generate`` prints);
2. the ``generate --trace`` stream: every event as its JSON line, then the Maze's tiles;
3. the error message, for a code the generator refuses.

``--cache FILE`` keeps the base's digests in FILE (for the same base commit and codes),
so a series of changes is compared with one run of the base.  Any difference is listed and the exit code is 1.  check_same_output.py compares the four
first generators and the solvers with an older base; this one covers all twelve generators.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

SCRIPT = Path(__file__).resolve()
ROOT = SCRIPT.parents[2]
#: Every generator's level-code letter, with the values of its own option (code letter).
LETTERS: dict[str, tuple[str, list[int]]] = {
    "A": ("", []), "B": ("", []), "D": ("R", [1, 3, 5]), "E": ("", []), "G": ("K", [1, 3, 7]),
    "H": ("", []), "K": ("", []), "N": ("", []), "P": ("", []), "S": ("", []),
    "T": ("M", [1, 2, 3]), "W": ("", []),
}


def codes(quick: bool) -> list[tuple[str, bool]]:
    """Return the level codes to compare, each with whether its trace is compared too."""
    sizes = [(5, 5), (7, 9), (9, 7), (3, 41), (21, 21), (31, 13), (51, 51), (101, 101)]
    seeds = [0, 1, 7, 2024] if quick else [0, 1, 2, 7, 42, 2024, 99991, 2**40 + 3]
    out: list[tuple[str, bool]] = []
    for letter, (option, values) in LETTERS.items():
        extras = ["", "-L10", "-L100", "-Y2", "-L5-Y3", "-U20-C1"]
        extras += [f"-{option}{v}" for v in values] + [f"-{option}{v}-L30" for v in values[:1]]
        for rows, cols in sizes:
            for seed in seeds:
                for extra in extras:
                    traced = rows * cols <= 2601 and (seed < 100 or not quick)
                    out.append((f"{letter}{rows}x{cols}-{_base36(seed)}{extra}", traced))
        out.append((f"{letter}1001x1001-1-L5", False))
        if not quick:
            out.append((f"{letter}201x201-2-L10", True))
    return out


def _base36(n: int) -> str:
    """Return ``n`` in base 36."""
    digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    out = ""
    while True:
        n, d = divmod(n, 36)
        out = digits[d] + out
        if not n:
            return out


# --- the worker: runs inside a child process with one copy of ``game`` on sys.path ------


def _maze_bytes(maze: Any) -> bytes:
    """Return the bytes that identify a Maze: shape, ends and tiles."""
    return repr((maze.tiles.shape, maze.start, maze.goal)).encode() + maze.tiles.tobytes()


def _digest(code: str, traced: bool) -> dict[str, str]:
    """Return the SHA-256 of one code's maze (and of its trace when ``traced``)."""
    from game.levels import build_level, parse_level_code, trace_level
    from game.maze.formats import format_maze
    from game.maze.generators.events import event_json
    from game.maze.grid import Maze

    out: dict[str, str] = {}
    try:
        spec = parse_level_code(code)
        maze = build_level(spec)
    except ValueError as exc:
        return {"error": str(exc)}
    h = hashlib.sha256(_maze_bytes(maze))
    if maze.rows * maze.cols <= 40_000:
        h.update(format_maze(maze).encode())
    out["maze"] = h.hexdigest()
    if traced:
        t = hashlib.sha256()
        piece: list[str] = []
        for item in trace_level(spec):
            if isinstance(item, Maze):
                t.update("\n".join(piece).encode())
                t.update(_maze_bytes(item))
                break
            piece.append(event_json(item))
            if len(piece) >= 65536:
                t.update("\n".join(piece).encode())
                piece.clear()
        out["trace"] = t.hexdigest()
    return out


def worker() -> None:
    """Read jobs (JSON lines) on stdin; print one JSON digest line per job."""
    import game

    assert Path(game.__file__).resolve().is_relative_to(Path.cwd().resolve()), game.__file__
    for line in sys.stdin:
        code, traced = json.loads(line)
        print(json.dumps(_digest(code, traced)), flush=True)


# --- the parent ----------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    """Compare this worktree's generators with the base commit's; print the differences."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="main", help="commit to compare with (default main)")
    parser.add_argument("--quick", action="store_true", help="fewer seeds and traces")
    parser.add_argument("--cache", type=Path, help="keep the base's digests in this file")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from tests.benchmarks.measure import extract_game, run_worker

    jobs = codes(args.quick)
    stdin = "".join(json.dumps(job) + "\n" for job in jobs)
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", args.base], check=True,
                            capture_output=True, text=True).stdout.strip()
    key = hashlib.sha256((commit + stdin).encode()).hexdigest()
    cached = json.loads(args.cache.read_text()) if args.cache and args.cache.exists() else {}
    old_s = 0.0
    if cached.get("key") == key:
        old = cached["digests"]
    else:
        with tempfile.TemporaryDirectory(prefix="migong-base-") as tmp:
            extract_game(commit, ROOT, Path(tmp))
            began = time.perf_counter()
            old = [json.loads(line)
                   for line in run_worker(SCRIPT, Path(tmp), [], stdin).splitlines()]
            old_s = time.perf_counter() - began
        if args.cache:
            args.cache.write_text(json.dumps({"key": key, "digests": old}))
    began = time.perf_counter()
    new = [json.loads(line) for line in run_worker(SCRIPT, ROOT, [], stdin).splitlines()]
    new_s = time.perf_counter() - began
    differ = [(job, a, b) for job, a, b in zip(jobs, old, new) if a != b]
    traces = sum(traced for _, traced in jobs)
    errors = sum("error" in a for a in old)
    print(f"base {args.base} vs this worktree: {len(jobs)} codes ({errors} refused), "
          f"{traces} traces")
    print(f"time: base {old_s:.1f} s{' (cached)' if not old_s else ''}, "
          f"this worktree {new_s:.1f} s")
    for (code, _), a, b in differ[:20]:
        print(f"DIFFERENT {code}: {', '.join(k for k in a if a[k] != b.get(k)) or 'keys'}")
    print("all identical" if not differ else f"{len(differ)} code(s) differ")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
elif __name__ == "worker":
    worker()
