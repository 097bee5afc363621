"""Keep what C libraries (SDL, ALSA) print on the terminal from reaching the player.

SDL and ALSA write straight to file descriptor 2 while they probe for a display or an
audio device ("ALSA lib confmisc.c:855:(parse_card) cannot find card '0'", "XDG_RUNTIME_DIR
is invalid"); Python's ``sys.stderr`` never sees it.  :func:`captured_stderr` points
descriptor 2 at a temporary file for the duration and hands back what was written, so the
game can say one calm line of its own instead.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from typing import Iterator


@contextlib.contextmanager
def captured_stderr() -> Iterator[list[str]]:
    """Capture what anything in the process writes to descriptor 2; yield the lines after."""
    lines: list[str] = []
    try:
        if sys.stderr is not None:
            sys.stderr.flush()
        saved = os.dup(2)
    except OSError:  # no descriptor 2 to take over: nothing would reach a terminal anyway
        yield lines
        return
    try:
        with tempfile.TemporaryFile() as sink:
            os.dup2(sink.fileno(), 2)
            try:
                yield lines
            finally:
                if sys.stderr is not None:
                    sys.stderr.flush()
                os.dup2(saved, 2)
                sink.seek(0)
                lines.extend(sink.read().decode("utf-8", "replace").splitlines())
    finally:
        os.close(saved)
