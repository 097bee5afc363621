"""What every solver yields: exploration events, then one Solution.

A solver is a Python generator ``explore(maze, start, goal)``.  It yields events as
plain tuples ``(kind, row, col)`` -- cheap enough to yield millions of: a tile marked
(VISIT, the trace's ``mark``), looked from (EXPAND), abandoned (BACKTRACK), the goal
reached (FOUND) -- and its last item is a :class:`Solution`; the game's hint overlay
pulls a few events per frame to animate the search.  Each solver module also has
``run(flat)``, the same search without events, which ``solve()`` uses: the same
Solution in a fraction of the time.
"""

from __future__ import annotations

import operator
from array import array
from itertools import repeat
from dataclasses import dataclass
from typing import Callable, Generator, Iterator, Optional, Sequence, SupportsIndex, Union, cast

import numpy as np

from game.maze import tiles as kinds
from game.maze.grid import Maze, Pos

#: A tile was marked (enqueued for bfs, entered for dfs, pushed for stack).
VISIT = 0
#: A tile was abandoned on backtrack (dfs and stack only); it stays marked.
BACKTRACK = 1
#: The goal was reached; the Solution follows.
FOUND = 2
#: The search looks from a tile: bfs takes it from its queue; dfs and stack come back to
#: it after a backtrack (a tile they mark is looked from at once, with no event of its own).
EXPAND = 3

#: Each kind's name in traces (``solve --trace``), by kind.
EVENT_NAMES: dict[int, str] = {VISIT: "mark", BACKTRACK: "backtrack", FOUND: "found",
                               EXPAND: "expand"}

Event = tuple[int, int, int]


@dataclass(frozen=True)
class Solution:
    """The answer of one solver run."""

    solver: str
    path: Optional[list[Pos]]  # start .. goal inclusive, None when there is no path
    visited: int  # distinct tiles marked when the solver stopped, start included
    start: Pos
    goal: Pos
    keys: tuple[str, ...] = ()  # the key colours (r g b y) the path picks up, in order

    @property
    def found(self) -> bool:
        """Return True when a path exists."""
        return self.path is not None

    @property
    def length(self) -> Optional[int]:
        """Return the number of moves (tiles in walk - 1), or None without a path."""
        return None if self.path is None else len(self.path) - 1


Explore = Callable[[Maze, Pos, Pos], Iterator[Union[Event, Solution]]]
#: A search without events: the trail (flat indices, start to goal) or None, and visited.
Run = Callable[["FlatGrid"], tuple[Optional[Sequence[int]], int]]


#: Grid byte of a floor tile nobody has marked yet (falsy, so ``if not grid[i]`` probes it).
FREE = 0
#: Grid byte of a wall tile, of the padding around the maze, or of a marked tile (non-zero).
BLOCKED = 1


@dataclass(frozen=True)
class FlatGrid:
    """A maze flattened for fast solving: one byte per tile, padded with wall.

    Tile ``(r, c)`` lives at index ``r * width + c``.  Each row carries one extra pad
    column on its right and a pad row follows the last row, so the four neighbours of any
    tile are ``i + width``, ``i + 1``, ``i - width``, ``i - 1`` with no bounds check:
    stepping off the right or bottom edge lands on padding, and stepping off the top or
    left edge gives an index in ``-width..-1``, which Python reads from the pad row at the
    end.  Padding is never free.  ``divmod(i, width)`` is ``(r, c)``.
    """

    cells: bytearray  # FREE for unmarked floor, non-zero otherwise; solvers mark in place
    width: int  # maze cols + 1
    start: int
    goal: int

    @property
    def typecode(self) -> str:
        """Return the ``array`` typecode wide enough for every flat index."""
        return "i" if len(self.cells) < 2**31 else "q"

    def pos(self, index: int) -> Pos:
        """Return the ``(row, col)`` of a flat index."""
        r, c = divmod(index, self.width)
        return (r, c)

    def positions(self, indices: Sequence[int]) -> list[Pos]:
        """Return the ``(row, col)`` of many flat indices at once."""
        return list(map(divmod, indices, repeat(self.width, len(indices))))

    def marks(self, rows: int) -> np.ndarray:
        """Return a (rows, width - 1) bool array: True where a solver left its mark."""
        cells = np.frombuffer(self.cells, dtype=np.uint8).reshape(-1, self.width)
        marks: np.ndarray = cells[:rows, :-1] > BLOCKED
        return marks

    def marked(self) -> int:
        """Return how many tiles carry a solver's mark (any byte above FREE and BLOCKED)."""
        return int(np.count_nonzero(np.frombuffer(self.cells, dtype=np.uint8) > BLOCKED))


def check_end(maze: Maze, pos: object, what: str) -> Pos:
    """Return ``pos`` as a ``(row, col)`` of ints, or raise ValueError saying what is wrong."""
    try:
        row, col = cast("tuple[SupportsIndex, SupportsIndex]", pos)  # checked just below
        if isinstance(row, bool) or isinstance(col, bool):
            raise TypeError
        r, c = operator.index(row), operator.index(col)
    except (TypeError, ValueError):
        raise ValueError(f"{what} must be a (row, col) pair of integers, got {pos!r}") from None
    if not (0 <= r < maze.rows and 0 <= c < maze.cols):
        raise ValueError(
            f"{what} ({r}, {c}) is off the grid: rows 0..{maze.rows - 1}, "
            f"cols 0..{maze.cols - 1}"
        )
    if not kinds.is_walkable(maze.tiles[r, c]):
        raise ValueError(f"{what} ({r}, {c}) is on a wall (expected a floor tile)")
    return (r, c)


def flatten(maze: Maze, start: Pos, goal: Pos) -> FlatGrid:
    """Check the ends and return the padded flat grid a solver runs on."""
    start = check_end(maze, start, "start")
    goal = check_end(maze, goal, "goal")
    rows, cols = maze.rows, maze.cols
    width = cols + 1
    padded = np.full((rows + 1, width), BLOCKED, dtype=np.uint8)
    padded[:rows, :cols] = ~kinds.walkable(maze.tiles)
    return FlatGrid(
        bytearray(padded.tobytes()),
        width,
        start[0] * width + start[1],
        goal[0] * width + goal[1],
    )


def depth_first(
    flat: FlatGrid, steps: tuple[int, int, int, int]
) -> tuple[Optional[Sequence[int]], int]:
    """Search depth-first without events, probing ``steps`` in order; return trail or None, visited.

    This is dfs and stack alike.  A tile the search comes back to probes again from its
    first step: every step it tried before is marked now or was never free, so it finds
    the neighbour it would have tried next (stack's stored next direction).
    """
    first, second, third, fourth = steps
    grid, s, g = flat.cells, flat.start, flat.goal
    mark = BLOCKED + 1
    grid[s] = mark
    trail = array(flat.typecode, [s])
    append, pop = trail.append, trail.pop
    t = s
    while t != g:
        n = t + first
        if not grid[n]:
            grid[n] = mark
            append(n)
            t = n
            continue
        n = t + second
        if not grid[n]:
            grid[n] = mark
            append(n)
            t = n
            continue
        n = t + third
        if not grid[n]:
            grid[n] = mark
            append(n)
            t = n
            continue
        n = t + fourth
        if not grid[n]:
            grid[n] = mark
            append(n)
            t = n
            continue
        pop()  # a dead end: back to the tile before
        if not trail:
            return None, flat.marked()
        t = trail[-1]
    return trail, flat.marked()


def depth_first_sliced(
    flat: FlatGrid, steps: tuple[int, int, int, int], every: int
) -> Generator[None, None, tuple[Optional[Sequence[int]], int]]:
    """Run :func:`depth_first` a slice at a time: yield None every ``every`` steps, return its answer.

    The same marks, trail and count; what a caller with a frame's time box runs.
    """
    first, second, third, fourth = steps
    grid, s, g = flat.cells, flat.start, flat.goal
    mark = BLOCKED + 1
    grid[s] = mark
    trail = array(flat.typecode, [s])
    append, pop = trail.append, trail.pop
    t = s
    left = every
    while t != g:
        left -= 1
        if not left:
            yield None
            left = every
        n = t + first
        if not grid[n]:
            grid[n] = mark
            append(n)
            t = n
            continue
        n = t + second
        if not grid[n]:
            grid[n] = mark
            append(n)
            t = n
            continue
        n = t + third
        if not grid[n]:
            grid[n] = mark
            append(n)
            t = n
            continue
        n = t + fourth
        if not grid[n]:
            grid[n] = mark
            append(n)
            t = n
            continue
        pop()  # a dead end: back to the tile before
        if not trail:
            return None, flat.marked()
        t = trail[-1]
    return trail, flat.marked()


def solution(
    solver: str, flat: FlatGrid, trail: Optional[Sequence[int]], visited: int
) -> Solution:
    """Return the Solution of a search that found ``trail`` (None: no path)."""
    path = None if trail is None else flat.positions(trail)
    return Solution(solver, path, visited, flat.pos(flat.start), flat.pos(flat.goal))


def finish(
    solver: str, flat: FlatGrid, trail: Optional[Sequence[int]], visited: int
) -> Iterator[Union[Event, Solution]]:
    """Yield the end of a search: FOUND when ``trail`` is given, then the Solution."""
    if trail is not None:
        yield (FOUND, *flat.pos(flat.goal))
    yield solution(solver, flat, trail, visited)
