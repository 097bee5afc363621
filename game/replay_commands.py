"""The sub-commands that read and make runs: ``replays``, ``replay --verify``, ``simulate``.

Like :mod:`game.commands` (whose number and output helpers they share), each takes the
parsed ``argparse`` namespace from :mod:`game.cli` and returns the exit code; bad input
raises :class:`game.errors.UsageError`.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Iterator

from game.commands import _count, _emit, _int_option, code_spec
from game.errors import EXIT_NO_PATH, EXIT_OK, UsageError, printable, shown
from game.maze.grid import MAX_SIDE, MIN_SIZE
from game.run.clock import TICK_RATE

if TYPE_CHECKING:
    from game.run.level import Level
    from game.run.model import Run
    from game.run.replay import Replay, VerifyBudget


def replay_summary(path: str, rep: "Replay") -> dict[str, Any]:
    """Return what ``replays --json`` says of one replay file."""
    return {"path": path, "level": rep.level.name, "label": rep.level.label, "date": rep.date,
            "moves": rep.moves, "time": round(rep.time, 3), "ticks": rep.time_ticks,
            "finished": rep.finished, "game": rep.game}


def _stdout_encoding() -> str:
    """Return the encoding standard output writes in (UTF-8 when it does not say)."""
    return getattr(sys.stdout, "encoding", None) or "utf-8"


def _json_out(value: Any) -> str:
    """Return ``value`` as JSON that standard output can carry, whatever its text holds.

    Non-ASCII text stays as it is when the output can encode it; otherwise (a lone
    surrogate from a ``\\ud800`` escape or an undecodable file name, or a narrow
    encoding) every such character is written as a JSON ``\\u`` escape instead.
    """
    text = json.dumps(value, ensure_ascii=False)
    try:
        text.encode(_stdout_encoding())
    except UnicodeEncodeError:
        return json.dumps(value)
    return text


def _text_out(text: str) -> str:
    """Return ``text`` with controls, and what standard output cannot encode, as escapes."""
    body, newline = (text[:-1], "\n") if text.endswith("\n") else (text, "")
    text = printable(body) + newline
    encoding = _stdout_encoding()
    return text.encode(encoding, "backslashreplace").decode(encoding)


def cmd_replays(args: argparse.Namespace) -> int:
    """List the saved replays, newest first (one JSON list with ``--json``), streamed."""
    from game.replays import ReplayStore, replay_dir

    found = ReplayStore(replay_dir()).listing()
    for entry in found:
        if entry.replay is None:
            print(f"migong: warning: {_text_out(entry.problem)}", file=sys.stderr)
    good = [(e, e.replay) for e in found if e.replay is not None]
    if args.json:
        items = (_json_out({**replay_summary(str(e.path), rep), "best": e.best})
                 for e, rep in good)
        _emit(["["], _joined(items, ", "), ["]\n"])
        return EXIT_OK
    if not good:
        _emit([_text_out(f"no replays yet in {replay_dir()}\n")])
        return EXIT_OK
    lines = []
    for e, rep in good:
        state = "exit" if rep.finished else "left"
        best = " best" if e.best else ""
        lines.append(_text_out(f"{rep.date or '?':20}  {rep.level.name:24}  {rep.moves:6} moves  "
                               f"{rep.time:9.2f} s  {state}{best}  {e.path}\n"))
    _emit(lines)
    return EXIT_OK


def verify_budget(args: argparse.Namespace) -> "VerifyBudget":
    """Return the budget ``--max-tiles`` and ``--max-ticks`` set (the defaults without them)."""
    from game.run.replay import MAX_TICKS, VerifyBudget

    default = VerifyBudget()
    tiles = _int_option("--max-tiles", args.max_tiles, minimum=MIN_SIZE * MIN_SIZE,
                        maximum=MAX_SIDE * MAX_SIDE)
    ticks = _int_option("--max-ticks", args.max_ticks, minimum=0, maximum=MAX_TICKS)
    return VerifyBudget(default.max_tiles if tiles is None else tiles,
                        default.max_ticks if ticks is None else ticks)


def _joined(items: Iterable[str], separator: str) -> Iterator[str]:
    """Yield ``items`` with ``separator`` between each two."""
    for i, item in enumerate(items):
        yield separator + item if i else item


def cmd_verify_replay(args: argparse.Namespace) -> int:
    """Re-run a replay headless; print one JSON line; exit 0 at the exit, 1 short of it."""
    from game.replays import ReplayFileError, read_replay
    from game.run.replay import ReplayFormatError, ReplayOverBudget, verify

    budget = verify_budget(args)
    try:
        verdict = verify(read_replay(args.file), budget)
    except ReplayFileError as exc:
        raise UsageError(str(exc)) from None
    except ReplayOverBudget as exc:
        raise UsageError(f"{args.file}: not verified: {exc} (see --max-tiles and --max-ticks)"
                         ) from None
    except ReplayFormatError as exc:
        raise UsageError(f"{args.file}: not a usable replay: {exc}") from None
    _emit([json.dumps(verdict.to_json()), "\n"])
    return EXIT_OK if verdict.finished else EXIT_NO_PATH


# --- simulate ------------------------------------------------------------------------------


def simulated_level(args: argparse.Namespace) -> "Level":
    """Return the level ``simulate`` plays: ``--code``, ``--level N`` or a maze FILE (- stdin)."""
    from game.levels import CAMPAIGN, build_level, campaign_index
    from game.maze.formats import MazeFormatError, load_maze, load_stdin
    from game.run.level import Level

    given = [name for name, value in (("--code", args.code), ("--level", args.level),
                                      ("a maze FILE", args.file)) if value is not None]
    if len(given) != 1:
        got = f"got {' and '.join(given)}" if given else "got none"
        raise UsageError(f"simulate needs one maze: --code CODE, --level N or a maze FILE ({got})")
    if args.file is not None:
        source = "<stdin>" if args.file == "-" else args.file
        try:
            maze = load_stdin(source) if args.file == "-" else load_maze(args.file)
        except MazeFormatError as exc:
            raise UsageError(str(exc)) from None
        return Level(maze, label=printable(os.path.basename(source)))  # kept in the replay
    if args.level is not None:
        number = _int_option("--level", args.level, minimum=1, maximum=len(CAMPAIGN))
        assert number is not None
        spec = CAMPAIGN[number - 1]
    else:
        spec = code_spec(args.code)
    try:
        maze = build_level(spec)
    except ValueError as exc:  # keys or lairs that do not fit the maze
        raise UsageError(str(exc)) from None
    return Level(maze, spec, campaign_index(spec), spec.name or args.code)


def cmd_simulate(args: argparse.Namespace) -> int:
    """Tap ``--moves`` on a maze with the run model; print one JSON line; exit 0 at the exit."""
    from game.run.replay import level_ref
    from game.simulate import WALKING_SPEED, parse_moves, result_json, tap

    try:
        moves = parse_moves(args.moves)
    except ValueError as exc:
        raise UsageError(f"--moves: {exc}") from None
    pace = WALKING_SPEED
    if args.taps_per_second is not None:
        text = args.taps_per_second.strip()
        try:
            pace = float(text) if text.isascii() and "_" not in text else math.nan
        except ValueError:
            pace = math.nan
        if not (math.isfinite(pace) and 0 < pace <= TICK_RATE):
            raise UsageError(f"--taps-per-second must be a number above 0 and at most "
                             f"{TICK_RATE} (one tap a tick), got {shown(args.taps_per_second)}")
    level = simulated_level(args)
    try:
        tapped = tap(level.maze, moves, pace)
    except ValueError as exc:
        raise UsageError(f"--moves: {exc}") from None
    if args.save_replay is not None:
        _save_replay(args.save_replay, tapped.run, level)
    facts = result_json(tapped, level_ref(level).name)
    if args.json:
        _emit([json.dumps(facts), "\n"])
    else:
        row, col = facts["at"]
        done = "reached the exit" if facts["finished"] else f"stopped at ({row}, {col})"
        _emit([f"{done}: {_count(facts['moves'], 'move')} in {facts['time']:.3f} s "
               f"(the fewest: {facts['optimal']})\n"])
    return EXIT_OK if tapped.run.finished else EXIT_NO_PATH


def _save_replay(path: str, run: "Run", level: "Level") -> None:
    """Write ``run`` as the game keeps a replay (atomically), or raise UsageError saying why."""
    from game.replays import utc_now
    from game.run.replay import ReplayFormatError, dumps, parse_replay, record
    from game.save import write_atomically
    from game.version import package_version

    text = dumps(record(run, level, game=package_version(), date=utc_now()))
    try:
        parse_replay(text.encode("utf-8"))  # never write what could not be read back
    except ReplayFormatError as exc:
        raise UsageError(f"--save-replay {path}: the run cannot be kept: {exc}") from None
    try:
        write_atomically(Path(path), text)
    except OSError as exc:
        raise UsageError(f"cannot write --save-replay {path}: {exc.strerror or exc}") from None
