"""Chasers: hunters that start in the maze's lairs and walk toward the player.

Pure (numpy only) and on the run model's fixed ticks (:class:`game.run.model.Run` owns a
:class:`Pack` and steps it after the player), so a run with chasers replays exactly; the
lair placement (:mod:`game.maze.lairs`) plays the same rules against a walker to prove a
lair fair.  A lair (text ``M``) is a floor tile where one chaser starts.

Rules:
1. The chasers wake with the player's first move and set off ``WAKE_TICKS`` later (a
   second: the player hears them stir), one tile every ``CHASER_TICKS`` ticks (slower
   than a held-key walk), sliding between tiles as the player does; a step onto mud
   takes as many times as long as the mud costs, as the player's does (a chaser that
   did not wade would outrun any walker through the mud, so no lair could be fair).
2. They hunt with a distance map from the player's tile (Brogue's "Dijkstra map"): one
   flood each time the player moves; on each arrival a chaser steps to a neighbour one
   step nearer (the first in up, right, down, left order).  The map is read only at a
   few tiles a tick, so those are looked up (:mod:`game.maze.blocks`) rather than
   flooded: the same steps, the map as flooded (:attr:`Pack.dist`) drawn on demand.
3. They never pass a door the player cannot open yet.
4. In the fog a chaser sees the player only along a straight clear line within
   ``SIGHT`` tiles (or next to it); out of sight for ``SCENT_TICKS`` it loses the scent
   and walks to where it last saw the player (the entrance, at first), waiting there
   until it sees the player again.  Without fog it never loses the scent.
5. A chaser within ``CATCH_DISTANCE`` of the player (both as drawn) catches them: the
   run ends.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

import numpy as np

from game.maze import tiles as kinds
from game.maze.blocks import Steps, steps_of
from game.maze.grid import Maze, Pos

#: Ticks per second of the run model (game.run.clock.TICK_RATE; a test keeps them equal).
RATE = 120
#: Ticks a held-key walker takes per tile (8 tiles a second: game.run.player.WALKING_SPEED).
WALK_TICKS = 15
#: Ticks a chaser takes per tile at the default pace: 5 tiles a second.
CHASER_TICKS = 24
#: Ticks from the player's first move before the chasers set off: one second.  The lairs
#: are proved fair without it (game.maze.lairs), so it is slack on top: most on the short
#: first levels, a smaller share of the longer ones.
WAKE_TICKS = 120
#: The most chasers a maze can have.
MAX_CHASERS = 4
#: Tiles a chaser sees along a straight clear line in the fog.
SIGHT = 8
#: Ticks out of sight (in the fog) before a chaser loses the scent: three seconds.
SCENT_TICKS = 360
#: How near (tiles, row plus column, as drawn) a chaser must come to catch the player.
CATCH_DISTANCE = 0.5
#: A chaser this many steps away or nearer is "near" (the warning edge, the heartbeat).
NEAR = 6
_STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))


def lair_mask(tiles: np.ndarray) -> np.ndarray:
    """Return a bool mask of the lair tiles."""
    lair = kinds.kind_of("M")
    if not tiles.size or int(tiles.max()) < lair:  # one pass, and none for most mazes
        return np.zeros(tiles.shape, dtype=bool)
    return tiles == lair


def lairs_of(maze: Maze) -> list[Pos]:
    """Return the lairs of ``maze`` in reading order."""
    return [(int(r), int(c)) for r, c in zip(*np.nonzero(lair_mask(maze.tiles)))]


def flood(passable: np.ndarray, origin: Pos, targets: Optional[list[Pos]] = None) -> np.ndarray:
    """Return the steps from ``origin`` to every ``passable`` tile (-1: unreached).

    A breadth-first flood a level at a time over the tiles as bytes.  With ``targets``,
    the flood stops once each of them is reached: every tile as near as the farthest
    target has its distance then, none beyond (the level it was reached on is finished).
    Plain Python: numpy's per-level calls cost more than the few dozen tiles of a level.
    The chasers look their map up instead (:mod:`game.maze.blocks`, the same steps);
    this draws it (:attr:`Pack.dist`) and the lairs' and the exit's maps.
    """
    rows, cols = passable.shape
    width = cols + 2
    open_ = np.zeros((rows + 2, width), dtype=bool)
    open_[1:-1, 1:-1] = passable
    flat_open = open_.tobytes()  # one byte a tile: 1 open, 0 not (the border: not)
    dist = [-1] * len(flat_open)
    start = (origin[0] + 1) * width + origin[1] + 1
    dist[start] = 0
    wanted = (None if targets is None
              else [(r + 1) * width + c + 1 for r, c in targets])
    offsets = (-width, 1, width, -1)
    frontier = [start]
    step = 0
    while frontier:
        if wanted is not None and all(dist[w] >= 0 for w in wanted):
            break
        step += 1
        near = []
        for here in frontier:
            for off in offsets:
                there = here + off
                if flat_open[there] and dist[there] < 0:
                    dist[there] = step
                    near.append(there)
        frontier = near
    return np.array(dist, dtype=np.int32).reshape(rows + 2, width)[1:-1, 1:-1]


@dataclass
class Chaser:
    """One chaser: where it stands or steps to, and what it knows of the player."""

    lair: Pos
    pos: Pos
    prev: Pos
    progress: int = CHASER_TICKS  # ticks into the step from prev to pos (``span``: there)
    span: int = CHASER_TICKS  # ticks the step from prev to pos takes (longer onto mud)
    hunting: bool = True  # on the scent (False: walking to where it last saw the player)
    last_seen: Optional[Pos] = None
    unseen: int = 0  # ticks since it last saw the player

    @property
    def render_pos(self) -> tuple[float, float]:
        """Return the interpolated (row, col) for drawing."""
        f = self.progress / self.span
        return (self.prev[0] + (self.pos[0] - self.prev[0]) * f,
                self.prev[1] + (self.pos[1] - self.prev[1]) * f)

    def catches(self, player: tuple[float, float]) -> bool:
        """Return True when this chaser is within CATCH_DISTANCE of the player (as drawn)."""
        r, c = self.render_pos
        return abs(r - player[0]) + abs(c - player[1]) < CATCH_DISTANCE


class Pack:
    """Every chaser of one run, with the distance map they hunt by."""

    def __init__(self, maze: Maze, *, fog: bool, held: int, wake: int = WAKE_TICKS) -> None:
        """Put one chaser on each lair; ``fog``: they can lose the scent; ``wake``: ticks asleep."""
        self.maze = maze
        self.fog = fog
        self.chasers = [Chaser(lair, lair, lair, last_seen=maze.start) for lair in lairs_of(maze)]
        self._from: Optional[Pos] = None  # the player's tile the map was flooded from
        self._trails: dict[Pos, dict[Pos, int]] = {}  # a last-seen tile -> steps looked up
        self._partial = False  # the map stopped once it reached every chaser
        self._reach = 0  # how far the map reached then (partial: the farthest chaser's steps)
        self._hunt: dict[Pos, int] = {}  # the map's steps looked up, by tile
        # what the map was flooded on, from where, and the steps it is looked up in
        self._map: Optional[tuple[np.ndarray, Pos, Steps]] = None
        self._drawn: Optional[np.ndarray] = None  # the map drawn (dist), once asked for
        self._settled = False  # no chaser moved since the map was last checked to reach them
        self._fresh = True  # the map or a chaser moved since ``closest`` was last updated
        self._sight: dict[tuple[Pos, Pos], bool] = {}  # (chaser's tile, player's) -> sees
        self.closest: Optional[int] = None  # the fewest steps any chaser came to the player
        self.floods = 0
        self.wake = wake
        self.woken = 0  # ticks since the player's first move (up to WAKE_TICKS: not yet off)
        if not self.chasers:  # a maze without lairs costs nothing more
            self.passable = self._transparent = np.zeros((0, 0), dtype=bool)
            self._drawn = np.zeros((0, 0), dtype=bool)
            return
        self._transparent = kinds.transparent(maze.tiles)
        self._walkable = kinds.walkable(maze.tiles)
        self._locks = kinds.KINDS["lock"][maze.tiles]
        # what stepping onto each tile costs (None: no mud, every step CHASER_TICKS)
        self._costs = kinds.step_costs(maze.tiles) if kinds.weighted(maze.tiles) else None
        self.open_doors(held)

    def __bool__(self) -> bool:
        return bool(self.chasers)

    def open_doors(self, held: int) -> None:
        """Let the chasers through the doors ``held`` key bits open."""
        self.passable = self._walkable & ((self._locks & ~np.uint8(held)) == 0)
        self._steps: Steps = steps_of(self.passable)
        self._from = None
        self._trails = {}

    @property
    def dist(self) -> np.ndarray:
        """Return the distance map as last flooded from the player's tile (-1: unreached)."""
        if self._drawn is None:
            if self._map is None:
                self._drawn = np.full(self.maze.tiles.shape, -1, dtype=np.int32)
            else:
                self._drawn = flood(self._map[0], self._map[1])
                if self._partial:  # it stopped once the level of the farthest chaser was done
                    self._drawn[self._drawn > self._reach] = -1
        return self._drawn

    def steps(self, chaser: Chaser) -> int:
        """Return ``dist`` at ``chaser``: its steps to the player's tile (-1: not on the map)."""
        return self._hunt_steps(chaser.pos)

    def _hunt_steps(self, pos: Pos) -> int:
        """Return the distance map's steps at ``pos`` (looked up, not flooded)."""
        found = self._hunt.get(pos)
        if found is None:
            if self._map is None:
                found = -1
            else:
                found = self._map[2].steps(self._map[1], pos)
                if self._partial and found > self._reach:
                    found = -1
            self._hunt[pos] = found
        return found

    def _hunt_map(self, player: Pos) -> None:
        """Flood the distance map from ``player`` when they moved (the same floods, looked up)."""
        lost = self._partial and any(self._hunt_steps(c.pos) < 0 for c in self.chasers)
        self._settled = True
        if self._from != player or lost:
            self._fresh = True
            self._map, self._drawn, self._hunt = (self.passable, player, self._steps), None, {}
            self._partial = False  # (looked up whole while finding how far it reaches)
            found = [self._hunt_steps(c.pos) for c in self.chasers]
            self._partial = all(steps >= 0 for steps in found)  # else it flooded all
            self._reach = max(found, default=0)
            self._from = player
            self.floods += 1

    def _trail_steps(self, spot: Pos, pos: Pos) -> int:
        """Return the steps from ``spot`` to ``pos`` (a chaser walks to it; kept)."""
        seen = self._trails.setdefault(spot, {})
        found = seen.get(pos)
        if found is None:
            found = seen[pos] = self._steps.steps(spot, pos)
        return found

    def sees(self, chaser: Chaser, player: Pos) -> bool:
        """Return True when ``chaser`` sees ``player`` (always, outside the fog)."""
        if not self.fog:
            return True
        (r, c), (pr, pc) = chaser.pos, player
        if abs(r - pr) + abs(c - pc) <= 1:
            return True
        if r == pr and abs(c - pc) <= SIGHT:
            lo, hi = sorted((c, pc))
            return bool(self._transparent[r, lo : hi + 1].all())
        if c == pc and abs(r - pr) <= SIGHT:
            lo, hi = sorted((r, pr))
            return bool(self._transparent[lo : hi + 1, c].all())
        return False

    def step(self, player: Pos) -> None:
        """Advance every chaser one tick toward ``player`` (the tile it stands or steps on)."""
        if self._from != player or not self._settled:  # else nothing moved: no flood
            self._hunt_map(player)
        if self.woken < self.wake:
            self.woken += 1
            return
        sight = self._sight
        for chaser in self.chasers:
            seen: Optional[bool] = True
            if self.fog:  # what a chaser sees changes only as it or the player moves
                seen = sight.get((chaser.pos, player))
                if seen is None:
                    seen = sight[chaser.pos, player] = self.sees(chaser, player)
            if seen:
                chaser.hunting, chaser.last_seen, chaser.unseen = True, player, 0
            else:
                chaser.unseen += 1
                if chaser.hunting and chaser.unseen >= SCENT_TICKS:
                    chaser.hunting = False
            if chaser.progress < chaser.span:
                chaser.progress += 1
            if chaser.progress < chaser.span:
                continue
            if chaser.hunting:
                nxt = self._downhill(self._hunt_steps, chaser.pos)
            else:
                spot = chaser.last_seen
                assert spot is not None
                nxt = self._downhill(lambda pos: self._trail_steps(spot, pos), chaser.pos)
            if nxt is not None:
                chaser.prev, chaser.pos, chaser.progress = chaser.pos, nxt, 0
                self._settled, self._fresh = False, True
                chaser.span = CHASER_TICKS if self._costs is None else (
                    CHASER_TICKS * int(self._costs[nxt]))
            else:
                chaser.prev = chaser.pos
        if not self._fresh:  # the same map and tiles: the same nearest as last tick
            return
        self._fresh = False
        near = self.nearest()
        if near is not None and (self.closest is None or near < self.closest):
            self.closest = near

    def glide(self, player: Pos, ticks: int) -> None:
        """Advance ``ticks`` ticks toward ``player`` on one tile: as many calls of ``step``.

        Between arrivals a tick only counts on (a step's progress, the ticks unseen, the
        wake): those ticks are counted at once, the others stepped.
        """
        while ticks > 0:
            quiet = self._quiet(player, ticks)
            if quiet <= 1:
                self.step(player)
                ticks -= 1
                continue
            ticks -= quiet
            if self.woken < self.wake:
                self.woken += quiet
                continue
            for chaser in self.chasers:
                if not self.fog or self._sight[chaser.pos, player]:
                    chaser.hunting, chaser.last_seen, chaser.unseen = True, player, 0
                else:
                    chaser.unseen += quiet
                    if chaser.hunting and chaser.unseen >= SCENT_TICKS:
                        chaser.hunting = False
                chaser.progress += quiet

    def _quiet(self, player: Pos, ticks: int) -> int:
        """Return how many of ``ticks`` ticks only count on (0: the next one needs a step)."""
        if self._from != player or not self._settled:  # the map to check first
            return 0
        if self.woken < self.wake:
            return min(ticks, self.wake - self.woken)
        if self._fresh:  # ``closest`` to update first
            return 0
        for chaser in self.chasers:  # up to the tick before the first arrival
            ticks = min(ticks, chaser.span - chaser.progress - 1)
            if self.fog and (chaser.pos, player) not in self._sight:
                return 0
        return ticks

    def _downhill(self, steps: Callable[[Pos], int], pos: Pos) -> Optional[Pos]:
        """Return the neighbour of ``pos`` one step nearer by ``steps`` (None: none)."""
        here = steps(pos)
        if here <= 0:
            return None
        rows, cols = self.passable.shape
        for dr, dc in _STEPS:
            q = (pos[0] + dr, pos[1] + dc)
            if 0 <= q[0] < rows and 0 <= q[1] < cols and steps(q) == here - 1:
                return q
        return None

    def nearest(self) -> Optional[int]:
        """Return the fewest steps from any chaser to the player's tile (None: none can reach)."""
        found = [steps for steps in map(self._hunt_steps, [c.pos for c in self.chasers])
                 if steps >= 0]
        return min(found) if found else None

    def far_ticks(self, player: Pos, ticks: int) -> int:
        """Return ``ticks`` when no chaser can catch the player sliding onto ``player``, else 0.

        A chaser steps at most once every CHASER_TICKS ticks and is drawn within a step of
        its tile, the player within a step of theirs: it cannot come within CATCH_DISTANCE
        from as far away as its steps in ``ticks`` and three more.
        """
        reach = ticks // CHASER_TICKS + 4
        pr, pc = player
        for chaser in self.chasers:
            r, c = chaser.pos
            if abs(r - pr) + abs(c - pc) < reach:
                return 0
        return ticks

    def catches(self, player: tuple[float, float]) -> bool:
        """Return True when a chaser is within CATCH_DISTANCE of the player (as drawn)."""
        pr, pc = player
        for chaser in self.chasers:  # drawn within a step of its tile: two steps off is far
            r, c = chaser.pos
            if abs(r - pr) + abs(c - pc) < 2 and chaser.catches(player):
                return True
        return False
