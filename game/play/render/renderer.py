"""Draw a maze: classify tiles once, cache them, blit only what the camera sees.

* classic, far away -- every tile class maps to a colour in one paletted surface of 1 px
  per tile; each frame the visible part is scaled up with nearest-neighbour (crisp at
  any zoom) by a ScaledLayer, which reuses scaled pieces until the view or zoom changes;
* classic, close up (tiles of FANCY_MIN_TILE px or more) -- painted tile variants copied
  with one numpy gather into cached chunks of about 512x512 px;
* rpg (room maps) -- textured tiles from ``assets/tiles`` drawn into chunks at the current
  zoom, kept in a small cache, with the rooms' decor (game.maze.decor) over them; at
  small zooms the 1 px-per-tile lookup again.

The renderer holds no game state: the trail it draws is the walked tiles the run model
lists, and every cache is of pixels, redrawn when the theme changes.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Optional, Sequence

import numpy as np
import pygame

from game.maze.decor import MAX_TILES as DECOR_MAX_TILES, room_decor
from game.maze.grid import Maze, Pos
from game.play import theme
from game.play.camera import Camera
from game.play.render.decor_art import decor_sprites
from game.play.render.images import TEXTURE_MIN_TILE, Images, fallback_tile, load_tile_images
from game.play.render.layers import CHUNK_CACHE, Patch, ScaledLayer
from game.play.render.painters import (
    FANCY_MIN_TILE,
    cached_classic_tiles,
    classic_set,
    mud_trail,
    palette_array,
    set_palette,
    surface_from_classes,
)
from game.play.render.tiles import (
    CLASSIC,
    FLOOR_TRAIL,
    FLOOR_VARIANT,
    MUD_TRAIL,
    MUD_VARIANT,
    N_CLASSES,
    RPG,
    RPG_TILE_NAMES,
    TRAIL_BIT,
    classic_variants,
    classify,
)

#: Painted chunks are about this many pixels square.
CHUNK_PX = 512
#: Room decor is drawn from this tile size up, on room maps of at most decor.MAX_TILES
#: tiles (placing it on a 2001x2001 map takes seconds and a hundred megabytes).
DECOR_MIN_TILE = 12


def _chunk_tiles(size: int) -> int:
    """Return how many tiles of ``size`` px make one side of a cached chunk."""
    return max(4, CHUNK_PX // size)


class MazeRenderer:
    """The cached picture of one maze in one style."""

    def __init__(self, maze: Maze, style: str = CLASSIC, images: Optional[Images] = None) -> None:
        self.maze = maze
        self.style = style
        self.classes = classify(maze, style)
        self.decor = (room_decor(maze) if style == RPG and maze.tiles.size <= DECOR_MAX_TILES
                      else None)
        self._theme = theme.current()
        self.base = surface_from_classes(self.classes, palette_array(style, self._theme))
        self._layer = ScaledLayer(static=True)
        self._images = images if images is not None else {}
        self._tiles_by_size: dict[int, list[pygame.Surface]] = {}
        self._chunks: "OrderedDict[tuple[int, int, int], pygame.Surface]" = OrderedDict()
        self._trail = np.zeros(maze.tiles.shape, dtype=bool)  # walked tiles drawn so far
        self._trail_seen = 0  # how many of the run's walked tiles are drawn
        self._version = 0
        self._patches: list[Patch] = []

    def textured(self, camera: Camera) -> bool:
        """Return True when this frame draws textured tiles (RPG look, close enough)."""
        return self.style == RPG and camera.tile >= TEXTURE_MIN_TILE

    def fancy(self, camera: Camera) -> bool:
        """Return True when this frame draws the close-up classic look (bevelled walls...)."""
        return self.style == CLASSIC and camera.tile >= FANCY_MIN_TILE

    def _follow_theme(self) -> None:
        """Recolour everything cached when the theme changed since the last draw."""
        now = theme.current()
        if now is self._theme:
            return
        self._theme = now
        set_palette(self.base, palette_array(self.style, now))
        self._layer.invalidate()
        self._chunks.clear()
        self._tiles_by_size.clear()
        self._patches = []

    def _follow_trail(self, walked: Sequence[Pos]) -> None:
        """Draw the breadcrumbs of tiles walked since the last frame (classic look)."""
        if len(walked) < self._trail_seen:  # another run: start the trail over
            self._trail_seen = 0
        new = walked[self._trail_seen:]
        self._trail_seen = len(walked)
        if self.style != CLASSIC:
            return
        for pos in new:
            self._mark(pos)

    def _mark(self, pos: Pos) -> None:
        """Add the floor or mud tile ``pos`` to the drawn breadcrumb trail."""
        if not self.maze.in_bounds(pos) or self._trail[pos]:
            return
        r, c = pos
        variant = int(classic_variants(self.maze, (r, r + 1), (c, c + 1))[0, 0])
        mud = MUD_VARIANT <= variant < MUD_VARIANT + 8
        if not (FLOOR_VARIANT <= variant < FLOOR_VARIANT + 8 or mud):
            return  # walls, the entrance and the exit keep their look
        cls = MUD_TRAIL if mud else FLOOR_TRAIL
        self._trail[pos] = True
        self.classes[pos] = cls
        self.base.set_at((c, r), cls)
        self._version += 1
        colour = mud_trail(self._theme.classic) if mud else self._theme.classic.trail
        self._patches.append((np.array([[c], [r]], dtype=np.intp), colour))
        for key in list(self._chunks):  # repaint the tile in cached chunks that show it
            size, cr, cc = key
            n = _chunk_tiles(size)
            if cr == r // n and cc == c // n:
                tiles = cached_classic_tiles(size)
                if tiles is None:  # painted at a zoom long gone: forget it
                    del self._chunks[key]
                else:
                    self._chunks[key].blit(tiles[variant + TRAIL_BIT], ((c - cc * n) * size, (r - cr * n) * size))

    def draw(self, target: pygame.Surface, view: pygame.Rect, camera: Camera,
             walked: Sequence[Pos] = ()) -> None:
        """Draw the visible part of the maze into ``view``, with the ``walked`` tiles' trail."""
        self._follow_theme()
        self._follow_trail(walked)
        target.fill(self._theme.classic.void, view)
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
                img = self._images.get(name) or fallback_tile(name)
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
        if self.style == CLASSIC:  # copy the tiles' pixels in one numpy step
            rows, cols = self.maze.rows, self.maze.cols
            block = classic_variants(self.maze, (r0, min(rows, r0 + n)), (c0, min(cols, c0 + n)))
            block += self._trail[r0 : r0 + n, c0 : c0 + n].astype(np.uint8) * np.uint8(TRAIL_BIT)
            h, w = block.shape
            tiles, atlas = classic_set(size)
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
        if self.decor is not None and size >= DECOR_MIN_TILE:
            sprites = decor_sprites(size)
            kinds = self.decor[r0 : r0 + n, c0 : c0 + n]
            surf.blits([(sprites[int(kinds[r, c])], (c * size, r * size))
                        for r, c in zip(*np.nonzero(kinds))], doreturn=False)
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
