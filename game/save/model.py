"""The save's model: progress, records and settings, and the rules that update them.

Plain dataclasses and functions, no files: :mod:`game.save.schema` turns them into JSON
and back, :mod:`game.save.store` keeps them on disk.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Optional

from game.levels import CAMPAIGN
from game.maze import generators, solvers
from game.maze.registry import Option, Value
from game.run.ghost import DEFAULT_RACE_SPEED


@dataclass
class CustomMaze:
    """The last choices on the Custom maze screen.

    ``options``: the value of each generator option the menu offers (:func:`menu_options`),
    by name, None when not given; each is a key of its own in the file.
    """

    algorithm: str = generators.DEFAULT
    rows: int = 31
    cols: int = 31
    seed: int = 1
    loops: float = 0.0
    options: dict[str, Optional[Value]] = field(default_factory=dict)
    keys: int = 0
    chasers: int = 0
    mud: float = 0.0  # the share of the floor laid with mud


def menu_options() -> list[Option]:
    """Return the generator options the Custom maze menu offers (those with steps)."""
    return [option for option, _ in generators.generator_options() if option.steps]


@dataclass(frozen=True)
class Race:
    """The solver ghost raced on every level ("Race a solver"): ``solver`` None is off."""

    solver: Optional[str] = None
    speed: int = DEFAULT_RACE_SPEED  # tiles per second, one of RACE_SPEEDS


@dataclass(frozen=True)
class Leaderboard:
    """Sending finished runs to a leaderboard server (``on`` False: nothing is sent)."""

    on: bool = False
    server: str = ""  # an http(s) address, "" until given
    player: str = ""  # the name on the board, "" until given


@dataclass
class Settings:
    """The player's preferences (``custom``: None until a custom maze was set up)."""

    volume: float = 0.7
    muted: bool = False
    fullscreen: bool = False
    anim_speed: float = 1.0
    default_solver: str = solvers.DEFAULT
    custom: Optional[CustomMaze] = None
    # -- accessibility: colours, text size, motion, the keys (each dropped to its
    # default when the file holds something unusable, never failing the save)
    palette: str = "default"
    text_size: int = 100
    reduced_motion: bool = False
    #: The actions whose keys the player changed: action -> key names (game.bindings).
    bindings: dict[str, list[str]] = field(default_factory=dict)
    #: "en" or "zh"; None (absent from the file): follow the system's language.
    language: Optional[str] = None
    #: Replay the best run of a level as a ghost while playing it again.
    ghost: bool = False
    #: Play every maze in the fog of war; show the explored map in a corner.
    fog: bool = False
    minimap: bool = False
    #: Play in first person (False: the view from above).
    first_person: bool = False
    race: Race = field(default_factory=Race)
    leaderboard: Leaderboard = field(default_factory=Leaderboard)


@dataclass
class DailyBest:
    """The best time and the fewest moves of one date's daily maze (maybe of two runs)."""

    time: float
    moves: int


@dataclass
class Streak:
    """Days in a row the daily maze was finished on its own (UTC) date."""

    count: int = 0
    best: int = 0
    last: Optional[str] = None  # the last such date, YYYY-MM-DD


@dataclass
class Progress:
    """Campaign progress and records, keyed by level code, plus the settings.

    ``daily``: the daily mazes finished, by date (YYYY-MM-DD); ``streak``: their streak.
    """

    unlocked: int = 1  # number of campaign levels playable
    best_times: dict[str, float] = field(default_factory=dict)
    best_moves: dict[str, int] = field(default_factory=dict)
    stars: dict[str, int] = field(default_factory=dict)
    settings: Settings = field(default_factory=Settings)
    daily: dict[str, DailyBest] = field(default_factory=dict)
    streak: Streak = field(default_factory=Streak)


@dataclass(frozen=True)
class Record:
    """What a finished run changed, for the level-complete screen."""

    new_best_time: bool
    new_best_moves: bool
    unlocked_next: bool


def record_result(
    progress: Progress,
    code: str,
    time: float,
    moves: int,
    stars: int,
    level_index: Optional[int],
) -> Record:
    """Record a finished run: keep the best time/moves/stars, unlock the next level."""
    old_time = progress.best_times.get(code)
    old_moves = progress.best_moves.get(code)
    new_time = old_time is None or time < old_time
    new_moves = old_moves is None or moves < old_moves
    if new_time:
        progress.best_times[code] = float(time)
    if new_moves:
        progress.best_moves[code] = int(moves)
    progress.stars[code] = max(int(stars), progress.stars.get(code, 0))
    unlocked_next = False
    if level_index is not None:
        wanted = min(level_index + 2, len(CAMPAIGN))
        if wanted > progress.unlocked:
            progress.unlocked = wanted
            unlocked_next = True
    return Record(new_time, new_moves, unlocked_next)


@dataclass(frozen=True)
class DailyRecord:
    """What a finished daily maze changed: new bests of its date, and the streak now."""

    new_best_time: bool
    new_best_moves: bool
    streak: int


def record_daily(progress: Progress, day: date, time: float, moves: int, *,
                 today: date) -> DailyRecord:
    """Record a finished daily maze of ``day``; on ``today``'s own maze, extend the streak."""
    key = day.isoformat()
    old = progress.daily.get(key)
    new_time = old is None or time < old.time
    new_moves = old is None or moves < old.moves
    if old is None:
        progress.daily[key] = DailyBest(float(time), int(moves))
    else:
        old.time, old.moves = min(old.time, float(time)), min(old.moves, int(moves))
    streak = progress.streak
    if day == today and streak.last != key:
        yesterday = (today - timedelta(days=1)).isoformat()
        streak.count = streak.count + 1 if streak.last == yesterday else 1
        streak.last = key
        streak.best = max(streak.best, streak.count)
    return DailyRecord(new_time, new_moves, current_streak(progress, today))


def current_streak(progress: Progress, today: date) -> int:
    """Return the streak as of ``today``: kept while yesterday's or today's maze was finished."""
    streak = progress.streak
    alive = (today.isoformat(), (today - timedelta(days=1)).isoformat())
    return streak.count if streak.last in alive else 0


def has_progress(progress: Progress) -> bool:
    """Return True once anything was unlocked or finished."""
    return progress.unlocked > 1 or bool(progress.best_times or progress.best_moves or progress.stars)


def campaign_started(progress: Progress) -> bool:
    """Return True once the campaign itself was played on: a level past the first unlocked.

    Records of other mazes start nothing: not a custom maze, nor a locked level played for
    practice (it keeps its record, but the title still offers a new game, not "Continue"
    at a level never played).
    """
    return progress.unlocked > 1


def reset_progress(progress: Progress) -> None:
    """Forget unlocked levels, best times and moves, stars and daily mazes; keep the settings."""
    progress.unlocked = Progress().unlocked
    progress.best_times.clear()
    progress.best_moves.clear()
    progress.stars.clear()
    progress.daily.clear()
    progress.streak = Streak()
