"""The board's database: one schema for SQLite and PostgreSQL through SQLAlchemy Core.

Migrations are explicit: ``schema_version`` holds the version the tables are at, and
:data:`MIGRATIONS` lists the steps from each version to the next, run in one transaction
each when the server starts (:meth:`Store.migrate`).  ``ranks`` counts a board's runs
by result (time, then moves), kept in the insert's transaction: a new run's rank sums
the results ahead of it rather than counting every run ahead (a board of identical runs
would count them all), and the histogram bins results, not runs.  SQLite runs in WAL mode (synchronous
NORMAL: a killed server loses nothing); every accepted run is committed before the server
answers 201.  A SQLite store's checkpoints (copying the log back into the database, with
its syncs) run in a thread of their own every CHECKPOINT_PERIOD, not in the commit that
filled the log: SQLite's own, every 1,000 pages, held up that submission and all those
queued behind it (10-160 ms every 2 s at 100 runs a second).  The worker processes of a
SQLite board take turns to write through a lock file (:class:`WriterLock`), waiting in the
kernel's queue rather than in SQLite's busy wait, which sleeps up to 100 ms between tries.
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path
from typing import Any, Callable, Optional

from sqlalchemy import (Boolean, Column, Float, Index, Integer, MetaData, PrimaryKeyConstraint,
                        String, Table, bindparam, create_engine, event, func, insert,
                        literal_column, select, text, tuple_)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from game.server.rules import Checked, bin_width, histogram

metadata = MetaData()

schema_version = Table(
    "schema_version", metadata,
    Column("version", Integer, nullable=False),
)

runs = Table(
    "runs", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("digest", String(64), nullable=False, unique=True),
    Column("board", String(120), nullable=False),
    Column("code", String(100), nullable=False),
    Column("daily", String(10)),
    Column("player", String(24), nullable=False),
    Column("moves", Integer, nullable=False),
    Column("time_ticks", Integer, nullable=False),
    Column("optimal", Boolean, nullable=False),
    Column("created", Float, nullable=False),
    Index("runs_ranked", "board", "time_ticks", "moves", "id"),
)


ranks = Table(
    "ranks", metadata,
    Column("board", String(120), nullable=False),
    Column("time_ticks", Integer, nullable=False),
    Column("moves", Integer, nullable=False),
    Column("runs", Integer, nullable=False),  # the board's runs with this result
    PrimaryKeyConstraint("board", "time_ticks", "moves"),
)


def _create_runs(conn: Connection) -> None:
    """Version 1: the runs table and its ranking index."""
    runs.create(conn)


def _create_ranks(conn: Connection) -> None:
    """Version 2: the runs of each board counted by result, from the runs stored."""
    ranks.create(conn)
    conn.execute(insert(ranks).from_select(
        ["board", "time_ticks", "moves", "runs"],
        select(runs.c.board, runs.c.time_ticks, runs.c.moves, func.count())
        .group_by(runs.c.board, runs.c.time_ticks, runs.c.moves)))


#: The step from each schema version to the next (0: an empty database).
MIGRATIONS: dict[int, Callable[[Connection], None]] = {0: _create_runs, 1: _create_ranks}
SCHEMA_VERSION = len(MIGRATIONS)


#: The statements of a submission, built once (SQLAlchemy then only looks up their SQL).
_INSERT_RUN = insert(runs).returning(runs.c.id)
#: The results of a board ahead of a result: the runs they count, summed.
_AHEAD = select(func.coalesce(func.sum(ranks.c.runs), 0)).where(
    ranks.c.board == bindparam("board"),
    tuple_(ranks.c.time_ticks, ranks.c.moves) < tuple_(bindparam("time_ticks"),
                                                      bindparam("moves")))
#: The runs of a board with the same result stored before a run (its id): ahead of it.
_TIED = select(func.count()).select_from(runs).where(
    runs.c.board == bindparam("board"), runs.c.time_ticks == bindparam("time_ticks"),
    runs.c.moves == bindparam("moves"), runs.c.id < bindparam("run_id"))


def _count_result(dialect: str) -> Any:
    """Return the statement counting one more run of a result (an upsert), its count back."""
    dialect_insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    upsert = dialect_insert(ranks)
    return upsert.on_conflict_do_update(
        index_elements=[ranks.c.board, ranks.c.time_ticks, ranks.c.moves],
        set_={"runs": ranks.c.runs + 1}).returning(ranks.c.runs)


def engine_url(url: str) -> str:
    """Return the SQLAlchemy URL of ``--db``: postgresql:// uses psycopg; a path is SQLite."""
    for scheme in ("postgresql://", "postgres://"):
        if url.startswith(scheme):
            return "postgresql+psycopg://" + url[len(scheme):]
    if "://" not in url:
        return f"sqlite:///{Path(url).expanduser()}"
    return url


#: How often a SQLite store checkpoints its log, in seconds, when something was written.
CHECKPOINT_PERIOD = 1.0
#: The log's pages past which a commit checkpoints by itself (SQLite's default is 1,000):
#: only when the checkpoint thread has fallen far behind (a second is ~500 pages at 100/s).
AUTOCHECKPOINT_PAGES = 20_000
#: The size the log is cut back to when it starts over after a checkpoint, in bytes.
JOURNAL_SIZE_LIMIT = 16 * 1024 * 1024


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    """Put a new SQLite connection in WAL mode, NORMAL syncs, a busy wait, rare checkpoints."""
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    # WAL + NORMAL: a commit is in the log (the OS's cache) before the answer, so a killed
    # server (kill -9 included) loses nothing; only a power cut or an OS crash may lose the
    # last commits, which FULL would not (it fsyncs each one: 10-25 ms of a single writer's
    # time here)
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA busy_timeout=10000")
    cur.execute(f"PRAGMA wal_autocheckpoint={AUTOCHECKPOINT_PAGES}")
    cur.execute(f"PRAGMA journal_size_limit={JOURNAL_SIZE_LIMIT}")
    cur.close()


class WriterLock:
    """One writer at a time across a SQLite board's worker processes: a lock file's flock.

    A writer SQLite finds busy sleeps 1, 2, 5, 10, 15, 20, 25 ... 100 ms between tries
    (its busy timeout), however soon the lock is free: two workers writing 50 runs a
    second each waited 30-40 ms a write, now and then a second.  The kernel wakes a
    process waiting on flock as soon as the lock is let go.  Where fcntl is missing
    (Windows), the database has no file or the lock file cannot be made, it does nothing:
    SQLite's busy wait remains.
    """

    def __init__(self, database: Optional[str]) -> None:
        self._fd: Optional[int] = None
        self._flock: Optional[Callable[[int, int], None]] = None
        self._within = threading.Lock()  # flock is per process: threads queue here first
        try:
            import fcntl
        except ImportError:  # pragma: no cover - Windows
            return
        if database and database != ":memory:" and not database.startswith("file:"):
            try:
                self._fd = os.open(database + "-writer.lock", os.O_RDWR | os.O_CREAT, 0o644)
            except OSError:  # no folder, or read-only: SQLite says why when it opens
                return
            self._flock = fcntl.flock
            self._ex, self._un = fcntl.LOCK_EX, fcntl.LOCK_UN

    def __enter__(self) -> None:
        """Wait for the turn to write."""
        self._within.acquire()
        if self._fd is not None and self._flock is not None:
            try:
                self._flock(self._fd, self._ex)
            except BaseException:
                self._within.release()
                raise

    def __exit__(self, *_exc: object) -> None:
        """Let the next writer in."""
        try:
            if self._fd is not None and self._flock is not None:
                self._flock(self._fd, self._un)
        finally:
            self._within.release()

    def close(self) -> None:
        """Close the lock file."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


class Checkpoints:
    """A thread checkpointing a SQLite store's log every CHECKPOINT_PERIOD after a write.

    PASSIVE: it copies what no reader still needs and waits for no one, so submissions
    never wait for it (a writer may append to the log while it runs); the next write after
    a complete checkpoint starts the log over.  One a process; another process's
    checkpoint running at the same time makes this one return at once.
    """

    def __init__(self, engine: Engine, period: Optional[float] = None) -> None:
        self.engine = engine
        self.period = CHECKPOINT_PERIOD if period is None else period
        self.done = 0  # checkpoints run, for the tests
        self._written = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="migong-checkpoint", daemon=True)
        self._thread.start()

    def wrote(self) -> None:
        """Note a commit: the next period checkpoints."""
        self._written.set()

    def _run(self) -> None:
        """Checkpoint every period in which something was written, until stopped."""
        while not self._stop.wait(self.period):
            if not self._written.is_set():
                continue
            self._written.clear()
            try:
                with self.engine.connect() as conn:
                    conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
            except Exception:  # a busy or closing database: the next period tries again
                continue
            self.done += 1

    def stop(self) -> None:
        """Stop the thread (after its checkpoint, if one is running)."""
        self._stop.set()
        self._thread.join(timeout=30)


class Store:
    """The accepted runs: add one, rank it, list a board and its histogram."""

    def __init__(self, url: str) -> None:
        self.url = engine_url(url)
        sqlite = self.url.startswith("sqlite")
        # a pre-ping is a round trip a checkout, there to outlive a restarted PostgreSQL:
        # a SQLite file has no server to lose
        self.engine: Engine = create_engine(self.url, pool_pre_ping=not sqlite)
        if sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self._count_result = _count_result(self.engine.dialect.name)
        self._checkpoints: Optional[Checkpoints] = None  # started by the first write
        self._lock = threading.Lock()
        self._writing = WriterLock(self.engine.url.database if sqlite else None)

    @property
    def kind(self) -> str:
        """Return the database's kind: "sqlite" or "postgresql"."""
        return self.engine.dialect.name

    def version(self) -> int:
        """Return the schema version the database is at (0: empty)."""
        with self.engine.connect() as conn:
            if not self.engine.dialect.has_table(conn, "schema_version"):
                return 0
            found = conn.execute(select(schema_version.c.version)).scalar()
            return int(found or 0)

    def migrate(self) -> int:
        """Bring the schema up to SCHEMA_VERSION, one step a transaction; return the version."""
        with self.engine.begin() as conn:
            if not self.engine.dialect.has_table(conn, "schema_version"):
                schema_version.create(conn)
                conn.execute(insert(schema_version).values(version=0))
        while True:
            with self.engine.begin() as conn:
                if self.kind == "postgresql":  # one migrating server at a time
                    conn.execute(text("LOCK TABLE schema_version IN EXCLUSIVE MODE"))
                current = int(conn.execute(select(schema_version.c.version)).scalar() or 0)
                if current > SCHEMA_VERSION:
                    raise RuntimeError(f"the database's schema is at version {current}, "
                                       f"newer than this server's {SCHEMA_VERSION}")
                if current == SCHEMA_VERSION:
                    return current
                MIGRATIONS[current](conn)
                conn.execute(schema_version.update().values(version=current + 1))

    def add(self, run: Checked) -> tuple[int, bool]:
        """Store ``run`` unless its replay is stored; return its id and True when new."""
        found, new = self.submit(run)
        return int(found["id"]), new

    def submit(self, run: Checked, marks: Optional[dict[str, float]] = None
               ) -> tuple[dict[str, Any], bool]:
        """Store ``run`` unless its replay is stored; return its entry and True when new.

        The entry is :meth:`entry`'s and the run's id.  A new run takes one connection: the
        insert and its result's count are committed together (durable before the answer);
        the runs ahead of it are the results ahead summed, outside the write lock, and the
        runs of its result counted before it (its count, less itself).  ``marks``, when
        given, gets the times (perf_counter) the run was inserted, committed and ranked.
        """
        key = {"board": run.board, "time_ticks": run.time_ticks, "moves": run.moves}
        try:
            with self.engine.connect() as conn:
                with self._writing, conn.begin():
                    new_id = int(conn.execute(_INSERT_RUN, {
                        "digest": run.digest, "code": run.code, "daily": run.daily,
                        "player": run.player, "optimal": run.optimal,
                        "created": time.time(), **key}).scalar_one())
                    tied = int(conn.execute(self._count_result, {**key, "runs": 1})
                               .scalar_one()) - 1
                    if marks is not None:
                        marks["inserted"] = time.perf_counter()
                if marks is not None:
                    marks["committed"] = time.perf_counter()
                self._wrote()
                ahead = int(conn.execute(_AHEAD, key).scalar_one()) + tied
            if marks is not None:
                marks["ranked"] = time.perf_counter()
            return {"id": new_id, "board": run.board, "rank": ahead + 1, "moves": run.moves,
                    "time_ticks": run.time_ticks}, True
        except IntegrityError:
            old_id = self.find(run.digest)
            if old_id is None:
                raise
            return {"id": old_id, **self.entry(old_id)}, False

    @staticmethod
    def _ahead(conn: Connection, board: str, time_ticks: int, moves: int, run_id: int) -> int:
        """Return how many runs of ``board`` rank ahead of the run (time, moves, id)."""
        key = {"board": board, "time_ticks": time_ticks, "moves": moves}
        return (int(conn.execute(_AHEAD, key).scalar_one())
                + int(conn.execute(_TIED, {**key, "run_id": run_id}).scalar_one()))

    def find(self, digest: str) -> Optional[int]:
        """Return the id of the run whose replay has ``digest``, or None."""
        with self.engine.connect() as conn:
            found = conn.execute(select(runs.c.id).where(runs.c.digest == digest)).scalar()
        return None if found is None else int(found)

    def entry(self, run_id: int) -> dict[str, Any]:
        """Return the board, rank, moves and time (in ticks) of the run ``run_id``."""
        with self.engine.connect() as conn:
            row = conn.execute(select(runs.c.board, runs.c.moves, runs.c.time_ticks)
                               .where(runs.c.id == run_id)).one()
            ahead = self._ahead(conn, row.board, row.time_ticks, row.moves, run_id)
        return {"board": row.board, "rank": ahead + 1, "moves": row.moves,
                "time_ticks": row.time_ticks}

    def board(self, board: str, limit: int) -> dict[str, Any]:
        """Return the top ``limit`` runs of ``board`` (by time, then moves) and its histogram."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(runs.c.player, runs.c.moves, runs.c.time_ticks, runs.c.optimal)
                .where(runs.c.board == board)
                .order_by(runs.c.time_ticks, runs.c.moves, runs.c.id).limit(limit)).all()
            low, high = conn.execute(select(func.min(ranks.c.time_ticks),
                                            func.max(ranks.c.time_ticks))
                                     .where(ranks.c.board == board)).one()
            width = bin_width(int(low or 0), int(high or 0))
            # binned in the database (one row a bin, from one row a result); the width is
            # an int written into the SQL so SELECT and GROUP BY hold the same expression
            binned = ranks.c.time_ticks // literal_column(str(int(width)), Integer)
            counts = [] if low is None else conn.execute(
                select(binned, func.sum(ranks.c.runs)).where(ranks.c.board == board)
                .group_by(binned)).all()
        from game.run.clock import TICK_RATE

        entries = [{"rank": i, "player": r.player, "moves": r.moves,
                    "time": round(r.time_ticks / TICK_RATE, 3), "optimal": bool(r.optimal)}
                   for i, r in enumerate(rows, 1)]
        return {"board": board, "entries": entries,
                "histogram": histogram(width, [(int(b), int(n)) for b, n in counts])}

    def count(self) -> int:
        """Return how many runs are stored, on every board."""
        with self.engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(runs)).scalar_one())

    def _wrote(self) -> None:
        """Note a commit for a SQLite store's checkpoint thread, starting it the first time."""
        if self.kind != "sqlite":
            return
        if self._checkpoints is None:
            with self._lock:
                if self._checkpoints is None:
                    self._checkpoints = Checkpoints(self.engine)
        self._checkpoints.wrote()

    def close(self) -> None:
        """Stop the checkpoint thread, if any, and close the database's connections."""
        if self._checkpoints is not None:
            self._checkpoints.stop()
            self._checkpoints = None
        self._writing.close()
        self.engine.dispose()
