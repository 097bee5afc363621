"""The leaderboard as the game's screens see it: answers that arrive while frames go on.

:class:`Submission` hands a finished run to the outbox and, once the server ranked it,
reads the board's histogram; :class:`BoardFetch` reads a board.  Each works in a daemon
thread and is polled once a frame (:meth:`poll` only takes a lock and copies a few
fields), so the window never waits for the network.  Standard library only, no pygame.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
import re
from typing import Any, Optional

from game.errors import printable
from game.server.client import BoardError, board
from game.server.outbox import Outbox, Sent

#: Longest reason from the server a screen shows, in characters.
MAX_REASON = 80
#: How :mod:`game.server.client` words a 4xx/5xx answer before the server's own reason.
_REFUSED = re.compile(r"^the server refused it \(\d{3}\): ")


def short_reason(text: str) -> str:
    """Return the server's reason in ``text`` (a BoardError's words), printable and short."""
    said = printable(_REFUSED.sub("", text))
    return said if len(said) <= MAX_REASON else said[:MAX_REASON - 1] + "…"


@dataclass(frozen=True)
class Standing:
    """Where a sent run stands: ``state`` is "sending", "ranked", "sent", "queued" or "refused".

    "ranked": ``rank`` of ``total`` (``total`` 0 when the board could not be read after);
    ``bins``: the runs in each bin of the board's histogram; ``marked``: the run's bin.
    """

    state: str
    rank: Optional[int] = None
    total: int = 0
    bins: tuple[int, ...] = ()
    marked: Optional[int] = None
    #: The seconds from the first bin's start to the last bin's end (None: not known).
    span: Optional[tuple[float, float]] = None
    #: Why the server refused the run, in its own words (short), "" when not refused.
    reason: str = ""


def marked_bin(histogram: Any, time: Any) -> Optional[int]:
    """Return the index of the histogram bin ``time`` (seconds) falls in, or None."""
    bins = histogram.get("bins") if isinstance(histogram, dict) else None
    if not isinstance(bins, list) or not bins or not isinstance(time, (int, float)):
        return None
    found = [b.get("from") if isinstance(b, dict) else None for b in bins]
    lows = [float(low) for low in found if isinstance(low, (int, float))]
    if len(lows) != len(found):
        return None
    # the bin whose start is the last at or before the time (rounding keeps it in range)
    return max(0, sum(1 for low in lows if low <= time) - 1)


def time_span(histogram: Any) -> Optional[tuple[float, float]]:
    """Return the seconds a board's histogram covers: its first bin's start, last bin's end."""
    bins = histogram.get("bins") if isinstance(histogram, dict) else None
    if not isinstance(bins, list) or not bins or not all(isinstance(b, dict) for b in bins):
        return None
    low, high = bins[0].get("from"), bins[-1].get("to")
    if not isinstance(low, (int, float)) or not isinstance(high, (int, float)) or high < low:
        return None
    return float(low), float(high)


def counts(histogram: Any) -> tuple[int, ...]:
    """Return the count of each bin of a board's histogram (empty when it is unusable)."""
    bins = histogram.get("bins") if isinstance(histogram, dict) else None
    if not isinstance(bins, list):
        return ()
    found = [b.get("count") if isinstance(b, dict) else None for b in bins]
    if not all(isinstance(n, int) and n >= 0 for n in found):
        return ()
    return tuple(int(n) for n in found if isinstance(n, int))


class Submission:
    """One finished run sent through the outbox in the background; :meth:`poll` says how far."""

    def __init__(self, outbox: Outbox, server: str, player: str, replay: dict[str, Any],
                 daily: Optional[str]) -> None:
        self.server = server
        self._lock = threading.Lock()
        self._standing = Standing("sending")
        self.thread = outbox.send(server, player, replay, daily, self._heard)

    def poll(self) -> Standing:
        """Return where the run stands now (never waits for the network)."""
        with self._lock:
            return self._standing

    def _heard(self, sent: Sent) -> None:
        """Take the outbox's answer; for a ranked run, read the board's histogram too."""
        if sent.outcome == "refused":
            standing = Standing("refused", reason=short_reason(sent.reason))
        elif sent.outcome != "accepted":
            standing = Standing(sent.outcome)
        elif not isinstance(sent.answer, dict) or not isinstance(sent.answer.get("rank"), int):
            standing = Standing("sent")  # sent by a sweep at start-up: no answer kept
        else:
            standing = self._ranked(sent.answer)
        with self._lock:
            self._standing = standing

    def _ranked(self, answer: dict[str, Any]) -> Standing:
        """Return the standing of a ranked run, with the board's histogram when it can be read."""
        rank = int(answer["rank"])
        kind, _, key = str(answer.get("board", "")).partition("/")
        try:
            histogram = board(self.server, kind, key, limit=1).get("histogram")
        except (BoardError, ValueError):
            return Standing("ranked", rank)
        total = histogram.get("total") if isinstance(histogram, dict) else None
        return Standing("ranked", rank, total if isinstance(total, int) else 0,
                        counts(histogram), marked_bin(histogram, answer.get("time")),
                        time_span(histogram))


@dataclass(frozen=True)
class BoardView:
    """A board as fetched: ``state`` "loading", "ready", "offline" (the server not reached, or
    it answered 5xx), "refused" (it answered 4xx: its ``reason``) or "bad" (an answer that is not a
    board); its top ``entries``."""

    state: str
    entries: list[dict[str, Any]] = field(default_factory=list)
    total: int = 0
    reason: str = ""


class BoardFetch:
    """Read one board (``kind`` "daily" or "code", its ``key``) in a daemon thread."""

    def __init__(self, server: str, kind: str, key: str, limit: int = 10) -> None:
        self._lock = threading.Lock()
        self._view = BoardView("loading")
        self.thread = threading.Thread(target=self._fetch, args=(server, kind, key, limit),
                                       name="leaderboard-board", daemon=True)
        self.thread.start()

    def poll(self) -> BoardView:
        """Return the board as far as it came (never waits for the network)."""
        with self._lock:
            return self._view

    def _fetch(self, server: str, kind: str, key: str, limit: int) -> None:
        """Read the board; keep its entries, or say why not."""
        try:
            doc = board(server, kind, key, limit=limit)  # checked: the fields are all there
        except BoardError as exc:
            if exc.status == 0 or exc.status >= 500:  # not reached, or down behind a proxy
                view = BoardView("offline", reason=short_reason(str(exc)))
            elif 200 <= exc.status < 300:
                view = BoardView("bad", reason=short_reason(str(exc)))
            else:  # reached, and it said no: say what (no such board, a day not come yet)
                view = BoardView("refused", reason=short_reason(str(exc)))
        except ValueError as exc:  # the address saved is not one to send to
            view = BoardView("refused", reason=short_reason(str(exc)))
        else:
            entries = doc["entries"]
            view = BoardView("ready", entries, max(doc["histogram"]["total"], len(entries)))
        with self._lock:
            self._view = view


def best_per_player(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Return each player's best run of ``entries`` (ranked best first), renumbered 1, 2, ….

    The server ranks runs; a player expects a board of players, one row each, so a
    player's later (slower) runs are left out and the rows numbered by player.
    """
    seen: set[str] = set()
    best: list[dict[str, Any]] = []
    for entry in entries:
        player = entry.get("player")
        if not isinstance(player, str) or player in seen:
            continue
        seen.add(player)
        best.append({**entry, "rank": len(best) + 1})
    return best
