"""Benchmark ``replay --verify``: seconds and peak memory for the budget's worst cases.

Run it as a script (it is not a timed test)::

    python tests/benchmarks/bench_verify.py [CASE ...]

Each case runs in a fresh process (so the peak memory is its own): it writes a replay, then
times reading it and rebuilding its maze ("build"), and re-running it ("run") as
``replay FILE --verify`` does, with a budget wide enough to take it.  The cases: the
largest replay the game keeps on level 1 (100k intents over two hours of walking), a key
held against a wall for two hours, and 100k intents on keyed mazes at the command line's
default budget (1001x1001) and on larger mazes.  Works on older versions too (before
``verify`` the command rebuilt and simulated just the same), to quote a before and after.
"""

from __future__ import annotations

import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.replays import read_replay  # noqa: E402
from game.run import replay as replays  # noqa: E402
from game.run.model import Logged  # noqa: E402
from game.run.player import Move  # noqa: E402
from game.run.replay import MAX_INTENTS, MAX_TICKS, LevelRef, Replay, dumps  # noqa: E402

CASES = {
    "level 1, 100k intents, 2 h walking": ("B11x11-UL", "walk"),
    "level 1, a key held 2 h on a wall": ("B11x11-UL", "hold"),
    "P1001x1001-1-Y4, 100k intents": ("P1001x1001-1-Y4", "walk"),
    "G1001x1001-1-Y4, 100k intents": ("G1001x1001-1-Y4", "walk"),
    "P2001x2001-1-Y4, 100k intents": ("P2001x2001-1-Y4", "walk"),
    "P4001x4001-1, 100k intents": ("P4001x4001-1", "walk"),
    "P4001x4001-1-Y4, 100k intents": ("P4001x4001-1-Y4", "walk"),
}


def make(code: str, kind: str) -> Replay:
    """Return a replay of ``code``: 100k alternating presses, or one key held up."""
    from game.levels import build_level, parse_level_code

    digest = replays.maze_digest(build_level(parse_level_code(code)))
    if kind == "hold":
        log: tuple[Logged, ...] = (Logged(0, Move(-1, 0)),)
    else:
        step = MAX_TICKS // MAX_INTENTS
        moves = (Move(0, 1), Move(1, 0), Move(0, -1), Move(-1, 0))
        log = tuple(Logged(i * step, moves[i % 4]) for i in range(MAX_INTENTS))
    return Replay(LevelRef(code, None, digest), log, MAX_TICKS, MAX_TICKS, False, 0)


def run_case(name: str) -> None:
    """Write the case's replay, verify it, print seconds and peak memory."""
    code, kind = CASES[name]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "run.json"
        path.write_text(dumps(make(code, kind)))
        start = time.perf_counter()
        rep = read_replay(path)
        if hasattr(replays, "check_budget"):
            replays.check_budget(rep, replays.VerifyBudget(max_tiles=4001 * 4001))
        maze = replays.rebuild(rep.level).maze
        built = time.perf_counter()
        moves = replays.simulate(rep, maze).moves  # as verify() re-runs it
        end = time.perf_counter()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{name:36} {built - start:8.2f} {end - built:8.2f} {end - start:8.2f} {peak:8.0f} "
          f"{moves:7}", flush=True)


def main(names: list[str]) -> None:
    """Run each case in its own process."""
    print(f"{'case':36} {'build s':>8} {'run s':>8} {'total s':>8} {'peak MB':>8} {'moves':>7}",
          flush=True)
    for name in names or list(CASES):
        subprocess.run([sys.executable, __file__, "--case", name], timeout=900, check=False)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--case"]:
        run_case(sys.argv[2])
    else:
        main(sys.argv[1:])
