"""The raycaster against a slow, obvious reference, and the picture it fills."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from game.play.firstperson import raycast
from game.play.firstperson.raycast import Scene, cast, cast_reference, make_atlas, project, rays

ROOM = np.array([[c == "#" for c in line] for line in (
    "#######",
    "#.....#",
    "#.#.#.#",
    "#.....#",
    "#######",
)])


def random_grid(rng: random.Random, rows: int, cols: int) -> np.ndarray:
    """Return a bool grid, solid round its edge, with random solid tiles inside."""
    grid = np.array([[rng.random() < 0.3 for _ in range(cols)] for _ in range(rows)])
    grid[0, :] = grid[-1, :] = grid[:, 0] = grid[:, -1] = True
    return grid


def test_a_ray_east_down_a_corridor_meets_the_end_wall() -> None:
    hits = cast(ROOM, 1.5, 1.5, np.array([1.0]), np.array([0.0]))
    assert hits.dist[0] == pytest.approx(4.5)
    assert (hits.row[0], hits.col[0], hits.side[0]) == (1, 6, 0)
    assert hits.u[0] == pytest.approx(0.5)


def test_a_ray_south_meets_a_horizontal_face() -> None:
    hits = cast(ROOM, 1.5, 1.5, np.array([0.0]), np.array([1.0]))
    assert hits.dist[0] == pytest.approx(2.5)
    assert (hits.row[0], hits.col[0], hits.side[0]) == (4, 1, 1)


def test_distances_are_perpendicular_no_fish_eye() -> None:
    open_room = np.zeros((9, 9), dtype=bool)
    open_room[:, 8] = True
    rdx, rdy = rays(64, 0.0)
    hits = cast(open_room, 1.5, 4.5, rdx, rdy)
    assert np.allclose(hits.dist, 6.5)  # a flat wall straight ahead is flat on screen


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), angle=st.floats(0, 2 * math.pi))
def test_every_column_agrees_with_the_reference(seed: int, angle: float) -> None:
    rng = random.Random(seed)
    grid = random_grid(rng, rng.randint(3, 12), rng.randint(3, 12))
    free = np.argwhere(~grid)
    if not len(free):
        return
    r, c = free[rng.randrange(len(free))]
    x, y = c + rng.uniform(0.05, 0.95), r + rng.uniform(0.05, 0.95)
    rdx, rdy = rays(40, angle)
    hits = cast(grid, x, y, rdx, rdy)
    for i in range(40):
        dist, row, col, side, u = cast_reference(grid, x, y, float(rdx[i]), float(rdy[i]))
        assert hits.dist[i] == pytest.approx(dist, abs=1e-9)
        assert (hits.row[i], hits.col[i], hits.side[i]) == (row, col, side)
        assert hits.u[i] == pytest.approx(u, abs=1e-6)


def test_axis_rays_agree_with_the_reference() -> None:
    for angle in (0.0, math.pi / 2, math.pi, 3 * math.pi / 2):
        rdx = np.array([round(math.cos(angle))], dtype=float)
        rdy = np.array([round(math.sin(angle))], dtype=float)
        hits = cast(ROOM, 3.5, 3.5, rdx, rdy)
        dist, row, col, side, _ = cast_reference(ROOM, 3.5, 3.5, rdx[0], rdy[0])
        assert (hits.dist[0], hits.row[0], hits.col[0], hits.side[0]) == (dist, row, col, side)


def test_the_left_of_the_screen_is_the_left_hand() -> None:
    # facing east on a y-down map the left hand points north (smaller rows)
    rdx, rdy = rays(3, 0.0)
    assert rdy[0] < 0 < rdy[2]
    rdx, rdy = rays(3, math.pi / 2)  # facing south: the left hand is east
    assert rdx[0] > 0 > rdx[2]


def test_a_sprite_ahead_projects_to_the_middle_at_its_distance() -> None:
    centre, depth = project(1.5, 1.5, 0.0, 4.5, 1.5, 100)  # type: ignore[misc]
    assert (centre, depth) == (pytest.approx(50), pytest.approx(3))
    left = project(1.5, 1.5, 0.0, 4.5, 1.0, 100)
    assert left is not None and left[0] < 50  # north of the line of sight: left
    assert project(1.5, 1.5, 0.0, 0.5, 1.5, 100) is None  # behind


def slow_frame(atlas: raycast.Atlas, scene: Scene, x: float, y: float, angle: float,
               width: int, height: int) -> np.ndarray:
    """Return the picture pixel by pixel: each column's wall span, else floor or ceiling."""
    out = np.zeros((width, height), dtype=np.uint32)
    rdx, rdy = rays(width, angle)
    focal = (width / 2) / math.tan(raycast.FOV / 2)
    size, count = atlas.size, atlas.count
    rows, cols = scene.solid.shape
    for i in range(width):
        dist, row, col, side, u = cast_reference(scene.solid, x, y, rdx[i], rdy[i])
        line = focal / dist
        for j in range(height):
            v = math.floor((j + 0.5 - (height / 2 - line / 2)) * size / line)
            if 0 <= v < size:
                level = min(int(dist / raycast.SHADE_STEP) + side * raycast.SIDE_SHADE,
                            raycast.SHADES - 1)
                m = scene.wall[row, col]
                ui = min(int(u * size), size - 1)
            else:
                p = max(abs(j + 0.5 - height / 2), 0.5)
                d = 0.5 * focal / p
                wx = min(max(x + d * rdx[i], 0), cols - 1e-6)
                wy = min(max(y + d * rdy[i], 0), rows - 1e-6)
                tile = (int(wy * size) // size, int(wx * size) // size)
                m = (scene.floor if j >= height // 2 else scene.ceiling)[tile]
                level = min(int(d / raycast.SHADE_STEP), raycast.SHADES - 1)
                ui, v = int(wx * size) % size, int(wy * size) % size
            out[i, j] = atlas.table[((level * count + m) * size + v) * size + ui]
    return out


def test_the_picture_matches_a_pixel_by_pixel_reference() -> None:
    rng = np.random.default_rng(3)
    textures = rng.integers(0, 256, (4, 8, 8, 3), dtype=np.uint8)
    atlas = make_atlas(textures, (16, 8, 0))
    wall = np.where(ROOM, 1, 0)
    scene = Scene(ROOM, wall, np.full(ROOM.shape, 2), np.full(ROOM.shape, 3))
    for height in (30, 31):
        frame = np.zeros((height, 48), dtype=np.uint32)
        raycast.render(frame, atlas, scene, 1.5, 3.5, -0.3)
        expected = slow_frame(atlas, scene, 1.5, 3.5, -0.3, 48, height).T
        assert (frame != expected).mean() < 0.005  # float rounding at a span's edge at most
        assert (frame == expected)[13:15].all()  # rows by the horizon: walls all the way


def test_the_atlas_darkens_with_each_shade_to_black() -> None:
    textures = np.full((1, 2, 2, 3), 200, dtype=np.uint8)
    atlas = make_atlas(textures, (16, 8, 0))
    red = (atlas.table.reshape(raycast.SHADES, 4) >> 16) & 0xFF
    assert red[0, 0] == 200 and red[-1, 0] == 0
    assert (np.diff(red[:, 0].astype(int)) <= 0).all()
