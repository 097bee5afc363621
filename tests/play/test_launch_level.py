"""``play --level N``: campaign level N (from 1, as the level select numbers them); a bad N
is one error line and exit code 2; a level not yet unlocked plays for practice."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.cli import main
from game.levels import CAMPAIGN
from game.play.app import App
from game.play.routes import BuildMaze, StartLevel

LAST = len(CAMPAIGN)


@pytest.mark.parametrize(("number", "got"), [
    ("0", "'0'"), (str(LAST + 1), repr(str(LAST + 1))), ("-3", "'-3'"), ("three", "'three'"),
    ("", "''"), ("٣", "'٣'"), ("9" * 500, "'" + "9" * 40 + "'... (500 characters)"),
])
def test_a_bad_level_number_is_one_error_line_and_exit_2(
        capsys: pytest.CaptureFixture[str], number: str, got: str) -> None:
    assert main(["play", "--level", number]) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"migong: error: --level must be a campaign level number from 1 to {LAST} "
        f"(see: migong levels), got {got}"]


def test_a_level_and_another_maze_is_one_error_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--level", "3", "--code", "B11x11-1"]) == 2
    assert capsys.readouterr().err.splitlines() == [
        "migong: error: give one of a maze FILE, --code, --daily, --level or maze options "
        "(--algorithm, --size, ...), not both --code and --level"]


@pytest.fixture
def started(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Return the routes the game is started with (the window opens, the loop does not run)."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv("MIGONG_SAVE_PATH", str(tmp_path / "save.json"))
    routes: list[Any] = []

    def run(app: App, first: Any) -> int:
        """Note the first route instead of running the loop."""
        routes.append(first)
        return 0

    monkeypatch.setattr(App, "run", run)
    return routes


def test_an_unlocked_level_starts_as_in_the_level_select(
        started: list[Any], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--level", "1"]) == 0
    assert started == [StartLevel(0)] and capsys.readouterr().err == ""


def test_a_locked_level_plays_for_practice_and_says_so(
        started: list[Any], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--level", str(LAST)]) == 0
    [route] = started
    assert isinstance(route, BuildMaze) and route.index is None and route.practice == LAST - 1
    assert route.spec.same_maze(CAMPAIGN[LAST - 1])
    assert capsys.readouterr().err.splitlines() == [
        f"migong: level {LAST} is not unlocked yet: it plays for practice "
        "(its result unlocks nothing)"]


def test_a_level_once_unlocked_starts_as_a_campaign_level(
        started: list[Any], tmp_path: Path) -> None:
    (tmp_path / "save.json").write_text(json.dumps({"version": 4, "unlocked": 12}))
    assert main(["play", "--level", " 12 "]) == 0
    assert started == [StartLevel(11)]
