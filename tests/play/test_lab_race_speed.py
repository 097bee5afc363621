"""A race runs at its own speed, a few seconds on the lab's size (the player's finding: at
2,000 events a second a race was over before it could be watched); ending it brings the
speed back, and the speed keys work in a race as ever."""

from __future__ import annotations

import pygame
import pytest

from game.lab.choices import SPEEDS
from game.levels import LevelSpec
from game.play.context import Context
from game.play.input import KeyDown
from game.play.scenes.lab import DEFAULT_SPEC, LabScene

FAST = SPEEDS.index(2000)


def race_seconds(scene: LabScene) -> float:
    """Return how long the race takes to end, played at 60 frames a second."""
    frames = 0
    while not scene.lab.done:
        scene.update(1 / 60)
        frames += 1
        assert frames < 60 * 120
    return frames / 60


@pytest.mark.parametrize("spec", [DEFAULT_SPEC, LevelSpec("prim", 31, 31, 3)])
def test_a_race_lasts_a_few_seconds(ctx: Context, spec: LevelSpec) -> None:
    scene = LabScene(ctx, spec=spec)
    scene.lab.run(10**6)  # built
    scene.speed = FAST  # the player sped the making up
    scene.handle_event(KeyDown(pygame.K_r))
    assert scene.race and scene.playing
    assert 3.0 <= race_seconds(scene) <= 12.0
    scene.handle_event(KeyDown(pygame.K_r))  # the race ends: the speed chosen before
    assert not scene.race and scene.speed == FAST


def test_the_speed_keys_work_in_a_race(ctx: Context) -> None:
    scene = LabScene(ctx)
    scene.handle_event(KeyDown(pygame.K_r))
    speed = scene.speed
    scene.handle_event(KeyDown(pygame.K_RIGHTBRACKET))
    assert scene.speed == speed + 1
    scene.handle_event(KeyDown(pygame.K_TAB))  # one solver again: the race's speed goes
    assert not scene.race
