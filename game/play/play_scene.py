"""The gameplay view: walk the maze, ask for the animated hint, reach the exit.

Keys map to intents (data); ``apply`` carries an intent out, so tests and replays can
drive the scene with the same intents the keyboard produces.  Held keys are tracked from
KEYDOWN/KEYUP events, never from ``pygame.key.get_pressed``.
"""

from __future__ import annotations

import gc
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterator, Optional, Union

import pygame

from game.maze.grid import Maze
from game.maze.grid import Pos
from game.play import theme
from game.play.camera import Camera
from game.play.hint import SOLVER_ORDER, SPEEDS, HintOverlay
from game.play.player import BUMP, STEP, Move, Player
from game.play.render.images import draw_player, player_sprites, tile_images
from game.play.render.renderer import MazeRenderer
from game.play.render.tiles import RPG, style_for
from game.play.scene import Context, Scene
from game.play.widgets import hud

if TYPE_CHECKING:  # pragma: no cover - typing only
    from game.maze.solvers.base import Event, Solution


# -- intents -----------------------------------------------------------------------------
@dataclass(frozen=True)
class ToggleHint:
    """Intent: show or hide the hint."""


@dataclass(frozen=True)
class CycleSolver:
    """Intent: switch the hint to the next solver."""


@dataclass(frozen=True)
class SelectSolver:
    """Intent: switch the hint to a named solver."""

    name: str


@dataclass(frozen=True)
class ChangeSpeed:
    """Intent: make the hint animation faster (+1) or slower (-1)."""

    step: int


@dataclass(frozen=True)
class FinishHint:
    """Intent: jump the hint animation to its end."""


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


Intent = Union[Move, ToggleHint, CycleSolver, SelectSolver, ChangeSpeed, FinishHint, Zoom, FitView, Pause]

UP, DOWN, LEFT, RIGHT = Move(-1, 0), Move(1, 0), Move(0, -1), Move(0, 1)

KEY_INTENTS: dict[int, Intent] = {
    pygame.K_UP: UP, pygame.K_w: UP, pygame.K_KP8: UP,
    pygame.K_DOWN: DOWN, pygame.K_s: DOWN, pygame.K_KP2: DOWN,
    pygame.K_LEFT: LEFT, pygame.K_a: LEFT, pygame.K_KP4: LEFT,
    pygame.K_RIGHT: RIGHT, pygame.K_d: RIGHT, pygame.K_KP6: RIGHT,
    pygame.K_h: ToggleHint(),
    pygame.K_TAB: CycleSolver(),
    pygame.K_1: SelectSolver("bfs"), pygame.K_2: SelectSolver("dfs"), pygame.K_3: SelectSolver("stack"),
    pygame.K_LEFTBRACKET: ChangeSpeed(-1), pygame.K_RIGHTBRACKET: ChangeSpeed(1),
    pygame.K_SPACE: FinishHint(),
    pygame.K_PLUS: Zoom(1), pygame.K_EQUALS: Zoom(1), pygame.K_KP_PLUS: Zoom(1),
    pygame.K_MINUS: Zoom(-1), pygame.K_KP_MINUS: Zoom(-1),
    pygame.K_f: FitView(), pygame.K_z: FitView(),
    pygame.K_ESCAPE: Pause(),
}


def key_intent(event: Any) -> Optional[Intent]:
    """Return the intent bound to the key of a key event, or None."""
    key = getattr(event, "key", None)
    return KEY_INTENTS.get(key) if isinstance(key, int) else None

HELP_LINE = "Arrows/WASD move · H hint · +/- zoom · F fit · Esc pause"
HINT_KEYS = "Tab/1-3 solver · [ ] speed x{speed:g} · Space finish · H hide"
#: Time per frame spent computing the optimal move count in the background.
OPTIMAL_BUDGET = 0.001
TOAST_SECONDS = 1.6
MAX_DT = 0.1
#: An RPG room map starts fully visible only when its tiles are at least this big.
RPG_COMFORTABLE_TILE = 28
#: Frame caps asked of the App: smooth while walking or animating the hint; standing
#: still only the exit pulses, and 120 fps of that kept a CPU core 80% busy.
BUSY_FPS = 120
IDLE_FPS = 60
#: Below this tile size (px) the player is ringed so it can be found on the map.
#: Under 4 px render.draw_player rings the player itself (same colours), so start there.
MARKER_BELOW_TILE = 8
MARKER_FROM_TILE = 4
MARKER_RADIUS = 9
#: While walking with the hint shown, start its search over at most this often (s).
HINT_RESTART_EVERY = 0.3


def nearest_speed(value: Any) -> float:
    """Return the hint animation speed closest to ``value`` (1.0 when it is no number)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return 1.0
    return float(min(SPEEDS, key=lambda s: abs(s - value)))


@dataclass
class RunResult:
    """How a finished run went; handed to the level-complete screen."""

    level_index: Optional[int]
    spec: Any  # LevelSpec or None for a loaded file
    maze: Maze
    label: str
    time: float
    moves: int
    optimal: int  # BFS path length from the entrance
    hints_used: int


class PlayScene(Scene):
    """Walk a maze from its entrance to its exit."""

    def __init__(self, ctx: Context, maze: Maze, *, spec: Any = None,
                 level_index: Optional[int] = None, label: str = "") -> None:
        super().__init__(ctx)
        self.maze = maze
        self.spec = spec
        self.level_index = level_index
        self.label = label or (getattr(spec, "name", "") or "Custom maze")
        self.style = style_for(spec)
        self.renderer = MazeRenderer(maze, self.style,
                                     images=self._tile_images() if self.style == RPG else None)
        self.sprites = self._sprites() if self.style == RPG else None
        self.player = Player.on_maze(maze)
        # room maps are pictures: start close enough to see the tiles and the hero
        self.camera = Camera(maze.rows, maze.cols, 1280, 720,
                             comfortable_tile=RPG_COMFORTABLE_TILE if self.style == RPG else 18)
        self.camera.follow(*maze.start, 0.0, snap=True)
        self._snap_camera = True
        self.hint: Optional[HintOverlay] = None
        self._hint_surface: Optional[pygame.Surface] = None
        settings = getattr(ctx.progress, "settings", None)
        solver = getattr(settings, "default_solver", "bfs")
        self.solver_name = solver if solver in SOLVER_ORDER else "bfs"
        self.anim_speed = nearest_speed(getattr(settings, "anim_speed", 1.0))
        self._settings_seen = self._settings_now()
        self.hints_used = 0
        self.elapsed = 0.0
        self.started = False
        self.toast = ""
        self._toast_left = 0.0
        self._optimal: Optional[int] = None
        self._optimal_run: Optional[Iterator[Union[Event, Solution]]] = None
        self.info = self._static_info()
        self._hint_age = 0.0
        self._clock = 0.0  # scene time, for animations that run before the first move
        self._bar = hud.BarCache()
        self._caption_spot = "bottom"  # the hint caption moves when it would hide something
        self._help_top = False
        self.walked: list[Pos] = []
        self._walked_set: set[Pos] = set()
        # Everything built so far lives as long as the level: keep it out of the cyclic
        # garbage collector's full passes, which would otherwise stall frames for tens of
        # milliseconds on big mazes while the hint churns through millions of events.
        gc.freeze()

    # -- set-up helpers ----------------------------------------------------------------
    def _tile_images(self) -> dict[str, pygame.Surface]:
        """Return the tile images by name, from the Context or loaded once into it."""
        return tile_images(self.ctx.images)

    def _sprites(self) -> dict[str, pygame.Surface]:
        """Return the player sprites by facing, from the Context or loaded once into it."""
        return player_sprites(self.ctx.images)

    def _static_info(self) -> dict[str, str]:
        """Return the HUD facts that never change during a run."""
        spec = self.spec
        if spec is None:
            return {"algorithm": "from file", "size": f"{self.maze.rows}x{self.maze.cols}", "code": ""}
        algorithm = str(getattr(spec, "algorithm", "?"))
        if getattr(spec, "room_size", None):
            algorithm += f" · rooms {spec.room_size}"
        if getattr(spec, "loops", 0):
            algorithm += f" · loops {round(spec.loops * 100)}%"
        try:
            from game.levels import level_code

            code = f"code {level_code(spec)}"
        except Exception:  # a custom spec the code scheme cannot express
            code = f"seed {getattr(spec, 'seed', '?')}"
        return {"algorithm": algorithm, "size": f"{self.maze.rows}x{self.maze.cols}", "code": code}

    @property
    def fps(self) -> int:
        """Return the frame cap: full rate while anything moves, half while standing idle."""
        if self.player.walking or (self.hint is not None and not self.hint.done):
            return BUSY_FPS
        return IDLE_FPS

    def restarted(self) -> "PlayScene":
        """Return a fresh run of the same maze."""
        return PlayScene(self.ctx, self.maze, spec=self.spec, level_index=self.level_index,
                         label=self.label)

    # -- input ---------------------------------------------------------------------------
    def handle_event(self, event: "pygame.event.Event") -> Optional[Scene]:
        """Turn key, wheel and focus events into intents."""
        kind = getattr(event, "type", None)
        if kind == pygame.KEYDOWN:
            intent = key_intent(event)
            return self.apply(intent) if intent is not None else None
        if kind == pygame.KEYUP:
            intent = key_intent(event)
            if isinstance(intent, Move):
                self.player.release(intent)
        elif kind == pygame.MOUSEWHEEL:
            steps = getattr(event, "y", 0)
            if isinstance(steps, (int, float)) and steps:
                self.apply(Zoom(max(-5.0, min(5.0, float(steps)))))
        elif kind in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED):
            self.player.release_all()
        return None

    def apply(self, intent: Intent) -> Optional[Scene]:
        """Carry out one intent; return the next scene, if any."""
        if isinstance(intent, Move):
            self.started = True
            events = self.player.press(intent)
            self._sounds(events)
        elif isinstance(intent, ToggleHint):
            if self.hint is None:
                self.hints_used += 1
                self._show_hint()
                self._sound("hint")
            else:
                self._hint_surface = self.hint.surface
                self.hint = None
        elif isinstance(intent, (CycleSolver, SelectSolver)):
            if isinstance(intent, SelectSolver):
                name = intent.name
            else:
                name = SOLVER_ORDER[(SOLVER_ORDER.index(self.solver_name) + 1) % len(SOLVER_ORDER)]
            self.solver_name = name
            if self.hint is not None:
                self.hint.restart(self.player.pos, name)
            self._say(f"Hint solver: {name.upper()}")
        elif isinstance(intent, ChangeSpeed):
            i = SPEEDS.index(self.anim_speed) + intent.step
            self.anim_speed = SPEEDS[max(0, min(len(SPEEDS) - 1, i))]
            if self.hint is not None:
                self.hint.speed = self.anim_speed
            settings = getattr(self.ctx.progress, "settings", None)
            if settings is not None and hasattr(settings, "anim_speed"):
                settings.anim_speed = self.anim_speed
                self._settings_seen = self._settings_now()
            self._say(f"Animation speed x{self.anim_speed:g}")
        elif isinstance(intent, FinishHint):
            if self.hint is not None:
                self.hint.finish()
        elif isinstance(intent, Zoom):
            self.camera.zoom(intent.steps)
            self._snap_camera = True
        elif isinstance(intent, FitView):
            self.camera.toggle_fit()
            self._snap_camera = True
        elif isinstance(intent, Pause):
            self.player.release_all()
            from game.play.scenes import PauseScene

            return PauseScene(self.ctx, self)
        return None

    def _settings_now(self) -> tuple[Any, Any]:
        """Return the saved hint speed and default solver, as last set anywhere."""
        settings = getattr(self.ctx.progress, "settings", None)
        return (getattr(settings, "anim_speed", None), getattr(settings, "default_solver", None))

    def _follow_settings(self) -> None:
        """Take up a hint speed or default solver changed elsewhere (pause -> Settings)."""
        now = self._settings_now()
        if now == self._settings_seen:
            return
        (speed, solver), (old_speed, old_solver) = now, self._settings_seen
        self._settings_seen = now
        if speed != old_speed:
            self.anim_speed = nearest_speed(speed)
            if self.hint is not None:
                self.hint.speed = self.anim_speed
        if solver != old_solver and solver in SOLVER_ORDER and solver != self.solver_name:
            self.solver_name = solver
            if self.hint is not None:
                self.hint.restart(self.player.pos, solver)

    def _show_hint(self) -> None:
        """Start a hint from the player's tile."""
        self.hint = HintOverlay(self.maze, self.player.pos, self.solver_name,
                                speed=self.anim_speed, surface=self._hint_surface)

    def _follow_with_hint(self, dt: float) -> None:
        """Keep the hint about the player's tile (restarts at most every so often)."""
        self._hint_age += dt
        if self.hint is None or self.hint.start == self.player.pos:
            return
        may_restart = not self.player.moving or self._hint_age >= HINT_RESTART_EVERY
        if self.hint.follow(self.player.pos, restart=may_restart) and may_restart:
            self._hint_age = 0.0

    def _sounds(self, events: list[str]) -> None:
        """Play the sounds of player events."""
        if STEP in events:
            self._sound("step")
        if BUMP in events:
            self._sound("bump")

    def _sound(self, name: str) -> None:
        """Play a sound through the Context's audio, if there is any."""
        play = getattr(self.ctx.audio, "play", None)
        if play is not None:
            play(name)

    def _say(self, text: str) -> None:
        """Show a short message."""
        self.toast = text
        self._toast_left = TOAST_SECONDS

    # -- simulation ------------------------------------------------------------------------
    def update(self, dt: float) -> Optional[Scene]:
        """Advance the player, the hint and the camera by ``dt`` seconds."""
        dt = max(0.0, min(MAX_DT, float(dt)))
        self._follow_settings()
        self._clock += dt
        if self.started:
            self.elapsed += dt
        events = self.player.update(dt)
        if self.player.pos not in self._walked_set:  # the breadcrumb trail
            self._walked_set.add(self.player.pos)
            self.walked.append(self.player.pos)
        self._sounds(events)
        self._follow_with_hint(dt)
        if not self.player.moving and self.player.pos == self.maze.goal:
            return self._complete()
        if self.hint is not None:
            self.hint.update(dt)
        self._compute_optimal(OPTIMAL_BUDGET)
        if not self.camera.fitted:
            self.camera.follow(*self.player.render_pos, dt, snap=self._snap_camera)
            self._snap_camera = False
        self._toast_left = max(0.0, self._toast_left - dt)
        return None

    def _compute_optimal(self, budget: Optional[float]) -> Optional[int]:
        """Run the entrance-to-exit BFS a little (``budget`` seconds; None: to the end)."""
        if self._optimal is not None:
            return self._optimal
        if self._optimal_run is None:
            from game.maze.solvers import SOLVERS

            self._optimal_run = SOLVERS["bfs"](self.maze, self.maze.start, self.maze.goal)
            if budget is not None:
                return None
        deadline = None if budget is None else time.perf_counter() + budget
        n = 0
        for item in self._optimal_run:
            if type(item) is not tuple:
                from game.maze.solvers.base import Solution

                assert isinstance(item, Solution), item  # a solver's last item, never an event
                self._optimal = max(0, (item.length or 0))
                return self._optimal
            n += 1
            if deadline is not None and not n & 255 and time.perf_counter() > deadline:
                return None
        self._optimal = 0
        return self._optimal

    @property
    def optimal(self) -> int:
        """Return the BFS move count from the entrance to the exit (computed on demand)."""
        return self._compute_optimal(None) or 0

    def _complete(self) -> Scene:
        """Finish the run and hand over to the level-complete screen."""
        self._sound("complete")
        result = RunResult(self.level_index, self.spec, self.maze, self.label, self.elapsed,
                           self.player.moves, self.optimal, self.hints_used)
        from game.play.scenes import LevelCompleteScene

        return LevelCompleteScene(self.ctx, result)

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Draw the maze, the hint, the player and the HUD, laid out for ``surface``."""
        w, h = surface.get_size()
        bar = hud.bar_height((w, h))
        view = pygame.Rect(0, bar, w, max(0, h - bar))
        if view.width > 0 and view.height > 0:
            if (view.width, view.height) != (self.camera.view_w, self.camera.view_h):
                self.camera.resize(view.width, view.height)
                if not self.camera.fitted:
                    self.camera.follow(*self.player.render_pos, 0.0, snap=True)
            self.renderer.draw(surface, view, self.camera, self.walked)
            caption: Optional[tuple[str, str]] = None
            cap_rect: Optional[pygame.Rect] = None
            if self.hint is not None:
                label, sub = self.hint.label(), HINT_KEYS.format(speed=self.anim_speed)
                self._caption_spot, sub = self._place_caption(view, label, sub)
                caption = (label, sub)
                cap_rect = hud.caption_rect(view, label, sub, spot=self._caption_spot)
                caption_top = self._caption_spot.startswith("top")
                free = view.copy()
                if cap_rect is not None and caption_top:
                    free.top = min(cap_rect.bottom, view.bottom - 1)
                    free.height = view.bottom - free.top
                elif cap_rect is not None:
                    free.height = max(1, cap_rect.top - view.top)
                self.hint.draw(surface, view, self.camera, pointer_area=free)
            clip = surface.get_clip()
            surface.set_clip(view)
            self._draw_exit(surface, view)
            draw_player(surface, view, self.camera, self.player.render_pos, self.player.facing,
                        self.style, self.sprites)
            self._draw_player_marker(surface, view)
            surface.set_clip(clip)
            if caption is not None:
                hud.draw_caption(surface, view, *caption, spot=self._caption_spot)
                at_top = cap_rect if self._caption_spot.startswith("top") else None
            else:
                self._help_top = self._place_help_line(view)
                box = hud.draw_help_line(surface, view, HELP_LINE, top=self._help_top)
                at_top = box if self._help_top else None
            if self._toast_left > 0:
                toast_view = view.copy()
                if at_top is not None:  # the toast goes below a caption moved to the top
                    toast_view.top = min(at_top.bottom, view.bottom - 1)
                    toast_view.height = view.bottom - toast_view.top
                hud.draw_toast(surface, toast_view, self.toast,
                               min(1.0, self._toast_left / 0.4))
        self._bar.draw(surface, hud.HudInfo(self.label, self.info["algorithm"], self.info["size"],
                                          self.elapsed, self.player.moves, self.hints_used,
                                          self.info["code"]))

    def _keep_visible(self, view: pygame.Rect) -> list[tuple[int, pygame.Rect]]:
        """Return (weight, screen rect) of what captions must not hide: player, exit."""
        t = self.camera.tile
        keep: list[tuple[int, pygame.Rect]] = []
        for weight, (row, col), reach in (
                (2, self.player.render_pos, max(t / 2, MARKER_RADIUS + 2)),
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

    def _place_help_line(self, view: pygame.Rect) -> bool:
        """Return True when the key reminder should go to the top (it would hide something)."""
        keep = self._keep_visible(view)
        here = self._help_top
        for top in (here, not here):
            rect = hud.help_line_rect(view, HELP_LINE, top=top)
            if rect is None or not any(rect.colliderect(k) for _, k in keep):
                return top
        return here

    def _draw_player_marker(self, surface: pygame.Surface, view: pygame.Rect) -> None:
        """Ring the player when tiles are too small to see them (a fitted big maze)."""
        t = self.camera.tile
        if not MARKER_FROM_TILE <= t < MARKER_BELOW_TILE:
            return
        row, col = self.player.render_pos
        x, y = self.camera.to_screen(row, col)
        centre = (round(view.x + x + t / 2), round(view.y + y + t / 2))
        pulse = 0.5 + 0.5 * abs(((self._clock * theme.current().motion.marker_pulse) % 2.0) - 1.0)
        radius = round(MARKER_RADIUS * (0.8 + 0.3 * pulse))
        actors = theme.current().actors
        pygame.draw.circle(surface, actors.marker_edge, centre, radius + 1, 1)
        pygame.draw.circle(surface, actors.player, centre, radius, 3)

    def _draw_exit(self, surface: pygame.Surface, view: pygame.Rect) -> None:
        """Draw a soft pulsing ring on the exit so it reads at any zoom."""
        t = self.camera.tile
        x, y = self.camera.to_screen(*self.maze.goal)
        cx, cy = view.x + x + t / 2, view.y + y + t / 2
        pulse = 0.5 + 0.5 * abs(((self._clock * theme.current().motion.exit_pulse) % 2.0) - 1.0)
        radius = max(7, round(t * (0.55 + 0.25 * pulse)))  # findable on a fitted map
        pygame.draw.circle(surface, theme.current().actors.exit_ring, (round(cx), round(cy)), radius, max(2, round(t / 10)))
