"""What the board accepts: a submission's bounds, its checks and its re-run, pure.

Every input is bounded before it is parsed: the body's bytes, the JSON's nesting and
numbers, then the run's cost (the maze's tiles, the run's ticks and intents) before the
maze is built; only then is the replay re-run with the game's run model
(:func:`game.run.replay.verify`).  A refusal is a :class:`Refused` with the HTTP status
and one line saying why.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache
from typing import Any, Optional

import numpy as np

from game.maze.grid import Maze
from game.server.client import check_player
from game.run.clock import TICK_RATE
from game.run.model import Run
from game.run.replay import (MAX_INT_DIGITS, LevelRef, Replay, ReplayFormatError,
                             ReplayOverBudget, VerifyBudget, check_budget, from_json, rebuild,
                             simulate)

#: The largest maze the board re-runs by default: codes up to 301x301 tiles.
DEFAULT_MAX_SIZE = 301
#: The longest run the board re-runs: half an hour of ticks (a daily run takes minutes).
MAX_RUN_TICKS = 30 * 60 * TICK_RATE
#: The most intents a submitted run holds (a tap is two; an hour of busy tapping fits).
MAX_RUN_INTENTS = 20_000
#: The largest request body: MAX_RUN_INTENTS intents of ~24 bytes and the rest.
MAX_BODY_BYTES = 512 * 1024
#: The deepest nesting of arrays and objects a body may have (a replay needs 4).
MAX_DEPTH = 8
#: Most entries a board answers with; the default.
MAX_LIMIT = 100
DEFAULT_LIMIT = 10
#: Bins of a board's histogram of times, at most.
HISTOGRAM_BINS = 20


class Refused(Exception):
    """A submission or a request the board refuses: the HTTP status and one line why."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


@dataclass(frozen=True)
class Checked:
    """A submission re-run and accepted: what the board stores of it."""

    player: str
    board: str  # "daily/YYYY-MM-DD" or "code/CODE"
    code: str
    daily: Optional[str]  # the date of a daily run, ISO
    moves: int
    time_ticks: int
    optimal: bool  # the run took the shortest route's number of moves
    digest: str  # sha256 of the replay document: the same replay is one run


def budget(max_size: int = DEFAULT_MAX_SIZE) -> VerifyBudget:
    """Return the verification budget of a board taking mazes up to ``max_size`` tiles a side."""
    return VerifyBudget(max_tiles=max_size * max_size, max_ticks=MAX_RUN_TICKS,
                        max_intents=MAX_RUN_INTENTS)


def check_name(name: Any) -> str:
    """Return the player name, or raise Refused: 1-24 letters, digits, spaces, - or _."""
    try:  # the game checks a name by the same rule before it sends one
        return check_player(name)
    except ValueError as exc:
        raise Refused(422, str(exc)) from None


def check_limit(text: Optional[str]) -> int:
    """Return the ``limit`` query value (default 10), or raise Refused: 1 to 100."""
    if text is None:
        return DEFAULT_LIMIT
    if not (text.isascii() and text.isdigit() and len(text) <= 3
            and 1 <= int(text) <= MAX_LIMIT):
        raise Refused(400, f"'limit' must be a whole number from 1 to {MAX_LIMIT}")
    return int(text)


def check_date(text: Any) -> date:
    """Return the date ``YYYY-MM-DD`` spells, or raise Refused (not after tomorrow, UTC)."""
    from game.daily import parse_date, utc_today

    if not isinstance(text, str) or len(text) > 10:
        raise Refused(422, "'daily' must be a date YYYY-MM-DD")
    try:
        day = parse_date(text)
    except ValueError as exc:
        raise Refused(422, f"'daily': {exc}") from None
    if day > utc_today() + timedelta(days=1):
        raise Refused(422, f"'daily': {day.isoformat()} has not come yet")
    return day


@lru_cache(maxsize=64)
def daily_code_of(day: date) -> str:
    """Return the level code of ``day``'s maze (kept: a day's code never changes)."""
    from game.daily import daily_code

    return daily_code(day)


@lru_cache(maxsize=256)
def shortest(code: str) -> int:
    """Return the fewest moves from the entrance to the exit of the maze of ``code``."""
    from game.levels import build_level, parse_level_code
    from game.maze.solvers import solve

    return solve(build_level(parse_level_code(code)), "bfs").length or 0


#: Every byte but the brackets of arrays and objects (deleted before the depth is counted).
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")


def _depth_ok(body: bytes) -> bool:
    """Return True when the body's arrays and objects nest at most MAX_DEPTH deep.

    Brackets inside strings count too: a name or label with many brackets is refused
    (no replay has one), which keeps the check a single pass with no parsing (the
    running depth is a cumulative sum, in C).
    """
    brackets = body.translate(None, _NOT_BRACKETS)
    if len(brackets) <= MAX_DEPTH:
        return True
    opens = np.frombuffer(brackets, dtype=np.uint8)
    steps = np.where((opens == ord("[")) | (opens == ord("{")), 1, -1)
    return int(np.cumsum(steps).max()) <= MAX_DEPTH


#: A run of digits longer than a JSON integer the board reads (found in C, before parsing):
#: the body's ASCII digits as "0" and every other byte as " " hold ``_LONG_NUMBER``.  A
#: translate and a substring search, ten times sooner than a regex trying each byte.
_DIGITS_ONLY = bytes(0x30 if 0x30 <= b <= 0x39 else 0x20 for b in range(256))
_LONG_NUMBER = b"0" * (MAX_INT_DIGITS + 1)


def long_number(body: bytes) -> bool:
    """Return True when ``body`` holds a run of more than MAX_INT_DIGITS ASCII digits."""
    return _LONG_NUMBER in body.translate(_DIGITS_ONLY)


def _no_constant(name: str) -> Any:
    """Refuse NaN and Infinity, which JSON does not have."""
    raise ValueError(f"{name} is not a JSON number")


def parse_body(body: bytes) -> dict[str, Any]:
    """Return the JSON object of a submission's body, or raise Refused saying what is wrong."""
    if len(body) > MAX_BODY_BYTES:
        raise Refused(413, f"the body is larger than {MAX_BODY_BYTES} bytes")
    if not _depth_ok(body):
        raise Refused(400, f"the JSON nests deeper than {MAX_DEPTH} levels")
    if long_number(body):  # a digit run in a string counts too: no replay has one
        raise Refused(400, f"a number of more than {MAX_INT_DIGITS} digits")
    try:
        doc = json.loads(body.decode("utf-8"), parse_constant=_no_constant)
    except UnicodeDecodeError as exc:
        raise Refused(400, f"the body is not UTF-8 ({exc.reason} at byte {exc.start})") from None
    except json.JSONDecodeError as exc:
        raise Refused(400, f"the body is not valid JSON ({exc.msg} at line {exc.lineno} "
                           f"column {exc.colno})") from None
    except (ValueError, RecursionError) as exc:
        raise Refused(400, f"the body is not valid JSON ({exc})") from None
    if not isinstance(doc, dict):
        raise Refused(400, "the body must be a JSON object {\"player\", \"replay\", \"daily\"}")
    unknown = sorted(set(doc) - {"player", "replay", "daily"})
    if unknown:
        raise Refused(400, f"unknown key {unknown[0][:40]!r} (the keys are player, replay "
                           f"and daily)")
    return doc


def check(body: bytes, max_size: int = DEFAULT_MAX_SIZE) -> Checked:
    """Return the run a submission's body holds, re-run and matching; raise Refused if not.

    The steps: 1. bound and parse the body; 2. check the name and the daily date;
    3. read the replay; 4. check its cost against the budget before building anything;
    5. check a daily run's maze is that day's; 6. re-run it; 7. compare the result.
    """
    doc = parse_body(body)
    player = check_name(doc.get("player"))
    day = check_date(doc["daily"]) if doc.get("daily") is not None else None
    if "replay" not in doc:
        raise Refused(422, "'replay' is missing: send the replay document the game saved")
    intents = doc["replay"].get("intents") if isinstance(doc["replay"], dict) else None
    if isinstance(intents, list) and len(intents) > MAX_RUN_INTENTS:  # before reading each
        raise Refused(422, f"the run costs too much to check: it holds {len(intents)} "
                           f"intents, over the {MAX_RUN_INTENTS} a verification takes on")
    try:
        rep = from_json(doc["replay"])
    except ReplayFormatError as exc:
        raise Refused(422, f"the replay is not valid: {exc}") from None
    except RecursionError:
        raise Refused(400, "the replay nests too deep") from None
    if rep.level.code is None:
        raise Refused(422, "the replay is of a maze from a file: only a level code has a board")
    try:
        check_budget(rep, budget(max_size))
    except ReplayOverBudget as exc:
        raise Refused(422, f"the run costs too much to check: {exc}") from None
    except ReplayFormatError as exc:
        raise Refused(422, f"the replay is not valid: {exc}") from None
    code = rep.level.code
    if day is not None and daily_code_of(day) != code:
        raise Refused(422, f"the replay's maze {code[:40]} is not the daily maze of "
                           f"{day.isoformat()} ({daily_code_of(day)})")
    if not rep.finished:
        raise Refused(422, "the replay's run did not reach the exit")
    verdict = _rerun(rep)
    if not verdict[0]:
        raise Refused(422, "the re-run did not reach the exit: the replay is cut or forged")
    if verdict[1:] != (rep.moves, rep.time_ticks, rep.hints):
        raise Refused(422, f"the re-run took {verdict[1]} moves in {verdict[2]} ticks with "
                           f"{verdict[3]} hints, the replay says {rep.moves} in "
                           f"{rep.time_ticks} with {rep.hints}: forged")
    board = f"daily/{day.isoformat()}" if day is not None else f"code/{code}"
    return Checked(player, board, code, day.isoformat() if day else None, rep.moves,
                   rep.time_ticks, rep.moves <= shortest(code), replay_digest(doc["replay"]))


@lru_cache(maxsize=64)
def built(code: str, digest: str) -> Maze:
    """Return the maze of ``code``, checked against ``digest`` (kept: most runs share a day's).

    Its tiles are made read-only: the run model only reads the maze, and a kept maze
    must stay as built.  Raise ReplayFormatError when the code builds another maze.
    """
    maze = rebuild(LevelRef(code, None, digest)).maze
    maze.tiles.flags.writeable = False
    return maze


def rerun(rep: Replay) -> Run:
    """Return ``rep`` re-run on its kept maze as ``replay --verify`` re-runs it (fog and all).

    A fogged level's chasers lose the scent as they did in the game
    (:func:`game.run.replay.simulate`); raise Refused when the code builds another maze.
    """
    assert rep.level.code is not None
    try:
        maze = built(rep.level.code, rep.level.digest)
    except ReplayFormatError as exc:
        raise Refused(422, f"the replay is not valid: {exc}") from None
    return simulate(rep, maze)


def _rerun(rep: Replay) -> tuple[bool, int, int, int]:
    """Return (finished, moves, time in ticks, hints) of ``rep`` re-run on its maze."""
    run = rerun(rep)
    return run.finished, run.moves, run.ticks_played, run.hints_used


def replay_digest(doc: Any) -> str:
    """Return the sha256 of a replay's JSON document: the same replay sent twice is one run."""
    text = json.dumps(doc, sort_keys=True, ensure_ascii=True, allow_nan=False,
                      separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def board_name(kind: str, key: str) -> str:
    """Return the board ``kind`` ("daily" or "code") and ``key`` name, or raise Refused."""
    if kind == "daily":
        return f"daily/{check_date(key).isoformat()}"
    if kind != "code":
        raise Refused(404, f"no board kind {kind[:20]!r}: daily or code")
    from game.levels import parse_level_code

    try:
        parse_level_code(key)
    except ValueError as exc:
        raise Refused(400, f"not a level code: {str(exc)[:120]}") from None
    return f"code/{key}"


def bin_width(low: int, high: int) -> int:
    """Return the histogram's bin width in ticks for times from ``low`` to ``high``.

    A round number of seconds (0.5, 1, 2, 5, 10, 20, 50, ...), the smallest that puts the
    times in at most HISTOGRAM_BINS bins, so the bins read well.
    """
    width, i = TICK_RATE // 2, 0
    steps = (1, 2, 5)
    while (high // width) - (low // width) + 1 > HISTOGRAM_BINS:
        width = TICK_RATE * steps[i % 3] * 10 ** (i // 3)
        i += 1
    return width


def histogram(width: int, counts: list[tuple[int, int]]) -> dict[str, Any]:
    """Return the histogram of (bin, count) pairs, bins ``width`` ticks wide.

    ``bins`` lists ``{"from", "to", "count"}`` in seconds from the first bin with a run
    to the last, empty bins between included.
    """
    if not counts:
        return {"bin_seconds": 0, "bins": [], "total": 0}
    first = min(b for b, _ in counts)
    filled = [0] * (max(b for b, _ in counts) - first + 1)
    for b, n in counts:
        filled[b - first] += n
    return {
        "bin_seconds": width / TICK_RATE,
        "bins": [{"from": (first + k) * width / TICK_RATE,
                  "to": (first + k + 1) * width / TICK_RATE, "count": n}
                 for k, n in enumerate(filled)],
        "total": sum(filled),
    }
