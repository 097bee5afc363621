"""Replays: a finished run as a small versioned JSON document, and its re-simulation.

A replay holds what was played (a level code, or for a maze from a file the maze
itself), a digest of that maze, the intents with the ticks they arrived at, the result
(reached the exit, moves, ticks), the hint's starting solver and speed and the game
version.  The run model advances in fixed ticks, so :func:`simulate` gives the same
moves and time on any machine; :func:`verify` re-runs a replay within a budget (the
largest maze, the longest run, the most intents) checked before anything is built.  Pure: no pygame, no files (:mod:`game.replays` keeps
them on disk).

The document, version 1::

    {"version": 1, "game": "0.1.0", "date": "2026-12-01T08:30:00Z",
     "level": {"code": "B11x11-SX", "label": "1 · First Steps", "digest": "9f2c..."},
     "start": {"solver": "bfs", "speed": 1.0},
     "intents": [[0, "move", 0, 1], [14, "release", 0, 1], [90, "hint"], ...],
     "result": {"finished": true, "moves": 40, "ticks": 611, "time_ticks": 611, "hints": 1}}

A file maze has ``"maze": "<its text>"`` in ``level`` instead of ``"code"``.  A document
without ``version`` is version 0 (the draft of the format: the intents under ``"log"``,
no digest); it is migrated on reading.  Anything else wrong raises
:class:`ReplayFormatError` naming the key and the bad value.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass, fields
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, Optional, get_args

from game.maze.grid import Maze
from game.run.clock import TICK_RATE
from game.run.intents import AutoRun, Release, RunIntent
from game.run.level import Level
from game.run.model import Logged, Run, replay
from game.run.player import Move

if TYPE_CHECKING:
    from game.levels import LevelSpec

REPLAY_VERSION = 1
#: Largest replay read or written (an hour of busy walking is a few hundred kilobytes;
#: MAX_INTENTS intents fit).
MAX_REPLAY_BYTES = 4 * 1024 * 1024
#: Longest run a replay holds: two hours of ticks (a longer one is not kept).  With
#: MAX_INTENTS it bounds the run a hostile file can ask :func:`verify` for (seconds);
#: the maze it names is bounded by the verify budget (:class:`VerifyBudget`).
MAX_TICKS = 2 * 3600 * TICK_RATE
#: Most intents a replay holds (over an hour of tapping ten times a second).
MAX_INTENTS = 100_000
#: Most digits of a JSON integer read (a tick has at most 7).
MAX_INT_DIGITS = 20
#: Longest text field (a label, the game version, the date).
MAX_TEXT = 200

#: Each intent's name in a replay (its own ``NAME``); its fields follow the name, in
#: declaration order.
INTENT_NAMES: dict[type, str] = {cls: cls.NAME for cls in get_args(RunIntent)}
INTENT_TYPES: dict[str, type] = {name: cls for cls, name in INTENT_NAMES.items()}
#: Each intent's fields, in order: (name, type), the type as its annotation spells it.
INTENT_FIELDS: dict[type, tuple[tuple[str, str], ...]] = {
    cls: tuple((f.name, str(f.type)) for f in fields(cls)) for cls in INTENT_NAMES}
#: The intents whose fields are a direction (one step up, down, left or right).
_DIRECTED = (Move, Release, AutoRun)


class ReplayFormatError(ValueError):
    """A replay document is not valid; the message says which key and what is wrong."""


@dataclass(frozen=True)
class LevelRef:
    """What a replay was played on: a level code, or a file maze's own text."""

    code: Optional[str]
    maze: Optional[str]  # the text of a maze from a file (None: ``code`` builds it)
    digest: str  # sha256 of the maze's text, to check the rebuilt maze is the same
    label: str = ""

    @property
    def name(self) -> str:
        """Return how listings name the level: its code, else "file:" and the digest's start."""
        return self.code if self.code is not None else f"file:{self.digest[:12]}"


@dataclass(frozen=True, eq=False)
class Replay:
    """A run kept: the level, the intents with their ticks, and how the run ended."""

    level: LevelRef
    log: tuple[Logged, ...]
    ticks: int  # the ticks simulated (up to the exit, or to where the run was left)
    time_ticks: int  # the ticks from the first move to the end: the run's time
    finished: bool
    moves: int
    hints: int = 0
    solver: str = "bfs"
    speed: float = 1.0
    game: str = ""
    date: str = ""  # ISO 8601, UTC

    @property
    def time(self) -> float:
        """Return the run's time in seconds."""
        return self.time_ticks / TICK_RATE

    def beats(self, other: "Replay") -> bool:
        """Return True when this run is better than ``other``: finished, faster, fewer moves."""
        return ((not self.finished, self.time_ticks, self.moves)
                < (not other.finished, other.time_ticks, other.moves))


# -- making and replaying -------------------------------------------------------------


def maze_digest(maze: Maze) -> str:
    """Return the sha256 of the maze's text (its tiles, start and exit)."""
    from game.maze.formats import format_maze

    return _digest(format_maze(maze))


def _digest(text: str) -> str:
    """Return the sha256 of a maze's text, in hex."""
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def level_ref(level: Level) -> LevelRef:
    """Return how a replay names ``level``: its code, else the maze itself."""
    from game.levels import level_code

    code = None
    if level.spec is not None:
        try:
            code = level_code(level.spec)
        except ValueError:  # a spec the code scheme cannot express: keep the maze
            code = None
    if code is not None:
        return LevelRef(code, None, maze_digest(level.maze), level.label[:MAX_TEXT])
    from game.maze.formats import format_maze

    text = format_maze(level.maze)
    return LevelRef(None, text, _digest(text), level.label[:MAX_TEXT])


def record(run: Run, level: Level, *, game: str, date: str) -> Replay:
    """Return the replay of ``run`` on ``level`` as it stands now."""
    return Replay(level_ref(level), tuple(run.log), run.tick, run.ticks_played, run.finished,
                  run.moves, run.hints_used, run.start_solver, run.start_speed, game, date)


def rebuild(ref: LevelRef) -> Level:
    """Return the level a replay was played on; raise ReplayFormatError if it differs now."""
    from game.levels import build_level, campaign_index, parse_level_code

    if ref.code is not None:
        try:
            spec = parse_level_code(ref.code)
            maze = build_level(spec)
        except ValueError as exc:
            raise ReplayFormatError(f"level: {exc}") from None
        level = Level(maze, spec, campaign_index(spec), ref.label)
    else:
        from game.maze.formats import MazeFormatError, parse_maze

        assert ref.maze is not None
        try:
            maze = parse_maze(ref.maze, "the replay's maze")
        except MazeFormatError as exc:
            raise ReplayFormatError(f"level.maze: {exc}") from None
        level = Level(maze, label=ref.label)
    if maze_digest(level.maze) != ref.digest:
        raise ReplayFormatError(
            f"level: {ref.name} builds a different maze in this version of Migong "
            f"(digest {maze_digest(level.maze)[:12]}, the replay's {ref.digest[:12]})")
    return level


def simulate(rep: Replay, maze: Maze) -> Run:
    """Re-run ``rep`` on ``maze`` from its entrance in fixed ticks; return the run."""
    return replay(maze, rep.log, ticks=rep.ticks, solver=rep.solver, speed=rep.speed,
                  fog=chase_fog(rep.level, maze), search_optimal=False)


def chase_fog(ref: LevelRef, maze: Maze) -> bool:
    """Return True when the run's chasers lose the scent in fog: a fogged level with lairs.

    The fog changes nothing else a replay checks, so a maze without chasers re-runs
    without it (sooner).  A file maze's replay does not say it was fogged: clear.
    """
    from game.maze.chase import lair_mask

    if ref.code is None or not lair_mask(maze.tiles).any():
        return False
    try:
        return _code_spec(ref.code).fog
    except ValueError:
        return False


class ReplayOverBudget(ValueError):
    """A replay asks more of a verification than its budget allows; the message says what."""


@dataclass(frozen=True)
class VerifyBudget:
    """The most one verification takes on, checked before anything is built or run.

    ``max_tiles``: the largest maze (rows x cols); ``max_ticks``: the longest run;
    ``max_intents``: the most intents.  The defaults are the command line's (a 1001x1001
    maze, two hours, the format's intents); a server re-running strangers' replays sets
    smaller ones.
    """

    max_tiles: int = 1001 * 1001
    max_ticks: int = MAX_TICKS
    max_intents: int = MAX_INTENTS


@dataclass(frozen=True)
class Verdict:
    """A replay re-run: how the run went, beside what the file says of it."""

    replay: Replay
    finished: bool
    moves: int
    ticks: int  # the run's time in ticks (from the first move)
    hints: int
    caught: bool = False  # a chaser caught the player (the run is not finished)

    @property
    def matches(self) -> bool:
        """Return True when the re-run agrees with the recorded result, hints included."""
        rep = self.replay
        return ((self.finished, self.moves, self.ticks, self.hints)
                == (rep.finished, rep.moves, rep.time_ticks, rep.hints))

    def to_json(self) -> dict[str, Any]:
        """Return the verdict as ``replay --verify`` prints it."""
        rep = self.replay
        return {
            "finished": self.finished, "moves": self.moves,
            "time": round(self.ticks / TICK_RATE, 3), "ticks": self.ticks, "hints": self.hints,
            "caught": self.caught, "level": rep.level.name,
            "recorded": {"finished": rep.finished, "moves": rep.moves, "ticks": rep.time_ticks,
                         "hints": rep.hints},
            "matches": self.matches,
        }


def maze_size(ref: LevelRef) -> tuple[int, int]:
    """Return the rows and columns of the maze ``ref`` names, without building it."""
    if ref.code is not None:
        try:
            spec = _code_spec(ref.code)
            return spec.rows, spec.cols
        except ValueError as exc:
            raise ReplayFormatError(f"level: {exc}") from None
    assert ref.maze is not None
    lines = ref.maze.splitlines()
    return len(lines), max((len(line) for line in lines), default=0)


@lru_cache(maxsize=256)
def _code_spec(code: str) -> LevelSpec:
    """Return level code ``code`` parsed (kept: a board checks one day's code often)."""
    from game.levels import parse_level_code

    return parse_level_code(code)


def check_budget(rep: Replay, budget: VerifyBudget) -> None:
    """Raise ReplayOverBudget when ``rep`` asks more than ``budget`` allows."""
    rows, cols = maze_size(rep.level)
    if rows * cols > budget.max_tiles:
        raise ReplayOverBudget(f"its maze is {rows}x{cols} ({rows * cols} tiles), over the "
                               f"{budget.max_tiles} tiles a verification takes on")
    if rep.ticks > budget.max_ticks:
        raise ReplayOverBudget(f"its run is {rep.ticks} ticks long, over the "
                               f"{budget.max_ticks} ticks a verification takes on")
    if len(rep.log) > budget.max_intents:
        raise ReplayOverBudget(f"it holds {len(rep.log)} intents, over the "
                               f"{budget.max_intents} a verification takes on")


def verify(rep: Replay, budget: VerifyBudget = VerifyBudget()) -> Verdict:
    """Re-run ``rep`` on the maze it names, within ``budget``; return the verdict.

    Raise ReplayOverBudget (checked first, before the maze is built) or ReplayFormatError
    when the level cannot be rebuilt as it was.
    """
    check_budget(rep, budget)
    maze = rebuild(rep.level).maze
    run = simulate(rep, maze)
    return Verdict(rep, run.finished, run.moves, run.ticks_played, run.hints_used, run.caught)


# -- to JSON ----------------------------------------------------------------------------


def encode_intent(logged: Logged) -> list[Any]:
    """Return ``[tick, name, *fields]`` for one logged intent."""
    intent = logged.intent
    cls = type(intent)
    return [logged.tick, INTENT_NAMES[cls], *(getattr(intent, f) for f, _ in INTENT_FIELDS[cls])]


def to_json(rep: Replay) -> dict[str, Any]:
    """Return the JSON document of a replay (current version)."""
    level: dict[str, Any] = {"label": rep.level.label, "digest": rep.level.digest}
    if rep.level.code is not None:
        level["code"] = rep.level.code
    else:
        level["maze"] = rep.level.maze
    return {
        "version": REPLAY_VERSION,
        "game": rep.game,
        "date": rep.date,
        "level": level,
        "start": {"solver": rep.solver, "speed": rep.speed},
        "intents": [encode_intent(logged) for logged in rep.log],
        "result": {"finished": rep.finished, "moves": rep.moves, "ticks": rep.ticks,
                   "time_ticks": rep.time_ticks, "hints": rep.hints},
    }


def dumps(rep: Replay) -> str:
    """Return the text of a replay file: compact, one intent a line."""
    doc = to_json(rep)
    intents = doc.pop("intents")
    head = json.dumps(doc, ensure_ascii=False, allow_nan=False)[:-1]
    body = ",\n  ".join(json.dumps(i, allow_nan=False) for i in intents)
    return f'{head},\n "intents": [\n  {body}\n ]}}\n' if intents else f'{head}, "intents": []}}\n'


# -- from JSON ----------------------------------------------------------------------------


def parse_replay(raw: bytes) -> Replay:
    """Return the replay the bytes of a file hold; raise ReplayFormatError saying what is wrong."""
    if len(raw) > MAX_REPLAY_BYTES:
        raise ReplayFormatError(f"the file is larger than {MAX_REPLAY_BYTES} bytes")
    if not raw.strip():
        raise ReplayFormatError("the file is empty")
    try:
        doc = json.loads(raw.decode("utf-8-sig"), parse_int=_parse_int)
    except UnicodeDecodeError as exc:
        raise ReplayFormatError(f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except json.JSONDecodeError as exc:
        raise ReplayFormatError(f"not valid JSON ({exc.msg} at line {exc.lineno} "
                                f"column {exc.colno})") from None
    except RecursionError:
        raise ReplayFormatError("arrays and objects nest too deep") from None
    return from_json(doc)


def _parse_int(digits: str) -> int:
    """Read a JSON integer of at most MAX_INT_DIGITS digits."""
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise ReplayFormatError(f"a number of {len(digits.lstrip('-'))} digits")
    return int(digits)


def _migrate_0_to_1(doc: dict[str, Any]) -> dict[str, Any]:
    """Move a draft replay's "log" to "intents" and give its level a digest."""
    doc = dict(doc)
    if "log" in doc:
        doc["intents"] = doc.pop("log")
    level = _get(doc, "level", dict)
    if "digest" not in level:
        level = dict(level)
        digest = _rebuilt_digest(level)
        level["digest"] = digest
        doc["level"] = level
    return {**doc, "version": 1}


def _rebuilt_digest(level: dict[str, Any]) -> str:
    """Return the digest of the maze a version-0 level names (it kept none)."""
    code, text = level.get("code"), level.get("maze")
    try:
        if isinstance(code, str):
            from game.levels import build_level, parse_level_code

            return maze_digest(build_level(parse_level_code(code)))
        if isinstance(text, str):
            from game.maze.formats import parse_maze

            return maze_digest(parse_maze(text, "the replay's maze"))
    except ValueError as exc:
        raise ReplayFormatError(f"level: {exc}") from None
    raise ReplayFormatError("'level' has neither a 'code' nor a 'maze': it needs one")


#: Migrations from an older replay version to the next one.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {0: _migrate_0_to_1}


def from_json(doc: Any) -> Replay:
    """Return the Replay a JSON document describes; raise ReplayFormatError if invalid."""
    if not isinstance(doc, dict):
        raise ReplayFormatError(f"expected a JSON object, found {_kind(doc)}")
    version = doc.get("version", 0)
    if not _is_int(version) or version < 0:
        raise ReplayFormatError(f"'version' must be a whole number >= 0, got {_shown(version)}")
    if version > REPLAY_VERSION:
        raise ReplayFormatError(f"written by a newer Migong (replay version {version}; "
                                f"this one reads up to {REPLAY_VERSION})")
    while version < REPLAY_VERSION:
        doc = MIGRATIONS[version](doc)
        version = doc["version"]
    level = _level(_get(doc, "level", dict))
    start = _get(doc, "start", dict, {})
    result = _get(doc, "result", dict)
    ticks = _count(result, "result.ticks", "ticks", MAX_TICKS)
    time_ticks = _count(result, "result.time_ticks", "time_ticks", ticks)
    speed = start.get("speed", 1.0)
    if not _is_number(speed) or not math.isfinite(speed) or speed <= 0:
        raise ReplayFormatError(f"'start.speed' must be a number > 0, got {_shown(speed)}")
    return Replay(
        level=level,
        log=_intents(_get(doc, "intents", list), ticks),
        ticks=ticks,
        time_ticks=time_ticks,
        finished=_get(result, "finished", bool, where="result.finished"),
        moves=_count(result, "result.moves", "moves", ticks + 1),
        hints=_count(result, "result.hints", "hints", MAX_INTENTS, default=0),
        solver=_text(start, "solver", "start.solver", default="bfs"),
        speed=float(speed),
        game=_text(doc, "game", "game", default=""),
        date=_text(doc, "date", "date", default=""),
    )


def _level(doc: dict[str, Any]) -> LevelRef:
    """Return the level part of a replay, checked."""
    code, maze = doc.get("code"), doc.get("maze")
    if code is None and maze is None:
        raise ReplayFormatError("'level' has neither a 'code' nor a 'maze': it needs one")
    if code is not None and maze is not None:
        raise ReplayFormatError("'level' has both a 'code' and a 'maze': it needs one, "
                                "not both")
    if code is not None and not (isinstance(code, str) and 0 < len(code) <= 80):
        raise ReplayFormatError(f"'level.code' must be a level code, got {_shown(code)}")
    if maze is not None and not isinstance(maze, str):
        raise ReplayFormatError(f"'level.maze' must be the maze's text, got {_kind(maze)}")
    digest = _text(doc, "digest", "level.digest")
    if len(digest) != 64 or any(c not in "0123456789abcdef" for c in digest):
        raise ReplayFormatError(f"'level.digest' must be 64 hex digits, got {_shown(digest)}")
    return LevelRef(code, maze, digest, _text(doc, "label", "level.label", default=""))


def _intents(items: list[Any], ticks: int) -> tuple[Logged, ...]:
    """Return the logged intents, checked: known names, fields of the right type, ticks in order."""
    if len(items) > MAX_INTENTS:
        raise ReplayFormatError(f"'intents' holds {len(items)} intents (at most {MAX_INTENTS})")
    log: list[Logged] = []
    last = 0
    for i, item in enumerate(items):
        size = len(item) if type(item) is list else 0
        if size < 2:
            raise ReplayFormatError(f"'intents'[{i}] must be [tick, name, ...], got {_shown(item)}")
        tick = item[0]
        if type(tick) is not int or not last <= tick <= ticks:
            raise ReplayFormatError(f"'intents'[{i}]: the tick must be a whole number from "
                                    f"{last} (the one before) to {ticks} (the run's end), "
                                    f"got {_shown(tick)}")
        # an intent of whole numbers read before is the same (frozen) intent: kept, not
        # checked and built again (a run's few hundred moves are mostly the same four);
        name = item[1]
        key: Optional[tuple[Any, ...]] = None
        if type(name) is str:
            if size == 4:
                if type(item[2]) is int and type(item[3]) is int:
                    key = (name, item[2], item[3])
            elif size == 2:
                key = (name,)
        intent = _READ.get(key) if key is not None else None
        if intent is None:
            values = item[2:]
            cls = INTENT_TYPES.get(name) if type(name) is str else None
            if cls is None:
                raise ReplayFormatError(f"'intents'[{i}]: unknown intent {_shown(name)} "
                                        f"(known: {', '.join(INTENT_TYPES)})")
            problem = _bad_fields(cls, values)
            if problem:
                raise ReplayFormatError(f"'intents'[{i}] ({name}){problem}")
            intent = cls(*values)
            if key is not None and len(_READ) < _READ_MOST:
                _READ[key] = intent
        log.append(Logged(tick, intent))
        last = tick
    return tuple(log)


#: Intents of whole-number fields read and checked before, by (name, *fields); the
#: fields' types are exactly int (True is not 1 here), so a key names one valid intent.
_READ: dict[tuple[Any, ...], RunIntent] = {}
#: Most intents kept in ``_READ`` (a run uses a dozen; a hostile one cannot grow it past).
_READ_MOST = 4096


def _bad_fields(cls: type, values: list[Any]) -> str:
    """Return what is wrong with ``values`` as the fields of intent ``cls`` ("" if nothing)."""
    spec = INTENT_FIELDS[cls]
    if len(values) != len(spec):
        names = ", ".join(name for name, _ in spec) or "nothing"
        return f" takes {names} after its name, got {_shown(values)}"
    for (name, kind), value in zip(spec, values):
        if kind == "int" and not (type(value) is int and -64 <= value <= 64):
            return f": {name} must be a small whole number, got {_shown(value)}"
        if kind == "float" and not (_is_number(value) and math.isfinite(value)):
            return f": {name} must be a number, got {_shown(value)}"
        if kind == "str" and not (type(value) is str and len(value) <= 40):
            return f": {name} must be a name, got {_shown(value)}"
    if cls in _DIRECTED and abs(values[0]) + abs(values[1]) != 1:
        return f": ({values[0]}, {values[1]}) is not one step up, down, left or right"
    return ""


def _get(doc: dict[str, Any], key: str, kind: type, default: Any = None, *,
         where: Optional[str] = None) -> Any:
    """Return ``doc[key]`` of type ``kind`` (``default`` when absent and given)."""
    where = where or key
    if key not in doc:
        if default is not None:
            return default
        raise ReplayFormatError(f"'{where}' is missing")
    value = doc[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ReplayFormatError(f"'{where}' must be {_KINDS[kind]}, got {_kind(value)}")
    return value


def _count(doc: dict[str, Any], where: str, key: str, most: int,
           default: Optional[int] = None) -> int:
    """Return the whole number ``doc[key]`` in 0..``most``."""
    if key not in doc and default is not None:
        return default
    value: Any = doc.get(key)
    if not _is_int(value) or not 0 <= value <= most:
        raise ReplayFormatError(f"'{where}' must be a whole number from 0 to {most}, "
                                f"got {_shown(value)}")
    return int(value)


def _text(doc: dict[str, Any], key: str, where: str, *, default: Optional[str] = None) -> str:
    """Return the string ``doc[key]`` (at most MAX_TEXT characters, or ``default`` when absent)."""
    value = _get(doc, key, str, default, where=where)
    if len(value) > MAX_TEXT:
        raise ReplayFormatError(f"'{where}' is {len(value)} characters long (at most {MAX_TEXT})")
    return str(value)


_KINDS = {dict: "an object", list: "a list", str: "text", bool: "true or false", int: "a number"}


def _kind(value: Any) -> str:
    """Name the JSON type of ``value`` for a message."""
    if value is None:
        return "null"
    for kind, name in _KINDS.items():
        if isinstance(value, kind):
            return "a number" if kind is int and not isinstance(value, bool) else name
    return "a number" if isinstance(value, float) else type(value).__name__


def _shown(value: Any) -> str:
    """Return ``value`` as JSON for a message, cut after 40 characters."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:40] + "..."


def _is_int(v: Any) -> bool:
    """Return True for a JSON integer (not a bool)."""
    return isinstance(v, int) and not isinstance(v, bool)


def _is_number(v: Any) -> bool:
    """Return True for a JSON number (not a bool)."""
    return isinstance(v, (int, float)) and not isinstance(v, bool)

