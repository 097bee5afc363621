"""The grid type: sizes, openings, equality."""

import numpy as np
import pytest

from game.maze.grid import FLOOR, WALL, Maze, check_generated_size, open_border


@pytest.mark.parametrize("rows,cols", [(2, 5), (5, 4), (1, 1), (0, 7), (3, -3)])
def test_bad_generated_sizes_are_refused(rows: int, cols: int) -> None:
    with pytest.raises(ValueError, match="odd and at least 3"):
        check_generated_size(rows, cols)


def test_open_border_cuts_entrance_and_exit() -> None:
    tiles = np.zeros((5, 7), dtype=np.uint8)
    maze = open_border(tiles)
    assert maze.start == (1, 0) and maze.goal == (3, 6)
    assert maze.tiles[1, 0] == FLOOR and maze.tiles[3, 6] == FLOOR
    assert int((maze.tiles == WALL).sum()) == 5 * 7 - 2


def test_equality_compares_tiles_and_ends() -> None:
    a = Maze(np.ones((3, 3), dtype=np.uint8), (0, 0), (2, 2))
    assert a == a.copy()
    b = a.copy()
    b.tiles[1, 1] = WALL
    assert a != b
