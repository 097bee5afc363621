"""Chasers' lairs placed into a maze so that walking the shortest route always escapes.

A lair (text ``M``, tile kind "lair") is a floor tile where a chaser starts; the chasers'
rules are :mod:`game.maze.chase`.  :func:`place_lairs` puts ``count`` of them into a
generated maze, fair by construction:

1. Find the shortest route from the entrance to the exit (keys fetched on the way) and,
   by one breadth-first pass from all its tiles at once, each tile's way onto it: the
   route tile it joins (the first in route order among the nearest) and how far that is.
   With mud, a cheapest-first pass instead: how long the chaser wading the mud takes.
2. A tile's *lead* is the ticks a chaser from there needs to join the route, minus the
   tick a walker at the fair pace (``FAIR_TICKS`` a step: three quarters of a held-key
   walk) passes that route tile: at least ``SAFE_TICKS`` and the chaser can only come up
   behind the walker.  Candidates lie at least ``MIN_FROM_START`` steps
   from the entrance; those in the far half of the maze come first, the smallest lead
   (the most threatening) first.
3. Lairs are drawn with ``rng`` among the first few candidates, a few apart, and the set is
   proved by playing the chasers' own rules (:class:`Pack`) against the walker on the
   route at the fair pace: it is taken when no chaser comes within ``CLOSEST`` steps (else
   another is drawn).  With mud, the first ``_PROVED`` candidates are first proved one by
   one (in one play: chasers never block each other) and only those fair alone are drawn:
   fewer lie near enough the route to join it behind the walker, and the most
   threatening of them are mostly unfair.  A new player who walks the route a quarter
   slower than a held key (turning late, pausing at a junction) still escapes; walking it at full pace leaves the
   chasers far behind.

Pure: numpy and the standard library.
"""

from __future__ import annotations

import heapq
from collections import deque
from typing import Iterator, Optional

import numpy as np

from game.maze import tiles as kinds
from game.maze.chase import CHASER_TICKS, MAX_CHASERS, WALK_TICKS, Pack, flood
from game.maze.grid import Maze, Pos

#: Ticks between the fair walker's steps: 6 tiles a second, three quarters of the held-key
#: walk (a held key's repeat delay at every turn alone costs a new player a tenth of it).
FAIR_TICKS = 20
#: The least lead (ticks) a candidate lair's chaser leaves the walker where it joins the route.
SAFE_TICKS = 2 * CHASER_TICKS
#: No lair lies nearer the entrance than this many steps.
MIN_FROM_START = 10
#: A walker on the shortest route keeps every chaser at least this many steps away.
CLOSEST = 2
#: Lairs lie at least this many steps apart (row plus column).
LAIR_SPACING = 6
#: Sets of lairs drawn and proved by play at most, and the candidates each lair is drawn among.
_TRIES = 4
_CHOICES = 4
#: On a maze with mud, the candidates (the first, in order) proved fair one by one first.
_PROVED = 64
_STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))


def shortest_route(maze: Maze) -> list[Pos]:
    """Return a shortest route from the entrance to the exit (keys fetched on the way)."""
    from game.maze.solvers import solve

    path = solve(maze, "bfs").path
    if path is None:
        raise ValueError("chasers need a way from the entrance to the exit")
    return list(path)


def leads(maze: Maze, route: list[Pos]) -> np.ndarray:
    """Return each tile's lead in ticks (step 2 of the module docstring); -1 off the map."""
    if kinds.weighted(maze.tiles):
        joins, dist = _joins_weighted(maze, route)
    else:
        joins, dist = _joins(maze, route)
    starts = np.array(departures(maze, route)[0], dtype=np.int64)
    out: np.ndarray = np.where(dist >= 0, dist * CHASER_TICKS - starts[joins], -1)
    return out


def _joins(maze: Maze, route: list[Pos]) -> tuple[np.ndarray, np.ndarray]:
    """Return each tile's way onto ``route``: the route index it joins and the steps (-1: none)."""
    walk = kinds.walkable(maze.tiles)
    rows, cols = walk.shape
    joins = np.full(walk.shape, -1, dtype=np.int64)  # the route index each tile joins
    dist = np.full(walk.shape, -1, dtype=np.int64)
    queue: deque[Pos] = deque()
    for i, pos in enumerate(route):
        if dist[pos] < 0:
            dist[pos], joins[pos] = 0, i
            queue.append(pos)
    while queue:
        r, c = queue.popleft()
        for dr, dc in _STEPS:
            q = (r + dr, c + dc)
            if 0 <= q[0] < rows and 0 <= q[1] < cols and walk[q] and dist[q] < 0:
                dist[q], joins[q] = dist[r, c] + 1, joins[r, c]
                queue.append(q)
    return joins, dist


def _joins_weighted(maze: Maze, route: list[Pos]) -> tuple[np.ndarray, np.ndarray]:
    """Return each tile's cheapest way onto ``route`` as a chaser wades it: index, cost (-1: none).

    The cost is what the tiles a chaser steps onto cost (mud its MUD_COST), so that
    times CHASER_TICKS is the soonest it can reach the route: a chaser hunting by steps
    takes at least that long.
    """
    walk = kinds.walkable(maze.tiles)
    costs = kinds.step_costs(maze.tiles).astype(np.int64)
    rows, cols = walk.shape
    joins = np.full(walk.shape, -1, dtype=np.int64)
    dist = np.full(walk.shape, -1, dtype=np.int64)
    heap: list[tuple[int, int, int, int]] = []
    for i, (r, c) in enumerate(route):
        if dist[r, c] < 0:
            dist[r, c], joins[r, c] = 0, i
            heap.append((0, i, r, c))
    heapq.heapify(heap)
    while heap:
        d, i, r, c = heapq.heappop(heap)
        if d > dist[r, c]:
            continue
        step = d + int(costs[r, c])  # a chaser on a neighbour steps onto (r, c)
        for dr, dc in _STEPS:
            qr, qc = r + dr, c + dc
            if 0 <= qr < rows and 0 <= qc < cols and walk[qr, qc] and (
                    dist[qr, qc] < 0 or step < dist[qr, qc]):
                dist[qr, qc], joins[qr, qc] = step, i
                heapq.heappush(heap, (step, i, qr, qc))
    return joins, dist


def departures(maze: Maze, route: list[Pos]) -> tuple[list[int], list[int]]:
    """Return the tick the fair walker sets off from each tile of ``route``, and each step's slide.

    A step takes FAIR_TICKS ticks at the fair pace, of which it slides WALK_TICKS as in the
    game; onto mud both are as many times longer as the mud costs.
    """
    costs = kinds.step_costs(maze.tiles) if kinds.weighted(maze.tiles) else None
    starts, slides = [0], []
    for pos in route[1:]:
        cost = 1 if costs is None else int(costs[pos])
        slides.append(WALK_TICKS * cost)
        starts.append(starts[-1] + FAIR_TICKS * cost)
    return starts, slides


def escapes(maze: Maze, route: list[Pos], lairs: list[Pos]) -> Optional[int]:
    """Return the fewest steps any chaser from ``lairs`` comes to a walker on ``route``.

    The walker taps a step every FAIR_TICKS ticks (that many times more onto mud) from the
    first tick, as the chasers set off, each step sliding WALK_TICKS ticks (likewise) as in
    the game, then standing until the next; None when no chaser ever has a way to it.  A
    catch is 0.
    """
    pack = _pack(maze, lairs)
    for drawn in _walk(maze, route, pack):
        if pack.catches(drawn):
            return 0
    return pack.closest


def closest_each(maze: Maze, route: list[Pos], lairs: list[Pos]) -> list[Optional[int]]:
    """Return, for each lair alone, the fewest steps its chaser comes to the walker (0: a catch).

    One play for them all (as :func:`escapes` plays a set): the chasers never meet or
    block each other, so each comes as near as it would alone.  None: it never has a way.
    """
    if not lairs:
        return []
    pack = _pack(maze, lairs)
    order = {lair: n for n, lair in enumerate(lairs)}
    chasers = sorted(pack.chasers, key=lambda chaser: order[chaser.lair])
    closest: list[Optional[int]] = [None] * len(chasers)
    for drawn in _walk(maze, route, pack):
        for n, chaser in enumerate(chasers):
            if closest[n] == 0:
                continue
            steps = pack.steps(chaser)
            best = closest[n]
            if chaser.catches(drawn):
                closest[n] = 0
            elif steps >= 0 and (best is None or steps < best):
                closest[n] = steps
    return closest


def _pack(maze: Maze, lairs: list[Pos]) -> Pack:
    """Return the chasers of ``lairs`` (only those) in ``maze``, awake at once: no slack."""
    tiles = maze.tiles.copy()
    lair = kinds.kind_of("M")
    tiles[tiles == lair] = kinds.FLOOR
    for pos in lairs:
        tiles[pos] = lair
    return Pack(Maze(tiles, maze.start, maze.goal), fog=False, held=0, wake=0)


def _walk(maze: Maze, route: list[Pos], pack: Pack) -> Iterator[tuple[float, float]]:
    """Walk ``route`` at the fair pace beside ``pack``, stepping it; yield where the walker is drawn."""
    tiles = pack.maze.tiles
    held = int(kinds.KINDS["key"][tiles[maze.start]])
    last = len(route) - 1
    starts, slides = departures(maze, route)
    k = 0
    for tick in range(1, starts[last - 1] + slides[-1] + 1):
        while k < last and starts[k + 1] <= tick:
            k += 1
        part = tick - starts[k]
        here = route[k]
        there = route[min(k + 1, last)]
        bit = int(kinds.KINDS["key"][tiles[there]]) if part == 0 or tick == 1 else 0
        if bit & ~held:
            held |= bit
            pack.open_doors(held)
        f = min(part / slides[k], 1.0) if k < last else 0.0
        pack.step(there if k < last else here)
        yield (here[0] + (there[0] - here[0]) * f, here[1] + (there[1] - here[1]) * f)


def place_lairs(maze: Maze, count: int, rng: np.random.Generator) -> Maze:
    """Return ``maze`` with ``count`` lairs; raise ValueError when they do not fit."""
    if isinstance(count, bool) or not isinstance(count, (int, np.integer)) or not (
        0 <= count <= MAX_CHASERS
    ):
        raise ValueError(f"chasers must be a whole number from 0 to {MAX_CHASERS}, got {count!r}")
    if count == 0:
        return maze
    route = shortest_route(maze)
    lead = leads(maze, route)
    from_start = flood(kinds.walkable(maze.tiles), maze.start)
    far = from_start >= max(int(from_start.max()) // 2, 1)
    fit = (maze.tiles == kinds.FLOOR) & (from_start >= MIN_FROM_START) & (lead >= SAFE_TICKS)
    fit[maze.start] = fit[maze.goal] = False
    cells = [(int(r), int(c)) for r, c in zip(*np.nonzero(fit))]
    cells.sort(key=lambda pos: (not far[pos], int(lead[pos]), pos))
    if kinds.weighted(maze.tiles):  # step 3 with mud: only lairs fair alone are drawn
        cells = cells[:_PROVED]
        cells = [pos for pos, near in zip(cells, closest_each(maze, route, cells))
                 if near is None or near >= CLOSEST]
    for _ in range(_TRIES):
        chosen = _draw(cells, count, rng)
        if chosen is None:
            break
        closest = escapes(maze, route, chosen)
        if closest is None or closest >= CLOSEST:
            tiles = maze.tiles.copy()
            for pos in chosen:
                tiles[pos] = kinds.kind_of("M")
            return Maze(tiles, maze.start, maze.goal)
        cells = [pos for pos in cells if pos not in chosen[-1:]]  # the last drawn failed
    raise LairsDoNotFit(count, maze.rows, maze.cols)


def _draw(cells: list[Pos], count: int, rng: np.random.Generator) -> Optional[list[Pos]]:
    """Return ``count`` lairs drawn among the first few of ``cells``, spaced apart (None: too few)."""
    chosen: list[Pos] = []
    while len(chosen) < count:
        spaced = [pos for pos in cells if all(
            abs(pos[0] - q[0]) + abs(pos[1] - q[1]) >= LAIR_SPACING for q in chosen)]
        if not spaced:
            return None
        chosen.append(spaced[int(rng.integers(min(_CHOICES, len(spaced))))])
    return chosen


class LairsDoNotFit(ValueError):
    """A maze has no room for as many fair lairs as chasers were asked for."""

    def __init__(self, count: int, rows: int, cols: int) -> None:
        fewer = "fewer chasers, " if count > 1 else ""  # one chaser fewer is none
        super().__init__(
            f"chasers {count}: this {rows}x{cols} maze has no room for "
            f"{count} fair lair{'s' if count != 1 else ''} ({fewer}another seed, more loops, "
            "another generator or a bigger maze)")
        self.count, self.rows, self.cols = count, rows, cols
