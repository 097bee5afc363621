"""``migong play``: from parsed arguments to a running App.

No file and no maze options: the title screen.  ``FILE``: play that text maze.
``--algorithm/--size/--seed/...``: check every value first (a mistake is one line on
stderr and exit code 2, never a traceback), then build the maze behind a loading screen.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any, Optional

from game.levels import LevelSpec

EXIT_OK = 0
EXIT_BAD_INPUT = 2
MAZE_OPTIONS = ("algorithm", "size", "seed", "loops", "room_size", "rank")
DEFAULT_SIZE = "31x31"


class BadArgs(ValueError):
    """A command-line value is wrong; the message says what would be valid."""


def _int(option: str, text: Any, minimum: int) -> Optional[int]:
    """Return the optional integer option (at least ``minimum``); raise BadArgs otherwise."""
    if text is None:
        return None
    try:
        value = int(str(text).strip())
    except ValueError:
        value = None
    if value is None or value < minimum:
        raise BadArgs(f"{option} must be an integer >= {minimum} (got {text!r})")
    return value


def spec_from_args(args: Any) -> LevelSpec:
    """Return the custom maze the options describe; raise BadArgs on a bad value.

    Sizes and loops are parsed exactly as ``migong generate`` parses them.
    """
    from game.cli import UsageError
    from game.commands import parse_loops, parse_size
    from game.maze.generators import GENERATORS

    room_text = getattr(args, "room_size", None)
    rank_text = getattr(args, "rank", None)
    algorithm = getattr(args, "algorithm", None)
    if algorithm is None:  # options alone pick the generator they belong to
        algorithm = ("division" if room_text is not None
                     else "dig" if rank_text is not None else "backtracker")
    if algorithm not in GENERATORS:
        raise BadArgs(f"unknown --algorithm {algorithm!r} (expected one of: "
                      f"{', '.join(GENERATORS)})")
    try:
        rows, cols = parse_size(getattr(args, "size", None) or DEFAULT_SIZE)
        loops = parse_loops(getattr(args, "loops", None))
    except UsageError as exc:
        raise BadArgs(str(exc)) from None
    seed = _int("--seed", getattr(args, "seed", None), 0)
    if seed is None:
        seed = random.Random().randrange(1, 100_000)
    room_size = _int("--room-size", room_text, 1)
    if room_size is not None and algorithm != "division":
        raise BadArgs(f"--room-size only applies to --algorithm division (got {algorithm})")
    rank = _int("--rank", rank_text, 0)
    if rank is not None and algorithm != "dig":
        raise BadArgs(f"--rank only applies to --algorithm dig (got {algorithm})")
    return LevelSpec(algorithm, rows, cols, seed, loops, room_size, rank, "Custom")


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
            spec = spec_from_args(args)
        except BadArgs as exc:
            return _error(str(exc))

    from game.play import scenes
    from game.play.app import App

    app = App()
    if maze is not None:
        label = Path(file).name
        return app.run(lambda ctx: scenes.make_play_scene(ctx, maze, None, None, label))
    if spec is not None:
        return app.run(lambda ctx: scenes.LoadingScene(ctx, spec, None, scenes.custom_label(spec)))
    return app.run(scenes.TitleScene)
