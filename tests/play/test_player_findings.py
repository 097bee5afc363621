"""What a new player found in a real window (round 4), each checked headless."""

from __future__ import annotations

import pygame
import pytest

from game.play.context import Context
from game.play.scenes.custom_maze import CustomMazeScene
from game.play.scenes.make_maze import MakeMazeScene
from game.save import CustomMaze


def test_the_editor_opens_the_very_maze_the_custom_maze_plays(ctx: Context) -> None:
    ctx.remember_custom(CustomMaze("backtracker", 31, 31, 77, 0.1, {}, keys=2, chasers=1,
                                   mud=0.2))
    custom = CustomMazeScene(ctx).spec()
    made = MakeMazeScene(ctx).spec()
    assert (made.keys, made.chasers, made.mud) == (2, 1, 0.2)
    assert made == custom
