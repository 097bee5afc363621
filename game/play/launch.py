"""``migong play``, ``replay FILE``, ``edit [FILE]`` and ``lab``: from parsed arguments
to a running App.

``migong edit [FILE]``: the editor on that file (checked first, like ``play FILE``), or
the first screen of "Make a maze".  ``migong lab``: the algorithm lab on a maze FILE or
the maze the options describe (a small random one without either).

No file and no maze options: the title screen.  ``FILE``: play that text maze.
``--algorithm/--size/--seed/...``, ``--code CODE`` or ``--daily [--date YYYY-MM-DD]``:
check every value first (a mistake is one line on stderr and exit code 2, never a
traceback), then build the maze behind a loading screen (an unlocked campaign level's
code plays that level).  ``--fog`` plays any of these in
the fog of war.  ``--race SOLVER [--race-speed N]`` races that solver's ghost on every
maze of the session (the title screen's too), as the Settings choice would, unsaved.

Before the App opens its window, the display is checked: with no display (an SSH
session, a server) SDL would quietly fall back to its ``offscreen`` driver and run a game
nobody sees.  That is one error line and exit code 2, unless the user chose a video
driver (``SDL_VIDEODRIVER``, as the tests and ``--selftest`` do with ``dummy``).
"""

from __future__ import annotations

import logging
import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

from game.errors import EXIT_BAD_INPUT, UsageError, printable
from game.maze.registry import LAB_SIZE, PLAY_SIZE
from game.play.quiet import captured_stderr

if TYPE_CHECKING:  # typing only
    from game.levels import LevelSpec
    from game.maze.grid import Maze
    from game.play.context import Context

log = logging.getLogger(__name__)
#: SDL's video drivers that show no window.
HEADLESS_DRIVERS = ("offscreen", "dummy")

#: The largest maze the lab shows (its heat-map and its picture are redrawn per frame).
LAB_MAX_SIDE = 1001


def _error(message: str) -> int:
    """Print one error line on stderr; return the bad-input exit code."""
    print(f"migong: error: {printable(message)}", file=sys.stderr)
    return EXIT_BAD_INPUT


def play_from_args(args: Any) -> int:
    """Start the game as the arguments ask; return the exit code."""
    file = getattr(args, "file", None)
    code = getattr(args, "code", None)
    daily = bool(getattr(args, "daily", False))
    when = getattr(args, "date", None)
    number = getattr(args, "level", None)
    flags = _maze_flags(args)
    sources = [name for name, given in (("a maze FILE", file is not None),
                                        ("--code", code is not None), ("--daily", daily),
                                        ("--level", number is not None),
                                        ("maze options", bool(flags)))
               if given]
    if len(sources) > 1:
        return _error("give one of a maze FILE, --code, --daily, --level or maze options "
                      f"(--algorithm, --size, ...), not both {sources[0]} and {sources[1]}")
    if when is not None and not daily:
        return _error("--date picks the day of --daily: give both")
    fog = bool(getattr(args, "fog", False))
    if fog and not sources:
        return _error("--fog needs a maze: a FILE, --code, --daily, --level or maze options "
                      "(--algorithm, --size, ...); for every maze, turn Fog on in Settings")
    try:
        race = _race(getattr(args, "race", None), getattr(args, "race_speed", None))
    except UsageError as exc:
        return _error(str(exc))
    maze = None
    spec = None
    day = None
    index = 0  # the campaign level --level names
    try:
        if file is not None:
            maze = _read_maze(file)
        elif code is not None:
            from game.commands import code_spec  # the maze core, numpy: only for a maze

            spec = code_spec(code)
        elif number is not None:
            from game.commands import campaign_number
            from game.levels import CAMPAIGN

            index = campaign_number(number)
            spec = CAMPAIGN[index]
        elif daily:
            from game.commands import daily_date
            from game.daily import daily_spec

            day = daily_date(when)
            spec = daily_spec(day)
        elif flags:
            from game.commands import maze_spec

            spec = maze_spec(args, default_size=PLAY_SIZE)
    except UsageError as exc:
        return _error(str(exc))
    if spec is not None and fog:
        spec = replace(spec, fog=True)
    built = None
    if spec is not None and (spec.keys or _quick_lairs(spec)):
        try:  # whether the keys and lairs fit shows only once the walls are built
            built = _build(spec)
        except UsageError as exc:
            return _error(str(exc))

    problem = display_problem()
    if problem is not None:
        return _error(problem)

    from game.play.app import App
    from game.names import custom_label
    from game.play.routes import BuildMaze, Play, ToTitle, play_code

    app = App.open()
    if built is not None and spec is not None:
        app.ctx.mazes.keep(spec, built)  # the loading screen takes it: not built twice
    view = getattr(args, "view", None)
    if view is not None:
        app.ctx.session_view = view == "first-person"
    if race is not None:
        from game.save import Race

        solver, speed = race
        app.ctx.session_race = Race(solver, app.ctx.settings.race.speed if speed is None else speed)
    if maze is not None:
        from game.run.level import Level  # the maze core: only for a maze

        assert file is not None  # the maze was loaded from it
        # the label is drawn and kept in replays: a file name that is not UTF-8 is neither
        return app.run(Play(Level(maze, label=printable(Path(file).name), fog=fog)))
    if (code is not None or number is not None) and spec is not None:
        route = play_code(spec, unlocked=app.ctx.progress.unlocked)
        if number is not None and not fog and isinstance(route, BuildMaze):
            print(f"migong: level {index + 1} is not unlocked yet: it plays for practice "
                  "(its result unlocks nothing)", file=sys.stderr)
        return app.run(route)
    if spec is not None:
        return app.run(BuildMaze(spec, None, custom_label(spec), day))
    return app.run(ToTitle())


def _maze_flags(args: Any) -> list[str]:
    """Return the maze options the arguments give, as flags; none without ``play``'s options.

    The check imports the maze core and numpy (90 ms), which a bare ``migong`` (the title
    screen) needs none of.
    """
    if not hasattr(args, "algorithm"):
        return []
    from game.commands import maze_flags

    return maze_flags(args)


def use_saved_look(ctx: Context, path: Path) -> None:
    """Draw with the palette, text size and motion the save at ``path`` chose (read only)."""
    from game.save.store import peek_progress

    saved = peek_progress(path)
    if saved is None:
        return
    ctx.settings.palette = saved.settings.palette
    ctx.settings.text_size = saved.settings.text_size
    ctx.settings.reduced_motion = saved.settings.reduced_motion
    ctx.apply_settings()


def screensaver_from_args(args: Any) -> int:
    """Walk generated mazes in first person until a key or a click; return 0."""
    problem = display_problem()
    if problem is not None:
        return _error(problem)
    import pygame

    from game.play.app import App
    from game.play.routes import ToScreensaver
    from game.save import default_save_path

    app = App.open(use_save=False)  # the player's save is left alone
    use_saved_look(app.ctx, default_save_path())
    if not args.window:
        app.surface = app._set_mode(True)
        pygame.mouse.set_visible(False)
    return app.run(ToScreensaver())


def _race(solver: Optional[str], speed: Optional[str]) -> Optional[tuple[str, Optional[int]]]:
    """Return ``play --race``'s (solver, speed; None: the saved one), None without it.

    Raise UsageError for a speed that is not one of RACE_SPEEDS (said first: the value is
    the mistake to fix), a speed without a solver, or an unknown solver.
    """
    if solver is None and speed is None:
        return None
    from game.commands import small_int
    from game.maze.solvers import SOLVERS
    from game.run.ghost import RACE_SPEEDS

    if speed is not None and small_int(speed.strip()) not in RACE_SPEEDS:
        steps = ", ".join(map(str, RACE_SPEEDS))
        raise UsageError(f"--race-speed must be one of {steps} (tiles per second), "
                         f"got {speed[:40]!r}")
    if solver is None:
        if speed is not None:
            raise UsageError("--race-speed sets the speed of the --race ghost: give both")
        return None
    if solver not in SOLVERS:
        raise UsageError(f"--race: unknown solver {solver!r} (expected one of: "
                         f"{', '.join(SOLVERS)})")
    return solver, None if speed is None else int(speed)


def edit_from_args(args: Any) -> int:
    """Open the editor on ``FILE`` (or "Make a maze" without one); return the exit code.

    The file is read before any window opens: a bad one is one error line, exit code 2.
    """
    from game.edit.model import Editor
    from game.maze.formats import MazeFormatError

    file = getattr(args, "file", None)
    editor = None
    if file is not None:
        try:
            editor = Editor.load(file)
        except MazeFormatError as exc:  # names file:line:col
            return _error(str(exc))
    problem = display_problem()
    if problem is not None:
        return _error(problem)

    from game.play.app import App
    from game.play.routes import Edit, ToMakeMaze

    app = App.open()
    return app.run(ToMakeMaze() if editor is None else Edit(editor))


def _read_maze(file: str) -> "Maze":
    """Return the maze in the text file ``file``; raise UsageError naming file:line:col."""
    from game.maze.formats import MazeFormatError, load_maze

    try:
        return load_maze(file)
    except MazeFormatError as exc:
        raise UsageError(str(exc)) from None


def _lab_maze(args: Any) -> tuple[Optional["Maze"], Optional["LevelSpec"]]:
    """Return the maze FILE the lab's arguments name, or the spec their options describe.

    Neither: (None, None).  Raise UsageError (its message names the file or the option).
    """
    from game.commands import maze_flags, maze_spec

    file = getattr(args, "file", None)
    flags = maze_flags(args)
    if file is not None and flags:
        raise UsageError("give a maze FILE or maze options (--algorithm, --size, ...), not both")
    if file is not None:
        return _read_maze(file), None
    if flags:
        return None, maze_spec(args, default_size=LAB_SIZE)
    return None, None


def lab_from_args(args: Any) -> int:
    """Open the algorithm lab as the arguments ask (playing from the start); return the exit code."""
    from game.maze.solvers import SOLVERS

    if getattr(args, "compare", False):
        return _compare_from_args(args)
    try:
        maze, spec = _lab_maze(args)
        rows, cols = (maze.rows, maze.cols) if maze is not None else (
            (spec.rows, spec.cols) if spec is not None else (0, 0))
        if max(rows, cols) > LAB_MAX_SIDE:
            where = args.file if maze is not None else f"--size {rows}x{cols}"
            raise UsageError(f"{where}: the lab shows mazes up to {LAB_MAX_SIDE}x{LAB_MAX_SIDE} "
                             f"tiles (got {rows}x{cols})")
        if args.solver not in SOLVERS:
            raise UsageError(f"unknown --solver {args.solver!r} "
                             f"(expected one of: {', '.join(SOLVERS)})")
        solver = _lab_solver(args.solver, getattr(args, "hand", None))
        if spec is not None and (spec.keys or _quick_lairs(spec)):
            _build(spec)  # the lab builds it again, step by step; this says now if all fit
    except UsageError as exc:
        return _error(str(exc))

    problem = display_problem()
    if problem is not None:
        return _error(problem)

    from game.play.app import App
    from game.play.routes import OpenLab

    return App.open().run(OpenLab(spec, maze, solver))


def _lab_solver(solver: str, hand: Optional[str]) -> str:
    """Return the lab's solver choice for ``--solver`` and ``--hand``; raise UsageError."""
    from game.lab.choices import key_of
    from game.maze.solvers import wall_follower

    if hand is None:
        return solver
    if solver != wall_follower.NAME:
        raise UsageError(f"--hand only applies to --solver {wall_follower.NAME} (got {solver})")
    if hand not in wall_follower.HANDS:
        raise UsageError(f"--hand must be left or right, got {hand!r}")
    return key_of(solver, hand)


def _compare_from_args(args: Any) -> int:
    """Open the compare page (``lab --compare``), which takes no maze; return the exit code."""
    from game.commands import maze_flags

    given = maze_flags(args) + (["FILE"] if getattr(args, "file", None) is not None else [])
    if given:
        return _error(f"--compare shows every generator: give it without {', '.join(given)}")
    problem = display_problem()
    if problem is not None:
        return _error(problem)

    from game.play.app import App
    from game.play.routes import OpenCompare

    return App.open().run(OpenCompare())


#: Lairs are proved fair as the maze is built, which takes seconds on a large maze
#: (P401x401-1-C4: 12 s of CPU, P101x101-1-C4: 0.35 s): a maze with chasers up to this many
#: tiles is built before the window opens, to say at once when its lairs do not fit; a
#: larger one is built on the loading screen, which says it there.
QUICK_LAIR_TILES = 101 * 101


def _quick_lairs(spec: "LevelSpec") -> bool:
    """Return whether ``spec`` has chasers and is small enough to build before the window."""
    return bool(spec.chasers) and spec.rows * spec.cols <= QUICK_LAIR_TILES


def _build(spec: "LevelSpec") -> "Maze":
    """Return the maze of ``spec``; raise UsageError when its keys or lairs do not fit."""
    from game.levels import build_level

    try:
        return build_level(spec)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def display_problem() -> Optional[str]:
    """Start pygame's display; return why no window can be seen, or None when one can.

    A video driver chosen with SDL_VIDEODRIVER is taken at its word and not started here.
    """
    if os.environ.get("SDL_VIDEODRIVER"):
        return None
    import pygame

    with captured_stderr() as noise:  # SDL's complaints while it tries driver after driver
        try:
            pygame.display.init()
            driver = pygame.display.get_driver()
            failure = None
        except pygame.error as exc:
            driver, failure = None, exc
    for line in noise:
        log.debug("display: %s", line)
    if driver is not None and driver not in HEADLESS_DRIVERS:
        return None
    pygame.display.quit()
    tried = []
    if sys.platform not in ("win32", "darwin"):
        for name in ("DISPLAY", "WAYLAND_DISPLAY"):
            value = os.environ.get(name)
            tried.append(f"{name}={value} could not be opened" if value
                         else f"{name} is not set")
    if failure is not None:
        tried.append(f"SDL could not start a video driver: {failure}")
    else:
        tried.append(f"SDL fell back to its {driver!r} driver, which shows no window")
    return (
        f"no display found ({'; '.join(tried)}); run migong in a desktop session, or choose "
        "a video driver with SDL_VIDEODRIVER"
    )


def watch_from_args(args: Any) -> int:
    """Open the window on ``replay FILE``: the replay played back (Esc closes it)."""
    from game.replays import ReplayFileError, read_replay
    from game.run.replay import ReplayFormatError, rebuild

    try:
        replay = read_replay(args.file)
        level = rebuild(replay.level)
    except ReplayFileError as exc:
        return _error(str(exc))
    except ReplayFormatError as exc:
        return _error(f"{args.file}: not a usable replay: {exc}")
    problem = display_problem()
    if problem is not None:
        return _error(problem)

    from game.play.app import App
    from game.play.routes import WatchReplay

    return App.open().run(WatchReplay(level, replay, alone=True))
