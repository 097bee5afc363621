"""Mud looks like mud: its tile class and close-up variants, its colour in every palette, the
room maps' tile, the maps and the first-person floor."""

from __future__ import annotations

from typing import Iterator

import numpy as np
import pygame
import pytest

from game.maze import tiles as kinds
from game.maze.formats import parse_maze
from game.play import theme
from game.play.camera import Camera
from game.play.firstperson.textures import FLOOR, MUD as MUD_MATERIAL, ROUTE, textures
from game.play.firstperson.view import FirstPersonView
from game.play.render.looks import flat_colours
from game.play.render.painters import FANCY_MIN_TILE, classic_set
from game.play.render.renderer import MazeRenderer
from game.play.render.tiles import (
    CLASSIC, FLOOR_ALT, FLOOR_PLAIN, MUD, MUD_TRAIL, MUD_VARIANT, RPG, classic_variants, classify,
)
from game.play.render.images import fallback_tile
from game.run.level import Level
from game.run.session import PlaySession

MAZE = parse_maze(
    "#########\n"
    "S.~~~...E\n"
    "#.#####.#\n"
    "#...~~..#\n"
    "#########\n"
)
MUD_TILES = list(zip(*np.nonzero(MAZE.tiles == kinds.MUD)))


@pytest.fixture(autouse=True)
def screen(display: None) -> Iterator[None]:
    """Draw on the dummy display; put the default palette back afterwards."""
    yield
    theme.use(theme.DEFAULT)


@pytest.mark.parametrize("style", [CLASSIC, RPG])
def test_mud_tiles_have_a_class_of_their_own_in_both_looks(style: str) -> None:
    classes = classify(MAZE, style)
    assert all(classes[pos] == MUD for pos in MUD_TILES)
    assert classes[1, 1] in (FLOOR_PLAIN, FLOOR_ALT)


def test_close_up_mud_has_its_own_variants_under_the_walls_shadow() -> None:
    variants = classic_variants(MAZE)
    assert all(MUD_VARIANT <= variants[pos] < MUD_VARIANT + 8 for pos in MUD_TILES)
    assert variants[1, 2] & 1  # a wall to its north: shaded


@pytest.mark.parametrize("palette", ["default", "colour_blind", "high_contrast"])
def test_mud_is_drawn_in_its_palette_colour_apart_from_the_floor(palette: str) -> None:
    th = theme.build(palette)
    theme.use(th)
    renderer = MazeRenderer(MAZE, CLASSIC)
    camera = Camera(MAZE.rows, MAZE.cols, MAZE.cols * 4, MAZE.rows * 4)
    camera.fit()
    target = pygame.Surface((MAZE.cols * 4, MAZE.rows * 4))
    renderer.draw(target, target.get_rect(), camera)
    tile = camera.tile
    ox, oy = camera.origin()

    def pixel(r: int, c: int) -> tuple[int, int, int]:
        x, y = round(ox + (c + 0.5) * tile), round(oy + (r + 0.5) * tile)
        return tuple(target.get_at((x, y)))[:3]  # type: ignore[return-value]

    assert pixel(1, 3) == th.classic.mud
    assert pixel(1, 3) != pixel(1, 6)
    assert sum(th.classic.mud) < sum(th.classic.floor) - 150  # darker than the paving
    assert flat_colours(th)[kinds.MUD] == th.classic.mud  # the editor's and maps' colour


def test_painted_mud_differs_from_the_paving_and_the_room_maps_have_a_mud_tile() -> None:
    tiles, atlas = classic_set(FANCY_MIN_TILE * 2)
    assert not np.array_equal(atlas[MUD_VARIANT], atlas[16])  # 16: plain floor, no shadow
    mud = pygame.surfarray.array3d(fallback_tile("mud"))
    floor = pygame.surfarray.array3d(fallback_tile("floor"))
    assert np.abs(mud.astype(int) - floor.astype(int)).mean() > 20


def crumb_shows(palette: str, tile: int) -> tuple[np.ndarray, np.ndarray]:
    """Return the pixels of mud tile (1, 3) at ``tile`` px before and after it is waded through."""
    theme.use(theme.build(palette))
    renderer = MazeRenderer(MAZE, CLASSIC)
    size = (MAZE.cols * tile, MAZE.rows * tile)
    camera = Camera(MAZE.rows, MAZE.cols, *size)
    camera.fit()
    assert camera.tile == tile
    target = pygame.Surface(size)
    box = pygame.Rect(3 * tile, tile, tile, tile)
    renderer.draw(target, target.get_rect(), camera, walked=[(1, 0), (1, 1)])
    before = pygame.surfarray.array3d(target.subsurface(box)).astype(int)
    renderer.draw(target, target.get_rect(), camera, walked=[(1, 0), (1, 1), (1, 2), (1, 3)])
    after = pygame.surfarray.array3d(target.subsurface(box)).astype(int)
    return before, after


@pytest.mark.parametrize("palette", ["default", "colour_blind", "high_contrast"])
def test_breadcrumbs_show_on_walked_mud_close_up(palette: str) -> None:
    before, after = crumb_shows(palette, FANCY_MIN_TILE * 2)
    centre = FANCY_MIN_TILE
    crumb = after[centre - 2 : centre + 2, centre - 2 : centre + 2]
    # the crumb stands out from the puddle round it, as on the floor
    assert np.abs(crumb - before[centre - 2 : centre + 2, centre - 2 : centre + 2]).mean() > 40
    assert np.array_equal(after[:3, :3], before[:3, :3])  # the puddle's edge: still mud


@pytest.mark.parametrize("palette", ["default", "colour_blind", "high_contrast"])
def test_walked_mud_far_away_is_a_lighter_mud(palette: str) -> None:
    before, after = crumb_shows(palette, 4)
    th = theme.current()
    assert tuple(before[2, 2]) == th.classic.mud
    shade = tuple(after[2, 2])
    assert shade != th.classic.mud and sum(shade) > sum(th.classic.mud) + 60
    assert sum(shade) < sum(th.classic.floor)  # still reads as mud, not as walked floor


def test_walked_mud_is_mud_with_a_trail_and_the_room_maps_keep_their_mud() -> None:
    renderer = MazeRenderer(MAZE, CLASSIC)
    camera = Camera(MAZE.rows, MAZE.cols, 64, 32)
    camera.fit()
    renderer.draw(pygame.Surface((64, 32)), pygame.Rect(0, 0, 64, 32), camera,
                  walked=[(1, 0), (1, 1), (1, 2)])
    assert renderer.classes[1, 2] == MUD_TRAIL and renderer.classes[1, 3] == MUD
    rpg = MazeRenderer(MAZE, RPG)  # no breadcrumbs in the room maps' look, on floor or mud
    rpg.draw(pygame.Surface((64, 32)), pygame.Rect(0, 0, 64, 32), camera,
             walked=[(1, 0), (1, 1), (1, 2)])
    assert rpg.classes[1, 2] == MUD


def test_the_first_person_floor_shows_mud_and_the_hints_route_over_it() -> None:
    session = PlaySession(Level(MAZE))
    view = FirstPersonView(session, CLASSIC)
    scene, r0, c0 = view.scene()
    assert scene.floor[1 - r0, 2 - c0] == MUD_MATERIAL
    assert scene.floor[1 - r0, 1 - c0] == FLOOR
    atlas = textures(CLASSIC)
    assert np.abs(atlas[MUD_MATERIAL].astype(int) - atlas[FLOOR].astype(int)).mean() > 20
    assert MUD_MATERIAL != ROUTE


def test_the_result_of_a_muddy_run_shows_its_cost_against_the_cheapest() -> None:
    from game.play.audio import Audio
    from game.play.context import Context
    from game.play.scenes.level_complete import LevelCompleteScene
    from game.run.level import RunResult
    from game.run.player import Move
    from game.save import Progress
    from game.simulate import tap

    detour = parse_maze("#########\nS.~~~~~.E\n#.#####.#\n#.#####.#\n#.......#\n#########\n")
    run = tap(detour, [Move(0, 1)] * 8).run
    progress = Progress()
    ctx = Context(progress, audio=Audio(progress.settings))
    result = RunResult(Level(detour), run.elapsed, run.moves, run.optimal, 0, run)
    assert LevelCompleteScene(ctx, result).mud_cost == "18 (cheapest 14)"
    plain = parse_maze("#####\nS...E\n#####\n")
    walked = tap(plain, [Move(0, 1)] * 4).run
    assert LevelCompleteScene(ctx, RunResult(Level(plain), walked.elapsed, 4, 4, 0,
                                             walked)).mud_cost == ""
