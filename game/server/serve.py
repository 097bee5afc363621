"""``migong serve``: check the options, open and migrate the database, run uvicorn.

Imported only when ``serve`` is asked for: the server extra (Starlette, uvicorn,
SQLAlchemy, psycopg) is checked for first and named in one line when missing.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
from pathlib import Path

from game.errors import EXIT_OK, UsageError, shown
from game.server.rules import DEFAULT_MAX_SIZE

#: What ``serve`` needs, and what a PostgreSQL board needs on top.
NEEDS = ("starlette", "uvicorn", "sqlalchemy")
NEEDS_PG = ("psycopg",)
INSTALL = "pip install 'migong[server]'"
#: The environment variable that carries the config to each of several worker processes.
CONFIG_ENV = "MIGONG_SERVE_CONFIG"
#: The largest maze side --max-size takes (the game's own largest).
MAX_SIZE_LIMIT = 1001
#: How long a thread holding the GIL keeps it while another waits, in seconds (Python's
#: default is 5 ms): the event loop waits this long for a re-run to let it read a request
#: or send an answer, on every request.
SWITCH_INTERVAL = 0.001


def default_db() -> str:
    """Return the default database: a SQLite file in the user data folder."""
    from platformdirs import user_data_dir

    return str(Path(user_data_dir("migong", appauthor=False)) / "board.sqlite3")


def _int(option: str, text: str, low: int, high: int) -> int:
    """Return the whole number ``text`` of ``option`` from ``low`` to ``high``, or raise."""
    value = text.strip()
    if not (value.isascii() and value.isdigit() and len(value) <= 7 and low <= int(value) <= high):
        raise UsageError(f"{option} must be a whole number from {low} to {high}, "
                         f"got {shown(text)}")
    return int(value)


def missing(modules: tuple[str, ...]) -> list[str]:
    """Return the modules of ``modules`` that are not installed."""
    return [m for m in modules if importlib.util.find_spec(m) is None]


def cmd_serve(args: argparse.Namespace) -> int:
    """Run the leaderboard server until interrupted."""
    db = args.db if args.db is not None else default_db()
    needs = NEEDS + (NEEDS_PG if db.startswith(("postgresql://", "postgres://")) else ())
    lacking = missing(needs)
    if lacking:
        raise UsageError(f"migong serve needs {', '.join(lacking)}: install the server extra "
                         f"with {INSTALL}")
    port = _int("--port", args.port, 1, 65535)
    rate = _int("--rate-limit", args.rate_limit, 0, 1_000_000)
    size = _int("--max-size", args.max_size, 3, MAX_SIZE_LIMIT)
    workers = _int("--workers", args.workers, 1, 64)
    if args.db is None:
        Path(db).parent.mkdir(parents=True, exist_ok=True)
    from game.server.app import Config

    config = Config(db=db, max_size=size, rate_limit=rate)
    kind = open_and_migrate(db)
    import uvicorn

    print(f"migong board: http://{args.host}:{port}/ ({kind}, {workers} worker"
          f"{'s' if workers > 1 else ''})", flush=True)
    if workers == 1:
        from game.server.app import create_app, freeze_startup

        sys.setswitchinterval(SWITCH_INTERVAL)
        app = create_app(config)
        freeze_startup()
        uvicorn.run(app, host=args.host, port=port, log_level="warning", access_log=False)
    else:
        os.environ[CONFIG_ENV] = json.dumps(config.__dict__)
        uvicorn.run("game.server.serve:app_from_env", factory=True, host=args.host, port=port,
                    workers=workers, log_level="warning", access_log=False)
    return EXIT_OK


def open_and_migrate(db: str) -> str:
    """Open ``db`` and bring its schema up to date; return its kind, or raise UsageError."""
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from game.server.store import Store

    try:
        store = Store(db)
        store.migrate()
    except (SQLAlchemyError, ArgumentError, RuntimeError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise UsageError(f"--db {shown(db, 60)}: cannot open the database: {reason}") from None
    kind = store.kind
    store.close()
    return kind


def app_from_env() -> object:
    """Return the app of one of several worker processes, from the config ``serve`` left."""
    from game.server.app import Config, create_app, freeze_startup

    sys.setswitchinterval(SWITCH_INTERVAL)
    app = create_app(Config(**json.loads(os.environ[CONFIG_ENV])))
    freeze_startup()
    return app


if __name__ == "__main__":  # pragma: no cover
    sys.exit("run: migong serve")
