"""A race of many solvers keeps its frames short: its pictures are redrawn in turn while
the frame has time, and the searches keep no large lists or sets the collector walks."""

from __future__ import annotations

import gc
from itertools import islice

import pygame
import pytest

from game.lab.choices import explore_of, solver_keys
from game.levels import LevelSpec
from game.maze.generators import generate
from game.maze.solvers import Solution
from game.play.context import Context
from game.play.scenes import lab as lab_scene
from game.play.scenes.lab import LabScene


def test_a_race_redraws_its_pictures_in_turn_when_the_frame_has_no_time(
    ctx: Context, display: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    screen = pygame.Surface((960, 600))
    scene = LabScene(ctx, spec=LevelSpec("prim", 41, 41, 2), solver="bfs")
    while scene.lab.generating:
        scene.lab.run(1000)
    scene.race = True
    scene.racers = solver_keys()[:4]
    scene._resolve()
    scene.lab.run(5)
    scene.draw(screen)  # every picture made once
    monkeypatch.setattr(lab_scene, "RACE_DRAW_BUDGET", -1.0)  # no time at all
    scene.lab.run(5)
    fresh = []
    for _ in range(4):
        scene.draw(screen)
        fresh.append([scene.picture.current(i, scene.lab) for i in range(4)])
    # one more picture brought up to date a frame, each in its turn
    assert [row.count(True) for row in fresh] == [1, 2, 3, 4]


@pytest.mark.parametrize("key", solver_keys())
def test_a_search_keeps_no_large_container_the_collector_walks(key: str) -> None:
    maze = generate("backtracker", rows=301, cols=301, seed=5)
    gc.collect()
    before = {id(o) for o in gc.get_objects()}
    search = explore_of(key)(maze, maze.start, maze.goal)
    events = list(islice(search, 20_000))
    assert len(events) > 2_000
    answers = [id(e.path) for e in events if isinstance(e, Solution)]  # the found path
    gc.collect()
    big = [type(o).__name__ for o in gc.get_objects()
           if id(o) not in before and o is not events and o is not before
           and id(o) not in answers
           and isinstance(o, (list, set, dict)) and len(o) > 2_000]
    assert big == []
