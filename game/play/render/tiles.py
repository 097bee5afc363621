"""Tile classes and close-up variants: what each tile of a maze looks like, as numbers.

Pure numpy (no pygame): the renderer turns these arrays into pixels with one lookup.
Two looks share them: the classic one (every maze) and the RPG one (room maps).
"""

from __future__ import annotations

from typing import Optional

import numpy as np

from game.levels import LevelSpec
from game.maze.grid import Maze
from game.maze.tiles import MUD as MUD_KIND, walkable

# -- tile classes ----------------------------------------------------------------------
WALL_TOP = 0
WALL_FACE = 1
FLOOR_PLAIN = 2
FLOOR_ALT = 3
DOOR = 4
ENTRANCE = 5
EXIT = 6
FLOOR_SHADE = 7  # classic: floor tile right under a wall (a soft shadow)
DOOR_SIDE = 8  # a doorway in a north-south wall (passage runs west-east)
FLOOR_TRAIL = 9  # classic: floor the player has walked on (breadcrumbs)
MUD = 10  # mud (the weighted tile): slow to cross
MUD_TRAIL = 11  # classic: mud the player has waded through (breadcrumbs on the puddle)
N_CLASSES = 12

#: Asset file (assets/tiles/<name>.png) for each class in the RPG look.
RPG_TILE_NAMES: dict[int, str] = {
    WALL_TOP: "wall_top",
    WALL_FACE: "wall_face",
    FLOOR_PLAIN: "floor",
    FLOOR_ALT: "floor_alt",
    DOOR: "door",
    DOOR_SIDE: "door_side",
    ENTRANCE: "entrance",
    EXIT: "stairs",
    FLOOR_SHADE: "floor",
    FLOOR_TRAIL: "floor",
    MUD: "mud",
    MUD_TRAIL: "mud",
}

# Close-up classic variants: walls 0-15 (bit set = floor beyond that side: 1 N, 2 E, 4 S,
# 8 W); floor 16-31 (bits: 1 wall to the N, 2 wall to the W, 4 wall to the NW, 8 walked
# on); the entrance 32-35 (the way into the maze: 0 east, 1 south, 2 west, 3 north); the
# exit 40-47 with the floor's three shadow bits; mud 48-55, with them too, and 56-63 the
# same walked on (the trail bit again).
FLOOR_VARIANT = 16
TRAIL_BIT = 8
ENTRANCE_VARIANT = 32
EXIT_VARIANT = 40
MUD_VARIANT = 48
N_VARIANTS = 64

CLASSIC = "classic"
RPG = "rpg"


def style_for(spec: Optional[LevelSpec]) -> str:
    """Return "rpg" for a room map, else "classic"."""
    return RPG if spec is not None and spec.is_room_map else CLASSIC


def _shift(a: np.ndarray, dr: int, dc: int, fill: bool) -> np.ndarray:
    """Return ``a`` seen from one tile away: out[r, c] = a[r + dr, c + dc] (``fill`` outside)."""
    out = np.full_like(a, fill)
    rows, cols = a.shape
    out[max(0, -dr) : rows - max(0, dr), max(0, -dc) : cols - max(0, dc)] = a[
        max(0, dr) : rows - max(0, -dr), max(0, dc) : cols - max(0, -dc)
    ]
    return out


def find_doors(floor: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Return masks of doorways in east-west and in north-south wall lines.

    A doorway has walls on both sides along one axis, floor on both sides along the other,
    and at least one of those floor neighbours belongs to a room (lies in a 2x2 block of
    floor).  Corridor tiles and junctions of 1-wide passages are therefore not doors.
    """
    n, s = _shift(floor, -1, 0, False), _shift(floor, 1, 0, False)
    w, e = _shift(floor, 0, -1, False), _shift(floor, 0, 1, False)
    block = floor & _shift(floor, 0, 1, False) & _shift(floor, 1, 0, False) & _shift(floor, 1, 1, False)
    room = block | _shift(block, 0, -1, False) | _shift(block, -1, 0, False) | _shift(block, -1, -1, False)
    room_n, room_s = _shift(room, -1, 0, False), _shift(room, 1, 0, False)
    room_w, room_e = _shift(room, 0, -1, False), _shift(room, 0, 1, False)
    in_h_wall = ~w & ~e & n & s & (room_n | room_s)  # east-west wall line, passage N-S
    in_v_wall = ~n & ~s & w & e & (room_w | room_e)  # north-south wall line, passage W-E
    return floor & in_h_wall, floor & in_v_wall


def classify(maze: Maze, style: str) -> np.ndarray:
    """Return a uint8 array of tile classes (WALL_TOP, WALL_FACE, FLOOR_PLAIN, ...)."""
    floor = walkable(maze.tiles)
    south_floor = _shift(floor, 1, 0, False)
    rows, cols = floor.shape
    walls = np.where(south_floor, np.uint8(WALL_FACE), np.uint8(WALL_TOP))
    if style == RPG:
        rr = np.arange(rows, dtype=np.uint32)[:, None] * np.uint32(73856093)
        cc = np.arange(cols, dtype=np.uint32)[None, :] * np.uint32(19349663)
        alt = (rr ^ cc) % np.uint32(7) == 0  # scattered worn tiles
        out = np.where(floor, np.where(alt, np.uint8(FLOOR_ALT), np.uint8(FLOOR_PLAIN)), walls)
        doors, side_doors = find_doors(floor)
        out[doors] = DOOR
        out[side_doors] = DOOR_SIDE
    else:
        checker = np.add.outer(np.arange(rows, dtype=np.uint8) & 1, np.arange(cols, dtype=np.uint8) & 1) == 1
        # a faint checkerboard on the floor to count tiles by
        out = np.where(floor, np.where(checker, np.uint8(FLOOR_ALT), np.uint8(FLOOR_PLAIN)), walls)
    out = out.astype(np.uint8, copy=False)
    out[maze.tiles == MUD_KIND] = MUD
    for pos, cls in ((maze.start, ENTRANCE), (maze.goal, EXIT)):
        if maze.in_bounds(pos):
            out[pos] = cls
    return out


def classic_variants(maze: Maze, rows: Optional[tuple[int, int]] = None,
                     cols: Optional[tuple[int, int]] = None) -> np.ndarray:
    """Return the close-up classic variant (uint8) of each tile in rows x cols (default: all).

    The trail bit is never set here: the renderer adds the walked tiles itself.
    """
    r0, r1 = rows if rows is not None else (0, maze.rows)
    c0, c1 = cols if cols is not None else (0, maze.cols)
    pad = np.zeros((r1 - r0 + 2, c1 - c0 + 2), dtype=bool)  # one tile of margin all round
    a0, a1, b0, b1 = max(0, r0 - 1), min(maze.rows, r1 + 1), max(0, c0 - 1), min(maze.cols, c1 + 1)
    pad[a0 - r0 + 1 : a1 - r0 + 1, b0 - c0 + 1 : b1 - c0 + 1] = walkable(maze.tiles[a0:a1, b0:b1])
    floor = pad[1:-1, 1:-1]
    n, s, w, e, nw = pad[:-2, 1:-1], pad[2:, 1:-1], pad[1:-1, :-2], pad[1:-1, 2:], pad[:-2, :-2]
    u8 = np.uint8
    wall_bits = n.view(u8) | (e.view(u8) << 1) | (s.view(u8) << 2) | (w.view(u8) << 3)
    shadow = (~n).view(u8) | ((~w).view(u8) << 1) | ((~nw).view(u8) << 2)
    out = np.where(floor, shadow + u8(FLOOR_VARIANT), wall_bits).astype(u8)
    mud = maze.tiles[r0:r1, c0:c1] == MUD_KIND
    out[mud] = shadow[mud] + u8(MUD_VARIANT)
    for pos in (maze.goal, maze.start):
        r, c = pos
        if not (r0 <= r < r1 and c0 <= c < c1 and maze.walkable(pos)):
            continue
        if pos == maze.goal:
            out[r - r0, c - c0] = EXIT_VARIANT + shadow[r - r0, c - c0]
        else:
            ways = [i for i, (dr, dc) in enumerate(((0, 1), (1, 0), (0, -1), (-1, 0)))
                    if maze.walkable((r + dr, c + dc))]
            out[r - r0, c - c0] = ENTRANCE_VARIANT + (ways[0] if ways else 0)
    return out
