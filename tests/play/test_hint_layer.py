"""The hint on screen: the layer paints the search's tile states in the theme's colours at
any zoom, captions say what the search found, and a theme switch repaints it."""

from __future__ import annotations

from dataclasses import replace
from typing import Iterator

import numpy as np
import pygame
import pytest

from game.levels import CAMPAIGN, build_level, named_level
from game.maze import tiles as kinds
from game.maze.solvers import solve
from game.play import theme
from game.play.camera import Camera
from game.play.context import Context
from game.play.hint import HintLayer, caption, state_colors
from game.play.theme import DEFAULT
from game.play.render.looks import colour_name
from game.play.scenes.play import PlayScene
from game.run.hint import EXPLORED, PATH, HintSearch
from game.run.intents import ToggleHint
from tests.play.helpers import campaign_level
from tests.run.test_player import TURN, maze_from

TICKS = 2


@pytest.fixture(autouse=True)
def default_theme_after() -> Iterator[None]:
    """Put the default theme back after each test."""
    pygame.display.init()
    yield
    theme.use(DEFAULT)


def finished(search: HintSearch) -> HintSearch:
    """Return ``search`` run to its end."""
    search.finish()
    while not search.done:
        search.advance(TICKS, speed=1.0, limit=10**9)
    return search


def colour_at(layer: HintLayer, pos: tuple[int, int]) -> tuple[int, ...]:
    return tuple(layer.surface.get_at((pos[1], pos[0])))


def on_view(level: str, solver: str, tile: float) -> tuple[HintSearch, HintLayer, Camera,
                                                            pygame.Surface]:
    """Return a hint search of campaign ``level`` from its entrance, its layer, a camera at
    ``tile`` px on the entrance and a 640x480 target."""
    maze = build_level(named_level(level))
    search = HintSearch(maze, maze.start, solver)
    camera = Camera(maze.rows, maze.cols, 640, 480)
    camera.tile = tile
    camera.follow(*maze.start, 0, snap=True)
    return search, HintLayer(search), camera, pygame.Surface((640, 480))


def assert_the_layer_paints_the_state(layer: HintLayer) -> None:
    """Check the layer's 1 px surface is the search's state grid in the theme's colours."""
    colours = state_colors(DEFAULT)
    mapped = np.array([layer.surface.map_rgb(colours[s]) for s in sorted(colours)], dtype=np.int64)
    painted = pygame.surfarray.array2d(layer.surface).astype(np.int64) & 0xFFFFFFFF
    assert np.array_equal(painted, mapped[layer.search.state.T] & 0xFFFFFFFF)


@pytest.mark.parametrize("tile", [0.3, 1.0, 3.0, 8.0, 33.0])
def test_drawing_the_hint_matches_the_search_at_any_zoom(tile):
    search, layer, camera, target = on_view("Lantern Row", "bfs", tile)
    for _ in range(20):  # patched frame after frame: the surface is the search's picture
        search.advance(TICKS, speed=1.0, limit=10**9)
        target.fill((0, 0, 0))
        layer.draw(target, target.get_rect(), camera)
        assert_the_layer_paints_the_state(layer)
    if tile >= 2:
        assert_screen_shows_the_layer(layer, camera, target)


def assert_screen_shows_the_layer(layer: HintLayer, camera: Camera, target: pygame.Surface) -> int:
    """Check every visible hint tile shows its colour (over black) at its centre; return how many."""
    search, tile = layer.search, camera.tile
    r0, c0, r1, c1 = camera.visible_tiles()
    seen = 0
    for r in range(r0, r1):
        for c in range(c0, c1):
            colour = layer.surface.get_at((c, r))
            x, y = camera.to_screen(r, c)
            cx, cy = int(x + tile / 2), int(y + tile / 2)
            if colour.a and search.head != (r, c) and target.get_rect().collidepoint(cx, cy):
                if search.path and (r, c) in search.path[: search.path_shown]:
                    continue  # the path line is drawn on top
                got = target.get_at((cx, cy))
                want = np.array(colour[:3]) * colour.a / 255
                assert np.abs(np.array(got[:3]) - want).max() <= 3, (r, c, got, colour)
                seen += 1
    return seen


def test_the_path_and_explored_tiles_get_their_colours():
    maze = build_level(named_level("Mole Burrow"))
    search = HintSearch(maze, maze.start, "bfs")
    layer = HintLayer(search)
    finished(search)
    layer.draw(pygame.Surface((100, 100)), pygame.Rect(0, 0, 100, 100),
               Camera(maze.rows, maze.cols, 100, 100))
    for tile in search.path:
        assert colour_at(layer, tile) == DEFAULT.hint.path
    explored = tuple(int(v) for v in np.argwhere(search.state == EXPLORED)[0])
    assert colour_at(layer, explored) == DEFAULT.hint.visited


@pytest.mark.parametrize("tile", [0.3, 3.0, 20.0])
def test_finishing_mid_animation_repaints_the_whole_picture_at_once(tile):
    search, layer, camera, target = on_view("Thornwood", "dfs", tile)
    for _ in range(5):  # some of it animated and drawn, patched chunk by chunk
        search.advance(TICKS, speed=1.0, limit=10**9)
        layer.draw(target, target.get_rect(), camera)
    search.complete()
    target.fill((0, 0, 0))
    layer.draw(target, target.get_rect(), camera)
    assert_the_layer_paints_the_state(layer)
    if tile >= 2:  # and the scaled chunks on screen show it, not the picture from before
        assert assert_screen_shows_the_layer(layer, camera, target) >= 10


def test_a_theme_switch_repaints_the_hint_in_the_new_colours():
    maze = build_level(named_level("Mole Burrow"))
    search = HintSearch(maze, maze.start, "bfs")
    layer = HintLayer(search)
    finished(search)
    target = pygame.Surface((200, 200))
    camera = Camera(maze.rows, maze.cols, 200, 200)
    layer.draw(target, target.get_rect(), camera)
    toy = replace(DEFAULT, name="toy", hint=DEFAULT.hint._replace(path=(0, 255, 0, 255)))
    theme.use(toy)
    layer.draw(target, target.get_rect(), camera)
    assert colour_at(layer, search.path[3]) == (0, 255, 0, 255)
    assert int(search.state[search.path[3]]) == PATH


def test_the_caption_names_solver_visited_and_path_length():
    search = HintSearch(TURN, TURN.start, "dfs")
    assert caption(search).startswith("DFS") and "searching" in caption(search)
    text = caption(finished(search))
    assert f"visited {search.visited}" in text and "path 8" in text
    walled = maze_from(
        """
        #####
        S.#E#
        #####
        """
    )
    assert "no path" in caption(finished(HintSearch(walled, walled.start, "bfs")))
    assert solve(walled).path is None


@pytest.mark.parametrize("palette", ["default", "colour_blind"])
def test_keys_and_doors_stay_whole_over_the_hints_route(ctx: Context, palette: str) -> None:
    # the route painted over them: orange ghosts in the default palette, gone in the
    # colour-blind one
    ctx.set_palette(palette)
    play = PlayScene(ctx, campaign_level(CAMPAIGN.index(named_level("First Key"))))
    play.camera.toggle_fit()
    play.apply(ToggleHint())
    assert play.hint is not None
    play.hint.finish()
    play.update(1 / 60)
    key_spot = next(s for s in play.stage.locks.spots if kinds.KINDS["key"][s[2]])
    door_spot = next(s for s in play.stage.locks.spots if kinds.KINDS["lock"][s[2]])
    assert (key_spot[0], key_spot[1]) in (play.hint.path or [])

    def picture() -> np.ndarray:
        surface = pygame.Surface((1280, 720))
        play.draw(surface)
        return pygame.surfarray.array3d(surface)

    hinted = picture()
    hint, play.session.hint = play.session.hint, None
    plain = picture()
    play.session.hint = hint
    keys = theme.current().keys
    for r, c, kind in (key_spot, door_spot):
        bit = int(kinds.KINDS["key"][kind] or kinds.KINDS["lock"][kind])
        colour = np.array(theme.key_colour(keys, colour_name(bit)))
        view = play._view(pygame.Surface((1280, 720)))
        x, y = play.camera.to_screen(r, c)
        t = round(play.camera.tile)
        x0, y0 = round(view.x + x), round(view.y + y)
        tile = np.s_[x0:x0 + t, y0:y0 + t]
        count = [int(np.all(rgb[tile] == colour, axis=2).sum()) for rgb in (plain, hinted)]
        assert count[0] > 10 and count[1] == count[0]


@pytest.mark.parametrize("tile", [0.3, 3.0, 20.0])
def test_a_finished_picture_repaints_a_band_a_frame_and_ends_as_the_full_repaint(
        tile: float, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("game.play.hint.SWEEP_BUDGET", 0.0)  # one band a frame
    monkeypatch.setattr("game.play.hint.SWEEP_ROWS", 8)
    search, layer, camera, target = on_view("Thornwood", "dfs", tile)
    for _ in range(5):
        search.advance(TICKS, speed=1.0, limit=10**9)
        layer.draw(target, target.get_rect(), camera)
    search.complete()
    frames = 0
    while True:
        target.fill((0, 0, 0))
        layer.draw(target, target.get_rect(), camera)
        frames += 1
        if layer.settled:
            break
    assert frames == -(-search.maze.rows // 8)  # the repaint took a frame per band
    full = HintLayer(search, pygame.Surface(layer.surface.get_size(), pygame.SRCALPHA))
    again = pygame.Surface(target.get_size())
    full.draw(again, again.get_rect(), camera)  # a fresh layer paints everything at once
    assert pygame.image.tobytes(layer.surface, "RGBA") == pygame.image.tobytes(full.surface, "RGBA")
    for _ in range(10):  # the stale scaled chunks catch up a few a frame
        target.fill((0, 0, 0))
        layer.draw(target, target.get_rect(), camera)
    assert pygame.image.tobytes(target, "RGB") == pygame.image.tobytes(again, "RGB")


@pytest.mark.parametrize("tile", [3.0, 0.5])
def test_the_route_stays_unbroken_when_tiles_are_a_few_pixels_or_less(tile: float) -> None:
    # level 49 fitted (3 px tiles) in high contrast: a black line split the route into
    # fragments; under 1 px the scaled picture dropped route tiles
    theme.use(theme.build("high_contrast"))
    maze = campaign_level(48).maze
    search = finished(HintSearch(maze, maze.start, "bfs"))
    assert search.path is not None
    camera = Camera(maze.rows, maze.cols, 640, 480)
    camera.tile = tile
    camera.cx, camera.cy = maze.cols / 2, maze.rows / 2
    target = pygame.Surface((640, 480))
    view = target.get_rect()
    HintLayer(search).draw(target, view, camera)
    ox, oy = camera.origin()
    route = theme.current().hint.path[:3]
    for row, col in search.path:
        x, y = int(ox + (col + 0.5) * tile), int(oy + (row + 0.5) * tile)
        if view.collidepoint(x, y):
            assert tuple(target.get_at((x, y)))[:3] == route, (row, col)
