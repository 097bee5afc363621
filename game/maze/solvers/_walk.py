"""What the lab's classic solvers share: the flat grid with step costs, trails, refusals.

They search the padded flat grid of :func:`~game.maze.solvers.base.flatten` (a byte per
tile, FREE where it can be walked), beside a list of what stepping onto each tile costs
(its kind's ``cost``: floor 1).  Probes go down, right, up, left, as bfs's do.  A
search's per-tile state is bytes or an ``array``, not lists and sets of ints: the
collector walks every element of those on each full pass, and a race of eleven searches
of a 1001x1001 maze made such passes stall the lab's frames by 20 ms.  Pure.
"""

from __future__ import annotations

from array import array
from heapq import heappop, heappush
from typing import Iterator, Optional, Sequence, Union

import numpy as np

from game.maze import tiles as kinds
from game.maze.grid import Maze, Pos
from game.maze.solvers.base import EXPAND, FOUND, VISIT, Event, FlatGrid, Solution, flatten
from game.maze.solvers.keyed import has_keys


def weighted(maze: Maze, start: Pos, goal: Pos) -> tuple[FlatGrid, Sequence[int]]:
    """Check the ends; return the flat grid and, per flat index, what stepping there costs."""
    flat = flatten(maze, start, goal)
    rows, cols = maze.rows, maze.cols
    padded = np.zeros((rows + 1, cols + 1), dtype=np.int64)
    padded[:rows, :cols] = kinds.step_costs(maze.tiles)
    return flat, array("q", padded.reshape(-1).tobytes())


def steps_of(flat: FlatGrid) -> tuple[int, int, int, int]:
    """Return the flat steps down, right, up, left."""
    return flat.width, 1, -flat.width, -1


def trail_back(parent: dict[int, int], end: int) -> list[int]:
    """Follow ``parent`` from ``end`` to the tile with none; return the trail in walking order."""
    trail = [end]
    while parent[trail[-1]] >= 0:
        trail.append(parent[trail[-1]])
    trail.reverse()
    return trail


def manhattan(a: int, b: int, width: int) -> int:
    """Return the Manhattan distance between two flat indices."""
    ar, ac = divmod(a, width)
    br, bc = divmod(b, width)
    return abs(ar - br) + abs(ac - bc)


def refuse_keys(maze: Maze, name: str) -> None:
    """Raise ValueError when ``maze`` has keys and doors: the walking solvers cannot use them."""
    if has_keys(maze):
        raise ValueError(f"the {name} solver cannot solve a maze with keys and doors "
                         "(use a solver that can, such as bfs)")


def answer(name: str, flat: FlatGrid, trail: Optional[Sequence[int]], visited: int) -> Solution:
    """Return the Solution of a search that found ``trail`` (None: no path)."""
    path = None if trail is None else flat.positions(trail)
    return Solution(name, path, visited, flat.pos(flat.start), flat.pos(flat.goal))


def best_first(name: str, flat: FlatGrid, cost: Sequence[int], *, by_cost: bool,
               by_distance: bool) -> Iterator[Union[Event, Solution]]:
    """Search best-first: expand the open tile of least priority; yield events, a Solution.

    The priority adds up the cost so far (``by_cost``: Dijkstra) and the Manhattan
    distance left (``by_distance``: greedy; both: A*), ties going to the tile nearer the
    goal, then to the tile marked first.  A tile is marked (VISIT) when first reached and
    expanded (EXPAND) when taken out; a cheaper way to an open tile replaces its entry.
    """
    w, s, g = flat.width, flat.start, flat.goal
    grid = flat.cells
    steps = steps_of(flat)
    spent = {s: 0}
    parent = {s: -1}
    closed = bytearray(len(grid))
    left = manhattan(s, g, w)
    heap = [(left if by_distance else 0, left, 0, s)]
    order = 1
    yield (VISIT, *flat.pos(s))
    found = s == g
    while heap and not found:
        _, _, _, p = heappop(heap)
        if closed[p]:
            continue  # a dearer entry of a tile already expanded
        closed[p] = 1
        yield (EXPAND, *flat.pos(p))
        if p == g:
            found = True
            break
        for step in steps:
            n = p + step
            if grid[n] or closed[n]:
                continue
            so_far = spent[p] + cost[n]
            known = n in parent
            if known and (not by_cost or so_far >= spent[n]):
                continue
            spent[n], parent[n] = so_far, p
            left = manhattan(n, g, w)
            heappush(heap, ((so_far if by_cost else 0) + (left if by_distance else 0),
                            left, order, n))
            order += 1
            if not known:
                yield (VISIT, *flat.pos(n))
    trail = trail_back(parent, g) if found else None
    if trail is not None:
        yield (FOUND, *flat.pos(g))
    yield answer(name, flat, trail, len(parent))
