"""The walking keys go the binding table's ways, in a maze and in the menus alike: the
directions are written once (game.bindings.WALKS, from the grid's four)."""

from __future__ import annotations

import pygame

from game import bindings
from game.maze import grid
from game.play.input import ARROW_WALKS, MENU_DIRECTIONS, PAD_ACTIONS
from game.play.scenes.play import ACTION_INTENTS
from game.run.player import Move


def test_each_walking_action_moves_its_way_in_a_maze() -> None:
    assert set(bindings.WALKS.values()) == {grid.UP, grid.DOWN, grid.LEFT, grid.RIGHT}
    for action, step in bindings.WALKS.items():
        assert ACTION_INTENTS[action] == Move(*step)


def test_the_arrows_and_the_pad_move_their_way_in_the_menus() -> None:
    assert MENU_DIRECTIONS[pygame.K_UP] == grid.UP and MENU_DIRECTIONS[pygame.K_RIGHT] == grid.RIGHT
    for key, action in {**ARROW_WALKS, **PAD_ACTIONS}.items():
        assert MENU_DIRECTIONS.get(key) == bindings.WALKS.get(action)
    assert len(MENU_DIRECTIONS) == 12  # four arrows, the d-pad's four, the stick's four
