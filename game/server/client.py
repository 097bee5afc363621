"""Talk to a leaderboard server with the standard library only (the game has no extra).

``submit`` sends a replay document, ``board`` reads a board; both raise
:class:`BoardError` with one line saying what went wrong (the server's own reason when
it refused).  Used by ``migong submit``, ``migong board`` and the game.
"""

from __future__ import annotations

import json
import unicodedata
import urllib.parse
from typing import Any, Optional

#: Seconds to wait for the server.
TIMEOUT = 10.0
#: Largest answer read from a server.
MAX_ANSWER = 1024 * 1024
#: Longest player name, in characters.
MAX_NAME = 24


class BoardError(Exception):
    """A request to the board failed; ``status`` is the HTTP status, 0 when none came."""

    def __init__(self, message: str, status: int = 0) -> None:
        super().__init__(message)
        self.status = status


def check_server(url: str) -> str:
    """Return the server URL without a trailing slash, or raise ValueError: http(s) only."""
    parts = urllib.parse.urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(f"the server must be an http:// or https:// address, got {url[:80]!r}")
    return url.strip().rstrip("/")


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


def _request(url: str, body: Optional[bytes] = None,
             timeout: float = TIMEOUT) -> tuple[int, dict[str, Any]]:
    """Send one request; return the status and the JSON answer, or raise BoardError."""
    try:
        import urllib.error
        import urllib.request
    except ImportError:  # the executable leaves the HTTP client out (build.spec)
        raise BoardError("this build of Migong has no HTTP client: install Migong with pip "
                         "(pip install migong) to use a leaderboard") from None
    req = urllib.request.Request(url, data=body, method="POST" if body is not None else "GET",
                                 headers={"Content-Type": "application/json",
                                          "Accept": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:  # noqa: S310 (http(s) only)
            status, raw = resp.status, resp.read(MAX_ANSWER)
    except urllib.error.HTTPError as exc:
        status, raw = exc.code, exc.read(MAX_ANSWER)
    except (urllib.error.URLError, OSError) as exc:
        reason = getattr(exc, "reason", exc)
        raise BoardError(f"cannot reach the server {url.split('/api/')[0]}: {reason}") from None
    try:
        answer = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise BoardError(f"the server answered {status} with no JSON", status) from None
    if not isinstance(answer, dict):
        raise BoardError(f"the server answered {status} with no JSON object", status)
    if status >= 400:
        raise BoardError(f"the server refused it ({status}): {answer.get('reason', '?')}",
                         status)
    return status, answer


def submit(server: str, replay: dict[str, Any], player: str, daily: Optional[str] = None,
           timeout: float = TIMEOUT) -> tuple[int, dict[str, Any]]:
    """Send a run; return the status (201 new, 200 sent before) and the server's answer."""
    doc: dict[str, Any] = {"player": player, "replay": replay}
    if daily is not None:
        doc["daily"] = daily
    body = json.dumps(doc, ensure_ascii=False).encode("utf-8")
    return _request(f"{check_server(server)}/api/v1/runs", body, timeout)


def board(server: str, kind: str, key: str, limit: int = 10,
          timeout: float = TIMEOUT) -> dict[str, Any]:
    """Return a board ("daily" and a date, or "code" and a level code) as the server has it."""
    path = f"/api/v1/boards/{kind}/{urllib.parse.quote(key, safe='')}?limit={limit}"
    return _request(check_server(server) + path, None, timeout)[1]


def daily_of(replay: dict[str, Any]) -> Optional[str]:
    """Return the date whose daily maze the replay was played on (its UTC day), or None."""
    from game.daily import daily_code, parse_date

    level = replay.get("level")
    code = level.get("code") if isinstance(level, dict) else None
    played = replay.get("date")
    if not isinstance(code, str) or not isinstance(played, str) or len(played) < 10:
        return None
    try:
        day = parse_date(played[:10])
    except ValueError:
        return None
    return day.isoformat() if daily_code(day) == code else None
