"""Tile digging (seed 003's ``CreateMaze``): depth-first, one tile of corridor at a time.

Unlike the cell generators this one has no parity: corridors are one tile wide and may
turn on any tile.  The seed's rule, kept exactly:

1. Start on the entrance tile, (1, 0), and dig into the maze from there.
2. On a freshly dug tile, shuffle the four directions.  For each in turn, dig up to
   ``range`` tiles straight on, where ``range`` is 1, or with ``rank`` R a random
   length 1..R (the seed's ``Rank``: bigger digs longer runs, a simpler maze).
3. A tile is dug only if it is wall, inside the outer ring, and touches no floor but the
   tile it is dug from.  A run stops at the first tile that fails; only a run dug to its
   full length continues depth-first from its last tile, then the next direction is tried.
4. Join the exit, (rows-2, cols-1), to the dug region by the shortest run of wall tiles
   that touches the region at a single tile (the seed instead moves its exit).  If every
   run touches it twice, the loop that closes is broken again by walling up a corridor
   tile on it.
5. With ``loops`` > 0, at each dead-end tile, with probability ``loops``, open a wall
   tile that touches other floor as well, closing a loop.

The dug region is a tree of tiles: a tile is dug only when it touches exactly one floor
tile, and the exit's join keeps it so (see :func:`_connect_exit`).  The recursion is an
explicit stack of pending digs, each checked when it comes off the stack -- when the
seed's recursion would reach it -- so there is no recursion limit.  Each tile keeps a
count of the floor tiles touching it (floor itself counts 8), so the seed's test
"touches no other floor" is one lookup: ``count < 2``.  The rank-1 digger needs less: it
keeps a tile touched once as the table of the step that touched it (to dig on with),
and one touched twice as blocked (:func:`_dig_single`).
"""

from __future__ import annotations

from itertools import chain, permutations, repeat
from typing import Any, Iterator, Optional

import numpy as np

from game.maze.generators._common import RngLike, check_common, check_positive
from game.maze.generators.events import BACK, CLOSE, DIG, OPEN, Trace, changes
from game.maze.grid import FLOOR, MAX_SIDE, WALL, Maze, open_border
from game.maze.registry import GeneratorInfo, Option, Pseudocode

NAME = "dig"

_FLOOR_MARK = 8  # counts of floor tiles; a wall has at most 4 floor neighbours
_IS_FLOOR = bytes(FLOOR if count >= _FLOOR_MARK else WALL for count in range(256))
#: The count of the outer ring, so it is never dug; the rank-1 digger also gives it to a
#: tile touched twice, and tells it from its tables by identity (a small int is one
#: object).  Below _FLOOR_MARK even counted up once (a ring tile touches one inside tile).
_BLOCKED = 5
_BATCH = 1 << 16
_CHUNK = 1 << 16  # draws per chunk of the rank-1 dig
_SEARCH = 1 << 16  # tiles searched for the loop the exit's join may close
# Ranks are drawn as int64; no run gets near this long, so a bigger rank digs the same way.
_LONGEST_RANK = 1 << 62


def _counts(rows: int, cols: int) -> list[int]:
    """Return the all-wall count grid with the outer ring blocked, flat.

    A list: the interpreter reads and writes list items faster than bytearray items.
    """
    counts = ([_BLOCKED] + [0] * (cols - 2) + [_BLOCKED]) * rows
    counts[:cols] = counts[-cols:] = [_BLOCKED] * cols
    return counts


def _dig_single(counts: list[Any], first: int, steps: list[tuple[int, ...]], draws: bytes) -> None:
    """Dig depth-first from tile ``first``, one tile per step (rank 1).

    ``draws`` picks a direction order per dug tile, from ``steps``, as 4 * its index.
    Every tile is dug from a floor neighbour it knows, so it looks only at the other
    three, none of them floor (:func:`_onward`).  Their counts need only say untouched
    (0), touched once by floor (then they hold the table to dig on with, for the step
    that touched them) or blocked.  A touched tile is queued, as the seed's recursion would come back to it,
    unless it is dug at once: the first direction that digs is taken straight away, and
    only the directions after it are queued, the next on top.
    """
    onward = _onward(steps)
    pending: list[int] = []
    push, pop = pending.append, pending.pop
    floor, blocked = _FLOOR_MARK, _BLOCKED  # locals: the loop below reads them often
    tile = first
    table = onward[1]  # ``first`` is dug from the tile on its left
    limit = _CHUNK
    # One draw per dug tile (there are fewer dug tiles than draws), in chunks: between
    # two, a long stack drops the tiles that can no longer be dug, to save memory.
    for start in range(0, len(draws), _CHUNK):
        if len(pending) > limit:
            pending[:] = [n for n in pending if counts[n] is not blocked]
            limit = max(_CHUNK, 2 * len(pending))
        # Marking a neighbour is written out each time: a call would cost more than
        # the rest of the step.  The third is marked in each branch that queues it, not
        # once up front, so a third that digs skips the queue (1.7 % fewer instructions).
        for draw in draws[start : start + _CHUNK]:
            a, table_a, b, table_b, c, table_c = table[draw]
            counts[tile] = floor
            n = tile + a
            if not counts[n]:  # the first direction digs: queue the other two
                m = tile + c
                if counts[m]:
                    counts[m] = blocked
                else:
                    counts[m] = table_c
                    push(m)
                m = tile + b
                if counts[m]:
                    counts[m] = blocked
                else:
                    counts[m] = table_b
                    push(m)
                tile = n
                table = table_a
                continue
            counts[n] = blocked
            n = tile + b
            if not counts[n]:  # the second digs: queue the third
                m = tile + c
                if counts[m]:
                    counts[m] = blocked
                else:
                    counts[m] = table_c
                    push(m)
                tile = n
                table = table_b
                continue
            counts[n] = blocked
            n = tile + c
            if not counts[n]:
                tile = n
                table = table_c
                continue
            counts[n] = blocked
            while pending:  # back to the newest tile queued that can still be dug
                n = pop()
                table = counts[n]
                if table is not blocked:
                    tile = n
                    break
            else:
                return


def _onward(steps: list[tuple[int, ...]]) -> dict[int, list[tuple[Any, ...]]]:
    """Return the digging table of each step.

    A tile dug by ``step`` digs on with ``onward[step]``: by ``4 * order`` it gives that
    order without the step back, as ``(first, onward[first], second, onward[second],
    third, onward[third])``.  Digging so is digging with the whole order: the left-out
    tile is floor, so looking at it changes nothing and it is never dug.
    """
    offsets = steps[0]
    onward: dict[int, list[tuple[Any, ...]]] = {step: [] for step in offsets}
    for step, table in onward.items():
        for order in steps:
            first, second, third = (other for other in order if other != -step)
            entry = (first, onward[first], second, onward[second], third, onward[third])
            table.extend([entry] * len(offsets))
    return onward


def _dig_runs(
    counts: list[int],
    first: int,
    steps: list[tuple[int, ...]],
    draws: bytes,
    lengths: Iterator[int],
) -> None:
    """Dig depth-first from tile ``first`` in straight runs of 1..``rank`` tiles.

    ``steps`` gives each direction order as (step, side) pairs, ``side`` the step across
    it; ``lengths`` gives four run lengths per tile that ends a full run, for its
    directions last to first (the order they were queued in before).
    """
    pending: list[int] = []  # flat fours: from tile, step, side, run length
    pop = pending.pop
    tile = first
    counts[tile] = _FLOOR_MARK
    for step in steps[0][::2]:
        counts[tile + step] += 1
    orders = map(steps.__getitem__, draws)
    # Four lengths per tile, as plain ints: long-lived small lists would wake the garbage
    # collector again and again, and each full collection walks the whole count grid.
    for (a, sa, b, sb, c, sc, d, sd), run_d, run_c, run_b, run_a in zip(
        orders, lengths, lengths, lengths, lengths
    ):
        # ``tile`` ends a full run: queue its four directions, the first on top, except
        # those already blocked at their first tile (counts only grow).  The first is
        # not queued at all: it comes off the top at once.
        if counts[tile + d] < 2:
            pending += (tile, d, sd, run_d)
        if counts[tile + c] < 2:
            pending += (tile, c, sc, run_c)
        if counts[tile + b] < 2:
            pending += (tile, b, sb, run_b)
        n, step, side, run = tile, a, sa, run_a
        while True:
            for _ in range(run):
                n += step
                if counts[n] >= 2:
                    break
                # Count the new floor on its neighbours but the one behind, floor already.
                counts[n] = _FLOOR_MARK
                counts[n + step] += 1
                counts[n + side] += 1
                counts[n - side] += 1
            else:
                tile = n
                break
            if not pending:
                return
            run = pop()
            side = pop()
            step = pop()
            n = pop()


def _connect_exit(floor: bytearray, rows: int, cols: int) -> None:
    """Carve the shortest wall run from the tile inside the exit to the dug region.

    The run may touch the region at one tile only, so the maze stays a tree; when no
    such run exists, the nearest tile touching it more often is used and the loop this
    closes is broken again.
    """
    root = (rows - 2) * cols + cols - 2
    if floor[root]:
        return
    inner = np.zeros((rows, cols), dtype=np.uint8)
    inner[1:-1, 1:-1] = 1
    inside = inner.tobytes()
    came = {root: root}
    queue = [root]
    end = fallback = -1
    for w in queue:  # grows while it is walked: a FIFO queue
        touching = floor[w - cols] + floor[w + 1] + floor[w + cols] + floor[w - 1]
        if touching == 1:
            end = w
            break
        if touching:
            if fallback < 0:
                fallback = w
            continue
        for n in (w - cols, w + 1, w + cols, w - 1):
            if inside[n] and n not in came:
                came[n] = w
                queue.append(n)
    if end < 0:
        end = fallback
    near = [n for n in (end - cols, end + 1, end + cols, end - 1) if floor[n]]
    tile = end
    while True:
        floor[tile] = FLOOR
        if tile == root:
            break
        tile = came[tile]
    if len(near) > 1:
        _break_loop(floor, end, near, cols)


def _break_loop(floor: bytearray, tile: int, near: list[int], cols: int) -> None:
    """Wall up a corridor tile on the loop that opening ``tile`` closed, if one is near.

    ``near`` are the floor tiles ``tile`` joined.  The loop is ``tile`` plus the tree
    path between two of them, found breadth-first (giving up after ``_SEARCH`` tiles); a
    tile on it with exactly two floor neighbours can go without disconnecting anything.
    """
    came = {near[0]: near[0], tile: tile}
    queue = [near[0]]
    others = set(near[1:])
    for w in queue:  # grows while it is walked: a FIFO queue
        if w in others:
            break
        if len(queue) > _SEARCH:
            return
        for n in (w - cols, w + 1, w + cols, w - 1):
            if floor[n] and n not in came:
                came[n] = w
                queue.append(n)
    else:
        return
    while True:
        around = floor[w - cols] + floor[w + 1] + floor[w + cols] + floor[w - 1]
        if around == 2 and w != cols + 1:  # keep the tile inside the entrance
            floor[w] = WALL
            return
        if w == near[0]:
            return
        w = came[w]


def _add_loops(
    floor: bytearray, rows: int, cols: int, loops: float, gen: np.random.Generator
) -> None:
    """At each dead-end tile, with probability ``loops``, open a wall that closes a loop."""
    grid = np.frombuffer(floor, dtype=np.uint8).reshape(rows, cols)
    around = grid[:-2, 1:-1] + grid[2:, 1:-1] + grid[1:-1, :-2] + grid[1:-1, 2:]
    ys, xs = np.nonzero((grid[1:-1, 1:-1] == FLOOR) & (around == 1))
    dead = (ys + 1) * cols + xs + 1
    dead = dead[gen.permutation(len(dead))]
    dead = dead[gen.random(len(dead)) < loops]
    picks = gen.random(len(dead)).tolist()
    inner = np.zeros((rows, cols), dtype=np.uint8)
    inner[1:-1, 1:-1] = 1
    inside = inner.tobytes()
    for t, pick in zip(dead.tolist(), picks):
        if floor[t - cols] + floor[t + 1] + floor[t + cols] + floor[t - 1] != 1:
            continue
        choice = [
            w
            for w in (t - cols, t + 1, t + cols, t - 1)
            if inside[w]
            and not floor[w]
            and floor[w - cols] + floor[w + 1] + floor[w + cols] + floor[w - 1] >= 2
        ]
        if choice:
            floor[choice[int(pick * len(choice))]] = FLOOR


def generate(
    *,
    rows: int,
    cols: int,
    rng: RngLike = None,
    loops: float = 0.0,
    rank: Optional[int] = None,
) -> Maze:
    """Generate a tile-digging maze of ``rows`` x ``cols`` tiles."""
    loops, gen = check_common(rows, cols, loops, rng)
    longest = 1  # the seed's default: runs of one tile
    if rank is not None:
        rank = check_positive("rank", rank, "the longest straight dig, 1 = the seed's default")
        longest = min(rank, _LONGEST_RANK)
    offsets = (-cols, 1, cols, -1)
    steps = [tuple(offsets[i] for i in order) for order in permutations(range(4))]
    orders = gen.integers(0, len(steps), size=rows * cols, dtype=np.uint8)
    counts = _counts(rows, cols)
    entrance = cols  # tile (1, 0)
    counts[entrance] = _FLOOR_MARK
    if longest == 1:
        orders *= 4  # the rank-1 digger's tables are by 4 * order
    draws = orders.tobytes()
    del orders
    if longest == 1:
        _dig_single(counts, entrance + 1, steps, draws)
    else:
        across = {-cols: 1, 1: cols, cols: 1, -1: cols}
        sided = [tuple(x for step in order for x in (step, across[step])) for order in steps]
        batch = min(_BATCH, 4 * rows * cols)  # a multiple of 4: lengths come in fours
        lengths = chain.from_iterable(  # one batch drawn whenever the last one is used up
            gen.integers(1, longest + 1, size=batch).tolist() for _ in repeat(0)
        )
        _dig_runs(counts, entrance + 1, sided, draws, lengths)
    del draws
    floor = bytearray(counts)  # the count list is 8 bytes a tile: let it go first
    del counts
    floor = floor.translate(_IS_FLOOR)
    _connect_exit(floor, rows, cols)
    if loops > 0.0:
        _add_loops(floor, rows, cols, loops, gen)
    return open_border(np.frombuffer(floor, dtype=np.uint8).reshape(rows, cols).copy())


def trace(
    *,
    rows: int,
    cols: int,
    rng: RngLike = None,
    loops: float = 0.0,
    rank: Optional[int] = None,
) -> Trace:
    """Generate the maze ``generate`` makes, yielding its steps (see events), then the Maze.

    The digger digs tile by tile and backs up to the tile the next pending run starts
    from; then the exit's join digs (and may wall one tile up again), loops open and the
    exit opens.
    """
    loops, gen = check_common(rows, cols, loops, rng)
    if rank is not None:
        rank = check_positive("rank", rank, "the longest straight dig, 1 = the seed's default")
        rank = min(rank, _LONGEST_RANK)
    offsets = (-cols, 1, cols, -1)
    steps = [tuple(offsets[i] for i in order) for order in permutations(range(4))]
    draws = gen.integers(0, len(steps), size=rows * cols, dtype=np.uint8).tobytes()
    counts = _counts(rows, cols)
    entrance = cols
    counts[entrance] = _FLOOR_MARK
    yield (DIG, 1, 0)
    if rank is None or rank == 1:
        dug = _trace_single(counts, entrance + 1, steps, draws)
    else:
        across = {-cols: 1, 1: cols, cols: 1, -1: cols}
        sided = [tuple(x for step in order for x in (step, across[step])) for order in steps]
        batch = min(_BATCH, 4 * rows * cols)
        lengths = chain.from_iterable(
            gen.integers(1, rank + 1, size=batch).tolist() for _ in repeat(0)
        )
        dug = _trace_runs(counts, entrance + 1, sided, draws, lengths)
    for kind, tile in dug:
        yield (kind, *divmod(tile, cols))
    floor = bytearray(counts).translate(_IS_FLOOR)
    grid = np.frombuffer(floor, dtype=np.uint8).reshape(rows, cols)
    before = grid.copy()
    _connect_exit(floor, rows, cols)
    yield from changes(before, grid, DIG)
    before = grid.copy()
    if loops > 0.0:
        _add_loops(floor, rows, cols, loops, gen)
    maze = open_border(grid.copy())
    yield from changes(before, maze.tiles)
    yield maze


def _trace_single(
    counts: list[int], first: int, steps: list[tuple[int, ...]], draws: bytes
) -> Iterator[tuple[int, int]]:
    """Dig as :func:`_dig_single` does, yielding (DIG, tile) and (BACK, tile) steps."""
    pending: list[tuple[int, int]] = []  # a tile to dig and the tile it is dug from
    tile = first
    for a, b, c, d in map(steps.__getitem__, draws):
        counts[tile] = _FLOOR_MARK
        yield DIG, tile
        for n in (tile + d, tile + c, tile + b):
            x = counts[n]
            counts[n] = x + 1
            if not x:
                pending.append((n, tile))
        n = tile + a
        x = counts[n]
        counts[n] = x + 1
        if not x:
            tile = n
            continue
        while pending:
            n, parent = pending.pop()
            if counts[n] < 2:
                yield BACK, parent
                tile = n
                break
        else:
            return


def _trace_runs(
    counts: list[int],
    first: int,
    steps: list[tuple[int, ...]],
    draws: bytes,
    lengths: Iterator[int],
) -> Iterator[tuple[int, int]]:
    """Dig as :func:`_dig_runs` does, yielding (DIG, tile) and (BACK, tile) steps."""
    pending: list[int] = []
    pop = pending.pop
    tile = first
    counts[tile] = _FLOOR_MARK
    yield DIG, tile
    for step in steps[0][::2]:
        counts[tile + step] += 1
    orders = map(steps.__getitem__, draws)
    for (a, sa, b, sb, c, sc, d, sd), run_d, run_c, run_b, run_a in zip(
        orders, lengths, lengths, lengths, lengths
    ):
        if counts[tile + d] < 2:
            pending += (tile, d, sd, run_d)
        if counts[tile + c] < 2:
            pending += (tile, c, sc, run_c)
        if counts[tile + b] < 2:
            pending += (tile, b, sb, run_b)
        n, step, side, run = tile, a, sa, run_a
        while True:
            for _ in range(run):
                n += step
                if counts[n] >= 2:
                    break
                counts[n] = _FLOOR_MARK
                counts[n + step] += 1
                counts[n + side] += 1
                counts[n - side] += 1
                yield DIG, n
            else:
                tile = n
                break
            if not pending:
                return
            run = pop()
            side = pop()
            step = pop()
            n = pop()
            yield BACK, n


RANK = Option(
    "rank", "K", "int", 1, MAX_SIDE, None,
    help=f"dig length knob 1..{MAX_SIDE}, bigger is simpler",
    label="Rank",
    steps=(None, 2, 3, 4, 6, 8, 12, 16),
    unset="1 (default)",
)
#: Its pseudo-code in the lab, and the line each event runs.
CODE = Pseudocode((
    "start on the entrance tile",
    "dig a tile that touches no other floor",
    "blocked: back up to the last open choice",
    "join the exit, open loops",
), {DIG: 2, BACK: 3, OPEN: 4, CLOSE: 4})
INFO = GeneratorInfo(NAME, "G", "Tile digger", generate, (RANK,), trace=trace, code=CODE)
