"""Recursive division (seed 000's "cross division"), with an explicit stack of chambers.

1. Start with one chamber: the whole grid inside its outer wall, all floor.
2. Pop a chamber at least two cells high and wide.  Draw one horizontal and one vertical
   wall through it (on even coordinates, so cells stay on odd ones): a cross, four arms.
3. Open one doorway (on an odd coordinate) in three of the four arms, chosen at random;
   with probability ``loops`` open all four instead (seed 000's "holes in four walls").
4. Push the four sub-chambers (top-left comes out first, as in the seed's recursion).
   A chamber one cell wide is a corridor and is left as it is; with ``room_size`` K a
   chamber fewer than K cells high *or* wide is left open as a room (splitting a thin
   chamber would only cut it into parallel one-cell corridors, which reads as a maze,
   not as a map of rooms).
5. Afterwards, with ``loops`` > 0, open a wall at each remaining dead end with
   probability ``loops`` (see :func:`~game.maze.generators._common.braid`), so that
   ``loops=1`` leaves no dead end here either.

With ``loops=0`` and no ``room_size`` the result is a perfect maze: each cross joins its
four sub-chambers by exactly three doorways.  Walls are drawn with numpy slices as they
are made; doorways are collected and opened at the end in one step, which is safe
because a later wall lies strictly inside a sub-chamber and never crosses a doorway.
"""

from __future__ import annotations

from typing import Optional

import numpy as np

from game.maze.generators._common import RngLike, check_common, check_positive, finish_maze
from game.maze.grid import FLOOR, WALL, Maze
from game.maze.registry import GeneratorInfo, Option

NAME = "division"

# Random floats used per split: wall row, wall column, four-doors test, closed arm and
# one doorway position per arm.
_PER_SPLIT = 8
_BATCH_SPLITS = 4096


def generate(
    *,
    rows: int,
    cols: int,
    rng: RngLike = None,
    loops: float = 0.0,
    room_size: Optional[int] = None,
) -> Maze:
    """Generate a recursive-division maze of ``rows`` x ``cols`` tiles."""
    loops, gen = check_common(rows, cols, loops, rng)
    if room_size is not None:
        room_size = check_positive(
            "room_size", room_size, "chambers under this many cells across stay open rooms"
        )
    # A chamber is split when it is at least two cells, and at least ``room_size``
    # cells, both ways; below that it stays open.  Sizes here are cells - 1.
    least = max(room_size or 1, 2) - 1
    tiles = np.zeros((rows, cols), dtype=np.uint8)
    tiles[1:-1, 1:-1] = FLOOR
    doors: list[int] = []
    add_door = doors.append
    chambers: list[tuple[int, int, int, int]] = []
    if (rows - 3) // 2 >= least and (cols - 3) // 2 >= least:
        chambers.append((1, 1, rows - 2, cols - 2))
    push, pop = chambers.append, chambers.pop
    draws: list[float] = []
    p = 0
    # A split opens at least three of a tree's cells - 1 doorways: at most cells / 3 splits.
    batch = min(_BATCH_SPLITS, (rows // 2) * (cols // 2) // 3 + 1)
    while chambers:
        # Corners of the chamber in tiles, inclusive, all odd.
        r1, c1, r2, c2 = pop()
        if p == len(draws):
            draws = gen.random(_PER_SPLIT * batch).tolist()
            p = 0
        # The walls go on an even row and column strictly inside the chamber.
        wr = r1 + 1 + 2 * int(draws[p] * ((r2 - r1) >> 1))
        wc = c1 + 1 + 2 * int(draws[p + 1] * ((c2 - c1) >> 1))
        tiles[wr, c1 : c2 + 1] = WALL
        tiles[r1 : r2 + 1, wc] = WALL
        closed = 4 if draws[p + 2] < loops else int(draws[p + 3] * 4)
        if closed != 0:  # left arm
            add_door(wr * cols + c1 + 2 * int(draws[p + 4] * ((wc - c1 + 1) >> 1)))
        if closed != 1:  # lower arm
            add_door((wr + 1 + 2 * int(draws[p + 5] * ((r2 - wr + 1) >> 1))) * cols + wc)
        if closed != 2:  # right arm
            add_door(wr * cols + wc + 1 + 2 * int(draws[p + 6] * ((c2 - wc + 1) >> 1)))
        if closed != 3:  # upper arm
            add_door((r1 + 2 * int(draws[p + 7] * ((wr - r1 + 1) >> 1))) * cols + wc)
        p += _PER_SPLIT
        # Sub-chambers, bottom-left first so that top-left is popped first.  Each is
        # pushed only if it will be split: (last - first) // 2 is its size in cells - 1.
        up_h, low_h = (wr - 1 - r1) >> 1, (r2 - wr - 1) >> 1
        left_w, right_w = (wc - 1 - c1) >> 1, (c2 - wc - 1) >> 1
        if low_h >= least and left_w >= least:
            push((wr + 1, c1, r2, wc - 1))
        if low_h >= least and right_w >= least:
            push((wr + 1, wc + 1, r2, c2))
        if up_h >= least and right_w >= least:
            push((r1, wc + 1, wr - 1, c2))
        if up_h >= least and left_w >= least:
            push((r1, c1, wr - 1, wc - 1))
    tiles.reshape(-1)[np.array(doors, dtype=np.int64)] = FLOOR
    return finish_maze(tiles, loops, gen)


ROOM_SIZE = Option(
    "room_size", "R", "int", 1, None, None,
    help="stop splitting below K cells (rooms)",
    label="Room size",
    steps=(None, 2, 3, 4, 5, 6, 8, 10),
    shown="{value} (RPG rooms)",
    unset="off (classic)",
)
INFO = GeneratorInfo(NAME, "D", "Recursive division", generate, (ROOM_SIZE,), rooms="room_size")
