"""A 1 px-per-tile surface blitted at the camera's zoom: crisp, cached, patched in place.

The classic map (far away) and the hint overlay are both such a surface; a 2001x2001
maze therefore costs one 2001x2001 px surface, never one at full tile size.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from typing import Optional, Sequence

import numpy as np
import numpy.ma  # noqa: F401  (np.unique imports it on its first call: 20-60 ms mid-walk)
import pygame

from game.play.camera import Camera

#: Scaled chunks kept per layer (least recently used dropped first).
CHUNK_CACHE = 96
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
        self._piece_key: Optional[tuple[object, ...]] = None
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

    def stale_rows(self, y0: int, y1: int) -> None:
        """Mark cached chunks holding source rows ``y0`` to ``y1`` (inclusive) for scaling again."""
        self._piece_key = None
        if not self._chunks or self._tile < 2:
            return
        n = max(2, LAYER_CHUNK_PX // int(self._tile))
        self._stale.update(key for key in self._chunks if y0 // n <= key[0] <= y1 // n)

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

