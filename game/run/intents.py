"""Intents: what the player asks of a run, as data (keys map to them; tests and replays
send the same ones).

:data:`RunIntent` is the one list of them: each names itself in a replay (``NAME``) and
:mod:`game.run.replay` writes and reads every intent of the list by that name, so a new
intent is its class and a line there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Union

from game.maze import grid
from game.run.player import Move


@dataclass(frozen=True)
class Release:
    """Intent: the key of a move is up (walking in that direction stops)."""

    NAME: ClassVar[str] = "release"

    dr: int
    dc: int


@dataclass(frozen=True)
class ReleaseAll:
    """Intent: every key is up (the window lost focus, the game paused)."""

    NAME: ClassVar[str] = "release_all"


@dataclass(frozen=True)
class ToggleHint:
    """Intent: show or hide the hint."""

    NAME: ClassVar[str] = "hint"


@dataclass(frozen=True)
class CycleSolver:
    """Intent: switch the hint to the next solver (``step`` -1: the previous one)."""

    NAME: ClassVar[str] = "cycle_solver"

    step: int = 1


@dataclass(frozen=True)
class SelectSolver:
    """Intent: switch the hint to a named solver."""

    NAME: ClassVar[str] = "solver"

    name: str


@dataclass(frozen=True)
class ChangeSpeed:
    """Intent: make the hint animation faster (+1) or slower (-1)."""

    NAME: ClassVar[str] = "change_speed"

    step: int


@dataclass(frozen=True)
class SetSpeed:
    """Intent: set the hint animation speed (to the nearest one on offer)."""

    NAME: ClassVar[str] = "speed"

    speed: float


@dataclass(frozen=True)
class FinishHint:
    """Intent: jump the hint animation to its end."""

    NAME: ClassVar[str] = "finish_hint"


@dataclass(frozen=True)
class AutoRun:
    """Intent: run in direction ``(dr, dc)`` to the next junction, door, key or dead end."""

    NAME: ClassVar[str] = "run"

    dr: int
    dc: int


#: Every intent a run takes, in the order a replay's error lists their names.
RunIntent = Union[Move, Release, ReleaseAll, AutoRun, ToggleHint, FinishHint, CycleSolver,
                  SelectSolver, ChangeSpeed, SetSpeed]

UP, DOWN, LEFT, RIGHT = (Move(*step) for step in (grid.UP, grid.DOWN, grid.LEFT, grid.RIGHT))
