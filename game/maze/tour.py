"""The route of a perfect maze and where every other tile hangs off it, in numpy passes.

A perfect maze (no loops, no rooms) is a tree of walkable tiles.  Walking it with a
hand on the wall passes every passage twice, once each way: its *Euler tour*.  A
straight tile (open both ways along one line, nothing else) is no branch point, so the
walk goes from *junction* to junction (every other tile, the start and the goal
included) along straight *corridors*, found along rows and columns in whole-array
steps.  Each step of that walk is fixed by the junction it reaches alone (take the
first opening turning right, then straight on, left, back), so numpy writes the whole
walk as a successor array at once; :func:`_ranks` then numbers its steps in order
without stepping tile by tile in Python.  From the numbered walk, in whole-array steps
(a corridor's step counts its moves):

1. A passage is walked *down* (away from the start) before it is walked back up.  The
   running count of down minus up steps is each tile's depth: its distance from the start.
2. The route is the tiles entered before the goal and not left again until after it.
3. The walk reaches every other tile on a side trip from one route tile: before leaving
   route tile i for i + 1 on the way to the goal, or before leaving it for i - 1 on the
   way back.  That tile is where it hangs; its distance from the route is its depth less i.
4. A corridor's straight tiles lie on the route when its far junction does, else they
   hang where it hangs, each as far from the route as that junction less its moves to it.

:func:`tree_facts` answers None when the maze is no tree reachable from the start (a
loop, a room, an island); :mod:`game.maze.locks` then walks it tile by tile.  Pure: numpy.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import numpy as np

from game.maze.grid import Pos

#: The four ways, clockwise: up, right, down, left (row and column steps).
_WAYS = ((-1, 0), (0, 1), (1, 0), (0, -1))
#: Per way w and openings m (bit w: way w), how many openings of m come before way w: a
#: tile's passages are numbered in way order.
_BELOW = np.array([[bin(m & ((1 << w) - 1)).count("1") for m in range(16)] for w in range(4)],
                  dtype=np.int32)
#: Per way d and openings m, the number of the passage the walk takes on after arriving
#: going way d at a tile with openings m: the first opening of right, straight on, left, back.
_TURN = np.array([[next((_BELOW[w % 4][m] for w in (d + 1, d, d + 3, d + 2)
                         if m >> (w % 4) & 1), 0) for m in range(16)] for d in range(4)],
                 dtype=np.int32)
#: How many openings m has.
_COUNT = np.array([bin(m).count("1") for m in range(16)], dtype=np.int32)
#: One step in this many is a ruler when the walk is numbered (see :func:`_ranks`).
_RULER_EVERY = 48
#: Steps gathered at once where a whole-array gather would need a large index copy.
_CHUNK = 1 << 20


@dataclass(frozen=True)
class TreeFacts:
    """The route of a tree maze and, for every tile off it, where it hangs and how far.

    Tiles are flat indices ``r * cols + c``.  ``route`` runs from start to goal; ``off``
    lists the other walkable tiles, ``hangs`` the route place each hangs off and ``away``
    its distance in moves from the route.
    """

    route: np.ndarray
    off: np.ndarray
    hangs: np.ndarray
    away: np.ndarray


def tree_facts(walk: np.ndarray, start: Pos, goal: Pos) -> Optional[TreeFacts]:
    """Return the route and side tiles of the tree ``walk`` (a bool grid); None if no tree.

    None when the walkable tiles have a loop, are not all reachable from ``start``, or
    the start has no passage or is the goal.
    """
    cols = walk.shape[1]
    if not (walk[start] and walk[goal]) or start == goal:
        return None
    s, g = start[0] * cols + start[1], goal[0] * cols + goal[1]
    grid = _openings(walk).ravel()
    straight = (grid == 5) | (grid == 10)  # up and down, or left and right, nothing else
    straight[[s, g]] = False  # the ends of the route are junctions whatever their shape
    tiles = np.flatnonzero(walk.ravel() & ~straight).astype(np.int32)  # compact -> flat junction
    del straight
    m = grid[tiles]
    del grid
    s, g = (int(i) for i in np.searchsorted(tiles, [s, g]))
    first = np.cumsum(_COUNT[m], dtype=np.int64)
    steps = int(first[-1])
    # a straight tile adds one tile and one passage: a tree's junctions and corridors
    # are a tree too (corridors - junctions + 1 = passages - tiles + 1)
    if steps != 2 * (len(m) - 1) or steps >= 2**31 or m[s] == 0:
        return None  # a loop or an island (edges != tiles - 1), or nothing to walk
    first = (first - _COUNT[m]).astype(np.int32)  # the number of each junction's first way
    ways = [_corridors(tiles, m, 1, 1), _corridors(tiles, m, 2, cols)]
    rank = _ranks(_successors(m, first, steps, ways), int(first[s]))
    if rank is None:
        return None  # the walk from the start misses some corridor: an island
    # per junction: the steps entering it and leaving it for good, the corridor's length
    enter = np.full(len(m), -1, dtype=np.int32)
    leave = np.full(len(m), steps, dtype=np.int32)
    small = np.int16 if max(walk.shape) < 2**15 else np.int32  # holds a corridor's moves
    delta = np.empty(steps, dtype=small)  # per step in walk order: + down, - up, in moves
    long = []  # the corridors with straight tiles inside, and which end is the parent
    for d, step in ((1, 1), (2, cols)):  # right and down: each corridor once, both ways
        u, v = ways.pop(0)
        w = (tiles[v] - tiles[u]) // step
        there = rank[first[u] + _BELOW[d][m[u]]]
        back = rank[first[v] + _BELOW[(d + 2) % 4][m[v]]]
        down = there < back  # u is v's parent (nearer the start)
        child = np.where(down, v, u)
        enter[child] = np.minimum(there, back)
        leave[child] = np.maximum(there, back)
        delta[there] = np.where(down, w, -w)
        delta[back] = np.where(down, -w, w)
        keep = w > 1
        long.append((u[keep], child[keep], w[keep], down[keep]))
        del there, back, child, keep
    del rank, first, u, v, w, down
    at_goal = int(enter[g])
    on_route = (enter <= at_goal) & (leave > at_goal)  # the start too: -1 and never left
    route = np.flatnonzero(on_route)
    route = route[np.argsort(enter[route])]  # entered in route order (the start at -1)
    # the route's own steps: on to a route junction (+ its corridor) and back from it (-)
    row, col = np.divmod(tiles[route], cols)
    length = np.abs(np.diff(row)) + np.abs(np.diff(col))  # a corridor's moves: straight on
    del row, col
    turn = np.zeros(steps, dtype=small)
    turn[enter[route[1:]]] = length
    turn[leave[route[1:]]] = -length
    np.subtract(delta, turn, out=delta)  # the depth below the route: its own steps count nothing
    off = np.flatnonzero(~on_route).astype(np.int32)
    del leave
    # per junction: its route place (on the route) or its distance from it (off it), and
    # the route place the walk last came to (off it)
    place = np.zeros(len(m), dtype=np.int32)
    hangs = np.zeros(len(m), dtype=np.int32)
    place[route[1:]] = np.cumsum(length, dtype=np.int32)
    del length
    x = enter[off]  # the step entering each side junction
    del enter
    hangs[off] = np.cumsum(turn, dtype=np.int32)[x]
    del turn
    place[off] = np.cumsum(delta, dtype=np.int32)[x]
    del delta, x
    # the straight tiles inside a corridor: on the route if its child junction is
    size = len(m) + sum(int(w.sum()) - len(w) for _, _, w, _ in long)
    on = np.empty(int(place[g]) + 1, dtype=np.int32)
    on[place[route]] = tiles[route]
    side, side_hangs, side_away = (np.empty(size - len(on), dtype=np.int32) for _ in range(3))
    k = len(off)
    side[:k], side_hangs[:k], side_away[:k] = tiles[off], hangs[off], place[off]
    del off, route
    for (u, child, w, down), step in zip(long, (1, cols)):
        routed = on_route[child]
        at, where = _inside(tiles[u[routed]], w[routed], down[routed], place[child[routed]],
                            step)
        on[where] = at
        routed = ~routed
        at, away = _inside(tiles[u[routed]], w[routed], down[routed], place[child[routed]],
                           step)
        side[k:k + len(at)], side_away[k:k + len(at)] = at, away
        side_hangs[k:k + len(at)] = np.repeat(hangs[child[routed]], w[routed] - 1)
        k += len(at)
        del at, where, away, routed
    return TreeFacts(on, side, side_hangs, side_away)


def _inside(ends: np.ndarray, w: np.ndarray, down: np.ndarray, place: np.ndarray, step: int
            ) -> tuple[np.ndarray, np.ndarray]:
    """Return the straight tiles inside corridors and the ``place`` of each (see below).

    A corridor runs ``w`` moves from the tile ``ends`` along ``step``; its tile ``j`` moves
    in lies ``place`` (of the child junction: the far end when ``down``) less its distance
    from the child: ``w - j`` when ``down``, else ``j``.
    """
    n = w - 1  # tiles inside each corridor
    lead = np.cumsum(n, dtype=np.int32) - n  # where each corridor's tiles begin
    j = np.arange(1, int(n.sum()) + 1, dtype=np.int32) - np.repeat(lead, n)  # 1 .. w - 1
    del lead
    at = np.repeat(ends.astype(np.int32), n) + j * np.int32(step)
    sign = np.repeat(np.where(down, 1, -1).astype(np.int8), n)
    j *= sign
    del sign
    j += np.repeat(np.where(down, place - w, place), n)
    return at, j


def _corridors(tiles: np.ndarray, m: np.ndarray, d: int, step: int
               ) -> tuple[np.ndarray, np.ndarray]:
    """Return the corridors along way ``d`` (right or down): from junctions, to junctions.

    A corridor runs straight from a junction open along way ``d`` to the next junction
    open the way back; the straight tiles between are no junctions.  Along a row the
    ones open right and the ones open left come in the same order; down a column too,
    so junctions are taken column by column (a stable sort by column keeps the rows in
    order).
    """
    u = np.flatnonzero((m >> d) & 1).astype(np.int32)
    v = np.flatnonzero((m >> ((d + 2) % 4)) & 1).astype(np.int32)
    if step != 1:  # small column numbers sort by radix
        column = np.int16 if step < 2**15 else np.int64
        u = u[np.argsort((tiles[u] % step).astype(column), kind="stable")]
        v = v[np.argsort((tiles[v] % step).astype(column), kind="stable")]
    return u, v


def _successors(m: np.ndarray, first: np.ndarray, steps: int,
                ways: list[tuple[np.ndarray, np.ndarray]]) -> np.ndarray:
    """Return per step (a corridor taken one way) the next step of the hand-on-the-wall walk."""
    succ = np.empty(steps, dtype=np.int32)
    for d, (u, v) in zip((1, 2), ways):  # a step along way d from u to v, and back
        succ[first[u] + _BELOW[d][m[u]]] = first[v] + _TURN[d][m[v]]
        succ[first[v] + _BELOW[(d + 2) % 4][m[v]]] = first[u] + _TURN[(d + 2) % 4][m[u]]
    return succ


def _openings(walk: np.ndarray) -> np.ndarray:
    """Return per tile the ways (bit d: way d of :data:`_WAYS`) to a walkable neighbour."""
    m = np.zeros(walk.shape, dtype=np.uint8)
    m[1:, :] |= (walk[1:, :] & walk[:-1, :]).astype(np.uint8)  # up
    m[:, :-1] |= (walk[:, :-1] & walk[:, 1:]).astype(np.uint8) << 1  # right
    m[:-1, :] |= (walk[:-1, :] & walk[1:, :]).astype(np.uint8) << 2  # down
    m[:, 1:] |= (walk[:, 1:] & walk[:, :-1]).astype(np.uint8) << 3  # left
    return m


def _ranks(succ: np.ndarray, origin: int) -> Optional[np.ndarray]:
    """Return each step's place in the walk that starts at ``origin``; None unless it is one cycle.

    List ranking with rulers: every :data:`_RULER_EVERY`-th step (and the origin) is a
    ruler.  All rulers walk on together, in whole-array steps, to the next ruler, each
    step noting which ruler passed it and how many steps after; the rulers' own places
    then follow in one pass along them, and every other step's place is its ruler's plus
    its count.  The arrays shrink as the walkers arrive.
    """
    n = len(succ)
    ruler = np.zeros(n, dtype=bool)
    ruler[::_RULER_EVERY] = True
    ruler[origin] = True
    rulers = np.flatnonzero(ruler).astype(np.int32)
    count = len(rulers)
    gap = np.empty(count, dtype=np.int64)
    reach = np.empty(count, dtype=np.int32)  # the next ruler's step
    rank = np.zeros(n, dtype=np.int32)  # steps after its ruler, then its place
    owner = np.empty(n, dtype=np.int32)  # the ruler that passed it
    owner[rulers] = np.arange(count, dtype=np.int32)
    walker = np.arange(count, dtype=np.int32)
    at = succ[rulers].astype(np.intp)  # an index: one conversion a round, not one a use
    steps = 1
    while len(walker):
        arrived = ruler[at]
        if arrived.any():
            done = walker[arrived]
            reach[done] = at[arrived]
            gap[done] = steps
            going = ~arrived
            walker, at = walker[going], at[going]
        owner[at] = walker
        rank[at] = steps
        at = succ[at].astype(np.intp)
        steps += 1
    del at, walker, succ  # the caller's was handed over: the numbering needs the memory
    nxt = np.searchsorted(rulers, reach).tolist()  # ruler -> the next ruler's number
    gaps = gap.tolist()
    place = [0] * count
    i = o = int(np.searchsorted(rulers, origin))
    total = 0
    while True:
        place[i] = total
        total += gaps[i]
        i = nxt[i]
        if i == o:
            break
    if total != n:
        return None  # the walk closes before it took every step
    places = np.array(place, dtype=np.int32)
    del place
    for lo in range(0, n, _CHUNK):  # a gather of all at once would copy ``owner`` as int64
        rank[lo:lo + _CHUNK] += places[owner[lo:lo + _CHUNK]]
    return rank
