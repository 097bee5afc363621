"""Benchmark replays: file size, writing, reading and verifying, for small to worst-case runs.

Run it as a script (it is not a timed test)::

    python tests/benchmarks/bench_replay.py

For each case it builds a run by intents, as the play scene would, and prints the size of
its replay file, the time to keep it (write + read back + prune), to read it, and to
verify it (re-simulate it to the end), best of three.  Cases: the first campaign level
walked tap by tap; the last (201x201) walked tap by tap with a hint on; a run that
holds a key for an hour (the most ticks to simulate per byte); and the largest replay
the game keeps (MAX_INTENTS intents over MAX_TICKS ticks), which is the worst a hostile
file can ask of ``replay --verify``.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.levels import CAMPAIGN, build_level  # noqa: E402
from game.maze.solvers import solve  # noqa: E402
from game.replays import ReplayStore, read_replay  # noqa: E402
from game.run.clock import TICK_RATE  # noqa: E402
from game.run.intents import Release, ToggleHint  # noqa: E402
from game.run.level import Level  # noqa: E402
from game.run.model import Logged, Run  # noqa: E402
from game.run.player import Move  # noqa: E402
from game.run.replay import MAX_INTENTS, MAX_TICKS, Replay, record, simulate  # noqa: E402


def best_of(n: int, work: Callable[[], object]) -> float:
    """Return the best wall-clock seconds of ``n`` runs of ``work``."""
    times = []
    for _ in range(n):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def tapped(index: int, *, hint: bool) -> tuple[Level, Replay]:
    """Return campaign level ``index`` and the replay of tapping its shortest route."""
    spec = CAMPAIGN[index]
    level = Level(build_level(spec), spec, index, spec.name)
    run = Run(level.maze)
    if hint:
        run.apply(ToggleHint())
    path = solve(level.maze, "bfs").path or []
    for a, b in zip(path, path[1:]):
        move = Move(b[0] - a[0], b[1] - a[1])
        run.apply(move)
        run.apply(Release(move.dr, move.dc))
        while run.player.moving and not run.finished:
            run.step()
    return level, record(run, level, game="bench", date="2026-12-01T00:00:00Z")


def held_for_an_hour() -> tuple[Level, Replay]:
    """Return level 1 and a replay that holds Down against a wall for an hour."""
    level, rep = tapped(0, hint=False)
    log = (Logged(0, Move(1, 0)),)
    return level, Replay(rep.level, log, 3600 * TICK_RATE, 3600 * TICK_RATE, False, 0)


def largest() -> tuple[Level, Replay]:
    """Return level 1 and the largest replay kept: MAX_INTENTS taps over MAX_TICKS ticks."""
    level, rep = tapped(0, hint=False)
    step = MAX_TICKS // MAX_INTENTS
    moves = (Move(0, 1), Move(0, -1))
    log = tuple(Logged(i * step, moves[i % 2]) for i in range(MAX_INTENTS))
    return level, Replay(rep.level, log, MAX_TICKS, MAX_TICKS, False, 0)


def main() -> None:
    """Print one row per case."""
    cases = {
        "level 1, tapped": lambda: tapped(0, hint=False),
        "level 24 (201x201), tapped, hint": lambda: tapped(23, hint=True),
        "1 hour holding a key": held_for_an_hour,
        "largest kept (100k intents, 2 h)": largest,
    }
    print(f"{'case':36} {'intents':>8} {'ticks':>9} {'file KB':>8} {'keep s':>7} "
          f"{'read s':>7} {'verify s':>8}")
    with tempfile.TemporaryDirectory() as folder:
        for name, make in cases.items():
            level, rep = make()
            store = ReplayStore(Path(folder) / name.split()[0])
            path = store.keep(rep)
            keep = best_of(3, lambda: store.keep(rep))
            read = best_of(3, lambda: read_replay(path))
            verify = best_of(3 if rep.ticks < 10 ** 6 else 1,
                             lambda: simulate(read_replay(path), level.maze))
            print(f"{name:36} {len(rep.log):8} {rep.ticks:9} {path.stat().st_size / 1024:8.1f} "
                  f"{keep:7.3f} {read:7.3f} {verify:8.2f}")


if __name__ == "__main__":
    main()
