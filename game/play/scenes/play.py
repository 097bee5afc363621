"""The play scene: walk the maze, ask for the animated hint, reach the exit.

A view of the run model: keys do actions through the binding table (``keymap()``), and
actions become intents (data) given to the :class:`Run`, which advances in whole fixed
ticks; the scene draws what the run says (maze, trail, player, HUD) and animates the
hint.  Shift with a walking key is auto-run.  In the fog of war (the level's flag, ``play
--fog`` or the Fog setting) a veil hides what the player has not seen and dims what is out
of sight; the map key shows the explored map over the view, and a corner map may show it
all the time.  An arrow at the edge of the view points to an off-screen exit (in fog, once
it has been seen).  Held keys are tracked from KeyDown/KeyUp
events, never from ``pygame.key.get_pressed``.  Under reduced motion the camera snaps,
the rings do not pulse and the hint shows its finished search at once.  With the ghost
setting on, the level's best run kept (:mod:`game.replays`) re-plays as a see-through
orb, setting off with your first move.  With "Race a solver" on (or ``play --race``), a
solver's ghost (:mod:`game.run.ghost`) sets off with your first move too, on the run's
ticks (a pause stops it; the run's replay never sees it): a cyan orb labelled with the
solver, and a breadth-first one first thinks on the entrance with a ring filling up.
In fog it shows only where the player can see it.  The result screen says who won.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Optional, Union

import pygame

from game.levels import CHAPTERS, chapter_of, level_code
from game.maze import tiles as kinds
from game.play import theme
from game.play.camera import Camera
from game.play.clipboard import copy_text
from game.play.context import Context
from game.bindings import WALKS, solver_slot
from game.play.hint import HintLayer, caption
from game.play.input import Event, FocusLost, KeyDown, KeyUp, Wheel, keymap, left_click
from game.names import (chapter_name, chapter_tip, generator_label, level_title, solver_names,
                             solver_short_label)
from game.play.render.fog import FogLayer, FogMap
from game.play.render.images import draw_player, player_sprites, tile_images
from game.play.render.locks import LockSpots
from game.play.render.renderer import MazeRenderer
from game.play.render.tiles import RPG, style_for
from game.play.routes import Complete, OpenPause
from game.play.scenes.base import Next, Scene
from game.play.widgets import hud
from game.play.widgets.shapes import draw_edge_pointer
from game.play.widgets.text import draw_text, font, min_font
from game.run.intents import (
    AutoRun,
    ChangeSpeed,
    CycleSolver,
    FinishHint,
    Release,
    ReleaseAll,
    RunIntent,
    SelectSolver,
    SetSpeed,
    ToggleHint,
)
from game.run.hint import NOTHING, HintSearch
from game.run.level import Level, RunResult
from game.run.clock import TickClock
from game.run.ghost import Ghost, race_result
from game.run.model import KEY, LOCKED, Run
from game.run.replay import Playback
from game.run.player import BUMP, STEP, Move
from game.text import language, t


# -- the view's own intents ---------------------------------------------------------------
@dataclass(frozen=True)
class Zoom:
    """Intent: zoom in (+) or out (-) by some notches."""

    steps: float


@dataclass(frozen=True)
class FitView:
    """Intent: fit the whole maze in the window (again: back to the playing zoom)."""


@dataclass(frozen=True)
class Pause:
    """Intent: open the pause menu."""


@dataclass(frozen=True)
class ToggleMap:
    """Intent: show the explored map over the view, or hide it."""


Intent = Union[RunIntent, Zoom, FitView, Pause, ToggleMap]

#: What each action of the binding table (and the pad's "solver_previous") does in a maze.
ACTION_INTENTS: dict[str, Intent] = {
    **{action: Move(*step) for action, step in WALKS.items()},
    "hint": ToggleHint(),
    "solver_next": CycleSolver(), "solver_previous": CycleSolver(-1),
    "slower": ChangeSpeed(-1), "faster": ChangeSpeed(1),
    "finish_hint": FinishHint(),
    "zoom_in": Zoom(1), "zoom_out": Zoom(-1),
    "fit": FitView(),
    "map": ToggleMap(),
    "pause": Pause(),
}


def key_intent(key: int) -> Optional[Intent]:
    """Return the intent ``key`` stands for in a maze, as the keys are bound now.

    "solver_1", "solver_2"... pick the solvers in registry order.
    """
    action = keymap().action(key)
    if action is None:
        return None
    slot = solver_slot(action)
    if slot is not None:
        solvers = solver_names()
        return SelectSolver(solvers[slot]) if slot < len(solvers) else None
    return ACTION_INTENTS.get(action)


#: An RPG room map starts fully visible only when its tiles are at least this big.
RPG_COMFORTABLE_TILE = 28
#: Frame caps asked of the App: smooth while walking or animating the hint; standing
#: still only the exit pulses, and 120 fps of that kept a CPU core 80% busy.
BUSY_FPS = 120
IDLE_FPS = 60
#: Below this tile size (px) the player is ringed so it can be found on the map.
#: Under 4 px draw_player rings the player itself (same colours), so start there.
MARKER_BELOW_TILE = 8
MARKER_FROM_TILE = 4
MARKER_RADIUS = 9
#: Room (px) left around a maze shown whole, so the rings on the entrance and the exit
#: (up to MARKER_RADIUS + 1 past the tile's centre) are never cut by the HUD or the window.
RING_ROOM = 16
#: While walking with the hint shown, start its search over at most this often (ticks).
HINT_RESTART_TICKS = 36
#: Sparks flying out of the exit tile when it is reached.
CELEBRATION_SPARKS = 12
#: A chapter's tip shows on its first level until the player has made this many moves.
TIP_MOVES = 12
#: Events of the hint's search taken per frame at most, so no frame stalls.
HINT_EVENTS_PER_FRAME = 6_000
#: While the hint finishes unseen (Space, a re-route): time per frame spent on it (s), in
#: slices of events.  Longer than a frame: it is over sooner, and the window still answers.
HINT_FINISH_BUDGET = 0.1
HINT_FINISH_SLICE = 20_000
#: In fog, the hint's explored tiles are revealed at most this often (ticks), and when done.
HINT_REVEAL_TICKS = 12
#: The corner map: its side as a share of the view's shorter side, its margin (px), and
#: how often it is made again while the player walks (s).
MINIMAP_SHARE = 0.28
MINIMAP_MARGIN = 10
MINIMAP_REFRESH = 0.2
#: A view whose shorter side is below this (px) has no corner map: it would hide too much
#: of the maze and show too little (the map key still opens the full map).
MINIMAP_MIN_VIEW = 300
#: Room round the full-window map (px).
MAP_MARGIN = 24
#: A solver ghost's search is got ready ahead of it (its arrival, a bfs ghost's thinking)
#: for at most this long a frame (s), in slices of events: a huge maze never stalls a
#: frame, and the ghost itself needs only a dozen steps a second.
RACE_BUDGET = 0.002
RACE_SLICE = 500
#: The toast of a locked door, by its colour letter.
NEEDS_KEY = {"r": "play.needs_key.r", "g": "play.needs_key.g", "b": "play.needs_key.b",
             "y": "play.needs_key.y"}


class PlayScene(Scene):
    """Walk a maze from its entrance to its exit."""

    def __init__(self, ctx: Context, level: Level) -> None:
        super().__init__(ctx)
        self.level = level
        self.maze = level.maze
        spec = level.spec
        settings = ctx.settings
        self.run = Run(self.maze, solver=settings.default_solver, speed=settings.anim_speed,
                       fog=level.fogged or settings.fog,
                       rooms=spec is not None and spec.is_room_map)
        self.ghost = self._ghost()
        self.racer = self._racer()
        self._racer_home = False  # the solver ghost's arrival was told (a toast, once)
        self._chips: dict[str, pygame.Surface] = {}  # the solver ghost's labels, drawn once
        self._chips_theme: Optional[theme.Theme] = None  # the theme they were drawn in
        # the defaults this run started from: a change in Settings (pause -> Settings) is
        # taken up on return; the level's own [ ] and Tab choices are not undone
        self._defaults = (settings.anim_speed, settings.default_solver)
        self.clock = TickClock()
        self.style = style_for(spec)
        self.renderer = MazeRenderer(self.maze, self.style,
                                     images=tile_images(ctx.images) if self.style == RPG else None)
        self.locks = LockSpots(self.maze)
        self.key_total = len(kinds.key_colours(self.maze.tiles))  # the HUD's keys x/N
        self.sprites = player_sprites(ctx.images) if self.style == RPG else None
        fog = self.run.fog
        self.fog_layer = FogLayer(fog) if fog is not None else None
        self.map_shown = False
        self._map = FogMap(self.renderer.base, self.fog_layer)
        self._minimap = FogMap(self.renderer.base, self.fog_layer, refresh=MINIMAP_REFRESH)
        self._fog_told = False  # the fog's toast, once, when the level first shows
        self._hint_revealed: Optional[tuple[int, int]] = None  # (search id, tiles) revealed
        self._reveal_age = 0
        # room maps are pictures: start close enough to see the tiles and the hero
        self.camera = Camera(self.maze.rows, self.maze.cols, 1280, 720,
                             comfortable_tile=RPG_COMFORTABLE_TILE if self.style == RPG else 18,
                             margin=RING_ROOM)
        self.camera.follow(*self.maze.start, 0.0, snap=True)
        self._snap_camera = True
        self.hint: Optional[HintSearch] = None
        self.hint_layer: Optional[HintLayer] = None  # kept between hints: its surface is big
        self._relabel()
        self._hint_age = 0  # ticks since the hint last started over
        self._time = 0.0  # scene time, for animations that run before the first move
        self._bar = hud.BarCache()
        self._caption_spot = "bottom"  # the hint caption moves when it would hide something
        self._lines_stamp: Optional[tuple[object, ...]] = None
        self._lines = ("", "")
        self._celebrated: Optional[float] = None  # seconds since the exit was reached

    def _chapter_tip(self) -> Optional[tuple[str, str]]:
        """Return (chapter heading, tip) on the first level of a chapter, else None."""
        index = self.level.index
        if index is None or self.level.spec is None:
            return None
        number, span = chapter_of(index)
        if index != span.start:
            return None
        chapter = CHAPTERS[number]
        return (t("levels.chapter", number=number + 1, name=chapter_name(chapter)),
                chapter_tip(chapter))

    def _ghost(self) -> Optional[Playback]:
        """Return the level's best run to race, held at its first move (None: setting off, none)."""
        if not self.ctx.settings.ghost:
            return None
        best = self.ctx.best_replay(self.level)
        if best is None or not best.finished:
            return None
        ghost = Playback(best, self.maze)
        ghost.seek(best.ticks - best.time_ticks)  # it sets off with your first move
        return ghost

    def _racer(self) -> Optional[Ghost]:
        """Return the solver's ghost to race (None: "Race a solver" off)."""
        from game.maze.solvers import can_solve

        race = self.ctx.race
        if race.solver is None or not can_solve(race.solver, self.maze):
            return None  # a solver that cannot use keys does not race on a maze with keys
        return Ghost(self.maze, race.solver, speed=race.speed)

    def _relabel(self) -> None:
        """Word the HUD's fixed texts in the language the game speaks now."""
        self.spoken = language()
        self.label = level_title(self.level) or t("level.custom_untitled")
        self.info = self._static_info()

    def _static_info(self) -> dict[str, str]:
        """Return the HUD facts that never change during a run."""
        spec = self.level.spec
        size = f"{self.maze.rows}x{self.maze.cols}"
        if spec is None:
            return {"algorithm": self.level.source or t("hud.from_file"), "size": size, "code": ""}
        loops = round(spec.loops * 100)
        name = generator_label(spec.algorithm)
        if spec.room_size and loops:
            algorithm = t("hud.algorithm_rooms_loops", algorithm=name, rooms=spec.room_size,
                          loops=loops)
        elif spec.room_size:
            algorithm = t("hud.algorithm_rooms", algorithm=name, rooms=spec.room_size)
        elif loops:
            algorithm = t("hud.algorithm_loops", algorithm=name, loops=loops)
        else:
            algorithm = name
        code = self.share_code()
        shown = t("hud.seed", seed=spec.seed) if code is None else t("hud.code", code=code)
        return {"algorithm": algorithm, "size": size, "code": shown}

    def share_code(self) -> Optional[str]:
        """Return the level code of this maze (None: from a file, or a seed no code holds)."""
        if self.level.spec is None:
            return None
        try:
            return level_code(self.level.spec)
        except ValueError:  # a custom spec the code scheme cannot express
            return None

    def copy_code(self) -> None:
        """Put the level code on the clipboard; say so (or why not) in a toast."""
        code = self.share_code()
        if code is None:
            self.ctx.toast(t("play.no_code"))
        elif copy_text(code):
            self.ctx.toast(t("play.code_copied", code=code))
        else:
            self.ctx.toast(t("play.no_clipboard", code=code))

    @property
    def fps(self) -> int:
        """Return the frame cap: full rate while anything moves, half while standing idle."""
        if self.run.player.walking or (self.hint is not None and not self.hint.done):
            return BUSY_FPS
        return IDLE_FPS

    # -- on and off screen ------------------------------------------------------------
    def on_enter(self) -> None:
        """Take up a default hint speed or solver changed meanwhile (pause -> Settings)."""
        if self.run.fog is not None and not self._fog_told:
            self._fog_told = True
            self.ctx.toast(t("play.fog_toast", map=keymap().label("map", 1)))
        settings = self.ctx.settings
        speed, solver = self._defaults
        self._defaults = (settings.anim_speed, settings.default_solver)
        if settings.anim_speed != speed:
            self._apply_to_run(SetSpeed(settings.anim_speed), quiet=True)
        if settings.default_solver != solver:
            self._apply_to_run(SelectSolver(settings.default_solver), quiet=True)

    def on_exit(self) -> None:
        """Let go of every held key: the run waits while the scene is off screen."""
        self.apply(ReleaseAll())

    # -- input ---------------------------------------------------------------------------
    def handle_event(self, event: Event) -> Optional[Next]:
        """Turn key, wheel and focus events into intents; Ctrl+C copies the level code.

        During the celebration a key or a click skips it.
        """
        if self._celebrated is not None:
            if isinstance(event, KeyDown) or left_click(event) is not None:
                return self._complete()
            return None
        if isinstance(event, KeyDown):
            if event.key == pygame.K_c and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_GUI):
                self.copy_code()
                return None
            intent = key_intent(event.key)
            if isinstance(intent, Move) and event.mod & pygame.KMOD_SHIFT:
                intent = AutoRun(intent.dr, intent.dc)
            return self.apply(intent) if intent is not None else None
        if isinstance(event, KeyUp):
            intent = key_intent(event.key)
            if isinstance(intent, Move):
                self.apply(Release(intent.dr, intent.dc))
        elif isinstance(event, Wheel):
            self.apply(Zoom(max(-5, min(5, event.steps))))
        elif isinstance(event, FocusLost):
            self.apply(ReleaseAll())
        return None

    def apply(self, intent: Intent) -> Optional[Next]:
        """Carry out one intent; return where to go next, if anywhere."""
        if isinstance(intent, Zoom):
            self.camera.zoom(intent.steps)
            self._snap_camera = True
        elif isinstance(intent, FitView):
            self.camera.toggle_fit()
            self._snap_camera = True
        elif isinstance(intent, ToggleMap):
            self.map_shown = not self.map_shown
        elif isinstance(intent, Pause):
            if self.map_shown:  # Esc closes the map first
                self.map_shown = False
                return None
            return OpenPause(self.level)
        else:
            self._apply_to_run(intent)
        return None

    def _apply_to_run(self, intent: RunIntent, *, quiet: bool = False) -> None:
        """Give ``intent`` to the run, then show what it changed (sounds, hint, toasts)."""
        run = self.run
        run.apply(intent)
        self._sounds(run.take_events())
        if isinstance(intent, ToggleHint):
            if run.hint_shown:
                self.hint = HintSearch(self.maze, run.player.pos, run.solver, keys=run.keys)
                if self.hint_layer is None:
                    self.hint_layer = HintLayer(self.hint)
                else:
                    self.hint_layer.show(self.hint)
                self.ctx.audio.play("hint")
            else:
                self.hint = None
        elif isinstance(intent, FinishHint) and self.hint is not None:
            self.hint.finish()
        elif isinstance(intent, (CycleSolver, SelectSolver)):
            if self.hint is not None:
                self.hint.restart(run.player.pos, run.solver, keys=run.keys)
            if not quiet:
                self.ctx.toast(t("play.solver_toast", solver=solver_short_label(run.solver)))
        elif isinstance(intent, (ChangeSpeed, SetSpeed)):
            if not quiet:  # this level only: the default is the Settings screen's
                self.ctx.toast(t("play.speed_toast", speed=run.speed))

    def _sounds(self, events: list[str]) -> None:
        """Play the sounds of player events."""
        if STEP in events:
            self.ctx.audio.play("step")
        if BUMP in events:
            self.ctx.audio.play("bump")
        if KEY in events:
            self.ctx.audio.play("key")
        if LOCKED in events:
            self.ctx.audio.play("locked")
            if self.run.locked_by is not None:
                self.ctx.toast(t(NEEDS_KEY[self.run.locked_by]))

    # -- simulation ------------------------------------------------------------------------
    def update(self, dt: float) -> Optional[Next]:
        """Run the ticks ``dt`` seconds make; animate the hint and the camera."""
        ticks = self.clock.advance(dt)
        self._time += dt
        run = self.run
        for _ in range(ticks):
            run.step()
            if run.finished:
                break
        self._sounds(run.take_events())
        if self.ghost is not None and run.started_at is not None:
            best = self.ghost.replay
            self.ghost.advance(best.ticks - best.time_ticks + run.ticks_played - self.ghost.run.tick)
        self._race()
        self._follow_with_hint(ticks)
        if run.finished:
            return self._celebrate(dt)
        reduced = theme.current().motion.reduced
        if self.hint is not None:
            if reduced and not self.hint.done:
                self.hint.finish()  # the result at once, as Space would show it
            self._advance_hint(ticks)
            self._reveal_hint(ticks)
        if not self.camera.fitted:
            self.camera.follow(*run.player.render_pos, dt, snap=self._snap_camera or reduced)
            self._snap_camera = False
        return None

    def _race(self) -> None:
        """Get the solver ghost's search ready ahead; say when it reaches the exit first."""
        racer = self.racer
        if racer is None:
            return
        deadline = time.perf_counter() + RACE_BUDGET
        while not racer.prepare(RACE_SLICE) and time.perf_counter() < deadline:
            pass
        arrival = racer.arrival if racer.ready else None
        if (arrival is not None and not self._racer_home and not self.run.finished
                and self.run.elapsed >= arrival):
            self._racer_home = True
            self.ctx.toast(t("play.race_ghost_home", solver=solver_short_label(racer.solver)))

    def _advance_hint(self, ticks: int) -> None:
        """Animate the hint by ``ticks``; one finishing runs on for up to a time box instead."""
        hint = self.hint
        assert hint is not None
        if not hint.finishing:
            hint.advance(ticks, speed=self.run.speed, limit=HINT_EVENTS_PER_FRAME)
            return
        deadline = time.perf_counter() + HINT_FINISH_BUDGET
        while not hint.complete(HINT_FINISH_SLICE) and time.perf_counter() < deadline:
            pass

    def _reveal_hint(self, ticks: int) -> None:
        """In fog, let the player keep what the hint explored (every so often, and at its end)."""
        fog, hint = self.run.fog, self.hint
        if fog is None or hint is None or hint.painted is None:
            return
        self._reveal_age += ticks
        stamp = (id(hint), hint.visited + hint.path_shown)
        if stamp == self._hint_revealed or (self._reveal_age < HINT_REVEAL_TICKS and not hint.done):
            return
        self._hint_revealed, self._reveal_age = stamp, 0
        x0, y0, x1, y1 = hint.painted
        fog.reveal(hint.state[y0 : y1 + 1, x0 : x1 + 1] != NOTHING, (y0, x0, y1 + 1, x1 + 1))

    def _follow_with_hint(self, ticks: int) -> None:
        """Keep the hint about the player's tile (restarts at most every so often)."""
        self._hint_age += ticks
        player, keys = self.run.player, self.run.keys
        if self.hint is None or (self.hint.start == player.pos and self.hint.keys == keys):
            return
        may_restart = not player.moving or self._hint_age >= HINT_RESTART_TICKS
        if self.hint.follow(player.pos, restart=may_restart, keys=keys) and may_restart:
            self._hint_age = 0

    def _celebrate(self, dt: float) -> Optional[Next]:
        """Play the burst on the exit tile (none under reduced motion), then finish the run."""
        motion = theme.current().motion
        if self._celebrated is None:
            self.ctx.audio.play("complete")
            self._celebrated = 0.0
        else:
            self._celebrated += max(0.0, dt)
        if motion.reduced or self._celebrated >= motion.celebration_seconds:
            return self._complete()
        return None

    def _complete(self) -> Next:
        """Hand the finished run over to the level-complete screen."""
        run = self.run
        race = None if self.racer is None else race_result(run.elapsed, self.racer)
        return Complete(RunResult(self.level, run.elapsed, run.moves, run.optimal, run.hints_used,
                                  run, race))

    # -- drawing -----------------------------------------------------------------------------
    def _view(self, surface: pygame.Surface) -> pygame.Rect:
        """Return the part of ``surface`` the maze is drawn in: between the bar and the key strip."""
        w, h = surface.get_size()
        bar = hud.bar_height((w, h))
        strip = hud.help_strip_height((w, h))
        return pygame.Rect(0, bar, w, max(0, h - bar - strip))

    def _key_lines(self) -> tuple[str, str]:
        """Return the key strip and the hint caption's key line, with the keys as bound."""
        km = keymap()
        stamp = (km, self.run.speed, language())  # made again only when one of these changes
        if stamp != self._lines_stamp:
            self._lines_stamp = stamp
            self._lines = (
                t("play.help_line", walk=km.walk_label(), hint=km.label("hint", 1),
                  zoom_in=km.label("zoom_in", 1), zoom_out=km.label("zoom_out", 1),
                  fit=km.label("fit", 1), pause=km.label("pause", 1)),
                t("play.hint_keys", cycle=km.label("solver_next", 1), digits=km.solvers_label(),
                  slower=km.label("slower", 1), faster=km.label("faster", 1),
                  finish=km.label("finish_hint", 1), hint=km.label("hint", 1),
                  speed=self.run.speed))
        return self._lines

    def hint_keys(self) -> str:
        """Return the hint caption's key line."""
        return self._key_lines()[1]

    def help_line(self) -> str:
        """Return the key reminder under the maze."""
        return self._key_lines()[0]

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the maze, the hint, the player and the HUD, laid out for ``surface``."""
        if self.spoken != language():  # the language changed in Settings (from the pause)
            self._relabel()
        view = self._view(surface)
        run = self.run
        if view.width > 0 and view.height > 0:
            if (view.width, view.height) != (self.camera.view_w, self.camera.view_h):
                self.camera.resize(view.width, view.height)
                if not self.camera.fitted:
                    self.camera.follow(*run.player.render_pos, 0.0, snap=True)
            self.renderer.draw(surface, view, self.camera, run.walked)
            clip = surface.get_clip()
            surface.set_clip(view)
            self.locks.draw(surface, view, self.camera, run.held)  # under the fog's veil
            surface.set_clip(clip)
            if self.fog_layer is not None:
                self.fog_layer.draw(surface, view, self.camera)
            shown: Optional[tuple[str, str]] = None
            if self.hint is not None and self.hint_layer is not None:
                label = caption(self.hint)
                self._caption_spot, sub = self._place_caption(view, label, self.hint_keys())
                shown = (label, sub)
                self.hint_layer.draw(surface, view, self.camera, pointer_area=self._free_area(view))
            clip = surface.get_clip()
            surface.set_clip(view)
            if self.exit_known:
                self._draw_exit(surface, view)
            self._draw_ghost(surface, view)
            self._draw_racer(surface, view)
            if self._celebrated is not None:
                self._draw_celebration(surface, view)
            draw_player(surface, view, self.camera, run.player.render_pos, run.player.facing,
                        self.style, self.sprites)
            self._draw_player_marker(surface, view)
            if self.exit_known:
                self._draw_exit_pointer(surface, view)
            surface.set_clip(clip)
            if shown is not None:
                hud.draw_caption(surface, view, *shown, spot=self._caption_spot)
            elif run.moves < TIP_MOVES:
                tip = self._chapter_tip()
                if tip is not None:
                    hud.draw_caption(surface, view, *tip, spot="bottom")
            if self.map_shown:
                self._draw_map(surface, view)
            elif self.ctx.settings.minimap:
                self._draw_minimap(surface, view)
        w, h = surface.get_size()
        hud.draw_help_strip(surface, pygame.Rect(0, view.bottom, w, h - view.bottom),
                            self.help_line())
        self._bar.draw(surface, hud.HudInfo(self.label, self.info["algorithm"], self.info["size"],
                                            run.elapsed, run.moves, run.hints_used,
                                            self.info["code"], run.keys, self.key_total,
                                            run.fog is not None))

    def _top_box(self, view: pygame.Rect) -> Optional[pygame.Rect]:
        """Return the hint caption when it sits at the top of the view."""
        if self.hint is None or not self._caption_spot.startswith("top"):
            return None
        return hud.caption_rect(view, caption(self.hint), self.hint_keys(), spot=self._caption_spot)

    def _free_area(self, view: pygame.Rect) -> pygame.Rect:
        """Return the part of the view the hint caption leaves free."""
        assert self.hint is not None
        free = view.copy()
        cap = hud.caption_rect(view, caption(self.hint), self.hint_keys(), spot=self._caption_spot)
        if cap is not None and self._caption_spot.startswith("top"):
            free.top = min(cap.bottom, view.bottom - 1)
            free.height = view.bottom - free.top
        elif cap is not None:
            free.height = max(1, cap.top - view.top)
        return free

    def toast_area(self, surface: pygame.Surface) -> pygame.Rect:
        """Return the view below the full-window map's title, or a caption moved to the top."""
        view = self._view(surface)
        if self.map_shown:
            top = hud.caption_rect(view, *self._map_caption(), spot="top")
        else:
            top = self._top_box(view)
        if top is not None:
            bottom = view.bottom
            view.top = min(top.bottom, bottom - 1)
            view.height = bottom - view.top
        return view

    def _keep_visible(self, view: pygame.Rect) -> list[tuple[int, pygame.Rect]]:
        """Return (weight, screen rect) of what captions must not hide: player, exit."""
        t = self.camera.tile
        keep: list[tuple[int, pygame.Rect]] = []
        for weight, (row, col), reach in (
                (2, self.run.player.render_pos, max(t / 2, MARKER_RADIUS + 2)),
                (1, self.maze.goal, max(7.0, t * 0.8) + 2)):
            x, y = self.camera.to_screen(row, col)
            rect = pygame.Rect(0, 0, round(2 * reach), round(2 * reach))
            rect.center = (round(view.x + x + t / 2), round(view.y + y + t / 2))
            if rect.colliderect(view):
                keep.append((weight, rect))
        return keep

    def _place_caption(self, view: pygame.Rect, label: str, sub: str) -> tuple[str, str]:
        """Return (spot, key line) for a hint caption that hides neither player nor exit."""
        # Stay put while that works, else move to another edge or corner; only if no
        # spot is free, drop the key line to shrink (the player counts more than the exit).
        keep = self._keep_visible(view)
        here = self._caption_spot
        spots = [here] + [s for s in hud.CAPTION_SPOTS if s != here]
        best: Optional[tuple[int, str, str]] = None
        for line in (sub, ""):
            for spot in spots:
                rect = hud.caption_rect(view, label, line, spot=spot)
                cost = sum(w for w, k in keep if rect is not None and rect.colliderect(k))
                if best is None or cost < best[0]:
                    best = (cost, spot, line)
                if cost == 0:
                    return spot, line
        assert best is not None
        return best[1], best[2]

    def _pulse(self, rate: float) -> float:
        """Return a ring's pulse now, 0.5..1 at ``rate`` pulses a second (still: 1)."""
        if theme.current().motion.reduced:
            return 1.0
        return 0.5 + 0.5 * abs(((self._time * rate) % 2.0) - 1.0)

    def _draw_player_marker(self, surface: pygame.Surface, view: pygame.Rect) -> None:
        """Ring the player when tiles are too small to see them (a fitted big maze)."""
        t = self.camera.tile
        if not MARKER_FROM_TILE <= t < MARKER_BELOW_TILE:
            return
        th = theme.current()
        row, col = self.run.player.render_pos
        x, y = self.camera.to_screen(row, col)
        centre = (round(view.x + x + t / 2), round(view.y + y + t / 2))
        pulse = self._pulse(th.motion.marker_pulse)
        radius = round(MARKER_RADIUS * (0.8 + 0.3 * pulse))
        pygame.draw.circle(surface, th.actors.marker_edge, centre, radius + 1, 1)
        pygame.draw.circle(surface, th.actors.player, centre, radius, 3)

    @property
    def exit_known(self) -> bool:
        """Return True when the player may know where the exit is (in fog: once seen)."""
        fog = self.run.fog
        return fog is None or bool(fog.seen[self.maze.goal])

    def _tile_centre(self, view: pygame.Rect, pos: tuple[float, float]) -> tuple[float, float]:
        """Return the screen point at the centre of the tile ``pos``."""
        t = self.camera.tile
        x, y = self.camera.to_screen(*pos)
        return view.x + x + t / 2, view.y + y + t / 2

    def _draw_exit_pointer(self, surface: pygame.Surface, view: pygame.Rect) -> None:
        """Point at the exit from the edge of the view when it lies off screen."""
        centre = self._tile_centre(view, self.maze.goal)
        if view.collidepoint(centre):
            return
        area = self._free_area(view) if self.hint is not None else view
        f = theme.current().fog
        draw_edge_pointer(surface, area, centre, f.arrow, f.arrow_bg)

    def _map_marks(self, surface: pygame.Surface, rect: pygame.Rect, dot: int) -> None:
        """Mark the keys and doors seen, the exit once known and the player on a map in ``rect``."""
        th = theme.current()
        fog = self.run.fog
        self.locks.draw_on_map(surface, rect, held=self.run.held,
                               seen=None if fog is None else fog.seen, least=3 * dot + 4)
        sx, sy = rect.width / self.maze.cols, rect.height / self.maze.rows

        def at(pos: tuple[float, float]) -> tuple[int, int]:
            """Return the map point at the centre of tile ``pos``."""
            return round(rect.x + (pos[1] + 0.5) * sx), round(rect.y + (pos[0] + 0.5) * sy)

        if self.exit_known:
            pygame.draw.circle(surface, th.actors.exit_ring, at(self.maze.goal), dot + 2,
                               max(1, dot // 2))
        pygame.draw.circle(surface, th.actors.marker_edge, at(self.run.player.render_pos), dot + 1)
        pygame.draw.circle(surface, th.actors.player, at(self.run.player.render_pos), dot)

    def _map_caption(self) -> tuple[str, str]:
        """Return the full-window map's title and key line."""
        return t("play.map_title"), t("play.map_footer", map=keymap().label("map", 1))

    def _map_area(self, view: pygame.Rect) -> Optional[pygame.Rect]:
        """Return the room the full-window map is fitted into, under its title (None: none)."""
        cap = hud.caption_rect(view, *self._map_caption(), spot="top")
        area = view.inflate(-2 * MAP_MARGIN, -2 * MAP_MARGIN)
        if cap is not None:
            top = cap.bottom + MAP_MARGIN // 2
            area.height, area.top = area.bottom - top, top
        if area.width <= 8 or area.height <= 8:
            return None
        return area

    def map_rect(self, view: pygame.Rect) -> Optional[pygame.Rect]:
        """Return where the full-window map lies in ``view`` (None: no room for it)."""
        area = self._map_area(view)
        return None if area is None else self._map.fit(area)

    def _draw_map(self, surface: pygame.Surface, view: pygame.Rect) -> None:
        """Draw the explored map over the whole view, with its title and keys at the top."""
        f = theme.current().fog
        veil = pygame.Surface(view.size, pygame.SRCALPHA)
        veil.fill(f.map_bg)
        surface.blit(veil, view)
        area = self._map_area(view)
        if area is not None:
            rect = self._map.draw(surface, area, self._time)
            pygame.draw.rect(surface, f.map_edge, rect.inflate(4, 4), 2)
            self._map_marks(surface, rect, max(3, min(rect.width, rect.height) // 90))
        hud.draw_caption(surface, view, *self._map_caption(), spot="top")

    def _draw_minimap(self, surface: pygame.Surface, view: pygame.Rect) -> None:
        """Draw the explored map small in a corner of the view clear of the player, if any."""
        if min(view.width, view.height) < MINIMAP_MIN_VIEW:
            return
        side = round(min(view.width, view.height) * MINIMAP_SHARE)
        box = pygame.Rect(0, 0, side, side)
        rect = self._minimap.fit(box)
        player = self._tile_centre(view, self.run.player.render_pos)
        m = MINIMAP_MARGIN
        for corner, at in (("topright", (view.right - m, view.top + m)),
                           ("bottomright", (view.right - m, view.bottom - m)),
                           ("topleft", (view.left + m, view.top + m))):
            setattr(rect, corner, at)
            if not rect.inflate(2 * m, 2 * m).collidepoint(player):
                break  # never over the player: the next corner if it would be
        else:
            return
        f = theme.current().fog
        pygame.draw.rect(surface, f.map_bg[:3], rect.inflate(6, 6))
        self._minimap.draw(surface, rect, self._time)
        pygame.draw.rect(surface, f.map_edge, rect.inflate(6, 6), 2)
        self._map_marks(surface, rect, 2)

    def _draw_ghost(self, surface: pygame.Surface, view: pygame.Rect) -> None:
        """Draw the best run's ghost where it is now: a see-through orb (gone at the exit).

        In fog only on a tile in sight: your best run knows the way, and the dark must not
        show it.
        """
        if self.ghost is None or self.ghost.done:
            return
        fog = self.run.fog
        if fog is not None and not fog.in_sight(self.ghost.run.player.pos):
            return
        th = theme.current()
        t = self.camera.tile
        x, y = self.camera.to_screen(*self.ghost.run.player.render_pos)
        r = max(3, round(t * 0.36))
        orb = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
        pygame.draw.circle(orb, (*th.actors.player_light, 110), (r + 1, r + 1), r)
        pygame.draw.circle(orb, (*th.actors.marker_edge, 170), (r + 1, r + 1), r, max(1, r // 4))
        surface.blit(orb, (round(view.x + x + t / 2) - r - 1, round(view.y + y + t / 2) - r - 1))

    def _draw_racer(self, surface: pygame.Surface, view: pygame.Rect) -> None:
        """Draw the solver ghost: a cyan orb with its solver's name, or thinking on the entrance.

        In fog only on a tile in sight; gone once it stands on the exit.
        """
        racer = self.racer
        if racer is None:
            return
        seconds = self.run.elapsed
        thought = racer.thought(seconds)
        pos = self.maze.start if thought < 1.0 else racer.glide(seconds)
        tile = (round(pos[0]), round(pos[1]))
        fog = self.run.fog
        if fog is not None and not fog.in_sight(tile):
            return
        if thought >= 1.0 and tile == self.maze.goal:  # home: gone, like the best run's ghost
            return
        th = theme.current()
        tile_px = self.camera.tile
        cx, cy = self._tile_centre(view, pos)
        name = solver_short_label(racer.solver)
        if thought < 1.0:
            reach = max(6, round(tile_px * (0.45 + 0.1 * self._pulse(th.motion.marker_pulse))))
            box = pygame.Rect(0, 0, 2 * reach, 2 * reach)
            box.center = (round(cx), round(cy))
            width = max(2, round(tile_px / 8))
            pygame.draw.circle(surface, th.hint.pointer_bg, box.center, reach, width)
            if thought > 0:
                pygame.draw.arc(surface, th.hint.frontier[:3], box, math.pi / 2,
                                math.pi / 2 + 2 * math.pi * thought, width)
            label = t("play.race_thinking", solver=name, percent=int(100 * thought))
            self._draw_chip(surface, view, label, (cx, cy), reach + 2)
            return
        r = max(3, round(tile_px * 0.36))
        orb = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
        pygame.draw.circle(orb, (*th.hint.frontier[:3], 170), (r + 1, r + 1), r)
        pygame.draw.circle(orb, (*th.hint.pointer_bg, 220), (r + 1, r + 1), r, max(1, r // 4))
        surface.blit(orb, (round(cx) - r - 1, round(cy) - r - 1))
        self._draw_chip(surface, view, name, (cx, cy), r + 2)

    def _draw_chip(self, surface: pygame.Surface, view: pygame.Rect, text: str,
                   centre: tuple[float, float], reach: float) -> None:
        """Draw ``text`` on a small dark chip ``reach`` px above ``centre`` (or below it)."""
        th = theme.current()
        if self._chips_theme is not th:  # colours or text size changed in Settings
            self._chips_theme = th
            self._chips.clear()
        chip = self._chips.get(text)
        if chip is None:
            f = font(min_font())
            w, h = f.size(text)
            chip = pygame.Surface((w + 8, h + 2), pygame.SRCALPHA)
            pygame.draw.rect(chip, (*th.hint.pointer_bg, 200), chip.get_rect(), border_radius=4)
            draw_text(chip, text, f, th.hint.frontier[:3], chip.get_rect().center)
            if len(self._chips) > 64:  # the thinking label changes every percent
                self._chips.clear()
            self._chips[text] = chip
        x, y = round(centre[0]), round(centre[1])
        box = chip.get_rect(midbottom=(x, round(y - reach)))
        if box.top < view.top:
            box.midtop = (x, round(y + reach))
        surface.blit(chip, box.clamp(view))

    def _draw_celebration(self, surface: pygame.Surface, view: pygame.Rect) -> None:
        """Draw the exit's burst: a ring growing out of the tile and sparks flying from it."""
        th = theme.current()
        if th.motion.reduced or self._celebrated is None:
            return
        done = min(1.0, self._celebrated / th.motion.celebration_seconds)
        t = self.camera.tile
        x, y = self.camera.to_screen(*self.maze.goal)
        cx, cy = view.x + x + t / 2, view.y + y + t / 2
        reach = max(24.0, t * 2.5) * (0.3 + 0.7 * done)
        fade = 1.0 - done
        colors = (th.ui.accent, th.ui.teal, th.actors.exit_ring)
        pygame.draw.circle(surface, th.ui.accent, (round(cx), round(cy)), round(reach),
                           max(1, round(3 * fade + 1)))
        spark = max(2, round(max(3.0, t / 5) * (0.4 + fade)))
        for i in range(CELEBRATION_SPARKS):
            angle = 2 * math.pi * i / CELEBRATION_SPARKS + done
            far = reach * (0.6 + 0.2 * (i % 3))  # three rings of sparks
            pygame.draw.circle(surface, colors[i % len(colors)],
                               (round(cx + far * math.cos(angle)),
                                round(cy + far * math.sin(angle))), spark)

    def _draw_exit(self, surface: pygame.Surface, view: pygame.Rect) -> None:
        """Draw a soft pulsing ring on the exit so it reads at any zoom."""
        th = theme.current()
        t = self.camera.tile
        x, y = self.camera.to_screen(*self.maze.goal)
        cx, cy = view.x + x + t / 2, view.y + y + t / 2
        pulse = self._pulse(th.motion.exit_pulse)
        radius = max(7, round(t * (0.55 + 0.25 * pulse)))  # findable on a fitted map
        pygame.draw.circle(surface, th.actors.exit_ring, (round(cx), round(cy)), radius,
                           max(2, round(t / 10)))
