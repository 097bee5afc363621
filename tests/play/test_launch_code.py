"""``play --code CODE``: a campaign level's code plays that level once it is unlocked."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterator

import pygame
import pytest

from game.cli import main
from game.levels import CAMPAIGN, level_code
from game.play.app import App
from game.play.routes import BuildMaze, Route, StartLevel


@pytest.fixture
def routes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Route]]:
    """Collect the route ``play`` starts the App on (the App is not run); 14 levels unlocked."""
    save = tmp_path / "save.json"
    save.write_text(json.dumps({"version": 3, "unlocked": 14}))
    monkeypatch.setenv("MIGONG_SAVE_PATH", str(save))
    started: list[Route] = []

    def run(app: App, route: Route) -> int:
        """Keep the first route instead of running the game."""
        started.append(route)
        return 0

    monkeypatch.setattr(App, "run", run)
    yield started
    pygame.quit()


def test_an_unlocked_levels_code_plays_that_campaign_level(routes: list[Route]) -> None:
    assert main(["play", "--code", level_code(CAMPAIGN[13])]) == 0
    assert routes == [StartLevel(13)]


def test_a_locked_levels_code_plays_as_a_custom_maze(routes: list[Route]) -> None:
    assert main(["play", "--code", level_code(CAMPAIGN[14])]) == 0
    [route] = routes
    assert isinstance(route, BuildMaze) and route.index is None
    assert route.spec.same_maze(CAMPAIGN[14])


def test_a_campaign_code_in_the_fog_is_a_custom_maze(routes: list[Route]) -> None:
    assert main(["play", "--fog", "--code", level_code(CAMPAIGN[0])]) == 0
    [route] = routes
    assert isinstance(route, BuildMaze) and route.index is None and route.spec.fog
