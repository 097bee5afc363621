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
from game.maze.generators.events import (
    CHAMBER,
    CLOSE,
    DOOR,
    OPEN,
    ROOM,
    SPLIT,
    Trace,
    apply,
    finish_trace,
)
from game.maze.grid import FLOOR, MAX_SIDE, Maze
from game.maze.registry import GeneratorInfo, Option, Pseudocode

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
    span = _span(room_size)
    if span > 1:  # rooms (below three cells every chamber is split to the end anyway)
        split, draws, cuts = _room_plan(rows, cols, span, gen)
    else:
        split, draws = _splits(rows, cols, span, gen)
        cuts = np.empty((0, 5), dtype=np.int64)
    tiles = np.zeros((rows, cols), dtype=np.uint8)
    tiles[1:-1, 1:-1] = FLOOR
    if len(split):
        _draw_walls(tiles, split)
        doors = _doors(cols, split, draws, loops)
        tiles.reshape(-1)[doors[doors >= 0]] = FLOOR
    if len(cuts):
        _draw_cuts(tiles, cuts)
    return finish_maze(tiles, loops, gen)


def trace(
    *,
    rows: int,
    cols: int,
    rng: RngLike = None,
    loops: float = 0.0,
    room_size: Optional[int] = None,
) -> Trace:
    """Generate the maze ``generate`` makes, yielding its steps (see events), then the Maze.

    The whole interior opens as one room; then, chamber by chamber in the order the
    stack gives them, a split (its cross of walls), its doors and the sub-chambers it
    pushes.
    """
    loops, gen = check_common(rows, cols, loops, rng)
    span = _span(room_size)
    if span > 1:
        split, draws, cuts = _room_plan(rows, cols, span, gen)
    else:
        split, draws = _splits(rows, cols, span, gen)
        cuts = np.empty((0, 5), dtype=np.int64)
    tiles = np.zeros((rows, cols), dtype=np.uint8)
    yield (ROOM, 1, 1, rows - 2, cols - 2)
    tiles[1:-1, 1:-1] = FLOOR
    if rows - 3 > span and cols - 3 > span:
        yield (CHAMBER, 1, 1, rows - 2, cols - 2)
    doors = _doors(cols, split, draws, loops) if len(split) else np.empty((0, 4), np.int64)
    for (r1, c1, r2, c2, wr, wc), opened in zip(split.tolist(), doors.tolist()):
        for event in ((SPLIT, wr, wc, r1, c1, r2, c2),
                      *((DOOR, *divmod(door, cols)) for door in opened if door >= 0)):
            apply(tiles, event)
            yield event
        for sub in _sub_chambers(r1, c1, r2, c2, wr, wc, span):
            yield (CHAMBER, *sub)
    # A room map's long rooms are cut after every cross is drawn: the cuts lie inside
    # rooms, apart from every cross, so the order does not change the maze.
    for upright, line, first, last, doorway in cuts.tolist():
        for at in range(first, last + 1):
            event = (CLOSE, at, line) if upright else (CLOSE, line, at)
            apply(tiles, event)
            yield event
        event = (DOOR, *divmod(doorway, cols))
        apply(tiles, event)
        yield event
    yield from finish_trace(tiles, loops, gen)


def _span(room_size: Optional[int]) -> int:
    """Return the widest chamber (tiles between its corners) left unsplit for ``room_size``."""
    if room_size is not None:
        room_size = check_positive(
            "room_size", room_size, "chambers under this many cells across stay open rooms"
        )
    # A chamber is split when it is at least two cells, and at least ``room_size``
    # cells, both ways; below that it stays open.  A chamber spanning tiles a..b (odd,
    # inclusive) has (b - a) // 2 + 1 cells: it is split when b - a > span.
    return 2 * (max(room_size or 1, 2) - 1) - 1


def _sub_chambers(
    r1: int, c1: int, r2: int, c2: int, wr: int, wc: int, span: int
) -> list[tuple[int, int, int, int]]:
    """Return the sub-chambers a split pushes, in push order (top-left is pushed last).

    The rule of :func:`_splits`' loop, which inlines it for speed.
    """
    subs = []
    if r2 - wr > span:
        if wc - c1 > span:
            subs.append((wr + 1, c1, r2, wc - 1))
        if c2 - wc > span:
            subs.append((wr + 1, wc + 1, r2, c2))
    if wr - r1 > span:
        if c2 - wc > span:
            subs.append((r1, wc + 1, wr - 1, c2))
        if wc - c1 > span:
            subs.append((r1, c1, wr - 1, wc - 1))
    return subs


def _splits(
    rows: int, cols: int, span: int, gen: np.random.Generator
) -> tuple[np.ndarray, np.ndarray]:
    """Split chambers off a stack until none is left; return the splits and their draws.

    Each split is a row ``r1, c1, r2, c2, wall row, wall column``; its draws are a row of
    eight random floats, of which the loop needs only the first two.
    """
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
    split = np.frombuffer(splits, dtype=np.intc).astype(np.int64).reshape(-1, 6)
    table = np.concatenate(draws)[: len(split)] if draws else np.empty((0, _PER_SPLIT))
    return split, table


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


def _doors(cols: int, split: np.ndarray, draws: np.ndarray, loops: float) -> np.ndarray:
    """Return each split's doorways (flat tile indices) in its left, lower, right, upper arm.

    Three of the four are open; with probability ``loops`` all four.  A closed arm's
    doorway is -1.
    """
    r1, c1, r2, c2, wr, wc = split.T

    def pick(column: int, cells: np.ndarray) -> np.ndarray:
        """Return the offset in tiles of a random cell among ``cells`` of each arm."""
        offset: np.ndarray = 2 * (draws[:, column] * cells).astype(np.int64)
        return offset

    closed = np.where(draws[:, 2] < loops, 4, (draws[:, 3] * 4).astype(np.int64))
    doors = np.stack((
        wr * cols + c1 + pick(4, (wc - c1 + 1) >> 1),  # left arm
        (wr + 1 + pick(5, (r2 - wr + 1) >> 1)) * cols + wc,  # lower arm
        wr * cols + wc + 1 + pick(6, (c2 - wc + 1) >> 1),  # right arm
        (r1 + pick(7, (wr - r1 + 1) >> 1)) * cols + wc,  # upper arm
    ), axis=1)
    shut = np.nonzero(closed < 4)[0]
    doors[shut, closed[shut]] = -1
    return doors


#: A room longer than this many times its width (in cells) is cut across.
ROOM_RATIO = 2
_GOLDEN = 0.6180339887498949


def _room_plan(
    rows: int, cols: int, span: int, gen: np.random.Generator
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Divide like :func:`_splits`, leaving rooms, and cut rooms that are too long across.

    Only chambers that are crossed or cut are pushed; each takes one row of eight random
    floats.  A chamber too long is cut into as few even pieces as keep each within
    ROOM_RATIO, by walls across it; the fifth float places the first wall's doorway, the
    next ones step on by the golden ratio (spread out, and no more draws).  Return the
    crosses and their draws (as :func:`_splits`) and the cuts, a row each: 1 if it runs
    down a column (else along a row), its line, its first and last tile along it, and its
    doorway's flat index.
    """
    ratio = ROOM_RATIO
    first = (1, 1, rows - 2, cols - 2)
    high, wide = (rows - 3) // 2 + 1, (cols - 3) // 2 + 1
    chambers = [first] if ((rows - 3 > span and cols - 3 > span)
                           or (high > ratio * wide and wide >= 2)
                           or (wide > ratio * high and high >= 2)) else []
    push, pop = chambers.append, chambers.pop
    splits = array("i")
    crossed = array("q")  # the row of draws of each cross, in the order of ``splits``
    cuts = array("q")
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
            if r2 - r1 > span and c2 - c1 > span:  # a cross, as in _splits()
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
            for a, b, c, d in parts:  # wanted, inlined: this loop is hot
                if (c - a > span and d - b > span) or (
                        c - a > ratio * (d - b) + 2 * ratio - 2 and d - b >= 2) or (
                        d - b > ratio * (c - a) + 2 * ratio - 2 and c - a >= 2):
                    push((a, b, c, d))
            if not chambers:
                break
    split = np.frombuffer(splits, dtype=np.intc).astype(np.int64).reshape(-1, 6)
    every = np.concatenate(draws) if draws else np.empty((0, _PER_SPLIT))
    table = every[np.frombuffer(crossed, dtype=np.int64)]
    return split, table, np.frombuffer(cuts, dtype=np.int64).reshape(-1, 5)


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


ROOM_SIZE = Option(
    "room_size", "R", "int", 1, MAX_SIDE, None,
    help=f"stop splitting below K cells (rooms), 1..{MAX_SIDE}",
    label="Room size",
    steps=(None, 2, 3, 4, 5, 6, 8, 10),
    shown="{value} (RPG rooms)",
    unset="off (classic)",
)
#: Its pseudo-code in the lab, and the line each event runs.
CODE = Pseudocode((
    "the whole grid is one open chamber",
    "pop a chamber, draw a cross of walls",
    "open a door in three of the four arms",
    "push the sub-chambers big enough to split",
    "open the entrance, the exit and loops",
), {ROOM: 1, SPLIT: 2, DOOR: 3, CHAMBER: 4, OPEN: 5})
INFO = GeneratorInfo(NAME, "D", "Recursive division", generate, (ROOM_SIZE,), rooms="room_size",
                     trace=trace, code=CODE)
