"""The App: one window, one clock, one event pump, one loop that drives the scenes.

Scenes never touch the display; the App owns it.  Each pygame event is normalised once
here (:func:`game.play.input.normalise`, game controllers through
:class:`game.play.input.Gamepads`, which opens them as they are plugged in) and global
keys are handled before the scene sees the event: the fullscreen key (F11, or Alt+Enter)
and the mute key (M), as bound, both saved in the settings -- except while a scene takes
every key itself (a key being bound).  The App follows ``fullscreen`` wherever it
changes (it listens to the Context), clamps the frame time once, draws the one toast over any scene and handles
the garbage collector (see ``settle_memory``).

Environment hooks: ``MIGONG_EXIT_AFTER_FIRST_FRAME=1`` exits right after the first
``display.flip()`` (start-up benchmarks); ``MIGONG_SAVE_PATH`` chooses the save file;
``MIGONG_LANG=zh`` (or ``en``) speaks that language for this run (game.text.choose).
"""

from __future__ import annotations

import gc
import os
import time
import warnings
from pathlib import Path
from typing import Hashable, Optional

import pygame

from game.play import input as keys
from game.play import theme
from game.play.context import Context, SettingName
from game.play.input import (
    ClickUp,
    FocusGained,
    FocusLost,
    Gamepads,
    KeyDown,
    KeyUp,
    QuitRequest,
    Resized,
)
from game.play.navigator import Navigator
from game.play.scenes.base import Next, Scene
from game.text import language, set_language, t
from game.text.choose import startup_language

WINDOW_SIZE = (1280, 720)
MIN_WINDOW = (320, 240)
FPS = 120
#: Frame rates a scene may ask for with its ``fps`` (menus need fewer frames than
#: walking; drawing them at 120 fps kept a CPU core busy on an idle title screen).
FPS_RANGE = (10, FPS)
#: Longest step a single update may take (a stalled frame must not teleport the player; the
#: run's fixed ticks walk it tile by tile).  At 0.05 a game starved to 12 frames a second
#: (a busy machine) ran its clock at half speed while keys kept coming at the player's
#: pace: taps outran the walk and were dropped from the full queue.  At 0.25 the same
#: happened to frames of 0.3 s (a window getting a fifth of a core): tapping the 374-step
#: route of a fog daily at 7.9 taps a second made 141 moves, and the first tap dropped put
#: every later one out of step.  A second keeps the clock with the taps up to the frames
#: the run's tap queue can take (0.5 s at 8 taps a second) and still stops a suspended game
#: from running on unseen.
MAX_DT = 1.0
#: Events that only end something (a key or button let go, the focus lost) or that nothing
#: sees: a frame applies those it reads before its first other event at the start of its
#: time, the rest at its end (see ``App.frame``).
EARLY_EVENTS = (KeyUp, ClickUp, FocusLost, FocusGained, type(None))
EXIT_AFTER_FIRST_FRAME_ENV = "MIGONG_EXIT_AFTER_FIRST_FRAME"
#: For this long after a window-mode switch, a key pressed the instant the new window
#: gains focus is an echo, not a press: SDL (X11) replays keys it believes held when a
#: window gains focus.  Obeying the replayed F11 (or the Settings key that switched)
#: switches the mode back, which recreates the window, which replays it again, forever.
MODE_SWITCH_ECHO = 1.0

TypedEvent = Optional[keys.Event | keys.WindowEvent]


def freeze_start_up() -> None:
    """Collect once, then keep everything alive now out of every later collection."""
    # What start-up built (modules, fonts, images, the first screen) lives as long as
    # the game: frozen, the collector's full passes skip it, and those passes no longer
    # stall frames for tens of milliseconds while the hint churns through events.
    gc.collect()
    gc.freeze()


def finish_start_up(ctx: Context) -> None:
    """Load what the first frame did not need: the images, the sounds, the controllers."""
    # The title screen draws neither tiles nor sprites and plays no sound before a key
    # is pressed: loading them (and opening the mixer) after its first frame shows it
    # sooner, and they are ready before the next frame reads a key.
    from game.play.render.images import load_all

    ctx.images.update(load_all())
    ctx.audio.start()
    start_controllers()
    ctx.send_queued_runs()  # runs kept while offline go now, in the background


def start_controllers() -> None:
    """Start SDL's game controllers: the ones plugged in (and later ones) are announced."""
    try:
        from pygame._sdl2 import controller

        controller.init()
    except (ImportError, pygame.error):  # no controller support: play with the keyboard
        pass


def settle_memory() -> None:
    """Free what the screens just left behind (a level, its caches) at once."""
    gc.collect()


def make_context(save_path: Optional[Path]) -> Context:
    """Return a Context with the saved progress (or a fresh one) and the audio."""
    from game.play.audio import Audio
    from game.save import Progress, SaveStore

    store = None if save_path is None else SaveStore(save_path)
    progress, notice = (Progress(), None) if store is None else store.load()
    # The mixer opens after the first frame (finish_start_up): the title needs no sound.
    return Context(progress, save_path=save_path, audio=Audio(progress.settings, start=False),
                   notice=notice, store=store)


class App:
    """The window and the main loop."""

    def __init__(self, ctx: Context, *, size: tuple[int, int] = WINDOW_SIZE) -> None:
        self.ctx = ctx
        self.windowed_size = size
        self.fullscreen = False
        self.surface = pygame.Surface(size)  # the window's own surface once open
        self.clock = pygame.time.Clock()
        self.nav = Navigator(ctx, settle=settle_memory)
        self.frames = 0
        self.draws = 0  # frames drawn: a still screen is not drawn again
        self._drawn: Optional[Hashable] = None  # the look last drawn (None: draw)
        self._switched_at = -MODE_SWITCH_ECHO  # time.monotonic() of the last mode switch
        self._last_event_type: Optional[int] = None
        self.pads = Gamepads()
        ctx.on_settings_change(self._setting_changed)

    @classmethod
    def open(cls, *, save_path: Optional[Path] = None, use_save: bool = True,
             size: tuple[int, int] = WINDOW_SIZE) -> "App":
        """Start the display, load the save, open the window; return the App.

        The images and sounds come after the first frame (:func:`finish_start_up`).
        """
        from game.save import default_save_path

        pygame.display.init()
        pygame.font.init()
        if use_save and save_path is None:
            save_path = default_save_path()
        # The system's language first: a save too broken to say its own says so in that.
        set_language(startup_language(None))
        app = cls(make_context(save_path if use_save else None), size=size)
        app.ctx.apply_settings()  # the saved palette, text size, motion and keys
        set_language(startup_language(app.ctx.settings.language))
        app._set_icon()
        pygame.display.set_caption(t("app.caption"))
        app.surface = app._set_mode(app.ctx.settings.fullscreen)
        return app

    @property
    def scene(self) -> Optional[Scene]:
        """Return the scene on screen."""
        return self.nav.scene

    # ---- window
    def _set_icon(self) -> None:
        """Give the window the game's icon when the asset is there."""
        from game.resources import asset_path

        try:
            pygame.display.set_icon(pygame.image.load(str(asset_path("icon.png"))))
        except (FileNotFoundError, pygame.error):
            pass

    def _set_mode(self, fullscreen: bool) -> pygame.Surface:
        """Open (or switch) the window: resizable, or fullscreen at the desktop size."""
        surface = None
        if fullscreen:
            try:
                surface = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:
                fullscreen = False
        if surface is None:
            surface = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            try:
                with warnings.catch_warnings():  # from_display_module is marked deprecated
                    warnings.simplefilter("ignore", DeprecationWarning)
                    pygame.Window.from_display_module().minimum_size = MIN_WINDOW
            except (AttributeError, pygame.error, ValueError):
                pass
        self.fullscreen = fullscreen
        self.ctx.settings.fullscreen = fullscreen  # what the window really is
        return surface

    def _setting_changed(self, name: SettingName) -> None:
        """Switch the window mode when the fullscreen setting changed; retitle it for a language."""
        if name == "language":
            pygame.display.set_caption(t("app.caption"))
        want = self.ctx.settings.fullscreen
        if name == "fullscreen" and want != self.fullscreen:
            self.surface = self._set_mode(want)
            self._switched_at = time.monotonic()

    # ---- the loop
    def go(self, route: Next) -> None:
        """Follow ``route`` to the next scene."""
        self.nav.go(route)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Apply one pygame event: window and global keys here, everything else to the scene."""
        for typed, previous in self._typed(event):
            self._handle(typed, previous)

    def _typed(self, event: pygame.event.Event) -> list[tuple[TypedEvent, Optional[int]]]:
        """Return the typed events ``event`` stands for, each with the pygame type before it."""
        previous, self._last_event_type = self._last_event_type, event.type
        typed_events = self.pads.translate(event)
        return [(typed, previous)
                for typed in ([keys.normalise(event)] if typed_events is None else typed_events)]

    def _handle(self, typed: TypedEvent, previous: Optional[int]) -> None:
        """Apply one typed event (``previous``: the type of the pygame event before it)."""
        if typed is None or isinstance(typed, FocusGained):
            return
        if isinstance(typed, QuitRequest):
            ask = self.nav.quit_guard()  # unsaved work asks first
            if ask is None:
                self.ctx.quit_requested = True
            else:
                self.nav.go(ask)
            return
        scene = self.nav.scene
        if isinstance(typed, Resized):
            self._on_resize()
        elif isinstance(typed, KeyDown):
            if (previous == pygame.WINDOWFOCUSGAINED
                    and time.monotonic() - self._switched_at < MODE_SWITCH_ECHO):
                return  # the key that switched the mode, replayed to the new window
            if (scene is None or not scene.raw_keys) and self._global_key(typed):
                return
        if scene is not None:
            route = scene.handle_event(typed)
            if route is not None:
                self.nav.go(route)

    def _global_key(self, event: KeyDown) -> bool:
        """Handle the fullscreen key / Alt+Enter and the mute key; return True when handled."""
        action = keys.keymap().action(event.key)
        alt_enter = (event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                     and event.mod & pygame.KMOD_ALT)
        if action == "fullscreen" or alt_enter:
            self.ctx.set_fullscreen(not self.fullscreen)
            return True
        if action == "mute" and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            muted = self.ctx.toggle_mute()
            self.ctx.toast(t("app.sound_off") if muted else t("app.sound_on"),
                           theme.current().motion.key_toast_seconds)
            return True
        return False

    def _on_resize(self) -> None:
        """Remember the windowed size; scenes lay out from the surface at each draw."""
        surface = pygame.display.get_surface()
        if surface is not None:
            self.surface = surface
        if not self.fullscreen:
            w, h = self.surface.get_size()
            if w >= MIN_WINDOW[0] and h >= MIN_WINDOW[1]:
                self.windowed_size = (w, h)

    def update(self, dt: float) -> None:
        """Advance the current scene and the toast by ``dt`` seconds (clamped)."""
        route = self._advance(dt)
        if route is not None:
            self.nav.go(route)

    def _advance(self, dt: float) -> Optional[Next]:
        """Advance the current scene and the toast by ``dt`` seconds; return where it leads."""
        dt = min(max(0.0, dt), MAX_DT)
        self.ctx.toasts.update(dt)
        scene = self.nav.scene
        return None if scene is None else scene.update(dt)

    def draw(self) -> None:
        """Draw the current scene on the window surface, and the toast over it."""
        from game.play.widgets import hud

        surface = pygame.display.get_surface()
        if surface is not None:
            self.surface = surface
        scene = self.nav.scene
        if scene is not None:
            scene.draw(self.surface)
            toasts = self.ctx.toasts
            alpha = toasts.alpha(theme.current().motion.toast_fade)
            if alpha > 0:
                hud.draw_toast(self.surface, scene.toast_area(self.surface), toasts.text, alpha)

    def frame(self, dt: float) -> None:
        """Run one frame: read the events, pass ``dt`` among them, draw and flip if needed.

        ``dt`` is the time the events waited to be read, and they carry no time of their
        own: a press is applied after that time has passed (it happened by the time it was
        read), a release that comes before any press in the frame before it (it may have
        happened as early as the last frame).  So a stalled frame never counts as time a key
        was held: neither a press read late nor a release read late turns a tap into a walk.
        The events still go to the screen the player saw: where the scene's time led (the
        celebration over, the level built) is followed after them, unless one of them
        already left the scene.  Then a zero-time update lets the scene on screen (a new
        one, or one with a fresh intent) settle before it is drawn.
        """
        events = pygame.event.get()
        waited: Optional[float] = dt  # the frame's time, until it has passed
        led: Optional[Next] = None  # where that time led the scene
        seen: Optional[Scene] = None  # the scene that time passed on
        for event in events:
            for typed, previous in self._typed(event):
                if waited is not None and not isinstance(typed, EARLY_EVENTS):
                    led, seen, waited = self._advance(waited), self.nav.scene, None
                self._handle(typed, previous)
        if waited is not None:
            self.update(waited)
        else:
            if led is not None and self.nav.scene is seen:
                self.nav.go(led)
            self.update(0.0)
        look = self.look()
        if events or look is None or look != self._drawn:
            self.draw()
            pygame.display.flip()
            self.draws += 1
        self._drawn = look
        self.frames += 1

    def look(self) -> Optional[Hashable]:
        """Return what the window would show now (None: draw it anyway).

        The scene's look (see ``Scene.look``), the scene itself, the window's size, the
        theme, the language and the toast as it fades.
        """
        scene = self.nav.scene
        shown = None if scene is None else scene.look()
        if shown is None:
            return None
        toasts = self.ctx.toasts
        alpha = toasts.alpha(theme.current().motion.toast_fade)
        surface = pygame.display.get_surface()
        size = None if surface is None else surface.get_size()
        return (id(scene), shown, size, theme.current(), language(),
                toasts.text if alpha > 0 else "", alpha)

    def frame_rate(self) -> int:
        """Return the frame cap the current scene asks for (its ``fps``, within FPS_RANGE)."""
        scene = self.nav.scene
        fps = FPS if scene is None else scene.fps
        return int(min(FPS_RANGE[1], max(FPS_RANGE[0], fps)))

    def run(self, first: Next) -> int:
        """Show ``first``, then run until the player quits; return the exit code (0)."""
        exit_early = os.environ.get(EXIT_AFTER_FIRST_FRAME_ENV) == "1"
        self.nav.go(first)
        self.clock.tick()
        dt = 0.0
        try:
            while not self.ctx.quit_requested:
                self.frame(dt)
                if exit_early:
                    break
                if self.frames == 1:  # start-up is over once the first frame is on screen
                    finish_start_up(self.ctx)
                    freeze_start_up()
                dt = self.clock.tick(self.frame_rate()) / 1000.0
        finally:
            self.ctx.save()
            self.pads.close()
            pygame.quit()
        return 0
