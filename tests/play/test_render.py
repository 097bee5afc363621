"""Maze drawing: tile classes, the two looks, the camera, crisp cached scaling."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from game.levels import CAMPAIGN, LevelSpec, build_level
from game.maze.grid import FLOOR, WALL, Maze
from game.play.camera import Camera
from game.play.render import (
    CLASSIC_PALETTE,
    DOOR,
    DOOR_SIDE,
    ENTRANCE,
    EXIT,
    FLOOR_ALT,
    FLOOR_PLAIN,
    RPG_PALETTE,
    WALL_FACE,
    WALL_TOP,
    MazeRenderer,
    classify,
    style_for,
)
from tests.play.test_player import maze_from

#: Two rooms joined by a door in an east-west wall, a corridor, and a door in a
#: north-south wall.
ROOM_MAP = maze_from(
    """
    ###########
    S.....#...#
    #.....#...#
    #.........#
    ##.####.###
    #.........#
    #.........E
    ###########
    """
)


@pytest.fixture(scope="module", autouse=True)
def pygame_up():
    pygame.display.init()
    yield


def test_room_maps_use_the_rpg_look_and_everything_else_the_classic_one():
    assert style_for(LevelSpec("division", 21, 21, 1, room_size=5)) == "rpg"
    assert style_for(LevelSpec("division", 21, 21, 1)) == "classic"
    assert style_for(LevelSpec("prim", 21, 21, 1)) == "classic"
    assert style_for(None) == "classic"


def test_walls_above_floor_show_their_front_face():
    cls = classify(ROOM_MAP, "rpg")
    floor = ROOM_MAP.tiles == FLOOR
    below_is_floor = np.zeros_like(floor)
    below_is_floor[:-1] = floor[1:]
    walls = ~floor
    assert np.all((cls == WALL_FACE) == (walls & below_is_floor))
    assert np.all(np.isin(cls[walls], [WALL_TOP, WALL_FACE]))
    assert cls[0, 3] == WALL_FACE and cls[7, 3] == WALL_TOP


def test_doorways_between_rooms_read_as_doors_but_corridors_do_not():
    cls = classify(ROOM_MAP, "rpg")
    assert cls[4, 2] == DOOR  # gap in the east-west wall between the two big rooms
    assert cls[4, 7] == DOOR
    assert cls[3, 6] == DOOR_SIDE  # gap in the north-south wall, passage runs west-east
    doors = {tuple(p) for p in np.argwhere((cls == DOOR) | (cls == DOOR_SIDE))}
    assert doors == {(4, 2), (4, 7), (3, 6)}
    corridor = maze_from(
        """
        #########
        S.......#
        #######.#
        #.......#
        #.#######
        #.......E
        #########
        """
    )
    ccls = classify(corridor, "rpg")
    assert not np.isin(ccls, [DOOR, DOOR_SIDE]).any()


def test_entrance_exit_and_floor_variation():
    cls = classify(ROOM_MAP, "rpg")
    assert cls[ROOM_MAP.start] == ENTRANCE and cls[ROOM_MAP.goal] == EXIT
    rooms = classify(build_level(CAMPAIGN[11]), "rpg")
    assert (rooms == FLOOR_ALT).any() and (rooms == FLOOR_PLAIN).any()
    assert (rooms == DOOR).any() or (rooms == DOOR_SIDE).any()


def test_classic_has_no_doors():
    cls = classify(ROOM_MAP, "classic")
    assert not np.isin(cls, [DOOR, DOOR_SIDE]).any()


def test_the_cached_picture_is_one_pixel_per_tile_even_for_a_huge_maze():
    tiles = np.zeros((2001, 2001), dtype=np.uint8)
    tiles[1:-1:2, 1:-1] = FLOOR
    maze = Maze(tiles, (1, 0), (1999, 2000))
    tiles[maze.start] = tiles[maze.goal] = FLOOR
    r = MazeRenderer(maze, "classic")
    assert r.base.get_size() == (2001, 2001)
    camera = Camera(maze.rows, maze.cols, 1280, 720)
    target = pygame.Surface((1280, 720))
    for action in (lambda: None, camera.fit, lambda: camera.zoom(3), lambda: camera.zoom(-40)):
        action()
        r.draw(target, target.get_rect(), camera)


@pytest.mark.parametrize("tile", [2.0, 5.0, 16.0, 40.0])
def test_classic_tiles_are_crisp_squares_of_palette_colours(tile):
    maze = build_level(CAMPAIGN[7])
    r = MazeRenderer(maze, "classic")
    camera = Camera(maze.rows, maze.cols, 400, 300)
    camera.tile = tile
    camera.follow(maze.rows / 2, maze.cols / 2, 0, snap=True)
    target = pygame.Surface((400, 300))
    r.draw(target, target.get_rect(), camera)
    colours = {tuple(c) for c in pygame.surfarray.array3d(target).reshape(-1, 3)}
    assert colours <= set(CLASSIC_PALETTE.values()) | {(13, 16, 28)}  # no blending
    r0, c0, r1, c1 = camera.visible_tiles()
    for rr in range(r0, r1, 3):
        for cc in range(c0, c1, 3):
            x, y = camera.to_screen(rr, cc)
            x, y = round(x), round(y)
            for dx, dy in ((0, 0), (int(tile) - 1, int(tile) - 1)):
                px, py = x + dx, y + dy
                if 0 <= px < 400 and 0 <= py < 300:
                    want = CLASSIC_PALETTE[int(r.classes[rr, cc])]
                    assert tuple(target.get_at((px, py)))[:3] == want


def test_rpg_textures_appear_when_close_and_flat_colours_when_far():
    maze = build_level(CAMPAIGN[11])
    r = MazeRenderer(maze, "rpg")
    camera = Camera(maze.rows, maze.cols, 640, 480)
    target = pygame.Surface((640, 480))
    r.draw(target, target.get_rect(), camera)
    near = {tuple(c) for c in pygame.surfarray.array3d(target).reshape(-1, 3)}
    assert r.textured(camera) and len(near) > 40
    camera.tile = 3.0
    camera.follow(0, 0, 0, snap=True)
    r.draw(target, target.get_rect(), camera)
    far = {tuple(c) for c in pygame.surfarray.array3d(target).reshape(-1, 3)}
    assert not r.textured(camera) and far <= set(RPG_PALETTE.values()) | {(13, 16, 28)}


def test_camera_fit_zoom_and_resize_keep_the_maze_in_view():
    cam = Camera(201, 201, 1280, 680)
    assert cam.tile == int(cam.tile) and cam.tile >= 8
    cam.fit()
    assert 201 * cam.tile <= 680
    cam.zoom(1)
    assert not cam.fitted and cam.tile == int(cam.tile)
    cam.resize(50, 30)
    assert cam.tile >= 0.05
    cam.follow(100, 100, 1.0)
    r0, c0, r1, c1 = cam.visible_tiles()
    assert 0 <= r0 < r1 <= 201 and 0 <= c0 < c1 <= 201
    small = Camera(11, 11, 1280, 680)
    assert small.tile * 11 <= 680  # small mazes are shown whole at the start
    small.follow(1, 0, 0, snap=True)
    ox, oy = small.origin()
    assert ox >= 0 and oy >= 0  # centred, not pushed off screen


def test_resizing_refits_a_small_maze_unless_the_player_chose_a_zoom():
    cam = Camera(19, 19, 1280, 680)
    assert 19 * cam.tile <= 680
    cam.resize(420, 660)
    assert 19 * cam.tile <= 420 and cam.tile >= 18
    cam.zoom(2)
    chosen = cam.tile
    cam.resize(1000, 900)
    assert cam.tile == chosen
    cam.toggle_fit()
    cam.resize(300, 300)
    assert cam.fitted and 19 * cam.tile <= 300
