"""The lab scene, headless: it opens paused, steps both ways exactly, plays and pauses,
and every key the issue names does its job; every phase draws in both languages."""

from __future__ import annotations

from typing import Iterator

import pygame
import pytest

from game.levels import LevelSpec
from game.maze.formats import parse_maze
from game.maze.generators import GENERATORS
from game.maze.solvers import SOLVERS
from game.play.context import Context
from game.play.input import KeyDown
from game.play.routes import OpenLab, ToTitle
from game.play.scenes.lab import RACE_SIZE, SPEEDS, LabScene
from game.play.scenes.title import TitleScene
from game.text import language, set_language

SIZE = (960, 600)


@pytest.fixture
def screen(display: None) -> pygame.Surface:
    return pygame.Surface(SIZE)


@pytest.fixture
def chinese() -> Iterator[None]:
    before = language()
    set_language("zh")
    yield
    set_language(before)


def lab(ctx: Context, algorithm: str = "prim", solver: str = "bfs") -> LabScene:
    return LabScene(ctx, spec=LevelSpec(algorithm, 15, 15, 4), solver=solver)


def shot(scene: LabScene, screen: pygame.Surface) -> bytes:
    scene.draw(screen)
    return pygame.image.tobytes(screen, "RGB")


def press(scene: LabScene, key: int) -> None:
    scene.handle_event(KeyDown(key))


def test_it_opens_paused_and_holds_still(ctx: Context, screen: pygame.Surface) -> None:
    scene = lab(ctx)
    first = shot(scene, screen)
    for _ in range(30):
        scene.update(1 / 30)
    assert scene.lab.events == 0 and not scene.playing
    assert shot(scene, screen) == first


def test_right_steps_on_and_left_brings_the_picture_back(
    ctx: Context, screen: pygame.Surface
) -> None:
    scene = lab(ctx)
    pictures = [shot(scene, screen)]
    for _ in range(5):
        press(scene, pygame.K_RIGHT)
        pictures.append(shot(scene, screen))
    assert scene.lab.events == 5 and pictures[1] != pictures[0]
    for n in range(5):
        press(scene, pygame.K_LEFT)
        assert shot(scene, screen) == pictures[4 - n]
    press(scene, pygame.K_LEFT)  # at the start already: nothing to undo
    assert scene.lab.events == 0


def test_space_plays_at_the_speed_and_pauses_again(ctx: Context) -> None:
    scene = lab(ctx)
    scene.speed = SPEEDS.index(100)
    press(scene, pygame.K_SPACE)
    scene.update(0.1)
    assert scene.playing and scene.lab.events == 10
    press(scene, pygame.K_SPACE)
    scene.update(0.5)
    assert not scene.playing and scene.lab.events == 10


def test_playing_stops_at_the_end_of_the_search(ctx: Context, screen: pygame.Surface) -> None:
    scene = lab(ctx)
    scene.speed = len(SPEEDS) - 1
    press(scene, pygame.K_SPACE)
    for _ in range(100):
        scene.update(1 / 60)
    assert scene.lab.done and not scene.playing
    lines = [text for _, text in scene.panel_lines()]
    solution = scene.lab.tracks[0].solution
    assert solution is not None and any(str(solution.length) in line for line in lines)
    scene.draw(screen)


def test_brackets_change_the_speed_and_home_restarts(ctx: Context) -> None:
    scene = lab(ctx)
    speed = scene.speed
    press(scene, pygame.K_RIGHTBRACKET)
    assert scene.speed == speed + 1
    press(scene, pygame.K_LEFTBRACKET)
    press(scene, pygame.K_LEFTBRACKET)
    assert scene.speed == speed - 1
    scene.lab.run(300)
    press(scene, pygame.K_HOME)
    assert scene.lab.events == 0 and not scene.playing


def test_tab_and_digits_pick_the_solver_and_r_races_them(ctx: Context) -> None:
    scene = lab(ctx)
    scene.lab.run(10**6)
    press(scene, pygame.K_TAB)
    assert scene.solver == "dfs" and scene.lab.tick == 0  # the search starts over
    press(scene, pygame.K_3)
    assert scene.solver == "stack"
    scene.lab.run(10**6)
    assert [track.solver for track in scene.lab.tracks] == ["stack"]
    press(scene, pygame.K_r)
    scene.lab.run(10**6)
    assert [track.solver for track in scene.lab.tracks] == list(SOLVERS)[:RACE_SIZE]
    board = [text for _, text in scene.panel_lines()]
    assert any(line.startswith("1. ") for line in board)


def test_h_shows_the_heat_map_with_its_legend(ctx: Context, screen: pygame.Surface) -> None:
    scene = lab(ctx)
    scene.lab.run(10**6)
    plain = shot(scene, screen)
    press(scene, pygame.K_h)
    assert scene.heat and shot(scene, screen) != plain


def test_g_makes_a_new_maze_and_esc_leaves(ctx: Context) -> None:
    scene = lab(ctx)
    seed = scene.spec.seed if scene.spec else None
    scene.lab.run(50)
    press(scene, pygame.K_g)
    assert scene.spec is not None and scene.spec.seed != seed and scene.lab.events == 0
    assert scene.handle_event(KeyDown(pygame.K_ESCAPE)).__class__ is ToTitle


def test_a_maze_file_is_solved_without_a_generation_phase(ctx: Context) -> None:
    scene = LabScene(ctx, maze=parse_maze("S..\n#.#\n#.E\n"), solver="dfs")
    assert not scene.lab.generating
    press(scene, pygame.K_RIGHT)
    assert scene.lab.tracks[0].marked == 1


@pytest.mark.parametrize("algorithm", list(GENERATORS))
@pytest.mark.parametrize("solver", list(SOLVERS))
def test_every_phase_draws_in_both_languages(
    ctx: Context, screen: pygame.Surface, chinese: None, algorithm: str, solver: str
) -> None:
    scene = lab(ctx, algorithm, solver)
    for steps in (0, 1, 40, 10**6):
        scene.lab.run(steps)
        scene.draw(screen)
    press(scene, pygame.K_r)
    press(scene, pygame.K_h)
    scene.lab.run(30)
    scene.draw(screen)


def test_the_title_opens_the_lab(ctx: Context) -> None:
    title = TitleScene(ctx)
    labels = [item.label() for item in title.menu.items]
    row = labels.index("Algorithm lab")
    route = title.menu.items[row].action()
    assert isinstance(route, OpenLab)
