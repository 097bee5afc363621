"""The lab scene, headless: it opens on a maze being made, steps both ways exactly, plays
and pauses; generator, solver, size, seed and speed are chosen inside it by key or panel
row; a race takes any two to all solvers; every phase draws in both languages."""

from __future__ import annotations

from typing import Iterator

import pygame
import pytest

from game.levels import LevelSpec
from game.maze.formats import parse_maze
from game.maze.generators import GENERATORS
from game.maze.solvers import SOLVERS
from game.play.context import Context
from game.lab.choices import SIZES, generator_choices, solver_keys
from game.play.input import Click, KeyDown
from game.play.navigator import Navigator
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


def test_it_opens_on_a_maze_being_made_and_space_holds_it_still(
    ctx: Context, screen: pygame.Surface
) -> None:
    scene = lab(ctx)
    assert scene.playing
    first = shot(scene, screen)
    for _ in range(30):
        scene.update(1 / 30)
    assert scene.lab.events > 0 and scene.lab.generating
    assert shot(scene, screen) != first
    press(scene, pygame.K_SPACE)
    events = scene.lab.events
    moving = shot(scene, screen)
    for _ in range(30):
        scene.update(1 / 30)
    assert not scene.playing and scene.lab.events == events
    assert shot(scene, screen) == moving


def test_the_title_and_the_command_line_open_it_moving(ctx: Context) -> None:
    for route in (OpenLab(), OpenLab(LevelSpec("kruskal", 21, 21, 3), None, "astar")):
        scene = Navigator(ctx).build(route)
        assert isinstance(scene, LabScene) and scene.playing
        scene.update(0.5)
        assert scene.lab.generating and scene.lab.events > 0
        assert scene.lab.gen is not None and scene.lab.gen.tiles.any()


def test_right_steps_on_and_left_brings_the_picture_back(
    ctx: Context, screen: pygame.Surface
) -> None:
    scene = lab(ctx)
    press(scene, pygame.K_SPACE)  # paused at the very start
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
    press(scene, pygame.K_SPACE)
    assert not scene.playing and scene.lab.events == 0
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
    assert scene.lab.events == 0 and scene.playing


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


def test_tab_reaches_every_solver_and_each_hand_of_the_wall_follower(ctx: Context) -> None:
    scene = lab(ctx)
    seen = [scene.solver]
    for _ in range(len(solver_keys()) - 1):
        scene.handle_event(KeyDown(pygame.K_TAB))
        seen.append(scene.solver)
    assert seen == solver_keys()
    assert {"wall-follower", "wall-follower:right"} <= set(seen)
    scene.handle_event(KeyDown(pygame.K_TAB, pygame.KMOD_SHIFT))
    assert scene.solver == seen[-2]
    scene.lab.run(10**6)
    (track,) = scene.lab.tracks
    assert track.key == scene.solver and track.solution is not None


def test_a_race_takes_any_set_of_solvers_from_two_to_all(ctx: Context,
                                                         screen: pygame.Surface) -> None:
    scene = lab(ctx)
    press(scene, pygame.K_r)
    keys = solver_keys()
    for n in range(RACE_SIZE, len(keys)):  # add every other solver: 4..9, 0, Shift+1..
        digit = pygame.K_1 + n % 10 if n % 10 < 9 else pygame.K_0
        scene.handle_event(KeyDown(digit, pygame.KMOD_SHIFT if n >= 10 else 0))
    assert scene.racers == keys
    scene.lab.run(10**6)
    assert [track.key for track in scene.lab.tracks] == keys
    assert all(track.done for track in scene.lab.tracks)
    scene.draw(screen)
    assert len(scene.slots) == len(keys) and all(screen.get_rect().contains(r) for r in scene.slots)
    assert not any(a.colliderect(b) for i, a in enumerate(scene.slots) for b in scene.slots[:i])
    for n in range(9):  # take them out again: two stay in
        press(scene, pygame.K_1 + n)
    press(scene, pygame.K_0)
    assert scene.racers == keys[9:]
    scene.lab.run(10**6)
    assert [track.key for track in scene.lab.tracks] == scene.racers
    scene.draw(screen)
    assert len(scene.slots) == 2


def test_a_and_shift_a_pick_every_generator_and_each_growing_tree_policy(ctx: Context) -> None:
    scene = lab(ctx)
    seen = []
    for _ in generator_choices():
        assert scene.spec is not None
        seen.append((scene.spec.algorithm, dict(scene.spec.options)))
        press(scene, pygame.K_a)
        assert scene.playing and scene.lab.events == 0 and scene.lab.generating
    start = generator_choices().index(seen[0])
    assert seen == generator_choices()[start:] + generator_choices()[:start]
    policies = {opts.get("policy") for name, opts in seen if name == "growing-tree"}
    assert policies == {None, 1, 2, 3}
    scene.handle_event(KeyDown(pygame.K_a, pygame.KMOD_SHIFT))
    assert scene.spec is not None and (scene.spec.algorithm, dict(scene.spec.options)) == seen[-1]


def test_size_and_seed_keys_make_another_maze_that_is_being_made(ctx: Context) -> None:
    scene = lab(ctx)
    assert scene.spec is not None
    seed = scene.spec.seed
    press(scene, pygame.K_EQUALS)
    assert scene.spec is not None and (scene.spec.rows, scene.spec.cols) == (21, 21)
    assert scene.playing and scene.lab.events == 0
    for _ in SIZES:
        press(scene, pygame.K_MINUS)
    assert (scene.spec.rows, scene.spec.cols) == SIZES[0]
    press(scene, pygame.K_s)
    assert scene.spec.seed == seed + 1
    scene.handle_event(KeyDown(pygame.K_s, pygame.KMOD_SHIFT))
    scene.handle_event(KeyDown(pygame.K_s, pygame.KMOD_SHIFT))
    assert scene.spec.seed == seed - 1 and scene.spec.algorithm == "prim"
    scene.update(0.5)
    assert scene.lab.events > 0


def test_the_panel_rows_are_buttons(ctx: Context, screen: pygame.Surface) -> None:
    scene = lab(ctx)
    scene.draw(screen)
    rows = dict((row, rect) for rect, row in scene.panel.buttons)
    assert set(rows) == {"speed", "generator", "solver", "size"}
    speed = scene.speed
    scene.handle_event(Click((rows["speed"].right - 2, rows["speed"].centery), 1))
    assert scene.speed == speed + 1
    scene.handle_event(Click(rows["speed"].midleft, 1))
    assert scene.speed == speed
    scene.handle_event(Click((rows["generator"].right - 2, rows["generator"].centery), 1))
    assert scene.spec is not None and scene.spec.algorithm == "kruskal"
    scene.draw(screen)
    rows = dict((row, rect) for rect, row in scene.panel.buttons)
    scene.handle_event(Click((rows["solver"].right - 2, rows["solver"].centery), 1))
    assert scene.solver == "dfs"
    scene.draw(screen)
    rows = dict((row, rect) for rect, row in scene.panel.buttons)
    scene.handle_event(Click((rows["size"].right - 2, rows["size"].centery), 1))
    assert (scene.spec.rows, scene.spec.cols) == (21, 21)


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
    assert scene.playing
    assert scene.handle_event(KeyDown(pygame.K_ESCAPE)).__class__ is ToTitle


def test_a_maze_file_is_solved_without_a_generation_phase(ctx: Context) -> None:
    scene = LabScene(ctx, maze=parse_maze("S..\n#.#\n#.E\n"), solver="dfs")
    assert not scene.lab.generating
    press(scene, pygame.K_RIGHT)
    assert scene.lab.tracks[0].marked == 1


@pytest.mark.parametrize("algorithm", list(GENERATORS))
@pytest.mark.parametrize("solver", solver_keys())
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


@pytest.mark.parametrize(("solver", "structure"), [
    ("bfs", "Queue: "), ("astar", "Open list: "), ("dijkstra", "Open list: "),
    ("greedy", "Open list: "), ("stack", "Stack boxes"), ("dfs", "Path stack"),
    ("wall-follower", None), ("wall-follower:right", None), ("tremaux", None),
    ("dead-end-filling", None),
])
def test_the_panel_shows_each_solvers_own_structure(ctx: Context, solver: str,
                                                    structure: str | None) -> None:
    scene = lab(ctx, "backtracker", solver)
    while scene.lab.generating:
        scene.lab.forward()
    scene.lab.run(12)
    lines = [text for _, text in scene.panel_lines()]
    shown = [line for line in lines
             if line.startswith(("Queue", "Open list", "Stack boxes", "Path stack"))]
    assert shown == ([] if structure is None else [next(
        line for line in lines if line.startswith(structure))])
    if solver.startswith("wall-follower"):
        # both hands named, the default's too (a race showed two panels titled "WALL")
        hand = "right hand" if solver.endswith("right") else "left hand"
        head = next(line for line in lines if line.startswith("Solving"))
        assert hand in head


def test_another_generator_keeps_the_options_that_apply_to_it(ctx: Context) -> None:
    scene = LabScene(ctx, spec=LevelSpec("division", 15, 15, 4, 0.1,
                                         options={"room_size": 3}, keys=1), solver="bfs")
    press(scene, pygame.K_a)  # on to a generator without rooms
    assert scene.spec is not None and scene.spec.algorithm != "division"
    assert "room_size" not in scene.spec.options
    assert (scene.spec.loops, scene.spec.keys) == (0.1, 1)
    scene.handle_event(KeyDown(pygame.K_a, pygame.KMOD_SHIFT))  # back: the rooms again
    assert scene.spec.algorithm == "division" and scene.spec.options == {"room_size": 3}
    for _ in generator_choices():  # all the way round: growing tree's policy and back
        press(scene, pygame.K_a)
    assert scene.spec.algorithm == "division" and scene.spec.options == {"room_size": 3}


def test_the_keys_that_make_a_maze_leave_a_file_maze_as_it_is(ctx: Context) -> None:
    maze = parse_maze("S..\n#.#\n#.E\n")
    scene = LabScene(ctx, maze=maze, solver="dfs")
    for key in (pygame.K_a, pygame.K_s, pygame.K_g, pygame.K_EQUALS, pygame.K_MINUS):
        press(scene, key)
        assert scene.spec is None and scene.file_maze is maze and scene.lab.maze is maze
    assert "A maze from a file: A, S, G, - and + make no other" in [
        text for _, text in scene.panel_lines()]
