"""``migong play``: from parsed arguments to a running App.

No file and no maze options: the title screen.  ``FILE``: play that text maze.
``--algorithm/--size/--seed/...``: check every value first (a mistake is one line on
stderr and exit code 2, never a traceback), then build the maze behind a loading screen.

Before the App opens its window, the display is checked: with no display (an SSH
session, a server) SDL would quietly fall back to its ``offscreen`` driver and run a game
nobody sees.  That is one error line and exit code 2, unless the user chose a video
driver (``SDL_VIDEODRIVER``, as the tests and ``--selftest`` do with ``dummy``).
"""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path
from typing import Any, Optional

from game.commands import maze_spec
from game.errors import EXIT_BAD_INPUT, UsageError
from game.play.quiet import captured_stderr

log = logging.getLogger(__name__)
#: SDL's video drivers that show no window.
HEADLESS_DRIVERS = ("offscreen", "dummy")

DEFAULT_SIZE = "31x31"


def maze_options() -> tuple[str, ...]:
    """Return the names of the options that describe a generated maze (the registry's too)."""
    from game.maze.generators import generator_options
    from game.maze.registry import KEYS, LOOPS

    return ("algorithm", "size", "seed", LOOPS.name, KEYS.name,
            *(o.name for o, _ in generator_options()))


def _error(message: str) -> int:
    """Print one error line on stderr; return the bad-input exit code."""
    print(f"migong: error: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT


def play_from_args(args: Any) -> int:
    """Start the game as the arguments ask; return the exit code."""
    file = getattr(args, "file", None)
    custom = any(getattr(args, name, None) is not None for name in maze_options())
    if file is not None and custom:
        return _error("give a maze FILE or maze options (--algorithm, --size, ...), not both")
    maze = None
    spec = None
    if file is not None:
        from game.maze.formats import MazeFormatError, load_maze

        try:
            maze = load_maze(file)
        except MazeFormatError as exc:  # names file:line:col
            return _error(str(exc))
    elif custom:
        try:
            spec = maze_spec(args, default_size=DEFAULT_SIZE)
        except UsageError as exc:
            return _error(str(exc))

    problem = display_problem()
    if problem is not None:
        return _error(problem)

    from game.play.app import App
    from game.play.names import custom_label
    from game.play.routes import BuildMaze, Play, ToTitle
    from game.run.level import Level

    app = App.open()
    if maze is not None:
        assert file is not None  # the maze was loaded from it
        return app.run(Play(Level(maze, label=Path(file).name)))
    if spec is not None:
        return app.run(BuildMaze(spec, None, custom_label(spec)))
    return app.run(ToTitle())


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
