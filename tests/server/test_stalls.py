"""What keeps a long run of submissions free of stalls: checkpoints, the writers' turns, the GC.

A SQLite store checkpoints its log in a thread of its own (a commit no longer does, every
1,000 pages); worker processes take turns to write through a lock file; a server process
freezes start-up's objects out of the collector; and the timing log that found all
three records each submission's phases when ``MIGONG_SERVE_TIMING`` names a file.
"""

from __future__ import annotations

import fcntl
import gc
import json
import os
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from game.server import rules, serve, store as store_module
from game.server.app import Config, create_app
from game.server.store import AUTOCHECKPOINT_PAGES, Store
from game.server.timing import TIMING_ENV
from tests.server.conftest import replay_doc


def body(played: str) -> bytes:
    """Return a submission of level 1's finished run, distinct by ``played``."""
    return json.dumps({"player": "Ada", "replay": replay_doc(played=played)}).encode()


@pytest.fixture
def sqlite_store(tmp_path: Path) -> Store:
    """Return a migrated store on a fresh SQLite file."""
    found = Store(f"sqlite:///{tmp_path / 'board.sqlite3'}")
    found.migrate()
    return found


def test_a_commit_leaves_the_checkpoint_to_its_thread(sqlite_store: Store,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_module, "CHECKPOINT_PERIOD", 0.05)
    try:
        with sqlite_store.engine.connect() as conn:
            pages = conn.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar()
        assert pages == AUTOCHECKPOINT_PAGES  # SQLite's own 1,000 only as a last resort
        sqlite_store.submit(rules.check(body("2026-12-03T10:00:00Z a")))
        deadline = time.monotonic() + 10
        while sqlite_store._checkpoints is None or sqlite_store._checkpoints.done == 0:
            assert time.monotonic() < deadline, "no checkpoint ran"
            time.sleep(0.02)
        with sqlite_store.engine.connect() as conn:
            busy, logged, copied = conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)").one()
        assert busy == 0 and logged == copied  # the log is all in the database
    finally:
        sqlite_store.close()
    assert sqlite_store._checkpoints is None  # closing stops the thread


def test_writers_take_turns_through_the_lock_file(sqlite_store: Store, tmp_path: Path) -> None:
    lock = str(tmp_path / "board.sqlite3-writer.lock")
    other = os.open(lock, os.O_RDWR)  # another open file: as another worker process would
    try:
        with sqlite_store._writing:
            with pytest.raises(BlockingIOError):
                fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
        fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)  # free once the write is done
        fcntl.flock(other, fcntl.LOCK_UN)
        assert sqlite_store.add(rules.check(body("2026-12-03T10:00:00Z b")))[1]
    finally:
        os.close(other)
        sqlite_store.close()


def test_a_server_process_freezes_start_up_out_of_the_collector(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = f"sqlite:///{tmp_path / 'board.sqlite3'}"
    Store(db).migrate()
    monkeypatch.setenv(serve.CONFIG_ENV, json.dumps(Config(db=db).__dict__))
    gc.unfreeze()
    try:
        serve.app_from_env()
        assert gc.get_freeze_count() > 10_000  # modules, classes, the app
    finally:
        gc.unfreeze()


def test_the_timing_log_records_each_phase(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    log = tmp_path / "timing.jsonl"
    monkeypatch.setenv(TIMING_ENV, str(log))
    db = f"sqlite:///{tmp_path / 'board.sqlite3'}"
    found = Store(db)
    found.migrate()
    try:
        with TestClient(create_app(Config(db=db, rate_limit=0), found)) as client:
            assert client.post("/api/v1/runs", content=body("2026-12-03T10:00:00Z c")
                               ).status_code == 201
            assert client.post("/api/v1/runs", content=b"{").status_code == 400
    finally:
        found.close()
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    submits = [r for r in lines if r["kind"] == "submit"]
    assert len(submits) == 1  # the refused one is not timed
    phases = ["read", "started", "checked", "storing", "inserted", "committed", "ranked",
              "answered"]
    times = [submits[0][p] for p in phases]
    assert times == sorted(times) and times[0] >= 0
