"""Benchmark the leaderboard: verified daily submissions a second and their latency.

Run it as a script (it is not a timed test)::

    python tests/benchmarks/bench_board.py [--rate 100] [--seconds 10] [--workers 1,2]
        [--db URL] [--clients 2] [--threads 16] [--closed] [--date YYYY-MM-DD]
        [--timing FILE]

For each worker count it starts ``migong serve`` on 127.0.0.1 (a fresh SQLite file, or
``--db``, emptied first), then client processes send distinct finished runs of today's
daily maze at ``--rate`` a second in total (open loop: on a schedule, whatever the
answers) for ``--seconds``, each over keep-alive connections, and prints the runs
accepted a second and the latency percentiles (from when a run was due to its answer),
then the CPU a run took in the server (all its workers) and in the clients.  ``--closed`` sends
as fast as the answers come instead, for the most the server takes; ``--worst`` times, in
process, the dearest submissions the caps let through (301x301, 20,000 intents, 30
minutes); ``--cpu`` the CPU time of one daily submission in process (check, then check
and store), which a loaded machine distorts less than the latencies.  ``--date`` sends
that day's daily maze instead of today's (from 2026-12-14 the Wednesday and Friday ones
have a chaser in the fog: ``--date 2026-12-16``); ``--timing`` has the server log each
submission's phases, its long collections and late wake-ups (game/server/timing.py).
127.0.0.1 only, bounded in time and count.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import socket
import subprocess
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


#: The most CPU seconds --cpu spends on each of its two figures.
CPU_BUDGET = 20.0


def free_port() -> int:
    """Return a free TCP port on 127.0.0.1."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def bodies(count: int, offset: int, day: date | None = None) -> list[bytes]:
    """Return ``count`` distinct submissions of ``day``'s daily maze (today's), the same run.

    A day after tomorrow's is not a daily the board takes yet: its maze is sent as a level
    code's run (the same checks and re-run, on the code's board).
    """
    from game.daily import utc_today
    from tests.server.conftest import daily_doc

    day = day or utc_today()
    doc = daily_doc(day)
    daily = {"daily": day.isoformat()} if day <= utc_today() + timedelta(days=1) else {}
    return [json.dumps({"player": f"bench {offset + i}", **daily,
                        "replay": {**doc, "date": f"{day}T00:00:00Z bench {offset + i}"}}
                       ).encode("utf-8") for i in range(count)]


def day_of(text: str | None) -> date | None:
    """Return the date of ``--date`` (None: today), or exit saying what is wrong."""
    if text is None:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise SystemExit(f"--date must be a date YYYY-MM-DD, got {text[:40]!r}") from None


def client(port: int, payloads: list[bytes], period: float, start: float,
           closed: bool, out: Any) -> None:
    """Send ``payloads`` one every ``period`` seconds from ``start``; put (status, seconds)s.

    Open loop, a run's latency counts from when it was due, not from when it was sent: a
    send held up by the answer before it waited in the queue too (no coordinated omission).
    """
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    results = []
    for i, body in enumerate(payloads):
        due = time.perf_counter()
        if not closed:
            due = start + i * period
            wait = due - time.perf_counter()
            if wait > 0:
                time.sleep(wait)
        try:
            conn.request("POST", "/api/v1/runs", body, {"Content-Type": "application/json"})
            resp = conn.getresponse()
            resp.read()
            status = resp.status
        except (OSError, http.client.HTTPException):
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            status = 0
        results.append((status, time.perf_counter() - due))
        if closed and time.perf_counter() > start + period:  # period: the run's length
            break
    out.put(results)


def thread_client(port: int, payloads: list[bytes], period: float, start: float,
                  closed: bool, threads: int, out: Any) -> None:
    """Run ``threads`` clients in this process, each on its own connection; put its CPU too."""
    import queue
    import threading

    cpu_before = time.process_time()
    inner: "queue.Queue[list[tuple[int, float]]]" = queue.Queue()
    workers = [threading.Thread(target=client, args=(port, payloads[k::threads],
                                                     period * threads, start + k * period,
                                                     closed, inner))
               for k in range(threads)] if not closed else [
        threading.Thread(target=client, args=(port, payloads[k::threads], period, start,
                                              closed, inner)) for k in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    merged: list[tuple[int, float]] = []
    while not inner.empty():
        merged.extend(inner.get())
    out.put((merged, time.process_time() - cpu_before))


def cpu_seconds(pid: int) -> float:
    """Return the CPU seconds (user and system) of process ``pid`` and all its descendants."""
    total, todo = 0.0, [pid]
    tick = os.sysconf("SC_CLK_TCK")
    while todo:
        p = todo.pop()
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick  # utime, stime
            for task in Path(f"/proc/{p}/task").iterdir():
                todo.extend(int(c) for c in (task / "children").read_text().split())
        except (OSError, IndexError, ValueError):
            continue
    return total


def serve(db: str, port: int, workers: int, timing: str | None = None
          ) -> subprocess.Popen[bytes]:
    """Start ``migong serve`` (its timing log to ``timing``, if given); return once it answers."""
    from game.server.timing import TIMING_ENV

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    if timing:
        env[TIMING_ENV] = timing
    proc = subprocess.Popen([sys.executable, "-m", "game", "serve", "--db", db, "--port",
                             str(port), "--rate-limit", "0", "--workers", str(workers)],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            c.request("GET", "/api/v1/health")
            if c.getresponse().status == 200:
                return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def empty(db: str) -> None:
    """Drop the board's tables so every run starts from an empty board."""
    from sqlalchemy import text

    from game.server.store import Store

    store = Store(db)
    with store.engine.begin() as conn:
        conn.execute(text("DROP TABLE IF EXISTS runs"))
        conn.execute(text("DROP TABLE IF EXISTS ranks"))
        conn.execute(text("DROP TABLE IF EXISTS schema_version"))
    store.close()


def bench(args: argparse.Namespace, workers: int) -> None:
    """Measure one worker count; print its line."""
    day = day_of(args.date)
    folder = tempfile.mkdtemp(prefix="bench-board.")
    db = args.db or f"sqlite:///{folder}/board.sqlite3"
    if args.db:
        empty(db)
    port = free_port()
    proc = serve(db, port, workers, args.timing)
    try:
        total = int(args.rate * args.seconds) if not args.closed else 50_000
        per = total // args.clients
        payloads = [bodies(per if not args.closed else min(per, 5000), k * per, day)
                    for k in range(args.clients)]
        # warm up: the day's maze built and kept in every worker
        for body in bodies(4 * workers, 10**7, day):
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            c.request("POST", "/api/v1/runs", body, {"Content-Type": "application/json"})
            c.getresponse().read()
        out: Any = multiprocessing.Queue()
        start = time.perf_counter() + 0.5
        period = args.seconds if args.closed else args.clients / args.rate
        procs = [multiprocessing.Process(target=thread_client, args=(
            port, payloads[k], period, start + k * period / args.clients, args.closed,
            args.threads, out)) for k in range(args.clients)]
        server_before, load_before = cpu_seconds(proc.pid), os.getloadavg()[0]
        for p in procs:
            p.start()
        results: list[tuple[int, float]] = []
        client_cpu = 0.0
        for _ in procs:
            got, used = out.get()
            results.extend(got)
            client_cpu += used
        for p in procs:
            p.join()
        took = time.perf_counter() - start
        server_cpu = cpu_seconds(proc.pid) - server_before
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    ok = sorted(t for s, t in results if s == 201)
    bad = len(results) - len(ok)

    def pct(q: float) -> float:
        """Return the ``q`` quantile of the accepted runs' latencies, in ms."""
        return 1000 * ok[min(len(ok) - 1, int(q * len(ok)))] if ok else float("nan")

    kind = "postgresql" if db.startswith("postgres") else "sqlite"
    mode = "closed loop" if args.closed else f"offered {args.rate:g}/s"
    if day is not None:
        code = json.loads(payloads[0][0])["replay"]["level"]["code"]
        print(f"{'':10} the daily maze of {day.isoformat()}: {code}", flush=True)
    print(f"{kind:10} workers {workers}  {mode:14}  accepted {len(ok) / took:7.1f}/s  "
          f"({len(ok)} in {took:.1f} s, {bad} not 201)  p50 {pct(0.5):6.1f} ms  "
          f"p95 {pct(0.95):6.1f} ms  p99 {pct(0.99):6.1f} ms  max {pct(1.0):6.1f} ms",
          flush=True)
    done = max(1, len(results))
    print(f"{'':10} CPU a run: server {1000 * server_cpu / done:.1f} ms, clients "
          f"{1000 * client_cpu / done:.1f} ms; server {server_cpu / took:.2f} cores, clients "
          f"{client_cpu / took:.2f} cores; load average {load_before:.2f} before, "
          f"{os.getloadavg()[0]:.2f} after", flush=True)
    if server_cpu:  # one worker uses one core at most (the GIL); more, one core each
        per, cores = 1000 * server_cpu / done, min(workers, os.cpu_count() or 1)
        print(f"{'':10} at {per:.1f} ms of CPU a run: at most {1000 / per:.0f} a second a "
              f"worker, {cores * 1000 / per:.0f} with {workers} on {cores} idle core(s)",
              flush=True)


def worst() -> None:
    """Print the in-process cost of the dearest submissions the caps let through."""
    import random

    from game.levels import build_level, campaign_index, parse_level_code
    from game.run.level import Level
    from game.run.replay import record, to_json
    from game.server import rules
    from game.simulate import parse_moves, tap

    for code in ("G301x301-1-Y4", "P301x301-1-Y4"):
        spec = parse_level_code(code)
        maze = build_level(spec)
        rng = random.Random(1)
        letters = "".join(rng.choice("UDLR") for _ in range(rules.MAX_RUN_INTENTS // 2 - 10))
        taps = parse_moves(letters)
        run = tap(maze, taps, 5.7).run  # ~30 minutes: just under the length cap
        level = Level(maze, spec, campaign_index(spec), "x")
        doc = to_json(record(run, level, game="b", date="d"))
        doc["result"]["finished"] = True  # a forgery: re-run in full, then refused
        body = json.dumps({"player": "bench", "replay": doc}).encode("utf-8")
        rules.built.cache_clear()
        for label in ("first (maze built)", "again (maze kept)"):
            start = time.perf_counter()
            outcome = "accepted"
            try:
                rules.check(body)
            except rules.Refused as exc:
                outcome = f"{exc.status}"
            print(f"{code}: {len(doc['intents'])} intents, {doc['result']['ticks']} ticks, "
                  f"{len(body) // 1024} KiB, {label}: {outcome} in "
                  f"{1000 * (time.perf_counter() - start):.0f} ms", flush=True)


def cpu(db: str | None, day: date | None) -> None:
    """Print the in-process CPU time of one daily submission: its check, then check and store.

    Up to 200 of each, or as many as CPU_BUDGET seconds take (a chaser's day checks slowly).
    """
    from game.server import rules
    from game.server.store import Store

    folder = tempfile.mkdtemp(prefix="bench-board.")
    url = db or f"sqlite:///{folder}/board.sqlite3"
    if db:
        empty(url)
    store = Store(url)
    store.migrate()
    payloads = bodies(405, 0, day)
    for body in payloads[:5]:  # warm up: the day's maze built and kept
        store.submit(rules.check(body))

    def timed(batch: list[bytes], keep: bool) -> float:
        """Return the CPU seconds a submission of ``batch`` took: checked (stored if ``keep``)."""
        start, done = time.process_time(), 0
        for body in batch:
            run = rules.check(body)
            if keep:
                store.submit(run)
            done += 1
            if time.process_time() - start > CPU_BUDGET:
                break
        return (time.process_time() - start) / done

    checked = timed(payloads[5:205], False)
    stored = timed(payloads[205:], True)
    store.close()
    print(f"CPU per daily submission, in process: check {1000 * checked:.2f} ms, check and "
          f"store {1000 * stored:.2f} ms ({url.split(':')[0]}, "
          f"{rules.check(payloads[0]).code})", flush=True)


def main() -> None:
    """Parse the options and run the benchmark for each worker count."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rate", type=float, default=100.0, help="runs sent a second")
    parser.add_argument("--seconds", type=float, default=10.0, help="how long to send")
    parser.add_argument("--workers", default="1,2", help="worker counts, e.g. 1,2")
    parser.add_argument("--db", help="a database URL (default: a fresh SQLite file)")
    parser.add_argument("--clients", type=int, default=2, help="client processes")
    # a board's players each hold a connection of their own; a handful of keep-alive
    # connections pinned to two workers measures how the kernel split them (8 of them:
    # p95 200 ms at 100/s, 32: 13.6 ms, the same server)
    parser.add_argument("--threads", type=int, default=16, help="connections per client")
    parser.add_argument("--closed", action="store_true", help="send as fast as answered")
    parser.add_argument("--date", help="the daily maze of this date, YYYY-MM-DD (default: "
                        "today's); after tomorrow, sent as its level code's run")
    parser.add_argument("--timing", help="the server's timing log: a file it appends JSON "
                        "lines to (game/server/timing.py)")
    parser.add_argument("--cpu", action="store_true",
                        help="only time one submission's CPU in process (check, store)")
    parser.add_argument("--worst", action="store_true",
                        help="only time the dearest submissions the caps let through")
    args = parser.parse_args()
    if args.worst:
        worst()
        return
    if args.cpu:
        cpu(args.db, day_of(args.date))
        return
    if args.seconds > 120 or args.rate > 2000:
        raise SystemExit("bounded: at most 120 s and 2000 runs a second")
    print(f"cpus: {os.cpu_count()}; load average before: "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for workers in (int(w) for w in args.workers.split(",")):
        bench(args, workers)


if __name__ == "__main__":
    main()
