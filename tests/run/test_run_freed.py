"""A finished run is freed by refcount alone: no reference cycle waits for the collector.

The board re-runs every submission; a run that formed a cycle (its player's callbacks
holding the run) left its objects to the cyclic collector, a young collection about
every submission.
"""

from __future__ import annotations

import gc
import weakref
from typing import Iterator

import pytest

from game.levels import parse_level_code
from game.run.model import replay
from tests.run.run_corpus import make_log, maze_of

#: Plain, keys, mud, fog, chasers, rooms: each part a run builds.
CODES = ("B11x11-UL", "B15x15-15Z-Y1", "B21x21-7-U10", "P21x21-1OH-F1", "D21x21-1MD-C1",
         "D31x31-1-R3-U10-C1", "D45x45-3HA-R4-L10-Y2-F1")


@pytest.fixture
def no_collector() -> Iterator[None]:
    """Turn the cyclic collector off for the test (on again after)."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


@pytest.mark.parametrize("search_optimal", [False, True])
@pytest.mark.parametrize("code", CODES)
def test_a_finished_run_is_freed_by_refcount(code: str, search_optimal: bool,
                                             no_collector: None) -> None:
    """Dropping the last reference to a re-run frees it, its player and its parts at once."""
    maze = maze_of(code)
    log, ticks = make_log(maze, 0)
    run = replay(maze, log, ticks=ticks, fog=parse_level_code(code).fog,
                 search_optimal=search_optimal)
    assert run.optimal >= 0 and run.player.moves >= 0
    refs = [weakref.ref(run), weakref.ref(run.player)]
    del run
    assert [ref() for ref in refs] == [None, None]
    assert gc.collect() == 0  # nothing left over for the collector either
