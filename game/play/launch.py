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
#: Largest side a custom maze may have (memory and patience, not the algorithms, limit it).
MAX_SIDE = 4001
MAZE_OPTIONS = ("algorithm", "size", "seed", "loops", "room_size", "rank")


class BadArgs(ValueError):
    """A command-line value is wrong; the message says what would be valid."""


def parse_size(text: str) -> tuple[int, int]:
    """Return (rows, cols) from "RxC" (or "N" for a square); raise BadArgs if invalid."""
    parts = str(text).lower().replace("×", "x").split("x")
    if len(parts) == 1:
        parts = parts * 2
    if len(parts) != 2:
        raise BadArgs(f"--size must look like 21x31 (ROWSxCOLS), got {text!r}")
    try:
        rows, cols = (int(p.strip()) for p in parts)
    except ValueError:
        raise BadArgs(f"--size must look like 21x31 (ROWSxCOLS), got {text!r}") from None
    for name, n in (("rows", rows), ("cols", cols)):
        if n < 3 or n % 2 == 0 or n > MAX_SIDE:
            raise BadArgs(f"--size {text}: {name} must be odd, from 3 to {MAX_SIDE} "
                          f"(3, 5, 7, ...), got {n}")
    return rows, cols


def _int(name: str, text: Any, lo: int, hi: Optional[int] = None) -> int:
    """Return the integer option ``name`` within lo..hi; raise BadArgs otherwise."""
    try:
        value = int(str(text).strip())
    except ValueError:
        raise BadArgs(f"{name} must be an integer, got {text!r}") from None
    if value < lo or (hi is not None and value > hi):
        span = f"{lo}..{hi}" if hi is not None else f">= {lo}"
        raise BadArgs(f"{name} must be {span}, got {value}")
    return value


def spec_from_args(args: Any) -> LevelSpec:
    """Return the custom maze the options describe; raise BadArgs on a bad value."""
    from game.maze.generators import GENERATORS

    algorithm = getattr(args, "algorithm", None)
    room_text = getattr(args, "room_size", None)
    rank_text = getattr(args, "rank", None)
    if algorithm is None:
        algorithm = "division" if room_text is not None else (
            "dig" if rank_text is not None else "backtracker")
    if algorithm not in GENERATORS:
        raise BadArgs(f"unknown algorithm {algorithm!r} (expected one of: "
                      f"{', '.join(GENERATORS)})")
    size = getattr(args, "size", None)
    rows, cols = parse_size(size) if size is not None else (31, 31)
    seed_text = getattr(args, "seed", None)
    seed = (_int("--seed", seed_text, 0) if seed_text is not None
            else random.Random().randrange(1, 100_000))
    loops = 0.0
    loops_text = getattr(args, "loops", None)
    if loops_text is not None:
        try:
            loops = float(str(loops_text).strip())
        except ValueError:
            raise BadArgs(f"--loops must be a number from 0 to 1, got {loops_text!r}") from None
        if not 0.0 <= loops <= 1.0:
            raise BadArgs(f"--loops must be a number from 0 to 1, got {loops_text}")
    room_size = None
    if room_text is not None:
        if algorithm != "division":
            raise BadArgs(f"--room-size only applies to --algorithm division, not {algorithm}")
        room_size = _int("--room-size", room_text, 1)
    rank = None
    if rank_text is not None:
        if algorithm != "dig":
            raise BadArgs(f"--rank only applies to --algorithm dig, not {algorithm}")
        rank = _int("--rank", rank_text, 1)
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
        except MazeFormatError as exc:
            return _error(str(exc))
        except OSError as exc:
            return _error(f"cannot read {file}: {exc.strerror or exc}")
    elif custom:
        try:
            spec = spec_from_args(args)
            _check_with_generator(spec)
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


def _check_with_generator(spec: LevelSpec) -> None:
    """Let the generator reject options it cannot build, cheaply, on a 3x3-ish maze."""
    from game.maze.generators import generate

    rows = 3 if spec.room_size is None else min(spec.rows, 2 * spec.room_size + 3)
    cols = 3 if spec.room_size is None else min(spec.cols, 2 * spec.room_size + 3)
    rows += 1 - rows % 2
    cols += 1 - cols % 2
    try:
        generate(spec.algorithm, rows=rows, cols=cols, seed=spec.seed, loops=spec.loops,
                 room_size=spec.room_size, rank=spec.rank)
    except ValueError as exc:
        raise BadArgs(str(exc)) from None
