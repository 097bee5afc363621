"""What a leaderboard server answered, checked once for the command line and the game alike.

:func:`check_ranked` and :func:`check_board` take the JSON object a server sent and return
a clean copy of the fields the callers read (the right types, finite numbers, in range,
no other keys), or raise ValueError with one line naming the first field that is wrong.
A broken or hostile server thus reaches ``migong submit``/``migong board`` and the
game's screens as one plain sentence, never as a KeyError deep in the drawing.
Standard library only.
"""

from __future__ import annotations

import math
import unicodedata
from typing import Any

from game.errors import printable, shown

#: Longest player name, in characters.
MAX_NAME = 24
#: Most runs a board answer may list (the most ``--limit`` asks for).
MAX_ENTRIES = 100
#: Most bins a histogram may have (the server makes at most 20).
MAX_BINS = 100
#: Longest board name, in characters ("daily/2026-12-03", "code/" and a level code).
MAX_BOARD = 100
#: Largest rank, move count or run count believed (far past any real board).
MAX_COUNT = 10 ** 12
#: Longest time believed, in seconds (a year).
MAX_TIME = 365 * 24 * 3600.0


def check_player(name: Any) -> str:
    """Return the player name (NFC), or raise ValueError: 1-24 letters, digits, spaces, - or _."""
    if not isinstance(name, str):
        raise ValueError("'player' must be a name (text)")
    name = unicodedata.normalize("NFC", name)
    if not 1 <= len(name) <= MAX_NAME:
        raise ValueError(f"'player' must be 1 to {MAX_NAME} characters long, got {len(name)}")
    bad = next((c for c in name if not (c.isalpha() or c.isdecimal() or c in " -_")), None)
    if bad is not None:
        raise ValueError(f"'player' may hold letters, digits, spaces, - and _ only, "
                         f"not U+{ord(bad):04X}")
    if name != name.strip(" ") or "  " in name:
        raise ValueError("'player' may not start or end with a space, nor hold two in a row")
    return name


def _what(value: Any) -> str:
    """Return a short, printable description of a value the server sent."""
    if isinstance(value, str):
        return printable(shown(value, 30))
    if isinstance(value, (bool, int, float)) or value is None:
        text = repr(value)
        return text if len(text) <= 30 else f"a number of {len(text)} digits"
    return "an object" if isinstance(value, dict) else "a list" if isinstance(value, list) \
        else type(value).__name__


def _count(doc: dict[str, Any], key: str, least: int, where: str) -> int:
    """Return ``doc[key]`` when it is a whole number from ``least``, else raise ValueError."""
    value = doc.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= MAX_COUNT:
        raise ValueError(f"{where}'{key}' must be a whole number from {least}, "
                         f"got {_what(value)}")
    return value


def _seconds(doc: dict[str, Any], key: str, where: str) -> float:
    """Return ``doc[key]`` when it is a finite number of seconds, else raise ValueError."""
    value = doc.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)) \
            or not math.isfinite(value) or not 0 <= value <= MAX_TIME:
        raise ValueError(f"{where}'{key}' must be a time in seconds, got {_what(value)}")
    return float(value)


def _board_name(doc: dict[str, Any]) -> str:
    """Return the answer's ``board`` ("daily/..." or "code/..."), else raise ValueError."""
    name = doc.get("board")
    if not isinstance(name, str) or not 0 < len(name) <= MAX_BOARD or printable(name) != name \
            or name.partition("/")[0] not in ("daily", "code") or not name.partition("/")[2]:
        raise ValueError(f"'board' must name a board (daily/DATE or code/CODE), "
                         f"got {_what(name)}")
    return name


def _object(doc: Any, where: str) -> dict[str, Any]:
    """Return ``doc`` when it is a JSON object, else raise ValueError."""
    if not isinstance(doc, dict):
        raise ValueError(f"{where} must be an object, got {_what(doc)}")
    return doc


def check_ranked(doc: dict[str, Any]) -> dict[str, Any]:
    """Return the answer to a run sent (board, rank, moves, time), checked; or raise ValueError."""
    clean: dict[str, Any] = {"accepted": True}
    run_id = doc.get("id")
    if isinstance(run_id, int) and not isinstance(run_id, bool) and 0 <= run_id <= MAX_COUNT:
        clean["id"] = run_id
    clean["board"] = _board_name(doc)
    clean["rank"] = _count(doc, "rank", 1, "")
    clean["moves"] = _count(doc, "moves", 0, "")
    clean["time"] = _seconds(doc, "time", "")
    return clean


def _entry(doc: Any, i: int) -> dict[str, Any]:
    """Return run ``i`` of a board, checked; or raise ValueError."""
    where = f"entry {i + 1}: "
    doc = _object(doc, f"entry {i + 1}")
    try:
        player = check_player(doc.get("player"))
    except ValueError as exc:
        raise ValueError(f"{where}{exc}") from None
    optimal = doc.get("optimal", False)
    if not isinstance(optimal, bool):
        raise ValueError(f"{where}'optimal' must be true or false, got {_what(optimal)}")
    return {"rank": _count(doc, "rank", 1, where), "player": player,
            "moves": _count(doc, "moves", 0, where), "time": _seconds(doc, "time", where),
            "optimal": optimal}


def _histogram(doc: Any) -> dict[str, Any]:
    """Return a board's histogram (its bins and total), checked; or raise ValueError."""
    if doc is None:
        return {"bin_seconds": 0, "bins": [], "total": 0}
    doc = _object(doc, "'histogram'")
    bins = doc.get("bins", [])
    if not isinstance(bins, list) or len(bins) > MAX_BINS:
        raise ValueError(f"'histogram' must hold a list of at most {MAX_BINS} bins, got "
                         + (f"{len(bins)}" if isinstance(bins, list) else _what(bins)))
    clean: list[dict[str, Any]] = []
    for i, b in enumerate(bins):
        where = f"histogram bin {i + 1}: "
        b = _object(b, f"histogram bin {i + 1}")
        low, high = _seconds(b, "from", where), _seconds(b, "to", where)
        if high < low or (clean and low < clean[-1]["to"]):
            raise ValueError(f"{where}the bins must follow each other in time")
        clean.append({"from": low, "to": high, "count": _count(b, "count", 0, where)})
    total = doc.get("total")
    if total is None:
        total = sum(b["count"] for b in clean)
    width = doc.get("bin_seconds", 0)
    return {"bin_seconds": width if isinstance(width, (int, float)) and not isinstance(
                width, bool) and math.isfinite(width) else 0,
            "bins": clean, "total": _count({"total": total}, "total", 0, "histogram: ")}


def check_board(doc: dict[str, Any]) -> dict[str, Any]:
    """Return a board (its name, top runs and histogram), checked; or raise ValueError."""
    entries = doc.get("entries", [])
    if not isinstance(entries, list) or len(entries) > MAX_ENTRIES:
        raise ValueError(f"'entries' must be a list of at most {MAX_ENTRIES} runs, got "
                         + (f"{len(entries)}" if isinstance(entries, list) else _what(entries)))
    return {"board": _board_name(doc), "entries": [_entry(e, i) for i, e in enumerate(entries)],
            "histogram": _histogram(doc.get("histogram"))}
