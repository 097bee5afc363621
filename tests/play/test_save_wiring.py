"""The game and its save file: a save location that cannot be used is told, never fatal.

These check the few lines that hand game.save's notices to the play layer
(``make_context``, ``Context.store``, ``Context.save``).
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.play.scenes.title import TitleScene
from game.play.app import App
from game.save import Progress, load_progress
from game.text import t
from tests.fuzz.families import make_fifo


@pytest.fixture
def no_first_frame_exit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Let an App run its loop as long as a test drives it."""
    monkeypatch.delenv("MIGONG_EXIT_AFTER_FIRST_FRAME", raising=False)


def test_a_failing_save_is_told_once_on_the_next_title(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, no_first_frame_exit: None
) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("a file where the save directory should be")
    monkeypatch.setenv("MIGONG_SAVE_PATH", str(blocker / "save.json"))
    app = App.open()
    try:
        assert app.ctx.notice is None
        app.ctx.save()
        assert app.ctx.notice is not None and "could not be saved" in app.ctx.notice
        assert app.ctx.toasts.text == t("save.failed_toast")  # told at once, in short
        title = TitleScene(app.ctx)
        title.on_enter()  # and in full on the next title
        assert title.notice is not None and "could not be saved" in title.notice
        app.ctx.toasts.text = ""
        app.ctx.save()  # still failing: not told again
        assert app.ctx.notice is None and app.ctx.toasts.text == ""
    finally:
        pygame.quit()


def test_a_named_pipe_as_the_save_starts_the_game_unsaved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, no_first_frame_exit: None
) -> None:
    fifo = tmp_path / "save.json"
    make_fifo(fifo)  # opening it to read used to block the start (here: for 5 s, then fail)
    monkeypatch.setenv("MIGONG_SAVE_PATH", str(fifo))
    app = App.open()
    try:
        assert app.ctx.notice is not None and "will not be saved" in app.ctx.notice
        told = app.ctx.notice
        app.ctx.progress.unlocked = 3
        app.ctx.save()
        assert app.ctx.notice == told  # told once at the start; the save is not written
    finally:
        pygame.quit()
    assert fifo.is_fifo()


def test_progress_reaches_the_file_a_linked_save_points_to(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, no_first_frame_exit: None
) -> None:
    real = tmp_path / "real.json"
    link = tmp_path / "save.json"
    link.symlink_to(real)
    monkeypatch.setenv("MIGONG_SAVE_PATH", str(link))
    app = App.open()
    try:
        app.ctx.progress.unlocked = 5
        app.ctx.save()
    finally:
        pygame.quit()
    assert link.is_symlink() and load_progress(real)[0] == Progress(unlocked=5)
