"""Fixtures shared by the headless scene tests."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pygame
import pytest

from game.play import input as keys
from game.play import theme
from game.play.audio import Audio
from game.play.app import App
from game.play.context import Context
from game.save import Progress
from game.text import language, set_language


@pytest.fixture(scope="module")
def display() -> Iterator[None]:
    """Open a small dummy display for the module (images convert for it)."""
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 48))
    yield
    pygame.display.quit()


@pytest.fixture
def ctx(tmp_path: Path) -> Context:
    """Return a Context with fresh progress saved under tmp_path."""
    progress = Progress()
    return Context(progress, save_path=tmp_path / "save.json", audio=Audio(progress.settings))


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """Return an App on the dummy display, its save under tmp_path; close pygame afterwards."""
    monkeypatch.setenv("MIGONG_SAVE_PATH", str(tmp_path / "save.json"))
    a = App.open()
    yield a
    pygame.quit()


@pytest.fixture(autouse=True)
def default_look_and_keys_after() -> Iterator[None]:
    """Put the default theme, key bindings and language back after each test (settings set them)."""
    spoken = language()
    yield
    theme.use(theme.DEFAULT)
    keys.use_keymap(keys.DEFAULT_KEYMAP)
    set_language(spoken)  # a storm of key presses may reach the Language row
