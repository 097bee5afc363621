"""Reaching the exit before the shortest route is known: the frames go on, the result waits.

Issue 23.1: on a 4001x4001 maze with keys the result screen's shortest route (a keyed
search of the whole maze) was worked out inside one frame, which froze for minutes.
"""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.levels import build_level, parse_level_code
from game.maze.solvers import solve
from game.play import theme
from game.play.context import Context
from game.play.routes import Complete
from game.play.scenes.play import PlayScene
from game.run import session
from game.run.level import Level
from game.save import Progress
from game.text import t

DT = 1 / 60


@pytest.fixture(scope="module", autouse=True)
def pygame_up():
    pygame.display.init()
    pygame.font.init()
    yield


def test_the_result_waits_for_the_shortest_route_a_slice_a_frame(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(session, "OPTIMAL_FINISH_BUDGET", 0.0)  # one slice a frame
    monkeypatch.setattr(session, "OPTIMAL_FINISH_SLICE", 1)
    spec = parse_level_code("B101x101-1-Y2")
    maze = build_level(spec)
    ctx = Context(Progress())
    scene = PlayScene(ctx, Level(maze, spec, None, "wait"))
    scene.update(DT)
    scene.run.finished_at = scene.run.tick  # the exit reached long before the search could end
    outcomes = []
    said = False
    for _ in range(10_000):
        outcome = scene.update(DT)
        outcomes.append(outcome)
        said = said or ctx.toasts.text == t("play.optimal_working")
        if outcome is not None:
            break
    assert isinstance(outcomes[-1], Complete)
    assert len(outcomes) * DT > theme.current().motion.celebration_seconds + 0.5  # it waited
    assert said  # and said why
    assert outcomes[-1].result.optimal == solve(maze, "bfs").length


def test_on_mud_the_result_waits_for_the_cheapest_route_a_slice_a_frame(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the result screen ran a whole dijkstra search in its first frame (0.85 s on 1001x1001)
    from game.maze.solvers import SOLVERS
    from game.maze.tiles import path_cost
    from game.play.scenes.level_complete import LevelCompleteScene

    monkeypatch.setattr(session, "OPTIMAL_FINISH_BUDGET", 0.0)  # one slice a frame
    monkeypatch.setattr(session, "OPTIMAL_FINISH_SLICE", 1)
    spec = parse_level_code("B41x41-1-U20")
    maze = build_level(spec)
    cheapest = solve(maze, "dijkstra").path
    assert cheapest is not None
    ctx = Context(Progress())
    scene = PlayScene(ctx, Level(maze, spec, None, "mud"))
    scene.update(DT)
    scene.run.finished_at = scene.run.tick
    outcomes = []
    said = False
    for _ in range(20_000):
        outcome = scene.update(DT)
        outcomes.append(outcome)
        said = said or ctx.toasts.text == t("play.optimal_working")
        if outcome is not None:
            break
    assert isinstance(outcomes[-1], Complete) and said
    assert len(outcomes) > 600  # a slice a frame: the searches' events, one by one
    search = SOLVERS["dijkstra"]

    def no_search(*args: object) -> None:
        raise AssertionError("the result screen searched in its frame")

    monkeypatch.setitem(SOLVERS, "dijkstra", dataclasses.replace(search, explore=no_search))
    screen = LevelCompleteScene(ctx, outcomes[-1].result)
    assert screen.mud_cost == t("complete.mud_cost_value", cost=scene.run.cost,
                                cheapest=path_cost(maze.tiles, cheapest))
