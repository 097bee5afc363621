"""The algorithm lab: watch a maze being generated, then solved, one event at a time.

It opens playing: a maze is being made from the first frame.  Space plays and pauses;
Right steps one event on, Left one back (all the way to the start); ``[`` and ``]``
change the speed, from one event a second to thousands a frame; Home starts over, playing.  A and
Shift+A pick the generator (the growing tree once per policy), ``-`` and ``=`` the size,
S and Shift+S the seed, G a random one; Tab, Shift+Tab and 1..9, 0 pick the solver (the
wall follower once per hand; Shift+1.. the eleventh on); R races solvers side by side,
and in a race the same keys add or take one out; H shows the distance heat-map; Esc leaves.  The panel's choice rows are
buttons too.  Another generator keeps the options that apply to it (division's room
size, the digger's rank, loops, keys), and an option a generator does not take is kept
for the next one that does.  A maze from a file is what the lab was opened to study: the
keys that make another maze (A, S, G, - and =) leave it as it is, and the panel says so.  The model (:mod:`game.lab.model`) does the stepping; this scene paces it
and lays out the maze pictures (:mod:`game.play.labview.picture`) and the side panel
(:mod:`game.play.labview.panel`).
"""

from __future__ import annotations

import math
import random
import time
from typing import Optional

import pygame

from game.lab.choices import (
    SIZES,
    SPEEDS,
    default_speed,
    generator_choice,
    generator_choices,
    is_key,
    race_speed,
    size_index,
    solver_keys,
    solver_name,
)
from game.lab.model import Lab, SolveTrack
from game.levels import LevelSpec, trace_level
from game.maze.generators import GENERATORS
from game.maze.grid import Maze, Pos
from game.maze.registry import Value
from game.maze.solvers import SOLVERS
from game.maze.solvers.keyed import has_keys
from game.play import input as keys
from game.play import theme
from game.play.context import Context
from game.play.input import Click, Event, KeyDown, KeyRepeat
from game.play.labview.panel import Panel, panel_lines, race_lines, slot_label
from game.play.labview.picture import MazePicture
from game.play.labview.standings import band_need, draw_standings, empty_panes
from game.play.panels.lab_stats import MazeFigures
from game.play.routes import OpenCompare, ToTitle
from game.play.scenes.base import Next, Scene
from game.play.widgets.layout import Layout
from game.play.widgets.text import draw_text, font, min_font

__all__ = ["LabScene", "RACE_SIZE", "SPEEDS", "default_speed"]

#: A frame spends at most this long stepping (s), whatever the speed asks; a 1001x1001
#: picture redrawn each frame takes about as long again (issue 18.5).
STEP_BUDGET = 0.005
#: Of that, what measuring a built maze's statistics may take while they are pending (s).
FIGURES_BUDGET = 0.003
#: A race's pictures redrawn in a frame take at most about this long (s): the others
#: wait their turn (eleven pictures of 1001x1001 take 10-14 ms).
RACE_DRAW_BUDGET = 0.006
#: What a whole frame aims at (s): the stepping gets less after a dear drawing.
FRAME_BUDGET = 0.014
#: Steps taken between two looks at the clock.
STEP_CHUNK = 256
#: Solvers in a race when it starts (1..9, 0 add or take out others).
RACE_SIZE = 3
#: The fewest solvers in a race.
RACE_LEAST = 2
#: The fewest characters a panel line shows beside the maze; a narrower window puts the
#: panel under it.
PANEL_CHARS = 28
#: The maze a lab opened without one generates.
DEFAULT_SPEC = LevelSpec("backtracker", 21, 21, 1)
_SHIFT = pygame.KMOD_SHIFT


class LabScene(Scene):
    """The lab: a maze on the left (several in a race), the live structure on the right."""

    FRAME_RATE = 60

    def __init__(self, ctx: Context, *, spec: Optional[LevelSpec] = None,
                 maze: Optional[Maze] = None, solver: Optional[str] = None) -> None:
        super().__init__(ctx)
        keys_ = solver_keys()
        self.solver = solver if solver is not None and is_key(solver) else keys_[0]
        self.race = False
        self.racers: list[str] = keys_[:RACE_SIZE]  # the solvers a race runs, in key order
        self.heat = False
        self.held = KeyRepeat()
        self.picture = MazePicture()
        self.panel = Panel(self.picture)
        self.spec: Optional[LevelSpec] = None
        self.file_maze: Optional[Maze] = None
        if maze is not None:
            self.file_maze = maze
        else:
            self.spec = spec or DEFAULT_SPEC
        #: The generators' own options last chosen (room size, rank), kept across generators.
        given = self.spec.options if self.spec is not None else {}
        self.kept: dict[str, Value] = {k: v for k, v in given.items() if v is not None}
        self.lab = self._new_lab()
        rows, cols = self._size()
        self.speed = default_speed(rows, cols)
        #: The speed chosen before a race began (a race runs at its own, slower, speed;
        #: ending it brings this one back).
        self._solo_speed: Optional[int] = None
        self.playing = True  # it opens on something moving: the maze being made
        #: The lab stopped only because it reached the end, not paused by the player: a
        #: new choice of solvers (Tab, 1-9, R) plays on, as a paused lab stays paused.
        self.ended = False
        self._credit = 0.0
        self.panel_rect = pygame.Rect(0, 0, 0, 0)  # where the panel was last drawn
        self.slots: list[pygame.Rect] = []  # where each maze picture was last drawn
        self._under = False  # the panel is under the maze (a narrow window): no title line
        self._draw_cost = 0.0  # how long the last drawing took (s)
        self._first_slot = 0  # in a race, the picture redrawn first this frame
        #: Where a race's standings were last drawn, in the panes its mazes left empty.
        self.standings_rect: Optional[pygame.Rect] = None
        self.figures = MazeFigures()  # the built maze's statistics, in the panel

    # -- the model ----------------------------------------------------------------------
    def _size(self) -> tuple[int, int]:
        """Return the maze's size in tiles."""
        if self.spec is not None:
            return self.spec.rows, self.spec.cols
        assert self.file_maze is not None
        return self.file_maze.rows, self.file_maze.cols

    def _offered(self) -> list[str]:
        """Return the solver choices that can solve this maze (without keys: no keys)."""
        keyed = (self.spec.keys > 0 if self.spec is not None
                 else self.file_maze is not None and has_keys(self.file_maze))
        return [key for key in solver_keys() if SOLVERS[solver_name(key)].keys or not keyed]

    def _solvers(self) -> list[str]:
        """Return the solvers at work: the chosen one, or the race's."""
        offered = self._offered()
        if self.race:
            racers = [key for key in self.racers if key in offered]
            return racers if len(racers) >= RACE_LEAST else offered[:RACE_SIZE]
        return [self.solver if self.solver in offered else offered[0]]

    def _new_lab(self) -> Lab:
        """Return a lab at the very start of this scene's maze."""
        self.picture.forget()
        if self.spec is not None:
            return Lab(self._solvers(), trace=trace_level(self.spec),
                       size=(self.spec.rows, self.spec.cols),
                       sets=self.spec.algorithm == "eller")  # its panel counts a row's sets
        return Lab(self._solvers(), maze=self.file_maze)

    def _resolve(self) -> None:
        """Solve again with the solvers now chosen (the maze and its generation stay).

        The lab keeps its running or paused state: one that stopped at the end of a
        search was running, so it plays the new search.
        """
        self.picture.forget()
        self.lab.choose(self._solvers())
        if self.ended:
            self.playing, self.ended = True, False
            self._credit = 0.0

    def _remake(self, spec: LevelSpec) -> None:
        """Generate ``spec``'s maze from the start, playing (a new size also a new speed)."""
        resized = self.spec is None or (spec.rows, spec.cols) != (self.spec.rows, self.spec.cols)
        self.spec, self.file_maze = spec, None
        self.lab = self._new_lab()
        if resized:
            self.speed = default_speed(spec.rows, spec.cols)
            if self.race:  # the race's own speed for the new size; the solo one after it
                self._solo_speed, self.speed = self.speed, race_speed(spec.rows, spec.cols)
        self.playing, self.ended = True, False
        self._credit = 0.0

    # -- the choices ----------------------------------------------------------------------
    def step_generator(self, by: int) -> None:
        """Pick the generator ``by`` places on (the growing tree once per policy)."""
        if self.spec is None:
            return  # a maze from a file stays (see the module's docstring)
        base = self.spec
        self.kept.update({k: v for k, v in base.options.items() if v is not None})
        choices = generator_choices()
        at = generator_choice(base.algorithm, base.options)
        name, chosen = choices[(at + by) % len(choices)]
        # the options the new generator takes, as last chosen; its named one from the choice
        options: dict[str, Optional[Value]] = {
            option.name: self.kept[option.name] for option in GENERATORS[name].options
            if not option.choices and option.name in self.kept}
        options.update(chosen)
        self._remake(LevelSpec(name, base.rows, base.cols, base.seed, base.loops, options,
                               keys=base.keys, chasers=base.chasers))

    def step_size(self, by: int) -> None:
        """Pick the lab size ``by`` places on (clamped to the smallest and the largest)."""
        if self.spec is None:
            return  # a maze from a file stays
        base = self.spec
        at = max(0, min(len(SIZES) - 1, size_index(base.rows, base.cols) + by))
        rows, cols = SIZES[at]
        if (rows, cols) == (base.rows, base.cols):
            return
        self._remake(LevelSpec(base.algorithm, rows, cols, base.seed, base.loops, base.options,
                               keys=base.keys, chasers=base.chasers))

    def step_seed(self, by: Optional[int]) -> None:
        """Take the seed ``by`` on (None: a random one): another maze of the same kind."""
        if self.spec is None:
            return  # a maze from a file stays
        base = self.spec
        seed = random.Random().randrange(1, 100_000) if by is None else max(0, base.seed + by)
        self._remake(LevelSpec(base.algorithm, base.rows, base.cols, seed, base.loops,
                               base.options, keys=base.keys, chasers=base.chasers))

    def step_solver(self, by: int) -> None:
        """Pick the solver ``by`` places on among those offered (a race ends)."""
        names = self._offered()
        at = names.index(self.solver) if self.solver in names else -1 if by > 0 else 0
        self._set_race(False)
        self.solver = names[(at + by) % len(names)]
        self._resolve()

    def _set_race(self, on: bool) -> None:
        """Start or end a race: a race runs at its own speed, a few seconds on this size.

        At the generation's speed (or one the player sped up to) a race was over before
        it could be watched; ending it brings back the speed chosen before.  The speed
        keys work as ever in a race.
        """
        if on == self.race:
            return
        self.race = on
        if on:
            self._solo_speed = self.speed
            self.speed = race_speed(*self._size())
        elif self._solo_speed is not None:
            self.speed, self._solo_speed = self._solo_speed, None

    def step_speed(self, by: int) -> None:
        """Go ``by`` speeds faster (clamped)."""
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + by))

    def pick(self, n: int) -> None:
        """Pick solver ``n`` (from 0) alone, or in a race add or take it out (at least two)."""
        names = self._offered()
        if n >= len(names):
            return
        key = names[n]
        if not self.race:
            self.solver = key
        elif key in self.racers:
            if len(self.racers) <= RACE_LEAST:
                return
            self.racers.remove(key)
        else:
            order = solver_keys()
            self.racers = sorted(self.racers + [key], key=order.index)
        self._resolve()

    # -- input --------------------------------------------------------------------------
    def handle_event(self, event: Event) -> Optional[Next]:
        """Play, pause, step; choose generator, size, seed, solver, race, heat-map; Esc leaves."""
        self.held.handle_event(event)
        if keys.is_back(event):
            return ToTitle()
        if isinstance(event, Click) and event.button in (1, 3):
            self._click(event.pos, -1 if event.button == 3 else 1)
            return None
        if not isinstance(event, KeyDown):
            return None
        key = event.key
        back = -1 if event.mod & _SHIFT else 1
        if key == pygame.K_SPACE:
            self.playing, self.ended = not self.playing, False
            self._credit = 0.0
        elif key in (pygame.K_RIGHT, pygame.K_LEFT):
            self.playing = self.ended = False
            step = self.lab.forward if key == pygame.K_RIGHT else self.lab.back
            step()
            self.held.press(key, step)
        elif key in (pygame.K_RIGHTBRACKET, pygame.K_LEFTBRACKET):
            self.step_speed(1 if key == pygame.K_RIGHTBRACKET else -1)
        elif key == pygame.K_HOME:
            # start over as the lab opens: the maze being made from its first event, playing
            # (paused at event 0 showed nothing but wall); Space pauses it as ever
            self.lab.restart()
            self.playing, self.ended = True, False
            self._credit = 0.0
        elif key == pygame.K_a:
            self.step_generator(back)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_EQUALS, pygame.K_PLUS,
                     pygame.K_KP_PLUS):
            self.step_size(-1 if key in (pygame.K_MINUS, pygame.K_KP_MINUS) else 1)
        elif key == pygame.K_s:
            self.step_seed(back)
        elif key == pygame.K_g:
            self.step_seed(None)
        elif key == pygame.K_TAB:
            self.step_solver(back)
        elif pygame.K_0 <= key <= pygame.K_9:
            # 1..9, then 0 for the tenth; with Shift the eleventh on
            self.pick((key - pygame.K_1) % 10 + (10 if back < 0 else 0))
        elif key == pygame.K_r:
            self._set_race(not self.race)
            self._resolve()
        elif key == pygame.K_h:
            self.heat = not self.heat
        elif key == pygame.K_c:
            return OpenCompare()
        return None

    def _click(self, pos: Pos, by: int) -> None:
        """Step the choice whose panel row was clicked: its left half back, right half on."""
        for rect, row in self.panel.buttons:
            if rect.collidepoint(pos):
                if pos[0] < rect.centerx:
                    by = -by
                if row == "generator":
                    self.step_generator(by)
                elif row == "solver":
                    if self.race:
                        self._set_race(False)
                        self._resolve()
                    else:
                        self.step_solver(by)
                elif row == "size":
                    self.step_size(by)
                elif row == "speed":
                    self.step_speed(by)
                return

    def update(self, dt: float) -> Optional[Next]:
        """Take the events the speed allows this frame (within the frame's time budget)."""
        self.held.update(dt)
        # the stepping's share of the frame: what the last drawing left, within its budget
        budget = max(0.001, min(STEP_BUDGET, FRAME_BUDGET - self._draw_cost))
        deadline = time.perf_counter() + budget
        maze = self.lab.maze
        if self.figures.pending(maze):  # the statistics a slice a frame, then the steps
            self.figures.advance(maze, min(FIGURES_BUDGET, budget / 2))
        if not self.playing or time.perf_counter() > deadline:
            return None
        rate = SPEEDS[self.speed]
        self._credit = min(self._credit + rate * dt, rate * 0.25 + 1.0)
        want = int(self._credit)
        taken = 0
        chunk = max(16, STEP_CHUNK // max(1, len(self.lab.tracks)))  # a race steps them all
        while taken < want:
            got = self.lab.run(min(chunk, want - taken))
            taken += got
            if got == 0:
                self.playing = False  # the end: nothing more to show
                self.ended = True
                break
            if time.perf_counter() > deadline:
                break
        self._credit -= taken
        if taken < want:
            self._credit = 0.0
        return None

    # -- drawing ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Draw the maze (one per racer) and the side panel."""
        began = time.perf_counter()
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
            panel_h = (h - 3 * margin) * 11 // 20
            area = pygame.Rect(margin, margin, w - 2 * margin, h - panel_h - 3 * margin)
            side = pygame.Rect(margin, area.bottom + margin, w - 2 * margin, panel_h)
        self.panel_rect = side
        self._under = side.top > area.top
        self._draw_mazes(surface, area, lay)
        # The side panels: the lab's own (below, another panel can take a share of ``side``).
        self._draw_panel(surface, side, lay)
        self._draw_cost = time.perf_counter() - began

    def _draw_mazes(self, surface: pygame.Surface, area: pygame.Rect, lay: Layout) -> None:
        """Draw the maze in ``area``, or a race's mazes in a grid, each with its caption."""
        look = theme.current().ui
        margin = lay.px(12, lo=4)
        tracks: list[Optional[SolveTrack]] = list(self.lab.tracks) or [None]
        if not self.race or self.lab.generating:
            tracks = tracks[:1]
        rows, cols = self._size()
        label = font(max(min_font(), lay.font_size(17)))
        caption = label.get_linesize() if len(tracks) > 1 else 0
        across, tile = _grid(len(tracks), area.size, (rows, cols), margin, caption)
        down = math.ceil(len(tracks) / across)
        size = (max(1, int(cols * tile)), max(1, int(rows * tile)))
        slot_w = (area.width - margin * (across - 1)) // across
        slot_h = (area.height - margin * (down - 1)) // down
        empty = empty_panes(len(tracks), across)
        band = area.height - down * (caption + size[1]) - margin * down
        below = len(tracks) > 1 and not empty and band >= band_need(len(tracks), lay)
        if below:  # the mazes at the top, the standings in the band their squares leave
            slot_h = caption + size[1]
        self.slots = []
        # A race redraws its pictures in turn, from where the last frame stopped, while
        # the frame has time; the others show a few events behind for a frame or two.
        first = self._first_slot % len(tracks)
        order = list(range(first, len(tracks))) + list(range(first))
        deadline = time.perf_counter() + RACE_DRAW_BUDGET
        images: dict[int, pygame.Surface] = {}
        for n, i in enumerate(order):
            stale = len(tracks) > 1 and n > 0 and time.perf_counter() > deadline
            if not stale and not self.picture.current(i, self.lab):
                self._first_slot = i + 1
            images[i] = self.picture.image(i, self.lab, tracks[i], self.heat, size,
                                           stale=stale, reached=len(tracks) > 1)
        for i, track in enumerate(tracks):
            col, row = i % across, i // across
            x = area.left + col * (slot_w + margin) + (slot_w - size[0]) // 2
            y = area.top + row * (slot_h + margin) + caption + (slot_h - caption - size[1]) // 2
            surface.blit(images[i], (x, y))
            self.slots.append(pygame.Rect(x, y, *size))
            self._draw_current(surface, (x, y), tile, track)
            if caption and track is not None:
                draw_text(surface, slot_label(track, label, slot_w), label, look.accent,
                          (x + size[0] // 2, y - 1), anchor="midbottom", max_width=slot_w)
        self.standings_rect = None
        if below:
            top = area.top + down * (slot_h + margin)
            self.standings_rect = pygame.Rect(area.left, top, area.width, area.bottom - top)
            draw_standings(surface, self.standings_rect, lay, race_lines(self.lab))
        if empty:  # the last row's empty panes show the race's live standings
            at = len(tracks) % across
            self.standings_rect = pygame.Rect(
                area.left + at * (slot_w + margin), area.top + (down - 1) * (slot_h + margin),
                empty * slot_w + (empty - 1) * margin, slot_h)
            draw_standings(surface, self.standings_rect, lay, race_lines(self.lab))

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
        """Return the panel's lines as (style, text) (see game.play.labview.panel)."""
        return panel_lines(self)

    def _draw_panel(self, surface: pygame.Surface, box: pygame.Rect, lay: Layout) -> None:
        """Draw the side panel: the lines, the heat-map's legend, the keys."""
        legend = self.lab.maze if self.heat else None
        lines = panel_lines(self, scoreboard=self.standings_rect is None)
        self.panel.draw(surface, box, lay, lines, under=self._under, legend=legend,
                        race=len(self.slots) > 1)


def _grid(n: int, area: tuple[int, int], maze: tuple[int, int], margin: int,
          caption: int) -> tuple[int, float]:
    """Return how many mazes go across for ``n`` in ``area``, and the tile size that gives."""
    best = (1, 0.0)
    for across in range(1, n + 1):
        down = math.ceil(n / across)
        slot_w = (area[0] - margin * (across - 1)) / across
        slot_h = (area[1] - margin * (down - 1)) / down - caption
        tile = max(0.05, min(slot_w / maze[1], slot_h / maze[0]))
        if tile > best[1]:
            best = (across, tile)
    return best
