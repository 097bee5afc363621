"""Timing and memory helpers shared by the benchmark scripts."""

from __future__ import annotations

import gc
import time
import tracemalloc
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
