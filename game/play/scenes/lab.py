"""The algorithm lab: watch a maze being generated, then solved, one event at a time.

It opens paused at the very start.  Space plays and pauses; Right steps one event on,
Left one back (all the way to the start); ``[`` and ``]`` change the speed, from one
event a second to thousands a frame; Home starts over; Tab and 1 2 3 pick the solver, R
races them all side by side, H shows the distance heat-map, G makes a new maze, Esc
leaves.  The model (:mod:`game.lab.model`) does the stepping; this scene paces it,
draws the maze with one colour lookup per tile and writes the side panel.
"""

from __future__ import annotations

import random
import time
from typing import Optional

import numpy as np
import pygame

from game.lab.code import code_lines, running_line
from game.lab.model import (
    NONE_LEFT,
    S_BACKTRACKED,
    S_PATH,
    Lab,
    SolveTrack,
    distances,
)
from game.levels import LevelSpec, trace_level
from game.maze import tiles as kinds
from game.maze.grid import Maze, Pos
from game.maze.solvers import SOLVERS
from game.maze.solvers.keyed import has_keys
from game.play import input as keys
from game.play import theme
from game.play.context import Context
from game.play.panels.lab_stats import MazeFigures
from game.play.input import Event, KeyDown, KeyRepeat
from game.names import build_problem, generator_label, solver_names, solver_short_label
from game.play.routes import OpenCompare, ToTitle
from game.play.scenes.base import Next, Scene
from game.play.widgets.layout import Layout
from game.play.widgets.text import draw_text, font, min_font, wrap
from game.text import t

#: Events per second, from one a second to thousands a frame.
SPEEDS = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000,
          100_000, 200_000, 500_000)
#: A frame spends at most this long stepping (s), whatever the speed asks; a 1001x1001
#: picture redrawn each frame takes about as long again (issue 18.5).
STEP_BUDGET = 0.005
#: Steps taken between two looks at the clock.
STEP_CHUNK = 256
#: Most solvers in a race.
RACE_SIZE = 3
#: The fewest characters a panel line shows beside the maze; a narrower window puts the
#: panel under it.
PANEL_CHARS = 28
#: The maze a lab opened without one generates.
DEFAULT_SPEC = LevelSpec("backtracker", 21, 21, 1)
_DIRECTIONS = ("lab.dir.up", "lab.dir.right", "lab.dir.down", "lab.dir.left", "lab.dir.none")
#: Heat-map colours from near (0) to far (1): teal, yellow, orange, wine -- none close to
#: the walls' indigo or the paving, in all three palettes.
_HEAT_STOPS = ((0.0, (60, 200, 170)), (0.35, (245, 225, 90)), (0.7, (240, 120, 45)),
               (1.0, (170, 30, 95)))


# The picture's palette: indices 0-1 wall and floor, 2-3 Prim's frontier and the
# backtracker's stack (_GEN_BASE + overlay), 5-8 the solver's states (_SOLVE_BASE + state),
# 9 the path over the heat-map, then three heat ramps from _HEAT on: full, faint (not
# explored yet) and dark (backtracked).
_GEN_BASE = 1
_SOLVE_BASE = 4
_HEAT_PATH = 9  # the path over the heat-map: white, apart from every distance's colour
_HEAT_LEVELS = 80
_HEAT = 16
_FAINT = _HEAT + _HEAT_LEVELS
_DARK = _FAINT + _HEAT_LEVELS


def heat_ramp(steps: int = _HEAT_LEVELS) -> np.ndarray:
    """Return ``steps`` RGB colours from near to far."""
    x = np.linspace(0.0, 1.0, steps)
    stops = np.array([s for s, _ in _HEAT_STOPS])
    colours = np.array([c for _, c in _HEAT_STOPS], dtype=float)
    ramp = np.stack([np.interp(x, stops, colours[:, i]) for i in range(3)], axis=1)
    return ramp.astype(np.uint8)


def default_speed(rows: int, cols: int) -> int:
    """Return the speed index at which a maze of this size builds in about 20 seconds."""
    want = rows * cols / 20
    return next((i for i, s in enumerate(SPEEDS) if s >= want), len(SPEEDS) - 1)


class LabScene(Scene):
    """The lab: a maze on the left (side by side in a race), the live structure on the right."""

    FRAME_RATE = 60

    def __init__(self, ctx: Context, *, spec: Optional[LevelSpec] = None,
                 maze: Optional[Maze] = None, solver: Optional[str] = None) -> None:
        super().__init__(ctx)
        names = solver_names()
        self.solver = solver if solver in names else names[0]
        self.race = False
        self.heat = False
        self.held = KeyRepeat()
        self._ramp = heat_ramp()
        self._distances: Optional[np.ndarray] = None
        # the distances the heat-map pictures were made from, and those pictures
        self._heat_cache: Optional[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = None
        self._images: dict[int, tuple[object, pygame.Surface]] = {}
        self._colours: Optional[tuple[theme.Theme, list[tuple[int, ...]]]] = None
        self.spec: Optional[LevelSpec] = None
        self.file_maze: Optional[Maze] = None
        if maze is not None:
            self.file_maze = maze
        else:
            self.spec = spec or DEFAULT_SPEC
        self.lab = self._new_lab()
        rows, cols = self._size()
        self.speed = default_speed(rows, cols)
        self.playing = False
        self._credit = 0.0
        self.panel_rect = pygame.Rect(0, 0, 0, 0)  # where the panel was last drawn
        self._under = False  # the panel is under the maze (a narrow window): no title line
        self.figures = MazeFigures()  # the built maze's statistics, in the panel

    # -- the model ----------------------------------------------------------------------
    def _size(self) -> tuple[int, int]:
        """Return the maze's size in tiles."""
        if self.spec is not None:
            return self.spec.rows, self.spec.cols
        assert self.file_maze is not None
        return self.file_maze.rows, self.file_maze.cols

    def _offered(self) -> list[str]:
        """Return the solvers that can solve this maze (those that cannot use keys: no keys)."""
        keyed = (self.spec.keys > 0 if self.spec is not None
                 else self.file_maze is not None and has_keys(self.file_maze))
        return [name for name in solver_names() if SOLVERS[name].keys or not keyed]

    def _solvers(self) -> list[str]:
        """Return the solvers at work: the chosen one, or the race's."""
        offered = self._offered()
        if self.race:
            return offered[:RACE_SIZE]
        return [self.solver if self.solver in offered else offered[0]]

    def _new_lab(self) -> Lab:
        """Return a lab at the very start of this scene's maze."""
        self._distances = None
        if self.spec is not None:
            return Lab(self._solvers(), trace=trace_level(self.spec),
                       size=(self.spec.rows, self.spec.cols))
        return Lab(self._solvers(), maze=self.file_maze)

    def _resolve(self) -> None:
        """Solve again with the solvers now chosen (the maze and its generation stay)."""
        self.lab.choose(self._solvers())

    # -- input --------------------------------------------------------------------------
    def handle_event(self, event: Event) -> Optional[Next]:
        """Play, pause, step, change speed, solver, race, heat-map or maze; Esc leaves."""
        self.held.handle_event(event)
        if keys.is_back(event):
            return ToTitle()
        if not isinstance(event, KeyDown):
            return None
        key = event.key
        names = self._offered()
        if key == pygame.K_SPACE:
            self.playing = not self.playing
            self._credit = 0.0
        elif key in (pygame.K_RIGHT, pygame.K_LEFT):
            self.playing = False
            step = self.lab.forward if key == pygame.K_RIGHT else self.lab.back
            step()
            self.held.press(key, step)
        elif key == pygame.K_RIGHTBRACKET:
            self.speed = min(len(SPEEDS) - 1, self.speed + 1)
        elif key == pygame.K_LEFTBRACKET:
            self.speed = max(0, self.speed - 1)
        elif key == pygame.K_HOME:
            self.lab.restart()
            self.playing = False
        elif key == pygame.K_TAB:
            self.race = False
            at = names.index(self.solver) if self.solver in names else -1
            self.solver = names[(at + 1) % len(names)]
            self._resolve()
        elif pygame.K_1 <= key < pygame.K_1 + min(9, len(names)):
            self.race = False
            self.solver = names[key - pygame.K_1]
            self._resolve()
        elif key == pygame.K_r:
            self.race = not self.race
            self._resolve()
        elif key == pygame.K_h:
            self.heat = not self.heat
        elif key == pygame.K_c:
            return OpenCompare()
        elif key == pygame.K_g:
            base = self.spec or DEFAULT_SPEC
            self.spec = LevelSpec(base.algorithm, base.rows, base.cols,
                                  random.Random().randrange(1, 100_000), base.loops,
                                  base.options)
            self.file_maze = None
            self.lab = self._new_lab()
            self.playing = False
        return None

    def update(self, dt: float) -> Optional[Next]:
        """Take the events the speed allows this frame (within the frame's time budget)."""
        self.held.update(dt)
        if not self.playing:
            return None
        rate = SPEEDS[self.speed]
        self._credit = min(self._credit + rate * dt, rate * 0.25 + 1.0)
        want = int(self._credit)
        taken = 0
        deadline = time.perf_counter() + STEP_BUDGET
        while taken < want:
            got = self.lab.run(min(STEP_CHUNK, want - taken))
            taken += got
            if got == 0:
                self.playing = False  # the end: nothing more to show
                break
            if time.perf_counter() > deadline:
                break
        self._credit -= taken
        if taken < want:
            self._credit = 0.0
        return None

    # -- drawing ------------------------------------------------------------------------
    def _heat(self, maze: Maze) -> np.ndarray:
        """Return the distance of every tile from the start (computed once per maze)."""
        if self._distances is None:
            self._distances = distances(maze, maze.start)
        return self._distances

    def _indices(self, track: Optional[SolveTrack]) -> np.ndarray:
        """Return the maze picture as one palette index per tile (see ``_palette``)."""
        tiles = self._tiles()
        floor = kinds.walkable(tiles).view(np.uint8)
        gen = self.lab.gen
        if self.lab.generating and gen is not None:
            return np.where(gen.overlay != 0, _GEN_BASE + gen.overlay, floor).astype(np.uint8)
        maze = self.lab.maze
        state = track.state if track is not None else None
        if self.heat and maze is not None:
            heat, faint, dark = self._heat_layers(maze, floor)
            if state is None or not state.any():
                return heat.copy()
            # the explored tiles in full colour, the others faint; backtracked dimmed
            out = np.where(state != 0, heat, faint)
            np.copyto(out, dark, where=state == S_BACKTRACKED)
            out[state == S_PATH] = _HEAT_PATH
            return out
        if state is None:
            return floor
        return np.where(state != 0, _SOLVE_BASE + state, floor).astype(np.uint8)

    def _heat_layers(self, maze: Maze, floor: np.ndarray
                     ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Return the heat-map's seen, faint and dimmed pictures (made once per maze)."""
        dist = self._heat(maze)
        if self._heat_cache is None or self._heat_cache[0] is not dist:
            far = max(1, int(dist.max()))
            level = (np.clip(dist, 0, far) * (_HEAT_LEVELS - 1) // far).astype(np.uint8)
            on = dist >= 0
            self._heat_cache = (dist, np.where(on, _HEAT + level, floor).astype(np.uint8),
                                np.where(on, _FAINT + level, floor).astype(np.uint8),
                                (_DARK + level).astype(np.uint8))
        return self._heat_cache[1:]

    def _palette(self) -> list[tuple[int, ...]]:
        """Return the 256 colours the picture's indices stand for, in the current theme."""
        look = theme.current()
        if self._colours is not None and self._colours[0] is look:
            return self._colours[1]
        hint = look.hint
        base = [look.classic.wall, look.classic.floor, look.ui.accent, look.ui.teal,
                look.classic.floor, hint.frontier[:3], hint.visited[:3],
                hint.backtrack_fresh[:3], hint.path[:3], hint.head]
        ramp = [tuple(int(v) for v in c) for c in self._ramp]
        wall = np.array(look.classic.wall, dtype=np.int32)
        # Not explored yet: the distance's colour sunk into the wall's; backtracked: dimmed.
        faint = [tuple(int(v) for v in (np.array(c) + 3 * wall) // 4) for c in ramp]
        dark = [tuple(int(v) * 11 // 20 for v in c) for c in ramp]
        colours = base + [(0, 0, 0)] * (_HEAT - len(base)) + ramp + faint + dark
        colours += [(0, 0, 0)] * (256 - len(colours))
        self._colours = (look, colours)
        return colours

    def _tiles(self) -> np.ndarray:
        """Return the maze's tiles as they stand (half built while generating)."""
        if self.lab.gen is not None:
            return self.lab.gen.tiles
        maze = self.lab.maze
        assert maze is not None
        return maze.tiles

    def _maze_image(self, slot: int, track: Optional[SolveTrack],
                    size: tuple[int, int]) -> pygame.Surface:
        """Return the maze picture scaled to ``size`` (redrawn only when something changed)."""
        key = (self.lab.events, track.solver if track is not None else None, self.heat,
               size, theme.current(), id(self.lab))
        cached = self._images.get(slot)
        if cached is not None and cached[0] == key:
            return cached[1]
        small = pygame.surfarray.make_surface(self._indices(track).T)
        small.set_palette(self._palette())
        image = pygame.transform.scale(small, size)
        self._images[slot] = (key, image)
        return image

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the maze (one per racer) and the side panel."""
        look = theme.current().ui
        lay = Layout.of(surface)
        surface.fill(look.bg)
        w, h = surface.get_size()
        margin = lay.px(12, lo=4)
        panel_w = max(lay.px(300), min(lay.px(460), int(w * 0.36)))
        text_w = font(max(min_font(), lay.font_size(21))).size("x" * PANEL_CHARS)[0]
        if panel_w - 2 * lay.px(12, lo=4) >= text_w:  # the panel beside the maze
            area = pygame.Rect(margin, margin, w - panel_w - 3 * margin, h - 2 * margin)
            side = pygame.Rect(area.right + margin, margin, panel_w, h - 2 * margin)
        else:  # too narrow for its lines: under the maze, the window's width
            panel_h = (h - 3 * margin) // 2
            area = pygame.Rect(margin, margin, w - 2 * margin, h - panel_h - 3 * margin)
            side = pygame.Rect(margin, area.bottom + margin, w - 2 * margin, panel_h)
        self.panel_rect = side
        self._under = side.top > area.top
        tracks: list[Optional[SolveTrack]] = list(self.lab.tracks) or [None]
        if not self.race or self.lab.generating:
            tracks = tracks[:1]
        rows, cols = self._size()
        label = font(lay.font_size(22))
        if len(tracks) > 1:  # room above each maze for its solver's name
            area.top += label.get_linesize()
            area.height -= label.get_linesize()
        slot_w = (area.width - margin * (len(tracks) - 1)) // len(tracks)
        tile = max(0.05, min(slot_w / cols, area.height / rows))
        size = (max(1, int(cols * tile)), max(1, int(rows * tile)))
        for i, track in enumerate(tracks):
            x = area.left + i * (slot_w + margin) + (slot_w - size[0]) // 2
            y = area.top + (area.height - size[1]) // 2
            surface.blit(self._maze_image(i, track, size), (x, y))
            self._draw_current(surface, (x, y), tile, track)
            if len(tracks) > 1 and track is not None:
                draw_text(surface, solver_short_label(track.solver), label, look.accent,
                          (x + size[0] // 2, y - 2), anchor="midbottom")
        self._draw_panel(surface, side, lay)

    def _draw_current(self, surface: pygame.Surface, origin: tuple[int, int], tile: float,
                      track: Optional[SolveTrack]) -> None:
        """Outline the tile the last event was about."""
        at = self._current_tile(track)
        if at is None:
            return
        r, c = at
        side = max(3, int(tile) + 2)
        rect = pygame.Rect(0, 0, side, side)
        rect.center = (origin[0] + int((c + 0.5) * tile), origin[1] + int((r + 0.5) * tile))
        pygame.draw.rect(surface, theme.current().hint.head, rect, width=max(1, side // 5))

    def _current_tile(self, track: Optional[SolveTrack]) -> Optional[Pos]:
        """Return the tile of the last event shown: the solver's, else the generator's."""
        if track is not None and track.current is not None:
            event = track.current
            return event[1], event[2]
        gen = self.lab.gen
        if gen is None or gen.current is None:
            return None
        return gen.current[1], gen.current[2]

    # -- the side panel -----------------------------------------------------------------
    def panel_lines(self) -> list[tuple[str, str]]:
        """Return the panel's lines as (style, text): "title", "head", "text", "code", "lit", "problem"."""
        lab = self.lab
        lines: list[tuple[str, str]] = [("title", t("lab.title"))]
        state = t("lab.playing") if self.playing else t("lab.paused")
        lines.append(("text", t("lab.state", state=state, rate=f"{SPEEDS[self.speed]:,}")))
        lines.append(("text", t("lab.events", count=f"{lab.events:,}")))
        if lab.gen is not None and lab.gen.failure is not None:
            lines.append(("problem", build_problem(lab.gen.failure)))
        if lab.generating:
            return lines + self._generator_lines()
        if lab.gen is not None and lab.tick == 0:
            lines += self._generator_lines() + [("head", t("lab.built"))]
        lines += self.figures.lines(lab.maze)
        if len(lab.tracks) > 1:
            lines += self._race_lines()
        else:
            lines += self._solver_lines(lab.tracks[0] if lab.tracks else None)
        return lines

    def _generator_lines(self) -> list[tuple[str, str]]:
        """Return the generation phase's lines: the structure and the pseudo-code."""
        gen = self.lab.gen
        assert gen is not None and self.spec is not None
        name = self.spec.algorithm
        lines = [("head", t("lab.generating", name=generator_label(name)))]
        if name == "prim":
            lines.append(("text", t("lab.frontier", count=f"{gen.frontier:,}")))
        elif name == "division":
            lines.append(("text", t("lab.chambers", count=len(gen.chambers))))
            for r1, c1, r2, c2 in reversed(gen.chambers[-4:]):
                lines.append(("text", t("lab.chamber", r1=r1, c1=c1, r2=r2, c2=c2)))
        elif name in ("backtracker", "wilson", "growing-tree"):
            count = f"{len(gen.cells):,}"
            if name == "wilson":
                lines.append(("text", t("lab.walk", count=count)))
            elif name == "growing-tree":
                lines.append(("text", t("lab.list", count=count)))
            else:
                lines.append(("text", t("lab.cells", count=count)))
            for r, c in reversed(gen.cells[-4:]):
                lines.append(("text", f"({r}, {c})"))
        ev = gen.current
        if ev is not None:
            lines.append(("text", t("lab.current", row=ev[1], col=ev[2])))
        lines += self._code(name, ev[0] if ev is not None else None, gen.at == 1)
        return lines

    def _solver_lines(self, track: Optional[SolveTrack]) -> list[tuple[str, str]]:
        """Return one solver's lines: counters, its live structure, the pseudo-code."""
        lines = [("head", t("lab.solving", name=solver_short_label(self.solver)))]
        if track is None:
            lines += self._code(self.solver, None, False)
            return lines
        lines.append(("text", t("lab.marked", count=f"{track.marked:,}")))
        if track.bfs:
            length, head, tail = track.queue()
            if head is None or tail is None:
                lines.append(("text", t("lab.queue_empty")))
            else:
                lines.append(("text", t("lab.queue", length=f"{length:,}", head=_pos(head),
                                        tail=_pos(tail))))
        elif track.solver == "stack":
            lines.append(("text", t("lab.boxes", count=f"{len(track.boxes):,}")))
            for r, c, d in reversed(track.boxes[-5:]):
                lines.append(("text", f"({r}, {c}, {t(_DIRECTIONS[min(d, NONE_LEFT)])})"))
        else:
            lines.append(("text", t("lab.path_stack", count=f"{len(track.boxes):,}")))
            for r, c, _ in reversed(track.boxes[-5:]):
                lines.append(("text", f"({r}, {c})"))
        event = track.current
        if event is not None:
            lines.append(("text", t("lab.current", row=event[1], col=event[2])))
        lines += self._code(track.solver, event[0] if event else None, track.at == 1)
        lines += self._result(track)
        return lines

    def _race_lines(self) -> list[tuple[str, str]]:
        """Return the race's scoreboard: marked, path length and finish order."""
        lines = [("head", t("lab.scoreboard"))]
        finished = sorted((track for track in self.lab.tracks if track.done),
                          key=lambda track: track.count)
        running = [track for track in self.lab.tracks if not track.done]
        for track in finished + running:  # in finish order, then those still searching
            name = solver_short_label(track.solver)
            if track.done:
                rank = finished.index(track) + 1
                length = track.solution.length if track.solution is not None else None
                lines.append(("text", t("lab.score_done", rank=rank, name=name,
                                        marked=f"{track.marked:,}",
                                        length="-" if length is None else f"{length:,}",
                                        events=f"{track.count:,}")))
            else:
                lines.append(("text", t("lab.score_running", name=name,
                                        marked=f"{track.marked:,}")))
        return lines

    def _result(self, track: SolveTrack) -> list[tuple[str, str]]:
        """Return the found path's length and the marked count once the search is over."""
        if not track.done or track.solution is None:
            return []
        if track.solution.length is None:
            return [("head", t("lab.no_path", visited=f"{track.solution.visited:,}"))]
        return [("head", t("lab.found", length=f"{track.solution.length:,}",
                           visited=f"{track.solution.visited:,}"))]

    @staticmethod
    def _code(name: str, kind: Optional[int], first: bool) -> list[tuple[str, str]]:
        """Return ``name``'s pseudo-code lines, the one ``kind`` runs lit."""
        lit = running_line(name, kind, first)
        return [("lit" if n == lit else "code", line)
                for n, line in enumerate(code_lines(name), start=1)]

    def _draw_panel(self, surface: pygame.Surface, box: pygame.Rect, lay: Layout) -> None:
        """Draw the side panel: the lines, the heat-map's legend, the keys."""
        look = theme.current().ui
        radius = lay.px(12, lo=3)  # opaque: cheaper than a translucent panel every frame
        pygame.draw.rect(surface, look.panel, box, border_radius=radius)
        pygame.draw.rect(surface, look.panel_edge, box, width=1, border_radius=radius)
        pad = lay.px(12, lo=4)
        inner = box.inflate(-2 * pad, -2 * pad)
        size = max(min_font(), lay.font_size(21))
        styles = {
            "title": (font(lay.font_size(30), bold=True), look.accent),
            "head": (font(size, bold=True), look.teal),
            "text": (font(size), look.text),
            "code": (font(size), look.text_dim),
            "lit": (font(size, bold=True), look.accent),
            "problem": (font(size, bold=True), look.accent),
        }
        keys_font = font(max(min_font(), lay.font_size(17)))
        legend_h = 3 * keys_font.get_linesize() if self.heat and self.lab.maze else 0
        keys_lines = [t("lab.keys_1"), t("lab.keys_2"), t("lab.keys_3")]
        bottom = inner.bottom - len(keys_lines) * keys_font.get_linesize() - legend_h
        y = inner.top
        for style, text in self.panel_lines():
            if style == "title" and self._under:
                continue
            f, colour = styles[style]
            if y + f.get_linesize() > bottom:
                break
            x = inner.left + (pad if style in ("code", "lit") else 0)
            if style == "problem":  # a sentence: wrapped, not cut
                for part in wrap(text, f, inner.right - x):
                    draw_text(surface, part, f, colour, (x, y), anchor="topleft")
                    y += f.get_linesize()
                continue
            if style == "lit":
                mark = pygame.Rect(inner.left, y, inner.width, f.get_linesize())
                pygame.draw.rect(surface, look.tile_open, mark, border_radius=4)
            draw_text(surface, text, f, colour, (x, y), anchor="topleft",
                      max_width=inner.right - x)
            y += f.get_linesize()
        if legend_h and self.lab.maze is not None:
            self._draw_legend(surface, pygame.Rect(inner.left, bottom, inner.width, legend_h),
                              keys_font, self.lab.maze)
        y = inner.bottom - len(keys_lines) * keys_font.get_linesize()
        for line in keys_lines:
            draw_text(surface, line, keys_font, look.text_dim, (inner.left, y),
                      anchor="topleft", max_width=inner.width)
            y += keys_font.get_linesize()

    def _draw_legend(self, surface: pygame.Surface, box: pygame.Rect, f: pygame.font.Font,
                     maze: Maze) -> None:
        """Draw the heat-map's legend: near to far, with the farthest distance."""
        look = theme.current().ui
        far = max(0, int(self._heat(maze).max()))
        draw_text(surface, t("lab.heat"), f, look.text, (box.left, box.top), anchor="topleft",
                  max_width=box.width)
        bar = pygame.Rect(box.left, box.top + f.get_linesize(), box.width,
                          max(4, f.get_linesize() // 2))
        strip = pygame.surfarray.make_surface(self._ramp[:, None, :].repeat(2, axis=1))
        surface.blit(pygame.transform.scale(strip, bar.size), bar)
        under = bar.bottom + 1
        draw_text(surface, t("lab.heat_near"), f, look.text_dim, (bar.left, under),
                  anchor="topleft")
        draw_text(surface, t("lab.heat_far", far=f"{far:,}"), f, look.text_dim,
                  (bar.right, under), anchor="topright")


def _pos(pos: Pos) -> str:
    """Return a tile as ``(row, col)``."""
    return f"({pos[0]}, {pos[1]})"
