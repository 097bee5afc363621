"""Draw a maze: classify tiles once, cache them, blit only what the camera sees.

Two looks share one pipeline:

* classic -- every tile class maps to a colour in one numpy lookup into a surface of
  1 px per tile; each frame the visible part is scaled up with nearest-neighbour (crisp at
  any zoom) and the scaled piece is reused until the visible tile range or zoom changes;
* classic, close up (tiles of FANCY_MIN_TILE px or more) -- raised walls with a lit rim,
  a front face and rounded outer corners, their soft shadow on a paved floor, an entrance
  pad and an exit portal, and the player's breadcrumb trail (``mark_walked``): each tile
  is one of 48 variants (its neighbours decide which), painted once per zoom and copied
  with one numpy gather into cached chunks of about 512x512 px;
* rpg (division with rooms) -- textured tiles from ``assets/tiles`` drawn into chunks of
  about 512x512 px at the current zoom, kept in a small cache; at small zooms it falls back
  to the 1 px-per-tile lookup with the same colours.

A 2001x2001 maze therefore costs one 2001x2001 px surface, never one at full tile size.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from typing import Any, Optional, Sequence

import numpy as np
import pygame

from game.maze.grid import FLOOR, Maze, Pos
from game.play.camera import Camera

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
N_CLASSES = 10

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
}

Color = tuple[int, int, int]

# The classic look: indigo stone walls on warm paper-white paving, a teal entrance, a gold
# exit (the hint's path colour) and a blush breadcrumb trail (apart from the hint's blues).
WALL_RGB: Color = (52, 63, 110)
FLOOR_RGB: Color = (234, 227, 211)
TRAIL_RGB: Color = (244, 216, 203)
ENTRANCE_RGB: Color = (84, 214, 196)
EXIT_RGB: Color = (242, 193, 78)

CLASSIC_PALETTE: dict[int, Color] = {
    WALL_TOP: WALL_RGB,
    WALL_FACE: WALL_RGB,
    FLOOR_PLAIN: FLOOR_RGB,
    FLOOR_ALT: (229, 222, 205),
    FLOOR_SHADE: FLOOR_RGB,
    DOOR: FLOOR_RGB,
    DOOR_SIDE: FLOOR_RGB,
    ENTRANCE: ENTRANCE_RGB,
    EXIT: EXIT_RGB,
    FLOOR_TRAIL: TRAIL_RGB,
}

RPG_PALETTE: dict[int, Color] = {
    WALL_TOP: (58, 50, 62),
    WALL_FACE: (104, 86, 78),
    FLOOR_PLAIN: (150, 122, 88),
    FLOOR_ALT: (140, 113, 81),
    FLOOR_SHADE: (150, 122, 88),
    DOOR: (176, 116, 52),
    DOOR_SIDE: (176, 116, 52),
    ENTRANCE: (84, 214, 196),
    EXIT: (242, 193, 78),
    FLOOR_TRAIL: (150, 122, 88),
}

VOID: Color = (13, 16, 28)

#: Smallest tile size at which the RPG look draws textures instead of flat colours.
TEXTURE_MIN_TILE = 8
CHUNK_PX = 512
CHUNK_CACHE = 96


def _chunk_tiles(size: int) -> int:
    """Return how many tiles of ``size`` px make one side of a cached chunk."""
    return max(4, CHUNK_PX // size)


def style_for(spec: Any) -> str:
    """Return "rpg" for a division room map, else "classic"."""
    if spec is not None and getattr(spec, "algorithm", None) == "division" and getattr(
        spec, "room_size", None
    ):
        return "rpg"
    return "classic"


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

    A doorway is floor in a wall line that opens onto a room on at least one side.

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
    floor = maze.tiles == FLOOR
    south_floor = _shift(floor, 1, 0, False)
    rows, cols = floor.shape
    walls = np.where(south_floor, np.uint8(WALL_FACE), np.uint8(WALL_TOP))
    if style == "rpg":
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
    for pos, cls in ((maze.start, ENTRANCE), (maze.goal, EXIT)):
        if maze.in_bounds(pos):
            out[pos] = cls
    return out


def palette_array(style: str) -> np.ndarray:
    """Return the (N_CLASSES, 3) uint8 colour lookup of a style."""
    pal = RPG_PALETTE if style == "rpg" else CLASSIC_PALETTE
    return np.array([pal[i] for i in range(N_CLASSES)], dtype=np.uint8)


def surface_from_classes(classes: np.ndarray, palette: np.ndarray) -> pygame.Surface:
    """Return an 8-bit paletted surface, 1 px per tile, coloured by ``palette[class]``."""
    surface = pygame.surfarray.make_surface(classes.T)
    surface.set_palette([tuple(int(v) for v in rgb) for rgb in palette] + [(0, 0, 0)] * (256 - len(palette)))
    return surface


#: A scaled chunk is about this many pixels square.
LAYER_CHUNK_PX = 384
#: Chunks with more changed tiles than this are scaled again instead of patched.
MAX_PATCHES_PER_CHUNK = 160
#: Stale chunks scaled again per frame at most (the others show for a frame or two more).
MAX_REFRESHES_PER_FRAME = 4

Patch = tuple[np.ndarray, tuple[int, ...]]  # (2, n) array of x and y tile indices, colour


class ScaledLayer:
    """Blit the visible part of a 1 px-per-tile surface at the camera's zoom.

    From 2 px per tile up, the source is scaled (nearest neighbour: crisp) in square chunks
    that are cached, so a frame only blits; chunks entering the view are scaled once, and
    tiles that change in the source are patched into cached chunks (``patches``) or the
    few chunks with many changes are scaled again.  Below 2 px per tile (a fitted huge
    maze) the visible range is scaled as one piece and reused while nothing changes.
    """

    def __init__(self, *, static: bool = False) -> None:
        self.static = static  # the source never changes: it may be averaged down once
        self._mips: dict[int, pygame.Surface] = {}
        self._chunks: "OrderedDict[tuple[int, int], pygame.Surface]" = OrderedDict()
        self._tile = 0.0
        self._src_id = 0
        self._version = -1
        self._piece_key: Optional[tuple[Any, ...]] = None
        self._piece: Optional[pygame.Surface] = None
        self._stale: set[tuple[int, int]] = set()  # cached chunks to scale again

    def invalidate(self) -> None:
        """Forget every cached scaled chunk (the source changed everywhere)."""
        self._chunks.clear()
        self._stale.clear()
        self._piece_key = None
        self._piece = None

    def clear(self) -> None:
        """Make every cached chunk transparent (the source was cleared)."""
        for chunk in self._chunks.values():
            chunk.fill((0, 0, 0, 0))
        self._stale.clear()
        self._piece_key = None

    def draw(self, src: pygame.Surface, target: pygame.Surface, view: pygame.Rect,
             camera: Camera, *, version: int = 0,
             patches: Optional[Sequence[Patch]] = None) -> None:
        """Blit the part of ``src`` the camera sees into ``view`` on ``target``.

        ``version`` changes whenever ``src`` changes; ``patches`` lists every tile changed
        since the previous draw (None: anything may have changed).
        """
        r0, c0, r1, c1 = camera.visible_tiles()
        if r1 <= r0 or c1 <= c0:
            return
        t = camera.tile
        if t != self._tile or id(src) != self._src_id:
            self.invalidate()
            self._tile, self._src_id = t, id(src)
        elif version != self._version:
            if patches is None:
                self.invalidate()
            else:
                self._apply(patches, t)
        self._version = version
        ox, oy = camera.origin()
        if t < 2:
            self._draw_piece(src, target, view, camera, (r0, c0, r1, c1), version)
            return
        ts = int(t)
        n = max(2, LAYER_CHUNK_PX // ts)
        bx, by = view.x + round(ox), view.y + round(oy)
        cols, rows = src.get_size()
        refreshes = MAX_REFRESHES_PER_FRAME  # more stale chunks wait a frame or two
        for cr in range(r0 // n, (r1 - 1) // n + 1):
            for cc in range(c0 // n, (c1 - 1) // n + 1):
                key = (cr, cc)
                chunk = self._chunks.get(key)
                if chunk is None or (key in self._stale and refreshes > 0):
                    w, h = min(n, cols - cc * n), min(n, rows - cr * n)
                    piece = src.subsurface((cc * n, cr * n, w, h))
                    if chunk is None:
                        chunk = pygame.transform.scale(piece, (w * ts, h * ts))
                    else:  # scale into the surface it already has
                        pygame.transform.scale(piece, (w * ts, h * ts), chunk)
                        self._stale.discard(key)
                        refreshes -= 1
                    self._chunks[key] = chunk
                self._chunks.move_to_end(key)
                target.blit(chunk, (bx + cc * n * ts, by + cr * n * ts))
        while len(self._chunks) > CHUNK_CACHE:
            self._stale.discard(self._chunks.popitem(last=False)[0])

    def _draw_piece(self, src: pygame.Surface, target: pygame.Surface, view: pygame.Rect,
                    camera: Camera, rng: tuple[int, int, int, int], version: int) -> None:
        """Scale the whole visible range as one piece (tiny tiles) and blit it.

        A static source shrunk below 1 px per tile is first averaged down by a whole
        factor (a mipmap, built once per factor), so a fitted huge maze reads as an even
        texture instead of aliasing stripes.
        """
        r0, c0, r1, c1 = rng
        t = camera.tile
        k = max(1, math.ceil(1.0 / t - 1e-9)) if self.static and t < 1 else 1
        k += k & 1 if k > 1 else 0  # even blocks: a maze's wall/floor rows alternate
        if k > 1:
            r0, c0 = (r0 // k) * k, (c0 // k) * k
        key = (r0, c0, r1, c1, t, version if k == 1 else None)  # a mip never changes
        if key != self._piece_key or self._piece is None:
            size = (max(1, round((c1 - c0) * t)), max(1, round((r1 - r0) * t)))
            if k > 1:
                mip = self._mip(src, k)
                mw, mh = mip.get_size()
                x0, y0 = c0 // k, r0 // k
                area = (x0, y0, max(1, min(mw - x0, -(-(c1 - c0) // k))), max(1, min(mh - y0, -(-(r1 - r0) // k))))
                size = (max(1, round(area[2] * k * t)), max(1, round(area[3] * k * t)))
                # smooth, not nearest: stretching an averaged 2-periodic maze by a few per
                # cent with nearest neighbour beats into a grid of stripes
                self._piece = pygame.transform.smoothscale(mip.subsurface(area), size)
            else:
                self._piece = pygame.transform.scale(src.subsurface((c0, r0, c1 - c0, r1 - r0)), size)
            self._piece_key = key
        ox, oy = camera.origin()
        target.blit(self._piece, (view.x + round(ox + c0 * t), view.y + round(oy + r0 * t)))

    def _mip(self, src: pygame.Surface, k: int) -> pygame.Surface:
        """Return ``src`` averaged over k x k blocks (cached per k)."""
        mip = self._mips.get(k)
        if mip is None:
            w, h = src.get_size()
            full = pygame.Surface((w, h), 0, 32)
            full.blit(src, (0, 0))  # smoothscale wants 24/32-bit pixels
            mip = pygame.transform.smoothscale(full, (-(-w // k), -(-h // k)))
            self._mips = {k: mip}
        return mip

    def _apply(self, patches: Sequence[Patch], t: float) -> None:
        """Bring cached chunks up to date with the changed tiles (or mark them stale)."""
        self._piece_key = None
        if not self._chunks or t < 2:
            return
        ts = int(t)
        n = max(2, LAYER_CHUNK_PX // ts)
        k = 1_000_003
        cached = np.array([cr * k + cc for cr, cc in self._chunks if (cr, cc) not in self._stale],
                          dtype=np.int64)
        chunks = self._chunks
        for idx, color in patches:
            if not len(cached):
                return
            xs, ys = idx[0], idx[1]
            keys = (ys // n).astype(np.int64) * k + xs // n
            hit = np.isin(keys, cached)
            if not hit.any():
                continue
            xs, ys, keys = xs[hit], ys[hit], keys[hit]
            uniq, counts = np.unique(keys, return_counts=True)
            busy = uniq[counts > MAX_PATCHES_PER_CHUNK]
            if len(busy):  # cheaper to scale these chunks again when they are drawn
                self._stale.update((key // k, key % k) for key in busy.tolist())
                keep = ~np.isin(keys, busy)
                xs, ys = xs[keep], ys[keep]
                cached = np.setdiff1d(cached, busy)
            for x, y in zip(xs.tolist(), ys.tolist()):
                cr, cc = y // n, x // n
                chunks[(cr, cc)].fill(color, ((x - cc * n) * ts, (y - cr * n) * ts, ts, ts))


class MazeRenderer:
    """The cached picture of one maze in one style."""

    def __init__(self, maze: Maze, style: str = "classic",
                 images: Optional[dict[str, pygame.Surface]] = None) -> None:
        self.maze = maze
        self.style = style
        self.classes = classify(maze, style)
        self.base = surface_from_classes(self.classes, palette_array(style))
        self._layer = ScaledLayer(static=True)
        self._images = images if images is not None else {}
        self._tiles_by_size: dict[int, list[pygame.Surface]] = {}
        self._chunks: "OrderedDict[tuple[int, int, int], pygame.Surface]" = OrderedDict()
        self.trail = np.zeros(maze.tiles.shape, dtype=bool)
        self._version = 0
        self._patches: list[Patch] = []

    def textured(self, camera: Camera) -> bool:
        """Return True when this frame draws textured tiles (RPG look, close enough)."""
        return self.style == "rpg" and camera.tile >= TEXTURE_MIN_TILE

    def fancy(self, camera: Camera) -> bool:
        """Return True when this frame draws the close-up classic look (bevelled walls...)."""
        return self.style == "classic" and camera.tile >= FANCY_MIN_TILE

    def mark_walked(self, pos: Pos) -> None:
        """Add the floor tile ``pos`` to the player's breadcrumb trail (classic look)."""
        if self.style != "classic" or not self.maze.in_bounds(pos) or self.trail[pos]:
            return
        r, c = pos
        variant = int(classic_variants(self.maze, (r, r + 1), (c, c + 1))[0, 0])
        if not FLOOR_VARIANT <= variant < FLOOR_VARIANT + 8:
            return  # walls, the entrance and the exit keep their look
        self.trail[pos] = True
        self.classes[pos] = FLOOR_TRAIL
        self.base.set_at((c, r), FLOOR_TRAIL)
        self._version += 1
        self._patches.append((np.array([[c], [r]], dtype=np.intp), TRAIL_RGB))
        for key in list(self._chunks):  # repaint the tile in cached chunks that show it
            size, cr, cc = key
            n = _chunk_tiles(size)
            if cr == r // n and cc == c // n:
                tiles = _TILE_SETS.get(size)
                if tiles is None:  # painted at a zoom long gone: forget it
                    del self._chunks[key]
                else:
                    self._chunks[key].blit(tiles[0][variant + TRAIL_BIT], ((c - cc * n) * size, (r - cr * n) * size))

    def draw(self, target: pygame.Surface, view: pygame.Rect, camera: Camera) -> None:
        """Draw the visible part of the maze into ``view``."""
        target.fill(VOID, view)
        clip = target.get_clip()
        target.set_clip(view.clip(clip) if clip else view)
        try:
            if self.textured(camera) or self.fancy(camera):
                self._draw_chunks(target, view, camera)
                if self._patches:  # the 1 px layer's scaled chunks miss these tiles now
                    self._layer.invalidate()
            else:
                self._layer.draw(self.base, target, view, camera, version=self._version,
                                 patches=self._patches)
            self._patches = []
        finally:
            target.set_clip(clip)

    # -- chunks of painted tiles (RPG textures, classic close-up) ---------------------
    def _tiles_at(self, size: int) -> list[pygame.Surface]:
        """Return the class tiles scaled to ``size`` px (cached per size)."""
        tiles = self._tiles_by_size.get(size)
        if tiles is None:
            if not self._images:
                self._images.update(load_tile_images())
            tiles = []
            for cls in range(N_CLASSES):
                name = RPG_TILE_NAMES[cls]
                img = self._images.get(name) or _fallback_tile(name)
                if img.get_width() == size:
                    scaled = img.copy()
                elif size >= img.get_width() or img.get_bitsize() < 24:
                    scaled = pygame.transform.scale(img, (size, size))
                else:
                    scaled = pygame.transform.smoothscale(img, (size, size))
                tiles.append(scaled)
            self._tiles_by_size = {size: tiles}
        return tiles

    def _chunk(self, size: int, n: int, cr: int, cc: int) -> pygame.Surface:
        """Return chunk (cr, cc) of n x n tiles drawn at ``size`` px per tile."""
        key = (size, cr, cc)
        surf = self._chunks.get(key)
        if surf is not None:
            self._chunks.move_to_end(key)
            return surf
        r0, c0 = cr * n, cc * n
        if self.style == "classic":  # copy the tiles' pixels in one numpy step
            rows, cols = self.maze.rows, self.maze.cols
            block = classic_variants(self.maze, (r0, min(rows, r0 + n)), (c0, min(cols, c0 + n)))
            block += self.trail[r0 : r0 + n, c0 : c0 + n].astype(np.uint8) * np.uint8(TRAIL_BIT)
            h, w = block.shape
            tiles, atlas = _classic_set(size)
            surf = pygame.Surface((w * size, h * size), 0, tiles[0])
            pixels = pygame.surfarray.pixels2d(surf).view()
            pixels.shape = (w, size, h, size)  # x = tile column, x in tile, y = tile row, y in tile
            pixels[...] = atlas[block.T].transpose(0, 2, 1, 3)
            del pixels
            return self._keep(key, surf)
        block, tiles = self.classes[r0 : r0 + n, c0 : c0 + n], self._tiles_at(size)
        surf = pygame.Surface((block.shape[1] * size, block.shape[0] * size))
        surf.blits(
            [
                (tiles[cls], (c * size, r * size))
                for r, row in enumerate(block.tolist())
                for c, cls in enumerate(row)
            ],
            doreturn=False,
        )
        return self._keep(key, surf)

    def _keep(self, key: tuple[int, int, int], surf: pygame.Surface) -> pygame.Surface:
        """Cache a freshly drawn chunk (forgetting the least recently used) and return it."""
        self._chunks[key] = surf
        while len(self._chunks) > CHUNK_CACHE:
            self._chunks.popitem(last=False)
        return surf

    def _draw_chunks(self, target: pygame.Surface, view: pygame.Rect, camera: Camera) -> None:
        """Blit the visible textured chunks."""
        size = int(camera.tile)
        n = _chunk_tiles(size)
        r0, c0, r1, c1 = camera.visible_tiles()
        if r1 <= r0 or c1 <= c0:
            return
        ox, oy = camera.origin()
        bx, by = view.x + round(ox), view.y + round(oy)
        for cr in range(r0 // n, (r1 - 1) // n + 1):
            for cc in range(c0 // n, (c1 - 1) // n + 1):
                target.blit(self._chunk(size, n, cr, cc), (bx + cc * n * size, by + cr * n * size))


# -- the classic close-up look ---------------------------------------------------------
#: Smallest tile size (px) at which the classic look draws bevels, shadows and paving.
FANCY_MIN_TILE = 12
# Tile variants: walls 0-15 (bit set = floor beyond that side: 1 N, 2 E, 4 S, 8 W); floor
# 16-31 (bits: 1 wall to the N, 2 wall to the W, 4 wall to the NW, 8 walked on); the
# entrance 32-35 (the way into the maze: 0 east, 1 south, 2 west, 3 north); the exit 40-47
# with the floor's three shadow bits.
FLOOR_VARIANT = 16
TRAIL_BIT = 8
ENTRANCE_VARIANT = 32
EXIT_VARIANT = 40
N_VARIANTS = 48

WALL_RIM: Color = (118, 136, 198)  # the lit north edge of a wall top
WALL_RIM_SIDE: Color = (78, 93, 148)  # the west edge
WALL_SIDE: Color = (40, 48, 86)  # the east edge, away from the light
WALL_FACE_TOP: Color = (32, 38, 70)  # the front (south) face, upper end
WALL_FACE_LOW: Color = (20, 24, 44)  # ... and where it meets the floor
FLOOR_LIGHT: Color = (242, 237, 225)  # paving: lit top-left edge of each slab
FLOOR_GROUT: Color = (222, 213, 194)  # paving: the joint on the bottom-right
CRUMB_RGB: Color = (224, 150, 132)
SHADOW: tuple[int, int, int] = (24, 20, 40)
#: Supersampling factor of painted tiles (smooth curves, crisp straight edges).
SUPERSAMPLE = 4
_TILE_SETS: "OrderedDict[int, tuple[list[pygame.Surface], np.ndarray]]" = OrderedDict()


def classic_variants(maze: Maze, rows: Optional[tuple[int, int]] = None,
                     cols: Optional[tuple[int, int]] = None) -> np.ndarray:
    """Return the close-up classic variant (uint8) of each tile in rows x cols (default: all).

    The trail bit is never set here: the renderer adds the walked tiles itself.
    """
    r0, r1 = rows if rows is not None else (0, maze.rows)
    c0, c1 = cols if cols is not None else (0, maze.cols)
    pad = np.zeros((r1 - r0 + 2, c1 - c0 + 2), dtype=bool)  # one tile of margin all round
    a0, a1, b0, b1 = max(0, r0 - 1), min(maze.rows, r1 + 1), max(0, c0 - 1), min(maze.cols, c1 + 1)
    pad[a0 - r0 + 1 : a1 - r0 + 1, b0 - c0 + 1 : b1 - c0 + 1] = maze.tiles[a0:a1, b0:b1] == FLOOR
    floor = pad[1:-1, 1:-1]
    n, s, w, e, nw = pad[:-2, 1:-1], pad[2:, 1:-1], pad[1:-1, :-2], pad[1:-1, 2:], pad[:-2, :-2]
    u8 = np.uint8
    wall_bits = n.view(u8) | (e.view(u8) << 1) | (s.view(u8) << 2) | (w.view(u8) << 3)
    shadow = (~n).view(u8) | ((~w).view(u8) << 1) | ((~nw).view(u8) << 2)
    out = np.where(floor, shadow + u8(FLOOR_VARIANT), wall_bits).astype(u8)
    for pos in (maze.goal, maze.start):
        r, c = pos
        if not (r0 <= r < r1 and c0 <= c < c1 and maze.is_floor(pos)):
            continue
        if pos == maze.goal:
            out[r - r0, c - c0] = EXIT_VARIANT + shadow[r - r0, c - c0]
        else:
            ways = [i for i, (dr, dc) in enumerate(((0, 1), (1, 0), (0, -1), (-1, 0)))
                    if maze.is_floor((r + dr, c + dc))]
            out[r - r0, c - c0] = ENTRANCE_VARIANT + (ways[0] if ways else 0)
    return out


def classic_tiles(size: int) -> list[pygame.Surface]:
    """Return the N_VARIANTS painted tiles of the classic look at ``size`` px (cached)."""
    return _classic_set(size)[0]


def _classic_set(size: int) -> tuple[list[pygame.Surface], np.ndarray]:
    """Return the painted classic tiles and their pixel atlas at ``size`` px (cached)."""
    entry = _TILE_SETS.get(size)
    if entry is None:
        tiles = [_paint_variant(v, size) for v in range(N_VARIANTS)]
        if pygame.display.get_surface() is not None:
            tiles = [t.convert() for t in tiles]
        entry = (tiles, np.stack([pygame.surfarray.array2d(t) for t in tiles]))  # mapped pixels
        _TILE_SETS[size] = entry
        while len(_TILE_SETS) > 3:
            _TILE_SETS.popitem(last=False)
    else:
        _TILE_SETS.move_to_end(size)
    return entry


def _mix(a: Color, b: Color, t: float) -> Color:
    """Return the colour a fraction ``t`` of the way from ``a`` to ``b``."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]


def _paint_variant(variant: int, size: int) -> pygame.Surface:
    """Paint one tile variant at ``size`` px: supersampled, then averaged down."""
    k = SUPERSAMPLE if size < 48 else 2
    big = pygame.Surface((size * k, size * k), 0, 32)
    if variant < FLOOR_VARIANT:
        _paint_floor(big, 0, False, size * k, k)
        _paint_wall(big, variant, k)
    else:
        shadow = variant & 7 if variant < ENTRANCE_VARIANT or variant >= EXIT_VARIANT else 0
        trail = FLOOR_VARIANT <= variant < ENTRANCE_VARIANT and bool(variant & TRAIL_BIT)
        _paint_floor(big, shadow, trail, size * k, k)
        if ENTRANCE_VARIANT <= variant < EXIT_VARIANT:
            _paint_entrance(big, variant - ENTRANCE_VARIANT, k)
        elif variant >= EXIT_VARIANT:
            _paint_exit(big, k)
    return pygame.transform.smoothscale(big, (size, size))


def _paint_floor(s: pygame.Surface, shadow: int, trail: bool, big: int, k: int) -> None:
    """Paint a paving slab with the soft shadows of the walls to its north and west."""
    base = TRAIL_RGB if trail else FLOOR_RGB
    s.fill(base)
    edge = k  # one screen pixel
    s.fill(_mix(base, FLOOR_LIGHT, 0.8), (0, 0, big, edge))
    s.fill(_mix(base, FLOOR_LIGHT, 0.8), (0, 0, edge, big))
    s.fill(_mix(base, FLOOR_GROUT, 0.9), (0, big - edge, big, edge))
    s.fill(_mix(base, FLOOR_GROUT, 0.9), (big - edge, 0, edge, big))
    if trail:
        pygame.draw.circle(s, CRUMB_RGB, (big // 2, big // 2), max(k, round(big * 0.085)))
    if shadow:
        shade = pygame.Surface((big, big), pygame.SRCALPHA)
        depth_n, depth_w = max(k, round(big * 0.34)), max(k, round(big * 0.2))
        if shadow & 1:
            for y in range(depth_n):
                a = round(78 * (1 - y / depth_n) ** 2)
                shade.fill((*SHADOW, a), (0, y, big, 1))
        if shadow & 2:
            col = pygame.Surface((big, big), pygame.SRCALPHA)
            for x in range(depth_w):
                a = round(52 * (1 - x / depth_w) ** 2)
                col.fill((*SHADOW, a), (x, 0, 1, big))
            shade.blit(col, (0, 0))
        if shadow == 4:  # only the diagonal neighbour is a wall: a soft corner
            for i in range(depth_n, 0, -1):
                a = round(62 * (1 - i / depth_n) ** 2)
                pygame.draw.circle(shade, (*SHADOW, a), (0, 0), i)
        s.blit(shade, (0, 0))


def _paint_wall(s: pygame.Surface, open_sides: int, k: int) -> None:
    """Paint a raised wall block: lit rim, front face and rounded outer corners."""
    big = s.get_width()
    n, e, so, w = (bool(open_sides & b) for b in (1, 2, 4, 8))
    face = round(big * 0.24) // k * k if so else 0
    radius = round(big * 0.17)
    corners = {"border_top_left_radius": radius if n and w else 0,
               "border_top_right_radius": radius if n and e else 0,
               "border_bottom_left_radius": radius if so and w else 0,
               "border_bottom_right_radius": radius if so and e else 0}
    body = pygame.Surface((big, big), pygame.SRCALPHA)
    body.fill(WALL_RGB)
    rim = max(k, round(big * 0.07) // k * k)
    if w:
        body.fill(WALL_RIM_SIDE, (0, 0, rim, big - face))
    if e:
        body.fill(WALL_SIDE, (big - rim, 0, rim, big - face))
    if n:  # the lit edge, fading into the top
        body.fill(WALL_RIM, (0, 0, big, rim))
        for y in range(rim, 3 * rim):
            body.fill(_mix(WALL_RIM, WALL_RGB, 0.55 + 0.45 * (y - rim) / (2 * rim)), (0, y, big, 1))
    if face:
        for y in range(face):
            body.fill(_mix(WALL_FACE_TOP, WALL_FACE_LOW, y / face), (0, big - face + y, big, 1))
        body.fill(_mix(WALL_FACE_TOP, WALL_RGB, 0.35), (0, big - face, big, k))
    mask = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, big, big), **corners)
    body.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    s.blit(body, (0, 0))


def _paint_entrance(s: pygame.Surface, way: int, k: int) -> None:
    """Paint the entrance: a teal pad with a small chevron pointing into the maze."""
    big = s.get_width()
    m = round(big * 0.06)
    radius = round(big * 0.16)
    rect = pygame.Rect(m, m, big - 2 * m, big - 2 * m)
    pygame.draw.rect(s, _mix(ENTRANCE_RGB, (20, 60, 70), 0.45), rect.move(0, k), border_radius=radius)
    pygame.draw.rect(s, ENTRANCE_RGB, rect, border_radius=radius)
    pygame.draw.rect(s, _mix(ENTRANCE_RGB, (255, 255, 255), 0.45), rect, max(k, round(big * 0.04)),
                     border_radius=radius)
    c, a = big / 2, big * 0.13
    points = [(-a * 0.6, -a), (a * 0.5, 0), (-a * 0.6, a)]  # pointing east
    turn = ((1, 0, 0, 1), (0, -1, 1, 0), (-1, 0, 0, -1), (0, 1, -1, 0))[way & 3]
    chevron = [(c + turn[0] * x + turn[1] * y, c + turn[2] * x + turn[3] * y) for x, y in points]
    pygame.draw.lines(s, (240, 255, 252), False, chevron, max(k, round(big * 0.05)))


def _paint_exit(s: pygame.Surface, k: int) -> None:
    """Paint the exit: a golden portal with a glowing well."""
    big = s.get_width()
    c = big // 2
    glow = pygame.Surface((big, big), pygame.SRCALPHA)
    for i in range(c, 0, -max(1, k // 2)):
        a = round(150 * (1 - i / c) ** 1.5)
        pygame.draw.circle(glow, (*EXIT_RGB, a), (c, c), i)
    s.blit(glow, (0, 0))
    outer = round(big * 0.42)
    pygame.draw.circle(s, _mix(EXIT_RGB, (120, 70, 20), 0.55), (c, c + k), outer)
    pygame.draw.circle(s, EXIT_RGB, (c, c), outer)
    pygame.draw.circle(s, (255, 236, 170), (c, c), outer, max(k, round(big * 0.035)))
    well = round(big * 0.29)
    for i in range(well, 0, -max(1, k // 2)):
        pygame.draw.circle(s, _mix((255, 226, 130), (92, 52, 96), i / well), (c, c), i)
    star = round(big * 0.09)
    pygame.draw.polygon(s, (255, 250, 232), [(c, c - star * 2), (c + star // 2, c - star // 2),
                                             (c + star * 2, c), (c + star // 2, c + star // 2),
                                             (c, c + star * 2), (c - star // 2, c + star // 2),
                                             (c - star * 2, c), (c - star // 2, c - star // 2)])


# -- tile images -----------------------------------------------------------------------
def _fallback_tile(name: str, size: int = 32) -> pygame.Surface:
    """Return a procedurally drawn tile for ``name`` (used when an asset file is missing)."""
    s = pygame.Surface((size, size))
    pal = {"floor": RPG_PALETTE[FLOOR_PLAIN], "floor_alt": RPG_PALETTE[FLOOR_ALT],
           "wall_top": RPG_PALETTE[WALL_TOP], "wall_face": RPG_PALETTE[WALL_FACE]}
    if name in pal:
        base = pal[name]
        s.fill(base)
        dark = tuple(max(0, v - 22) for v in base)
        light = tuple(min(255, v + 18) for v in base)
        if name.startswith("floor"):
            pygame.draw.rect(s, dark, s.get_rect(), 1)
            pygame.draw.line(s, light, (1, 1), (size - 2, 1))
        elif name == "wall_face":
            for y in range(0, size, size // 4):
                pygame.draw.line(s, dark, (0, y), (size, y))
                off = (size // 4) if (y // (size // 4)) % 2 else 0
                for x in range(off, size, size // 2):
                    pygame.draw.line(s, dark, (x, y), (x, y + size // 4))
            pygame.draw.line(s, light, (0, 0), (size, 0), 2)
        else:
            pygame.draw.rect(s, light, s.get_rect().inflate(-6, -6), 1)
        return s
    if name == "door_side":
        s.fill(RPG_PALETTE[FLOOR_PLAIN])
        pygame.draw.rect(s, RPG_PALETTE[WALL_TOP], (0, 0, size, 5))
        pygame.draw.rect(s, RPG_PALETTE[WALL_TOP], (0, size - 5, size, 5))
        pygame.draw.rect(s, RPG_PALETTE[DOOR], (size - 10, 5, 4, size - 12))
        return s
    if name == "door":
        s.fill(RPG_PALETTE[FLOOR_PLAIN])
        pygame.draw.rect(s, RPG_PALETTE[DOOR], (4, 2, size - 8, size - 4), border_radius=4)
        pygame.draw.rect(s, (92, 58, 26), (4, 2, size - 8, size - 4), 2, border_radius=4)
        pygame.draw.circle(s, (240, 210, 120), (size - 10, size // 2), 2)
        return s
    if name == "stairs":
        s.fill((40, 32, 40))
        for i in range(5):
            y = 4 + i * (size - 8) // 5
            shade = 200 - i * 30
            pygame.draw.rect(s, (shade, shade - 20, shade - 50), (3 + i * 2, y, size - 6 - i * 4, (size - 8) // 5 - 1))
        return s
    if name == "entrance":
        s.fill(RPG_PALETTE[FLOOR_PLAIN])
        pygame.draw.circle(s, RPG_PALETTE[ENTRANCE], (size // 2, size // 2), size // 2 - 4, 3)
        return s
    s.fill((255, 0, 255))
    return s


def load_tile_images() -> dict[str, pygame.Surface]:
    """Return the RPG tile images by name, falling back to drawn ones when missing."""
    return {name: _load_image(("tiles", f"{name}.png"), lambda n=name: _fallback_tile(n))
            for name in set(RPG_TILE_NAMES.values())}


def _load_image(parts: tuple[str, ...], fallback: Any) -> pygame.Surface:
    """Load an asset image, or return ``fallback()`` when it is missing or unreadable."""
    try:
        from game.resources import asset_path

        img = pygame.image.load(str(asset_path(*parts)))
        if pygame.display.get_surface() is not None:
            img = img.convert_alpha()
        return img
    except (ImportError, OSError, pygame.error, ValueError):
        return fallback()


def _fallback_sprite(facing: str, size: int = 32) -> pygame.Surface:
    """Return a simple drawn character facing ``facing``."""
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.ellipse(s, (0, 0, 0, 70), (6, size - 9, size - 12, 6))
    pygame.draw.rect(s, (70, 110, 200), (9, 13, size - 18, size - 17), border_radius=5)
    pygame.draw.circle(s, (246, 214, 178), (size // 2, 11), 7)
    eye = {"up": None, "down": (0, 1), "left": (-1, 0), "right": (1, 0)}[facing]
    if eye is not None:
        ex, ey = size // 2 + eye[0] * 3, 11 + eye[1] * 2
        pygame.draw.circle(s, (30, 30, 40), (ex - (2 if eye[0] == 0 else 0), ey), 1)
        pygame.draw.circle(s, (30, 30, 40), (ex + (2 if eye[0] == 0 else 0), ey), 1)
    return s


def load_player_sprites() -> dict[str, pygame.Surface]:
    """Return the player sprites by facing, falling back to drawn ones when missing."""
    return {f: _load_image(("sprites", f"player_{f}.png"), lambda f=f: _fallback_sprite(f))
            for f in ("up", "right", "down", "left")}


def draw_player(target: pygame.Surface, view: pygame.Rect, camera: Camera,
                render_pos: tuple[float, float], facing: str, style: str,
                sprites: Optional[dict[str, pygame.Surface]] = None) -> None:
    """Draw the player at its interpolated position: a sprite (RPG) or a bright token."""
    x, y = camera.to_screen(*render_pos)
    t = camera.tile
    x, y = view.x + x, view.y + y
    if style == "rpg" and sprites and t >= TEXTURE_MIN_TILE:
        img = sprites.get(facing) or next(iter(sprites.values()))
        size = max(1, round(t))
        img = pygame.transform.scale(img, (size, size)) if img.get_width() != size else img
        target.blit(img, (round(x), round(y)))
        return
    cx, cy = round(x + t / 2), round(y + t / 2)
    if t >= TOKEN_MIN_TILE:
        img = player_token(round(t), facing)
        target.blit(img, (cx - img.get_width() // 2, cy - img.get_height() // 2))
        return
    radius = max(2, round(t * 0.36))
    if t < 4:  # a fitted huge maze: a ring says "you are here" on floor and wall alike
        pygame.draw.circle(target, (255, 255, 255), (cx, cy), 9, 1)
        pygame.draw.circle(target, PLAYER_RGB, (cx, cy), 8, 2)
    pygame.draw.circle(target, PLAYER_RGB, (cx, cy), radius)


PLAYER_RGB: Color = (236, 92, 112)
PLAYER_LIGHT: Color = (255, 168, 170)
PLAYER_DARK: Color = (168, 46, 78)
EYE_RGB: Color = (34, 30, 56)
#: From this tile size up the player is the shaded orb with eyes looking where it goes.
TOKEN_MIN_TILE = 8
_TOKENS: "OrderedDict[tuple[int, str], pygame.Surface]" = OrderedDict()


def player_token(size: int, facing: str) -> pygame.Surface:
    """Return the player orb for tiles of ``size`` px looking ``facing`` (cached)."""
    key = (size, facing)
    img = _TOKENS.get(key)
    if img is None:
        img = _paint_token(size, facing)
        _TOKENS[key] = img
        while len(_TOKENS) > 16:
            _TOKENS.popitem(last=False)
    else:
        _TOKENS.move_to_end(key)
    return img


def _paint_token(size: int, facing: str) -> pygame.Surface:
    """Paint the player orb: a soft glow, a shaded body, a shine and two eyes."""
    k = SUPERSAMPLE if size < 48 else 2
    side = size + 2 * max(2, size // 6)  # room for the glow around the tile
    big, c = side * k, side * k // 2
    s = pygame.Surface((big, big), pygame.SRCALPHA)
    r = round(size * 0.36 * k)
    glow_r = round(size * 0.58 * k)
    for i in range(glow_r, r, -max(1, k // 2)):
        a = round(95 * (1 - (i - r) / (glow_r - r)) ** 1.6)
        pygame.draw.circle(s, (*PLAYER_RGB, a), (c, c), i)
    pygame.draw.ellipse(s, (20, 16, 36, 80), (c - r * 0.8, c + r * 0.62, r * 1.6, r * 0.52))  # contact shadow
    for i in range(r, 0, -max(1, k // 2)):  # body lit from the top left
        f = i / r
        off = round((1 - f) * r * 0.35)
        pygame.draw.circle(s, (*_mix(PLAYER_LIGHT, PLAYER_DARK if f > 0.92 else PLAYER_RGB, f ** 0.6), 255),
                           (c - off, c - off), i)
    pygame.draw.circle(s, (255, 240, 242, 230), (c, c), r, max(k, r // 9))
    dr, dc = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}.get(facing, (0, 1))
    if size >= 14:
        # two eyes side by side (looking up/down: a little apart), shifted the way it faces
        ex, ey = c + dc * r * 0.3, c + dr * r * 0.3 - r * 0.06
        gap = r * (0.36 if dr else 0.2)
        er = max(k, round(r * 0.21))
        for sign in (-1, 1):
            px, py = ex + sign * gap, ey
            pygame.draw.circle(s, (255, 255, 255, 255), (round(px), round(py)), er)
            pygame.draw.circle(s, (*EYE_RGB, 255), (round(px + dc * er * 0.35), round(py + dr * er * 0.35)),
                               max(1, round(er * 0.58)))
    else:  # too small for eyes: a bright notch on the side it faces
        pygame.draw.circle(s, (255, 255, 255, 255), (round(c + dc * r * 0.5), round(c + dr * r * 0.5)),
                           max(k, r // 3))
    shine = max(k, round(r * 0.22))
    pygame.draw.circle(s, (255, 255, 255, 150), (c - round(r * 0.42), c - round(r * 0.46)), shine)
    small = pygame.transform.smoothscale(s, (side, side))
    return small.convert_alpha() if pygame.display.get_surface() is not None else small
