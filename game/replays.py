"""Replay files: every finished run, and the best run of each level, kept next to the save.

The replays live in ``replays/`` beside the save file (``MIGONG_SAVE_PATH`` moves them
too): one file per run, named by its UTC date and level so that names sort oldest
first, and ``replays/best/<level>.json`` holding the best run of each level (finished,
then fastest, then fewest moves).  Files are written like the save (temp file, fsync,
``os.replace``; the temp files a kill left are removed when the store is first used and
before each write) and read like it (regular files only, size-capped), so a crash, a
FIFO or a huge file never loses a run or hangs the game.  The newest MAX_RUNS runs and
MAX_BESTS best runs are kept; older ones are pruned as new ones come.
"""

from __future__ import annotations

import logging
import os
import re
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Optional, Union

from game.run.replay import (
    MAX_REPLAY_BYTES,
    LevelRef,
    Replay,
    ReplayFormatError,
    dumps,
    parse_replay,
)
from game.save import NotARegularFile, default_save_path, read_regular_file, write_atomically

log = logging.getLogger(__name__)

#: How many runs are kept (the oldest go first), and how many levels' best runs.
MAX_RUNS = 100
MAX_BESTS = 200
BEST_DIR = "best"
_UNSAFE = re.compile(r"[^0-9A-Za-z.-]+")
#: The temp file of a replay write (``.NAME.json.RANDOM.tmp``, as write_atomically names it).
_TEMP = re.compile(r"\..+\.json\.\w+\.tmp")


class ReplayFileError(ValueError):
    """A replay file cannot be used; the message names the file and what is wrong."""


class BestNotKept(OSError):
    """The run was kept, but not as its level's best run (``kept``: where the run is)."""

    def __init__(self, kept: Path, reason: str) -> None:
        super().__init__(f"the best-run copy was not written: {reason}")
        self.kept = kept


#: How much of a file is read to tell whether it is a replay at all.
SIGN_BYTES = 4096
_LEVEL = re.compile(rb'"level"\s*:')
_REPLAY_KEY = re.compile(rb'"(?:digest|intents|log)"\s*:')


def looks_like_a_replay(path: Path) -> bool:
    """Return True if ``path`` is a regular file that is recognisably a replay, even damaged.

    A JSON object with a level and its digest or intents near its start; only such a
    file is ever replaced or removed in the replays folder, anything else is left alone.
    """
    try:
        head = read_regular_file(path, SIGN_BYTES)
    except OSError:
        return False
    return (head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{")
            and _LEVEL.search(head) is not None and _REPLAY_KEY.search(head) is not None)


def replay_dir(save_path: Optional[Path] = None) -> Path:
    """Return the replays directory: ``replays/`` beside the save file."""
    save = default_save_path() if save_path is None else Path(save_path)
    return save.parent / "replays"


def utc_now() -> str:
    """Return the time now in UTC, ISO 8601 to the second (``2026-12-01T08:30:00Z``)."""
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _read_bytes(path: Union[str, Path], limit: int) -> bytes:
    """Return at most ``limit`` bytes of the file at ``path``; raise ReplayFileError if none."""
    try:
        return read_regular_file(Path(path), limit)
    except NotARegularFile as exc:
        raise ReplayFileError(f"{path}: it is {exc}") from None
    except FileNotFoundError:
        raise ReplayFileError(f"{path}: no such file") from None
    except OSError as exc:
        raise ReplayFileError(f"{path}: cannot read it: {exc.strerror or exc}") from None


def read_replay(path: Union[str, Path]) -> Replay:
    """Return the replay in the file at ``path``; raise ReplayFileError naming file and fault."""
    raw = _read_bytes(path, MAX_REPLAY_BYTES)
    try:
        return parse_replay(raw)
    except ReplayFormatError as exc:
        raise ReplayFileError(f"{path}: not a usable replay: {exc}") from None


#: The most of a replay file the listing reads: every file the game writes holds the
#: level, date and result before its intents, within this for any campaign level.
HEAD_BYTES = 64 * 1024
#: Where the intents begin in a file the game writes (a raw newline is never in a string).
_INTENTS = b',\n "intents": ['


def read_summary(path: Union[str, Path]) -> Replay:
    """Return the replay at ``path`` without its intents, reading only its head if it can.

    The level, date and result come before the intents in the files the game writes, so
    a listing need not read (nor hold) the intents; a file laid out otherwise, or whose
    head is longer than HEAD_BYTES, is read whole (up to MAX_REPLAY_BYTES).  Raise
    ReplayFileError naming the file and its fault.
    """
    head = _read_bytes(path, HEAD_BYTES)
    cut = head.find(_INTENTS)
    if cut < 0 and len(head) > HEAD_BYTES:  # not our layout, or a huge maze: read it all
        return replace(read_replay(path), log=())
    if cut >= 0:
        head = head[:cut] + b', "intents": []}'
    try:
        return parse_replay(head)
    except ReplayFormatError as exc:
        raise ReplayFileError(f"{path}: not a usable replay: {exc}") from None


@dataclass(frozen=True)
class Listed:
    """One replay file found: its path and the replay (or why it cannot be read)."""

    path: Path
    replay: Optional[Replay]
    problem: str = ""
    best: bool = False


class ReplayStore:
    """The replays directory: keep runs, find the best of a level, list them all."""

    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)

    @property
    def best_dir(self) -> Path:
        """Return the folder of the best runs."""
        return self.directory / BEST_DIR

    def keep(self, rep: Replay) -> Path:
        """Write ``rep`` as a new run (and as its level's best if it is); return its path.

        Raise OSError or ValueError when it cannot be written (disk full, or a run too
        long or too large to read back), BestNotKept when the run was written but its
        best-run copy was not (a full disk, or a file there that is not a replay, which
        is never replaced).
        """
        self.remove_temp_files()
        text = dumps(rep)
        try:
            parse_replay(text.encode("utf-8"))  # never keep what could not be read back
        except ReplayFormatError as exc:
            raise ValueError(f"the replay could not be read back: {exc}") from None
        stamp = (rep.date or utc_now()).replace(":", "-")
        path = self._free_name(f"{stamp}_{self.key(rep.level)}")
        write_atomically(path, text)
        best = self.best_path(rep.level)
        old = self.best_of(rep.level)
        problem = ""
        if old is None and os.path.lexists(best) and not looks_like_a_replay(best):
            problem = f"{best} is not a replay, so it was left alone"
        elif old is None or rep.beats(old):
            try:
                write_atomically(best, text)
            except OSError as exc:
                problem = f"{best}: {exc.strerror or exc}"
        self._prune(self.directory, MAX_RUNS, newest_by_name=True)
        self._prune(self.best_dir, MAX_BESTS, newest_by_name=False)
        if problem:
            raise BestNotKept(path, problem)
        return path

    def remove_temp_files(self) -> None:
        """Remove the temp files of replay writes that a kill interrupted, as the save does."""
        for folder in (self.directory, self.best_dir):
            try:
                entries = list(os.scandir(folder))
            except OSError:
                continue
            for entry in entries:
                if _TEMP.fullmatch(entry.name) and entry.is_file(follow_symlinks=False):
                    try:
                        os.unlink(entry.path)
                    except OSError as exc:
                        log.warning("cannot remove the leftover temp file %s: %s",
                                    entry.path, exc)

    @staticmethod
    def key(level: LevelRef) -> str:
        """Return the file-name-safe name of a level."""
        return _UNSAFE.sub("_", level.code or f"file-{level.digest[:16]}")

    def best_path(self, level: LevelRef) -> Path:
        """Return where the best run of ``level`` is kept."""
        return self.best_dir / f"{self.key(level)}.json"

    def best_of(self, level: LevelRef) -> Optional[Replay]:
        """Return the best run kept of ``level`` (the same maze), or None."""
        path = self.best_path(level)
        if not path.exists():
            return None
        try:
            found = read_replay(path)
        except ReplayFileError as exc:
            fate = "it will be replaced" if looks_like_a_replay(path) else "it is left alone"
            log.warning("%s; %s", exc, fate)
            return None
        return found if found.level.digest == level.digest else None

    def listing(self) -> list[Listed]:
        """Return every replay file, newest first (by date, then file name).

        Each replay comes without its intents (see :func:`read_summary`): a big folder is
        listed in time and memory that grow with its number of files, not their sizes.
        """
        found: list[Listed] = []
        for folder, best in ((self.directory, False), (self.best_dir, True)):
            for path in _json_files(folder):
                try:
                    found.append(Listed(path, read_summary(path), best=best))
                except ReplayFileError as exc:
                    found.append(Listed(path, None, str(exc), best=best))
        found = _best_once(found)
        found.sort(key=lambda e: (e.replay.date if e.replay else "", not e.best, e.path.name),
                   reverse=True)
        return found

    def _free_name(self, stem: str) -> Path:
        """Return ``stem.json`` in the directory, numbered when that name is taken."""
        path = self.directory / f"{stem}.json"
        n = 2
        while os.path.lexists(path):
            path = self.directory / f"{stem}-{n}.json"
            n += 1
        return path

    @staticmethod
    def _prune(folder: Path, keep: int, *, newest_by_name: bool) -> None:
        """Remove all but the newest ``keep`` replay files of ``folder`` (best effort).

        Only files that are recognisably replays count, and only they are removed.
        """
        files = _json_files(folder)
        if len(files) <= keep:
            return
        files = [path for path in files if looks_like_a_replay(path)]
        if len(files) <= keep:
            return
        if newest_by_name:
            files.sort(key=lambda p: p.name)
        else:
            files.sort(key=_mtime)
        for path in files[: len(files) - keep]:
            try:
                path.unlink()
            except OSError as exc:
                log.warning("cannot remove the old replay %s: %s", path, exc)


def _best_once(found: list[Listed]) -> list[Listed]:
    """Return ``found`` with each best run listed once: as its run, marked best.

    A best run is a copy of one of the runs kept; listing both showed every run twice.
    """

    def same(rep: Replay) -> tuple[str, str, int, int, int]:
        """Return what tells one run from another: date, maze, ticks, moves, intents."""
        return (rep.date, rep.level.digest, rep.ticks, rep.moves, len(rep.log))

    bests = {same(e.replay) for e in found if e.best and e.replay is not None}
    runs = {same(e.replay) for e in found if not e.best and e.replay is not None}
    return [replace(e, best=True) if not e.best and e.replay is not None
            and same(e.replay) in bests else e
            for e in found if not (e.best and e.replay is not None and same(e.replay) in runs)]


def _json_files(folder: Path) -> list[Path]:
    """Return the regular ``*.json`` files of ``folder`` (none when it cannot be read)."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    return [Path(e.path) for e in entries
            if e.name.endswith(".json") and not e.name.startswith(".")
            and e.is_file(follow_symlinks=False)]


def _mtime(path: Path) -> float:
    """Return when ``path`` last changed (0 when it is gone)."""
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
