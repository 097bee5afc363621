"""Home starts the lab over as it opens: the maze being made from its first event, playing
(the player's finding: Home left a paused screen of nothing but wall)."""

from __future__ import annotations

import numpy as np
import pygame

from game.levels import LevelSpec
from game.play.context import Context
from game.play.input import KeyDown
from game.play.scenes.lab import LabScene


def test_home_shows_the_maze_being_made_again(ctx: Context, display: None) -> None:
    scene = LabScene(ctx, spec=LevelSpec("prim", 21, 21, 5))
    scene.lab.run(10**6)  # built and solved
    scene.handle_event(KeyDown(pygame.K_SPACE))  # paused at the end, or wherever
    scene.handle_event(KeyDown(pygame.K_HOME))
    assert scene.lab.events == 0 and scene.lab.generating
    assert scene.playing
    for _ in range(30):  # half a second
        scene.update(1 / 60)
    gen = scene.lab.gen
    assert gen is not None and scene.lab.generating and gen.at > 0
    assert np.count_nonzero(gen.tiles) > 0  # some of the maze shows, not a blank screen
    assert "Playing" in scene.panel_lines()[1][1]


def test_home_on_a_file_maze_plays_its_search_again(ctx: Context) -> None:
    scene = LabScene(ctx, spec=LevelSpec("prim", 15, 15, 2))
    scene.lab.run(10**6)
    maze = scene.lab.maze
    scene = LabScene(ctx, maze=maze)
    scene.lab.run(10**6)
    scene.handle_event(KeyDown(pygame.K_HOME))
    assert scene.lab.events == 0 and scene.playing
    for _ in range(30):
        scene.update(1 / 60)
    assert scene.lab.tick > 0
