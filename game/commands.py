"""The sub-commands behind ``python -m game``: generate, solve and play.

Each takes the parsed ``argparse`` namespace from :mod:`game.cli` and returns the exit
code.  Bad input raises :class:`game.cli.UsageError` with a one-line message saying what
would be valid; :func:`game.cli.main` prints it and exits with code 2.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import re
import sys
from typing import TYPE_CHECKING, Any, Optional

from game.cli import EXIT_NO_PATH, EXIT_OK, UsageError
from game.levels import LevelSpec
from game.maze.grid import MIN_SIZE, Pos

if TYPE_CHECKING:  # the solvers are imported only by the commands that solve
    from game.maze.solvers import Solution

#: Largest side accepted by ``generate --size`` (a 4001x4001 maze is 16 million tiles).
MAX_SIDE = 4001

_SIZE = re.compile(r"\s*(\d+)\s*[xX×]\s*(\d+)\s*")
_POS = re.compile(r"\s*(-?\d+)\s*,\s*(-?\d+)\s*")
_DEFAULT_SIZE = "21x21"


def maze_spec(
    args: argparse.Namespace, *, default_size: str = _DEFAULT_SIZE, label: str = "Custom"
) -> LevelSpec:
    """Return the maze the ``--algorithm/--size/--seed/...`` options describe.

    Used by ``generate`` and ``play`` alike.  Without ``--algorithm`` the options pick the
    generator they belong to (``--room-size``: division, ``--rank``: dig, else the
    backtracker); without ``--seed`` a random one is drawn, so the maze still has a code.
    Raise UsageError saying what would be valid.
    """
    from game.maze.generators import GENERATORS

    room_size = _int_option("--room-size", args.room_size, minimum=1)
    rank = _int_option("--rank", args.rank, minimum=1)
    name = args.algorithm
    if name is None:
        name = "division" if room_size is not None else "dig" if rank is not None else "backtracker"
    name = _choice("--algorithm", name, GENERATORS)
    rows, cols = parse_size(args.size if args.size is not None else default_size)
    seed = _int_option("--seed", args.seed, minimum=0)
    if seed is None:
        seed = random.Random().randrange(1, 100_000)
    loops = parse_loops(args.loops)
    if room_size is not None and name != "division":
        raise UsageError(f"--room-size only applies to --algorithm division (got {name})")
    if rank is not None and name != "dig":
        raise UsageError(f"--rank only applies to --algorithm dig (got {name})")
    return LevelSpec(name, rows, cols, seed, loops, room_size, rank, label)


def cmd_generate(args: argparse.Namespace) -> int:
    """Generate a maze and print it in our text format (or write it to ``-o FILE``)."""
    from game.levels import build_level
    from game.maze.formats import format_maze
    from game.maze.solvers import SOLVERS, solve

    spec = maze_spec(args)
    solver = _choice("--solve", args.solve, SOLVERS) if args.solve is not None else None
    try:
        maze = build_level(spec)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    path = solve(maze, solver).path if solver else None
    text = format_maze(maze, path)
    if args.output:
        _write_file(args.output, text)
    else:
        _emit(text)
    return EXIT_OK


def cmd_solve(args: argparse.Namespace) -> int:
    """Solve a text maze; print it with the path drawn, or one JSON object."""
    from game.maze.formats import (
        MazeFormatError,
        format_maze,
        load_maze,
        load_stdin,
        place_ends,
    )
    from game.maze.solvers import SOLVERS, solve

    solver = _choice("--solver", args.solver, SOLVERS)
    start = parse_pos("--start", args.start)
    goal = parse_pos("--goal", args.goal)
    source = "<stdin>" if args.file == "-" else args.file
    try:
        maze = load_stdin(source) if args.file == "-" else load_maze(args.file)
        maze = place_ends(maze, start=start, goal=goal, source=source)
    except MazeFormatError as exc:
        raise UsageError(str(exc)) from None
    try:
        solution = solve(maze, solver)
    except ValueError as exc:  # place_ends already checked the ends; kept as a guard
        raise UsageError(f"{source}: {exc}") from None
    if args.json:
        _emit(json.dumps(solution_json(solution)) + "\n")
    else:
        _emit(format_maze(maze, solution.path) + "\n" + describe(solution))
    return EXIT_OK if solution.found else EXIT_NO_PATH


def cmd_play(args: argparse.Namespace) -> int:
    """Start the game (the title screen, a maze file or a custom generated maze)."""
    from game.play.launch import play_from_args

    return play_from_args(args)


# --- option parsing ----------------------------------------------------------------------


def parse_size(text: str) -> tuple[int, int]:
    """Parse ``ROWSxCOLS`` (odd, at least 3, at most MAX_SIDE) or raise UsageError."""
    valid = f"odd numbers from {MIN_SIZE} to {MAX_SIDE}, e.g. 21x31"
    m = _SIZE.fullmatch(text)
    if not m:
        raise UsageError(f"--size must be ROWSxCOLS with {valid} (got {text!r})")
    rows, cols = int(m.group(1)), int(m.group(2))
    for what, n in (("rows", rows), ("cols", cols)):
        if n < MIN_SIZE or n % 2 == 0 or n > MAX_SIDE:
            raise UsageError(f"--size {rows}x{cols}: {what} must be one of the {valid} (got {n})")
    return rows, cols


def parse_loops(text: Optional[str]) -> float:
    """Parse ``--loops`` as a probability 0..1 (default 0) or raise UsageError."""
    if text is None:
        return 0.0
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0.0 <= value <= 1.0:  # also refuses nan
        raise UsageError(
            f"--loops must be a number from 0 to 1 (0: perfect maze, 1: no dead ends), "
            f"got {text!r}"
        )
    return value


def parse_pos(option: str, text: Optional[str]) -> Optional[Pos]:
    """Parse ``R,C`` (0-based row and column) or raise UsageError."""
    if text is None:
        return None
    m = _POS.fullmatch(text)
    if not m:
        raise UsageError(f"{option} must be R,C: a 0-based row and column, e.g. 1,0 (got {text!r})")
    return (int(m.group(1)), int(m.group(2)))


def _int_option(option: str, text: Optional[str], *, minimum: int) -> Optional[int]:
    """Parse an optional integer option of at least ``minimum`` or raise UsageError."""
    if text is None:
        return None
    try:
        value = int(text.strip())
    except ValueError:
        value = None
    if value is None or value < minimum:
        raise UsageError(f"{option} must be an integer >= {minimum} (got {text!r})")
    return value


def _choice(option: str, name: Optional[str], registry: dict[str, Any]) -> str:
    """Return ``name`` if the registry has it, else raise UsageError listing the choices."""
    if name not in registry:
        choices = ", ".join(registry)
        raise UsageError(f"unknown {option} {name!r} (expected one of: {choices})")
    return str(name)


# --- output ------------------------------------------------------------------------------


def solution_json(solution: Solution) -> dict[str, Any]:
    """Return the ``--json`` object of a Solution."""
    return {
        "solver": solution.solver,
        "found": solution.found,
        "length": solution.length,
        "visited": solution.visited,
        "path": None if solution.path is None else [[r, c] for r, c in solution.path],
        "start": list(solution.start),
        "goal": list(solution.goal),
    }


def describe(solution: Solution, per_line: int = 10) -> str:
    """Describe a Solution and list its path as coordinates, ten to a line like the seed."""
    (sr, sc), (gr, gc) = solution.start, solution.goal
    ends = f"from ({sr},{sc}) to ({gr},{gc})"
    if solution.path is None:
        return f"{solution.solver}: no path {ends} ({solution.visited} tiles visited)\n"
    head = (
        f"{solution.solver}: a path of {solution.length} moves {ends} "
        f"({solution.visited} tiles visited):\n"
    )
    coords = [f"({r},{c})" for r, c in solution.path]
    body = "\n".join(
        " ".join(coords[i : i + per_line]) for i in range(0, len(coords), per_line)
    )
    return head + body + "\n"


def _emit(text: str) -> None:
    """Write to standard output; a closed pipe (``| head``) is not an error."""
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # so the interpreter's final flush is quiet


def _write_file(path: str, text: str) -> None:
    """Write ``text`` to ``path`` or raise UsageError saying why it cannot be written."""
    try:
        with open(path, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
    except OSError as exc:
        raise UsageError(f"cannot write -o {path}: {exc.strerror or exc}") from None

