"""A command's output file (``generate -o``, ``export -o``), written whole or not at all.

A regular file, or a new one, is written to a temp file beside it and renamed over it: a
full disk, Ctrl-C or a kill mid-write leaves the old file as it was (``open(path, "w")``
emptied it first and left half a maze).  What is not a regular file (``/dev/null``, a
terminal, a named pipe) is written in place; a named pipe that nothing reads is refused at
once instead of waiting for a reader forever.
"""

from __future__ import annotations

import errno
import os
import secrets
import stat

#: What a named pipe with no reader is told, instead of "No such device or address".
NO_READER = "nothing is reading this named pipe (start its reader first)"


def write_whole(path: str, data: bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all; raise OSError saying why not."""
    if not path:
        raise OSError(errno.ENOENT, "no file name given")
    try:
        mode: int | None = os.stat(path).st_mode
    except FileNotFoundError:  # a new file (or no folder for one: the temp file says so)
        mode = None
    if mode is not None and not stat.S_ISREG(mode):
        _write_in_place(path, data)
    else:
        _write_beside(os.path.realpath(path), data, mode)


def _write_in_place(path: str, data: bytes) -> None:
    """Write ``data`` into a device or named pipe at ``path``, never waiting for a reader."""
    nonblocking = getattr(os, "O_NONBLOCK", 0)  # POSIX: open a pipe without a reader fails
    try:
        fd = os.open(path, os.O_WRONLY | nonblocking)
    except OSError as exc:
        if exc.errno == errno.ENXIO:
            raise OSError(errno.ENXIO, NO_READER) from None
        raise
    if nonblocking:
        os.set_blocking(fd, True)
    with os.fdopen(fd, "wb") as out:
        out.write(data)


def _write_beside(target: str, data: bytes, mode: int | None) -> None:
    """Write ``data`` to a temp file beside ``target``, then rename it over ``target``."""
    folder, name = os.path.split(target)
    while True:
        temp = os.path.join(folder, f".{name}.{secrets.token_hex(4)}.tmp")
        try:  # 0o666 less the umask, as open() gives a new file
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0),
                         0o666)
            break
        except FileExistsError:
            continue
        except PermissionError:
            if mode is None:
                raise
            # a file one may write in a folder one may not: written in place, as open() did
            with open(target, "wb") as out:
                out.write(data)
            return
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        if mode is not None:  # the file it replaces keeps its permissions
            os.chmod(temp, stat.S_IMODE(mode))
        os.replace(temp, target)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise
