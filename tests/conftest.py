"""Run pygame headless: set the dummy drivers before anything imports pygame."""

import gc
import os
from typing import Iterator

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The game follows the system's language; the suite speaks English wherever it runs.
os.environ.setdefault("MIGONG_LANG", "en")


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
