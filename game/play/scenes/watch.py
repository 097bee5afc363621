"""Watching a replay: the run re-played in fixed ticks, with pause, speed and skip.

A view of :class:`game.run.playback.Playback` (the same ticks the run was played in, so
the player walks exactly as it did).  Space pauses, Up/Down change the speed (x0.25 to
x8), Left/Right skip five seconds back or on, Home and End jump to the start and the
end.  The playback starts (and Home goes back) at the first input, not at the wait
before it.  A hint the player looked at is drawn as it was (its search, then its
route), and a stretch with no input in which nothing moves plays for at most
:data:`IDLE_SHOWN` seconds: the rest is skipped, and the line under the maze says so.
Esc goes back to the review (opened alone by ``replay FILE``: closes the game).
The view key (V) watches it in first person, turned the way the player faced.
"""

from __future__ import annotations

from typing import Optional

import pygame

from game.maze import tiles as kinds
from game.play import input as keys
from game.play import theme
from game.play.camera import Camera
from game.play.context import Context
from game.play.firstperson.view import FirstPersonView, Watched
from game.play.hint import HintLayer
from game.play.input import Event, pressed
from game.names import format_time, level_title
from game.play.render.images import draw_player, player_sprites, tile_images
from game.play.render.locks import LockSpots
from game.play.render.renderer import MazeRenderer
from game.play.render.tiles import RPG, style_for
from game.play.routes import Back, QuitGame
from game.play.scenes.base import Next, Scene
from game.play.widgets import hud
from game.run.clock import TICK_RATE, TickClock
from game.run.level import Level
from game.run.playback import Playback
from game.run.replay import Replay
from game.run.watched_hint import WatchedHint
from game.text import t

#: The playback speeds, slowest to fastest, and how far Left/Right skip (seconds).
SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
SKIP_SECONDS = 5
#: A stretch with no input and nothing moving plays at most this long (s of the replay)...
IDLE_SHOWN = 1.5
#: ... and the line under the maze tells of the time skipped for this long (s).
SKIPPED_NOTE_SECONDS = 2.5


class WatchScene(Scene):
    """Play a replay back over its maze."""

    def __init__(self, ctx: Context, level: Level, replay: Replay, *, alone: bool = False) -> None:
        super().__init__(ctx)
        self.alone = alone  # nothing under it: Esc ends the game
        self.level = level
        self.replay = replay
        self.playback = Playback(replay, level.maze)
        #: Where the playback starts: the first input (the wait before it shows nothing).
        self.opening = replay.log[0].tick if replay.log else 0
        self.playback.seek(self.opening)
        self.hint = WatchedHint(level.maze)  # the hint as the player saw it
        self.hint.follow(self.playback.run, 0)
        self.hint_layer: Optional[HintLayer] = None
        self._still: Optional[tuple[int, int]] = None  # (inputs given, tick) since nothing moved
        self.skipped = 0.0  # seconds of stillness just skipped, told for a while
        self._skipped_for = 0.0
        self.style = style_for(level.spec)
        self.renderer = self._renderer()
        self.locks = LockSpots(level.maze)  # keys and doors, drawn as the run holds them
        self.key_total = len(kinds.key_colours(level.maze.tiles))  # the HUD's keys x/N
        self.sprites = player_sprites(ctx.images) if self.style == RPG else None
        self.camera = Camera(level.maze.rows, level.maze.cols, 1280, 720,
                             comfortable_tile=28 if self.style == RPG else 18)
        self.camera.follow(*self.playback.run.player.render_pos, 0.0, snap=True)
        self.clock = TickClock()
        self.speed = 1.0
        self.paused = False
        self._bar = hud.BarCache()
        # the view key shows the run from inside, as it was played or not
        self.first_person = (FirstPersonView(Watched(self.playback), self.style)
                             if ctx.first_person else None)

    def _renderer(self) -> MazeRenderer:
        """Return a fresh picture of the maze (no trail yet)."""
        images = tile_images(self.ctx.images) if self.style == RPG else None
        return MazeRenderer(self.level.maze, self.style, images=images)

    # -- input ---------------------------------------------------------------------------
    def handle_event(self, event: Event) -> Optional[Next]:
        """Space pause, Up/Down speed, Left/Right skip, Home/End, Esc back."""
        if keys.is_escape(event):
            return QuitGame() if self.alone else Back()
        key = pressed(event)
        if key is not None and keys.keymap().action(key) == "view":
            self.first_person = (None if self.first_person is not None
                                 else FirstPersonView(Watched(self.playback), self.style))
        elif key == pygame.K_SPACE:
            self.paused = not self.paused
        elif key in (pygame.K_UP, pygame.K_DOWN):
            self.change_speed(1 if key == pygame.K_UP else -1)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.skip(SKIP_SECONDS if key == pygame.K_RIGHT else -SKIP_SECONDS)
        elif key == pygame.K_HOME:
            self.seek(self.opening)
        elif key == pygame.K_END:
            self.seek(self.replay.ticks)
        return None

    def change_speed(self, steps: int) -> None:
        """Play ``steps`` speeds faster (negative: slower)."""
        i = SPEEDS.index(self.speed) + steps
        self.speed = SPEEDS[max(0, min(len(SPEEDS) - 1, i))]

    def skip(self, seconds: float) -> None:
        """Jump ``seconds`` on (negative: back)."""
        self.seek(self.playback.run.tick + round(seconds * TICK_RATE))

    def seek(self, tick: int) -> None:
        """Show the run at ``tick``."""
        before = self.playback.run
        self.playback.seek(tick)
        if self.playback.run is not before:  # played again from the entrance
            self.renderer = self._renderer()
        self.hint.forget()  # its animation is lost: the search shown whole (animated at the start)
        self.hint.follow(self.playback.run, 0, at_once=self.playback.run.tick != self.opening)
        self._still = None
        self.camera.follow(*self.playback.run.player.render_pos, 0.0, snap=True)

    # -- simulation ------------------------------------------------------------------------
    def update(self, dt: float) -> Optional[Next]:
        """Play the ticks ``dt`` seconds make at the chosen speed; follow the player."""
        if not self.paused:
            before = self.playback.run.tick
            self.playback.advance(self.clock.advance(dt * self.speed))
            self._skip_stillness()
            self.hint.follow(self.playback.run, self.playback.run.tick - before)
        self._skipped_for = max(0.0, self._skipped_for - dt)
        run = self.playback.run
        run.take_events()  # no sounds in a replay
        reduced = theme.current().motion.reduced
        if self.first_person is not None:
            self.first_person.walker.face(run.player.facing)
            self.first_person.walker.update(dt, reduced)
        if not self.camera.fitted:
            self.camera.follow(*run.player.render_pos, dt, snap=reduced)
        return None

    def _skip_stillness(self) -> None:
        """Skip on through a long stretch with no input in which nothing moves (no hint drawing).

        Half of :data:`IDLE_SHOWN` plays after the last input, half before the next one.
        """
        playback = self.playback
        run = playback.run
        if playback.done or not run.idle or self.hint.busy:
            self._still = None
            return
        if self._still is None or self._still[0] != playback.inputs_given:
            self._still = (playback.inputs_given, run.tick)
        half = round(IDLE_SHOWN / 2 * TICK_RATE)
        target = playback.next_input - half
        if run.tick - self._still[1] >= half and target > run.tick:
            self.skipped = (target - run.tick) / TICK_RATE
            self._skipped_for = SKIPPED_NOTE_SECONDS
            playback.advance(target - run.tick)
            self._still = (playback.inputs_given, run.tick)

    # -- drawing -----------------------------------------------------------------------------
    def status(self) -> str:
        """Return the line under the maze: where the playback is, and the keys."""
        run = self.playback.run
        total = format_time(self.replay.time)
        where = f"{format_time(run.elapsed)} / {total}"
        state = (t("watch.ended") if self.playback.done
                 else t("watch.paused") if self.paused
                 else t("watch.skipped", seconds=round(self.skipped)) if self._skipped_for > 0
                 else "")
        keys_line = t("watch.keys", speed=self.speed)
        return "  ·  ".join(part for part in (where, state, keys_line) if part)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the maze, the trail and the player as the replay has them now."""
        w, h = surface.get_size()
        bar = hud.bar_height((w, h))
        strip = hud.help_strip_height((w, h))
        view = pygame.Rect(0, bar, w, max(0, h - bar - strip))
        run = self.playback.run
        if view.width > 0 and view.height > 0 and self.first_person is not None:
            self.first_person.draw(surface, view)
            if self.paused or self.playback.done:
                label = t("watch.ended") if self.playback.done else t("watch.paused")
                hud.draw_caption(surface, view, label, spot="top")
        elif view.width > 0 and view.height > 0:
            if (view.width, view.height) != (self.camera.view_w, self.camera.view_h):
                self.camera.resize(view.width, view.height)
                self.camera.follow(*run.player.render_pos, 0.0, snap=True)
            self.renderer.draw(surface, view, self.camera, run.walked)
            self._draw_hint(surface, view)
            clip = surface.get_clip()
            surface.set_clip(view)
            self.locks.draw(surface, view, self.camera, run.held)
            draw_player(surface, view, self.camera, run.player.render_pos, run.player.facing,
                        self.style, self.sprites)
            surface.set_clip(clip)
            if self.paused or self.playback.done:
                label = t("watch.ended") if self.playback.done else t("watch.paused")
                hud.draw_caption(surface, view, label, spot="top")  # backed: over walls too
        hud.draw_help_strip(surface, pygame.Rect(0, view.bottom, w, h - view.bottom), self.status())
        label = level_title(self.level) or self.replay.level.name
        info = hud.HudInfo(t("watch.title", label=label), "", f"{self.level.maze.rows}x"
                           f"{self.level.maze.cols}", run.elapsed, run.moves, run.hints_used,
                           t("hud.code", code=self.replay.level.code)
                           if self.replay.level.code else "", run.keys, self.key_total)
        self._bar.draw(surface, info)

    def _draw_hint(self, surface: pygame.Surface, view: pygame.Rect) -> None:
        """Draw the hint's search and route, while the replay has it shown."""
        search = self.hint.search
        if search is None:
            return
        if self.hint_layer is None:
            self.hint_layer = HintLayer(search)
        elif self.hint_layer.search is not search:
            self.hint_layer.show(search)
        self.hint_layer.draw(surface, view, self.camera)
