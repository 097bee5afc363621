"""The arrow at the view's edge pointing at an off-screen exit reads one way only: longer
than wide, its head at the front (a near-equilateral triangle pointing down-right was
read as pointing left)."""

from __future__ import annotations

import math

import numpy as np
import pygame
import pytest

from game.play.widgets.shapes import draw_edge_pointer

ARROW = (255, 0, 0)
BACK = (0, 0, 255)


@pytest.mark.parametrize("angle", [0, 45, 90, 135, 180, 225, 300])
def test_the_edge_arrow_is_long_and_its_head_points_at_the_goal(angle: int) -> None:
    surface = pygame.Surface((640, 480))
    area = surface.get_rect()
    a = math.radians(angle)
    goal = (area.centerx + 2000 * math.cos(a), area.centery + 2000 * math.sin(a))
    draw_edge_pointer(surface, area, goal, ARROW, BACK)
    rgb = pygame.surfarray.array3d(surface)
    xs, ys = np.nonzero(np.all(rgb == ARROW, axis=2))
    assert len(xs) > 20
    u = np.array([math.cos(a), math.sin(a)])
    pts = np.stack([xs, ys], axis=1).astype(float)
    mid = (pts.max(axis=0) + pts.min(axis=0)) / 2
    along = (pts - mid) @ u
    across = (pts - mid) @ np.array([-u[1], u[0]])
    length, width = np.ptp(along), np.ptp(across)
    assert length >= 1.5 * width  # an arrow, not a triangle that could point anywhere
    # the widest part is the head, towards the goal
    front = np.ptp(across[along > 0.1 * length])
    back = np.ptp(across[along < -0.25 * length])
    assert front > 2 * back
