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
   not as a map of rooms) -- unless it is more than ROOM_RATIO times longer than wide
   (and at least two cells wide): then one wall *across* it, with one doorway, cuts it
   in two, and each part is looked at again.  So a room map has rooms of sane
   proportions, not halls two cells high and forty wide.
5. Afterwards, with ``loops`` > 0, open a wall at each remaining dead end with
   probability ``loops`` (see :func:`~game.maze.generators._common.braid`), so that
   ``loops=1`` leaves no dead end here either.

With ``loops=0`` and no ``room_size`` the result is a perfect maze: each cross joins its
four sub-chambers by exactly three doorways.  Each split takes eight random floats: wall
row, wall column, four-doors test, closed arm and one doorway position per arm.  Only the
first two shape the chambers that follow, so the loop over chambers uses just those and
records each split; walls and doorways are then drawn for all splits at once with numpy.
Drawing doorways after every wall is safe because a later wall lies strictly inside a
sub-chamber and never crosses a doorway.
"""

from __future__ import annotations

from array import array
from typing import Optional

import numpy as np

from game.maze.generators._common import RngLike, check_common, check_positive, finish_maze
from game.maze.grid import FLOOR, Maze
from game.maze.registry import GeneratorInfo, Option

NAME = "division"

_PER_SPLIT = 8  # random floats per split
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
    # cells, both ways; below that it stays open.  A chamber spanning tiles a..b (odd,
    # inclusive) has (b - a) // 2 + 1 cells: it is split when b - a > span.
    span = 2 * (max(room_size or 1, 2) - 1) - 1
    if span > 1:  # rooms (below three cells every chamber is split to the end anyway)
        return _room_map(rows, cols, span, loops, gen)
    chambers: list[tuple[int, int, int, int]] = []
    if rows - 3 > span and cols - 3 > span:
        chambers.append((1, 1, rows - 2, cols - 2))
    push, pop = chambers.append, chambers.pop
    draws: list[np.ndarray] = []
    splits = array("i")  # per split: r1, c1, r2, c2, wall row, wall column
    record = splits.extend
    # A split opens at least three of a tree's cells - 1 doorways: at most cells / 3 splits.
    batch = min(_BATCH_SPLITS, (rows // 2) * (cols // 2) // 3 + 1)
    while chambers:
        block = gen.random(_PER_SPLIT * batch).reshape(batch, _PER_SPLIT)
        draws.append(block)
        for at_row, at_col in block[:, :2].tolist():
            # Corners of the chamber in tiles, inclusive, all odd.
            r1, c1, r2, c2 = pop()
            # The walls go on an even row and column strictly inside the chamber.
            wr = r1 + 1 + 2 * int(at_row * ((r2 - r1) >> 1))
            wc = c1 + 1 + 2 * int(at_col * ((c2 - c1) >> 1))
            record((r1, c1, r2, c2, wr, wc))
            # Sub-chambers to split, bottom-left first so that top-left is popped first.
            if r2 - wr > span:
                if wc - c1 > span:
                    push((wr + 1, c1, r2, wc - 1))
                if c2 - wc > span:
                    push((wr + 1, wc + 1, r2, c2))
            if wr - r1 > span:
                if c2 - wc > span:
                    push((r1, wc + 1, wr - 1, c2))
                if wc - c1 > span:
                    push((r1, c1, wr - 1, wc - 1))
            if not chambers:
                break
    tiles = _crossed(rows, cols, splits, draws, None, loops)
    return finish_maze(tiles, loops, gen)


#: A room longer than this many times its width (in cells) is cut across.
ROOM_RATIO = 2
_GOLDEN = 0.6180339887498949


def _room_map(rows: int, cols: int, span: int, loops: float, gen: np.random.Generator) -> Maze:
    """Divide like :func:`generate`, leaving rooms, and cut rooms that are too long across.

    Only chambers that are crossed or cut are pushed; each takes one row of eight random
    floats.  A chamber too long is cut into as few even pieces as keep each within
    ROOM_RATIO, by walls across it; the fifth float places the first wall's doorway, the
    next ones step on by the golden ratio (spread out, and no more draws).
    """
    ratio = ROOM_RATIO

    def wanted(r1: int, c1: int, r2: int, c2: int) -> bool:
        """Return True for a chamber to cross, or to cut for being too long."""
        if r2 - r1 > span and c2 - c1 > span:
            return True
        high, wide = (r2 - r1) // 2 + 1, (c2 - c1) // 2 + 1
        return (high > ratio * wide and wide >= 2) or (wide > ratio * high and high >= 2)

    chambers = [(1, 1, rows - 2, cols - 2)] if wanted(1, 1, rows - 2, cols - 2) else []
    push, pop = chambers.append, chambers.pop
    splits = array("i")
    crossed = array("q")  # the row of draws of each cross, in the order of ``splits``
    cuts = array("q")  # per cut: 1 if it runs across a column (else along a row), its
    # line (row or column), first and last tile along it, and its doorway's flat index
    draws: list[np.ndarray] = []
    drawn = 0
    batch = min(_BATCH_SPLITS, (rows // 2) * (cols // 2) // 3 + 1)
    while chambers:
        block = gen.random(_PER_SPLIT * batch).reshape(batch, _PER_SPLIT)
        draws.append(block)
        for at_row, at_col, _, _, at_door, _, _, _ in block.tolist():
            r1, c1, r2, c2 = pop()
            high, wide = (r2 - r1) // 2 + 1, (c2 - c1) // 2 + 1
            parts: tuple[tuple[int, int, int, int], ...]
            if r2 - r1 > span and c2 - c1 > span:  # a cross, as in generate()
                wr = r1 + 1 + 2 * int(at_row * ((r2 - r1) >> 1))
                wc = c1 + 1 + 2 * int(at_col * ((c2 - c1) >> 1))
                splits.extend((r1, c1, r2, c2, wr, wc))
                crossed.append(drawn)
                parts = ((wr + 1, c1, r2, wc - 1), (wr + 1, wc + 1, r2, c2),
                         (r1, wc + 1, wr - 1, c2), (r1, c1, wr - 1, wc - 1))
            else:  # too long: walls across it, evenly spaced, each with one doorway
                long, short = max(high, wide), min(high, wide)
                pieces = -(-long // (ratio * short))
                for i in range(1, pieces):
                    at = i * long // pieces  # cells before the wall
                    door = 2 * int((at_door + i * _GOLDEN) % 1.0 * short)
                    if high > wide:
                        wr = r1 + 2 * at - 1
                        cuts.extend((0, wr, c1, c2, wr * cols + c1 + door))
                    else:
                        wc = c1 + 2 * at - 1
                        cuts.extend((1, wc, r1, r2, (r1 + door) * cols + wc))
                parts = ()  # each piece is a room of sane proportions
            drawn += 1
            for a, b, c, d in parts:  # wanted(), inlined: this loop is hot
                if (c - a > span and d - b > span) or (
                        c - a > ratio * (d - b) + 2 * ratio - 2 and d - b >= 2) or (
                        d - b > ratio * (c - a) + 2 * ratio - 2 and c - a >= 2):
                    push((a, b, c, d))
            if not chambers:
                break
    tiles = _crossed(rows, cols, splits, draws, np.frombuffer(crossed, dtype=np.int64), loops)
    if cuts:
        _draw_cuts(tiles, np.frombuffer(cuts, dtype=np.int64).reshape(-1, 5))
    return finish_maze(tiles, loops, gen)


def _crossed(rows: int, cols: int, splits: array, draws: list[np.ndarray],
             used: Optional[np.ndarray], loops: float) -> np.ndarray:
    """Return the floor inside the outer wall with every split's cross and its doorways.

    ``used``: which rows of the draws the splits took, in order (None: the first ones).
    """
    tiles = np.zeros((rows, cols), dtype=np.uint8)
    tiles[1:-1, 1:-1] = FLOOR
    if splits:
        split = np.frombuffer(splits, dtype=np.intc).astype(np.int64).reshape(-1, 6)
        _draw_walls(tiles, split)
        every = np.concatenate(draws)
        _open_doors(tiles, split, every[: len(split)] if used is None else every[used], loops)
    return tiles


def _draw_cuts(tiles: np.ndarray, cuts: np.ndarray) -> None:
    """Draw every cut's wall (summed from its ends, as _draw_walls does), then its doorway."""
    rows, cols = tiles.shape
    upright, line, first, last, doorway = cuts.T
    flat = upright == 0
    across = np.zeros(((rows + 1) // 2, cols + 1), dtype=np.int8)  # the even rows
    across[line[flat] >> 1, first[flat]] = 1
    across[line[flat] >> 1, last[flat] + 1] = -1
    np.cumsum(across, axis=1, dtype=np.int8, out=across)
    down = np.zeros((rows + 1, (cols + 1) // 2), dtype=np.int8)  # the even columns
    down[first[~flat], line[~flat] >> 1] = 1
    down[last[~flat] + 1, line[~flat] >> 1] = -1
    np.cumsum(down, axis=0, dtype=np.int8, out=down)
    tiles[::2] *= across[:, :cols] == 0
    tiles[:, ::2] *= down[:rows] == 0
    tiles.reshape(-1)[doorway] = FLOOR


def _draw_walls(tiles: np.ndarray, split: np.ndarray) -> None:
    """Draw every split's cross of walls, each arm as a run summed from its two ends."""
    rows, cols = tiles.shape
    r1, c1, r2, c2, wr, wc = split.T
    # Runs never overlap (chambers are disjoint) and no run starts where another ends
    # (starts are odd, ends + 1 even), so each mark is set once.
    across = np.zeros(((rows + 1) // 2, cols + 1), dtype=np.int8)  # the even rows
    across[wr >> 1, c1] = 1
    across[wr >> 1, c2 + 1] = -1
    np.cumsum(across, axis=1, dtype=np.int8, out=across)
    down = np.zeros((rows + 1, (cols + 1) // 2), dtype=np.int8)  # the even columns
    down[r1, wc >> 1] = 1
    down[r2 + 1, wc >> 1] = -1
    np.cumsum(down, axis=0, dtype=np.int8, out=down)
    tiles[::2] *= across[:, :cols] == 0
    tiles[:, ::2] *= down[:rows] == 0


def _open_doors(tiles: np.ndarray, split: np.ndarray, draws: np.ndarray, loops: float) -> None:
    """Open three doorways in every cross (four with probability ``loops``)."""
    cols = tiles.shape[1]
    r1, c1, r2, c2, wr, wc = split.T

    def pick(column: int, cells: np.ndarray) -> np.ndarray:
        """Return the offset in tiles of a random cell among ``cells`` of each arm."""
        offset: np.ndarray = 2 * (draws[:, column] * cells).astype(np.int64)
        return offset

    closed = np.where(draws[:, 2] < loops, 4, (draws[:, 3] * 4).astype(np.int64))
    doors = (
        (wr * cols + c1 + pick(4, (wc - c1 + 1) >> 1))[closed != 0],  # left arm
        ((wr + 1 + pick(5, (r2 - wr + 1) >> 1)) * cols + wc)[closed != 1],  # lower arm
        (wr * cols + wc + 1 + pick(6, (c2 - wc + 1) >> 1))[closed != 2],  # right arm
        ((r1 + pick(7, (wr - r1 + 1) >> 1)) * cols + wc)[closed != 3],  # upper arm
    )
    tiles.reshape(-1)[np.concatenate(doors)] = FLOOR


ROOM_SIZE = Option(
    "room_size", "R", "int", 1, None, None,
    help="stop splitting below K cells (rooms)",
    label="Room size",
    steps=(None, 2, 3, 4, 5, 6, 8, 10),
    shown="{value} (RPG rooms)",
    unset="off (classic)",
)
INFO = GeneratorInfo(NAME, "D", "Recursive division", generate, (ROOM_SIZE,), rooms="room_size")
