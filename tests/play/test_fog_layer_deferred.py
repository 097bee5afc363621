"""The fog's veil on screen follows the fog whose views are worked out when read.

A frame may pass several ticks (several looks) before the veil reads the fog; the veil
repaints only the changed box, so that box must hold every tile any of those looks
changed: after each sync the veil shows what a fog that looked at once holds.
"""

from __future__ import annotations

from typing import Iterator

import numpy as np
import pygame
import pytest

from game.play.render.fog import FogLayer
from tests.run.run_corpus import make_log, maze_of
from tests.run.test_fog_deferred import _eager_run


@pytest.fixture(scope="module", autouse=True)
def pygame_up() -> Iterator[None]:
    pygame.display.init()
    yield
    pygame.display.quit()


@pytest.mark.parametrize("code, rooms", [("B15x15-17I-F1", False), ("D31x31-2GK-R4-F1", True)])
@pytest.mark.parametrize("frame", [1, 7, 40])  # 40 ticks: several steps a frame
def test_the_veil_synced_every_few_ticks_shows_what_the_eager_fog_holds(code: str, rooms: bool,
                                                                        frame: int) -> None:
    from game.run.model import Run

    maze = maze_of(code)
    log, ticks = make_log(maze, 0)
    run = Run(maze, fog=True, rooms=rooms, search_optimal=False)
    eager = _eager_run(maze, rooms)
    assert run.fog is not None and eager.fog is not None
    layer = FogLayer(run.fog)
    layer.sync()
    whole = (0, 0, maze.rows, maze.cols)
    i = 0
    while run.tick < ticks and not run.over:
        while i < len(log) and log[i].tick <= run.tick:
            run.apply(log[i].intent)
            eager.apply(log[i].intent)
            i += 1
        run.step()
        eager.step()
        if run.tick % frame == 0:
            layer.sync()
            assert np.array_equal(layer._shown, eager.fog.states(whole)), f"tick {run.tick}"
