"""The sub-commands behind ``python -m game``: generate, solve and play.

Each takes the parsed ``argparse`` namespace from :mod:`game.cli` and returns the exit
code.  Bad input raises :class:`game.errors.UsageError` with a one-line message saying
what would be valid; :func:`game.cli.main` prints it and exits with code 2.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import random
import re
import sys
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Optional

from game.errors import EXIT_NO_PATH, EXIT_OK, UsageError, shown
from game.levels import MAX_SEED, LevelSpec
from game.maze.grid import MAX_SIDE, MIN_SIZE, Pos
from game.maze.registry import KEYS, LOOPS, Option, Value

if TYPE_CHECKING:  # the solvers are imported only by the commands that solve
    from game.maze.solvers import Solution

_SIZE = re.compile(r"\s*(\d+)\s*[xX×]\s*(\d+)\s*")
_POS = re.compile(r"\s*(-?\d+)\s*,\s*(-?\d+)\s*")
_DEFAULT_SIZE = "21x21"
#: More digits than any option needs: checked before ``int()``, whose own limit (4,300
#: digits) would raise a ValueError of its own, and which is slow on long numbers.
_MAX_DIGITS = 30


def maze_spec(
    args: argparse.Namespace, *, default_size: str = _DEFAULT_SIZE, label: str = "Custom"
) -> LevelSpec:
    """Return the maze the ``--algorithm/--size/--seed/...`` options describe.

    Used by ``generate`` and ``play`` alike.  Without ``--algorithm`` a generator's own
    option picks it (``--room-size``: division, ``--rank``: dig), else the default
    generator does (the backtracker); without ``--seed`` a random one is drawn, so the
    maze still has a code.  Raise UsageError saying what would be valid.
    """
    from game.maze.generators import DEFAULT, GENERATORS, generator_options

    given = [(option, owner, parse_option(option, getattr(args, option.name)))
             for option, owner in generator_options()]
    given = [(option, owner, value) for option, owner, value in given if value is not None]
    name = args.algorithm
    if name is None:
        name = given[0][1].name if given else DEFAULT
    name = _choice("--algorithm", name, GENERATORS)
    rows, cols = parse_size(args.size if args.size is not None else default_size)
    seed = _int_option("--seed", args.seed, minimum=0, maximum=MAX_SEED)
    if seed is None:
        seed = random.Random().randrange(1, 100_000)
    loops = parse_option(LOOPS, args.loops)
    keys = parse_option(KEYS, args.keys)
    for option, owner, _ in given:
        if owner.name != name:
            raise UsageError(
                f"{option.flag} only applies to --algorithm {owner.name} (got {name})"
            )
    options = {option.name: value for option, _, value in given}
    return LevelSpec(name, rows, cols, seed, float(loops or 0.0), options, label,
                     keys=int(keys or 0))


def cmd_generate(args: argparse.Namespace) -> int:
    """Generate a maze and print it in our text format (or write it to ``-o FILE``)."""
    from game.levels import build_level
    from game.maze.formats import format_maze

    spec = maze_spec(args)
    solver = None
    if args.solve is not None:  # the solvers are imported only when a path is asked for
        from game.maze.solvers import SOLVERS

        solver = _choice("--solve", args.solve, SOLVERS)
    try:
        maze = build_level(spec)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    path = None
    if solver is not None:
        from game.maze.solvers import solve

        path = solve(maze, solver).path
    text = format_maze(maze, path)
    if args.output:
        _write_file(args.output, text)
    else:
        _emit([text])
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
        _emit(solution_json(solution))
    else:
        _emit([format_maze(maze, solution.path), "\n"], describe(solution))
    return EXIT_OK if solution.found else EXIT_NO_PATH


# --- option parsing ----------------------------------------------------------------------


def parse_size(text: str) -> tuple[int, int]:
    """Parse ``ROWSxCOLS`` (odd, at least 3, at most MAX_SIDE) or raise UsageError."""
    valid = f"odd numbers from {MIN_SIZE} to {MAX_SIDE}, e.g. 21x31"
    m = _SIZE.fullmatch(text)
    if not m:
        raise UsageError(f"--size must be ROWSxCOLS with {valid} (got {shown(text)})")
    for what, digits in (("rows", m.group(1)), ("cols", m.group(2))):
        n = _small_int(digits)
        if n is None or n < MIN_SIZE or n % 2 == 0 or n > MAX_SIDE:
            raise UsageError(
                f"--size {shown(text.strip(), quote=False)}: {what} must be one of the "
                f"{valid} (got {shown(digits, quote=False)})"
            )
    return int(m.group(1)), int(m.group(2))


def parse_option(option: Option, text: Optional[str]) -> Optional[Value]:
    """Parse a generator option's flag (None when not given) or raise UsageError."""
    if text is None:
        return None
    if option.kind == "int":
        return _int_option(option.flag, text, minimum=int(option.low),
                           maximum=None if option.high is None else int(option.high))
    assert option.high is not None  # a fraction lies within 0..1
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not option.accepts(value):  # also refuses nan
        meaning = f" ({option.bounds})" if option.bounds else ""
        raise UsageError(
            f"{option.flag} must be a number from {option.low:g} to {option.high:g}{meaning}, "
            f"got {shown(text)}"
        )
    return value


def parse_pos(option: str, text: Optional[str]) -> Optional[Pos]:
    """Parse ``R,C`` (0-based row and column) or raise UsageError."""
    if text is None:
        return None
    m = _POS.fullmatch(text)
    if not m:
        raise UsageError(
            f"{option} must be R,C: a 0-based row and column, e.g. 1,0 (got {shown(text)})"
        )
    row, col = _small_int(m.group(1)), _small_int(m.group(2))
    if row is None or col is None:
        raise UsageError(
            f"{option} {shown(text)}: a row or column is far off any maze (a maze has at "
            f"most {MAX_SIDE} rows and columns, numbered from 0)"
        )
    return (row, col)


def _int_option(
    option: str, text: Optional[str], *, minimum: int, maximum: Optional[int] = None
) -> Optional[int]:
    """Parse an optional integer option in [minimum, maximum] or raise UsageError."""
    if text is None:
        return None
    value = _small_int(text.strip())
    if value is None or value < minimum or (maximum is not None and value > maximum):
        valid = f">= {minimum}" if maximum is None else f"from {minimum} to {maximum}"
        raise UsageError(f"{option} must be an integer {valid} (got {shown(text)})")
    return value


def _small_int(text: str) -> Optional[int]:
    """Return the integer ``text`` spells, or None if it is not one or is absurdly long."""
    if len(text) > _MAX_DIGITS:
        return None
    try:
        return int(text)
    except ValueError:
        return None


def _choice(option: str, name: Optional[str], registry: dict[str, Any]) -> str:
    """Return ``name`` if the registry has it, else raise UsageError listing the choices."""
    if name not in registry:
        choices = ", ".join(registry)
        raise UsageError(f"unknown {option} {name!r} (expected one of: {choices})")
    return str(name)


# --- output ------------------------------------------------------------------------------


#: Path tiles written per piece of output: a path of millions of tiles is never one string.
_TILES_PER_PIECE = 10_000


def solution_json(solution: Solution) -> Iterator[str]:
    """Yield the ``--json`` object of a Solution, one line in pieces.

    The same text as ``json.dumps`` of ``{"solver", "found", "length", "visited", "path",
    "start", "goal", "keys"}`` (``keys``: the colour letters of the keys the walk picks up,
    in order), without building millions of small lists for a long path.
    """
    head = {
        "solver": solution.solver,
        "found": solution.found,
        "length": solution.length,
        "visited": solution.visited,
    }
    yield json.dumps(head)[:-1] + ', "path": '
    if solution.path is None:
        yield "null"
    else:
        yield "["
        for i in range(0, len(solution.path), _TILES_PER_PIECE):
            piece = solution.path[i : i + _TILES_PER_PIECE]
            yield (", " if i else "") + ", ".join(f"[{r}, {c}]" for r, c in piece)
        yield "]"
    ends = {"start": list(solution.start), "goal": list(solution.goal), "keys": list(solution.keys)}
    yield ", " + json.dumps(ends)[1:] + "\n"


def describe(solution: Solution, per_line: int = 10) -> Iterator[str]:
    """Describe a Solution and list its path as coordinates, ten to a line like the seed."""
    (sr, sc), (gr, gc) = solution.start, solution.goal
    ends = f"from ({sr},{sc}) to ({gr},{gc})"
    if solution.path is None:
        yield f"{solution.solver}: no path {ends} ({solution.visited} tiles visited)\n"
        return
    keys = f"; keys {', '.join(solution.keys)}" if solution.keys else ""
    yield (
        f"{solution.solver}: a path of {solution.length} moves {ends} "
        f"({solution.visited} tiles visited{keys}):\n"
    )
    step = per_line * (_TILES_PER_PIECE // per_line)
    for i in range(0, len(solution.path), step):
        coords = [f"({r},{c})" for r, c in solution.path[i : i + step]]
        yield "".join(
            " ".join(coords[j : j + per_line]) + "\n" for j in range(0, len(coords), per_line)
        )


def _emit(*pieces: Iterable[str]) -> None:
    """Write text to standard output; a closed pipe (``| head``) is not an error, a full disk is."""
    if sys.stdout is None:  # started with standard output closed (``>&-``)
        raise UsageError("cannot write to standard output: it is closed")
    try:
        for text in itertools.chain(*pieces):
            sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        _discard_stdout()
    except OSError as exc:
        _discard_stdout()
        raise UsageError(f"cannot write to standard output: {exc.strerror or exc}") from None


def _discard_stdout() -> None:
    """Point standard output at the null device, so the interpreter's last flush is quiet."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # not a real file (a test's capture): nothing to flush
        pass


def _write_file(path: str, text: str) -> None:
    """Write ``text`` to ``path`` or raise UsageError saying why it cannot be written."""
    try:
        with open(path, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
    except OSError as exc:
        raise UsageError(f"cannot write -o {path}: {exc.strerror or exc}") from None

