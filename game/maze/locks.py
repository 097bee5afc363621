"""Keys and locked doors placed into a generated maze so that each key is needed.

:func:`place_keys` turns a connected maze into one with ``count`` doors and their keys:

1. Find the direct route (the fewest moves from start to goal) and, on it, the
   *bottlenecks*: the tiles every walk from start to goal passes (one depth-first
   search with low links), keeping those shaped like a doorway (walls on both sides
   along one axis, the passage along the other).
2. Cut the maze at the bottlenecks into slots, in route order: slot j is what a walker
   reaches after bottleneck j without passing bottleneck j + 1, side passages hanging
   off a bottleneck included; the tiles off the route are where keys can hide.
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

from collections import deque
import numpy as np

from game.maze import tiles as kinds
from game.maze.grid import Maze

#: The most keys (and doors) a maze can have: one per colour.
MAX_KEYS = len(kinds.COLOURS)
#: Random door choices tried before the first that fit are taken.
_TRIES = 64


def place_keys(maze: Maze, count: int, rng: np.random.Generator, *, rooms: bool = False) -> Maze:
    """Return ``maze`` with ``count`` doors and keys; raise ValueError when they do not fit.

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
        raise ValueError(
            f"keys {count}: this {maze.rows}x{maze.cols} maze has room for at most {fits} "
            f"key{'s' if fits != 1 else ''} and door{'s' if fits != 1 else ''} "
            "(a bigger maze fits more)"
        )
    doors = plan.choose_doors(int(count), rng)
    colours = rng.permutation(MAX_KEYS)[:count]
    tiles = maze.tiles.copy()
    before = 0
    for i, door in enumerate(doors):
        spot = _far_pick(plan.hiding_places(before, door), plan.distance, rng)
        colour = int(colours[i])
        tiles.flat[plan.bottlenecks[door - 1]] = kinds.kind_of(kinds.COLOURS[colour].upper())
        tiles.flat[spot] = kinds.kind_of(kinds.COLOURS[colour])
        before = door
    return Maze(tiles, maze.start, maze.goal)


class _Plan:
    """The direct route of a maze, its doorway-shaped bottlenecks and the slots between."""

    def __init__(self, maze: Maze, *, rooms: bool = False) -> None:
        from game.maze.solvers import solve

        self.maze = maze
        cols = maze.cols
        walk = kinds.walkable(maze.tiles)
        self.open = walk.ravel().tolist()
        path = solve(maze, "bfs").path
        if path is None:
            raise ValueError("keys need a maze whose exit can be reached")
        route = [r * cols + c for r, c in path]
        cut = _bottlenecks(self.open, maze.rows, cols, route[0], route[-1])
        doorway = _doorways(walk).ravel()
        #: Door candidates, in route order (slot j follows bottleneck j; slot 0 has the start).
        self.bottlenecks = [t for t in route[1:-1] if t in cut and doorway[t]]
        self.route_slot: dict[int, int] = {}  # route tile -> the slot it lies in
        slot, doors = 0, set(self.bottlenecks)
        for t in route:
            slot += t in doors
            self.route_slot[t] = slot
        self.distance = self._distance_from(route)
        self.slots = self._slots()
        if rooms:
            in_room = _in_rooms(walk).ravel()
            self.slots = [[t for t in slot if in_room[t]] for slot in self.slots]

    def _neighbours(self, t: int) -> list[int]:
        """Return the walkable 4-neighbours of flat index ``t``."""
        cols, rows = self.maze.cols, self.maze.rows
        r, c = divmod(t, cols)
        out = []
        if r > 0 and self.open[t - cols]:
            out.append(t - cols)
        if c + 1 < cols and self.open[t + 1]:
            out.append(t + 1)
        if r + 1 < rows and self.open[t + cols]:
            out.append(t + cols)
        if c > 0 and self.open[t - 1]:
            out.append(t - 1)
        return out

    def _distance_from(self, route: list[int]) -> dict[int, int]:
        """Return each reachable tile's distance in moves from the nearest route tile."""
        distance = dict.fromkeys(route, 0)
        queue = deque(route)
        while queue:
            t = queue.popleft()
            for n in self._neighbours(t):
                if n not in distance:
                    distance[n] = distance[t] + 1
                    queue.append(n)
        return distance

    def _slots(self) -> list[list[int]]:
        """Return, per slot, its hiding places: the tiles off the route a walker reaches there.

        Each part of the maze left when the bottlenecks are taken out belongs to the slot
        of the first bottleneck it touches (route order), or to its own slot when it holds
        route tiles.
        """
        index = {t: j + 1 for j, t in enumerate(self.bottlenecks)}
        slots: list[list[int]] = [[] for _ in range(len(self.bottlenecks) + 1)]
        seen = set(index)
        for first in self.distance:
            if first in seen:
                continue
            seen.add(first)
            part, queue, slot, touches = [], [first], None, []
            while queue:
                t = queue.pop()
                part.append(t)
                if t in self.route_slot:
                    slot = self.route_slot[t]
                for n in self._neighbours(t):
                    if n in index:
                        touches.append(index[n])
                    elif n not in seen:
                        seen.add(n)
                        queue.append(n)
            if slot is None:
                slot = min(touches) if touches else 0
            slots[slot].extend(t for t in part if t not in self.route_slot)
        return slots

    def most_doors(self) -> int:
        """Return how many doors fit: greedily, a door as soon as a hiding place was passed."""
        doors, hidden = 0, False
        for j in range(len(self.bottlenecks)):
            hidden = hidden or bool(self.slots[j])
            if hidden:
                doors, hidden = doors + 1, False
        return min(doors, MAX_KEYS)

    def fits(self, doors: list[int]) -> bool:
        """Return True when each door (a bottleneck number) has a hiding place before it."""
        before = 0
        for door in doors:
            if not any(self.slots[j] for j in range(before, door)):
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
            hidden = hidden or bool(self.slots[j])
            if hidden and len(doors) < count:
                doors.append(j + 1)
                hidden = False
        return doors

    def hiding_places(self, after: int, door: int) -> list[int]:
        """Return the hiding places a walker reaches between door ``after`` and door ``door``."""
        return [t for j in range(after, door) for t in self.slots[j]]


def _far_pick(candidates: list[int], distance: dict[int, int], rng: np.random.Generator) -> int:
    """Return one of the candidates, at random among the farthest quarter from the route."""
    ranked = sorted(candidates, key=lambda t: (-distance[t], t))
    far = ranked[: max(1, len(ranked) // 4)]
    return far[int(rng.integers(len(far)))]


def _bottlenecks(open_: list[bool], rows: int, cols: int, s: int, g: int) -> set[int]:
    """Return the tiles every walk from ``s`` to ``g`` passes (neither end included).

    One depth-first search from ``s`` with low links: a tile v on the tree path to ``g``
    cuts ``g`` off when the subtree holding ``g`` has no edge back above v.
    """
    order: dict[int, int] = {s: 0}
    low: dict[int, int] = {s: 0}
    parent: dict[int, int] = {s: -1}
    stack = [(s, iter(_around(s, rows, cols)))]
    while stack:
        t, ways = stack[-1]
        for n in ways:
            if not open_[n]:
                continue
            if n not in order:
                order[n] = low[n] = len(order)
                parent[n] = t
                stack.append((n, iter(_around(n, rows, cols))))
                break
            if n != parent[t]:
                low[t] = min(low[t], order[n])
        else:
            stack.pop()
            if stack:
                p = stack[-1][0]
                low[p] = min(low[p], low[t])
    if g not in order:
        return set()
    cut: set[int] = set()
    child, v = g, parent[g]
    while v != -1 and v != s:
        if low[child] >= order[v]:
            cut.add(v)
        child, v = v, parent[v]
    return cut


def _around(t: int, rows: int, cols: int) -> list[int]:
    """Return the flat indices of the 4-neighbours of ``t`` on the grid."""
    r, c = divmod(t, cols)
    out = []
    if r > 0:
        out.append(t - cols)
    if c + 1 < cols:
        out.append(t + 1)
    if r + 1 < rows:
        out.append(t + cols)
    if c > 0:
        out.append(t - 1)
    return out


def _shift(a: np.ndarray, dr: int, dc: int) -> np.ndarray:
    """Return ``a`` seen from one tile away: out[r, c] = a[r + dr, c + dc] (False outside)."""
    out = np.zeros_like(a)
    rows, cols = a.shape
    out[max(0, -dr): rows - max(0, dr), max(0, -dc): cols - max(0, dc)] = a[
        max(0, dr): rows - max(0, -dr), max(0, dc): cols - max(0, -dc)
    ]
    return out


def _doorways(walk: np.ndarray) -> np.ndarray:
    """Return where a door fits: walkable, walls on both sides along one axis, open along the other."""
    n, s, w, e = _shift(walk, -1, 0), _shift(walk, 1, 0), _shift(walk, 0, -1), _shift(walk, 0, 1)
    doorway: np.ndarray = walk & ((~w & ~e & n & s) | (~n & ~s & w & e))
    return doorway


def _in_rooms(walk: np.ndarray) -> np.ndarray:
    """Return where the floor is part of a room (a 2x2 block of walkable tiles)."""
    block = walk & _shift(walk, 0, 1) & _shift(walk, 1, 0) & _shift(walk, 1, 1)
    room: np.ndarray = block | _shift(block, 0, -1) | _shift(block, -1, 0) | _shift(block, -1, -1)
    return room


def keys_fit(maze: Maze, *, rooms: bool = False) -> int:
    """Return how many keys and doors :func:`place_keys` can put into ``maze``."""
    return _Plan(maze, rooms=rooms).most_doors()

