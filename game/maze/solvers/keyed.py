"""Searches over (tile, keys held): what the solvers run on a maze with keys and doors.

Stepping onto a key tile picks its key up for good; a door tile can be entered only
while holding its colour's key.  A state is a tile and the set of keys held (a bit mask
of the four colours), so a walk may pass a tile more than once -- to fetch a key and come
back.  Each solver keeps its own probe order and marking rule, state by state:

* :func:`breadth_first` marks a state as it is queued; the first walk to reach the goal,
  with whatever keys, has the fewest moves.
* :func:`depth_first` enters the first free neighbour state and backtracks from dead
  ends (dfs and stack, with their probe orders); its walk is legal, not the shortest.

Events are those of the plain solvers: VISIT when a state is marked, BACKTRACK when one is
abandoned (both name the tile), FOUND, then a Solution whose ``keys`` lists the colours
in the order the walk picks them up.  Mazes without keys or doors never come here (see
:func:`has_keys`), so they keep the plain searches, events and fast paths.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Iterator, Optional, Sequence, Union

import numpy as np

from game.maze import tiles as kinds
from game.maze.grid import Maze, Pos
from game.maze.solvers.base import BACKTRACK, FOUND, VISIT, Event, Solution, check_end

# A state's mark in its layer: 0 unmarked; bfs stores how it was reached.
_ORIGIN = 0xFF
_KEY_TAKEN = 0x10  # bfs: the step onto this tile picked up its key (the layer before lacked it)


def has_keys(maze: Maze) -> bool:
    """Return True when the maze has a key or a door (it needs the keyed searches)."""
    return kinds.has_locks(maze.tiles)


def with_keys_held(maze: Maze, colours: str) -> Maze:
    """Return ``maze`` as it is to a walker holding the keys ``colours`` (letters r g b y).

    Their keys and doors become floor; the same maze when ``colours`` is empty.
    """
    bits = sum(1 << kinds.COLOURS.index(ch) for ch in set(colours))
    if not bits:
        return maze
    opened = ((kinds.KINDS["key"] | kinds.KINDS["lock"]) & bits) != 0
    tiles = maze.tiles.copy()
    for kind in np.flatnonzero(opened):
        tiles[tiles == kind] = kinds.FLOOR
    return Maze(tiles, maze.start, maze.goal)


@dataclass
class KeyedGrid:
    """A maze flattened for the keyed searches: per flat index, blocked, key and lock bits.

    The layout is :class:`~game.maze.solvers.base.FlatGrid`'s: ``r * width + c`` with a
    pad column on the right and a pad row at the end, so neighbours need no bounds check.
    Each set of keys held gets its own layer of marks, made when first reached.
    """

    blocked: bytes  # non-zero for wall and padding
    key: bytes  # the key bit a tile gives (0: none)
    lock: bytes  # the key bit a tile needs (0: none)
    width: int
    start: int
    goal: int
    layers: dict[int, bytearray]

    def layer(self, held: int) -> bytearray:
        """Return the marks of the states holding ``held``."""
        marks = self.layers.get(held)
        if marks is None:
            marks = self.layers[held] = bytearray(len(self.blocked))
        return marks

    def pos(self, index: int) -> Pos:
        """Return the ``(row, col)`` of a flat index."""
        r, c = divmod(index, self.width)
        return (r, c)

    def marked(self) -> int:
        """Return how many distinct tiles are marked in any layer."""
        seen = np.zeros(len(self.blocked), dtype=bool)
        for marks in self.layers.values():
            seen |= np.frombuffer(marks, dtype=np.uint8) != 0
        return int(np.count_nonzero(seen))


def flatten_keyed(maze: Maze, start: Pos, goal: Pos) -> KeyedGrid:
    """Check the ends and return the keyed flat grid."""
    start = check_end(maze, start, "start")
    goal = check_end(maze, goal, "goal")
    rows, cols = maze.rows, maze.cols
    width = cols + 1

    def padded(values: np.ndarray, fill: int) -> bytes:
        """Return ``values`` laid out flat with the padding set to ``fill``."""
        out = np.full((rows + 1, width), fill, dtype=np.uint8)
        out[:rows, :cols] = values
        return out.tobytes()

    return KeyedGrid(
        padded(~kinds.walkable(maze.tiles), 1),
        padded(kinds.KINDS["key"][maze.tiles], 0),
        padded(kinds.KINDS["lock"][maze.tiles], 0),
        width,
        start[0] * width + start[1],
        goal[0] * width + goal[1],
        {},
    )


def breadth_first(
    name: str, maze: Maze, start: Pos, goal: Pos, steps: Sequence[Pos]
) -> Iterator[Union[Event, Solution]]:
    """Search (tile, keys) breadth-first, probing ``steps`` in order; yield events, a Solution."""
    grid = flatten_keyed(maze, start, goal)  # the ends are checked before the first next()
    return _breadth_first(name, grid, _flat_steps(steps, grid.width))


def _breadth_first(name: str, grid: KeyedGrid, steps: tuple[int, ...]) -> Iterator[Union[Event, Solution]]:
    """Run the breadth-first search on a checked keyed grid."""
    blocked, key, lock, s, g = grid.blocked, grid.key, grid.lock, grid.start, grid.goal
    width = grid.width
    held = key[s]
    grid.layer(held)[s] = _ORIGIN
    yield (VISIT, *grid.pos(s))
    end: Optional[tuple[int, int]] = (s, held) if s == g else None
    queue = deque([(s, held)])
    while queue and end is None:
        p, held = queue.popleft()
        here = grid.layers[held]  # the layer of most steps: those that take no new key
        for way, step in enumerate(steps):
            n = p + step
            if blocked[n] or lock[n] & ~held:
                continue
            now = held | key[n]
            marks = here if now == held else grid.layer(now)
            if marks[n]:
                continue
            marks[n] = (way + 1) | (_KEY_TAKEN if now != held else 0)
            r, c = divmod(n, width)
            yield (VISIT, r, c)
            if n == g:
                end = (n, now)
                break
            queue.append((n, now))
    trail = None if end is None else _bfs_trail(grid, steps, *end)
    yield from _finish(name, grid, trail)


def _bfs_trail(grid: KeyedGrid, steps: tuple[int, ...], n: int, held: int) -> list[int]:
    """Walk the marks back from state (n, held) to the start; return the tiles start to end."""
    trail = [n]
    mark = grid.layers[held][n]
    while mark != _ORIGIN:
        if mark & _KEY_TAKEN:
            held &= ~grid.key[n]
        n -= steps[(mark & 0x0F) - 1]
        trail.append(n)
        mark = grid.layers[held][n]
    trail.reverse()
    return trail


def depth_first(
    name: str, maze: Maze, start: Pos, goal: Pos, steps: Sequence[Pos]
) -> Iterator[Union[Event, Solution]]:
    """Search (tile, keys) depth-first, probing ``steps`` in order; yield events, a Solution."""
    grid = flatten_keyed(maze, start, goal)  # the ends are checked before the first next()
    return _depth_first(name, grid, _flat_steps(steps, grid.width))


def _depth_first(name: str, grid: KeyedGrid, steps: tuple[int, ...]) -> Iterator[Union[Event, Solution]]:
    """Run the depth-first search on a checked keyed grid.

    As in the plain search, a state the search comes back to probes again from its first
    step: every step it tried before is marked now or was never open.
    """
    blocked, key, lock, s, g = grid.blocked, grid.key, grid.lock, grid.start, grid.goal
    width = grid.width
    held = key[s]
    grid.layer(held)[s] = 1
    yield (VISIT, *grid.pos(s))
    frames = [(s, held)]
    t = s
    while t != g:
        here = grid.layers[held]  # the layer of most steps: those that take no new key
        for step in steps:
            n = t + step
            if blocked[n] or lock[n] & ~held:
                continue
            now = held | key[n]
            marks = here if now == held else grid.layer(now)
            if marks[n]:
                continue
            marks[n] = 1
            frames.append((n, now))
            r, c = divmod(n, width)
            yield (VISIT, r, c)
            t, held = n, now
            break
        else:
            frames.pop()  # a dead end: back to the state before
            yield (BACKTRACK, *grid.pos(t))
            if not frames:
                yield from _finish(name, grid, None)
                return
            t, held = frames[-1]
    yield from _finish(name, grid, [n for n, _ in frames])


def _flat_steps(steps: Sequence[Pos], width: int) -> tuple[int, ...]:
    """Return ``(drow, dcol)`` steps as flat-index offsets."""
    return tuple(dr * width + dc for dr, dc in steps)


def _finish(name: str, grid: KeyedGrid, trail: Optional[list[int]]) -> Iterator[Union[Event, Solution]]:
    """Yield the end of a search: FOUND when ``trail`` is given, then the Solution."""
    path = None if trail is None else [grid.pos(i) for i in trail]
    if path is not None:
        yield (FOUND, *grid.pos(grid.goal))
    keys: list[str] = []
    if trail is not None:
        held = 0
        for i in trail:
            bit = grid.key[i]
            if bit & ~held:
                held |= bit
                keys.append(kinds.colour(bit))
    yield Solution(name, path, grid.marked(), grid.pos(grid.start), grid.pos(grid.goal),
                   tuple(keys))
