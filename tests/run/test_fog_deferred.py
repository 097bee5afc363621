"""The fog works out its views when read: the same memory, sight and changes as looking at once.

:class:`EagerFog` is the fog as it was before its views were put off (every ``look``
worked out its view there and then); the corpus's fogged logs, on plain and room maps,
with torches, run beside it one tick at a time (read every tick, as the play layer
reads) and re-run in one ``replay`` read only at the end (as the board re-runs).
"""

from __future__ import annotations

from typing import Optional

import numpy as np
import pytest

from game.levels import parse_level_code
from game.maze.decor import torches
from game.maze.fov import visible_window
from game.maze.grid import Maze, Pos
from game.run.intents import RIGHT
from game.run.fog import Box, Fog, _box, _merge, _union
from game.run.model import Logged, Run, replay
from tests.run.run_corpus import make_log, maze_of
from tests.run.test_fog import HALLS, TORCHLIT

#: The corpus's fogged codes (division's R: a room map) and the small room maps of test_fog.
CODES = ("P21x21-1OH-F1", "B15x15-17I-F1", "D31x31-2GK-R4-F1", "D45x45-3HA-R4-L10-Y2-F1",
         "B41x41-2-L10-C2-F1", "D41x41-3734O1D8-R3-F1")


class EagerFog(Fog):
    """The fog before its views were put off: each look works its view out at once."""

    def look(self, pos: Pos) -> None:
        """See from ``pos`` now (the look of commit e2c7b63)."""
        window = visible_window(self.transparent, pos, radius=self.radius)
        room = self._room_of(pos)
        for lit in [room, *self._lit_by_torches(window)]:
            if lit is not None:
                window = _merge(window, lit)
        self._changed = _union(self._changed, _union(_box(self._sight), _box(window)))
        self._sight = window
        top, left, mask = window
        self._seen[top : top + mask.shape[0], left : left + mask.shape[1]] |= mask
        self.version += 1


def _eager_run(maze: Maze, rooms: bool) -> Run:
    """Return a fogged run at its entrance whose fog looks at once."""
    run = Run(maze, fog=True, rooms=rooms, search_optimal=False)
    run.fog = EagerFog(run.transparent(), rooms=rooms,
                       torches=torches(maze) if rooms else None)
    run.fog.look(maze.start)
    return run


def _state(fog: Optional[Fog]) -> tuple[bytes, tuple[int, int, bytes], int]:
    """Return everything the fog shows: its memory, its sight and its version."""
    assert fog is not None
    top, left, mask = fog.sight
    return fog.seen.tobytes(), (top, left, mask.tobytes()), fog.version


def _cases() -> list[tuple[str, Maze, bool, int]]:
    """Return (name, maze, room map, seed) for every case."""
    out = [(code, maze_of(code), parse_level_code(code).is_room_map, seed)
           for code in CODES for seed in (0, 1, 2)]
    out += [(name, maze, True, seed) for name, maze in (("halls", HALLS), ("torchlit", TORCHLIT))
            for seed in (0, 1, 2)]
    return out


@pytest.mark.parametrize("name, maze, rooms, seed", _cases(),
                         ids=[f"{c[0]}/{c[3]}" for c in _cases()])
def test_read_every_tick_the_fog_is_the_fog_that_looked_at_once(name: str, maze: Maze,
                                                                   rooms: bool, seed: int) -> None:
    log, ticks = make_log(maze, seed)
    eager = _eager_run(maze, rooms)
    deferred = Run(maze, fog=True, rooms=rooms, search_optimal=False)
    assert eager.fog is not None and deferred.fog is not None
    states = (0, 0, maze.rows, maze.cols)
    i = 0
    while True:
        while i < len(log) and log[i].tick <= eager.tick:
            eager.apply(log[i].intent)
            deferred.apply(log[i].intent)
            i += 1
        assert _state(deferred.fog) == _state(eager.fog), f"tick {eager.tick}"
        assert deferred.fog.take_changed() == eager.fog.take_changed(), f"tick {eager.tick}"
        assert np.array_equal(deferred.fog.states(states), eager.fog.states(states))
        if eager.tick >= ticks or eager.over:
            break
        eager.step()
        deferred.step()


@pytest.mark.parametrize("name, maze, rooms, seed", _cases(),
                         ids=[f"{c[0]}/{c[3]}" for c in _cases()])
def test_read_only_at_the_end_a_replay_has_the_fog_that_looked_at_once(
        name: str, maze: Maze, rooms: bool, seed: int) -> None:
    log, ticks = make_log(maze, seed)
    eager = _eager_run(maze, rooms)
    i = 0
    while True:
        while i < len(log) and log[i].tick <= eager.tick:
            eager.apply(log[i].intent)
            i += 1
        if eager.tick >= ticks or eager.over:
            break
        eager.step()
    batched = replay(maze, log, ticks=ticks, fog=True, rooms=rooms, search_optimal=False)
    assert batched.fog is not None and eager.fog is not None
    assert batched.fog.version == eager.fog.version == len(eager.trail) > 1  # a look a step
    changed: Optional[Box] = batched.fog.take_changed()  # read first: worked out here
    assert changed == eager.fog.take_changed()
    assert _state(batched.fog) == _state(eager.fog)


def test_a_look_is_worked_out_only_when_read() -> None:
    run = replay(HALLS, (Logged(0, RIGHT),), ticks=40, fog=True)
    assert run.fog is not None and run.fog._last is not None  # looked, not yet worked out
    assert run.fog.in_sight(run.player.pos)
    assert run.fog._last is None and not run.fog._looked
