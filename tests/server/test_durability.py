"""Every run answered 201 is on the board after ``kill -9`` and a restart, on both databases.

A real ``migong serve`` process on 127.0.0.1 takes submissions from a few threads; it is
killed with SIGKILL while they are still sending, started again on the same database, and
every id it answered 201 for must be there.  Bounded: a few seconds, 127.0.0.1 only.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

from sqlalchemy import select

from game.server.client import BoardError, board, submit
from game.server.store import Store, runs
from tests.server.conftest import LEVEL_1, ROOT, replay_doc

#: How long the load runs before the kill, and the most runs sent.
LOAD_SECONDS = 1.5
MAX_RUNS = 400
THREADS = 4


def free_port() -> int:
    """Return a free TCP port on 127.0.0.1."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(db: str, port: int, log: Path, *more: str) -> subprocess.Popen[bytes]:
    """Start ``migong serve`` on ``db`` at 127.0.0.1:``port``; return once it answers."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with log.open("ab") as out:
        proc = subprocess.Popen([sys.executable, "-m", "game", "serve", "--db", db, "--port",
                                 str(port), "--rate-limit", "0", *more], cwd=ROOT, env=env,
                                stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        assert proc.poll() is None, log.read_text()
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return proc
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise AssertionError(f"the server did not start: {log.read_text()}")


def test_every_run_answered_201_survives_kill_9(db_url: str, tmp_path: Path) -> None:
    port = free_port()
    server = f"http://127.0.0.1:{port}"
    log = tmp_path / "serve.log"
    proc = start_server(db_url, port, log)
    base = replay_doc()
    accepted: list[int] = []
    counter = iter(range(MAX_RUNS))
    lock = threading.Lock()
    stop = time.monotonic() + LOAD_SECONDS + 35

    def send() -> None:
        """Send distinct runs until the server is gone or the budget is spent."""
        while time.monotonic() < stop:
            with lock:
                i = next(counter, None)
            if i is None:
                return
            doc = {**base, "date": f"2026-12-03T10:00:00Z run {i}"}
            try:
                status, answer = submit(server, doc, f"p{i}", timeout=5)
            except BoardError:
                return  # the server was killed
            if status == 201:
                with lock:
                    accepted.append(answer["id"])

    threads = [threading.Thread(target=send) for _ in range(THREADS)]
    for thread in threads:
        thread.start()
    time.sleep(LOAD_SECONDS)
    # a starved machine (a busy CI, a parallel test worker) answers fewer runs in that time:
    # keep the load on until enough were answered, so the kill still comes under load
    while len(accepted) < 10 and time.monotonic() < stop - 5:
        time.sleep(0.05)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
    for thread in threads:
        thread.join(timeout=20)
    print(f"{len(accepted)} runs answered 201 before kill -9")
    assert len(accepted) >= 10, log.read_text()  # the kill came under load
    proc = start_server(db_url, port, log)
    try:
        store = Store(db_url)
        with store.engine.connect() as conn:
            stored = set(conn.execute(select(runs.c.id)).scalars())
        store.close()
        assert set(accepted) <= stored
        top = board(server, "code", LEVEL_1, limit=100)
        assert top["histogram"]["total"] == len(stored)
    finally:
        proc.terminate()
        proc.wait(timeout=20)
