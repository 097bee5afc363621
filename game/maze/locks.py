"""Keys and locked doors placed into a generated maze so that each key is needed.

:func:`place_keys` turns a connected maze into one with ``count`` doors and their keys:

1. Find the direct route (the fewest moves from start to goal), each tile's distance
   from it (one breadth-first pass), and the *parts* of the maze off the route with the
   first and last route tile each touches (one flood-fill pass).  A part is a way round
   the route tiles between those two; the *bottlenecks*, the tiles every walk from start
   to goal passes, are the route tiles no part goes round.  Keep those shaped like a
   doorway (walls on both sides along one axis, the passage along the other).
   A perfect maze (a tree: every part touches one route tile, so every route tile is a
   bottleneck) has all this from numpy passes over its Euler tour instead
   (:mod:`game.maze.tour`): the same route, distances and parts, many times sooner.
2. Cut the maze at the bottlenecks into slots, in route order: slot j is what a walker
   reaches after bottleneck j without passing bottleneck j + 1, side passages hanging
   off a bottleneck included (a part belongs to the slot of the first route tile it
   touches); the tiles off the route are where keys can hide.
3. Choose ``count`` bottlenecks as doors (random tries, then the first that fit) so
   that before each door some slot since the last door has a hiding place.
4. For door i put key i in a hiding place behind door i - 1 but before door i, among
   the tiles farthest from the route (a detour).  On a room map only room tiles (in a
   2x2 block of floor) are hiding places.

Every key is needed, since its door is a bottleneck and no other key has its colour;
the maze stays solvable, since each key lies where the keys before it let one walk.
The walls do not change: a maze with keys is the keyless maze of the same seed plus its
doors and keys.  Pure: numpy and the standard library.
"""

from __future__ import annotations

from array import array
import numpy as np

from game.maze import tiles as kinds
from game.maze.grid import Maze
from game.maze.tour import tree_facts

#: The most keys (and doors) a maze can have: one per colour.
MAX_KEYS = len(kinds.COLOURS)
#: Random door choices tried before the first that fit are taken.
_TRIES = 64


class KeysDoNotFit(ValueError):
    """A maze has room for fewer keys and doors than were asked for."""

    def __init__(self, count: int, fits: int, rows: int, cols: int) -> None:
        plural = "s" if fits != 1 else ""
        super().__init__(
            f"keys {count}: this {rows}x{cols} maze has room for at most {fits} "
            f"key{plural} and door{plural} (a bigger maze fits more)"
        )
        self.count, self.fits, self.rows, self.cols = count, fits, rows, cols


def place_keys(maze: Maze, count: int, rng: np.random.Generator, *, rooms: bool = False) -> Maze:
    """Return ``maze`` with ``count`` doors and keys; raise ValueError when they do not fit.

    Too many for the maze is :class:`KeysDoNotFit`, which says how many fit.
    On a room map (``rooms``) keys hide only in rooms.
    """
    if isinstance(count, bool) or not isinstance(count, (int, np.integer)) or not (
        0 <= count <= MAX_KEYS
    ):
        raise ValueError(f"keys must be a whole number from 0 to {MAX_KEYS}, got {count!r}")
    if count == 0:
        return maze
    plan = _Plan(maze, rooms=rooms)
    fits = plan.most_doors()
    if count > fits:
        raise KeysDoNotFit(int(count), fits, maze.rows, maze.cols)
    doors = plan.choose_doors(int(count), rng)
    colours = rng.permutation(MAX_KEYS)[:count]
    tiles = maze.tiles.copy()
    before = 0
    for i, door in enumerate(doors):
        spot = plan.far_pick(*plan.hiding_places(before, door), rng)
        colour = int(colours[i])
        tiles[plan.pos(plan.bottlenecks[door - 1])] = kinds.kind_of(kinds.COLOURS[colour].upper())
        tiles[plan.pos(spot)] = kinds.kind_of(kinds.COLOURS[colour])
        before = door
    return Maze(tiles, maze.start, maze.goal)


class _Plan:
    """The direct route of a maze, its doorway-shaped bottlenecks and the slots between.

    Tiles are flat indices ``r * width + c`` of the maze with a pad column on the right
    and a pad row at the end (``width = cols + 1``), so a neighbour needs no bounds check:
    past an edge it is padding, closed (above the first row, a negative index, is the pad
    row too).  In a tree :func:`~game.maze.tour.tree_facts` does all the work; with
    loops or rooms two passes over the tiles do: :meth:`_distance_from` and :meth:`_parts`
    (``tour=False`` takes them on any maze, to check one against the other).
    """

    def __init__(self, maze: Maze, *, rooms: bool = False, tour: bool = True) -> None:
        cols = maze.cols
        self.width = width = cols + 1
        walk = kinds.walkable(maze.tiles)
        tree = tree_facts(walk, maze.start, maze.goal) if tour else None
        parts: list[tuple[int, int, array[int]]] = []
        if tree is None:  # loops or rooms: tile by tile
            route = self._route(maze)
            # per tile: -2 closed, -1 open; each pass fills in a copy as it reaches tiles
            # (machine ints, not lists: a list of 16 million ints is over half a gigabyte)
            fresh = np.where(_padded(walk), -1, -2).ravel().astype(np.intc)
            distance = np.asarray(self._distance_from(route, _ints(fresh)))
            parts = self._parts(route, _ints(fresh))
            del fresh
        else:  # a tree: no part goes round a route tile, each hangs off one
            route = (tree.route + tree.route // cols).tolist()
        # a part whose route places lo < hi bypasses every route place between them
        bypass = [0] * (len(route) + 1)
        for lo, hi, _ in parts:
            if hi - lo >= 2:
                bypass[lo + 1] += 1
                bypass[hi] -= 1
        doorway = _doorways_at(_padded(walk).ravel(), np.asarray(route), width).tolist()
        #: Door candidates, in route order (slot j follows bottleneck j; slot 0 has the start).
        self.bottlenecks: list[int] = []
        slot_at = [0] * len(route)  # route place -> the slot it lies in
        cover = 0
        for i, t in enumerate(route):
            cover += bypass[i]
            if 0 < i < len(route) - 1 and not cover and doorway[i]:
                self.bottlenecks.append(t)
            slot_at[i] = len(self.bottlenecks)
        #: The hiding places (tiles, in no set order), each one's slot and distance from the route.
        self.hidden: np.ndarray
        self.hidden_slot: np.ndarray
        self.hidden_away: np.ndarray
        if tree is None:
            self.hidden = np.concatenate([np.frombuffer(t, dtype=np.intc) for _, _, t in parts]
                                         or [np.zeros(0, dtype=np.intc)]).astype(np.int32)
            self.hidden_slot = np.repeat(np.array([slot_at[lo] for lo, _, _ in parts], np.int32),
                                         [len(t) for _, _, t in parts])
            self.hidden_away = distance[self.hidden]
        else:
            self.hidden = tree.off + tree.off // cols
            self.hidden_slot = np.asarray(slot_at, dtype=np.int32)[tree.hangs]
            self.hidden_away = tree.away
        if rooms:
            keep = _padded(_in_rooms(walk)).ravel()[self.hidden]
            self.hidden, self.hidden_slot, self.hidden_away = (
                self.hidden[keep], self.hidden_slot[keep], self.hidden_away[keep])
        #: How many hiding places each slot has.
        self.sizes: list[int] = np.bincount(self.hidden_slot,
                                            minlength=len(self.bottlenecks) + 1).tolist()

    def _route(self, maze: Maze) -> list[int]:
        """Return the direct route as tiles (the bfs solver's walk); raise ValueError if none."""
        from game.maze.solvers import solve

        path = solve(maze, "bfs").path
        if path is None:
            raise ValueError("keys need a maze whose exit can be reached")
        return [r * self.width + c for r, c in path]

    def _distance_from(self, route: list[int], distance: array[int]) -> array[int]:
        """Fill in and return each tile's distance in moves from the route (< 0: none).

        ``distance`` starts as -2 on closed tiles and -1 on open ones.
        """
        width = self.width
        for t in route:
            distance[t] = 0
        queue = array("i", route)
        add = queue.append
        for t in queue:  # breadth-first: the queue grows as it is read
            d = distance[t] + 1
            # the four neighbours written out: a loop over them costs a third more
            n = t - width
            if distance[n] == -1:
                distance[n] = d
                add(n)
            n = t + 1
            if distance[n] == -1:
                distance[n] = d
                add(n)
            n = t + width
            if distance[n] == -1:
                distance[n] = d
                add(n)
            n = t - 1
            if distance[n] == -1:
                distance[n] = d
                add(n)
        return distance

    def _parts(self, route: list[int], at: array[int]) -> list[tuple[int, int, array[int]]]:
        """Return the parts of the maze off the route, each with the route places it touches.

        A part is a 4-connected set of walkable tiles off the route; ``(lo, hi, tiles)``
        gives the first and last route place next to it.  A walker reaches a part from
        any route tile it touches, so it hides keys in the slot of place ``lo``; and a
        route tile strictly between ``lo`` and ``hi`` is no bottleneck (the part is a way
        round it).  Every s-g walk avoiding a route tile goes round it through one part,
        since the route, a shortest walk, has no shortcut from tile to tile.

        ``at`` starts as -2 on closed tiles and -1 on open ones; a route tile gets its
        place, a tile taken into a part -2.
        """
        width = self.width
        for i, t in enumerate(route):
            at[t] = i
        parts = []
        for i, t in enumerate(route):
            for first in (t - width, t + 1, t + width, t - 1):
                if at[first] != -1:
                    continue
                at[first] = -2
                tiles, lo, hi = array("i", [first]), i, i
                add = tiles.append
                for u in tiles:  # depth does not matter: the array grows as it is read
                    for n in (u - width, u + 1, u + width, u - 1):
                        j = at[n]
                        if j == -1:
                            at[n] = -2
                            add(n)
                        elif j >= 0:
                            if j < lo:
                                lo = j
                            elif j > hi:
                                hi = j
                parts.append((lo, hi, tiles))
        return parts

    def most_doors(self) -> int:
        """Return how many doors fit: greedily, a door as soon as a hiding place was passed."""
        doors, hidden = 0, False
        for j in range(len(self.bottlenecks)):
            hidden = hidden or self.sizes[j] > 0
            if hidden:
                doors, hidden = doors + 1, False
        return min(doors, MAX_KEYS)

    def fits(self, doors: list[int]) -> bool:
        """Return True when each door (a bottleneck number) has a hiding place before it."""
        before = 0
        for door in doors:
            if not any(self.sizes[before:door]):
                return False
            before = door
        return True

    def choose_doors(self, count: int, rng: np.random.Generator) -> list[int]:
        """Return ``count`` door bottleneck numbers (1-based, route order) that fit."""
        n = len(self.bottlenecks)
        for _ in range(_TRIES):
            doors = sorted(int(d) + 1 for d in rng.choice(n, size=count, replace=False))
            if self.fits(doors):
                return doors
        doors, hidden = [], False  # the greedy choice, which fits whenever count does
        for j in range(n):
            hidden = hidden or self.sizes[j] > 0
            if hidden and len(doors) < count:
                doors.append(j + 1)
                hidden = False
        return doors

    def hiding_places(self, after: int, door: int) -> tuple[np.ndarray, np.ndarray]:
        """Return the hiding places between door ``after`` and door ``door``, and their distances."""
        between = (self.hidden_slot >= after) & (self.hidden_slot < door)
        return self.hidden[between], self.hidden_away[between]

    def far_pick(self, tiles: np.ndarray, away: np.ndarray, rng: np.random.Generator) -> int:
        """Return one of ``tiles``, at random among the farthest quarter from the route.

        Ranked by distance (``away``), farthest first, then by place on the grid: one
        int64 key per tile, the quarter that comes first picked out, then sorted.
        """
        key = (away.max() - away.astype(np.int64)) << 32 | tiles.astype(np.int64)
        k = max(1, len(key) // 4)
        far = np.sort(np.partition(key, k - 1)[:k]) & 0xFFFFFFFF
        return int(far[int(rng.integers(len(far)))])

    def pos(self, t: int) -> tuple[int, int]:
        """Return the ``(row, col)`` of tile ``t``."""
        r, c = divmod(t, self.width)
        return (r, c)


def _ints(values: np.ndarray) -> array[int]:
    """Return ``values`` (C ints) as an ``array('i')``: each read a Python int, 4 bytes each."""
    out = array("i")
    out.frombytes(np.ascontiguousarray(values, dtype=np.intc).tobytes())
    return out


def _padded(a: np.ndarray) -> np.ndarray:
    """Return the bool mask ``a`` with a False column on the right and a False row below."""
    out = np.zeros((a.shape[0] + 1, a.shape[1] + 1), dtype=bool)
    out[:-1, :-1] = a
    return out


def _shift(a: np.ndarray, dr: int, dc: int) -> np.ndarray:
    """Return ``a`` seen from one tile away: out[r, c] = a[r + dr, c + dc] (False outside)."""
    out = np.zeros_like(a)
    rows, cols = a.shape
    out[max(0, -dr): rows - max(0, dr), max(0, -dc): cols - max(0, dc)] = a[
        max(0, dr): rows - max(0, -dr), max(0, dc): cols - max(0, -dc)
    ]
    return out


def _doorways_at(walk: np.ndarray, at: np.ndarray, width: int) -> np.ndarray:
    """Return per tile of ``at`` whether a door fits: walled along one axis, open along the other.

    ``walk`` is padded and flat (rows ``width`` wide: no bounds checks), and only the
    tiles asked about are looked at: a route, not the whole grid.
    """
    n, s, w, e = walk[at - width], walk[at + width], walk[at - 1], walk[at + 1]
    doorway: np.ndarray = walk[at] & ((~w & ~e & n & s) | (~n & ~s & w & e))
    return doorway


def _in_rooms(walk: np.ndarray) -> np.ndarray:
    """Return where the floor is part of a room (a 2x2 block of walkable tiles)."""
    block = walk & _shift(walk, 0, 1) & _shift(walk, 1, 0) & _shift(walk, 1, 1)
    room: np.ndarray = block | _shift(block, 0, -1) | _shift(block, -1, 0) | _shift(block, -1, -1)
    return room


def keys_fit(maze: Maze, *, rooms: bool = False) -> int:
    """Return how many keys and doors :func:`place_keys` can put into ``maze``."""
    return _Plan(maze, rooms=rooms).most_doors()

