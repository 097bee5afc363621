"""The save's JSON schema: a Progress to a document and back, every field checked.

Reading never trusts the file: size, nesting and number lengths are bounded before
``json.loads``; a mistyped field of progress raises :class:`SaveFormatError`, a mistyped
preference falls back to its default; older schema versions are migrated.
"""

from __future__ import annotations

import json
import logging
import math
import re
from dataclasses import asdict
from itertools import accumulate
from typing import Any, Callable, Optional

import numpy as np

from game.daily import parse_date
from game.levels import CAMPAIGN, MAX_SEED, level_code
from game.maze import generators, solvers
from game.maze.registry import CHASERS, KEYS, MUD
from game.bindings import MAX_KEYS, by_name, canonical, clashes, resolve
from game.palettes import PALETTE_NAMES, TEXT_SIZES
from game.run.ghost import RACE_SPEEDS
from game.run.speeds import HINT_SPEEDS, nearest_speed
from game.save.model import (CustomMaze, DailyBest, Leaderboard, Progress, Race, Settings, Streak,
                             menu_options)
from game.server.client import check_player, check_server
from game.text import CATALOGUES

log = logging.getLogger(__name__)

SCHEMA_VERSION = 4
#: The hint speeds a save keeps: the game's own list, end to end.
ANIM_SPEED_RANGE = (HINT_SPEEDS[0], HINT_SPEEDS[-1])
#: Largest save file read or written: a save is kilobytes, this is thousands of mazes.
MAX_SAVE_BYTES = 1024 * 1024
#: Deepest nesting of arrays and objects read (a save nests 3 deep).
MAX_NESTING = 16
#: Most digits of an integer read (a seed has at most 19).
MAX_INT_DIGITS = 20


class SaveFormatError(ValueError):
    """The save file's content is not a valid save (``newer``: from a newer game)."""

    def __init__(self, message: str, *, newer: bool = False) -> None:
        super().__init__(message)
        self.newer = newer


class NotASave(SaveFormatError):
    """The file is not recognisably a Migong save at all: it is someone else's, leave it be."""


#: Top-level keys only a Migong save has had (any schema version); "version" counts too
#: when it holds an integer.  A file with none of them is not ours, whatever else it is.
OWN_KEYS = ("unlocked", "best_times", "best_moves", "stars", "daily", "streak",
            "default_solver", "anim_speed")
_OWN_KEY = re.compile(rb'"(?:' + rb"|".join(k.encode() for k in OWN_KEYS)
                      + rb')"\s*:|"version"\s*:\s*-?[0-9]')
_LEADING = b"\xef\xbb\xbf \t\r\n"  # a byte order mark and JSON whitespace


def looks_like_a_save(raw: bytes) -> bool:
    """Return True if ``raw`` could be a Migong save, even a damaged one: an object with our keys.

    A JSON object (maybe cut short) in which a key of ours appears; anything else (an
    empty file, a list, plain text, binary, an object with none of our keys) is not.
    """
    return raw.lstrip(_LEADING).startswith(b"{") and _OWN_KEY.search(raw) is not None


def _is_our_document(doc: Any) -> bool:
    """Return True if a parsed document is an object with a top-level key of ours."""
    return isinstance(doc, dict) and (any(key in doc for key in OWN_KEYS)
                                      or _is_int(doc.get("version")))


def to_json(progress: Progress) -> dict[str, Any]:
    """Return the JSON document of a save, schema version included."""
    doc = asdict(progress)
    if doc["settings"]["language"] is None:  # absent: the system's language, whatever it is then
        del doc["settings"]["language"]
    custom = doc["settings"]["custom"]
    if custom is not None:  # each menu option a key of its own, null when not given
        options = custom.pop("options")
        custom.update({option.name: options.get(option.name) for option in menu_options()})
    return {"version": SCHEMA_VERSION, **doc}


def parse_save(raw: bytes) -> Progress:
    """Return the Progress the bytes of a save describe; raise SaveFormatError if invalid.

    Size, nesting and number lengths are bounded before ``json.loads`` could fail on
    them in its own ways (ValueError past 4,300 digits, RecursionError when deep).
    Raise NotASave (before any other fault) when the file is not recognisably a save.
    """
    if not looks_like_a_save(raw):
        raise NotASave("it is not a Migong save (no JSON object with a key of ours)")
    if len(raw) > MAX_SAVE_BYTES:
        raise SaveFormatError(f"the file is larger than {MAX_SAVE_BYTES} bytes")
    if not raw.strip():
        raise SaveFormatError("the file is empty")
    try:
        text = raw.decode("utf-8-sig")  # a byte order mark, as some editors write
    except UnicodeDecodeError as exc:
        raise SaveFormatError(f"not valid JSON ({exc})") from None
    depth = _nesting_depth(raw)
    if depth > MAX_NESTING:
        raise SaveFormatError(f"arrays and objects nest {depth} deep (at most {MAX_NESTING})")
    try:
        doc = json.loads(text, parse_int=_parse_int)
    except json.JSONDecodeError as exc:
        raise SaveFormatError(f"not valid JSON ({exc})") from None
    if not _is_our_document(doc):  # a key of ours nested in someone else's object
        raise NotASave("it is not a Migong save (none of its top-level keys are ours)")
    return from_json(doc)


_ESCAPES = ((b"\\\\", b""), (b'\\"', b""))  # an escaped backslash, then an escaped quote
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
#: Up to this many brackets are counted in Python; more (a hostile file) by numpy.
_FEW_BRACKETS = 20_000


def _nesting_depth(raw: bytes) -> int:
    """Return how deep the arrays and objects of a JSON text nest (strings left out)."""
    for escape, nothing in _ESCAPES:
        raw = raw.replace(escape, nothing)
    outside_strings = b"".join(raw.split(b'"')[::2])
    marks = outside_strings.translate(None, _NOT_BRACKETS)
    if not marks:
        return 0
    if len(marks) <= _FEW_BRACKETS:  # an ordinary save: no numpy before the first frame
        return max(accumulate(1 if b in b"[{" else -1 for b in marks))
    brackets = np.frombuffer(marks, dtype=np.uint8)
    steps = np.where((brackets == ord("[")) | (brackets == ord("{")), 1, -1)
    return int(np.cumsum(steps).max())


def _parse_int(digits: str) -> int:
    """Read a JSON integer of at most MAX_INT_DIGITS digits; raise SaveFormatError if longer."""
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise SaveFormatError(f"a number of {len(digits.lstrip('-'))} digits")
    return int(digits)


def _migrate_0_to_1(doc: dict[str, Any]) -> dict[str, Any]:
    """Nest the flat settings keys of an unversioned save under "settings"."""
    doc = dict(doc)
    settings = doc.get("settings", {})
    if not isinstance(settings, dict):
        raise SaveFormatError(f"'settings' has the wrong type ({type(settings).__name__})")
    settings = dict(settings)
    for key in ("volume", "muted", "fullscreen", "anim_speed", "default_solver"):
        if key in doc:
            settings[key] = doc.pop(key)
    return {**doc, "settings": settings, "version": 1}


#: The campaign's level codes in the order schema 1 counted "unlocked" in.  Records are
#: kept by level code and need no change; only that count does when levels move (a new
#: chapter in the middle: bump the schema, keep the old order here, add a migration).
V1_CAMPAIGN = (
    "B11x11-UL", "P13x13-106", "D15x15-15R-R3", "D15x15-15S", "G17x17-1BD", "B19x19-1GY-L10",
    "D21x21-1MJ-R3", "P23x23-1S4", "G25x25-1XP-L5", "D27x27-23A-L15", "B31x31-2EF",
    "D33x33-2K0-R4-L10", "P37x37-2V5-L5", "G41x41-36A-L10", "D45x45-3HF", "B51x51-3Y4",
    "D57x57-4ET-R4-L20", "P65x65-512", "G75x75-5SV-K3", "D91x91-71C-L30",
    "B111x111-8KX-L5", "D131x131-A4I-R5-L10", "P161x161-CFV-L10", "B201x201-FJ0-L10",
)


#: The campaign's level codes in the order schema 2 counted "unlocked" in (before the
#: Keys and Fog chapters came in after Rooms).
V2_CAMPAIGN = (
    "B11x11-UL", "B15x7-7", "P13x13-106", "P11x31-VI", "P23x23-1S4", "D15x15-15S",
    "D31x31-2EZ", "D45x45-3HF", "D15x15-15R-R3", "D21x21-1MJ-R3", "D33x33-2K0-R4-L10",
    "D41x41-375-R4", "D57x57-4ET-R4-L20", "D131x131-A4I-R5-L10", "G17x17-1BD", "G31x31-2F2",
    "G41x41-36A-L10", "G25x25-1XP-L5", "G75x75-5SV-K3", "D27x27-23A-L15", "P37x37-2V5-L5",
    "B19x19-1GY-L10", "B41x41-376-L20", "D91x91-71C-L30", "P65x65-512", "B31x31-2EF",
    "B51x51-3Y4", "P161x161-CFV-L10", "B111x111-8KX-L5", "B201x201-FJ0-L10",
)


#: The campaign's level codes in the order schema 3 counted "unlocked" in (before the
#: Minotaur chapter came in before the long haul).
V3_CAMPAIGN = (
    "B11x11-UL", "B15x7-7", "P13x13-106", "P11x31-VI", "P23x23-1S4", "D15x15-15S",
    "D31x31-2EZ", "D45x45-3HF", "D15x15-15R-R3", "D21x21-1MJ-R3", "D33x33-2K0-R4-L10",
    "D41x41-375-R4", "D57x57-4ET-R4-L20", "D131x131-A4I-R5-L10", "B15x15-15Z-Y1",
    "P21x21-1MY-Y2", "D27x27-23X-R3-Y2", "B31x31-2FD-L10-Y3", "D41x41-37F-R4-L10-Y4",
    "P21x21-1OH-F1", "B15x15-17I-F1", "D31x31-2GK-R4-F1", "B35x35-2RZ-L10-F1",
    "D45x45-3HA-R4-L10-Y2-F1", "G17x17-1BD", "G31x31-2F2", "G41x41-36A-L10", "G25x25-1XP-L5",
    "G75x75-5SV-K3", "D27x27-23A-L15", "P37x37-2V5-L5", "B19x19-1GY-L10", "B41x41-376-L20",
    "D91x91-71C-L30", "P65x65-512", "B31x31-2EF", "B51x51-3Y4", "P161x161-CFV-L10",
    "B111x111-8KX-L5", "B201x201-FJ0-L10",
)


#: A migration: a save's document at one schema version, made the next version's.
Migration = Callable[[dict[str, Any]], dict[str, Any]]


def recount_unlocked(old_order: tuple[str, ...], version: int,
                     new_order: Optional[tuple[str, ...]] = None) -> Migration:
    """Return the migration to ``version`` of a save whose "unlocked" counted ``old_order``.

    The new count, in ``new_order`` (None: the campaign's order now), reaches every level
    that was playable before, wherever it is now.
    """
    def migrate(doc: dict[str, Any]) -> dict[str, Any]:
        """Count "unlocked" in the next version's order."""
        doc = dict(doc)
        unlocked = doc.get("unlocked", 1)
        if _is_int(unlocked):  # anything else is refused by the checks after migrating
            order = new_order if new_order is not None else [level_code(s) for s in CAMPAIGN]
            now = {code: i for i, code in enumerate(order)}
            playable = [now[code] for code in old_order[:max(1, unlocked)] if code in now]
            doc["unlocked"] = max(playable, default=0) + 1
        return {**doc, "version": version}

    return migrate


#: Migrations from an older schema version to the next one.
MIGRATIONS: dict[int, Migration] = {
    0: _migrate_0_to_1,
    1: recount_unlocked(V1_CAMPAIGN, 2, V2_CAMPAIGN),  # the campaign in chapters (issue 9)
    2: recount_unlocked(V2_CAMPAIGN, 3, V3_CAMPAIGN),  # the Keys and Fog chapters (issue 9)
    3: recount_unlocked(V3_CAMPAIGN, 4),  # the Minotaur chapter (issue 20)
}


def from_json(doc: Any) -> Progress:
    """Return the Progress a JSON document describes; raise SaveFormatError if invalid."""
    if not isinstance(doc, dict):
        raise SaveFormatError(f"expected an object, found {type(doc).__name__}")
    version = doc.get("version", 0)  # files without a version predate the schema
    if not _is_int(version) or version < 0:
        raise SaveFormatError(f"bad schema version {version!r}")
    if version > SCHEMA_VERSION:
        raise SaveFormatError(
            f"it was written by a newer version of Migong (schema {version}, "
            f"this one reads up to {SCHEMA_VERSION})",
            newer=True,
        )
    while version < SCHEMA_VERSION:
        doc = MIGRATIONS[version](doc)
        version = doc["version"]
    unlocked = _field(doc, "unlocked", 1, _is_int)
    best_times = _mapping(doc, "best_times", _is_number)
    best_moves = _mapping(doc, "best_moves", _is_int)
    stars = _mapping(doc, "stars", _is_int)
    settings = _settings(_field(doc, "settings", {}, lambda v: isinstance(v, dict)))
    return Progress(
        unlocked=max(1, min(unlocked, len(CAMPAIGN))),
        best_times={k: float(v) for k, v in best_times.items() if _is_time(v)},
        best_moves={k: v for k, v in best_moves.items() if v >= 1},
        stars={k: max(0, min(3, v)) for k, v in stars.items()},
        settings=settings,
        daily=_daily(doc.get("daily")),
        streak=_streak(doc.get("streak")),
    )


def _iso_date(value: Any) -> bool:
    """Return True for a date written exactly YYYY-MM-DD (as the game writes it)."""
    if not isinstance(value, str):
        return False
    try:
        return parse_date(value).isoformat() == value
    except ValueError:
        return False


def _daily(doc: Any) -> dict[str, DailyBest]:
    """Return the daily mazes' records of ``doc``; an unusable entry is dropped."""
    # Records, but not the campaign: a bad entry costs that day, never the whole save.
    # Saves written before the daily maze have no "daily" key.
    if not isinstance(doc, dict):
        return {}
    found = {}
    dropped: list[tuple[Any, Any]] = []
    for day, best in doc.items():
        entry: dict[str, Any] = best if isinstance(best, dict) else {}
        time: Any = entry.get("time")
        moves: Any = entry.get("moves")
        if _iso_date(day) and _is_time(time) and _is_int(moves) and moves >= 1:
            found[day] = DailyBest(float(time), moves)
        else:
            dropped.append((day, best))
    _tell_dropped("daily record", dropped, "dropped")
    return found


#: How many dropped entries a log line shows, and how much of each.
SHOWN_ENTRIES = 3
SHOWN_CHARS = 60


def _tell_dropped(what: str, dropped: list[tuple[Any, Any]], outcome: str) -> None:
    """Log the unusable entries of one part of the save in one line, the first few shown."""
    if not dropped:
        return
    shown = "; ".join(f"{_short(key)}: {_short(value)}" for key, value in dropped[:SHOWN_ENTRIES])
    more = f" and {len(dropped) - SHOWN_ENTRIES} more" if len(dropped) > SHOWN_ENTRIES else ""
    noun = what if len(dropped) == 1 else f"{what}s"
    log.warning("save: %d unusable %s (%s%s); %s", len(dropped), noun, shown, more, outcome)


def _short(value: Any) -> str:
    """Return the repr of ``value``, cut to SHOWN_CHARS characters."""
    text = repr(value)
    return text if len(text) <= SHOWN_CHARS else text[:SHOWN_CHARS - 3] + "..."


def _streak(doc: Any) -> Streak:
    """Return the daily streak of ``doc``, or none when it is absent or unusable."""
    if not isinstance(doc, dict):
        return Streak()
    count: Any = doc.get("count")
    best: Any = doc.get("best")
    last: Any = doc.get("last")
    if (_is_int(count) and _is_int(best) and 0 <= count <= best
            and (last is None or _iso_date(last)) and (last is not None or count == 0)):
        return Streak(count, best, last)
    log.warning("save: the daily streak %r is unusable; it starts again", doc)
    return Streak()


def _is_hint_solver(name: str) -> bool:
    """Return True when ``name`` is a solver choice of the hint (the right hand too)."""
    from game.maze.solvers.variants import solver_keys  # the solvers load only when a save is read

    return name in solver_keys()


def _settings(doc: dict[str, Any]) -> Settings:
    """Return validated Settings: wrong types rejected, values clamped to their range."""
    d = Settings()
    volume = _field(doc, "volume", d.volume, _is_number)
    anim = _field(doc, "anim_speed", d.anim_speed, _is_number)
    solver = _field(doc, "default_solver", d.default_solver, lambda v: isinstance(v, str))
    return Settings(
        volume=_clamp(volume, 0.0, 1.0, d.volume),
        muted=_field(doc, "muted", d.muted, lambda v: isinstance(v, bool)),
        fullscreen=_field(doc, "fullscreen", d.fullscreen, lambda v: isinstance(v, bool)),
        anim_speed=nearest_speed(_clamp(anim, *ANIM_SPEED_RANGE, d.anim_speed)),
        default_solver=solver if _is_hint_solver(solver) else d.default_solver,
        custom=_custom_maze(doc.get("custom")),
        language=_language(doc.get("language")),
        # preferences, not progress: anything but true or false is the default
        ghost=_flag(doc, "ghost", d.ghost),
        fog=_flag(doc, "fog", d.fog),
        minimap=_flag(doc, "minimap", d.minimap),
        first_person=_flag(doc, "first_person", d.first_person),
        race=_race(doc.get("race")),
        leaderboard=_leaderboard(doc.get("leaderboard")),
        **_access(doc),
    )


def _race(doc: Any) -> Race:
    """Return the solver ghost to race of ``doc``: an unusable solver is off, speed the default."""
    # A preference: saves before the race have no "race" key, which is off.
    d = Race()
    if doc is None:
        return d
    entry: dict[str, Any] = doc if isinstance(doc, dict) else {}
    solver, speed = entry.get("solver"), entry.get("speed")
    if solver is not None and not (isinstance(solver, str) and solver in solvers.SOLVERS):
        log.warning("save: race solver %r is unusable; racing is off", solver)
        solver = d.solver
    if not (_is_int(speed) and speed in RACE_SPEEDS):
        if "speed" in entry:
            log.warning("save: race speed %r is unusable; %d tiles/s", speed, d.speed)
        speed = d.speed
    return Race(solver, speed)


def _leaderboard(doc: Any) -> Leaderboard:
    """Return the leaderboard setting of ``doc``: each unusable value dropped with one log line."""
    # A preference: saves before the leaderboard have no "leaderboard" key, which is off.
    d = Leaderboard()
    if doc is None:
        return d
    if not isinstance(doc, dict):
        log.warning("save: the leaderboard setting %s is unusable; it is off", _short(doc))
        return d
    on, server, player = doc.get("on", d.on), doc.get("server", d.server), doc.get("player", "")
    if not isinstance(on, bool):
        log.warning("save: leaderboard 'on' %s is unusable; it is off", _short(on))
        on = d.on
    if server != "":
        try:
            server = check_server(server) if isinstance(server, str) else check_server("")
        except ValueError:
            log.warning("save: leaderboard server %s is unusable; none is set", _short(server))
            server = d.server
    if player != "":
        try:
            player = check_player(player)
        except ValueError as exc:
            log.warning("save: leaderboard player %s is unusable (%s); none is set",
                        _short(player), exc)
            player = d.player
    return Leaderboard(on and bool(server) and bool(player), server, player)


def _flag(doc: dict[str, Any], key: str, default: bool) -> bool:
    """Return ``doc[key]`` when it is a bool, else ``default``."""
    value = doc.get(key)
    return value if isinstance(value, bool) else default


def _access(doc: dict[str, Any]) -> dict[str, Any]:
    """Return the accessibility settings of ``doc``, each unusable one at its default."""
    d = Settings()
    palette, size, reduced = doc.get("palette"), doc.get("text_size"), doc.get("reduced_motion")
    return {
        "palette": palette if isinstance(palette, str) and palette in PALETTE_NAMES else d.palette,
        "text_size": size if _is_int(size) and size in TEXT_SIZES else d.text_size,
        "reduced_motion": reduced if isinstance(reduced, bool) else d.reduced_motion,
        "bindings": _bindings(doc.get("bindings")),
    }


def _bindings(doc: Any) -> dict[str, list[str]]:
    """Return the player's key bindings from ``doc``, strictly checked.

    An entry is an action the game has with a list of one to MAX_KEYS bindable key names
    (any case; kept in SDL's spelling); any other entry is dropped, so that action keeps
    its default keys.  If a key would then belong to two actions, every action goes back
    to its defaults: a half-applied table could leave an action without a key.
    """
    if not isinstance(doc, dict):
        return {}
    found: dict[str, list[str]] = {}
    dropped: list[tuple[Any, Any]] = []
    actions = by_name()
    for action, names in doc.items():
        keys = ([canonical(n) if isinstance(n, str) else None for n in names]
                if isinstance(names, list) and 1 <= len(names) <= MAX_KEYS else [None])
        if action not in actions or None in keys or len(set(keys)) != len(keys):
            dropped.append((action, names))
            continue
        if tuple(keys) != actions[action].defaults:
            found[action] = [k for k in keys if k is not None]
    _tell_dropped("key binding", dropped, "their actions keep their default keys")
    if clashes(resolve(found)):
        log.warning("save: a key is bound to two actions; every action has its default keys")
        return {}
    return found



def _language(value: Any) -> Optional[str]:
    """Return the saved language, or None (follow the system) when absent or unknown."""
    # A preference, not progress: a language this version lacks is dropped, not fatal.
    return value if isinstance(value, str) and value in CATALOGUES else None


#: Bounds of a remembered custom maze (the generators check the real limits on use).
CUSTOM_SIDE_RANGE = (1, 100_001)
CUSTOM_SEED_MAX = MAX_SEED


def _custom_maze(doc: Any) -> Optional[CustomMaze]:
    """Return the remembered custom maze choices, or None when absent or unusable."""
    # A convenience, not progress: a bad entry is dropped instead of failing the save.
    # Saves written before it existed simply have no "custom" key.
    if not isinstance(doc, dict):
        return None
    d = CustomMaze()
    lo, hi = CUSTOM_SIDE_RANGE
    algorithm, rows, cols = doc.get("algorithm", d.algorithm), doc.get("rows", 0), doc.get("cols", 0)
    seed, loops = doc.get("seed", d.seed), doc.get("loops", d.loops)
    keys = doc.get("keys", d.keys)
    chasers = doc.get("chasers", d.chasers)  # saves from before the Chasers row have none
    mud = doc.get("mud", d.mud)
    options = {option.name: doc.get(option.name) for option in menu_options()}
    if not (isinstance(algorithm, str) and algorithm in generators.GENERATORS
            and _is_int(rows) and lo <= rows <= hi and _is_int(cols) and lo <= cols <= hi
            and _is_int(seed) and 0 <= seed <= CUSTOM_SEED_MAX
            and _is_number(loops) and math.isfinite(loops) and KEYS.accepts(keys)
            and CHASERS.accepts(chasers)
            and MUD.accepts(mud)
            and all(options[o.name] is None or o.accepts(options[o.name]) for o in menu_options())):
        return None
    return CustomMaze(algorithm, rows, cols, seed, float(max(0.0, min(1.0, loops))), options,
                      keys, chasers, mud=float(mud))


def _field(doc: dict[str, Any], key: str, default: Any, ok: Callable[[Any], bool]) -> Any:
    """Return ``doc[key]`` (or ``default`` when absent); raise if its type is wrong."""
    if key not in doc:
        return default
    value = doc[key]
    if not ok(value):
        raise SaveFormatError(f"{key!r} has the wrong type ({type(value).__name__})")
    return value


def _mapping(doc: dict[str, Any], key: str, ok: Callable[[Any], bool]) -> dict[str, Any]:
    """Return the string-keyed mapping ``doc[key]``; raise if it or an entry is mistyped."""
    value = _field(doc, key, {}, lambda v: isinstance(v, dict))
    for k, v in value.items():
        if not ok(v):
            raise SaveFormatError(f"{key}[{k!r}] has the wrong type ({type(v).__name__})")
    return dict(value)


def _is_int(v: Any) -> bool:
    """Return True for a JSON integer (not a bool)."""
    return isinstance(v, int) and not isinstance(v, bool)


def _is_number(v: Any) -> bool:
    """Return True for a JSON number (not a bool)."""
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _is_time(v: Any) -> bool:
    """Return True for a run's time: a number of seconds, finite and above 0."""
    return _is_number(v) and math.isfinite(v) and v > 0


def _clamp(v: float, lo: float, hi: float, default: float) -> float:
    """Return ``v`` clamped to [lo, hi]; NaN becomes ``default``."""
    if not math.isfinite(v):
        return default if math.isnan(v) else (hi if v > 0 else lo)
    return float(max(lo, min(hi, v)))
