"""Tapped runs: a string of moves (U, D, L, R) played on the run model, for bots and tests.

Each letter is one tap of an arrow key -- a press and its release at the same tick -- and
the taps come at a steady pace (by default the game's held-key walking speed, so a
straight corridor tapped takes as long as walked).  A tap while the player is still
sliding is queued and taken on arrival, as in the game, so every tap counts; a tap into a
wall is a bump and no move.  After the last tap the run goes on until the player stands
still (chasers stop with it: a run that stops short is not caught for standing).  On a
maze with mud, where a step can take three times as long, a tap waits while the queue is
full instead of being dropped: a player sees the mud and taps no faster than they wade.  Pure: the same run model, intents and fixed ticks as the game and its replays, so
the run can be kept as a replay that ``replay --verify`` re-runs to the same result.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from game.maze import tiles as kinds
from game.maze.grid import Maze
from game.run.clock import TICK_RATE
from game.run.intents import Release
from game.run.model import Run
from game.run.player import WALKING_SPEED, Move
from game.run.replay import MAX_INTENTS, MAX_TICKS

#: The move each letter taps.
LETTERS: dict[str, Move] = {"U": Move(-1, 0), "D": Move(1, 0), "L": Move(0, -1),
                            "R": Move(0, 1)}
#: Most taps in one run: each is two intents (press and release), and a replay holds
#: at most MAX_INTENTS.
MAX_TAPS = MAX_INTENTS // 2
#: The fastest pace: one tap a tick.
MAX_TAPS_PER_SECOND = float(TICK_RATE)


def parse_moves(text: str) -> list[Move]:
    """Return the taps ``text`` spells (U, D, L, R in either case; spaces are skipped).

    Raise ValueError naming the first character that is no move, and its place.
    """
    moves: list[Move] = []
    for place, char in enumerate(text, 1):
        if char.isspace():
            continue
        move = LETTERS.get(char.upper()) if char.isascii() else None
        if move is None:
            raise ValueError(f"{char!r} at position {place} is not a move (U, D, L or R)")
        moves.append(move)
    if len(moves) > MAX_TAPS:
        raise ValueError(f"{len(moves)} moves is more than the {MAX_TAPS} a run can keep")
    return moves


@dataclass(frozen=True)
class Tapped:
    """A tapped run and how many of its taps were played (none after the exit)."""

    run: Run
    taps: int


def tap_ticks(count: int, taps_per_second: float) -> list[int]:
    """Return the tick of each of ``count`` taps at ``taps_per_second``, the first at 0."""
    return [int(i * TICK_RATE / taps_per_second + 0.5) for i in range(count)]


def check_pace(count: int, taps_per_second: float, speed: float) -> None:
    """Raise ValueError when ``count`` taps at this pace take longer than a replay keeps."""
    if not (math.isfinite(taps_per_second) and 0 < taps_per_second <= MAX_TAPS_PER_SECOND):
        raise ValueError(f"the pace must be a number of taps per second above 0 and at most "
                         f"{MAX_TAPS_PER_SECOND:g} (one a tick), got {taps_per_second:g}")
    per_step = math.ceil(TICK_RATE / speed) + 1  # a queued tap waits a step at most
    last = tap_ticks(count, taps_per_second)[-1] if count else 0
    if max(last, per_step * count) + per_step > MAX_TICKS:
        hours = MAX_TICKS / TICK_RATE / 3600
        raise ValueError(f"{count} taps at {taps_per_second:g} a second take longer than "
                         f"the {hours:g} hours a run can keep")


def tap(maze: Maze, moves: list[Move], taps_per_second: float = WALKING_SPEED) -> Tapped:
    """Play ``moves`` as taps at ``taps_per_second`` from the entrance; return the run.

    Raise ValueError for a pace out of range or a run longer than a replay keeps.
    """
    run = Run(maze, search_optimal=False)
    wading = kinds.weighted(maze.tiles)
    slowest = int(kinds.step_costs(maze.tiles).max()) if wading else 1
    check_pace(len(moves), taps_per_second, run.player.speed / slowest)
    played = 0
    late = 0  # ticks the taps were held back while the queue was full (mud)
    for tick, move in zip(tap_ticks(len(moves), taps_per_second), moves):
        run.advance_to(tick + late)
        while wading and run.player.queue_full and not run.over:
            run.advance_to(run.tick + 1)
            late += 1
        if run.over:
            break
        run.apply(move)
        run.apply(Release(move.dr, move.dc))
        played += 1
    while not (run.over or run.player.idle):  # the taps still queued, one per arrival
        run.advance_to(run.tick + 1)
    return Tapped(run, played)


def result_json(tapped: Tapped, level: str) -> dict[str, Any]:
    """Return what ``simulate --json`` prints of a tapped run on ``level`` (its name)."""
    run = tapped.run
    return {
        "finished": run.finished, "caught": run.caught, "moves": run.moves,
        "time": round(run.ticks_played / TICK_RATE, 3), "ticks": run.ticks_played,
        "keys": run.keys, "hints": run.hints_used, "optimal": run.optimal,
        "cost": run.cost, "optimal_cost": run.optimal_cost,
        "at": list(run.player.pos), "taps": tapped.taps, "level": level,
    }
