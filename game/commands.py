"""The sub-commands behind ``python -m game``: generate, solve, levels, daily and play.

``replays``, ``replay --verify`` and ``simulate`` are in :mod:`game.replay_commands`.

Each takes the parsed ``argparse`` namespace from :mod:`game.cli` and returns the exit
code.  Bad input raises :class:`game.errors.UsageError` with a one-line message saying
what would be valid; :func:`game.cli.main` prints it and exits with code 2.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import json
import math
import os
import random
import re
import sys
from datetime import date
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Optional, Union

from game.errors import EXIT_NO_PATH, EXIT_OK, UsageError, shown
from game.levels import MAX_SEED, LevelSpec
from game.maze.grid import MAX_SIDE, MIN_SIZE, Pos
from game.maze.registry import CHASERS, DEFAULT_SIZE, KEYS, LOOPS, MUD, Option, Value

if TYPE_CHECKING:  # the solvers are imported only by the commands that solve
    import numpy as np

    from game.maze.solvers import Explore, Solution

# ASCII only: Python's \d and int() also take other scripts' digits (١١, ११), which no
# option accepts.
_SIZE = re.compile(r"\s*([0-9]+)\s*[xX×]\s*([0-9]+)\s*", re.ASCII)
_POS = re.compile(r"\s*(-?[0-9]+)\s*,\s*(-?[0-9]+)\s*", re.ASCII)
_INT = re.compile(r"[+-]?[0-9]+")
_DEFAULT_SIZE = DEFAULT_SIZE
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
    chasers = parse_option(CHASERS, getattr(args, CHASERS.name, None))
    mud = parse_option(MUD, getattr(args, MUD.name, None))
    for option, owner, _ in given:
        if owner.name != name:
            raise UsageError(
                f"{option.flag} only applies to --algorithm {owner.name} (got {name})"
            )
    options = {option.name: value for option, _, value in given}
    return LevelSpec(name, rows, cols, seed, float(loops or 0.0), options, label,
                     keys=int(keys or 0), chasers=int(chasers or 0), mud=float(mud or 0.0))


def maze_flags(args: argparse.Namespace) -> list[str]:
    """Return the maze options given on the command line, as their flags (``--size``...)."""
    from game.maze.generators import generator_options

    flags = {"algorithm": "--algorithm", "size": "--size", "seed": "--seed",
             LOOPS.name: LOOPS.flag, KEYS.name: KEYS.flag, CHASERS.name: CHASERS.flag,
             MUD.name: MUD.flag}
    flags.update({option.name: option.flag for option, _ in generator_options()})
    return [flag for name, flag in flags.items() if getattr(args, name, None) is not None]


def code_spec(code: str, *, flags: Iterable[str] = ()) -> LevelSpec:
    """Return the maze ``--code`` describes; raise UsageError for a bad code or ``flags`` too."""
    from game.levels import CODE_EXAMPLES, parse_level_code

    clash = list(flags)
    if clash:
        raise UsageError(
            f"--code describes the whole maze: give it without {', '.join(clash)}"
        )
    try:
        return parse_level_code(code)
    except ValueError as exc:
        message = str(exc)
        if "expected e.g." not in message:  # what is wrong, then what a code looks like
            message += f"; a level code looks like {' or '.join(CODE_EXAMPLES)}"
        raise UsageError(message) from None


def campaign_number(text: str) -> int:
    """Return the 0-based campaign index of level number ``text`` (from 1, as the level select shows)."""
    from game.levels import CAMPAIGN

    number = small_int(text.strip())
    if number is None or not 1 <= number <= len(CAMPAIGN):
        raise UsageError(f"--level must be a campaign level number from 1 to {len(CAMPAIGN)} "
                         f"(see: migong levels), got {shown(text)}")
    return number - 1


def daily_date(text: Optional[str]) -> date:
    """Return the date ``--date`` names (today in UTC without it) or raise UsageError."""
    from game.daily import parse_date, utc_today

    if text is None:
        return utc_today()
    try:
        return parse_date(text)
    except ValueError as exc:
        raise UsageError(f"--date: {exc}") from None


def cmd_daily(args: argparse.Namespace) -> int:
    """Print the level code of the daily maze of ``--date`` (today, UTC)."""
    from game.daily import daily_code

    _emit([daily_code(daily_date(args.date)) + "\n"])
    return EXIT_OK


def cmd_generate(args: argparse.Namespace) -> int:
    """Generate a maze and print it in our text format (or write it to ``-o FILE``)."""
    from game.levels import build_level
    from game.maze.formats import format_maze

    if args.code is not None:
        spec = code_spec(args.code, flags=maze_flags(args))
    elif args.algorithm is None:
        raise UsageError(
            "generate needs --algorithm NAME or --code CODE (see migong generate --help)"
        )
    else:
        spec = maze_spec(args)
    solver = None
    if args.solve is not None:  # the solvers are imported only when a path is asked for
        from game.maze.solvers import SOLVERS

        solver = _choice("--solve", args.solve, SOLVERS)
    if args.trace:
        if args.output is not None or args.solve is not None:
            raise UsageError(
                "--trace prints its events to standard output: leave out -o and --solve"
            )
        return _generate_trace(spec)
    try:
        maze = build_level(spec)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    path = None
    if solver is not None:
        from game.maze.solvers import solve

        path = solve(maze, solver).path
    text = format_maze(maze, path)
    if args.output is not None:
        _write_file(args.output, text)
    else:
        _emit([text])
    return EXIT_OK


def _generate_trace(spec: LevelSpec) -> int:
    """Print a generator's events as JSON lines, then ``{"rows", "cols", "seed"}``."""
    from game.levels import trace_level
    from game.maze.generators.events import event_json
    from game.maze.grid import Maze

    try:
        events = trace_level(spec)
        first = next(events)  # the arguments are checked before the first event
    except ValueError as exc:
        raise UsageError(str(exc)) from None

    def lines() -> Iterator[str]:
        """Yield the events in pieces of many lines, then the last line."""
        piece: list[str] = []
        try:
            for item in itertools.chain([first], events):
                if isinstance(item, Maze):
                    break
                piece.append(event_json(item) + "\n")
                if len(piece) >= _TILES_PER_PIECE:
                    yield "".join(piece)
                    piece.clear()
        except ValueError as exc:  # keys that do not fit show once the walls are built
            yield "".join(piece)
            raise UsageError(str(exc)) from None
        yield "".join(piece)
        yield json.dumps({"rows": spec.rows, "cols": spec.cols, "seed": spec.seed}) + "\n"

    _emit(lines())
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
    from game.maze.solvers import SOLVERS, drain, solve

    solver = _choice("--solver", args.solver, SOLVERS)
    start = parse_pos("--start", args.start)
    goal = parse_pos("--goal", args.goal)
    source = "<stdin>" if args.file == "-" else args.file
    try:
        maze = load_stdin(source) if args.file == "-" else load_maze(args.file)
        maze = place_ends(maze, start=start, goal=goal, source=source)
    except MazeFormatError as exc:
        raise UsageError(str(exc)) from None
    explore = _hand_explore(solver, args.hand)
    if args.trace:
        found: list[Solution] = []
        try:
            search = (explore or SOLVERS[solver].explore)(maze, maze.start, maze.goal)
        except ValueError as exc:  # a solver that cannot use keys refuses a keyed maze
            raise UsageError(f"{source}: {exc}") from None
        if not _emit(trace_lines(search, found, maze.tiles)):
            return EXIT_OK  # the reader closed the pipe (``| head``): quiet, as generate is
        return EXIT_OK if found and found[0].found else EXIT_NO_PATH
    try:
        solution = (solve(maze, solver) if explore is None
                    else drain(explore(maze, maze.start, maze.goal)))
    except ValueError as exc:  # a keyed maze a solver refuses (place_ends checked the ends)
        raise UsageError(f"{source}: {exc}") from None
    if args.json:
        _emit(solution_json(solution, maze.tiles))
    else:
        _emit([format_maze(maze, solution.path), "\n"], describe(solution, tiles=maze.tiles))
    return EXIT_OK if solution.found else EXIT_NO_PATH


def _hand_explore(solver: str, hand: Optional[str]) -> Optional[Explore]:
    """Return the wall follower's search with ``--hand`` (None: not given); raise UsageError."""
    if hand is None:
        return None
    from game.maze.solvers import wall_follower

    if solver != wall_follower.NAME:
        raise UsageError(f"--hand only applies to --solver {wall_follower.NAME} (got {solver})")
    if hand not in wall_follower.HANDS:
        raise UsageError(f"--hand must be left or right, got {shown(hand)}")
    return functools.partial(wall_follower.explore, hand=hand)


def campaign_facts() -> list[dict[str, Any]]:
    """Return the campaign as ``levels --json`` prints it: one object a level, in play order.

    ``index`` is the level's number as the game shows it (from 1), ``chapter`` its
    chapter's title, ``moves`` the fewest moves from entrance to exit.
    """
    from game.levels import CAMPAIGN, CHAPTERS, build_level, chapter_of, level_code
    from game.maze.solvers import solve
    from game.names import chapter_name

    facts = []
    for index, spec in enumerate(CAMPAIGN):
        number, _ = chapter_of(index)
        options: dict[str, Value] = {LOOPS.name: spec.loops} if spec.loops else {}
        options.update({name: value for name, value in spec.options.items() if value is not None})
        moves = solve(build_level(spec), "bfs").length
        facts.append({
            "index": index + 1, "chapter": chapter_name(CHAPTERS[number]),
            "chapter_number": number + 1, "name": spec.name, "code": level_code(spec),
            "generator": spec.algorithm, "rows": spec.rows, "cols": spec.cols,
            "options": options, "keys": spec.keys, "fog": spec.fog,
            "chasers": spec.chasers, "moves": moves,
        })
    return facts


def cmd_levels(args: argparse.Namespace) -> int:
    """Print the campaign: a line a level, or (``--json``) one JSON list of objects."""
    facts = campaign_facts()
    if args.json:
        _emit([json.dumps(facts), "\n"])
        return EXIT_OK
    table = [("#", "chapter", "name", "code", "generator", "size", "options", "keys", "fog",
              "moves")]
    for f in facts:
        options = ", ".join(f"{name} {value:g}" for name, value in f["options"].items())
        table.append((str(f["index"]), f"{f['chapter_number']} {f['chapter']}", f["name"],
                      f["code"], f["generator"], f"{f['rows']}x{f['cols']}", options or "-",
                      str(f["keys"]), "yes" if f["fog"] else "no", str(f["moves"])))
    widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
    _emit(("  ".join(cell.rjust(w) if i in (0, 7, 9) else cell.ljust(w)
                     for i, (cell, w) in enumerate(zip(row, widths))).rstrip() + "\n"
           for row in table))
    return EXIT_OK


# --- option parsing ----------------------------------------------------------------------


def parse_size(text: str) -> tuple[int, int]:
    """Parse ``ROWSxCOLS`` (odd, at least 3, at most MAX_SIDE) or raise UsageError."""
    valid = f"odd numbers from {MIN_SIZE} to {MAX_SIDE}, e.g. 21x31"
    m = _SIZE.fullmatch(text)
    if not m:
        raise UsageError(f"--size must be ROWSxCOLS with {valid} (got {shown(text)})")
    for what, digits in (("rows", m.group(1)), ("cols", m.group(2))):
        n = small_int(digits)
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
    if option.choices:
        named = text.strip().lower()
        if named in option.choices:
            return option.choices.index(named)
        *most, last = option.choices
        raise UsageError(f"{option.flag} must be {', '.join(most)} or {last}, got {shown(text)}")
    if option.kind == "int":
        return _int_option(option.flag, text, minimum=int(option.low),
                           maximum=None if option.high is None else int(option.high))
    assert option.high is not None  # a fraction lies within 0..1
    try:
        value = float(text) if text.isascii() and "_" not in text else math.nan
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
    row, col = small_int(m.group(1)), small_int(m.group(2))
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
    value = small_int(text.strip())
    if value is None or value < minimum or (maximum is not None and value > maximum):
        valid = f">= {minimum}" if maximum is None else f"from {minimum} to {maximum}"
        raise UsageError(f"{option} must be an integer {valid} (got {shown(text)})")
    return value


def small_int(text: str) -> Optional[int]:
    """Return the integer ``text`` spells in ASCII digits, or None if not one or absurdly long."""
    if len(text) > _MAX_DIGITS or not _INT.fullmatch(text):
        return None
    return int(text)


def _choice(option: str, name: Optional[str], registry: dict[str, Any]) -> str:
    """Return ``name`` if the registry has it, else raise UsageError listing the choices."""
    if name not in registry:
        choices = ", ".join(registry)
        raise UsageError(f"unknown {option} {name!r} (expected one of: {choices})")
    return str(name)


# --- output ------------------------------------------------------------------------------


#: Path tiles written per piece of output: a path of millions of tiles is never one string.
_TILES_PER_PIECE = 10_000


def solution_json(solution: Solution, tiles: Optional[np.ndarray] = None) -> Iterator[str]:
    """Yield the ``--json`` object of a Solution, one line in pieces.

    The same text as ``json.dumps`` of ``{"solver", "found", "length", "visited", "path",
    "start", "goal", "keys"}`` (``keys``: the colour letters of the keys the walk picks up,
    in order), without building millions of small lists for a long path; given the maze's
    ``tiles``, ``"cost"`` follows ``"visited"``: what the tiles the path steps onto cost
    (floor 1 each; null without a path).
    """
    head: dict[str, object] = {
        "solver": solution.solver,
        "found": solution.found,
        "length": solution.length,
        "visited": solution.visited,
    }
    if tiles is not None:
        from game.maze.tiles import path_cost

        head["cost"] = None if solution.path is None else path_cost(tiles, solution.path)
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


def trace_lines(
    search: Iterator[Union[tuple[int, ...], Solution]], found: list[Solution],
    tiles: Optional[np.ndarray] = None,
) -> Iterator[str]:
    """Yield a solver's events as JSON lines, then its ``--json`` object; keep the Solution.

    Each line is ``{"event": "mark", "at": [row, col]}`` (kinds named by EVENT_NAMES).
    """
    from game.maze.solvers import EVENT_NAMES, Solution

    names = [EVENT_NAMES[kind] for kind in range(len(EVENT_NAMES))]
    lines: list[str] = []
    for item in search:
        if isinstance(item, Solution):
            yield "".join(lines)
            found.append(item)
            yield from solution_json(item, tiles)
            return
        kind, row, col = item
        lines.append(f'{{"event": "{names[kind]}", "at": [{row}, {col}]}}\n')
        if len(lines) >= _TILES_PER_PIECE:
            yield "".join(lines)
            lines.clear()


def describe(solution: Solution, per_line: int = 10,
             tiles: Optional[np.ndarray] = None) -> Iterator[str]:
    """Describe a Solution and list its path as coordinates, ten to a line like the seed.

    Given the maze's ``tiles`` and some mud among them, the path's cost is said too.
    """
    (sr, sc), (gr, gc) = solution.start, solution.goal
    ends = f"from ({sr},{sc}) to ({gr},{gc})"
    visited = _count(solution.visited, "tile")
    if solution.path is None:
        yield f"{solution.solver}: no path {ends} ({visited} visited)\n"
        return
    keys = f"; keys {', '.join(solution.keys)}" if solution.keys else ""
    if tiles is not None:
        from game.maze.tiles import path_cost, weighted

        if weighted(tiles):
            keys += f"; cost {path_cost(tiles, solution.path)}"
    yield (
        f"{solution.solver}: a path of {_count(len(solution.path) - 1, 'move')} {ends} "
        f"({visited} visited{keys}):\n"
    )
    step = per_line * (_TILES_PER_PIECE // per_line)
    for i in range(0, len(solution.path), step):
        coords = [f"({r},{c})" for r, c in solution.path[i : i + step]]
        yield "".join(
            " ".join(coords[j : j + per_line]) + "\n" for j in range(0, len(coords), per_line)
        )


def _count(n: int, noun: str) -> str:
    """Return ``n`` and the English ``noun``, plural unless ``n`` is 1: "1 move", "2 moves"."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _emit(*pieces: Iterable[str]) -> bool:
    """Write text to standard output; return False when the reader closed the pipe.

    A closed pipe (``| head``) is not an error: the rest is not made or written, and the
    command exits quietly with 0.  A full disk is an error.
    """
    if sys.stdout is None:  # started with standard output closed (``>&-``)
        raise UsageError("cannot write to standard output: it is closed")
    try:
        for text in itertools.chain(*pieces):
            sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        _discard_stdout()
        return False
    except OSError as exc:
        _discard_stdout()
        raise UsageError(f"cannot write to standard output: {exc.strerror or exc}") from None
    return True


def _discard_stdout() -> None:
    """Point standard output at the null device, so the interpreter's last flush is quiet."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # not a real file (a test's capture): nothing to flush
        pass


def _write_file(path: str, text: str) -> None:
    """Write ``text`` to ``path`` whole, or raise UsageError saying why it cannot be written."""
    from game.output_file import write_whole

    if not path:
        raise UsageError("-o needs a file name")
    try:
        write_whole(path, text.encode("utf-8"))
    except OSError as exc:
        raise UsageError(f"cannot write -o {path}: {exc.strerror or exc}") from None


# --- replays -----------------------------------------------------------------------------
