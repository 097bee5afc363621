"""Talk to a leaderboard server with the standard library only (the game has no extra).

``submit`` sends a replay document, ``board`` reads a board; both raise
:class:`BoardError` with one line saying what went wrong (the server's own reason when
it refused).  Used by ``migong submit``, ``migong board`` and the game.
"""

from __future__ import annotations

import json
import time
import urllib.parse
from functools import lru_cache
from typing import Any, Optional

from game.errors import printable, shown
from game.server.answers import MAX_NAME, check_board, check_player, check_ranked

#: check_player and MAX_NAME live with the other checks of what a server sends (answers.py).
__all__ = ["MAX_NAME", "BoardError", "board", "check_player", "check_server", "daily_of",
           "submit"]

#: Seconds to wait for the server.
TIMEOUT = 10.0
#: Largest answer read from a server.
MAX_ANSWER = 1024 * 1024


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


@lru_cache(maxsize=1)
def _opener() -> Any:
    """Return an opener that follows redirects to http(s) addresses only (never ftp: or file:)."""
    import urllib.request

    class Redirects(urllib.request.HTTPRedirectHandler):
        """Follow a redirect to an http(s) address; make one elsewhere the answer."""

        def redirect_request(self, req: Any, fp: Any, code: int, msg: str, headers: Any,
                             newurl: str) -> Any:
            """Return the next request, or None (the redirect is the answer)."""
            if urllib.parse.urlsplit(newurl).scheme not in ("http", "https"):
                return None
            return super().redirect_request(req, fp, code, msg, headers, newurl)

    return urllib.request.build_opener(Redirects)


def _read(resp: Any, deadline: float, base: str, timeout: float) -> bytes:
    """Return a response's body, at most MAX_ANSWER bytes, by ``deadline``; or raise BoardError."""
    chunks: list[bytes] = []
    size = 0
    while True:
        if time.monotonic() > deadline:
            raise BoardError(f"the server {base} did not finish answering within {timeout:g} s")
        chunk = resp.read1(64 * 1024) if hasattr(resp, "read1") else resp.read(64 * 1024)
        if not chunk:
            if getattr(resp, "length", None):  # fewer bytes than Content-Length promised
                raise ConnectionResetError(f"{size} bytes of {size + resp.length}")
            return b"".join(chunks)
        chunks.append(chunk)
        size += len(chunk)
        if size > MAX_ANSWER:
            raise BoardError(f"the server {base} answered more than "
                             f"{MAX_ANSWER // (1024 * 1024)} MB: not a leaderboard's answer")


def _request(url: str, body: Optional[bytes] = None,
             timeout: float = TIMEOUT) -> tuple[int, dict[str, Any]]:
    """Send one request; return the status and the JSON answer, or raise BoardError."""
    try:
        import http.client
        import urllib.error
        import urllib.request
    except ImportError:  # the executable leaves the HTTP client out (build.spec)
        raise BoardError("this build of Migong has no HTTP client: install Migong with pip "
                         "(pip install migong) to use a leaderboard") from None
    base = printable(url.split("/api/")[0])
    req = urllib.request.Request(url, data=body, method="POST" if body is not None else "GET",
                                 headers={"Content-Type": "application/json",
                                          "Accept": "application/json"})
    deadline = time.monotonic() + timeout
    try:
        try:
            with _opener().open(req, timeout=timeout) as resp:
                status, raw = resp.status, _read(resp, deadline, base, timeout)
        except urllib.error.HTTPError as exc:
            if 300 <= exc.code < 400:
                raise BoardError(f"the server {base} redirected the request in a loop or away "
                                 f"from http(s) ({exc.code})", exc.code) from None
            status, raw = exc.code, _read(exc, deadline, base, timeout)
    except TimeoutError:
        raise BoardError(f"the server {base} did not answer within {timeout:g} s") from None
    except (urllib.error.URLError, OSError, http.client.HTTPException) as exc:
        reason = getattr(exc, "reason", exc)
        if isinstance(reason, TimeoutError):
            raise BoardError(f"the server {base} did not answer within {timeout:g} s") from None
        if isinstance(reason, (ConnectionResetError, BrokenPipeError, http.client.HTTPException)):
            raise BoardError(f"the server {base} dropped the connection before answering in full "
                             f"({printable(str(reason) or type(reason).__name__)[:200]})"
                             ) from None
        raise BoardError(f"cannot reach the server {base}: {printable(str(reason))[:200]}"
                         ) from None
    return status, _parse(raw, status, base)


def _parse(raw: bytes, status: int, base: str) -> dict[str, Any]:
    """Return the JSON object of an answer, or raise BoardError (the server's reason if 4xx/5xx)."""
    try:
        answer = json.loads(raw.decode("utf-8"))
    except RecursionError:
        raise BoardError(f"the server answered {status} with JSON nested too deep", status
                         ) from None
    except (UnicodeDecodeError, ValueError):
        if raw.lstrip()[:1] == b"<":  # a proxy's error page, or --server is some web site
            ask = f": is {base} a Migong leaderboard?" if status < 500 else ""
            raise BoardError(f"the server answered {status} with a web page, not JSON{ask}",
                             status) from None
        raise BoardError(f"the server answered {status} with no JSON", status) from None
    if not isinstance(answer, dict):
        raise BoardError(f"the server answered {status} with no JSON object", status)
    if status >= 400:
        reason = answer.get("reason")
        reason = printable(shown(reason, 200, quote=False)) if isinstance(reason, str) else "?"
        raise BoardError(f"the server refused it ({status}): {reason}", status)
    return answer


def submit(server: str, replay: dict[str, Any], player: str, daily: Optional[str] = None,
           timeout: float = TIMEOUT) -> tuple[int, dict[str, Any]]:
    """Send a run; return the status (201 new, 200 sent before) and the server's answer, checked."""
    doc: dict[str, Any] = {"player": player, "replay": replay}
    if daily is not None:
        doc["daily"] = daily
    body = json.dumps(doc, ensure_ascii=False).encode("utf-8")
    status, answer = _request(f"{check_server(server)}/api/v1/runs", body, timeout)
    try:
        return status, check_ranked(answer)
    except ValueError as exc:
        raise BoardError(f"the server answered {status} but not with a rank: {exc}",
                         status) from None


def board(server: str, kind: str, key: str, limit: int = 10,
          timeout: float = TIMEOUT) -> dict[str, Any]:
    """Return a board ("daily" and a date, or "code" and a level code), checked."""
    path = f"/api/v1/boards/{kind}/{urllib.parse.quote(key, safe='')}?limit={limit}"
    status, answer = _request(check_server(server) + path, None, timeout)
    try:
        return check_board(answer)
    except ValueError as exc:
        raise BoardError(f"the server answered {status} but not with a board: {exc}",
                         status) from None


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
