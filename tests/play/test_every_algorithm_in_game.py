"""Every algorithm the lab teaches is in the game too: the Custom maze menu reaches every
generator (the growing tree once per policy, on its own option row) and starts its maze,
and a run of that maze offers every solver as a hint, each giving a path to the exit."""

from __future__ import annotations

from typing import Optional

import pygame
import pytest

from game.lab.choices import explore_of, generator_choices, solver_keys, solver_name
from game.levels import LevelSpec, build_level
from game.maze.registry import Value
from game.maze.solvers import SOLVERS, drain, solve
from game.play.context import Context
from game.play.routes import BuildMaze
from game.play.scenes import custom_maze
from game.play.scenes.custom_maze import CustomMazeScene
from game.run.intents import CycleSolver
from game.run.model import Run
from tests.play.helpers import key


def choose(custom: CustomMazeScene, row: int) -> None:
    """Move the menu's selection to ``row``."""
    for _ in range(len(custom.menu.items)):
        if custom.menu.selected == row:
            return
        custom.handle_event(key(pygame.K_UP))
    raise AssertionError(f"row {row} not reached")


@pytest.mark.parametrize("choice", generator_choices(),
                         ids=lambda c: "-".join([c[0], *map(str, c[1].values())]))
def test_the_custom_maze_menu_starts_every_generator_choice(
    ctx: Context, choice: tuple[str, dict[str, Optional[Value]]]
) -> None:
    name, options = choice
    custom = CustomMazeScene(ctx)
    choose(custom, custom_maze.ALGORITHM_ROW)
    for _ in custom.algorithms:
        if custom.algorithm == name:
            break
        custom.handle_event(key(pygame.K_RIGHT))
    assert custom.algorithm == name
    for option_name, value in options.items():  # the growing tree's policy row
        option = next(o for o in custom.options if o.name == option_name)
        row = custom_maze.FIRST_OPTION_ROW + custom.options.index(option)
        assert custom.menu.items[row].enabled()
        choose(custom, row)
        for _ in option.steps:
            custom.handle_event(key(pygame.K_RIGHT))
            if custom.spec().options.get(option_name) == value:
                break
    choose(custom, custom.start_row)
    route = custom.handle_event(key(pygame.K_RETURN))
    assert isinstance(route, BuildMaze)
    assert route.spec.algorithm == name
    assert {k: v for k, v in route.spec.options.items() if v} == options
    maze = build_level(route.spec)
    assert solve(maze, "bfs").path is not None


def test_a_run_offers_every_solver_as_a_hint_and_each_reaches_the_exit() -> None:
    maze = build_level(LevelSpec("backtracker", 15, 15, 3))
    run = Run(maze)
    assert run.solvers == solver_keys()  # every solver, and the wall follower's right hand
    seen = []
    for _ in run.solvers:
        seen.append(run.solver)
        path = drain(explore_of(run.solver)(maze, maze.start, maze.goal)).path
        assert path is not None and path[-1] == maze.goal
        run.apply(CycleSolver())
    assert sorted(seen) == sorted(solver_keys())
    assert {solver_name(k) for k in seen} == set(SOLVERS)
