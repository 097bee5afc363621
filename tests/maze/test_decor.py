"""Room decor: varied per room, and never in the way (the furniture is placed as if solid)."""

from __future__ import annotations

from collections import deque

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.levels import CAMPAIGN, LevelSpec, build_level
from game.maze import decor
from game.maze.generators import generate
from game.maze.grid import FLOOR, Maze
from game.maze.formats import parse_maze

ROOM_MAPS = [spec for spec in CAMPAIGN if spec.is_room_map]


def components(floor: np.ndarray) -> np.ndarray:
    """Return a label per floor tile (0 off the floor): its 4-connected component, from 1."""
    labels = np.zeros(floor.shape, dtype=np.int32)
    count = 0
    for start in zip(*np.nonzero(floor)):
        if labels[start]:
            continue
        count += 1
        labels[start] = count
        todo = deque([start])
        while todo:
            r, c = todo.popleft()
            for q in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if 0 <= q[0] < floor.shape[0] and 0 <= q[1] < floor.shape[1] \
                        and floor[q] and not labels[q]:
                    labels[q] = count
                    todo.append(q)
    return labels


def assert_furniture_blocks_nothing(maze: Maze, kinds: np.ndarray) -> None:
    """Fail unless the floor without the furniture is connected exactly as the floor is."""
    floor = maze.tiles == FLOOR
    solid = decor.furniture(kinds)
    assert not (solid & ~floor).any()
    before, after = components(floor), components(floor & ~solid)
    assert after.max() == before.max()
    # each component keeps one label: the tiles that shared a component still do
    kept = floor & ~solid
    pairs = set(zip(before[kept].tolist(), after[kept].tolist()))
    assert len(pairs) == before.max()
    assert not solid[maze.start] and not solid[maze.goal]


@pytest.mark.parametrize("spec", ROOM_MAPS, ids=[s.name for s in ROOM_MAPS])
def test_furniture_never_blocks_a_route_on_the_campaigns_room_maps(spec) -> None:  # type: ignore[no-untyped-def]
    maze = build_level(spec)
    kinds = decor.room_decor(maze, seed=spec.seed)
    assert decor.furniture(kinds).sum() >= 1
    assert_furniture_blocks_nothing(maze, kinds)


@settings(max_examples=40, deadline=None)
@given(rows=st.integers(3, 40), cols=st.integers(3, 40), seed=st.integers(0, 10**6),
       room=st.integers(3, 8), loops=st.sampled_from([0.0, 0.1, 0.5, 1.0]))
def test_furniture_never_blocks_a_route_on_any_room_map(rows: int, cols: int, seed: int,
                                                        room: int, loops: float) -> None:
    maze = generate("division", rows=2 * rows + 1, cols=2 * cols + 1, seed=seed,
                    room_size=room, loops=loops)
    assert_furniture_blocks_nothing(maze, decor.room_decor(maze, seed=seed))


@settings(max_examples=30, deadline=None)
@given(st.lists(st.lists(st.booleans(), min_size=3, max_size=12), min_size=3, max_size=12),
       st.integers(0, 1000))
def test_furniture_never_blocks_a_route_on_any_shape_of_floor(grid: list[list[bool]],
                                                              seed: int) -> None:
    width = min(len(row) for row in grid)
    tiles = np.array([row[:width] for row in grid], dtype=np.uint8)
    maze = Maze(tiles, (0, 0), (tiles.shape[0] - 1, width - 1))
    assert_furniture_blocks_nothing(maze, decor.room_decor(maze, seed=seed))


def test_rooms_get_every_kind_of_decor_across_the_campaign() -> None:
    seen: set[int] = set()
    for spec in ROOM_MAPS:
        seen |= set(np.unique(decor.room_decor(build_level(spec), seed=spec.seed)).tolist())
    assert seen >= {decor.RUG, decor.TABLE, decor.SHELF, decor.BARREL, decor.CRATE, decor.TORCH}


def test_decor_lies_on_floor_and_torches_on_walls_above_rooms() -> None:
    maze = build_level(ROOM_MAPS[-1])
    kinds = decor.room_decor(maze, seed=1)
    floor = maze.tiles == FLOOR
    on_floor = (kinds != decor.NONE) & (kinds != decor.TORCH)
    assert (floor[on_floor]).all() and (decor.room_tiles(floor)[on_floor]).all()
    torches = np.argwhere(kinds == decor.TORCH)
    assert len(torches) and all(not floor[r, c] and floor[r + 1, c] for r, c in torches)


def test_the_same_maze_and_seed_give_the_same_decor_and_seeds_vary_it() -> None:
    maze = build_level(ROOM_MAPS[3])
    first = decor.room_decor(maze, seed=5)
    assert np.array_equal(first, decor.room_decor(maze, seed=5))
    assert not np.array_equal(first, decor.room_decor(maze, seed=6))


def test_a_maze_without_rooms_has_no_decor() -> None:
    maze = generate("backtracker", rows=31, cols=31, seed=4)
    assert not decor.room_decor(maze, seed=4).any()


def test_a_tile_cuts_nothing_when_its_neighbours_stay_joined() -> None:
    maze = parse_maze("#######\n"
                      "S.....#\n"
                      "#.###.#\n"
                      "#.....E\n"
                      "#######\n")
    floor = maze.tiles == FLOOR
    ok = decor.cuts_nothing(floor)
    assert not ok[1, 3]  # a corridor tile: its two neighbours meet only through it
    assert not ok[1, 1]  # a corner of the ring with the entrance hanging off it
    assert ok[1, 0]  # the entrance, a dead end: nothing lies beyond it
    open_room = np.ones((5, 5), dtype=bool)
    assert decor.cuts_nothing(open_room).all()


@pytest.mark.parametrize("spec", ROOM_MAPS, ids=lambda spec: spec.name)
def test_torches_are_where_the_decor_hangs_them(spec: LevelSpec) -> None:
    maze = build_level(spec)
    assert np.array_equal(decor.torches(maze), decor.room_decor(maze) == decor.TORCH)


def test_a_map_too_big_for_decor_has_no_torches() -> None:
    rows = decor.MAX_TILES // 101 + 2
    maze = generate("division", rows=rows + 1 - rows % 2, cols=101, seed=1, room_size=4)
    assert maze.tiles.size > decor.MAX_TILES and not decor.torches(maze).any()
