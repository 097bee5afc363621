"""The Custom maze menu offers dig's Rank, as the README and ``--rank`` do."""

from __future__ import annotations

import pygame
import pytest

from game.play.context import Context
from game.play.scenes.custom_maze import CustomMazeScene
from game.levels import level_code
from tests.play.helpers import key

pytestmark = pytest.mark.usefixtures("display")


def test_the_custom_maze_menu_steps_digs_rank_into_the_maze_and_its_code(ctx: Context) -> None:
    custom = CustomMazeScene(ctx)
    labels = [item.text() for item in custom.menu.items]
    assert "Rank" in labels
    custom.algorithm = "dig"
    row = custom.menu.items[labels.index("Rank")]
    assert row.enabled() and row.value is not None and row.value() == "1 (default)"
    custom.menu.selected = labels.index("Rank")
    for _ in range(3):
        custom.handle_event(key(pygame.K_RIGHT))
    assert row.value() == "4" and custom.spec().options["rank"] == 4
    assert "-K4" in level_code(custom.spec())
    custom.algorithm = "prim"
    assert not row.enabled() and "rank" not in custom.spec().options
