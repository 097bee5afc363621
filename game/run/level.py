"""What is played (a Level) and how a finished run went (a RunResult)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Optional

from game.levels import LevelSpec
from game.maze.grid import Maze

if TYPE_CHECKING:  # typing only: the title screen needs no run model
    from game.run.ghost import RaceResult
    from game.run.model import Run


@dataclass(frozen=True, eq=False)
class Level:
    """A maze to play, with where it came from and its name on screen."""

    maze: Maze
    #: The parameters that built it (None: loaded from a file).
    spec: Optional[LevelSpec] = None
    #: Its place in the campaign (None: a custom maze or a file).
    index: Optional[int] = None
    label: str = ""
    #: The date whose daily maze it is (None: not a daily maze).
    daily: Optional[date] = None
    #: Played in the fog of war (``play --fog FILE``; a spec carries its own flag).
    fog: bool = False
    #: Where a maze without a spec came from, in words ("": a file).
    source: str = ""
    #: The campaign index of a locked level played for practice (None: not a practice run):
    #: named as that level, its result unlocks nothing.
    practice: Optional[int] = None

    @property
    def fogged(self) -> bool:
        """Return True when this level is played in the fog of war."""
        return self.fog or (self.spec is not None and self.spec.fog)


@dataclass(frozen=True, eq=False)
class RunResult:
    """How a finished run went; handed to the level-complete screen."""

    level: Level
    time: float
    moves: int
    optimal: int  # BFS path length from the entrance
    hints_used: int
    run: Optional[Run] = None  # the run itself (its intent log makes the replay)
    race: Optional[RaceResult] = None  # how the race with a solver ghost went (None: no race)
