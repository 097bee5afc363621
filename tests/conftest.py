"""Run pygame headless: set the dummy drivers before anything imports pygame."""

import gc
import os
from typing import Any, Iterator

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The game follows the system's language; the suite speaks English wherever it runs.
os.environ.setdefault("MIGONG_LANG", "en")
#: The leaderboard's PostgreSQL (tests/server/conftest.py reads it; .ci/run sets it).
PG_ENV = "MIGONG_TEST_PG_URL"


def worker_database(url: str, worker: str) -> str:
    """Return the URL of an empty database of its own for xdist worker ``worker`` on ``url``'s server.

    The leaderboard's tests drop and create their tables between tests: two workers on
    one database would drop each other's tables mid-test.
    """
    from sqlalchemy import create_engine, make_url, text

    server = make_url(url)
    name = f"{server.database or 'postgres'}_{worker}"
    engine = create_engine(server, isolation_level="AUTOCOMMIT")  # CREATE DATABASE needs it
    try:
        with engine.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            conn.execute(text(f'CREATE DATABASE "{name}"'))
    finally:
        engine.dispose()
    return server.set(database=name).render_as_string(hide_password=False)


def pytest_configure(config: pytest.Config) -> None:
    """Give each xdist worker a PostgreSQL database of its own on the server it was given."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    url = os.environ.get(PG_ENV)
    if worker and url:
        os.environ[PG_ENV] = worker_database(url, worker)


@pytest.hookimpl(optionalhook=True)  # a hook of pytest-xdist: unknown under -p no:xdist
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Keep the real-window tests on one xdist worker, one after another, as they always ran.

    Each starts its own Xvfb and the game, and judges key taps by the time they take: two
    at once on a two-core machine would starve each other's game of frames.  (The
    xdist_group mark cannot do it: pytest 9.2 no longer reads the node id xdist rewrites.)
    """
    if config.getoption("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling

    class RealWindowsTogether(LoadGroupScheduling):
        """Load-balance every test on its own, but the real-window modules as one unit."""

        def _split_scope(self, nodeid: str) -> str:
            """Return the unit ``nodeid`` is sent in: "xvfb" for a real-window test."""
            module = nodeid.split("::", 1)[0]
            if module.startswith("tests/e2e/") and module.endswith("_window.py"):
                return "xvfb"
            return str(super()._split_scope(nodeid))

    return RealWindowsTogether(config, log)


def pytest_collection_finish(session: pytest.Session) -> None:
    """Freeze what importing and collecting made, as the game freezes its own start-up.

    The game calls gc.collect() whenever it changes screens (game.play.app.settle_memory);
    in the test process each call walked every object of pytest, hypothesis, numpy and
    thousands of collected tests (3.9 s of CPU in test_storm and test_app alone).  Frozen
    objects are never freed: nothing made by a test is frozen, so what a test checks is
    freed as before.
    """
    gc.collect()
    gc.freeze()


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item: pytest.Item) -> None:
    """Freeze again after a test that unfroze everything (the game's own freeze test)."""
    if gc.get_freeze_count() == 0:
        gc.collect()
        gc.freeze()


@pytest.fixture
def zh() -> Iterator[None]:
    """Speak Simplified Chinese for one test (English again afterwards)."""
    from game.text import language, set_language

    spoken = language()
    set_language("zh")
    try:
        yield
    finally:
        set_language(spoken)
