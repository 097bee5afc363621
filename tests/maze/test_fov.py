"""Field of view: walls block sight, sight is symmetric, the radius is a disc; rooms light whole.

The shadowcasting is checked against a plain transcription of Albert Ford's reference
(recursive, with ``fractions.Fraction`` slopes) on random grids.
"""

from __future__ import annotations

import math
from collections import deque
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.maze.fov import field_of_view, room_at, room_tiles, visible_window
from game.maze.generators import generate
from game.maze.grid import WALL


def grid(text: str) -> np.ndarray:
    """Return the transparent mask of a picture: '#' opaque, anything else clear."""
    return np.array([[ch != "#" for ch in line] for line in text.strip().split()], dtype=bool)


def seen(text: str, origin: tuple[int, int], radius: int = 20) -> set[tuple[int, int]]:
    """Return the tiles seen from ``origin`` in a picture."""
    ys, xs = np.nonzero(field_of_view(grid(text), origin, radius=radius))
    return set(zip(ys.tolist(), xs.tolist()))


def reference_fov(transparent: np.ndarray, origin: tuple[int, int]) -> np.ndarray:
    """Return Ford's symmetric shadowcasting, with exact fractions and recursion."""
    rows, cols = transparent.shape
    out = np.zeros_like(transparent)
    out[origin] = True

    def blocked(r: int, c: int) -> bool:
        return not (0 <= r < rows and 0 <= c < cols) or not transparent[r, c]

    for to in ((lambda d, c: (origin[0] - d, origin[1] + c)),
               (lambda d, c: (origin[0] + d, origin[1] + c)),
               (lambda d, c: (origin[0] + c, origin[1] + d)),
               (lambda d, c: (origin[0] + c, origin[1] - d))):

        def scan(depth: int, start: Fraction, end: Fraction) -> None:
            if depth > rows + cols:
                return
            prev = None
            lo, hi = math.floor(depth * start + Fraction(1, 2)), math.ceil(depth * end - Fraction(1, 2))
            for col in range(lo, hi + 1):
                r, c = to(depth, col)
                wall = blocked(r, c)
                if (wall or start * depth <= col <= end * depth) and 0 <= r < rows and 0 <= c < cols:
                    out[r, c] = True
                if prev is True and not wall:
                    start = Fraction(2 * col - 1, 2 * depth)
                if prev is False and wall:
                    scan(depth + 1, start, Fraction(2 * col - 1, 2 * depth))
                prev = wall
            if prev is False:
                scan(depth + 1, start, end)

        scan(1, Fraction(-1), Fraction(1))
    return out


random_grids = st.tuples(st.integers(3, 14), st.integers(3, 14), st.integers(0, 2**32 - 1),
                         st.floats(0.0, 0.5))


def make_grid(rows: int, cols: int, seed: int, walls: float) -> np.ndarray:
    """Return a random transparent mask."""
    return np.random.default_rng(seed).random((rows, cols)) >= walls


def test_the_origin_is_always_seen_even_with_radius_zero() -> None:
    assert seen("...\n...\n...", (1, 1), radius=0) == {(1, 1)}


def test_a_wall_hides_what_is_behind_it_but_is_itself_seen() -> None:
    picture = """
        .....
        ..#..
        .....
    """
    from_left = seen(picture, (1, 0))
    assert (1, 2) in from_left  # the wall
    assert (1, 3) not in from_left and (1, 4) not in from_left  # straight behind it
    assert (0, 4) in from_left and (2, 4) in from_left  # round it, along the open rows


def test_corridor_walls_end_sight_at_the_corner() -> None:
    picture = """
        #######
        #.....#
        #####.#
        ....#.#
        #######
    """
    view = seen(picture, (1, 1))
    assert {(1, c) for c in range(7)} <= view  # the corridor and its end wall
    assert (3, 5) not in view  # round the corner
    assert not any(r == 3 and c < 4 for r, c in view)  # beyond the wall below


def test_the_radius_is_a_disc_on_an_open_field() -> None:
    field = np.ones((21, 21), dtype=bool)
    mask = field_of_view(field, (10, 10), radius=4)
    ys, xs = np.nonzero(mask)
    d2 = (ys - 10) ** 2 + (xs - 10) ** 2
    assert d2.max() <= 4 * 4 + 4
    within = {(r, c) for r in range(21) for c in range(21) if (r - 10) ** 2 + (c - 10) ** 2 <= 16}
    assert within <= set(zip(ys.tolist(), xs.tolist()))
    assert not mask[10, 15] and not mask[14, 14]


def test_the_window_is_the_full_mask_cut_round_the_origin() -> None:
    field = make_grid(30, 40, 7, 0.25)
    field[5, 3] = True
    top, left, window = visible_window(field, (5, 3), radius=6)
    assert (top, left) == (0, 0) and window.shape == (12, 10)
    full = field_of_view(field, (5, 3), radius=6)
    assert np.array_equal(full[:12, :10], window) and not full[12:].any() and not full[:, 10:].any()


@settings(max_examples=120, deadline=None)
@given(random_grids, st.data())
def test_it_matches_fords_reference_without_a_radius(shape: tuple[int, int, int, float],
                                                      data: st.DataObject) -> None:
    transparent = make_grid(*shape)
    rows, cols = transparent.shape
    origin = (data.draw(st.integers(0, rows - 1)), data.draw(st.integers(0, cols - 1)))
    got = field_of_view(transparent, origin, radius=rows + cols)
    assert np.array_equal(got, reference_fov(transparent, origin))


@settings(max_examples=80, deadline=None)
@given(random_grids, st.integers(1, 8))
def test_sight_is_symmetric_between_clear_tiles(shape: tuple[int, int, int, float],
                                                 radius: int) -> None:
    transparent = make_grid(*shape)
    clear = list(zip(*np.nonzero(transparent)))
    views = {p: field_of_view(transparent, p, radius=radius) for p in clear}
    for a in clear:
        for b in clear:
            assert views[a][b] == views[b][a], (a, b)


def test_a_maze_corridor_sees_only_along_itself() -> None:
    maze = generate("backtracker", rows=41, cols=41, seed=3)
    transparent = maze.tiles != WALL
    mask = field_of_view(transparent, maze.start, radius=8)
    # every seen clear tile is joined to the start by clear seen tiles (no seeing through)
    ys, xs = np.nonzero(mask & transparent)
    reach = {maze.start}
    todo = deque([maze.start])
    while todo:
        r, c = todo.popleft()
        for q in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= q[0] < 41 and 0 <= q[1] < 41 and mask[q] and transparent[q] and q not in reach:
                reach.add(q)
                todo.append(q)
    assert set(zip(ys.tolist(), xs.tolist())) <= reach
    assert mask.sum() < 17 * 17  # far from the whole window


@pytest.mark.parametrize("origin,radius", [((5, 0), 2), ((0, 9), 1), ((-1, 0), 2), ((0, 0), -1)])
def test_bad_origin_or_radius_is_refused(origin: tuple[int, int], radius: int) -> None:
    with pytest.raises(ValueError, match="origin|radius"):
        field_of_view(np.ones((5, 5), dtype=bool), origin, radius=radius)


# -- rooms ----------------------------------------------------------------------------------
ROOMS = """
#########
#...#...#
#.......#
#...#...#
###.#####
#.....###
#########
"""


def test_room_tiles_are_open_areas_wider_than_a_corridor() -> None:
    rooms = room_tiles(grid(ROOMS))
    assert rooms[1:4, 1:4].all() and rooms[1:4, 5:8].all()
    assert not rooms[2, 4]  # the doorway between the two rooms
    assert not rooms[4, 3] and not rooms[5].any()  # the corridor below


def test_entering_a_room_lights_the_room_and_its_walls_only() -> None:
    rooms = room_tiles(grid(ROOMS))
    found = room_at(rooms, (3, 1))
    assert found is not None
    top, left, mask = found
    lit = {(top + r, left + c) for r, c in zip(*np.nonzero(mask))}
    assert lit == {(r, c) for r in range(0, 5) for c in range(0, 5)}  # room 1..3 x 1..3 + walls
    assert (2, 4) in lit and (2, 5) not in lit  # its doorway, not the room beyond


def test_no_room_in_a_doorway_or_a_corridor() -> None:
    rooms = room_tiles(grid(ROOMS))
    assert room_at(rooms, (2, 4)) is None and room_at(rooms, (5, 2)) is None
    assert room_at(rooms, (0, 0)) is None and room_at(rooms, (40, 40)) is None


def test_cell_and_wall_mazes_have_no_rooms() -> None:
    for name in ("backtracker", "prim", "division"):  # dig carves caves: open blocks
        maze = generate(name, rows=31, cols=31, seed=5, loops=0.3)
        assert not room_tiles(maze.tiles != WALL).any(), name


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_each_room_of_a_room_map_is_one_connected_area(seed: int) -> None:
    maze = generate("division", rows=41, cols=61, seed=seed, room_size=4)
    rooms = room_tiles(maze.tiles != WALL)
    assert rooms.any()
    left = rooms.copy()
    while left.any():
        pos = tuple(int(v) for v in np.argwhere(left)[0])
        found = room_at(rooms, pos)
        assert found is not None
        top, lft, mask = found
        area = np.zeros_like(rooms)
        area[top : top + mask.shape[0], lft : lft + mask.shape[1]] = mask
        part = area & rooms
        # the lit room tiles are exactly the component of ``pos`` (a BFS over room tiles)
        comp = {pos}
        todo = deque([pos])
        while todo:
            r, c = todo.popleft()
            for q in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if rooms[q] and q not in comp:
                    comp.add(q)
                    todo.append(q)
        assert set(zip(*map(list, np.nonzero(part)))) == comp
        left &= ~part
