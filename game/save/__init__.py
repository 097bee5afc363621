"""Progress and settings, persisted as one versioned JSON file in the user's data dir.

:class:`SaveStore` is the game's way in: ``load()`` once at start, ``write()`` after
each change; both hand back a sentence for the player (or None), each problem told once.

The file is written atomically (temp file in the same directory, flush, fsync,
``os.replace``), so a crash mid-write leaves the previous save intact; temp files a kill
left behind are removed at the next start.  A save reached through a symbolic link
updates the file the link points to.  Loading never crashes the game, whatever the file
holds: a missing file starts fresh; a corrupt, mistyped, oversized, too deeply nested or
newer-version save is moved aside to ``save.json.corrupt`` (the older copies shift to
``.corrupt.1`` ... ``.corrupt.4``; the newest five are kept) and the player gets a
one-line notice; an older version is migrated.  A save path that is not a regular file
(a directory, a named pipe, a device), or a file that is not recognisably a save (not a
JSON object with a key of ours: empty, text, a list, another program's JSON), is never
read further, renamed or replaced: that session plays without saving, and says so.

The package, along its seams:

- :mod:`game.save.model`: the dataclasses and the rules that update them (records, streaks);
- :mod:`game.save.schema`: JSON in and out, every field checked, older versions migrated;
- :mod:`game.save.files`: atomic writes, guarded reads, bad files kept aside;
- :mod:`game.save.store`: the save file on disk (:class:`SaveStore`).
"""

from __future__ import annotations

from game.save.files import KEPT_CORRUPT, NotARegularFile, read_regular_file, write_atomically
from game.save.model import (
    CustomMaze,
    DailyBest,
    DailyRecord,
    Leaderboard,
    Progress,
    Race,
    Record,
    Settings,
    Streak,
    campaign_started,
    current_streak,
    has_progress,
    menu_options,
    record_daily,
    record_result,
    reset_progress,
)
from game.save.schema import (
    ANIM_SPEED_RANGE,
    CUSTOM_SEED_MAX,
    CUSTOM_SIDE_RANGE,
    MAX_INT_DIGITS,
    MAX_NESTING,
    MAX_SAVE_BYTES,
    MIGRATIONS,
    SCHEMA_VERSION,
    V1_CAMPAIGN,
    V2_CAMPAIGN,
    V3_CAMPAIGN,
    Migration,
    SaveFormatError,
    from_json,
    parse_save,
    recount_unlocked,
    to_json,
)
from game.save.store import SAVE_PATH_ENV, SaveStore, default_save_path, load_progress, save_progress

__all__ = [
    "ANIM_SPEED_RANGE", "CUSTOM_SEED_MAX", "CUSTOM_SIDE_RANGE", "KEPT_CORRUPT", "MAX_INT_DIGITS",
    "MAX_NESTING", "MAX_SAVE_BYTES", "MIGRATIONS", "SAVE_PATH_ENV", "SCHEMA_VERSION",
    "V1_CAMPAIGN", "V2_CAMPAIGN", "V3_CAMPAIGN", "CustomMaze", "DailyBest", "DailyRecord",
    "Leaderboard", "Migration", "NotARegularFile", "Progress", "Race", "Record", "SaveFormatError",
    "SaveStore", "Settings",
    "Streak", "campaign_started",
    "current_streak", "default_save_path", "from_json", "has_progress",
    "load_progress", "menu_options", "parse_save", "read_regular_file", "record_daily",
    "record_result", "recount_unlocked", "reset_progress", "save_progress", "to_json",
    "write_atomically",
]
