"""The board's HTTP edge: Starlette routes over :mod:`game.server.rules` and the store.

The API (a contract that tests outside the project use):

- ``GET /api/v1/health`` -> 200 ``{"ok": true, "db": "sqlite"|"postgresql"}``
- ``POST /api/v1/runs`` ``{"player", "replay", "daily"?}`` -> 201 ``{"accepted": true, "id",
  "board", "rank", "moves", "time"}`` for a new run, 200 the same for a replay sent again,
  4xx ``{"accepted": false, "reason"}`` for anything else, nothing stored
- ``GET /api/v1/boards/daily/DATE?limit=N``, ``GET /api/v1/boards/code/CODE?limit=N`` ->
  ``{"board", "entries": [{"rank", "player", "moves", "time", "optimal"}], "histogram"}``
- ``GET /`` the HTML page of today's daily board; ``/?date=YYYY-MM-DD`` another day's,
  ``/?code=CODE`` a level code's board, 400 (a page saying why) for a bad value

Every request counts against the client's rate limit (429 past it).  Re-running and the
database run in worker threads, so one slow request never stalls the others' I/O; a
process re-runs one submission at a time, the others waiting their turn in order, and
stores the runs re-run in a turn of their own.
"""

from __future__ import annotations

import gc
import logging
import threading
import time
from dataclasses import dataclass
from typing import Any, Awaitable, Callable, Optional

from anyio import CapacityLimiter, to_thread
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from game.run.clock import TICK_RATE
from game.server import rules
from game.server.store import Store
from game.server.timing import phase_log

log = logging.getLogger("migong.server")


@dataclass(frozen=True)
class Config:
    """How a board runs: its database URL, re-run budget and rate limit."""

    db: str
    max_size: int = rules.DEFAULT_MAX_SIZE
    rate_limit: int = 30  # requests per client per minute; 0: no limit


class RateLimit:
    """Requests per client per minute: a sliding pair of one-minute windows, in memory."""

    #: Most clients remembered; past it, the oldest window is forgotten.
    MAX_CLIENTS = 100_000

    def __init__(self, per_minute: int) -> None:
        self.per_minute = per_minute
        self._lock = threading.Lock()
        self._window = 0
        self._now: dict[str, int] = {}
        self._before: dict[str, int] = {}

    def allow(self, client: str, now: float) -> bool:
        """Count one request of ``client`` at ``now``; return False past the limit."""
        if self.per_minute <= 0:
            return True
        window = int(now // 60)
        with self._lock:
            if window != self._window:
                self._before = self._now if window == self._window + 1 else {}
                self._now, self._window = {}, window
            if len(self._now) >= self.MAX_CLIENTS:
                self._before, self._now = self._now, {}
            # the last window's requests weigh as much as the minute they still cover
            weight = 1.0 - (now / 60 - window)
            seen = self._now.get(client, 0) + self._before.get(client, 0) * weight
            if seen >= self.per_minute:
                return False
            self._now[client] = self._now.get(client, 0) + 1
            return True


class Limited:
    """ASGI middleware answering 429 to a client past its rate limit."""

    def __init__(self, app: ASGIApp, limit: RateLimit) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on, or answer 429."""
        if scope["type"] == "http":
            client = scope.get("client")
            host = client[0] if client else "?"
            if not self.limit.allow(host, time.time()):
                response = JSONResponse(
                    {"accepted": False, "reason": f"more than {self.limit.per_minute} "
                     "requests a minute from this address: wait a minute"},
                    status_code=429, headers={"Retry-After": "60"})
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


def refused(exc: rules.Refused) -> JSONResponse:
    """Return the answer to a refused request."""
    return JSONResponse({"accepted": False, "reason": exc.reason}, status_code=exc.status)


async def read_body(request: Request, cap: int) -> bytes:
    """Return the request's body, or raise Refused (413) once it passes ``cap`` bytes."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or len(length) > 12 or int(length) > cap):
        raise rules.Refused(413, f"the body is larger than {cap} bytes")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > cap:
            raise rules.Refused(413, f"the body is larger than {cap} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


def create_app(config: Config, store: Store | None = None) -> Starlette:
    """Return the board's ASGI app over ``store`` (opened from ``config.db`` when None).

    The schema must be migrated already (:meth:`Store.migrate`; ``migong serve`` does).
    """
    db = store if store is not None else Store(config.db)
    # one re-run at a time in a process (the GIL runs one anyway): submissions queue in
    # order, each finishing in its own time, rather than all slowing each other down
    rerunning = CapacityLimiter(1)
    # the runs re-run are stored in their own turn, so a slow commit holds up no re-run;
    # one at a time on SQLite (one writer: a second would sleep in SQLite's busy wait)
    storing = CapacityLimiter(1 if db.kind == "sqlite" else 4)
    timing = phase_log()  # None unless MIGONG_SERVE_TIMING names a file

    async def health(request: Request) -> Response:
        """Answer that the server is up, and its database's kind."""
        return JSONResponse({"ok": True, "db": db.kind})

    def check_sync(body: bytes, marks: Optional[dict[str, float]]) -> rules.Checked:
        """Check and re-run one submission; return its run or raise Refused."""
        if marks is not None:
            marks["started"] = time.perf_counter()
        try:
            run = rules.check(body, config.max_size)
        except rules.Refused:
            raise
        except (ValueError, TypeError, KeyError, IndexError, ArithmeticError,
                RecursionError) as exc:  # bad input the checks above missed: still 4xx
            log.warning("a submission could not be re-run: %r", exc)
            raise rules.Refused(422, "the replay could not be re-run") from None
        if marks is not None:
            marks["checked"] = time.perf_counter()
        return run

    def store_sync(run: rules.Checked,
                   marks: Optional[dict[str, float]]) -> tuple[int, dict[str, Any]]:
        """Store one run re-run; return the status and the answer."""
        if marks is not None:
            marks["storing"] = time.perf_counter()
        entry, new = db.submit(run, marks)
        return (201 if new else 200), {
            "accepted": True, "id": entry["id"], "board": entry["board"], "rank": entry["rank"],
            "moves": entry["moves"], "time": round(entry["time_ticks"] / TICK_RATE, 3)}

    async def submit(request: Request) -> Response:
        """Take one run: 201 when new, 200 when sent before, 4xx refused."""
        marks = None if timing is None else {"arrived": time.perf_counter()}
        try:
            body = await read_body(request, rules.MAX_BODY_BYTES)
            if marks is not None:
                marks["read"] = time.perf_counter()
            run = await to_thread.run_sync(check_sync, body, marks, limiter=rerunning)
            status, answer = await to_thread.run_sync(store_sync, run, marks, limiter=storing)
        except rules.Refused as exc:
            return refused(exc)
        if timing is not None and marks is not None:
            marks["answered"] = time.perf_counter()
            timing.submission(marks)
        return JSONResponse(answer, status_code=status)

    async def board(request: Request) -> Response:
        """Answer a board's top runs and its histogram."""
        try:
            name = rules.board_name(request.path_params["kind"], request.path_params["key"])
            limit = rules.check_limit(request.query_params.get("limit"))
        except rules.Refused as exc:
            status = 404 if exc.status == 422 else exc.status
            return refused(rules.Refused(status, exc.reason))
        return JSONResponse(await run_in_threadpool(db.board, name, limit))

    async def page(request: Request) -> Response:
        """Answer the HTML page of a day's daily board (today's by default) or a code's."""
        from game.daily import utc_today
        from game.server.page import Unshowable, choose, language, render, unshowable

        lang = language(request.headers.get("accept-language", ""))
        try:
            view = choose(request.query_params, utc_today())
        except Unshowable as exc:
            return HTMLResponse(unshowable(exc, lang), status_code=400)
        found = await run_in_threadpool(db.board, view.board, 20)
        return HTMLResponse(render(found, view, lang))

    async def not_found(request: Request, exc: Exception) -> Response:
        """Answer a path the API does not have."""
        return JSONResponse({"accepted": False, "reason": "no such path"}, status_code=404)

    async def not_allowed(request: Request, exc: Exception) -> Response:
        """Answer a method a path does not take."""
        return JSONResponse({"accepted": False, "reason": "method not allowed"},
                            status_code=405)

    routes = [
        Route("/", page, methods=["GET"]),
        Route("/api/v1/health", health, methods=["GET"]),
        Route("/api/v1/runs", submit, methods=["POST"]),
        Route("/api/v1/boards/{kind:str}/{key:str}", board, methods=["GET"]),
    ]
    handlers: dict[Any, Callable[[Request, Exception], Awaitable[Response]]] = {
        404: not_found, 405: not_allowed}
    app = Starlette(routes=routes, exception_handlers=handlers)  # type: ignore[arg-type]
    app.add_middleware(Limited, limit=RateLimit(config.rate_limit))  # type: ignore[arg-type]
    app.state.store = db
    return app


def freeze_startup() -> None:
    """Take what start-up made out of the collector's passes (a server process, once).

    Modules, classes, the app: most of a worker's objects, kept for good.  The collector's
    full passes, every few seconds under load, walked them all holding the interpreter
    (30-150 ms a pass on this machine, each a stall of every request of the worker).
    """
    gc.collect()
    gc.freeze()
