"""Mazes built ahead: the result screen builds the next level and the Custom maze screen
its resting choice while the player reads or chooses; the loading screen takes them."""

from __future__ import annotations

import threading
import time

import numpy as np
import pygame
import pytest

from game.levels import CAMPAIGN, LevelSpec, build_level
from game.maze.grid import Maze
from game.maze.solvers import solve
from game.play.context import Context
from game.play.navigator import Navigator
from game.play.prefetch import MazeCache
from game.play.routes import BuildMaze, StartLevel
from game.play.scenes.custom_maze import PREFETCH_AFTER, SIZE_ROW, CustomMazeScene
from game.play.scenes.level_complete import LevelCompleteScene
from game.play.scenes.loading import LoadingScene
from game.play.scenes.play import PlayScene
from game.run.level import Level, RunResult
from tests.play.helpers import key, up
from tests.play.test_loading_thread import run_until_playing

pytestmark = pytest.mark.usefixtures("display")

A = LevelSpec("prim", 21, 21, 1)
B = LevelSpec("prim", 21, 21, 2)
C = LevelSpec("backtracker", 31, 31, 3)


def wait_idle(cache: MazeCache) -> None:
    """Wait until the cache builds nothing."""
    deadline = time.monotonic() + 20
    while cache.busy():
        assert time.monotonic() < deadline, "the worker never finished"
        time.sleep(0.005)


def never_build(spec: LevelSpec) -> Maze:
    """Fail the test: this maze was to be taken from the cache."""
    raise AssertionError(f"built {spec} again")


def test_a_wished_maze_is_the_one_build_level_makes_and_is_handed_out_once() -> None:
    cache = MazeCache()
    cache.want(A)
    maze = cache.take(A)  # waits for the worker
    assert maze is not None and np.array_equal(maze.tiles, build_level(A).tiles)
    assert cache.take(A) is None  # a run may change its maze: never shared
    assert cache.take(B) is None  # never wished


def test_only_the_newest_wish_is_built_after_the_one_under_way() -> None:
    gate = threading.Event()
    built: list[LevelSpec] = []

    def slow_build(spec: LevelSpec) -> Maze:
        gate.wait(10)
        built.append(spec)
        return build_level(spec)

    cache = MazeCache(slow_build)
    cache.want(A)  # under way, held at the gate
    cache.want(B)  # overtaken by the next wish before it starts
    cache.want(C)
    gate.set()
    wait_idle(cache)
    assert built == [A, C]
    assert cache.take(A) is None and cache.take(B) is None  # A was no longer wanted
    assert cache.take(C) is not None


def test_a_build_that_fails_leaves_the_loading_screen_to_build_and_tell() -> None:
    def broken(spec: LevelSpec) -> Maze:
        raise MemoryError("no room")

    cache = MazeCache(broken)
    cache.want(A)
    assert cache.take(A) is None


def test_the_result_screen_builds_the_next_level_and_the_loading_screen_takes_it(
        ctx: Context) -> None:
    level = Level(build_level(CAMPAIGN[0]), CAMPAIGN[0], 0, "1")
    optimal = solve(level.maze).length or 0
    done = LevelCompleteScene(ctx, RunResult(level, 20.0, optimal, optimal, 0))
    done.on_enter()
    nxt = done._next()
    assert isinstance(nxt, StartLevel) and nxt.index == 1
    loading = Navigator(ctx).build(nxt)
    assert isinstance(loading, LoadingScene)
    loading.builder = never_build
    play, _ = run_until_playing(loading)
    assert isinstance(play, PlayScene)
    assert np.array_equal(play.maze.tiles, build_level(CAMPAIGN[1]).tiles)


def test_another_custom_maze_is_built_ahead_too(ctx: Context) -> None:
    spec = LevelSpec("division", 21, 31, 444, 0.2, {"room_size": 4}, "Custom")
    level = Level(build_level(spec), spec, None, "Custom")
    optimal = solve(level.maze).length or 0
    done = LevelCompleteScene(ctx, RunResult(level, 20.0, optimal, optimal, 0))
    done.on_enter()
    nxt = done._next()
    assert isinstance(nxt, BuildMaze) and nxt.spec.seed != 444
    maze = ctx.mazes.take(nxt.spec)
    assert maze is not None and np.array_equal(maze.tiles, build_level(nxt.spec).tiles)


def test_the_custom_maze_screen_builds_its_choice_once_it_rests(ctx: Context) -> None:
    wished: list[LevelSpec] = []
    ctx.mazes.want = wished.append  # type: ignore[method-assign]  # note the wishes only
    scene = CustomMazeScene(ctx)
    for _ in range(int(PREFETCH_AFTER / 0.05) - 2):  # not yet: the choice may still change
        scene.update(0.05)
    assert wished == []
    scene.menu.selected = SIZE_ROW
    for _ in range(5):  # scrolling through sizes: every choice is new, none rests
        scene.handle_event(key(pygame.K_RIGHT))
        scene.handle_event(up(pygame.K_RIGHT))
        scene.update(PREFETCH_AFTER / 2)
    assert wished == []
    for _ in range(int(PREFETCH_AFTER / 0.05) + 4):
        scene.update(0.05)
    assert wished == [scene.spec()]  # once, for the choice that rested
