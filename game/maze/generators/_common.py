"""What the generators share: argument checks, the random source, cell trees, loops.

Generated mazes have cells on odd coordinates.  The cell generators (prim,
backtracker) work on a *padded cell grid*: one item per cell plus a ring of
sentinel cells, flat, with row stride ``width + 2``, so a neighbour test is one list
lookup and never a bounds check.  A cell tree is recorded as the direction of the
move that entered each cell; :func:`tiles_from_moves` turns that into tiles with a few
vectorised numpy assignments.
"""

from __future__ import annotations

import math
from typing import Union

import numpy as np

from game.maze.grid import FLOOR, Maze, check_generated_size, open_border

#: A seed, None (fresh entropy) or a numpy Generator.  The names are strings: reading
#: ``np.random`` imports numpy.random (15-45 ms), which only generating needs -- not
#: the title screen, whose save and menus read the generators' registry.
RngLike = Union[int, "np.integer", None, "np.random.Generator"]

#: Direction codes of a move between cells (the way the move went).
UP, RIGHT, DOWN, LEFT = 0, 1, 2, 3
#: Code of a cell no move entered (the root, or a sentinel).
NO_MOVE = 4


def make_rng(rng: RngLike) -> np.random.Generator:
    """Return a numpy Generator for a seed, None (fresh entropy) or a Generator."""
    if isinstance(rng, np.random.Generator):
        return rng
    if rng is None:
        return np.random.default_rng()
    if isinstance(rng, (int, np.integer)) and not isinstance(rng, bool) and rng >= 0:
        return np.random.default_rng(int(rng))
    raise ValueError(
        f"seed must be a non-negative integer, None or a numpy Generator, got {rng!r}"
    )


def check_loops(loops: float) -> float:
    """Return ``loops`` as a float, or raise ValueError unless it lies in 0..1."""
    number = isinstance(loops, (int, float, np.integer, np.floating)) and not isinstance(
        loops, bool
    )
    value = math.nan
    if number:
        try:
            value = float(loops)
        except OverflowError:
            value = math.inf
    if math.isnan(value) or not 0.0 <= value <= 1.0:
        shown = value if number else repr(loops)
        raise ValueError(f"loops must be between 0 and 1, got {shown}")
    return value


def check_positive(name: str, value: int, meaning: str) -> int:
    """Return ``value`` as an int, or raise ValueError unless it is a positive integer."""
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool) and value >= 1:
        return int(value)
    raise ValueError(f"{name} must be a positive integer ({meaning}), got {value!r}")


def check_common(
    rows: int, cols: int, loops: float, rng: RngLike
) -> tuple[float, np.random.Generator]:
    """Check the arguments every generator takes; return the loops value and the Generator."""
    check_generated_size(rows, cols)
    return check_loops(loops), make_rng(rng)


def cell_shape(rows: int, cols: int) -> tuple[int, int]:
    """Return the number of cell rows and cell columns of a ``rows`` x ``cols`` tile grid."""
    return (rows - 1) // 2, (cols - 1) // 2


def empty_cell_tree(rows: int, cols: int) -> tuple[int, int, list[int]]:
    """Return the cell height and width and a padded visited-map, all cells unvisited.

    The visited-map holds ``height`` x ``width`` unvisited cells (0) in a ring of visited
    sentinels (1), flat with row stride ``width + 2``.  It is a list: the interpreter
    reads and writes list items faster than bytearray items.
    """
    height, width = cell_shape(rows, cols)
    stride = width + 2
    seen = [1] * ((height + 2) * stride)
    unvisited = [0] * width
    for y in range(1, height + 1):
        seen[y * stride + 1 : y * stride + 1 + width] = unvisited
    return height, width, seen


def cell_tile(cell: int, stride: int) -> tuple[int, int]:
    """Return the tile (row, col) of a padded cell grid's cell index (row stride ``stride``)."""
    y, x = divmod(cell, stride)
    return 2 * y - 1, 2 * x - 1


def tiles_from_moves(moves: np.ndarray, rows: int, cols: int) -> np.ndarray:
    """Build the tile grid of a cell tree given, per padded cell, the move that entered it."""
    height, width = cell_shape(rows, cols)
    entered = moves.reshape(height + 2, width + 2)[1:-1, 1:-1]
    tiles = np.zeros((rows, cols), dtype=np.uint8)
    tiles[1::2, 1::2] = FLOOR
    # A move into the cell at tile (2y+1, 2x+1) crossed the wall on the side it came from.
    tiles[2::2, 1::2] |= entered == UP  # came from below
    tiles[0:-1:2, 1::2] |= entered == DOWN  # came from above
    tiles[1::2, 0:-1:2] |= entered == RIGHT  # came from the left
    tiles[1::2, 2::2] |= entered == LEFT  # came from the right
    return tiles


def dead_end_cells(tiles: np.ndarray) -> np.ndarray:
    """Return the flat tile indices of the cells with exactly one open side."""
    cols = tiles.shape[1]
    sides = (
        tiles[0:-1:2, 1::2]
        + tiles[2::2, 1::2]
        + tiles[1::2, 0:-1:2]
        + tiles[1::2, 2::2]
    )
    ys, xs = np.nonzero(sides == 1)
    indices: np.ndarray = (2 * ys + 1) * cols + 2 * xs + 1
    return indices


def braid(tiles: np.ndarray, loops: float, rng: np.random.Generator) -> None:
    """Open one more wall at each dead-end cell with probability ``loops`` (1.0: none left).

    1. Find the dead ends (cells with one open side; the entrance and exit count as open).
    2. Visit them in random order, keeping each with probability ``loops``.
    3. If a kept cell is still a dead end, open a wall to a neighbouring cell, preferring
       a neighbour that is a dead end too (one opening then cures two).

    Opening a wall between two cells of a connected maze always closes a loop, and no
    opening makes a new dead end, so at ``loops=1`` no dead end is left.
    """
    if loops <= 0.0:
        return
    rows, cols = tiles.shape
    dead = dead_end_cells(tiles)
    dead = dead[rng.permutation(len(dead))]
    dead = dead[rng.random(len(dead)) < loops]
    picks = rng.random(len(dead)).tolist()
    grid = bytearray(tiles.tobytes())
    inner = np.zeros((rows, cols), dtype=np.uint8)
    inner[1:-1, 1:-1] = 1
    inside = inner.tobytes()
    steps = (-cols, 1, cols, -1)
    for t, pick in zip(dead.tolist(), picks):
        if grid[t - cols] + grid[t + 1] + grid[t + cols] + grid[t - 1] != 1:
            continue  # an earlier opening already cured it
        best: list[int] = []
        other: list[int] = []
        for d in steps:
            w = t + d
            if grid[w] or not inside[w]:
                continue
            f = w + d
            if grid[f - cols] + grid[f + 1] + grid[f + cols] + grid[f - 1] == 1:
                best.append(w)
            else:
                other.append(w)
        choice = best or other
        if choice:
            grid[choice[int(pick * len(choice))]] = FLOOR
    tiles[...] = np.frombuffer(grid, dtype=np.uint8).reshape(rows, cols)


def finish_maze(tiles: np.ndarray, loops: float, rng: np.random.Generator) -> Maze:
    """Cut the entrance and exit into a generated grid, braid it with ``loops``; return the Maze."""
    maze = open_border(tiles)
    braid(maze.tiles, loops, rng)
    return maze
