"""A corpus of runs for checking that a faster run model plays every log exactly as before.

Each case is a level code and a seed; the seed alone makes the intent log (taps along
the shortest route at random paces, keys held through corridors, auto-runs, stray
presses into walls, hint toggles, solver and speed changes, focus lost), so the log does
not depend on the run model being checked.  :func:`summary` is everything a re-run
decides: the result a board checks (finished, moves, time, hints, keys, caught) and the
state behind it (tile, slide, clock, facing, visits, trail).  :func:`golden` hashes the
summaries: ``tests/run/test_run_corpus.py`` holds the hashes the model made before it
was sped up, and ``tests/benchmarks/check_same_runs.py`` compares two commits at length.
Importable by older commits too (it uses only ``Run``, ``replay`` and the intents).
"""

from __future__ import annotations

import hashlib
import json
import random
from functools import lru_cache
from typing import Any, Sequence

from game.maze.grid import Maze
from game.run import intents as it
from game.run.model import Logged, Run, replay
from game.run.player import Move

#: Level codes of every kind: plain, loops, keys (Y), mud (U), chasers (C), fog (F), rooms
#: (division's R), and the campaign's with keys, chasers, mud and fog.
CODES: tuple[str, ...] = (
    "B11x11-UL", "B15x7-7", "P13x13-106", "D21x21-1MD-C1", "B15x15-16Q-C1",
    "P21x21-1MD-C1", "P25x25-1XH-C2", "D31x31-2E5-C2", "B25x25-1XL-C2", "B15x15-15Z-Y1",
    "P21x21-1MY-Y2", "D27x27-23X-R3-Y2", "B31x31-2FD-L10-Y3", "P21x21-1OH-F1",
    "B15x15-17I-F1", "D31x31-2GK-R4-F1", "D45x45-3HA-R4-L10-Y2-F1", "G75x75-5SV-K3",
    "B21x21-7-U10", "P25x25-9-U20-L10", "D31x31-1-R3-U10-C1", "B41x41-2-L10-C2-F1",
    "P31x31-1-U10-C1-F1", "P21x21-4-Y2-U10", "G21x21-3-L20-C1", "D41x41-3734O1D8-R3-F1",
    "G45x45-3734O1D8-Y2",
)
_MOVES = ((-1, 0), (0, 1), (1, 0), (0, -1))


@lru_cache(maxsize=64)
def maze_of(code: str) -> Maze:
    """Return the maze of level code ``code`` (kept: cases share them)."""
    from game.levels import build_level, parse_level_code

    return build_level(parse_level_code(code))


def _route(maze: Maze) -> list[tuple[int, int]]:
    """Return the directions of the shortest walk (keys fetched) from entrance to exit."""
    from game.maze.solvers import solve

    path = solve(maze, "bfs").path or []
    return [(b[0] - a[0], b[1] - a[1]) for a, b in zip(path, path[1:])]


def make_log(maze: Maze, seed: int) -> tuple[tuple[Logged, ...], int]:
    """Return an intent log made from ``seed`` alone, and the ticks to re-run it for."""
    rng = random.Random(seed)
    route = _route(maze)
    # some cases wander off the route now and then
    stray = rng.choice((0.0, 0.0, 0.0, 0.05, 0.2))
    careful = rng.random() < 0.7  # taps no faster than the walk, keys let go in time
    log: list[Logged] = []
    tick = rng.randrange(0, 30)
    i = 0

    def add(at: int, intent: Any) -> None:
        """Log ``intent`` at tick ``at``."""
        log.append(Logged(at, intent))

    while i < len(route) and len(log) < 3000:
        d = route[i]
        run_len = 1
        while i + run_len < len(route) and route[i + run_len] == d:
            run_len += 1
        style = rng.random()
        if rng.random() < stray:  # a press the wrong way, held or tapped
            w = rng.choice(_MOVES)
            add(tick, Move(*w))
            tick += rng.choice((0, 0, 1, 3, 20, 40))
            add(tick, it.Release(*w))
            tick += rng.randrange(0, 20)
        if rng.random() < 0.04:
            extra = rng.choice((it.ToggleHint(), it.CycleSolver(), it.CycleSolver(-1),
                                it.ChangeSpeed(1), it.ChangeSpeed(-1), it.SetSpeed(2.0),
                                it.SelectSolver("dfs"), it.FinishHint(), it.ReleaseAll()))
            add(tick, extra)
            tick += rng.choice((0, 1, 5))
        if style < 0.45:  # taps, at a pace from frantic to slow
            gap = rng.choice((15, 16, 20, 30) if careful else (1, 4, 8, 12, 15, 16, 30))
            for _ in range(run_len):
                add(tick, Move(*d))
                tick += rng.choice((0, 0, 1, 2))
                add(tick, it.Release(*d))
                tick += gap
        elif style < 0.8:  # the key held through the corridor, released early or late
            add(tick, Move(*d))
            # steps start at 0, 24 (the repeat delay), then every 15 ticks: let go between
            # the last one wanted and the next (careful), or anywhere near it
            last = 0 if run_len == 1 else 24 + (run_len - 2) * 15
            nxt = 24 if run_len == 1 else last + 15
            tick += (rng.randrange(last + 2, nxt - 1) if careful
                     else max(0, last + rng.randrange(-20, 25)))
            add(tick, it.Release(*d))
            tick += rng.randrange(0, 10)
        elif style < 0.9:  # an auto-run, then a pause
            add(tick, it.AutoRun(*d))
            tick += run_len * 15 + rng.randrange(0, 40)
        else:  # a press and a second key together, the first let go late
            add(tick, Move(*d))
            w = rng.choice(_MOVES)
            tick += rng.randrange(0, 12)
            add(tick, Move(*w))
            tick += rng.randrange(0, 30)
            add(tick, it.Release(*w))
            tick += max(0, run_len * 15 - 10)
            add(tick, it.Release(*d))
            tick += rng.randrange(0, 6)
        i += run_len
    return tuple(log), tick + rng.choice((0, 30, 400))


def summary(run: Run) -> dict[str, Any]:
    """Return everything a re-run decided, as plain JSON values."""
    p = run.player
    return {
        "finished": run.finished, "caught": run.caught, "moves": run.moves,
        "ticks": run.ticks_played, "tick": run.tick, "hints": run.hints_used,
        "keys": run.keys, "started": run.started_at, "finished_at": run.finished_at,
        "caught_at": run.caught_at, "solver": run.solver, "speed": run.speed,
        "locked_by": run.locked_by, "log": len(run.log),
        "pos": list(p.pos), "prev": list(p.prev), "fraction": repr(p.fraction),
        "clock": repr(p.clock), "facing": p.facing, "running": p.running is not None,
        "visits": hashlib.sha256(run.visits.tobytes()).hexdigest()[:16],
        "trail": hashlib.sha256(repr(run.trail).encode()).hexdigest()[:16],
        "walked": len(run.walked),
    }


@lru_cache(maxsize=None)
def replayed(code: str, seed: int) -> Run:
    """Return the run the log of ``seed`` makes on ``code``'s maze, re-run (kept: read only)."""
    from game.levels import parse_level_code

    maze = maze_of(code)
    log, ticks = make_log(maze, seed)
    return replay(maze, log, ticks=ticks, fog=parse_level_code(code).fog, search_optimal=False)


def stepped(code: str, seed: int) -> Run:
    """Return the same run advanced one ``step`` a tick: no batching of idle or sliding ticks."""
    from game.levels import parse_level_code

    maze = maze_of(code)
    log, ticks = make_log(maze, seed)
    run = Run(maze, fog=parse_level_code(code).fog, search_optimal=False)
    i = 0
    while True:
        while i < len(log) and log[i].tick <= run.tick:
            run.apply(log[i].intent)
            i += 1
        if run.tick >= ticks or run.over:
            return run
        run.step()


def golden(cases: Sequence[tuple[str, int]]) -> dict[str, str]:
    """Return each case's summary hash, by ``code/seed``."""
    return {f"{code}/{seed}": hashlib.sha256(json.dumps(
        summary(replayed(code, seed)), sort_keys=True).encode()).hexdigest()[:20]
        for code, seed in cases}
