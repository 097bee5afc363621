"""Run pygame headless: set the dummy drivers before anything imports pygame."""

import os
from typing import Iterator

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The game follows the system's language; the suite speaks English wherever it runs.
os.environ.setdefault("MIGONG_LANG", "en")


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
