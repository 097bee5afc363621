"""A timing log to find the board's stalls, on only when ``MIGONG_SERVE_TIMING`` names a file.

Each worker appends JSON lines: one a submission (its phases' times, in ms from its
arrival: ``read`` the body, ``started`` the re-run, its turn come, ``checked``,
``storing``, its turn to be stored come, ``inserted``, ``committed`` and ``ranked`` in
the database, ``answered``), one a garbage
collection that took 2 ms or more, and one each time a watcher thread that wakes every
5 ms woke 20 ms late or more (the process could not run Python: another thread held the
interpreter, or the machine ran something else).  Off, the server pays nothing for it.
"""

from __future__ import annotations

import gc
import json
import os
import threading
import time
from typing import Any, Optional

#: The environment variable naming the log file (each worker appends to it).
TIMING_ENV = "MIGONG_SERVE_TIMING"
#: The shortest collection logged, and the watcher's wake-up period and lateness logged.
GC_LOGGED = 0.002
WAKE_PERIOD = 0.005
LATE_LOGGED = 0.020


class PhaseLog:
    """One worker's timing log: submissions' phases, long collections and late wake-ups."""

    def __init__(self, path: str) -> None:
        self._file = open(path, "a", buffering=1, encoding="utf-8")
        self._lock = threading.Lock()
        self._gc_start = 0.0
        self.pid = os.getpid()
        gc.callbacks.append(self._gc)
        threading.Thread(target=self._watch, name="migong-timing", daemon=True).start()

    def write(self, record: dict[str, Any]) -> None:
        """Append one record, stamped with the wall clock and the worker."""
        line = json.dumps({"at": round(time.time(), 4), "pid": self.pid, **record})
        with self._lock:
            self._file.write(line + "\n")

    def submission(self, marks: dict[str, float]) -> None:
        """Log a submission's phases: ``marks`` maps phase to perf_counter(), ``arrived`` first."""
        start = marks["arrived"]
        self.write({"kind": "submit", **{k: round(1000 * (v - start), 2)
                                         for k, v in marks.items() if k != "arrived"}})

    def _gc(self, phase: str, info: dict[str, Any]) -> None:
        """Time a collection; log it when it took GC_LOGGED or more."""
        if phase == "start":
            self._gc_start = time.perf_counter()
            return
        took = time.perf_counter() - self._gc_start
        if took >= GC_LOGGED:
            self.write({"kind": "gc", "generation": info.get("generation"),
                        "ms": round(1000 * took, 2), "collected": info.get("collected")})

    def _watch(self) -> None:
        """Wake every WAKE_PERIOD; log each wake-up LATE_LOGGED late or more."""
        while True:
            before = time.perf_counter()
            time.sleep(WAKE_PERIOD)
            late = time.perf_counter() - before - WAKE_PERIOD
            if late >= LATE_LOGGED:
                self.write({"kind": "late", "ms": round(1000 * late, 2)})


def phase_log() -> Optional[PhaseLog]:
    """Return this worker's timing log when ``MIGONG_SERVE_TIMING`` names a file, else None."""
    path = os.environ.get(TIMING_ENV)
    return PhaseLog(path) if path else None
