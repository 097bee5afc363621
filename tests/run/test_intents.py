"""One list of intents: the run takes them and the replay writes and reads each by the
name it gives itself, so a new intent is written once."""

from __future__ import annotations

from typing import get_args

from game.maze import grid
from game.run.intents import DOWN, LEFT, RIGHT, UP, RunIntent
from game.run.player import Move
from game.run.replay import INTENT_NAMES, INTENT_TYPES

#: The names replays on disk use: a file format, never renamed.
SAVED_NAMES = {"move", "release", "release_all", "run", "hint", "finish_hint", "cycle_solver",
               "solver", "change_speed", "speed"}


def test_every_run_intent_names_itself_once_and_the_replay_reads_each_by_it() -> None:
    intents = get_args(RunIntent)
    names = [cls.NAME for cls in intents]
    assert len(set(names)) == len(names) and set(names) == SAVED_NAMES
    assert INTENT_NAMES == dict(zip(intents, names))
    assert all(INTENT_TYPES[cls.NAME] is cls for cls in intents)


def test_the_four_moves_go_the_grid_s_four_ways() -> None:
    assert (UP, DOWN, LEFT, RIGHT) == (Move(*grid.UP), Move(*grid.DOWN), Move(*grid.LEFT),
                                       Move(*grid.RIGHT))
