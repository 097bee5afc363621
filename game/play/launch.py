"""``migong play``: from parsed arguments to a running App.

No file and no maze options: the title screen.  ``FILE``: play that text maze.
``--algorithm/--size/--seed/...``: check every value first (a mistake is one line on
stderr and exit code 2, never a traceback), then build the maze behind a loading screen.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from game.commands import maze_spec
from game.errors import EXIT_BAD_INPUT, UsageError

MAZE_OPTIONS = ("algorithm", "size", "seed", "loops", "room_size", "rank")
DEFAULT_SIZE = "31x31"


def _error(message: str) -> int:
    """Print one error line on stderr; return the bad-input exit code."""
    print(f"migong: error: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT


def play_from_args(args: Any) -> int:
    """Start the game as the arguments ask; return the exit code."""
    file = getattr(args, "file", None)
    custom = any(getattr(args, name, None) is not None for name in MAZE_OPTIONS)
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

    from game.play import scenes
    from game.play.app import App

    app = App()
    if maze is not None:
        assert file is not None  # the maze was loaded from it
        label = Path(file).name
        return app.run(lambda ctx: scenes.make_play_scene(ctx, maze, None, None, label))
    if spec is not None:
        return app.run(lambda ctx: scenes.LoadingScene(ctx, spec, None, scenes.custom_label(spec)))
    return app.run(scenes.TitleScene)
