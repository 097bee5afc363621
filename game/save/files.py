"""File safety for the save and its neighbours: atomic writes, guarded reads, bad files kept aside.

A write goes to a temp file in the same directory, is flushed and fsynced, then replaces
the target with ``os.replace``, so a crash mid-write leaves the previous file intact; temp
files a kill left behind are removed at the next start.  A path reached through a symbolic
link updates the file the link points to.  A path that is not a regular file (a directory,
a named pipe, a device) is never read, renamed or replaced.
"""

from __future__ import annotations

import logging
import os
import re
import stat
import tempfile
from pathlib import Path
from typing import Optional

log = logging.getLogger(__name__)

#: How many bad saves are kept aside (save.json.corrupt, then .corrupt.1 ... the oldest).
KEPT_CORRUPT = 5


class NotARegularFile(OSError):
    """The save path is a directory, a named pipe, a device or a socket."""

    def __init__(self, kind: str) -> None:
        super().__init__(f"{kind}, not a regular file")


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) atomically: temp file beside it, fsync, then os.replace.

    Through a symbolic link, the file it points to is replaced (the link stays); missing
    directories are made.  Raise OSError if the path is not a regular file or cannot be
    written.
    """
    target = resolve(path)
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        target.parent.mkdir(parents=True, exist_ok=True)
    else:
        check_regular(mode)
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


def resolve(path: Path) -> Path:
    """Return the file a save path stands for: a symbolic link's target, not the link."""
    return Path(os.path.realpath(path))


def remove_temp_files(target: Path) -> None:
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
    check_regular(os.stat(path).st_mode)  # a socket cannot even be opened
    fd = os.open(path, _READ_FLAGS)
    try:
        check_regular(os.fstat(fd).st_mode)  # the same file, now that it is open
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


def check_regular(mode: int) -> None:
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


def keep_aside(path: Path) -> Optional[Path]:
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
