"""The save file on disk: where it lives, loading it once, writing it after each change."""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Optional

from platformdirs import user_data_dir

from game.save.files import (
    NotARegularFile, keep_aside, read_regular_file, remove_temp_files, resolve, write_atomically,
)
from game.save.model import Progress
from game.save.schema import MAX_SAVE_BYTES, NotASave, SaveFormatError, parse_save, to_json
from game.text import t

log = logging.getLogger(__name__)

SAVE_PATH_ENV = "MIGONG_SAVE_PATH"


def default_save_path() -> Path:
    """Return the save file path: $MIGONG_SAVE_PATH, else the user's data directory."""
    override = os.environ.get(SAVE_PATH_ENV)
    if override:
        return Path(override)
    return Path(user_data_dir("migong", appauthor=False)) / "save.json"


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
        target = resolve(self.path)
        remove_temp_files(target)
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
        except NotASave as exc:  # someone else's file: never moved, replaced or written
            return self._without_saving(str(exc), t("save.not_ours", file=self.path))
        except SaveFormatError as exc:
            kept = keep_aside(target)
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


def peek_progress(path: Path) -> Optional[Progress]:
    """Return the save at ``path`` read only (None: none or unusable; nothing is moved)."""
    try:
        return parse_save(read_regular_file(resolve(Path(path)), MAX_SAVE_BYTES))
    except (OSError, SaveFormatError):
        return None


def load_progress(path: Path) -> tuple[Progress, Optional[str]]:
    """Load the save at ``path``; return (progress, a one-line notice for the player or None)."""
    return SaveStore(path).load()


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
