"""Space on a big maze: the hint's unseen search runs a slice per call, never all at once,
and ends on the picture running it whole gives (issue 18.5); with keys, on tables laid
out once."""

from __future__ import annotations

import numpy as np
import pytest

from game.maze.generators import generate
from game.maze.solvers import SOLVERS, solve
from game.run.hint import HintSearch

#: Every solver without keys, and with 3 keys every solver that can use them.
CASES = [(name, keys) for name, info in SOLVERS.items() for keys in (0, 3) if info.keys or not keys]


@pytest.mark.parametrize("solver, keys", CASES)
def test_a_sliced_finish_takes_many_calls_and_ends_as_the_whole_one(solver: str, keys: int) -> None:
    maze = generate("prim", rows=101, cols=101, seed=5, loops=0.1,
                    **({"keys": keys} if keys else {}))
    whole = HintSearch(maze, maze.start, solver)
    assert whole.complete()
    sliced = HintSearch(maze, maze.start, solver)
    calls = 1
    while not sliced.complete(200):
        calls += 1
    assert calls > 5
    assert sliced.solution == whole.solution == solve(maze, solver)
    assert np.array_equal(sliced.state, whole.state)


def test_a_new_start_drops_the_sliced_search_under_way() -> None:
    maze = generate("prim", rows=101, cols=101, seed=5, keys=2)
    hint = HintSearch(maze, maze.start, "bfs")
    assert not hint.complete(50)
    path = solve(maze, "bfs").path
    assert path is not None
    hint.restart(path[10])
    while not hint.complete(500):
        pass
    assert hint.solution == solve(maze, "bfs", start=path[10])


@pytest.mark.parametrize("solver, keys", CASES)
def test_a_long_path_is_turned_and_marked_a_slice_a_call_to_the_same_end(
        solver: str, keys: int, monkeypatch: pytest.MonkeyPatch) -> None:
    maze = generate("backtracker", rows=81, cols=81, seed=3, **({"keys": keys} if keys else {}))
    whole = HintSearch(maze, maze.start, solver)
    assert whole.complete()
    monkeypatch.setattr("game.maze.solvers.POSITIONS_SLICE", 7)
    monkeypatch.setattr("game.maze.solvers.keyed.POSITIONS_SLICE", 7)
    monkeypatch.setattr("game.run.hint.PATH_MARK_SLICE", 5)
    sliced = HintSearch(maze, maze.start, solver)
    calls = 1
    while not sliced.complete(10**9):  # the search itself in one call: the rest is the path
        calls += 1
    assert whole.path is not None and calls > len(whole.path) // 7
    assert sliced.solution == whole.solution == solve(maze, solver)
    assert np.array_equal(sliced.state, whole.state)
