"""Intents: what the player asks of a run, as data (keys map to them; tests and replays
send the same ones)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from game.run.player import Move


@dataclass(frozen=True)
class Release:
    """Intent: the key of a move is up (walking in that direction stops)."""

    dr: int
    dc: int


@dataclass(frozen=True)
class ReleaseAll:
    """Intent: every key is up (the window lost focus, the game paused)."""


@dataclass(frozen=True)
class ToggleHint:
    """Intent: show or hide the hint."""


@dataclass(frozen=True)
class CycleSolver:
    """Intent: switch the hint to the next solver (``step`` -1: the previous one)."""

    step: int = 1


@dataclass(frozen=True)
class SelectSolver:
    """Intent: switch the hint to a named solver."""

    name: str


@dataclass(frozen=True)
class ChangeSpeed:
    """Intent: make the hint animation faster (+1) or slower (-1)."""

    step: int


@dataclass(frozen=True)
class SetSpeed:
    """Intent: set the hint animation speed (to the nearest one on offer)."""

    speed: float


@dataclass(frozen=True)
class FinishHint:
    """Intent: jump the hint animation to its end."""


@dataclass(frozen=True)
class AutoRun:
    """Intent: run in direction ``(dr, dc)`` to the next junction, door, key or dead end."""

    dr: int
    dc: int


RunIntent = Union[Move, Release, ReleaseAll, ToggleHint, CycleSolver, SelectSolver, ChangeSpeed,
                  SetSpeed, FinishHint, AutoRun]

UP, DOWN, LEFT, RIGHT = Move(-1, 0), Move(1, 0), Move(0, -1), Move(0, 1)
