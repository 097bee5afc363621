"""What is drawn over the maze stays readable and out of the way: toasts clear of the map's
title, labels inside the view, the player in view and the corner map only where it helps."""

from __future__ import annotations

import pygame
import pytest

from game.play.context import Context
from game.play.input import KeyDown
from game.play.scenes.play import PlayScene
from game.play.widgets import hud
from game.save import Progress
from tests.play.helpers import campaign_level

pytestmark = pytest.mark.usefixtures("display")

DT = 1 / 60
FIRST_KEY = 14  # Level 15 "First Key"


def play(index: int, ctx: Context) -> PlayScene:
    """Return campaign level ``index`` ready to play."""
    scene = PlayScene(ctx, campaign_level(index))
    scene.on_enter()
    scene.update(DT)
    return scene


def test_a_toast_is_drawn_below_the_explored_maps_title(ctx: Context) -> None:
    scene = play(FIRST_KEY, ctx)
    surface = pygame.Surface((960, 640))
    scene.handle_event(KeyDown(pygame.K_o))
    scene.draw(surface)
    view = scene._view(surface)
    title = hud.caption_rect(view, "Explored map", "O or Esc: back to the maze", spot="top")
    assert title is not None
    assert scene.toast_area(surface).top >= title.bottom
    scene.handle_event(KeyDown(pygame.K_o))  # closed: toasts at the top of the view again
    assert scene.toast_area(surface).top == view.top
