"""The App: one window, one clock, one event pump, one loop that drives the scenes.

Scenes never touch the display; the App owns it.  Global keys are handled here before
the scene sees the event: F11 toggles fullscreen and M mutes (both saved in the
settings).  The App also keeps the window mode in step with ``settings.fullscreen``, so
the Settings screen only has to flip the flag.

Environment hooks: ``MIGONG_EXIT_AFTER_FIRST_FRAME=1`` exits right after the first
``display.flip()`` (start-up benchmarks); ``MIGONG_SAVE_PATH`` chooses the save file.
"""

from __future__ import annotations

import os
import time
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Optional, Union

if TYPE_CHECKING:  # pragma: no cover - typing only
    import pygame

    from game.play.scene import Context, Scene

CAPTION = "Migong"
WINDOW_SIZE = (1280, 720)
MIN_WINDOW = (320, 240)
FPS = 120
#: Frame rates a scene may ask for with an ``fps`` attribute (menus need fewer frames
#: than walking; drawing them at 120 fps kept a CPU core busy on an idle title screen).
FPS_RANGE = (10, FPS)
#: Longest step a single update may take (a stalled frame must not teleport the player).
MAX_DT = 0.05
#: How long a message from a global key (M) stays on screen, in seconds.
TOAST_SECONDS = 1.4
EXIT_AFTER_FIRST_FRAME_ENV = "MIGONG_EXIT_AFTER_FIRST_FRAME"
#: For this long after a window-mode switch, a key pressed the instant the new window
#: gains focus is an echo, not a press: SDL (X11) replays keys it believes held when a
#: window gains focus.  Obeying the replayed F11 (or the Settings key that switched)
#: switches the mode back, which recreates the window, which replays it again, forever.
MODE_SWITCH_ECHO = 1.0

SceneSource = Union["Scene", Callable[["Context"], "Scene"]]


def load_images() -> dict[str, "pygame.Surface"]:
    """Load the tile and sprite images as ``{"tiles/floor": Surface, ...}`` (missing: skip)."""
    import pygame

    from game.resources import asset_path

    images: dict[str, pygame.Surface] = {}
    for folder in ("tiles", "sprites"):
        try:
            root = asset_path(folder)
        except FileNotFoundError:
            continue
        for path in sorted(root.glob("*.png")):
            try:
                img = pygame.image.load(str(path))
                images[f"{folder}/{path.stem}"] = (
                    img.convert_alpha() if pygame.display.get_surface() else img
                )
            except (pygame.error, OSError):
                continue
    return images


def make_context(save_path: Optional[Path]) -> "Context":
    """Return a Context with the saved progress (or a fresh one) and the audio."""
    from game.play.audio import Audio
    from game.play.scene import Context
    from game.save import Progress, SaveStore

    store = None if save_path is None else SaveStore(save_path)
    progress, notice = (Progress(), None) if store is None else store.load()
    return Context(progress=progress, save_path=save_path, audio=Audio(progress.settings),
                   notice=notice, store=store)


class App:
    """The window and the main loop."""

    def __init__(self, *, save_path: Optional[Path] = None, use_save: bool = True,
                 size: tuple[int, int] = WINDOW_SIZE) -> None:
        import pygame

        from game.save import default_save_path

        # Name the window class so desktops group and label the game as "migong".
        os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "migong")
        pygame.display.init()
        pygame.font.init()
        if use_save and save_path is None:
            save_path = default_save_path()
        self.ctx = make_context(save_path if use_save else None)
        self.windowed_size = size
        self.fullscreen = False
        self._set_icon()
        pygame.display.set_caption(CAPTION)
        self.surface = self._set_mode(self.ctx.progress.settings.fullscreen)
        self.ctx.images = load_images()
        self.clock = pygame.time.Clock()
        self.scene: Optional[Scene] = None
        self.frames = 0
        self._switched_at = -MODE_SWITCH_ECHO  # time.monotonic() of the last mode switch
        self.toast = ""  # a short message over any scene (M: "Sound off")
        self._toast_left = 0.0
        self._last_event_type: Optional[int] = None

    # ---- window
    def _set_icon(self) -> None:
        """Give the window the game's icon when the asset is there."""
        import pygame

        from game.resources import asset_path

        try:
            pygame.display.set_icon(pygame.image.load(str(asset_path("icon.png"))))
        except (FileNotFoundError, pygame.error):
            pass

    def _set_mode(self, fullscreen: bool) -> "pygame.Surface":
        """Open (or switch) the window: resizable, or fullscreen at the desktop size."""
        import pygame

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
        self.ctx.progress.settings.fullscreen = fullscreen
        return surface

    def toggle_fullscreen(self) -> None:
        """Switch between fullscreen and the window, and remember the choice."""
        self.ctx.progress.settings.fullscreen = not self.fullscreen
        self._sync_window()
        self._save()

    def _sync_window(self) -> None:
        """Apply ``settings.fullscreen`` to the window if it changed."""
        want = bool(self.ctx.progress.settings.fullscreen)
        if want != self.fullscreen:
            self.surface = self._set_mode(want)
            self._switched_at = time.monotonic()

    def _save(self) -> None:

        """Write progress and settings to the save file."""
        from game.play.scenes import save_now

        save_now(self.ctx)

    # ---- the loop
    def set_scene(self, scene: SceneSource) -> None:
        """Make ``scene`` (or ``scene(ctx)``) the current scene."""
        from game.play.scene import Scene

        self.scene = scene if isinstance(scene, Scene) else scene(self.ctx)

    def handle_event(self, event: Any) -> None:
        """Apply one event: window and global keys here, everything else to the scene."""
        import pygame

        etype = getattr(event, "type", None)
        previous, self._last_event_type = self._last_event_type, etype
        if etype == pygame.QUIT:
            self.ctx.quit_requested = True
            return
        if etype in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self._on_resize(event)
        elif etype == pygame.KEYDOWN:
            if (previous == pygame.WINDOWFOCUSGAINED
                    and time.monotonic() - self._switched_at < MODE_SWITCH_ECHO):
                return  # the key that switched the mode, replayed to the new window
            key = getattr(event, "key", None)
            mod = getattr(event, "mod", 0)
            mod = mod if isinstance(mod, int) else 0
            alt_enter = key in (pygame.K_RETURN, pygame.K_KP_ENTER) and mod & pygame.KMOD_ALT
            if key == pygame.K_F11 or alt_enter:
                self.toggle_fullscreen()
                return
            if key == pygame.K_m and not mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
                muted = bool(self.ctx.audio.toggle_mute())
                self.ctx.progress.settings.muted = muted
                self._save()
                self.say("Sound off  (M)" if muted else "Sound on")
                return
        if self.scene is not None:
            nxt = self.scene.handle_event(event)
            if nxt is not None:
                self.scene = nxt

    def _on_resize(self, event: Any) -> None:
        """Remember the windowed size; scenes lay out from the surface at each draw."""
        import pygame

        surface = pygame.display.get_surface()
        if surface is not None:
            self.surface = surface
        if not self.fullscreen:
            w, h = self.surface.get_size()
            if w >= MIN_WINDOW[0] and h >= MIN_WINDOW[1]:
                self.windowed_size = (w, h)

    def say(self, text: str) -> None:
        """Show ``text`` briefly over whatever scene is on screen."""
        self.toast, self._toast_left = text, TOAST_SECONDS

    def update(self, dt: float) -> None:
        """Advance the current scene by ``dt`` seconds (clamped)."""
        self._toast_left = max(0.0, self._toast_left - max(0.0, dt))
        self._sync_window()
        if self.scene is not None:
            nxt = self.scene.update(min(max(0.0, dt), MAX_DT))
            if nxt is not None:
                self.scene = nxt

    def draw(self) -> None:
        """Draw the current scene on the window surface."""
        import pygame

        surface = pygame.display.get_surface()
        if surface is not None:
            self.surface = surface
        if self.scene is not None:
            self.scene.draw(self.surface)
        if self._toast_left > 0 and self.toast:
            from game.play import hud

            w, h = self.surface.get_size()
            bar = hud.bar_height((w, h))
            hud.draw_toast(self.surface, pygame.Rect(0, bar, w, max(0, h - bar)), self.toast,
                           min(1.0, self._toast_left / 0.4))

    def frame(self, dt: float) -> None:
        """Run one frame: pump events, update, draw and flip."""
        import pygame

        for event in pygame.event.get():
            self.handle_event(event)
        self.update(dt)
        self.draw()
        pygame.display.flip()
        self.frames += 1

    def frame_rate(self) -> int:
        """Return the frame cap the current scene asks for (``fps``), else FPS."""
        fps = getattr(self.scene, "fps", FPS)
        if isinstance(fps, bool) or not isinstance(fps, (int, float)) or fps != fps:
            return FPS
        return int(min(FPS_RANGE[1], max(FPS_RANGE[0], fps)))

    def run(self, first_scene: SceneSource) -> int:
        """Run until the player quits; return the exit code (0)."""
        import pygame

        exit_early = os.environ.get(EXIT_AFTER_FIRST_FRAME_ENV) == "1"
        self.set_scene(first_scene)
        self.clock.tick()
        dt = 0.0
        try:
            while not self.ctx.quit_requested:
                self.frame(dt)
                if exit_early:
                    break
                dt = self.clock.tick(self.frame_rate()) / 1000.0
        finally:
            self._save()
            pygame.quit()
        return 0


def draw_every_scene(surface: "pygame.Surface") -> list[str]:
    """Build one of every scene, give each a key, an update and a draw on ``surface``.

    Returns the names of the scenes drawn; raises on the first failure.
    """
    import pygame

    from game.levels import CAMPAIGN, build_level
    from game.maze.solvers import solve
    from game.play import scenes
    from game.play.play_scene import PlayScene, RunResult
    from game.save import Progress

    if not pygame.display.get_init():
        pygame.display.init()
    if not pygame.font.get_init():
        pygame.font.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 48), pygame.HIDDEN)
    from game.play.audio import Audio
    from game.play.scene import Context

    progress = Progress()
    progress.settings.muted = True
    ctx = Context(progress=progress, save_path=None, audio=Audio(progress.settings),
                  notice="This is how a one-time notice looks.")
    ctx.images = load_images()
    spec = CAMPAIGN[0]
    maze = build_level(spec)
    play = PlayScene(ctx, maze, spec=spec, level_index=0, label=scenes.level_label(0, spec))
    optimal = solve(maze, "bfs").length or 0
    result = RunResult(level_index=0, spec=spec, maze=maze, label=play.label, time=12.5,
                       moves=optimal + 4, optimal=optimal, hints_used=1)
    built: list[Scene] = [
        scenes.TitleScene(ctx),
        scenes.LevelSelectScene(ctx),
        scenes.CustomMazeScene(ctx),
        scenes.SettingsScene(ctx),
        scenes.HelpScene(ctx),
        scenes.LoadingScene(ctx, spec, 0, "Loading test"),
        play,
        scenes.PauseScene(ctx, play),
        scenes.LevelCompleteScene(ctx, result),
    ]
    names = []
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="",
                             scancode=0)
    for scene in built:
        scene.handle_event(key)
        scene.update(1 / 60)
        scene.draw(surface)
        names.append(type(scene).__name__)
    return names
