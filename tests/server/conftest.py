"""Fixtures of the leaderboard's tests: a store on SQLite and one on a real PostgreSQL.

PostgreSQL comes from ``MIGONG_TEST_PG_URL`` (``.ci/run`` starts one with
tools/pg_test_server.sh); without it the fixture starts one itself with the same script
when PostgreSQL's binaries are installed.  Under CI a PostgreSQL that cannot be had fails
the tests; off CI, with no binaries at all, they are skipped saying how to install them.
"""

from __future__ import annotations

import copy
import os
import shutil
import subprocess
import tempfile
from datetime import date
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator, Optional

import pytest
from sqlalchemy import text

from game.daily import daily_code
from game.levels import build_level, campaign_index, parse_level_code
from game.maze.grid import Pos
from game.maze.solvers import solve
from game.run.level import Level
from game.run.replay import record, to_json
from game.server.store import Store
from game.simulate import parse_moves, tap

ROOT = Path(__file__).resolve().parents[2]
PG_SCRIPT = ROOT / "tools" / "pg_test_server.sh"
PG_ENV = "MIGONG_TEST_PG_URL"
NAMES = {(-1, 0): "U", (1, 0): "D", (0, -1): "L", (0, 1): "R"}
#: A date with a daily maze (a Thursday: keys, see game.daily.WEEK).
DAY = date(2026, 12, 3)
LEVEL_1 = "B11x11-UL"


def _pg_binaries() -> bool:
    """Return True when initdb and pg_ctl can be found (on PATH or in Debian's folder)."""
    return (shutil.which("pg_ctl") is not None
            or any(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl")))


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    """Yield the URL of a real PostgreSQL for the tests (started here when none is given)."""
    url = os.environ.get(PG_ENV)
    if url:
        yield url
        return
    if not _pg_binaries():
        if os.environ.get("CI"):
            pytest.fail(f"{PG_ENV} is not set and PostgreSQL is not installed "
                        "(apt-get install -y postgresql)")
        pytest.skip("PostgreSQL is not installed (apt-get install -y postgresql); "
                    f"or set {PG_ENV}")
    folder = tempfile.mkdtemp(prefix="migong-pg.")
    proc = subprocess.run([str(PG_SCRIPT), "start", folder], capture_output=True, text=True,
                          timeout=120)
    if proc.returncode != 0:
        pytest.fail(f"tools/pg_test_server.sh could not start PostgreSQL: {proc.stderr[-500:]}")
    try:
        yield proc.stdout.strip().splitlines()[-1]
    finally:
        subprocess.run([str(PG_SCRIPT), "stop", folder], capture_output=True, timeout=120)


def fresh_db(kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """Return the URL of an empty database of ``kind`` ("sqlite" or "postgresql")."""
    if kind == "sqlite":
        return f"sqlite:///{tmp_path / 'board.sqlite3'}"
    url: str = request.getfixturevalue("pg_url")
    store = Store(url)
    with store.engine.begin() as conn:
        conn.execute(text("DROP TABLE IF EXISTS runs, ranks, schema_version"))
    store.close()
    return url


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Return the URL of an empty database, on SQLite and on PostgreSQL."""
    return fresh_db(request.param, tmp_path, request)


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    """Yield a migrated, empty store on each database."""
    found = Store(db_url)
    found.migrate()
    yield found
    found.close()


def letters(path: list[Pos]) -> str:
    """Return the taps that walk ``path``."""
    return "".join(NAMES[(b[0] - a[0], b[1] - a[1])] for a, b in zip(path, path[1:]))


@lru_cache(maxsize=16)
def _finished(code: str, detour: int, played: str) -> dict[str, Any]:
    """Return the replay document of a run of ``code`` along its shortest route."""
    spec = parse_level_code(code)
    maze = build_level(spec)
    path = solve(maze, "bfs").path
    assert path is not None
    moves = letters(path)
    if detour:  # step off and back first (a bump before the first step is not timed)
        back = {"U": "D", "D": "U", "L": "R", "R": "L"}[moves[0]]
        moves = (moves[0] + back) * detour + moves
    run = tap(maze, parse_moves(moves)).run
    assert run.finished
    level = Level(maze, spec, campaign_index(spec), "test")
    return to_json(record(run, level, game="test", date=played))


def replay_doc(code: str = LEVEL_1, *, detour: int = 0,
               played: str = "2026-12-03T10:00:00Z") -> dict[str, Any]:
    """Return a finished replay document of ``code`` (a copy: change it freely)."""
    return copy.deepcopy(_finished(code, detour, played))


def daily_doc(day: date = DAY, *, detour: int = 0, played: Optional[str] = None) -> dict[str, Any]:
    """Return a finished replay document of ``day``'s daily maze."""
    return replay_doc(daily_code(day), detour=detour,
                      played=played or f"{day.isoformat()}T10:00:00Z")
