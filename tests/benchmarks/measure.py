"""Timing and memory helpers shared by the benchmark scripts."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import tarfile
import time
import tracemalloc
from io import BytesIO
from pathlib import Path
from typing import Any, Callable


def time_runs(fn: Callable[[], Any], repeat: int) -> list[float]:
    """Return the wall-clock seconds of ``repeat`` calls of ``fn``, garbage collected first."""
    times = []
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return times


def peak_memory(fn: Callable[[], Any]) -> int:
    """Return the peak bytes traced by tracemalloc during one call of ``fn``."""
    gc.collect()
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def extract_game(rev: str, root: Path, into: Path) -> None:
    """Extract the ``game`` package of commit ``rev`` of the repo at ``root`` into ``into``."""
    data = subprocess.run(
        ["git", "-C", str(root), "archive", rev, "game"], check=True, capture_output=True
    ).stdout
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(into, filter="data")


def run_worker(script: Path, root: Path, args: list[str], stdin: str = "") -> str:
    """Run ``script`` as ``__name__ == "worker"``, with ``game`` from ``root``; return stdout."""
    code = f"import runpy, sys; sys.argv = {[str(script), *args]!r}; " \
           f"runpy.run_path({str(script)!r}, run_name='worker')"
    done = subprocess.run(
        [sys.executable, "-c", code], input=stdin, cwd=str(root),
        env=dict(os.environ, PYTHONPATH=str(root)), capture_output=True, text=True,
    )
    if done.returncode:
        raise SystemExit(f"{script.name} worker in {root} failed:\n{done.stderr}")
    return done.stdout
