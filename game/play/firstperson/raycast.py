"""The first-person picture, cast with numpy: every ray at once, every pixel in one gather.

Pure: numpy only (no pygame), so it is tested against a slow, obvious reference.  World
coordinates are tiles: ``x`` is the column and ``y`` the row, the centre of tile
``(row, col)`` is ``(col + 0.5, row + 0.5)``.  The camera looks along ``angle`` (radians,
0: east, pi/2: south, as rows grow downwards) with a field of view ``fov``.

1. :func:`rays` gives each screen column its ray (the facing plus a share of the camera
   plane), so the distance the cast returns is the perpendicular one (no fish-eye).
2. :func:`cast` walks all rays through the grid at once by DDA (digital differential
   analysis: each ray steps to whichever grid line, vertical or horizontal, it meets
   next) until each meets a solid tile; it returns per column the distance, the tile,
   the side (0: a face crossed going east or west, 1: north or south) and where along
   the face (0..1, as a texture's column) the ray struck.
3. :func:`render` fills a frame (``(width, height)`` ``uint32``, pygame's surfarray
   layout) from a :class:`Atlas`, every texture at every shade in one table: wall
   columns, floor and ceiling are indices into it, and the pixels are one ``take``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Optional

import numpy as np

#: The field of view (radians): 66 degrees, the classic's.
FOV = math.radians(66)
#: A ray gives up after this many grid lines (it then shows the dark at its end).
MAX_STEPS = 96
#: Shade levels of the atlas: distance darkens a texel by one level per ``SHADE_STEP`` tiles.
SHADES = 16
SHADE_STEP = 0.9
#: Faces crossed north or south are this many shade levels darker (the sides read apart).
SIDE_SHADE = 2


@dataclass
class Hits:
    """Where each column's ray met a solid tile."""

    dist: np.ndarray  # float64 (W,): perpendicular distance (inf: met nothing)
    row: np.ndarray  # int64 (W,): the tile met (clipped into the grid when none)
    col: np.ndarray
    side: np.ndarray  # int8 (W,): 0 crossed a vertical grid line, 1 a horizontal one
    u: np.ndarray  # float64 (W,): where along the face, 0..1 left to right as seen


def camera(angle: float, fov: float = FOV) -> tuple[float, float, float, float]:
    """Return the facing (dx, dy) and the camera plane (px, py) for ``angle``."""
    dx, dy = math.cos(angle), math.sin(angle)
    half = math.tan(fov / 2)
    return dx, dy, -dy * half, dx * half


def rays(width: int, angle: float, fov: float = FOV) -> tuple[np.ndarray, np.ndarray]:
    """Return each column's ray direction (x and y components), left to right."""
    dx, dy, px, py = camera(angle, fov)
    cam = 2.0 * (np.arange(width) + 0.5) / width - 1.0
    return dx + px * cam, dy + py * cam


def cast(solid: np.ndarray, x: float, y: float, rdx: np.ndarray, rdy: np.ndarray,
         *, max_steps: int = MAX_STEPS) -> Hits:
    """Cast every ray from ``(x, y)`` through ``solid`` (bool, rows x cols) at once.

    Outside the grid counts as solid.  A ray meeting nothing in ``max_steps`` grid lines
    comes back with an infinite distance.
    """
    rows, cols = solid.shape
    padded = np.ones((rows + 2, cols + 2), dtype=bool)  # the outside is solid
    padded[1:-1, 1:-1] = solid
    flat = padded.ravel()
    stride = cols + 2
    with np.errstate(divide="ignore"):
        ddx = np.abs(1.0 / rdx)
        ddy = np.abs(1.0 / rdy)
    mx = np.full(rdx.shape, math.floor(x), dtype=np.int64)
    my = np.full(rdx.shape, math.floor(y), dtype=np.int64)
    sx = np.where(rdx < 0, -1, 1)
    sy = np.where(rdy < 0, -1, 1)
    fx, fy = x - math.floor(x), y - math.floor(y)
    with np.errstate(invalid="ignore"):
        side_x = np.where(rdx < 0, fx, 1.0 - fx) * ddx
        side_y = np.where(rdy < 0, fy, 1.0 - fy) * ddy
    side_x = np.nan_to_num(side_x, nan=np.inf)
    side_y = np.nan_to_num(side_y, nan=np.inf)
    n = rdx.shape[0]
    dist = np.full(n, np.inf)
    side = np.zeros(n, dtype=np.int8)
    hit_x, hit_y = mx.copy(), my.copy()
    live = np.arange(n)  # the rays still going
    for _ in range(max_steps):
        if not live.size:
            break
        across = side_x < side_y  # this step crosses a vertical grid line
        mx += np.where(across, sx, 0)
        my += np.where(across, 0, sy)
        cx = np.clip(mx, -1, cols)
        cy = np.clip(my, -1, rows)
        met = flat.take((cy + 1) * stride + cx + 1)
        if met.any():
            ids = live[met]
            a = across[met]
            dist[ids] = np.where(a, side_x[met], side_y[met])
            side[ids] = np.where(a, 0, 1)
            hit_x[ids], hit_y[ids] = cx[met], cy[met]
            keep = ~met
            live, across = live[keep], across[keep]
            mx, my, sx, sy = mx[keep], my[keep], sx[keep], sy[keep]
            side_x, side_y, ddx, ddy = side_x[keep], side_y[keep], ddx[keep], ddy[keep]
        side_x = side_x + np.where(across, ddx, 0.0)
        side_y = side_y + np.where(across, 0.0, ddy)
    return Hits(dist, np.clip(hit_y, 0, rows - 1), np.clip(hit_x, 0, cols - 1), side,
                _face_u(x, y, rdx, rdy, dist, side))


def _face_u(x: float, y: float, rdx: np.ndarray, rdy: np.ndarray, dist: np.ndarray,
            side: np.ndarray) -> np.ndarray:
    """Return where along the face each ray struck, 0..1 from the left as seen."""
    finite = np.where(np.isfinite(dist), dist, 0.0)
    along = np.where(side == 0, y + finite * rdy, x + finite * rdx)
    u = along - np.floor(along)
    flip = ((side == 0) & (rdx < 0)) | ((side == 1) & (rdy > 0))
    return np.where(flip, 1.0 - u, u)


def cast_reference(solid: np.ndarray, x: float, y: float, rdx: float, rdy: float,
                   *, max_steps: int = MAX_STEPS) -> tuple[float, int, int, int, float]:
    """Return (dist, row, col, side, u) of one ray, the slow and obvious way.

    Lists every grid line the ray crosses (the times it reaches ``x = k`` and ``y = k``),
    sorts them, and looks at the tile entered at each one in turn.
    """
    rows, cols = solid.shape
    crossings: list[tuple[float, int]] = []
    for k in range(-2, max(rows, cols) + 3):
        if rdx:
            t = (k - x) / rdx
            if t > 0:
                crossings.append((t, 0))
        if rdy:
            t = (k - y) / rdy
            if t > 0:
                crossings.append((t, 1))
    crossings.sort()
    col, row = math.floor(x), math.floor(y)
    for t, side in crossings[:max_steps]:
        if side == 0:
            col += 1 if rdx > 0 else -1
        else:
            row += 1 if rdy > 0 else -1
        if not (0 <= row < rows and 0 <= col < cols) or solid[row, col]:
            along = y + t * rdy if side == 0 else x + t * rdx
            u = along - math.floor(along)
            if (side == 0 and rdx < 0) or (side == 1 and rdy > 0):
                u = 1.0 - u
            return t, min(max(row, 0), rows - 1), min(max(col, 0), cols - 1), side, u
    return math.inf, 0, 0, 0, 0.0


# -- the picture --------------------------------------------------------------------------
@dataclass
class Atlas:
    """Every texture (``count`` of ``size`` x ``size``) at every shade, as one ``uint32`` table.

    Texel ``(v, u)`` of texture ``m`` at shade ``s`` is ``table[((s * count + m) * size + v)
    * size + u]``; shade 0 is full light, the last is black.
    """

    table: np.ndarray
    count: int
    size: int


def make_atlas(textures: np.ndarray, shifts: tuple[int, int, int],
               shades: int = SHADES) -> Atlas:
    """Return the atlas of ``textures`` (count, size, size, 3 ``uint8``: [m, v, u] RGB).

    ``shifts``: where red, green and blue go in a pixel (the surface's own format).
    """
    count, size = textures.shape[0], textures.shape[1]
    if size & (size - 1) or textures.shape[2] != size:
        raise ValueError(f"textures must be square with a power-of-two side, not {size}")
    light = (1.0 - np.arange(shades) / (shades - 1)) ** 1.4
    rgb = textures[None].astype(np.float32) * light[:, None, None, None, None].astype(np.float32)
    c = np.clip(rgb + 0.5, 0, 255).astype(np.uint32)
    table = (c[..., 0] << shifts[0]) | (c[..., 1] << shifts[1]) | (c[..., 2] << shifts[2])
    return Atlas(table.ravel(), count, size)


def shade_of(dist: np.ndarray, shades: int = SHADES, step: float = SHADE_STEP) -> np.ndarray:
    """Return the shade level of each distance (0: nearest, ``shades`` - 1: black)."""
    level = np.minimum(np.nan_to_num(dist, posinf=1e9) / step, shades - 1)
    return level.astype(np.int64)


@dataclass
class Scene:
    """What one frame shows, besides the eye: the tiles and their materials.

    ``wall``: the texture of each solid tile's faces; ``floor`` and ``ceiling``: the
    texture under and over each open tile (all indices into the atlas, rows x cols).
    """

    solid: np.ndarray
    wall: np.ndarray
    floor: np.ndarray
    ceiling: np.ndarray


class _Buffers:
    """The arrays one frame's floor, ceiling and walls are worked out in (lower rows x width)."""

    def __init__(self, rows: int, width: int) -> None:
        shape = (rows, width)
        self.f = np.empty(shape, np.float32)
        self.sx, self.sy, self.tile, self.texel, self.tmp, self.floor, self.ceiling = (
            np.empty(shape, np.int32) for _ in range(7))
        self.index = np.empty(shape, np.intp)
        self.mask = np.empty(shape, np.bool_)
        self.pixels = np.empty(shape, np.uint32)


_BUFFERS: dict[tuple[int, int], _Buffers] = {}


def _buffers(rows: int, width: int) -> _Buffers:
    """Return the buffers for a frame's lower half of ``rows`` x ``width`` (kept: one size)."""
    found = _BUFFERS.get((rows, width))
    if found is None:
        _BUFFERS.clear()  # a new window size: the old ones go
        found = _BUFFERS[(rows, width)] = _Buffers(rows, width)
    return found


def render(frame: np.ndarray, atlas: Atlas, scene: Scene, x: float, y: float, angle: float,
           *, fov: float = FOV, hits: Optional[Hits] = None) -> Hits:
    """Fill ``frame`` (height x width ``uint32``) with the view from ``(x, y)``; return the hits.

    Walls stand symmetric about the horizon, so one half's arithmetic serves both: a pixel
    row of the lower half sees the floor at a distance of its own, and shows the wall of
    its column where that floor would lie behind it; the upper half mirrors it with the
    ceiling.  The returned hits give each column's wall distance: the depth sprites are
    clipped against.
    """
    height, width = frame.shape
    rdx, rdy = rays(width, angle, fov)
    if hits is None:
        hits = cast(scene.solid, x, y, rdx, rdy)
    size, count = atlas.size, atlas.count
    bits, low = size.bit_length() - 1, size - 1
    plane = size * size
    focal = (width / 2) / math.tan(fov / 2)
    half = height // 2
    lower = height - half
    p = np.arange(lower) + 0.5 + (half - height / 2)  # each lower row's offset from the horizon
    row_dist = 0.5 * focal / np.maximum(p, 0.5)
    # floor and ceiling: texel and tile of each pixel, in fixed point (size per tile), int32;
    # every big array is a buffer kept between frames (no allocation, no fresh pages)
    buf = _buffers(lower, width)
    f, sx, sy, tile, texel, tmp = buf.f, buf.sx, buf.sy, buf.tile, buf.texel, buf.tmp
    reach = (row_dist * size).astype(np.float32)[:, None]
    np.multiply(reach, rdx.astype(np.float32), out=f)
    f += np.float32(x * size)
    np.copyto(sx, f, casting="unsafe")  # truncates: hidden pixels may lie out of the grid
    np.multiply(reach, rdy.astype(np.float32), out=f)
    f += np.float32(y * size)
    np.copyto(sy, f, casting="unsafe")
    rows, cols = scene.solid.shape
    np.right_shift(sy, bits, out=tile)
    tile *= cols
    np.right_shift(sx, bits, out=tmp)
    tile += tmp
    np.clip(tile, 0, rows * cols - 1, out=tile)
    np.copyto(buf.index, tile)  # take wants the platform's index type: converted once
    np.bitwise_and(sy, low, out=texel)
    texel <<= bits
    sx &= low
    texel |= sx
    texel += (shade_of(row_dist) * (count * plane)).astype(np.int32)[:, None]
    floor, ceiling = buf.floor, buf.ceiling
    (scene.floor.ravel().astype(np.int32) * plane).take(buf.index, out=floor)
    floor += texel
    (scene.ceiling.ravel().astype(np.int32) * plane).take(buf.index, out=ceiling)
    ceiling += texel
    # walls: each column's texture column at its shade; rows by their offset p
    finite = np.isfinite(hits.dist)
    level = np.minimum(shade_of(hits.dist) + hits.side * SIDE_SHADE, SHADES - 1)
    u = np.minimum((hits.u * size).astype(np.int64), low)
    base = ((level * count + scene.wall[hits.row, hits.col]) * plane + u).astype(np.int32)
    per_p = np.where(finite, size * np.where(finite, hits.dist, 0.0) / focal, 0.0)
    vt = buf.sx  # free again: the wall's texel row offset
    np.multiply(p.astype(np.float32)[:, None], per_p.astype(np.float32), out=f)
    np.copyto(vt, f, casting="unsafe")
    vt <<= bits
    is_wall = buf.mask
    np.greater(row_dist.astype(np.float32)[:, None], hits.dist.astype(np.float32), out=is_wall)
    np.add(base + np.int32((size // 2) << bits), vt, out=tmp)
    np.copyto(floor, tmp, where=is_wall)
    np.copyto(buf.index, floor)
    atlas.table.take(buf.index, out=buf.pixels)
    frame[half:] = buf.pixels
    np.subtract(base + np.int32((size // 2 - 1) << bits), vt, out=tmp)
    np.copyto(ceiling, tmp, where=is_wall)
    np.copyto(buf.index, ceiling)
    atlas.table.take(buf.index, out=buf.pixels)
    frame[:half] = buf.pixels[::-1][:half]
    return hits


def project(x: float, y: float, angle: float, sx: float, sy: float, width: int,
            fov: float = FOV) -> Optional[tuple[float, float]]:
    """Return where a sprite at ``(sx, sy)`` shows: (screen x of its centre, its depth).

    None: behind the eye.  The depth is the perpendicular distance, as the cast's.
    """
    dx, dy, px, py = camera(angle, fov)
    rx, ry = sx - x, sy - y
    inv = 1.0 / (px * dy - dx * py)
    across = inv * (dy * rx - dx * ry)
    depth = inv * (-py * rx + px * ry)
    if depth <= 1e-3:
        return None
    return (width / 2) * (1 + across / depth), depth


def sprite_columns(centre: float, depth: float, size: int,
                   wall: np.ndarray) -> tuple[int, np.ndarray]:
    """Return a sprite's first on-screen column and the columns from there it is seen in.

    The sprite is ``size`` columns wide; a column shows it when it is nearer than that
    column's wall (``wall``).

    The cast's distances are a depth buffer, one per column: a sprite column behind the
    wall of its column is hidden, so a chaser round a corner shows only what the corner
    leaves in view.
    """
    left = round(centre - size / 2)
    a, b = max(0, left), min(len(wall), left + size)
    if a >= b:
        return a, np.zeros(0, dtype=bool)
    seen: np.ndarray = depth < wall[a:b]
    return a, seen
