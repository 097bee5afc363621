"""``migong submit`` and ``migong board``: a leaderboard from the command line.

Exit codes: 0 done (a run accepted, a board shown), 1 the server refused the run or could
not be reached, 2 bad input here (a bad file, name, date, code or server address).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from game.errors import EXIT_NO_PATH, EXIT_OK, UsageError, printable, shown
from game.server.client import BoardError, board, check_server, daily_of, submit


def _server(args: argparse.Namespace) -> str:
    """Return ``--server``, checked, or raise UsageError."""
    try:
        return check_server(args.server)
    except ValueError as exc:
        raise UsageError(f"--server: {exc}") from None


def cmd_submit(args: argparse.Namespace) -> int:
    """Send a replay file to a server; print its rank; exit 0 when accepted."""
    from game.replays import ReplayFileError, read_replay
    from game.run.replay import to_json
    from game.server.rules import Refused, check_date, check_name

    server = _server(args)
    try:
        name = check_name(args.name)
        daily = check_date(args.daily).isoformat() if args.daily is not None else None
    except Refused as exc:
        if "'player'" in exc.reason:
            raise UsageError("--name: " + exc.reason.replace("'player'", "the name")) from None
        reason = exc.reason.removeprefix("'daily': ")  # the reason names the field; say it once
        if reason.startswith("'daily' "):  # "'daily' must be a date YYYY-MM-DD"
            raise UsageError("--daily " + reason.removeprefix("'daily' ")) from None
        raise UsageError(f"--daily: {reason}") from None
    try:
        doc = to_json(read_replay(args.file))
    except ReplayFileError as exc:
        raise UsageError(str(exc)) from None
    if daily is None:
        daily = daily_of(doc)
    try:
        status, answer = submit(server, doc, name, daily)
    except BoardError as exc:
        print(f"migong: {printable(args.file)}: {printable(str(exc))}", file=sys.stderr)
        return EXIT_NO_PATH
    if args.json:
        print(json.dumps(answer, ensure_ascii=False))
    else:
        again = " (sent before)" if status == 200 else ""
        print(f"accepted{again}: rank {answer['rank']} on {answer['board']}, "
              f"{answer['moves']} moves in {answer['time']:.2f} s")
    return EXIT_OK


def cmd_board(args: argparse.Namespace) -> int:
    """Print a board's top runs (``--date`` or ``--code``); exit 0 when shown."""
    from game.daily import parse_date
    from game.levels import parse_level_code

    server = _server(args)
    if (args.date is None) == (args.code is None):
        raise UsageError("board: give one of --date YYYY-MM-DD or --code CODE")
    limit = args.limit.strip()
    if not (limit.isascii() and limit.isdigit() and len(limit) <= 3 and 1 <= int(limit) <= 100):
        raise UsageError(f"--limit must be a whole number from 1 to 100, got {shown(args.limit)}")
    try:
        if args.date is not None:
            kind, key = "daily", parse_date(args.date).isoformat()
        else:
            parse_level_code(args.code)
            kind, key = "code", args.code
    except ValueError as exc:
        raise UsageError(f"--{'date' if args.date is not None else 'code'}: {exc}") from None
    try:
        found = board(server, kind, key, int(limit))
    except BoardError as exc:
        print(f"migong: {printable(str(exc))}", file=sys.stderr)
        return EXIT_NO_PATH
    if args.json:
        print(json.dumps(found, ensure_ascii=False))
    else:
        print("\n".join(board_lines(found)))
    return EXIT_OK


def board_lines(found: dict[str, Any]) -> list[str]:
    """Return a board (as :func:`game.server.answers.check_board` left it) as lines of text."""
    entries = found["entries"]
    lines = [f"{found['board']}: {len(entries)} run{'s' if len(entries) != 1 else ''} shown"]
    for e in entries:
        mark = "  * shortest route" if e["optimal"] else ""
        lines.append(f"{e['rank']:>4}  {e['time']:>9.2f} s  {e['moves']:>6} moves  "
                     f"{e['player']}{mark}")
    bins = found["histogram"]["bins"]
    top = max((b["count"] for b in bins), default=0) or 1
    if bins:
        lines.append("times:")
    for b in bins:
        lines.append(f"{b['from']:>8g}-{b['to']:<8g} s {'#' * round(30 * b['count'] / top):<30}"
                     f" {b['count']}")
    return lines
