"""``generate --keys N``: doors and keys placed so that the maze stays solvable and every key is needed."""

from __future__ import annotations

import re
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.maze import tiles as kinds
from game.maze.generators import GENERATORS, generate
from game.maze.grid import FLOOR, Maze, Pos
from game.maze.locks import _Plan, keys_fit
from game.maze.solvers import solve

#: Every generator, and the room map (division with rooms).
KINDS_OF_MAZE: list[tuple[str, dict[str, Any]]] = [
    *((name, {}) for name in sorted(GENERATORS)),
    ("division", {"room_size": 4}),
]


def keys_and_doors(maze: Maze) -> tuple[dict[str, Pos], dict[str, Pos]]:
    """Return the key tiles and the door tiles by colour letter."""
    keys: dict[str, Pos] = {}
    doors: dict[str, Pos] = {}
    for r, c in zip(*np.nonzero(maze.tiles > FLOOR)):
        row = kinds.KINDS[maze.tiles[r, c]]
        if row["key"]:
            keys[kinds.colour(int(row["key"]))] = (int(r), int(c))
        if row["lock"]:
            doors[kinds.colour(int(row["lock"]))] = (int(r), int(c))
    return keys, doors


def without(maze: Maze, pos: Pos) -> Maze:
    """Return a copy of ``maze`` with the tile at ``pos`` turned to plain floor."""
    tiles = maze.tiles.copy()
    tiles[pos] = FLOOR
    return Maze(tiles, maze.start, maze.goal)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(KINDS_OF_MAZE), st.integers(0, 10_000), st.integers(1, 4))
def test_keys_keep_the_maze_solvable_and_every_key_is_needed(
    kind: tuple[str, dict[str, Any]], seed: int, count: int
) -> None:
    name, options = kind
    plain = generate(name, rows=31, cols=41, seed=seed, **options)
    count = min(count, keys_fit(plain, rooms="room_size" in options))
    maze = generate(name, rows=31, cols=41, seed=seed, keys=count, **options)
    keys, doors = keys_and_doors(maze)
    assert len(keys) == len(doors) == count and set(keys) == set(doors)
    assert np.array_equal(kinds.walkable(maze.tiles), kinds.walkable(plain.tiles))  # same walls
    solution = solve(maze)
    assert solution.found and sorted(solution.keys) == sorted(keys)
    route = set(solve(plain).path or [])
    for colour, pos in keys.items():
        assert pos not in route, f"the {colour} key lies on the direct route"
        # without the key tile (floor instead), its door shuts the exit off
        lost = without(maze, pos)
        assert not solve(lost).found, f"the {colour} key is not needed"
    if options.get("room_size"):
        for pos in doors.values():
            r, c = pos
            walls_ns = not maze.walkable((r - 1, c)) and not maze.walkable((r + 1, c))
            walls_we = not maze.walkable((r, c - 1)) and not maze.walkable((r, c + 1))
            assert walls_ns or walls_we, f"door at {pos} is not in a doorway"


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(KINDS_OF_MAZE), st.integers(0, 10_000), st.sampled_from([0.0, 0.1, 0.3]))
def test_doors_may_stand_exactly_on_the_doorways_every_walk_to_the_exit_passes(
    kind: tuple[str, dict[str, Any]], seed: int, loops: float
) -> None:
    name, options = kind
    maze = generate(name, rows=15, cols=21, seed=seed, loops=loops, **options)
    plan = _Plan(maze)
    route = solve(maze).path or []
    walk = kinds.walkable(maze.tiles)
    expected = []
    for r, c in route[1:-1]:
        doorway = (not walk[r - 1, c] and not walk[r + 1, c]) or \
            (not walk[r, c - 1] and not walk[r, c + 1])
        walled = maze.tiles.copy()
        walled[r, c] = kinds.WALL
        if doorway and not solve(Maze(walled, maze.start, maze.goal)).found:
            expected.append((r, c))
    assert [plan.pos(t) for t in plan.bottlenecks] == expected


@pytest.mark.parametrize("name,options", KINDS_OF_MAZE)
def test_the_same_seed_places_the_same_keys(name: str, options: dict[str, Any]) -> None:
    a = generate(name, rows=41, cols=41, seed=7, keys=2, **options)
    b = generate(name, rows=41, cols=41, seed=7, keys=2, **options)
    c = generate(name, rows=41, cols=41, seed=8, keys=2, **options)
    assert a == b and a != c


@pytest.mark.parametrize("name,options", KINDS_OF_MAZE)
def test_a_maze_too_small_names_the_most_keys_that_fit(name: str, options: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match=r"keys 4: this 5x5 maze has room for at most \d") as err:
        generate(name, rows=5, cols=5, seed=1, keys=4, **options)
    fits = int(re.search(r"at most (\d)", str(err.value)).group(1))  # type: ignore[union-attr]
    assert fits < 4
    maze = generate(name, rows=5, cols=5, seed=1, keys=fits, **options)
    assert len(keys_and_doors(maze)[0]) == fits


def test_keys_out_of_range_are_refused() -> None:
    for bad in (-1, 5, 1.5, True):
        with pytest.raises(ValueError, match="keys must be a whole number from 0 to 4"):
            generate("prim", rows=21, cols=21, seed=1, keys=bad)  # type: ignore[arg-type]


def test_keys_on_a_room_map_lie_in_rooms() -> None:
    for seed in range(5):
        maze = generate("division", rows=41, cols=61, seed=seed, keys=3, room_size=5)
        walk = kinds.walkable(maze.tiles)
        for colour, (r, c) in keys_and_doors(maze)[0].items():
            blocks = [walk[r + dr: r + dr + 2, c + dc: c + dc + 2] for dr in (-1, 0) for dc in (-1, 0)]
            assert any(b.shape == (2, 2) and b.all() for b in blocks), f"{colour} key at {(r, c)}"


def test_no_keys_is_the_plain_maze() -> None:
    for name in GENERATORS:
        assert generate(name, rows=21, cols=21, seed=3, keys=0) == generate(name, rows=21, cols=21, seed=3)
