"""The lab's maze picture: one palette index per tile, the heat-map's colour ramp, the cache.

The picture is an 8-bit surface whose palette holds the theme's wall and floor, the
generators' and solvers' marks and three copies of the heat-map's ramp (full, not
explored yet, backtracked).  The ramp is one function, :func:`heat_ramp`, and the legend
is drawn from the very palette entries the tiles use (:meth:`MazePicture.legend`), so
the two cannot drift apart.
"""

from __future__ import annotations

from typing import Optional

import numpy as np
import pygame

from game.lab.model import S_BACKTRACKED, S_PATH, Lab, SolveTrack, distances
from game.maze import tiles as kinds
from game.maze.grid import Maze
from game.play import theme

#: The heat-map's colours from near (0) to far (1): the upper two-thirds of matplotlib's
#: viridis (teal, green, yellow), a ramp whose lightness rises evenly and which reads
#: the same to the colour-blind; its dark purple end is left out, too near the walls'
#: indigo.
_HEAT_STOPS = ((0.0, (42, 120, 142)), (0.125, (37, 133, 142)), (0.25, (31, 158, 137)),
               (0.375, (53, 183, 121)), (0.5, (74, 193, 109)), (0.625, (122, 209, 81)),
               (0.75, (165, 219, 54)), (0.875, (210, 226, 27)), (1.0, (253, 231, 37)))

# The picture's palette: indices 0-1 wall and floor, 2-3 Prim's frontier and the
# backtracker's stack (GEN_BASE + overlay), 5-8 the solver's states (SOLVE_BASE + state),
# 9 the path over the heat-map, 10 mud (the weighted tile, in the look's own mud colour),
# 11-14 the solver's states on mud (MUD_STATE_BASE + state: the state's colour over the
# mud, so a path through mud shows where it wades), then three heat ramps from HEAT on:
# full, faint (not explored yet) and dark (backtracked).
GEN_BASE = 1
SOLVE_BASE = 4
HEAT_PATH = 9  # the path over the heat-map: apart from every distance's colour
MUD = 10
MUD_STATE_BASE = 10
#: A crimson apart from every distance's colour, from the floor's tints and the walls'.
HEAT_PATH_COLOUR = (190, 30, 100)
HEAT_LEVELS = 80
HEAT = 16
FAINT = HEAT + HEAT_LEVELS
DARK = FAINT + HEAT_LEVELS


def heat_ramp(steps: int = HEAT_LEVELS) -> np.ndarray:
    """Return ``steps`` RGB colours from near to far (the tiles' and the legend's)."""
    x = np.linspace(0.0, 1.0, steps)
    stops = np.array([s for s, _ in _HEAT_STOPS])
    colours = np.array([c for _, c in _HEAT_STOPS], dtype=float)
    ramp = np.stack([np.interp(x, stops, colours[:, i]) for i in range(3)], axis=1)
    return np.rint(ramp).astype(np.uint8)


class MazePicture:
    """The lab's maze pictures, one per slot (a race has several), redrawn only on change."""

    def __init__(self) -> None:
        self.ramp = heat_ramp()
        self._distances: Optional[tuple[Maze, np.ndarray]] = None
        # the distances the heat-map pictures were made from, and those pictures
        self._heat_cache: Optional[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = None
        self._images: dict[int, tuple[tuple[object, ...], pygame.Surface]] = {}
        self._colours: Optional[tuple[theme.Theme, list[tuple[int, ...]]]] = None

    def distances(self, maze: Maze) -> np.ndarray:
        """Return the distance of every tile from the start (computed once per maze)."""
        if self._distances is None or self._distances[0] is not maze:
            self._distances = (maze, distances(maze, maze.start))
        return self._distances[1]

    def indices(self, lab: Lab, track: Optional[SolveTrack], heat: bool,
                stride: int = 1, *, reached: bool = False) -> np.ndarray:
        """Return the maze picture as one palette index per tile (see ``palette``).

        ``stride`` > 1: every stride-th tile of every stride-th row only, for a picture
        drawn smaller than the maze (a race's), at a fraction of the cost.  ``reached``
        (a race): the heat-map colours only the tiles the solver has reached, the others
        stay floor, so that each racer's progress shows (a faint heat-map of the whole
        maze behind every racer looked like a race run to its end).
        """
        def cut(a: np.ndarray) -> np.ndarray:
            """Return every stride-th tile of ``a``."""
            return a if stride == 1 else a[::stride, ::stride]

        tiles = cut(_tiles(lab))
        floor = kinds.walkable(tiles).view(np.uint8)
        mud = tiles == kinds.MUD
        if mud.any():
            floor = np.where(mud, MUD, floor).astype(np.uint8)
        gen = lab.gen
        if lab.generating and gen is not None:
            overlay = cut(gen.overlay)
            return np.where(overlay != 0, GEN_BASE + overlay, floor).astype(np.uint8)
        maze = lab.maze
        state = cut(track.state) if track is not None else None
        if heat and maze is not None:
            full, faint, dark = (cut(layer) for layer in self._heat_layers(maze))
            if reached:
                faint = floor
            if state is None or not state.any():
                return faint.copy() if reached else full.copy()
            # the explored tiles in full colour, the others faint; backtracked dimmed
            out = np.where(state != 0, full, faint)
            np.copyto(out, dark, where=state == S_BACKTRACKED)
            out[state == S_PATH] = HEAT_PATH
            return out
        if state is None:
            return floor
        out = np.where(state != 0, SOLVE_BASE + state, floor).astype(np.uint8)
        if mud.any():
            on_mud = mud & (state != 0)
            out[on_mud] = MUD_STATE_BASE + state[on_mud]
        return out

    def _heat_layers(self, maze: Maze) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Return the heat-map's seen, faint and dimmed pictures (made once per maze)."""
        dist = self.distances(maze)
        if self._heat_cache is None or self._heat_cache[0] is not dist:
            floor = kinds.walkable(maze.tiles).view(np.uint8)
            far = max(1, int(dist.max()))
            level = (np.clip(dist, 0, far) * (HEAT_LEVELS - 1) // far).astype(np.uint8)
            on = dist >= 0
            self._heat_cache = (dist, np.where(on, HEAT + level, floor).astype(np.uint8),
                                np.where(on, FAINT + level, floor).astype(np.uint8),
                                (DARK + level).astype(np.uint8))
        return self._heat_cache[1:]

    def palette(self) -> list[tuple[int, ...]]:
        """Return the 256 colours the picture's indices stand for, in the current theme."""
        look = theme.current()
        if self._colours is not None and self._colours[0] is look:
            return self._colours[1]
        hint = look.hint
        base: list[tuple[int, ...]] = [look.classic.wall, look.classic.floor, look.ui.accent, look.ui.teal,
                look.classic.floor, hint.frontier[:3], hint.visited[:3],
                hint.backtrack_fresh[:3], hint.path[:3], HEAT_PATH_COLOUR, look.classic.mud]
        # a solver's states on mud: half the state's colour, half the mud's
        mud = np.array(look.classic.mud, dtype=np.int32)
        base += [tuple(int(v) for v in (np.array(c[:3]) + mud) // 2)
                 for c in (hint.frontier, hint.visited, hint.backtrack_fresh, hint.path)]
        ramp = [tuple(int(v) for v in c) for c in self.ramp]
        wall = np.array(look.classic.wall, dtype=np.int32)
        floor = np.array(look.classic.floor, dtype=np.int32)
        # Not explored yet: a tint of the distance's colour on the floor; backtracked:
        # half sunk into the wall's colour.
        faint = [tuple(int(v) for v in (np.array(c) + 3 * floor) // 4) for c in ramp]
        dark = [tuple(int(v) for v in (np.array(c) + wall) // 2) for c in ramp]
        colours = base + [(0, 0, 0)] * (HEAT - len(base)) + ramp + faint + dark
        colours += [(0, 0, 0)] * (256 - len(colours))
        self._colours = (look, colours)
        return colours

    def legend(self, steps: int = HEAT_LEVELS) -> list[tuple[int, ...]]:
        """Return the legend's colours from near to far: the palette entries the tiles use."""
        colours = self.palette()[HEAT:HEAT + HEAT_LEVELS]
        return [colours[i * (HEAT_LEVELS - 1) // max(1, steps - 1)] for i in range(steps)]

    def legend_strip(self, size: tuple[int, int]) -> pygame.Surface:
        """Return the legend's bar, near on the left, far on the right, ``size`` pixels."""
        width = max(1, size[0])
        colours = np.array(self.legend(width), dtype=np.uint8)
        strip = pygame.surfarray.make_surface(colours[:, None, :].repeat(max(1, size[1]), axis=1))
        return strip

    def image(self, slot: int, lab: Lab, track: Optional[SolveTrack], heat: bool,
              size: tuple[int, int], *, stale: bool = False,
              reached: bool = False) -> pygame.Surface:
        """Return the maze picture scaled to ``size`` (redrawn only when something changed).

        ``stale``: a picture of the same slot a few events behind will do (a race redraws
        only as many of its pictures a frame as the frame has time for); ``reached``: see
        :meth:`indices`.
        """
        key = (lab.events, track.key if track is not None else None, heat, size,
               theme.current(), id(lab), reached)
        cached = self._images.get(slot)
        if cached is not None and (cached[0] == key or stale and cached[0][1:] == key[1:]):
            return cached[1]
        rows, cols = _tiles(lab).shape
        stride = max(1, min(rows // max(1, size[1]), cols // max(1, size[0])))
        small = pygame.surfarray.make_surface(
            self.indices(lab, track, heat, stride, reached=reached).T)
        small.set_palette(self.palette())
        image = pygame.transform.scale(small, size)
        self._images[slot] = (key, image)
        return image

    def current(self, slot: int, lab: Lab) -> bool:
        """Return True when ``slot``'s picture shows the lab as it stands now."""
        cached = self._images.get(slot)
        return cached is not None and cached[0][0] == lab.events

    def forget(self) -> None:
        """Drop the pictures kept (a new maze, or fewer slots)."""
        self._images.clear()


def _tiles(lab: Lab) -> np.ndarray:
    """Return the maze's tiles as they stand (half built while generating)."""
    if lab.gen is not None:
        return lab.gen.tiles
    maze = lab.maze
    assert maze is not None
    return maze.tiles
