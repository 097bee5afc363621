"""Progress and settings, persisted as one versioned JSON file in the user's data dir.

The file is written atomically (temp file in the same directory, flush, fsync,
``os.replace``), so a crash mid-write leaves the previous save intact.  Loading never
crashes the game: a missing file starts fresh; an empty, corrupt, mistyped or
newer-version file is moved aside to ``save.json.corrupt`` (``.corrupt.1``, ... if that
exists) and the player gets a one-line notice; an older version is migrated.
"""

from __future__ import annotations

import json
import logging
import math
import os
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Optional

from platformdirs import user_data_dir

from game.levels import CAMPAIGN

log = logging.getLogger(__name__)

SCHEMA_VERSION = 1
SAVE_PATH_ENV = "MIGONG_SAVE_PATH"
SOLVER_NAMES = ("bfs", "dfs", "stack")
ANIM_SPEED_RANGE = (0.25, 8.0)


@dataclass
class CustomMaze:
    """The last choices on the Custom maze screen."""

    algorithm: str = "backtracker"
    rows: int = 31
    cols: int = 31
    seed: int = 1
    loops: float = 0.0
    room_size: Optional[int] = None


@dataclass
class Settings:
    """The player's preferences (``custom``: None until a custom maze was set up)."""

    volume: float = 0.7
    muted: bool = False
    fullscreen: bool = False
    anim_speed: float = 1.0
    default_solver: str = "bfs"
    custom: Optional[CustomMaze] = None


@dataclass
class Progress:
    """Campaign progress and records, keyed by level code, plus the settings."""

    unlocked: int = 1  # number of campaign levels playable
    best_times: dict[str, float] = field(default_factory=dict)
    best_moves: dict[str, int] = field(default_factory=dict)
    stars: dict[str, int] = field(default_factory=dict)
    settings: Settings = field(default_factory=Settings)


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


# -- writing -----------------------------------------------------------------------


def to_json(progress: Progress) -> dict[str, Any]:
    """Return the JSON document of a save, schema version included."""
    doc = asdict(progress)
    return {"version": SCHEMA_VERSION, **doc}


def save_progress(progress: Progress, path: Path) -> None:
    """Write the save atomically: temp file beside it, fsync, then os.replace."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(to_json(progress), indent=2, sort_keys=True, allow_nan=False)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.write("\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)


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


# -- reading -----------------------------------------------------------------------


def load_progress(path: Path) -> tuple[Progress, Optional[str]]:
    """Load the save; return (progress, a one-line notice for the player or None)."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return Progress(), None
    except OSError as exc:
        log.warning("cannot read save %s: %s", path, exc)
        return Progress(), UNREADABLE_NOTICE
    try:
        if not raw.strip():
            raise SaveFormatError("the file is empty")
        try:
            doc = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise SaveFormatError(f"not valid JSON ({exc})") from None
        progress = from_json(doc)
    except SaveFormatError as exc:
        kept = _move_aside(path)
        # The technical reason is for whoever reads stderr; the player gets plain words.
        log.warning("save %s is unusable: %s; kept as %s", path, exc, kept)
        return Progress(), corrupt_notice(kept, newer=exc.newer)
    return progress, None


UNREADABLE_NOTICE = ("Your saved progress could not be opened, so this session started "
                     "fresh. The file was left as it is.")


def corrupt_notice(kept: Optional[Path], *, newer: bool = False) -> str:
    """Return the short, friendly notice for a save that was unusable and moved aside."""
    if newer:
        first = "Your saved progress is from a newer version of Migong"
    else:
        first = "Your saved progress could not be read"
    text = f"{first}, so a fresh save was started."
    if kept is not None:
        text += f" The old file was kept as {kept.name}."
    return text


def _move_aside(path: Path) -> Optional[Path]:
    """Rename a bad save to the first free ``NAME.corrupt[.N]``; return the new path."""
    for n in range(1000):
        target = path.with_name(f"{path.name}.corrupt" + (f".{n}" if n else ""))
        if target.exists():
            continue
        try:
            os.replace(path, target)
        except OSError as exc:
            log.warning("cannot move bad save %s aside: %s", path, exc)
            return None
        return target
    return None


def _migrate_0_to_1(doc: dict[str, Any]) -> dict[str, Any]:
    """Nest the flat settings keys of an unversioned save under "settings"."""
    doc = dict(doc)
    settings = dict(doc.get("settings") or {})
    for key in ("volume", "muted", "fullscreen", "anim_speed", "default_solver"):
        if key in doc:
            settings[key] = doc.pop(key)
    return {**doc, "settings": settings, "version": 1}


#: Migrations from an older schema version to the next one.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {0: _migrate_0_to_1}


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
        best_times={k: float(v) for k, v in best_times.items() if math.isfinite(v) and v >= 0},
        best_moves={k: v for k, v in best_moves.items() if v >= 0},
        stars={k: max(0, min(3, v)) for k, v in stars.items()},
        settings=settings,
    )


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
        anim_speed=_clamp(anim, *ANIM_SPEED_RANGE, d.anim_speed),
        default_solver=solver if solver in SOLVER_NAMES else "bfs",
        custom=_custom_maze(doc.get("custom")),
    )


#: Bounds of a remembered custom maze (the generators check the real limits on use).
CUSTOM_SIDE_RANGE = (1, 100_001)
CUSTOM_SEED_MAX = 2**63 - 1


def _custom_maze(doc: Any) -> Optional[CustomMaze]:
    """Return the remembered custom maze choices, or None when absent or unusable."""
    # A convenience, not progress: a bad entry is dropped instead of failing the save.
    # Saves written before it existed simply have no "custom" key.
    if not isinstance(doc, dict):
        return None
    d = CustomMaze()
    lo, hi = CUSTOM_SIDE_RANGE
    algorithm, rows, cols = doc.get("algorithm", d.algorithm), doc.get("rows", 0), doc.get("cols", 0)
    seed, loops, room = doc.get("seed", d.seed), doc.get("loops", d.loops), doc.get("room_size")
    if not (isinstance(algorithm, str) and algorithm
            and _is_int(rows) and lo <= rows <= hi and _is_int(cols) and lo <= cols <= hi
            and _is_int(seed) and 0 <= seed <= CUSTOM_SEED_MAX
            and _is_number(loops) and math.isfinite(loops)
            and (room is None or (_is_int(room) and room > 0))):
        return None
    return CustomMaze(algorithm, rows, cols, seed, float(max(0.0, min(1.0, loops))), room)


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


def _clamp(v: float, lo: float, hi: float, default: float) -> float:
    """Return ``v`` clamped to [lo, hi]; NaN becomes ``default``."""
    if not math.isfinite(v):
        return default if math.isnan(v) else (hi if v > 0 else lo)
    return float(max(lo, min(hi, v)))
