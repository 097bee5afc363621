"""The play scene: walk the maze, ask for the animated hint, reach the exit.

A thin view of a :class:`PlaySession` (:mod:`game.run.session`, pure): keys do actions
through the binding table (``keymap()``), actions become intents (data) given to the
session, which advances in whole fixed ticks; the events it returns (a step, a bump, a
key, a locked door, the hint shown...) become sounds and toasts here, and the panels
(:mod:`game.play.panels`: stage, ghosts, captions, maps, HUD bar) draw what it holds.
The scene keeps only what is the view's: the camera, the map shown, the celebration.
Shift with a walking key is auto-run.  In the fog of war (the level's flag, ``play
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

from dataclasses import dataclass
from typing import Hashable, Optional, Union

import pygame

from game.play import theme
from game.play.camera import Camera
from game.play.clipboard import copy_text
from game.names import hint_solver_label, hint_solvers, solver_short_label
from game.play.context import Context
from game.play.firstperson.overlay import draw_compass, draw_facing, draw_hint_cue
from game.play.firstperson.view import STEPS, TURNS, FirstPersonView, Walker
from game.bindings import WALKS, solver_slot
from game.play.input import Event, FocusLost, KeyDown, KeyUp, Wheel, keymap, left_click
from game.play.panels.bar import Bar
from game.play.panels.captions import Captions
from game.play.panels.chasers import Chasers, asleep_view
from game.play.panels.ghosts import Ghosts
from game.play.panels.maps import Maps
from game.play.panels.stage import MARKER_BELOW_TILE, MARKER_FROM_TILE, Stage, pulse
from game.play.render.fog import FogLayer
from game.play.render.tiles import RPG, style_for
from game.play.routes import Complete, OpenPause, Play
from game.play.scenes.base import Next, Scene
from game.play.widgets import hud
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
from game.run.hint import HintSearch
from game.run.level import Level
from game.run.clock import TickClock
from game.run.ghost import Ghost
from game.run.model import Run
from game.run.playback import Playback
from game.run.player import Move
from game.run.session import (BUMP, CAUGHT, CHASERS_AWAKE, FINISHED, HINT_SHOWN, KEY, LOCKED,
                              RACER_HOME, SOLVER_CHANGED, SPEED_CHANGED, STEP, PlaySession)
from game.text import t


#: The keys that retry a caught run at once.
RETRY_KEYS = (pygame.K_r, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


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

    "solver_1", "solver_2"... pick the hint's solver choices in registry order.
    """
    action = keymap().action(key)
    if action is None:
        return None
    slot = solver_slot(action)
    if slot is not None:
        solvers = hint_solvers()
        return SelectSolver(solvers[slot]) if slot < len(solvers) else None
    return ACTION_INTENTS.get(action)


#: An RPG room map starts fully visible only when its tiles are at least this big.
RPG_COMFORTABLE_TILE = 28
#: Frame caps asked of the App: smooth while walking or animating the hint; standing
#: still only the exit pulses, and 120 fps of that kept a CPU core 80% busy.
BUSY_FPS = 120
IDLE_FPS = 60
#: Room (px) left around a maze shown whole, so the rings on the entrance and the exit
#: (up to stage.MARKER_RADIUS + 1 past the tile's centre) are never cut by the HUD or the
#: window.
RING_ROOM = 16
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
        race = ctx.race
        self.session = PlaySession(
            level, solver=settings.default_solver, speed=settings.anim_speed,
            fog=level.fogged or settings.fog,
            best=ctx.best_replay(level) if settings.ghost else None,
            race=None if race.solver is None else (race.solver, race.speed))
        # the defaults this run started from: a change in Settings (pause -> Settings) is
        # taken up on return; the level's own [ ] and Tab choices are not undone
        self._defaults = (settings.anim_speed, settings.default_solver)
        self.clock = TickClock()
        self.style = style_for(spec)
        self.map_shown = False
        self._fog_told = False  # the fog's toast, once, when the level first shows
        # room maps are pictures: start close enough to see the tiles and the hero
        self.camera = Camera(self.maze.rows, self.maze.cols, 1280, 720,
                             comfortable_tile=RPG_COMFORTABLE_TILE if self.style == RPG else 18,
                             margin=RING_ROOM)
        self.camera.follow(*self.maze.start, 0.0, snap=True)
        self._snap_camera = True
        self.stage = Stage(self.session, self.camera, self.style, ctx.images)
        self.ghosts = Ghosts(self.session, self.camera)
        self.chasers = Chasers(self.session, self.camera)
        self._caught_steps: Optional[int] = None  # how far from the exit a chaser caught you
        self._beat = 0.0  # seconds until the next heartbeat while a chaser is near
        self._warned = False  # the toast of a chaser near, once a run
        self.maps = Maps(self.session, self.stage)
        self.bar = Bar(self.session)
        self.captions = Captions(self.session, self.camera, self.bar.hint_keys)
        self._time = 0.0  # scene time, for animations that run before the first move
        self._celebrated: Optional[float] = None  # seconds since the exit was reached
        self.first_person: Optional[FirstPersonView] = None  # shown: the view from inside
        # the heading first person was left in, and the moves then (kept if none since)
        self._left_facing: Optional[tuple[int, int]] = None
        if ctx.first_person:
            self.set_first_person(True)

    def set_first_person(self, on: bool) -> None:
        """Show the maze in first person (or from above); the run goes on as it was."""
        self.apply(ReleaseAll())  # keys held in one view are let go in the other
        if on and self.first_person is None:
            self.first_person = FirstPersonView(self.session, self.style)
            heading, moves = self._left_facing or (None, None)
            if heading is not None and moves == self.run.player.moves:  # not moved from above
                self.first_person.walker = Walker(heading)
        elif not on:
            if self.first_person is not None:
                self._left_facing = (self.first_person.walker.heading, self.run.player.moves)
            self.first_person = None
        self.bar.first_person = on

    @property
    def fog_layer(self) -> Optional[FogLayer]:
        """Return the stage's fog veil (None: no fog)."""
        return self.stage.fog_layer

    @property
    def run(self) -> Run:
        """Return the session's run."""
        return self.session.run

    @property
    def hint(self) -> Optional[HintSearch]:
        """Return the session's hint search (None: hidden)."""
        return self.session.hint

    @property
    def ghost(self) -> Optional[Playback]:
        """Return the best run's ghost of the session (None: not raced)."""
        return self.session.ghost

    @property
    def racer(self) -> Optional[Ghost]:
        """Return the solver's ghost of the session (None: no race)."""
        return self.session.racer

    @property
    def label(self) -> str:
        """Return the level's title on the HUD."""
        return self.bar.label

    @property
    def info(self) -> dict[str, str]:
        """Return the HUD's facts of the level: algorithm, size, code."""
        return self.bar.info

    def share_code(self) -> Optional[str]:
        """Return the level code of this maze (None: from a file, or a seed no code holds)."""
        return self.session.share_code()

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
        if self.session.busy or (self.first_person is not None and self.first_person.walker.turning):
            return BUSY_FPS
        return IDLE_FPS

    def look(self) -> Optional[Hashable]:
        """Return what the view shows while nothing moves (None while anything does).

        Moving: a walk, the camera's glide, the hint's search, the celebration, a ghost or
        the solver ghost, the full map; in fog with a corner map too (it catches up late).
        Standing still, only the clock's tenths and the rings' pulse change the picture:
        a still level is drawn a dozen times a second (not at all under reduced motion).
        """
        run = self.run
        if (run.player.walking or self._celebrated is not None or self.map_shown
                or (self.hint is not None and not self.hint.done) or self.racer is not None
                or (self.ghost is not None and run.started_at is not None and not self.ghost.done)
                or (run.fog is not None and self.ctx.settings.minimap)):
            return None
        motion = theme.current().motion
        fog = run.fog
        return (run.player.render_pos, run.moves, run.hints_used, run.keys, run.held,
                int(run.elapsed * 10), run.finished, self.camera.origin(), self.camera.tile,
                self.camera.fitted, None if fog is None else fog.version,
                None if self.hint is None else (id(self.hint), self.hint.path_shown),
                pulse(self._time, motion.exit_pulse) if self.exit_known else None,
                pulse(self._time, motion.marker_pulse)
                if MARKER_FROM_TILE <= self.camera.tile < MARKER_BELOW_TILE else None,
                self.captions.spot, self.bar.spoken, self.ctx.settings.minimap)

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
        if self.session.caught:  # one key to try again at once
            if isinstance(event, KeyDown) and event.key == pygame.K_ESCAPE:
                return OpenPause(self.level)
            if (isinstance(event, KeyDown) and event.key in RETRY_KEYS) or left_click(event):
                return Play(self.level)
        action = keymap().action(event.key) if isinstance(event, (KeyDown, KeyUp)) else None
        if isinstance(event, KeyDown) and action == "view":
            self.set_first_person(self.first_person is None)
            self.ctx.session_view = self.first_person is not None  # the next level keeps it
            return None
        fp = self.first_person
        if fp is not None and action is not None and (action in STEPS or action in TURNS):
            if isinstance(event, KeyDown):
                run = bool(event.mod & pygame.KMOD_SHIFT)
                for sent in fp.walker.press(action, run=run):
                    self.apply(sent)
            else:
                for sent in fp.walker.release(action):
                    self.apply(sent)
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
            if isinstance(intent, ReleaseAll) and self.first_person is not None:
                self.first_person.walker.release_all()
            self._apply_to_run(intent)
        return None

    def _apply_to_run(self, intent: RunIntent, *, quiet: bool = False) -> None:
        """Give ``intent`` to the session, then show what it changed (sounds, hint, toasts)."""
        self._effects(self.session.apply(intent), quiet=quiet)

    def _effects(self, events: list[str], *, quiet: bool = False) -> None:
        """Turn the session's events into sounds and toasts (``quiet``: no toasts of choices)."""
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
        if HINT_SHOWN in events and self.hint is not None:
            self.stage.show_hint(self.hint)
            self.ctx.audio.play("hint")
        if SOLVER_CHANGED in events and not quiet:
            self.ctx.toast(t("play.solver_toast", solver=hint_solver_label(self.run.solver)))
        if SPEED_CHANGED in events and not quiet:  # this level only: the default is Settings'
            self.ctx.toast(t("play.speed_toast", speed=self.run.speed))
        if RACER_HOME in events and self.racer is not None:
            self.ctx.toast(t("play.race_ghost_home", solver=solver_short_label(self.racer.solver)))
        if CHASERS_AWAKE in events:  # warned before they come: a toast and a beat
            self.ctx.audio.play("heartbeat")
            self._beat = max(self._beat, 1.0)
            self.ctx.toast(self.chasers.awake_text())
        if CAUGHT in events:
            self.ctx.audio.play("caught")
            self._caught_steps = self.session.exit_steps()
        if FINISHED in events:  # the celebration starts
            self.ctx.audio.play("complete")
            self._celebrated = 0.0

    # -- simulation ------------------------------------------------------------------------
    def update(self, dt: float) -> Optional[Next]:
        """Advance the session by the ticks ``dt`` seconds make; animate the camera."""
        ticks = self.clock.advance(dt)
        self._time += dt
        reduced = theme.current().motion.reduced
        events = self.session.advance(ticks, instant_hint=reduced)
        if self.first_person is not None:
            if self.run.player.running is not None:  # an auto-run turns round the bends
                self.first_person.walker.face(self.run.player.facing)
            self.first_person.walker.update(dt, reduced)
        self._effects(events)
        run = self.run
        if run.finished:
            return self._celebrate(0.0 if FINISHED in events else dt)
        if run.caught:
            return None
        self._heartbeat(dt)
        if not self.camera.fitted:
            self.camera.follow(*run.player.render_pos, dt, snap=self._snap_camera or reduced)
            self._snap_camera = False
        return None

    def _heartbeat(self, dt: float) -> None:
        """Beat while a chaser is near, faster the nearer it is (first person: once awake)."""
        interval = self.chasers.beat(self.first_person is not None)
        self._beat -= dt
        if self.chasers.warning() > 0 and not self._warned:  # near: said once
            self._warned = True
            self.ctx.toast(t("chase.near_toast"))
        if interval is not None and self._beat <= 0:
            self.ctx.audio.play("heartbeat")
            self._beat = interval
        elif interval is None:
            self._beat = 0.0
        else:
            self._beat = min(self._beat, interval)  # nearer now: the next beat comes sooner

    def _celebrate(self, dt: float) -> Optional[Next]:
        """Play the burst on the exit tile (none under reduced motion), then finish the run."""
        motion = theme.current().motion
        self._celebrated = (self._celebrated or 0.0) + max(0.0, dt)
        settled = self.session.settle_optimal()  # the result needs it: never a whole search a frame
        if motion.reduced or self._celebrated >= motion.celebration_seconds:
            if settled:
                return self._complete()
            # said while it lasts, gone soon after: shown again each frame, briefly
            self.ctx.toast(t("play.optimal_working"), 2 * motion.toast_fade)
        return None

    def _complete(self) -> Next:
        """Hand the finished run over to the level-complete screen."""
        return Complete(self.session.result())

    # -- drawing -----------------------------------------------------------------------------
    def _area(self, surface: pygame.Surface) -> pygame.Rect:
        """Return the part of ``surface`` between the bar and the key strip."""
        w, h = surface.get_size()
        bar = hud.bar_height((w, h))
        strip = hud.help_strip_height((w, h))
        return pygame.Rect(0, bar, w, max(0, h - bar - strip))

    def _map_room(self, area: pygame.Rect) -> Optional[pygame.Rect]:
        """Return the strip of ``area`` kept for the corner map beside the maze (None: none)."""
        if self.first_person is not None or not self.ctx.settings.minimap:
            return None
        return self.maps.corner_room(area)

    def _view(self, surface: pygame.Surface) -> pygame.Rect:
        """Return the part of ``surface`` the maze is drawn in.

        That is between the bar and the key strip, less the corner map's strip.
        """
        view = self._area(surface)
        room = self._map_room(view)
        if room is not None:
            if room.height == view.height:
                view.width -= room.width
            else:
                view.height -= room.height
        return view

    def hint_keys(self) -> str:
        """Return the hint caption's key line."""
        return self.bar.hint_keys()

    def help_line(self) -> str:
        """Return the key reminder under the maze."""
        return self.bar.help_line()

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the maze, the hint, the player and the HUD, laid out for ``surface``."""
        self.bar.relabel_if_needed()  # the language may have changed in Settings (pause)
        area = self._area(surface)
        room = self._map_room(area)
        view = self._view(surface)
        run = self.run
        if view.width > 0 and view.height > 0 and self.first_person is not None:
            self._draw_first_person(surface, view)
        elif view.width > 0 and view.height > 0:
            hinted = self.hint is not None and self.stage.hint_layer is not None
            view = self.captions.make_room(view, hint=hinted)  # a caption hides no tile
            if (view.width, view.height) != (self.camera.view_w, self.camera.view_h):
                self.camera.resize(view.width, view.height)
                if not self.camera.fitted:
                    self.camera.follow(*run.player.render_pos, 0.0, snap=True)
            self.stage.draw_ground(surface, view)
            if hinted:
                self.stage.draw_hint(surface, view, self.captions.free_area(view))
            clip = surface.get_clip()
            surface.set_clip(view)
            if hinted:  # keys and doors again, over the hint's paint and route
                self.stage.draw_locks_over_hint(surface, view)
            if self.exit_known:
                self.stage.draw_exit(surface, view, self._time)
            self.ghosts.draw(surface, view, self._time)
            self.chasers.draw(surface, view, self._time)
            if self._celebrated is not None:
                self.stage.draw_celebration(surface, view, self._celebrated)
            self.stage.draw_player(surface, view, self._time)
            if self.exit_known:
                self.stage.draw_exit_pointer(surface, view, self.captions.free_area(view))
            self.chasers.draw_warning(surface, view, self._time)
            if self.hint is None:
                self.chasers.draw_asleep(surface, view)
            if self.session.caught:
                self.chasers.draw_caught(surface, view, self._caught_steps)
            surface.set_clip(clip)
            self.captions.draw(surface)
            if room is not None:  # beside the maze, never over it
                self.maps.draw_corner(surface, view, self._time, room=room)
            if self.map_shown:
                self.maps.draw_full(surface, area, self._time)
        self.bar.draw(surface, area)

    def _draw_first_person(self, surface: pygame.Surface, view: pygame.Rect) -> None:
        """Draw the view from inside, the hint's caption and the maps over it."""
        fp = self.first_person
        assert fp is not None
        view = self.captions.make_room(view, hint=self.hint is not None, first_person=True)
        fp.draw(surface, view)
        draw_compass(surface, view, fp.walker.heading, fp.walker.angle)
        draw_hint_cue(surface, view, self.hint, self.run.player.pos, fp.walker.heading,
                      fp.walker.turning)  # the floor's glow may lie behind a wall
        self.chasers.draw_sense(surface, view, fp.walker.angle, self._time)
        if self.hint is None:  # under the compass
            self.chasers.draw_asleep(surface, asleep_view(view))
        if self.session.caught:  # as in the top view: how close it was, and the keys
            self.chasers.draw_caught(surface, view, self._caught_steps)
        self.captions.draw(surface)
        if self.map_shown:
            self.maps.draw_full(surface, view, self._time)
        elif self.ctx.settings.minimap:
            rect = self.maps.draw_corner(surface, view, self._time)
            if rect is not None:  # the chasers too: the view ahead hides those behind
                fp.map_hint.draw(surface, rect, self.hint)  # the search, as it goes
                self.chasers.draw_on_map(surface, rect, self.maze.rows, self.maze.cols)
                draw_facing(surface, rect, self.maze.rows, self.maze.cols,
                            self.run.player.render_pos, fp.walker.angle)

    def toast_area(self, surface: pygame.Surface) -> pygame.Rect:
        """Return where a toast goes: beside or above the maze when there is room.

        Else the view below the full-window map's title, or a caption moved to the top.
        """
        fp, hinted = self.first_person, self.hint is not None
        signs = None if fp is None else lambda v: self.chasers.signs(v, fp.walker.angle, hinted)
        room = None if self.map_shown else self.captions.toast_room(signs)
        if room is not None:  # a toast at the top went over the asleep caption: under it
            return self.chasers.under_asleep(room, self._view(surface), hinted)
        view = self._area(surface) if self.map_shown else self._view(surface)
        if self.map_shown:
            top = hud.caption_rect(view, *self.maps.caption(), spot="top")
        else:
            top = self.captions.top_box(view)
        if top is not None:
            bottom = view.bottom
            view.top = min(top.bottom, bottom - 1)
            view.height = bottom - view.top
        return self.chasers.under_asleep(view, self._view(surface), hinted)

    @property
    def exit_known(self) -> bool:
        """Return True when the player may know where the exit is (in fog: once seen)."""
        return self.session.exit_known

    def map_rect(self, view: pygame.Rect) -> Optional[pygame.Rect]:
        """Return where the full-window map lies in ``view`` (None: no room for it)."""
        return self.maps.rect(view)
