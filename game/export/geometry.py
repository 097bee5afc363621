"""What a printed maze is made of, in tile units: the one drawing SVG, PDF and PNG all trace.

Pure (numpy and the tile table only).  A tile's centre is the point ``(x, y) = (col, row)``;
a wall is drawn as a line through the centres of its wall tiles, so a generated maze looks
like a printed one: thin walls, one cell-wide corridors.  Each maximal run of wall tiles
in a row (or a column) is one segment, never one per tile; a wall tile with no wall
beside it in either direction is a post.  Around the grid lies a margin of :data:`PAD`
units where the entrance and exit arrows go.  The tile table says how other tiles print:
a kind that costs more than floor to cross (mud) is hatched, any other walkable kind but
floor is its text-format letter: a key ringed, a door boxed, anything else (a lair) bare.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Sequence

import numpy as np

from game.maze.grid import Maze, Pos
from game.maze.tiles import FLOOR, KINDS, walkable

#: Tile units of margin around the grid's outer wall, where the arrows go.
PAD = 1.75
#: The arrows: shaft half-width, head length and head half-width, in tile units.
_SHAFT, _HEAD, _BARB = 0.14, 0.6, 0.42
#: Gap between an arrow's tip or tail and the outer wall.
_GAP = 0.3
#: Hatch lines per tile unit (mud): lines x - y = k / _HATCH, continuous across tiles.
_HATCH = 3

Point = tuple[float, float]
Segment = tuple[float, float, float, float]  # x1, y1, x2, y2


@dataclass(frozen=True)
class Label:
    """A letter printed on a tile: ``frame`` is "circle" (a key), "box" (a door) or ""."""

    x: float
    y: float
    text: str
    frame: str = ""


@dataclass(frozen=True)
class Drawing:
    """A maze as lines, polygons and letters in tile units; ``bounds`` is what fits the page."""

    rows: int
    cols: int
    walls: list[Segment]
    posts: list[Point]
    arrows: list[list[Point]]
    labels: list[Label]
    hatch: list[Segment]
    solution: list[Point] = field(default_factory=list)

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        """Return (left, top, width, height) of the drawing, margin included."""
        return drawing_bounds(self.rows, self.cols)


def drawing_bounds(rows: int, cols: int) -> tuple[float, float, float, float]:
    """Return (left, top, width, height) of a ``rows`` x ``cols`` maze's drawing."""
    return (-PAD, -PAD, cols - 1 + 2 * PAD, rows - 1 + 2 * PAD)


def ink_span(drawing: Drawing) -> tuple[float, float]:
    """Return the highest and the lowest ``y`` anything of ``drawing`` is drawn at."""
    ys = [y for _, y1, _, y2 in drawing.walls for y in (y1, y2)]
    ys += [y for _, y in drawing.posts]
    ys += [y for shape in drawing.arrows for _, y in shape]
    if not ys:  # nothing but floor: the grid's rows
        return 0.0, float(max(0, drawing.rows - 1))
    return min(ys), max(ys)


def draw_maze(maze: Maze, path: Optional[Sequence[Pos]] = None) -> Drawing:
    """Return the drawing of ``maze``, with ``path`` as the solution line when given."""
    walls = ~walkable(maze.tiles)
    return Drawing(
        rows=maze.rows,
        cols=maze.cols,
        walls=wall_runs(walls),
        posts=posts(walls),
        arrows=[arrow(maze, maze.start, inward=True), arrow(maze, maze.goal, inward=False)],
        labels=tile_labels(maze),
        hatch=hatch_lines(maze),
        solution=polyline(path) if path else [],
    )


def wall_runs(walls: np.ndarray) -> list[Segment]:
    """Return one segment per run of two or more wall tiles: the rows' runs, then the columns'."""
    segments: list[Segment] = []
    for r, c0, c1 in _runs(walls):
        segments.append((float(c0), float(r), float(c1), float(r)))
    for c, r0, r1 in _runs(walls.T):
        segments.append((float(c), float(r0), float(c), float(r1)))
    return segments


def _runs(grid: np.ndarray) -> list[tuple[int, int, int]]:
    """Return (row, first, last) of each run of two or more True in each row of ``grid``."""
    padded = np.zeros((grid.shape[0], grid.shape[1] + 2), dtype=np.int8)
    padded[:, 1:-1] = grid
    steps = np.diff(padded, axis=1)
    starts = np.argwhere(steps == 1)  # row-major: the n-th start pairs with the n-th end
    ends = np.argwhere(steps == -1)
    long = ends[:, 1] - starts[:, 1] >= 2
    return [(int(r), int(c0), int(c1) - 1)
            for (r, c0), c1 in zip(starts[long], ends[long, 1])]


def posts(walls: np.ndarray) -> list[Point]:
    """Return the centres of the wall tiles with no wall tile beside, above or below them."""
    padded = np.pad(walls, 1)
    alone = walls & ~(padded[1:-1, :-2] | padded[1:-1, 2:] | padded[:-2, 1:-1] | padded[2:, 1:-1])
    return [(float(c), float(r)) for r, c in np.argwhere(alone)]


def polyline(path: Sequence[Pos]) -> list[Point]:
    """Return the path through its tiles' centres, keeping only its ends and turns."""
    points = [(float(c), float(r)) for r, c in path]
    kept = points[:1]
    for before, here, after in zip(points, points[1:], points[2:]):
        if (here[0] - before[0], here[1] - before[1]) != (after[0] - here[0], after[1] - here[1]):
            kept.append(here)
    if len(points) > 1:
        kept.append(points[-1])
    return kept


def _side(maze: Maze, pos: Pos) -> Optional[Point]:
    """Return the outward direction of the border ``pos`` lies on, or None inside the grid."""
    r, c = pos
    if c == 0:
        return (-1.0, 0.0)
    if c == maze.cols - 1:
        return (1.0, 0.0)
    if r == 0:
        return (0.0, -1.0)
    if r == maze.rows - 1:
        return (0.0, 1.0)
    return None


def arrow(maze: Maze, pos: Pos, *, inward: bool) -> list[Point]:
    """Return the arrow marking an end: outside its border, pointing in (start) or out (goal).

    An end inside the grid gets a small diamond on its tile instead.
    """
    r, c = pos
    out = _side(maze, pos)
    if out is None:
        d = 0.45
        return [(c, r - d), (c + d, r), (c, r + d), (c - d, r)]
    ox, oy = out
    near, far = _GAP, PAD - 0.15  # distances from the tile's centre along ``out``
    tail, tip = (far, near) if inward else (near, far)
    head = tip - _HEAD if tip > tail else tip + _HEAD
    # in arrow coordinates: a along the arrow's axis (outward), b across it
    outline = [(tail, -_SHAFT), (head, -_SHAFT), (head, -_BARB), (tip, 0.0),
               (head, _BARB), (head, _SHAFT), (tail, _SHAFT)]
    return [(c + a * ox - b * oy, r + a * oy + b * ox) for a, b in outline]


def tile_labels(maze: Maze) -> list[Label]:
    """Return the letters of the tiles that print as one: keys, doors, lairs..."""
    kinds = KINDS[: int(maze.tiles.max()) + 1] if maze.tiles.size else KINDS[:0]
    labels: list[Label] = []
    for kind, row in enumerate(kinds):
        if kind == FLOOR or not row["walkable"] or row["cost"] > 1:
            continue
        frame = "circle" if row["key"] else "box" if row["lock"] else ""
        for r, c in np.argwhere(maze.tiles == kind):
            labels.append(Label(float(c), float(r), str(row["char"]), frame))
    return labels


def hatch_lines(maze: Maze) -> list[Segment]:
    """Return the hatching of the tiles that cost more than floor to cross (mud)."""
    costly = np.flatnonzero(KINDS["cost"] > 1)
    lines: list[Segment] = []
    if not len(costly):
        return lines
    where = np.argwhere(np.isin(maze.tiles, costly))
    for r, c in where:
        for step in range(-_HATCH + 1, _HATCH):
            k = step / _HATCH  # the line v = u - k in the tile's own square [-1/2, 1/2]^2
            u0, u1 = max(-0.5, -0.5 + k), min(0.5, 0.5 + k)
            lines.append((c + u0, r + u0 - k, c + u1, r + u1 - k))
    return lines
