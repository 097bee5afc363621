"""Routes: where a scene asks to go next, as data.

A scene's ``handle_event`` and ``update`` return a route (or None to stay); the
navigator (:mod:`game.play.navigator`, the only module that knows every scene) builds
the next scene from it.  Scenes therefore never import one another.  (A scene built
ahead, the loading screen's play scene, travels in ``scenes.base.Enter``.)

Two kinds:

* *overlays* (``OpenPause``, ``OpenSettings``, ``OpenHelp``, ``OpenControls``, ``Confirm``,
  ``OpenReview``, ``WatchReplay``, ``PlayDraft``) open over the current scene, which waits
  underneath; ``Back`` closes the top one (with nothing underneath it goes to the title);
* every other route *goes* somewhere: the screens left behind are dropped.

Routes are read with ``isinstance``; those that carry nothing are plain classes (a
dataclass costs a little start-up time each, for an equality nobody asks for).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Optional, Union

from game.levels import LevelSpec, campaign_index
from game.maze.grid import Maze
from game.names import custom_label, practice_label
from game.run.level import Level, RunResult

if TYPE_CHECKING:  # typing only: the editor and replays stay out of the start-up
    from game.edit.model import Editor
    from game.run.replay import Replay


class ToTitle:
    """Go to the title screen."""


class ToLevelSelect:
    """Go to the campaign's level grid."""


class ToCustomMaze:
    """Go to the custom maze screen."""


class ToMakeMaze:
    """Go to the editor's first screen: start blank, from a generated maze or from a file."""


@dataclass(frozen=True, eq=False)
class Edit:
    """Edit the maze ``editor`` holds (built already: blank, generated or loaded)."""

    editor: Editor


@dataclass(frozen=True, eq=False)
class PlayDraft:
    """Play ``level`` over the editor: reaching the exit or quitting comes back to it."""

    level: Level


class ToEnterCode:
    """Go to the screen where a level code is typed or pasted."""


@dataclass(frozen=True, eq=False)
class OpenLab:
    """Go to the algorithm lab: generate ``spec``'s maze (or take ``maze`` as it is), then
    solve it with ``solver``.  Neither given: a small random maze."""

    spec: Optional[LevelSpec] = None
    maze: Optional[Maze] = None
    solver: Optional[str] = None


class OpenCompare:
    """Open the compare page over the current scene: every generator's bias side by side."""


@dataclass(frozen=True)
class StartLevel:
    """Build campaign level ``index`` (clamped to the campaign) behind a loading screen."""

    index: int


@dataclass(frozen=True)
class BuildMaze:
    """Build the maze ``spec`` describes behind a loading screen, then play it.

    ``daily``: the date whose daily maze it is (None: not a daily maze); ``practice``: the
    campaign index of a locked level played for practice (None: not one).  ``back``: where
    any key goes when the maze cannot be built (None: the title).
    """

    spec: LevelSpec
    index: Optional[int]
    label: str
    daily: Optional[date] = None
    practice: Optional[int] = None
    back: Optional[Route] = None


@dataclass(frozen=True, eq=False)
class Play:
    """Play ``level`` from its entrance (a retry, a restart, a maze file)."""

    level: Level


@dataclass(frozen=True, eq=False)
class Complete:
    """Show the result of a finished run."""

    result: RunResult


@dataclass(frozen=True)
class ChapterDone:
    """Show that campaign chapter ``number`` (0-based) is done, and what comes next."""

    number: int


@dataclass(frozen=True, eq=False)
class OpenPause:
    """Pause the current play scene of ``level``: a menu over it."""

    level: Level


@dataclass(frozen=True, eq=False)
class OpenReview:
    """Review a run over its maze (walk, shortest route, heat-map); Back returns."""

    level: Level
    replay: Replay


@dataclass(frozen=True, eq=False)
class WatchReplay:
    """Play ``replay`` back on ``level`` (pause, speed, skip); Back returns.

    ``alone``: opened by ``replay FILE`` with nothing under it, so Esc closes the game.
    """

    level: Level
    replay: Replay
    alone: bool = False


class OpenSettings:
    """Open the settings over the current scene."""


class OpenHelp:
    """Open the help over the current scene."""


class OpenControls:
    """Open the key bindings (Settings > Controls) over the current scene."""


class OpenLeaderboardSettings:
    """Open the leaderboard's settings (Settings > Leaderboard) over the current scene."""


@dataclass(frozen=True)
class OpenBoard:
    """Show a leaderboard over the current scene: ``kind`` "daily" (``key`` a date) or "code"."""

    kind: str
    key: str


@dataclass(frozen=True)
class Confirm:
    """Ask ``question`` over the current scene: ``yes`` follows ``then``, ``no`` goes back.

    ``yes_first``: the answer chosen to begin with is yes (Enter twice says yes); else no.
    """

    question: str
    yes: str
    no: str
    then: Route
    yes_first: bool = False


class ResetProgress:
    """Forget the campaign progress (the settings stay), then close the question asked."""


class Back:
    """Close the top scene and show the one underneath (the title when there is none)."""


class QuitGame:
    """End the game."""


class ToScreensaver:
    """Walk generated mazes in first person until a key or a click."""


#: The routes that open a scene over the current one.
OVERLAYS = (OpenPause, OpenSettings, OpenHelp, OpenControls, Confirm, OpenReview, WatchReplay,
            PlayDraft, OpenLeaderboardSettings, OpenBoard, OpenCompare)


def play_code(spec: LevelSpec, *, unlocked: int) -> Union[StartLevel, BuildMaze]:
    """Return the route that plays a level code's maze: its campaign level when unlocked.

    A code of a campaign level not yet unlocked (``unlocked``: how many are) plays for
    practice under its own name, so a code never unlocks the levels before it.
    """
    index = campaign_index(spec)
    if index is not None and index < unlocked:
        return StartLevel(index)
    if index is not None:
        return BuildMaze(spec, None, practice_label(index, spec), practice=index)
    return BuildMaze(spec, None, custom_label(spec))


Route = Union[ToTitle, ToLevelSelect, ToCustomMaze, ToEnterCode, ToMakeMaze, Edit, PlayDraft,
              OpenLab, StartLevel, BuildMaze, Play, Complete, ChapterDone, OpenPause,
              OpenSettings, OpenHelp, OpenControls, Confirm, ResetProgress, Back, QuitGame,
              OpenReview, WatchReplay, ToScreensaver,
              OpenLeaderboardSettings, OpenBoard, OpenCompare]
