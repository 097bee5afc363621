"""Tile kinds are a table: the grid stores kind ids, everything else asks the table."""

from __future__ import annotations

import numpy as np
import pytest

from game.maze import tiles
from game.maze.formats import MazeFormatError, format_maze, parse_maze, place_ends
from game.maze.grid import FLOOR, WALL, Maze
from game.maze.solvers import SOLVERS, solve


def test_wall_and_floor_keep_their_ids_and_meaning() -> None:
    assert (WALL, FLOOR) == (0, 1)
    wall, floor = tiles.KINDS[WALL], tiles.KINDS[FLOOR]
    assert (wall["name"], wall["char"], bool(wall["walkable"]), bool(wall["transparent"])) == (
        "wall", "#", False, False)
    assert (floor["name"], floor["char"], bool(floor["walkable"]), bool(floor["transparent"])) == (
        "floor", ".", True, True)


def test_every_kind_has_its_own_ascii_character_unlike_the_format_marks() -> None:
    chars = [str(ch) for ch in tiles.KINDS["char"]]
    assert len(set(chars)) == len(chars)
    assert all(len(ch) == 1 and ch.isascii() for ch in chars)
    assert not set(chars) & set("SEo 0123X")


def test_walkable_and_transparent_look_each_tile_up() -> None:
    grid = np.array([[WALL, FLOOR], [FLOOR, WALL]], dtype=np.uint8)
    assert tiles.walkable(grid).tolist() == [[False, True], [True, False]]
    assert tiles.transparent(grid).tolist() == [[False, True], [True, False]]


@pytest.fixture
def with_two_new_kinds(monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """Add a walkable "moss" (,) and an unwalkable "pit" (~), one row each; return their ids."""
    moss = tiles.new_kind("moss", walkable=True, transparent=True, char=",", look="moss")
    pit = tiles.new_kind("pit", walkable=False, transparent=True, char="~", look="pit")
    n = len(tiles.KINDS)
    monkeypatch.setattr(tiles, "KINDS", np.append(tiles.KINDS, np.stack([moss, pit])))
    return n, n + 1


def test_a_kind_added_as_one_row_reads_and_writes_through_the_format(
    with_two_new_kinds: tuple[int, int],
) -> None:
    moss, pit = with_two_new_kinds
    text = "#####\nS,~.E\n#####\n"
    maze = parse_maze(text)
    assert maze.tiles[1].tolist() == [FLOOR, moss, pit, FLOOR, FLOOR]
    assert format_maze(maze) == text


def test_a_new_kinds_walkability_is_respected_by_grid_and_solvers(
    with_two_new_kinds: tuple[int, int],
) -> None:
    moss, pit = with_two_new_kinds
    maze = parse_maze("#####\nS,,.E\n#####\n")
    assert maze.walkable((1, 1)) and list(maze.neighbours((1, 2))) == [(1, 3), (1, 1)]
    for name in SOLVERS:
        assert solve(maze, name).length == 4
    blocked = parse_maze("#####\nS,~.E\n#####\n")
    assert not blocked.walkable((1, 2))
    for name in SOLVERS:
        assert not solve(blocked, name).found
    with pytest.raises(MazeFormatError, match="is on a pit"):
        place_ends(blocked, start=(1, 2))


def test_an_unknown_character_error_lists_the_new_kinds(with_two_new_kinds: tuple[int, int]) -> None:
    with pytest.raises(MazeFormatError, match=r"',' moss, '~' pit"):
        parse_maze("#####\nS,?.E\n#####\n")


def test_a_maze_of_only_new_kinds_is_read_when_one_is_walkable(
    with_two_new_kinds: tuple[int, int],
) -> None:
    maze = parse_maze(",,,\n~~~\n")
    assert (maze.start, maze.goal) == ((0, 0), (0, 2))
    with pytest.raises(MazeFormatError, match="no floor tiles"):
        parse_maze("~~~\n")


def test_the_grid_stores_kind_ids() -> None:
    maze = Maze(np.array([[FLOOR, WALL, FLOOR]], dtype=np.uint8), (0, 0), (0, 2))
    assert maze.walkable((0, 0)) and not maze.walkable((0, 1)) and not maze.walkable((0, 3))
