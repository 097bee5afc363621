"""The game's outbox: a run is sent in the background, kept when offline, sent at a later start."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from game.server.outbox import Outbox, Sent
from tests.server.conftest import DAY, daily_doc, replay_doc
from tests.server.test_durability import free_port, start_server


def test_a_run_queued_offline_is_sent_at_a_later_start_and_a_forged_one_set_aside(
        tmp_path: Path) -> None:
    port = free_port()
    server = f"http://127.0.0.1:{port}"
    box = Outbox(tmp_path / "outbox")
    heard: list[Sent] = []
    doc = daily_doc()
    started = time.perf_counter()
    thread = box.send(server, "Ada", doc, DAY.isoformat(), heard.append)
    assert time.perf_counter() - started < 0.5  # the caller never waits for the network
    thread.join(timeout=30)
    assert [s.outcome for s in heard] == ["queued"]
    assert len(box.pending()) == 1  # kept for later

    proc = start_server(f"sqlite:///{tmp_path / 'board.sqlite3'}", port, tmp_path / "log")
    try:
        forged = replay_doc()
        forged["result"]["moves"] += 1
        assert box.put(server, "Eve", forged, None) is not None
        swept: list[tuple[Path, Sent]] = []
        box.send_pending(lambda path, sent: swept.append((path, sent))).join(timeout=60)
        assert [s.outcome for _, s in swept] == ["accepted", "refused"]
        assert swept[0][1].answer is not None and swept[0][1].answer["board"] == f"daily/{DAY}"
        assert box.pending() == []
        assert len(list((tmp_path / "outbox" / "refused").glob("*.json"))) == 1
        done = threading.Event()
        now: list[Sent] = []
        box.send(server, "Bo", replay_doc(detour=1), None,
                 lambda sent: (now.append(sent), done.set())).join(timeout=30)
        assert done.is_set() and now[0].outcome == "accepted"
        assert now[0].answer is not None and now[0].answer["rank"] == 1
    finally:
        proc.terminate()
        proc.wait(timeout=20)
