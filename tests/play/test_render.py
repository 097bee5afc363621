"""Maze drawing: tile classes, the two looks, the camera, crisp cached scaling."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from game.levels import LevelSpec, build_level, named_level
from game.maze.grid import FLOOR, Maze
from game.play.camera import Camera
from game.play.render.images import player_token
from game.play.render.painters import FANCY_MIN_TILE, class_colors
from game.play.render.renderer import MazeRenderer
from game.play.render.tiles import (
    DOOR,
    DOOR_SIDE,
    ENTRANCE,
    EXIT,
    FLOOR_ALT,
    FLOOR_PLAIN,
    WALL_FACE,
    WALL_TOP,
    classify,
    style_for,
)
from game.play.theme import DEFAULT

CLASSIC_PALETTE = class_colors("classic", DEFAULT)
RPG_PALETTE = class_colors("rpg", DEFAULT)
WALL_RGB, FLOOR_RGB, TRAIL_RGB = DEFAULT.classic.wall, DEFAULT.classic.floor, DEFAULT.classic.trail
ENTRANCE_RGB, EXIT_RGB = DEFAULT.classic.entrance, DEFAULT.classic.exit
from tests.run.test_player import maze_from

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
    assert style_for(LevelSpec("division", 21, 21, 1, options={"room_size": 5})) == "rpg"
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
    rooms = classify(build_level(named_level("Sunken Keep")), "rpg")
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


@pytest.mark.parametrize("tile", [2.0, 5.0, 8.0, FANCY_MIN_TILE - 1.0])
def test_far_away_classic_tiles_are_crisp_squares_of_palette_colours(tile):
    maze = build_level(named_level("Bramble Patch"))
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
    maze = build_level(named_level("Sunken Keep"))
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


def close_up(maze: Maze, tile: int = 32, size: tuple[int, int] = (400, 300)):
    """Return a classic renderer, its camera on the maze's top-left corner, and a drawing."""
    r = MazeRenderer(maze, "classic")
    camera = Camera(maze.rows, maze.cols, *size)
    camera.tile = float(tile)
    camera.follow(0, 0, 0, snap=True)
    target = pygame.Surface(size)
    r.draw(target, target.get_rect(), camera)
    return r, camera, target


def cell(target: pygame.Surface, camera: Camera, pos: tuple[int, int], inset: float = 0.0) -> np.ndarray:
    """Return the (h, w, 3) pixels of tile ``pos`` on ``target``, shrunk by ``inset`` of a tile."""
    x, y = camera.to_screen(*pos)
    t, m = int(camera.tile), round(camera.tile * inset)
    x, y = round(x), round(y)
    return pygame.surfarray.array3d(target)[x + m : x + t - m, y + m : y + t - m].transpose(1, 0, 2)


def brightness(pixels: np.ndarray) -> float:
    return float(pixels.astype(np.float64).mean())


def test_close_up_walls_are_raised_blocks_that_shade_the_floor_below():
    r, camera, target = close_up(ROOM_MAP)
    assert r.fancy(camera)
    wall = cell(target, camera, (0, 2))  # floor to its south: the front face shows
    t = wall.shape[0]
    assert tuple(wall[t // 2, t // 2]) == WALL_RGB  # the top of every wall is one flat colour
    assert brightness(wall[-t // 8 :]) < brightness(wall[t // 3 : t // 2]) - 10  # darker face
    floor = cell(target, camera, (1, 2))  # wall to its north: in its shadow
    assert brightness(floor[: t // 8]) < brightness(floor[-t // 3 :]) - 15
    open_floor = cell(target, camera, (2, 3), inset=0.15)
    assert (np.abs(open_floor.astype(int) - FLOOR_RGB).max(axis=2) <= 12).mean() > 0.9


def test_close_up_entrance_is_a_teal_pad_and_the_exit_a_golden_portal():
    r, camera, target = close_up(ROOM_MAP, size=(400, 300))
    pad = cell(target, camera, ROOM_MAP.start, inset=0.15)
    assert (np.abs(pad.astype(int) - ENTRANCE_RGB).max(axis=2) <= 12).mean() > 0.9
    camera.follow(*ROOM_MAP.goal, 0, snap=True)
    r.draw(target, target.get_rect(), camera)
    portal = cell(target, camera, ROOM_MAP.goal)
    assert (np.abs(portal.astype(int) - EXIT_RGB).max(axis=2) <= 16).mean() > 0.1


@pytest.mark.parametrize("tile", [5, 32])
def test_walked_floor_keeps_a_breadcrumb_trail_and_nothing_else_changes(tile):
    r, camera, before = close_up(ROOM_MAP, tile)
    after = pygame.Surface(before.get_size())
    r.draw(after, after.get_rect(), camera, walked=[(0, 1), (2, 2)])  # (0, 1) is a wall
    r.draw(after, after.get_rect(), camera, walked=[(0, 1), (2, 2)])  # drawn once
    changed = np.argwhere((pygame.surfarray.array3d(before) != pygame.surfarray.array3d(after)).any(axis=2))
    x, y = camera.to_screen(2, 2)
    assert len(changed) and changed[:, 0].min() >= round(x) and changed[:, 0].max() < round(x) + tile
    assert changed[:, 1].min() >= round(y) and changed[:, 1].max() < round(y) + tile
    crumb = cell(after, camera, (2, 2))
    assert (np.abs(crumb.astype(int) - TRAIL_RGB).max(axis=2) <= 12).mean() > 0.5


def test_the_trail_is_painted_into_cached_chunks_not_redrawn():
    maze = build_level(named_level("Bramble Patch"))
    r, camera, target = close_up(maze, 24, (640, 480))
    chunks = dict(r._chunks)
    r.draw(target, target.get_rect(), camera)
    assert dict(r._chunks) == chunks and all(r._chunks[k] is v for k, v in chunks.items())
    r.draw(target, target.get_rect(), camera, walked=[maze.start])  # the entrance keeps its pad
    assert dict(r._chunks) == chunks and all(r._chunks[k] is v for k, v in chunks.items())
    step = next((1, c) for c in range(1, maze.cols) if maze.walkable((1, c)))
    r.draw(target, target.get_rect(), camera, walked=[maze.start, step])
    assert all(r._chunks[k] is v for k, v in chunks.items())
    px = cell(target, camera, step)
    assert (np.abs(px.astype(int) - TRAIL_RGB).max(axis=2) <= 12).mean() > 0.5


def test_the_hint_tint_stays_readable_over_the_trail():
    def blend(top, under):
        a = top[3] / 255
        return np.array([t * a + u * (1 - a) for t, u in zip(top[:3], under)])

    trail, floor = np.array(TRAIL_RGB), np.array(FLOOR_RGB)
    assert np.abs(trail - floor).max() >= 8  # the trail shows on plain floor
    for colour in (DEFAULT.hint.visited, DEFAULT.hint.path, DEFAULT.hint.backtrack_fresh):
        assert np.abs(blend(colour, TRAIL_RGB) - trail).max() > 30  # hint colours win
        assert np.abs(blend(colour, FLOOR_RGB) - floor).max() > 30


@pytest.mark.parametrize("facing,axis,sign", [("left", 0, -1), ("right", 0, 1), ("up", 1, -1), ("down", 1, 1)])
def test_the_player_orb_looks_the_way_it_faces(facing, axis, sign):
    img = pygame.surfarray.array3d(player_token(32, facing)).astype(int)
    alpha = pygame.surfarray.array_alpha(player_token(32, facing))
    w, h = alpha.shape
    pupils = np.argwhere((img.sum(axis=2) < 200) & (alpha > 200))  # the dark pupils
    assert len(pupils)
    centre = (w - 1) / 2 if axis == 0 else (h - 1) / 2
    assert (pupils[:, axis].mean() - centre) * sign > 2


def test_room_maps_keep_their_textures_and_leave_no_trail():
    maze = build_level(named_level("Sunken Keep"))
    r = MazeRenderer(maze, "rpg")
    camera = Camera(maze.rows, maze.cols, 640, 480)
    target = pygame.Surface((640, 480))
    r.draw(target, target.get_rect(), camera)
    before = pygame.surfarray.array3d(target)
    step = next((1, c) for c in range(1, maze.cols) if maze.walkable((1, c)))
    r.draw(target, target.get_rect(), camera, walked=[step])
    assert not r.fancy(camera)
    assert np.array_equal(before, pygame.surfarray.array3d(target))


def test_tiles_walked_while_close_up_show_after_zooming_back_out():
    maze = build_level(named_level("Bramble Patch"))
    r = MazeRenderer(maze, "classic")
    camera = Camera(maze.rows, maze.cols, 400, 300)
    target = pygame.Surface((400, 300))
    step = next((1, c) for c in range(1, maze.cols) if maze.walkable((1, c)))
    walked: list[tuple[int, int]] = []
    for tile in (4.0, 24.0, 4.0):  # far, close (walk there), far again at the same zoom
        camera.tile = tile
        camera.follow(*step, 0, snap=True)
        r.draw(target, target.get_rect(), camera, walked)
        if tile == 24.0:
            walked.append(step)
            r.draw(target, target.get_rect(), camera, walked)
    x, y = camera.to_screen(*step)
    assert tuple(target.get_at((round(x) + 1, round(y) + 1)))[:3] == TRAIL_RGB


def test_a_fitted_huge_maze_reads_as_an_even_texture_without_stripes():
    tiles = np.zeros((2001, 2001), dtype=np.uint8)
    tiles[1:-1:2, 1:-1] = FLOOR  # corridors on every other row: the worst case for aliasing
    maze = Maze(tiles, (1, 0), (1999, 2000))
    tiles[maze.start] = tiles[maze.goal] = FLOOR
    r = MazeRenderer(maze, "classic")
    camera = Camera(maze.rows, maze.cols, 1280, 720)
    camera.fit()
    assert camera.tile < 0.5
    target = pygame.Surface((1280, 720))
    r.draw(target, target.get_rect(), camera)
    x0, y0 = (round(v) for v in camera.origin())
    side = int(2001 * camera.tile)
    picture = pygame.surfarray.array3d(target)[x0 + 4 : x0 + side - 4, y0 + 4 : y0 + side - 4].astype(float)
    rows = picture.mean(axis=(0, 2))
    cols = picture.mean(axis=(1, 2))
    assert rows.max() - rows.min() < 8 and cols.max() - cols.min() < 8


def test_room_maps_draw_their_decor_close_up_and_the_classic_look_has_none():
    from game.maze import decor

    maze = build_level(named_level("The Citadel"))
    rooms = MazeRenderer(maze, "rpg")
    assert rooms.decor is not None and (rooms.decor == decor.RUG).any()
    r, c = (int(v) for v in np.argwhere(rooms.decor == decor.RUG)[0])
    camera = Camera(maze.rows, maze.cols, 400, 300)
    camera.tile = 32.0
    camera.follow(r, c, 0, snap=True)
    target = pygame.Surface((400, 300))
    rooms.draw(target, target.get_rect(), camera)
    x, y = camera.to_screen(r, c)
    drawn = {tuple(target.get_at((round(x) + 3, round(y) + dy)))[:3] for dy in range(4, 12)}
    assert DEFAULT.rpg.rug in drawn  # the rug lies over the floor there
    assert MazeRenderer(maze, "classic").decor is None
