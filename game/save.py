"""Progress and settings, persisted as one versioned JSON file in the user's data dir.

:class:`SaveStore` is the game's way in: ``load()`` once at start, ``write()`` after
each change; both hand back a sentence for the player (or None), each problem told once.

The file is written atomically (temp file in the same directory, flush, fsync,
``os.replace``), so a crash mid-write leaves the previous save intact; temp files a kill
left behind are removed at the next start.  A save reached through a symbolic link
updates the file the link points to.  Loading never crashes the game, whatever the file
holds: a missing file starts fresh; an empty, corrupt, mistyped, oversized, too deeply
nested or newer-version file is moved aside to ``save.json.corrupt`` (the older copies
shift to ``.corrupt.1`` ... ``.corrupt.4``; the newest five are kept) and the player gets
a one-line notice; an older version is migrated.  A save path that is not a regular file
(a directory, a named pipe, a device) is never read, renamed or replaced: that session
plays without saving, and says so.
"""

from __future__ import annotations

import json
import logging
import math
import os
import re
import stat
import tempfile
from dataclasses import asdict, dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any, Callable, Optional

import numpy as np
from platformdirs import user_data_dir

from game.daily import parse_date
from game.levels import CAMPAIGN, MAX_SEED, level_code
from game.maze import generators, solvers
from game.maze.registry import KEYS, Option, Value
from game.bindings import MAX_KEYS, by_name, canonical, clashes, resolve
from game.palettes import PALETTE_NAMES, TEXT_SIZES
from game.run.ghost import DEFAULT_RACE_SPEED, RACE_SPEEDS
from game.run.speeds import HINT_SPEEDS, nearest_speed
from game.text import CATALOGUES, t

log = logging.getLogger(__name__)

SCHEMA_VERSION = 3
SAVE_PATH_ENV = "MIGONG_SAVE_PATH"
#: The hint speeds a save keeps: the game's own list, end to end.
ANIM_SPEED_RANGE = (HINT_SPEEDS[0], HINT_SPEEDS[-1])
#: Largest save file read or written: a save is kilobytes, this is thousands of mazes.
MAX_SAVE_BYTES = 1024 * 1024
#: Deepest nesting of arrays and objects read (a save nests 3 deep).
MAX_NESTING = 16
#: Most digits of an integer read (a seed has at most 19).
MAX_INT_DIGITS = 20
#: How many bad saves are kept aside (save.json.corrupt, then .corrupt.1 ... the oldest).
KEPT_CORRUPT = 5

#: Everything the player reads about the save, as whole sentences with named placeholders.


@dataclass
class CustomMaze:
    """The last choices on the Custom maze screen.

    ``options``: the value of each generator option the menu offers (:func:`menu_options`),
    by name, None when not given; each is a key of its own in the file.
    """

    algorithm: str = generators.DEFAULT
    rows: int = 31
    cols: int = 31
    seed: int = 1
    loops: float = 0.0
    options: dict[str, Optional[Value]] = field(default_factory=dict)
    keys: int = 0


def menu_options() -> list[Option]:
    """Return the generator options the Custom maze menu offers (those with steps)."""
    return [option for option, _ in generators.generator_options() if option.steps]


@dataclass(frozen=True)
class Race:
    """The solver ghost raced on every level ("Race a solver"): ``solver`` None is off."""

    solver: Optional[str] = None
    speed: int = DEFAULT_RACE_SPEED  # tiles per second, one of RACE_SPEEDS


@dataclass
class Settings:
    """The player's preferences (``custom``: None until a custom maze was set up)."""

    volume: float = 0.7
    muted: bool = False
    fullscreen: bool = False
    anim_speed: float = 1.0
    default_solver: str = solvers.DEFAULT
    custom: Optional[CustomMaze] = None
    # -- accessibility: colours, text size, motion, the keys (each dropped to its
    # default when the file holds something unusable, never failing the save)
    palette: str = "default"
    text_size: int = 100
    reduced_motion: bool = False
    #: The actions whose keys the player changed: action -> key names (game.bindings).
    bindings: dict[str, list[str]] = field(default_factory=dict)
    #: "en" or "zh"; None (absent from the file): follow the system's language.
    language: Optional[str] = None
    #: Replay the best run of a level as a ghost while playing it again.
    ghost: bool = False
    #: Play every maze in the fog of war; show the explored map in a corner.
    fog: bool = False
    minimap: bool = False
    race: Race = field(default_factory=Race)


@dataclass
class DailyBest:
    """The best time and the fewest moves of one date's daily maze (maybe of two runs)."""

    time: float
    moves: int


@dataclass
class Streak:
    """Days in a row the daily maze was finished on its own (UTC) date."""

    count: int = 0
    best: int = 0
    last: Optional[str] = None  # the last such date, YYYY-MM-DD


@dataclass
class Progress:
    """Campaign progress and records, keyed by level code, plus the settings.

    ``daily``: the daily mazes finished, by date (YYYY-MM-DD); ``streak``: their streak.
    """

    unlocked: int = 1  # number of campaign levels playable
    best_times: dict[str, float] = field(default_factory=dict)
    best_moves: dict[str, int] = field(default_factory=dict)
    stars: dict[str, int] = field(default_factory=dict)
    settings: Settings = field(default_factory=Settings)
    daily: dict[str, DailyBest] = field(default_factory=dict)
    streak: Streak = field(default_factory=Streak)


@dataclass(frozen=True)
class Record:
    """What a finished run changed, for the level-complete screen."""

    new_best_time: bool
    new_best_moves: bool
    unlocked_next: bool


class SaveFormatError(ValueError):
    """The save file's content is not a valid save (``newer``: from a newer game)."""

    def __init__(self, message: str, *, newer: bool = False) -> None:
        super().__init__(message)
        self.newer = newer


def default_save_path() -> Path:
    """Return the save file path: $MIGONG_SAVE_PATH, else the user's data directory."""
    override = os.environ.get(SAVE_PATH_ENV)
    if override:
        return Path(override)
    return Path(user_data_dir("migong", appauthor=False)) / "save.json"


def record_result(
    progress: Progress,
    code: str,
    time: float,
    moves: int,
    stars: int,
    level_index: Optional[int],
) -> Record:
    """Record a finished run: keep the best time/moves/stars, unlock the next level."""
    old_time = progress.best_times.get(code)
    old_moves = progress.best_moves.get(code)
    new_time = old_time is None or time < old_time
    new_moves = old_moves is None or moves < old_moves
    if new_time:
        progress.best_times[code] = float(time)
    if new_moves:
        progress.best_moves[code] = int(moves)
    progress.stars[code] = max(int(stars), progress.stars.get(code, 0))
    unlocked_next = False
    if level_index is not None:
        wanted = min(level_index + 2, len(CAMPAIGN))
        if wanted > progress.unlocked:
            progress.unlocked = wanted
            unlocked_next = True
    return Record(new_time, new_moves, unlocked_next)


@dataclass(frozen=True)
class DailyRecord:
    """What a finished daily maze changed: new bests of its date, and the streak now."""

    new_best_time: bool
    new_best_moves: bool
    streak: int


def record_daily(progress: Progress, day: date, time: float, moves: int, *,
                 today: date) -> DailyRecord:
    """Record a finished daily maze of ``day``; on ``today``'s own maze, extend the streak."""
    key = day.isoformat()
    old = progress.daily.get(key)
    new_time = old is None or time < old.time
    new_moves = old is None or moves < old.moves
    if old is None:
        progress.daily[key] = DailyBest(float(time), int(moves))
    else:
        old.time, old.moves = min(old.time, float(time)), min(old.moves, int(moves))
    streak = progress.streak
    if day == today and streak.last != key:
        yesterday = (today - timedelta(days=1)).isoformat()
        streak.count = streak.count + 1 if streak.last == yesterday else 1
        streak.last = key
        streak.best = max(streak.best, streak.count)
    return DailyRecord(new_time, new_moves, current_streak(progress, today))


def current_streak(progress: Progress, today: date) -> int:
    """Return the streak as of ``today``: kept while yesterday's or today's maze was finished."""
    streak = progress.streak
    alive = (today.isoformat(), (today - timedelta(days=1)).isoformat())
    return streak.count if streak.last in alive else 0


def has_progress(progress: Progress) -> bool:
    """Return True once anything was unlocked or finished."""
    return progress.unlocked > 1 or bool(progress.best_times or progress.best_moves or progress.stars)


def reset_progress(progress: Progress) -> None:
    """Forget unlocked levels, best times and moves, stars and daily mazes; keep the settings."""
    progress.unlocked = Progress().unlocked
    progress.best_times.clear()
    progress.best_moves.clear()
    progress.stars.clear()
    progress.daily.clear()
    progress.streak = Streak()


# -- the store ---------------------------------------------------------------------


class SaveStore:
    """The save file at one path: ``load`` at start, ``write`` after each change.

    Both return a notice for the player, or None; a failing write is told the first time
    (and again only after a write has worked since).
    """

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.writable = True  # False: this session plays without saving
        self._failing = False  # the last write failed and the player was told

    def load(self) -> tuple[Progress, Optional[str]]:
        """Return the saved progress (or a fresh one) and a notice for the player or None."""
        target = _resolve(self.path)
        _remove_temp_files(target)
        try:
            raw = read_regular_file(target, MAX_SAVE_BYTES)
        except (FileNotFoundError, NotADirectoryError):  # no save yet (or no place for one)
            return Progress(), None
        except NotARegularFile as exc:
            return self._without_saving(f"it is {exc}", t("save.not_a_file", file=self.path))
        except OSError as exc:
            return self._without_saving(f"cannot read it: {exc}", t("save.unreadable", file=self.path))
        try:
            return parse_save(raw), None
        except SaveFormatError as exc:
            kept = _keep_aside(target)
            if kept is None:
                return self._without_saving(f"it is unusable ({exc})", t("save.not_kept", file=self.path))
            # The technical reason is for whoever reads stderr; the player gets plain words.
            log.warning("save %s is unusable: %s; kept as %s", self.path, exc, kept)
            if exc.newer:
                return Progress(), t("save.newer", kept=kept.name)
            return Progress(), t("save.corrupt", kept=kept.name)

    def write(self, progress: Progress) -> Optional[str]:
        """Save ``progress``; return a notice the first time saving fails, else None."""
        if not self.writable:
            return None
        try:
            save_progress(progress, self.path)
        except (OSError, ValueError) as exc:
            log.warning("cannot save progress to %s: %s", self.path, exc)
            if self._failing:
                return None
            self._failing = True
            reason = getattr(exc, "strerror", None) or str(exc)
            return t("save.cannot_write", file=self.path, reason=reason)
        self._failing = False
        return None

    def _without_saving(self, reason: str, notice: str) -> tuple[Progress, str]:
        """Turn saving off for this session; return a fresh progress and the notice."""
        log.warning("save %s: %s; playing without saving", self.path, reason)
        self.writable = False
        return Progress(), notice


def load_progress(path: Path) -> tuple[Progress, Optional[str]]:
    """Load the save at ``path``; return (progress, a one-line notice for the player or None)."""
    return SaveStore(path).load()


class NotARegularFile(OSError):
    """The save path is a directory, a named pipe, a device or a socket."""

    def __init__(self, kind: str) -> None:
        super().__init__(f"{kind}, not a regular file")


# -- writing -----------------------------------------------------------------------


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


def save_progress(progress: Progress, path: Path) -> None:
    """Write the save atomically: temp file beside it, fsync, then os.replace.

    Through a symbolic link, the file it points to is replaced (the link stays).  Raise
    OSError if the path is not a regular file or cannot be written, ValueError if the
    save would be larger than MAX_SAVE_BYTES.
    """
    text = json.dumps(to_json(progress), indent=2, sort_keys=True, allow_nan=False) + "\n"
    if len(text) > MAX_SAVE_BYTES:
        raise ValueError(f"the save would be {len(text)} bytes, over {MAX_SAVE_BYTES}")
    write_atomically(Path(path), text)


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) atomically: temp file beside it, fsync, then os.replace.

    Through a symbolic link, the file it points to is replaced (the link stays); missing
    directories are made.  Raise OSError if the path is not a regular file or cannot be
    written.
    """
    target = _resolve(path)
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        target.parent.mkdir(parents=True, exist_ok=True)
    else:
        _check_regular(mode)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_dir(target.parent)


def _fsync_dir(directory: Path) -> None:
    """Flush the directory entry of a rename to disk where the platform allows it."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:  # Windows cannot open directories
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _resolve(path: Path) -> Path:
    """Return the file a save path stands for: a symbolic link's target, not the link."""
    return Path(os.path.realpath(path))


def _remove_temp_files(target: Path) -> None:
    """Remove the temp files of writes that a kill interrupted (``.NAME.*.tmp``)."""
    pattern = re.compile(re.escape(f".{target.name}.") + r"\w+\.tmp")
    try:
        entries = list(os.scandir(target.parent))
    except OSError:
        return
    for entry in entries:
        if pattern.fullmatch(entry.name) and entry.is_file(follow_symlinks=False):
            try:
                os.unlink(entry.path)
            except OSError as exc:
                log.warning("cannot remove the leftover temp file %s: %s", entry.path, exc)


# -- reading -----------------------------------------------------------------------

#: Flags to open a save: never block on a named pipe (it is refused after fstat).
_READ_FLAGS = (
    os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    | getattr(os, "O_CLOEXEC", 0)
)


def read_regular_file(path: Path, limit: int) -> bytes:
    """Return the first ``limit + 1`` bytes at most of the regular file at ``path``.

    Raise NotARegularFile for anything else (nothing of it is read), OSError if it
    cannot be opened or read.
    """
    _check_regular(os.stat(path).st_mode)  # a socket cannot even be opened
    fd = os.open(path, _READ_FLAGS)
    try:
        _check_regular(os.fstat(fd).st_mode)  # the same file, now that it is open
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def _check_regular(mode: int) -> None:
    """Raise NotARegularFile unless ``mode`` is a regular file's."""
    if not stat.S_ISREG(mode):
        raise NotARegularFile(_kind(mode))


def _kind(mode: int) -> str:
    """Say what kind of file system entry ``mode`` describes, for a log line."""
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "a special file"


def parse_save(raw: bytes) -> Progress:
    """Return the Progress the bytes of a save describe; raise SaveFormatError if invalid.

    Size, nesting and number lengths are bounded before ``json.loads`` could fail on
    them in its own ways (ValueError past 4,300 digits, RecursionError when deep).
    """
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
    return from_json(doc)


_ESCAPES = ((b"\\\\", b""), (b'\\"', b""))  # an escaped backslash, then an escaped quote
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")


def _nesting_depth(raw: bytes) -> int:
    """Return how deep the arrays and objects of a JSON text nest (strings left out)."""
    for escape, nothing in _ESCAPES:
        raw = raw.replace(escape, nothing)
    outside_strings = b"".join(raw.split(b'"')[::2])
    brackets = np.frombuffer(outside_strings.translate(None, _NOT_BRACKETS), dtype=np.uint8)
    if not len(brackets):
        return 0
    steps = np.where((brackets == ord("[")) | (brackets == ord("{")), 1, -1)
    return int(np.cumsum(steps).max())


def _parse_int(digits: str) -> int:
    """Read a JSON integer of at most MAX_INT_DIGITS digits; raise SaveFormatError if longer."""
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise SaveFormatError(f"a number of {len(digits.lstrip('-'))} digits")
    return int(digits)


def _keep_aside(path: Path) -> Optional[Path]:
    """Rename a bad save to ``NAME.corrupt``, the older copies one number up; return it.

    The newest KEPT_CORRUPT copies are kept (making room is best effort); return None
    if the save itself cannot be moved.
    """
    copies = [path.with_name(f"{path.name}.corrupt")]
    copies += [path.with_name(f"{path.name}.corrupt.{n}") for n in range(1, KEPT_CORRUPT)]
    numbered = re.compile(re.escape(f"{path.name}.corrupt.") + r"([0-9]+)")
    try:
        entries = list(os.scandir(path.parent))
    except OSError:
        entries = []
    try:
        for entry in entries:  # the oldest copy kept, and any beyond what is kept
            m = numbered.fullmatch(entry.name)
            if m and int(m.group(1)) >= KEPT_CORRUPT - 1:
                os.unlink(entry.path)
        for older, newer in reversed(list(zip(copies, copies[1:]))):
            if os.path.lexists(older):
                os.replace(older, newer)
    except OSError as exc:  # the bad save is still kept below, over the newest copy
        log.warning("cannot make room beside %s for its bad save: %s", path, exc)
    try:
        os.replace(path, copies[0])
    except OSError as exc:
        log.warning("cannot move the bad save %s aside: %s", path, exc)
        return None
    return copies[0]


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
    2: recount_unlocked(V2_CAMPAIGN, 3),  # the Keys and Fog chapters (issue 9)
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
    for day, best in doc.items():
        entry: dict[str, Any] = best if isinstance(best, dict) else {}
        time: Any = entry.get("time")
        moves: Any = entry.get("moves")
        if _iso_date(day) and _is_time(time) and _is_int(moves) and moves >= 1:
            found[day] = DailyBest(float(time), moves)
        else:
            log.warning("save: daily record %r: %r is unusable; dropped", day, best)
    return found


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
        default_solver=solver if solver in solvers.SOLVERS else d.default_solver,
        custom=_custom_maze(doc.get("custom")),
        language=_language(doc.get("language")),
        # preferences, not progress: anything but true or false is the default
        ghost=_flag(doc, "ghost", d.ghost),
        fog=_flag(doc, "fog", d.fog),
        minimap=_flag(doc, "minimap", d.minimap),
        race=_race(doc.get("race")),
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
    actions = by_name()
    for action, names in doc.items():
        keys = ([canonical(n) if isinstance(n, str) else None for n in names]
                if isinstance(names, list) and 1 <= len(names) <= MAX_KEYS else [None])
        if action not in actions or None in keys or len(set(keys)) != len(keys):
            log.warning("save: key binding %r: %r is unusable; its default keys apply",
                        action, names)
            continue
        if tuple(keys) != actions[action].defaults:
            found[action] = [k for k in keys if k is not None]
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
    options = {option.name: doc.get(option.name) for option in menu_options()}
    if not (isinstance(algorithm, str) and algorithm in generators.GENERATORS
            and _is_int(rows) and lo <= rows <= hi and _is_int(cols) and lo <= cols <= hi
            and _is_int(seed) and 0 <= seed <= CUSTOM_SEED_MAX
            and _is_number(loops) and math.isfinite(loops) and KEYS.accepts(keys)
            and all(options[o.name] is None or o.accepts(options[o.name]) for o in menu_options())):
        return None
    return CustomMaze(algorithm, rows, cols, seed, float(max(0.0, min(1.0, loops))), options,
                      keys)


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
