"""Field of view on the tile grid: symmetric shadowcasting, and the rooms of a room map.

The field of view is Albert Ford's *Symmetric Shadowcasting* (2021): the four quadrants
around the origin are scanned row by row outwards; a row is the tiles between a start and
an end slope, and an opaque tile narrows the slopes for the rows behind it.

1. The origin is visible.
2. For each quadrant, scan row 1 between slopes -1 and 1.
3. In a row, an opaque tile is visible; a transparent tile is visible when its centre
   lies within the slopes (this is what makes sight symmetric: A sees B iff B sees A).
4. Going from opaque to transparent moves the start slope to the tile's left edge; going
   from transparent to opaque scans the next row up to that tile's left edge.
5. A row that ends on a transparent tile scans the next row with the slopes it has.

Slopes are kept as exact fractions of small integers (``(2 * col - 1) / (2 * depth)``), so
no rounding can break the symmetry.  Only tiles within ``radius`` (Euclidean, to the
tile's centre) are seen, and the work and the mask stay within the (2r+1)-square window
around the origin, so a step on a 4001x4001 maze costs what it costs on a small one.

Rooms (:func:`room_tiles`, :func:`room_at`) are the open areas wider than a corridor: a
floor tile is a room tile when it lies in a 2x2 block of open tiles, and a room is a
4-connected set of room tiles.  A doorway (one tile wide) is never a room tile, so it
separates two rooms.  Pure numpy and the standard library.
"""

from __future__ import annotations

from typing import Optional

import numpy as np

from game.maze.grid import Pos

#: A window of the grid: top row, left column and the bool mask that starts there.
Window = tuple[int, int, np.ndarray]

# Quadrant transforms: (depth, col) -> (drow, dcol) = (depth * a + col * b, depth * c + col * d).
_QUADRANTS = ((-1, 0, 0, 1), (1, 0, 0, 1), (0, 1, 1, 0), (0, 1, -1, 0))  # N, S, E, W


def _check(transparent: np.ndarray, origin: Pos, radius: int) -> None:
    """Raise ValueError on a grid, origin or radius the field of view cannot use."""
    if transparent.ndim != 2 or transparent.dtype != bool:
        raise ValueError(f"transparent must be a 2-D bool array, got {transparent.dtype} "
                         f"with shape {transparent.shape}")
    rows, cols = transparent.shape
    if not (0 <= origin[0] < rows and 0 <= origin[1] < cols):
        raise ValueError(f"origin {origin} lies outside the {rows}x{cols} grid")
    if isinstance(radius, bool) or not isinstance(radius, (int, np.integer)) or radius < 0:
        raise ValueError(f"radius must be a whole number >= 0, got {radius!r}")


def visible_window(transparent: np.ndarray, origin: Pos, *, radius: int) -> Window:
    """Return the tiles seen from ``origin`` as (top, left, mask) over the radius window.

    ``transparent`` says which tiles let sight through (a bool array the shape of the
    grid; how it is worked out is the caller's).  Opaque tiles in sight are seen too.
    Outside the grid counts as opaque.
    """
    _check(transparent, origin, radius)
    rows, cols = transparent.shape
    r0, c0 = origin
    top, left = max(0, r0 - radius), max(0, c0 - radius)
    bottom, right = min(rows, r0 + radius + 1), min(cols, c0 + radius + 1)
    see = transparent[top:bottom, left:right].tolist()  # nested lists: fast to index
    h, w = bottom - top, right - left
    mask = np.zeros((h, w), dtype=bool)
    orow, ocol = r0 - top, c0 - left
    mask[orow, ocol] = True
    reach = radius * radius + radius  # within radius + 1/2 of the centre: a round disc
    lit: list[tuple[int, int]] = []
    for a, b, c, d in _QUADRANTS:
        # rows still to scan: (depth, start num, start den, end num, end den), slopes > 0 den
        todo = [(1, -1, 1, 1, 1)]
        while todo:
            depth, sn, sd, en, ed = todo.pop()
            if depth > radius:
                continue
            # round_ties_up(depth * start) and round_ties_down(depth * end), exactly
            lo = (2 * depth * sn + sd) // (2 * sd)
            hi = -((ed - 2 * depth * en) // (2 * ed))
            prev: Optional[bool] = None  # None: no tile yet; else was the last one opaque?
            for col in range(lo, hi + 1):
                dr, dc = depth * a + col * b, depth * c + col * d
                r, k = orow + dr, ocol + dc
                opaque = not (0 <= r < h and 0 <= k < w) or not see[r][k]
                inside = 0 <= r < h and 0 <= k < w and dr * dr + dc * dc <= reach
                if inside and (opaque or (col * sd >= depth * sn and col * ed <= depth * en)):
                    lit.append((r, k))
                if prev is True and not opaque:  # start slope: this tile's left edge
                    sn, sd = 2 * col - 1, 2 * depth
                if prev is False and opaque:  # the rows behind see up to this tile
                    todo.append((depth + 1, sn, sd, 2 * col - 1, 2 * depth))
                prev = opaque
            if prev is False:
                todo.append((depth + 1, sn, sd, en, ed))
    if lit:
        rr, kk = zip(*lit)
        mask[list(rr), list(kk)] = True
    return top, left, mask


def field_of_view(transparent: np.ndarray, origin: Pos, *, radius: int) -> np.ndarray:
    """Return a bool mask the shape of the grid: the tiles seen from ``origin``."""
    top, left, window = visible_window(transparent, origin, radius=radius)
    out = np.zeros(transparent.shape, dtype=bool)
    out[top : top + window.shape[0], left : left + window.shape[1]] = window
    return out


def room_tiles(open_tiles: np.ndarray) -> np.ndarray:
    """Return a bool mask of room tiles: open tiles that lie in a 2x2 block of open tiles."""
    o = np.asarray(open_tiles, dtype=bool)
    block = np.zeros_like(o)
    block[:-1, :-1] = o[:-1, :-1] & o[1:, :-1] & o[:-1, 1:] & o[1:, 1:]  # top-left of a block
    room = block.copy()
    room[1:, :] |= block[:-1, :]
    room[:, 1:] |= block[:, :-1]
    room[1:, 1:] |= block[:-1, :-1]
    return room


def room_at(rooms: np.ndarray, pos: Pos) -> Optional[Window]:
    """Return the room around ``pos`` and its walls as (top, left, mask), or None off a room.

    ``rooms`` is :func:`room_tiles`'s mask.  The room is filled a row run at a time
    (a scanline flood fill), then grown by one tile all round so that its walls, and the
    doorways in them, light up with it.
    """
    rows, cols = rooms.shape
    if not (0 <= pos[0] < rows and 0 <= pos[1] < cols) or not rooms[pos]:
        return None
    runs: dict[int, list[tuple[int, int]]] = {}  # row -> its filled runs (first, last)
    seeds = [pos]
    while seeds:
        r, c = seeds.pop()
        if any(a <= c <= b for a, b in runs.get(r, ())):
            continue
        line = rooms[r]
        a = c - int(np.argmin(line[c::-1])) + 1 if not line[: c + 1].all() else 0
        b = c + int(np.argmin(line[c:])) - 1 if not line[c:].all() else cols - 1
        runs.setdefault(r, []).append((a, b))
        for n in (r - 1, r + 1):
            if 0 <= n < rows:
                near = rooms[n, a : b + 1]
                starts = np.flatnonzero(near & ~np.concatenate(([False], near[:-1])))
                seeds.extend((n, a + int(s)) for s in starts.tolist())
    top, bottom = max(0, min(runs) - 1), min(rows, max(runs) + 2)
    left = max(0, min(a for line in runs.values() for a, _ in line) - 1)
    right = min(cols, max(b for line in runs.values() for _, b in line) + 2)
    core = np.zeros((bottom - top, right - left), dtype=bool)
    for r, line in runs.items():
        for a, b in line:
            core[r - top, a - left : b - left + 1] = True
    grown = core.copy()
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            grown |= _shifted(core, dr, dc)
    return top, left, grown


def _shifted(a: np.ndarray, dr: int, dc: int) -> np.ndarray:
    """Return ``a`` moved by (dr, dc), False where nothing moved in."""
    out = np.zeros_like(a)
    rows, cols = a.shape
    out[max(0, dr) : rows + min(0, dr), max(0, dc) : cols + min(0, dc)] = \
        a[max(0, -dr) : rows + min(0, -dr), max(0, -dc) : cols + min(0, -dc)]
    return out
