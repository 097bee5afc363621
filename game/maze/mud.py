"""Mud laid into a maze in patches: blobs in rooms, runs along the corridors.

Mud (text ``~``, tile kind "mud") is walkable floor that costs :data:`~game.maze.tiles.MUD_COST`
to step onto instead of 1: the weighted solvers (dijkstra, astar) go round it when that is
cheaper, and in the game it takes that many times as long to cross.  :func:`lay_mud`
covers a share of a generated maze's plain floor with it:

1. The plain floor tiles (not the entrance, the exit, a key, a door or a lair) can take
   mud; ``round(fraction * their count)`` of them will.
2. Patch seeds are drawn among them, one per :data:`PATCH` tiles of mud wanted.
3. The patches grow a ring at a time: each floor tile next to mud turns to mud with
   chance :data:`GROW`, so they spread along the corridors they lie in and fill rooms in
   blobs.  The last ring takes only as many tiles as are still wanted, drawn at random.
   After :data:`RINGS` rings, or when the patches are boxed in (keys, doors), fresh seeds
   take the rest (step 2 again): patches stay patch-sized, and a maze mostly mud is laid
   in a few passes instead of growing into every last dead end.

Deterministic for a given ``rng``, vectorised (a 2001x2001 maze in a fraction of a
second).  Pure: numpy only.
"""

from __future__ import annotations

import numpy as np

from game.maze import tiles as kinds
from game.maze.grid import Maze

#: The mean size (tiles) a patch is grown to: one seed per this many tiles of mud.
PATCH = 8
#: The chance a floor tile next to a patch joins it, per ring.
GROW = 0.6
#: Rings grown before fresh seeds are drawn for what is still wanted.
RINGS = 12


def check_fraction(fraction: float) -> float:
    """Return ``fraction`` as a float, or raise ValueError unless it is a number 0..1."""
    if isinstance(fraction, bool) or not isinstance(fraction, (int, float, np.integer,
                                                               np.floating)):
        raise ValueError(f"mud must be a fraction between 0 and 1, got {fraction!r}")
    value = float(fraction)
    if not 0.0 <= value <= 1.0:  # NaN fails too
        raise ValueError(f"mud must be a fraction between 0 and 1, got {value}")
    return value


def mud_mask(tiles: np.ndarray) -> np.ndarray:
    """Return a bool mask of the mud tiles."""
    if not tiles.size or int(tiles.max()) < kinds.MUD:  # one pass, and none for most mazes
        return np.zeros(tiles.shape, dtype=bool)
    out: np.ndarray = tiles == kinds.MUD
    return out


def lay_mud(maze: Maze, fraction: float, rng: np.random.Generator) -> Maze:
    """Return ``maze`` with ``fraction`` of its plain floor laid with mud patches.

    ``maze`` itself when no mud is wanted; raise ValueError for a bad ``fraction``.
    """
    fraction = check_fraction(fraction)
    free = maze.tiles == kinds.FLOOR
    free[maze.start] = free[maze.goal] = False
    target = round(fraction * int(free.sum()))
    if target == 0:
        return maze
    mud = np.zeros(free.shape, dtype=bool)
    left = target
    while left:
        _seed(mud, free & ~mud, max(1, round(left / PATCH)), left, rng)
        left = target - int(mud.sum())
        for _ in range(RINGS):
            if not left:
                break
            ring = _ring(mud) & free & ~mud
            count = int(ring.sum())
            if not count:
                break  # boxed in: fresh seeds take the rest
            chosen = np.flatnonzero(ring)
            taken = chosen[rng.random(count) < GROW]
            if len(taken) > left:
                taken = rng.choice(taken, size=left, replace=False)
            mud.flat[taken] = True
            left -= len(taken)
    tiles = maze.tiles.copy()
    tiles[mud] = kinds.MUD
    return Maze(tiles, maze.start, maze.goal)


def _seed(mud: np.ndarray, free: np.ndarray, count: int, most: int,
          rng: np.random.Generator) -> None:
    """Turn ``count`` (at most ``most``) tiles drawn among ``free`` to mud, in place."""
    spots = np.flatnonzero(free)
    count = min(count, most, len(spots))
    mud.flat[rng.choice(spots, size=count, replace=False)] = True


def _ring(mask: np.ndarray) -> np.ndarray:
    """Return the tiles beside (up, down, left or right of) a True tile of ``mask``."""
    out = np.zeros_like(mask)
    out[1:] |= mask[:-1]
    out[:-1] |= mask[1:]
    out[:, 1:] |= mask[:, :-1]
    out[:, :-1] |= mask[:, 1:]
    return out
