"""The game's side of the leaderboard: send a finished run in the background, queue it offline.

A run to send is written first to the outbox, a folder in the user data folder (one JSON
file a run: the server, the name, the daily date and the replay document); a daemon
thread then sends it and removes the file once the server answered.  A run the server
refused (4xx) is moved aside to ``refused/``, never sent again; one that could not reach
the server stays and is sent by :meth:`Outbox.send_pending` at a later start.  Nothing here
blocks the caller: :meth:`Outbox.send` returns at once and reports through a callback.
Standard library only (no server extra), and no pygame.
"""

from __future__ import annotations

import json
import logging
import os
import threading
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Optional

from game.server.client import BoardError, submit

log = logging.getLogger(__name__)
#: Most runs kept waiting in the outbox (the oldest are sent first; past it, no more queue).
MAX_PENDING = 200


@dataclass(frozen=True)
class Sent:
    """How sending one run ended: accepted (with the server's answer), refused or queued."""

    outcome: str  # "accepted", "refused" or "queued" (not reached: kept for later)
    answer: Optional[dict[str, Any]] = None  # the server's answer when accepted
    reason: str = ""


def default_folder() -> Path:
    """Return the outbox in the user data folder."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("migong", appauthor=False)) / "leaderboard-outbox"


class Outbox:
    """Runs waiting to be sent to a leaderboard, one file each, sent by daemon threads."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._lock = threading.Lock()  # one sender at a time: a file is sent once

    def pending(self) -> list[Path]:
        """Return the runs waiting, oldest first."""
        try:
            files = [p for p in self.folder.glob("*.json") if p.is_file()]
        except OSError:
            return []
        return sorted(files, key=lambda p: (p.stat().st_mtime_ns, p.name))

    def put(self, server: str, player: str, replay: dict[str, Any],
            daily: Optional[str]) -> Optional[Path]:
        """Write one run to the outbox; return its file (None when full or unwritable)."""
        if len(self.pending()) >= MAX_PENDING:
            log.warning("leaderboard outbox full (%d runs): this run is not queued",
                        MAX_PENDING)
            return None
        path = self.folder / f"{uuid.uuid4().hex}.json"
        doc = {"server": server, "player": player, "daily": daily, "replay": replay}
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(".tmp")
            tmp.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
            os.replace(tmp, path)
        except OSError as exc:
            log.warning("leaderboard outbox %s: cannot write (%s)", self.folder, exc)
            return None
        return path

    def send(self, server: str, player: str, replay: dict[str, Any], daily: Optional[str],
             done: Callable[[Sent], None] = lambda sent: None) -> threading.Thread:
        """Queue one run and send it in a daemon thread; ``done`` hears how it ended."""
        path = self.put(server, player, replay, daily)
        thread = threading.Thread(target=self._send_one, args=(path, server, player, replay,
                                                               daily, done),
                                  name="leaderboard-send", daemon=True)
        thread.start()
        return thread

    def send_pending(self, done: Callable[[Path, Sent], None] = lambda p, s: None
                     ) -> threading.Thread:
        """Send every queued run in a daemon thread, oldest first; stop at the first not reached."""
        thread = threading.Thread(target=self._send_all, args=(done,),
                                  name="leaderboard-outbox", daemon=True)
        thread.start()
        return thread

    def _send_one(self, path: Optional[Path], server: str, player: str,
                  replay: dict[str, Any], daily: Optional[str],
                  done: Callable[[Sent], None]) -> None:
        """Send one run; drop its file when answered; tell ``done``."""
        with self._lock:
            if path is not None and not path.exists():  # a pending sweep sent it already
                done(Sent("accepted"))
                return
            sent = self._deliver(server, player, replay, daily)
            if path is not None:
                self._settle(path, sent)
        done(sent)

    def _send_all(self, done: Callable[[Path, Sent], None]) -> None:
        """Send the queued runs, oldest first, until one cannot reach its server."""
        for path in self.pending():
            with self._lock:
                try:
                    doc = json.loads(path.read_text(encoding="utf-8"))
                    server, player = str(doc["server"]), str(doc["player"])
                    replay, daily = doc["replay"], doc.get("daily")
                except (OSError, ValueError, KeyError, TypeError) as exc:
                    sent = Sent("refused", reason=f"unreadable queued run ({exc})")
                else:
                    sent = self._deliver(server, player, replay, daily)
                self._settle(path, sent)
            done(path, sent)
            if sent.outcome == "queued":
                return

    @staticmethod
    def _deliver(server: str, player: str, replay: Any, daily: Any) -> Sent:
        """Send one run now; return how it ended."""
        try:
            _, answer = submit(server, replay, player, daily if isinstance(daily, str) else None)
        except BoardError as exc:
            if 200 <= exc.status < 300:  # taken, but the answer is no rank: never send it again
                return Sent("accepted", reason=str(exc))
            if 400 <= exc.status < 500 and exc.status != 429:
                return Sent("refused", reason=str(exc))
            return Sent("queued", reason=str(exc))
        except ValueError as exc:  # a bad server address: never reachable
            return Sent("refused", reason=str(exc))
        return Sent("accepted", answer)

    def _settle(self, path: Path, sent: Sent) -> None:
        """Remove a run's file once answered; move a refused one aside."""
        try:
            if sent.outcome == "accepted":
                path.unlink(missing_ok=True)
            elif sent.outcome == "refused":
                aside = self.folder / "refused"
                aside.mkdir(exist_ok=True)
                os.replace(path, aside / path.name)
        except OSError as exc:
            log.warning("leaderboard outbox %s: %s", path, exc)
