"""The camera: which part of the maze the view shows, at what zoom.

Pure arithmetic (no pygame).  ``tile`` is the size of one tile in screen pixels; it is
kept a whole number from 2 px up so tiles stay square and crisp, and may go below 1 px
when a huge maze is fitted into the window.
"""

from __future__ import annotations

import copy
import math

MIN_TILE = 2.0
MAX_TILE = 96.0
ZOOM_STEP = 1.25
#: Tiles visible vertically at the default zoom (when the maze does not fit anyway).
DEFAULT_ROWS_VISIBLE = 23
#: A maze that fits the view at this tile size or more starts fully visible.
COMFORTABLE_FIT_TILE = 18
MAX_DEFAULT_TILE = 72.0
#: How fast the camera catches up with its target, per second (exponential).
FOLLOW_RATE = 10.0


class Camera:
    """Follow a target smoothly inside a view rectangle, with zoom and fit."""

    def __init__(self, rows: int, cols: int, view_w: int, view_h: int, *,
                 comfortable_tile: int = COMFORTABLE_FIT_TILE, margin: int = 0) -> None:
        self.comfortable_tile = comfortable_tile
        self.margin = margin  # px kept free beside the maze's edges whenever they show
        self.rows = rows
        self.cols = cols
        self.view_w = max(1, view_w)
        self.view_h = max(1, view_h)
        self.tile = 1.0
        self.fitted = False
        self.zoomed = False  # the player picked a zoom: keep it across resizes
        self.cx = cols / 2.0  # view centre in tile units (x = column)
        self.cy = rows / 2.0
        self.reset_zoom()

    # -- zoom -----------------------------------------------------------------------
    def fit_tile(self) -> float:
        """Return the tile size that shows the whole maze in the view, ``margin`` px inside it."""
        room_w = max(1, self.view_w - 2 * self.margin)
        room_h = max(1, self.view_h - 2 * self.margin)
        return max(0.05, min(room_w / self.cols, room_h / self.rows))

    def default_tile(self) -> float:
        """Return the comfortable playing zoom for this view size."""
        fit = math.floor(self.fit_tile())
        if fit >= self.comfortable_tile:  # a small maze: show all of it
            return float(min(MAX_DEFAULT_TILE, fit))
        return float(max(8, math.floor(min(self.view_w, self.view_h) / DEFAULT_ROWS_VISIBLE)))

    def reset_zoom(self) -> None:
        """Go back to the default playing zoom."""
        self.fitted = False
        self.zoomed = False
        self.tile = self.default_tile()

    def fit(self) -> None:
        """Show the whole maze."""
        self.fitted = True
        self.tile = self._snap(self.fit_tile(), down=True)
        self.cx, self.cy = self.cols / 2.0, self.rows / 2.0

    def toggle_fit(self) -> None:
        """Fit the whole maze, or go back to the playing zoom when already fitted."""
        if self.fitted:
            self.reset_zoom()
        else:
            self.fit()

    def zoom(self, steps: float) -> None:
        """Zoom in (positive) or out (negative) by ``steps`` notches."""
        self.fitted = False
        self.zoomed = True
        # Zooming out stops where the whole maze shows: smaller only shrinks it in the middle.
        lo = self._snap(self.fit_tile(), down=True)
        new = self.tile * (ZOOM_STEP**steps)
        if steps > 0 and new >= MIN_TILE:
            new = max(new, self.tile + 1)
        elif steps < 0 and self.tile > MIN_TILE:
            new = min(new, self.tile - 1)
        self.tile = self._snap(min(MAX_TILE, max(lo, new)), down=steps < 0)

    @staticmethod
    def _snap(tile: float, *, down: bool) -> float:
        """Round tile sizes of 2 px and more to whole pixels."""
        if tile < MIN_TILE:
            return tile
        return float(math.floor(tile) if down else math.ceil(tile))

    # -- position -------------------------------------------------------------------
    def resize(self, view_w: int, view_h: int) -> None:
        """Adapt to a new view size, keeping the same mode (fitted or playing)."""
        view_w, view_h = max(1, view_w), max(1, view_h)
        if (view_w, view_h) == (self.view_w, self.view_h):
            return
        self.view_w, self.view_h = view_w, view_h
        if self.fitted:
            self.fit()
        elif not self.zoomed:
            self.reset_zoom()
        else:
            self.tile = min(self.tile, MAX_TILE)
            self.tile = max(self.tile, min(MIN_TILE, self.fit_tile()))
        self._clamp()

    def follow(self, row: float, col: float, dt: float, *, snap: bool = False) -> None:
        """Move the view centre towards the centre of tile (row, col)."""
        tx, ty = col + 0.5, row + 0.5
        k = 1.0 if snap else 1.0 - math.exp(-FOLLOW_RATE * max(0.0, dt))
        self.cx += (tx - self.cx) * k
        self.cy += (ty - self.cy) * k
        self._clamp()

    def _clamp(self) -> None:
        """Keep the maze on screen: centre it when it fits, else stop ``margin`` px past its edges.

        The margin keeps what is drawn round a tile on the edge (the player's ring) in view.
        """
        slack = self.margin / self.tile
        half_w = self.view_w / self.tile / 2.0 - slack
        half_h = self.view_h / self.tile / 2.0 - slack
        if self.cols <= 2 * half_w:
            self.cx = self.cols / 2.0
        else:
            self.cx = min(max(self.cx, half_w), self.cols - half_w)
        if self.rows <= 2 * half_h:
            self.cy = self.rows / 2.0
        else:
            self.cy = min(max(self.cy, half_h), self.rows - half_h)

    def origin(self) -> tuple[float, float]:
        """Return the screen position (x, y) of the maze's top-left corner, view-relative.

        Whole pixels from 2 px per tile up, so every layer lines up with the tiles.
        """
        x = self.view_w / 2.0 - self.cx * self.tile
        y = self.view_h / 2.0 - self.cy * self.tile
        if self.tile >= MIN_TILE:
            return float(math.floor(x + 0.5)), float(math.floor(y + 0.5))
        return x, y

    def to_screen(self, row: float, col: float) -> tuple[float, float]:
        """Return the view-relative pixel of the top-left corner of (row, col)."""
        ox, oy = self.origin()
        return (ox + col * self.tile, oy + row * self.tile)

    def shows_all(self) -> bool:
        """Return True when the whole maze is in view at the current zoom."""
        return self.cols * self.tile <= self.view_w and self.rows * self.tile <= self.view_h

    def shows_all_at(self, view_w: int, view_h: int) -> bool:
        """Return True when the whole maze would be in view were the view resized to this size."""
        other = copy.copy(self)
        other.resize(view_w, view_h)
        return other.shows_all()

    def visible_tiles(self) -> tuple[int, int, int, int]:
        """Return (row0, col0, row1, col1), the clipped tile range the view touches."""
        ox, oy = self.origin()
        c0 = max(0, math.floor(-ox / self.tile))
        r0 = max(0, math.floor(-oy / self.tile))
        c1 = min(self.cols, math.ceil((self.view_w - ox) / self.tile))
        r1 = min(self.rows, math.ceil((self.view_h - oy) / self.tile))
        return r0, c0, max(r0, r1), max(c0, c1)
