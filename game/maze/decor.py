"""Furniture and decor of a room map's rooms, placed so that no route is ever blocked.

Decor is drawn over the tiles (the maze itself does not change), but the furniture is
placed as if it were solid: removing every furnished tile from the floor leaves every
other floor tile connected as before.  :func:`room_decor` works on any maze:

1. Room tiles are floor tiles in a 2x2 block of floor (corridors and doorways are not).
2. A room is named by the nearest non-room tiles above and to the left of each tile (one
   name for the whole of a rectangular room); a hash of that name and the seed gives the
   room its kind: a hall (a rug, a table or two), a library (shelves along the north
   wall), a store room (barrels and crates by the walls) or a bare room.
3. Furniture stands only on room tiles at an odd row *and* column, so no two pieces touch,
   not even at a corner; only beside a wall (or, for tables, in the middle of a rug), never
   next to a doorway, a corridor, the entrance or the exit; and only where the tile's
   eight neighbours keep its floor neighbours joined -- so taking the tile away cuts no
   route, and since no two such tiles share a neighbourhood, neither do all of them.
4. Rugs lie on room tiles with no wall among their eight neighbours (walked over).
5. Torches hang on the wall faces above rooms, a few tiles apart (:func:`torches` finds
   just them, for the fog: a torch lights the room below it).

Maps of more than ``MAX_TILES`` tiles get no decor.  Pure numpy; the same maze and seed
give the same decor.
"""

from __future__ import annotations

import numpy as np

from game.maze.grid import FLOOR, Maze

NONE = 0
RUG = 1
TABLE = 2
SHELF = 3
BARREL = 4
CRATE = 5
TORCH = 6
#: The decor that would block the way if it were solid (see step 3).
FURNITURE = (TABLE, SHELF, BARREL, CRATE)
#: Room kinds, picked per room by a hash (step 2).
HALL, LIBRARY, STORE, BARE = range(4)
#: The largest map (in tiles) that is decorated: its whole-map passes stay quick.
MAX_TILES = 1_100_000


def _shifted(a: np.ndarray, dr: int, dc: int) -> np.ndarray:
    """Return ``a`` seen from one step away: out[r, c] = a[r + dr, c + dc] (False outside)."""
    out = np.zeros_like(a)
    rows, cols = a.shape
    out[max(0, -dr): rows - max(0, dr), max(0, -dc): cols - max(0, dc)] = \
        a[max(0, dr): rows - max(0, -dr), max(0, dc): cols - max(0, -dc)]
    return out


def room_tiles(floor: np.ndarray) -> np.ndarray:
    """Return the floor tiles that lie in a 2x2 block of floor."""
    block = floor & _shifted(floor, 0, 1) & _shifted(floor, 1, 0) & _shifted(floor, 1, 1)
    return block | _shifted(block, 0, -1) | _shifted(block, -1, 0) | _shifted(block, -1, -1)


def cuts_nothing(floor: np.ndarray) -> np.ndarray:
    """Return the floor tiles whose removal keeps their floor neighbours joined.

    Around a tile, its four side neighbours that are floor must form one group, two
    of them joined when the corner tile between them is floor too.
    """
    n, e, s, w = (_shifted(floor, dr, dc) for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)))
    ne, se, sw, nw = (_shifted(floor, dr, dc) for dr, dc in ((-1, 1), (1, 1), (1, -1), (-1, -1)))
    sides = n.astype(np.int8) + e + s + w
    links = (n & ne & e).astype(np.int8) + (e & se & s) + (s & sw & w) + (w & nw & n)
    groups = np.where(links == 4, 1, sides - links)  # a closed ring is one group
    result: np.ndarray = floor & (sides >= 1) & (groups == 1)
    return result


def _hash(a: np.ndarray, b: np.ndarray, seed: int) -> np.ndarray:
    """Return a well-mixed uint32 hash of two int arrays and a seed."""
    h = (a.astype(np.uint32) * np.uint32(73856093)) ^ (b.astype(np.uint32) * np.uint32(19349663))
    h ^= np.uint32(seed * 83492791 & 0xFFFFFFFF)
    h ^= h >> np.uint32(13)
    h *= np.uint32(0x5BD1E995)
    h ^= h >> np.uint32(15)
    return h


def room_decor(maze: Maze, *, seed: int = 0) -> np.ndarray:
    """Return the decor kind (uint8, NONE ... TORCH) of every tile of ``maze``."""
    floor = maze.tiles == FLOOR
    rows, cols = floor.shape
    room = room_tiles(floor)
    decor = np.zeros((rows, cols), dtype=np.uint8)
    if not room.any():
        return decor
    r_idx = np.arange(rows, dtype=np.int32)[:, None]
    c_idx = np.arange(cols, dtype=np.int32)[None, :]
    top = np.maximum.accumulate(np.where(room, -1, r_idx), axis=0)
    left = np.maximum.accumulate(np.where(room, -1, c_idx), axis=1)
    kind = _hash(top, left, seed) % np.uint32(4)
    del top, left
    tile_hash = _hash(np.broadcast_to(r_idx, floor.shape), np.broadcast_to(c_idx, floor.shape),
                      seed + 1)
    wall = ~floor
    n, e, s, w = (_shifted(wall, dr, dc) for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)))
    walls_around = np.zeros_like(floor)
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            walls_around |= _shifted(wall, dr, dc)
    interior = room & ~walls_around
    decor[interior & (kind == HALL)] = RUG
    # where furniture may stand at all (step 3)
    passage = floor & ~room  # doorways and corridors
    near_passage = np.zeros_like(floor)
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            near_passage |= _shifted(passage, dr, dc)
    ends = np.zeros_like(floor)
    for r, c in (maze.start, maze.goal):
        ends[max(0, r - 1): r + 2, max(0, c - 1): c + 2] = True
    odd = ((r_idx & 1) == 1) & ((c_idx & 1) == 1)
    spot = room & odd & ~near_passage & ~ends & cuts_nothing(floor)
    beside = spot & (n | e | s | w)
    pick = tile_hash % np.uint32(8)
    decor[beside & (kind == LIBRARY) & n & (pick < 6)] = SHELF
    store = beside & (kind == STORE) & (pick < 5)
    decor[store & (pick < 3)] = BARREL
    decor[store & (pick >= 3)] = CRATE
    decor[beside & (kind == BARE) & (n | s) & (e | w) & (pick < 3)] = CRATE  # in corners
    decor[spot & interior & (kind == HALL) & (pick == 0)] = TABLE
    decor[_torch_spots(floor, room, seed)] = TORCH
    return decor


def _torch_spots(floor: np.ndarray, room: np.ndarray, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Return the rows and columns of the torches (step 5): on wall faces above rooms.

    A torch hangs on every fourth column, where the tile's hash (that of ``room_decor``'s
    other picks) allows, worked out for those candidates only.
    """
    face = ~floor & _shifted(room, 1, 0)
    face[:, np.arange(floor.shape[1]) % 4 != 1] = False
    r, c = np.nonzero(face)
    keep = _hash(r, c, seed + 1) % np.uint32(8) < 6
    return r[keep], c[keep]


def torches(maze: Maze, *, seed: int = 0) -> np.ndarray:
    """Return a bool mask of the tiles ``room_decor`` hangs a torch on (none on a big map)."""
    out = np.zeros(maze.tiles.shape, dtype=bool)
    if maze.tiles.size <= MAX_TILES:
        floor = maze.tiles == FLOOR
        out[_torch_spots(floor, room_tiles(floor), seed)] = True
    return out


def furniture(decor: np.ndarray) -> np.ndarray:
    """Return the tiles that hold furniture (what would block if it were solid)."""
    result: np.ndarray = np.isin(decor, FURNITURE)
    return result
