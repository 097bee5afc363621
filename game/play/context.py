"""The Context: the services every scene shares, typed, built once by the App.

Progress and its settings, the sounds, the loaded images, ``save()``, ``toast()`` and a
one-time notice.  Settings change only through the setters here: each one saves and
tells the listeners (the App switches the window mode when ``fullscreen`` changes), so
nothing has to copy a setting or poll it every frame.  The look (palette, text size,
reduced motion) and the key bindings become the theme and the key map in use through
``apply_settings``: the App calls it once the save is loaded, the setters on each change.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Literal, Optional, Protocol

from game.play import input as keys
from game.play import theme
from game.play.prefetch import MazeCache
from game.save import (CustomMaze, Leaderboard, Progress, Race, SaveStore, Settings,
                       campaign_started, has_progress, reset_progress)
from game.text import set_language as speak
from game.text import t

if TYPE_CHECKING:  # pragma: no cover - typing only
    from game.replays import ReplayStore
    from game.run.level import Level
    from game.run.replay import Replay
    from game.server.live import Submission
    from game.server.outbox import Outbox
    import pygame

log = logging.getLogger(__name__)

SettingName = Literal["volume", "muted", "fullscreen", "anim_speed", "default_solver", "custom",
                      "palette", "text_size", "reduced_motion", "bindings", "language",
                      "ghost", "fog", "minimap", "race", "first_person",
                      "leaderboard"]
Listener = Callable[[SettingName], None]


class Sounds(Protocol):
    """What the game asks of its sound effects (game.play.audio.Audio, or Silence)."""

    def start(self) -> None:
        """Open the sound device and load the sounds (the App does after its first frame)."""

    def play(self, name: str) -> object:
        """Play the sound called ``name``."""

    def set_volume(self, volume: float) -> float:
        """Set the master volume in the settings (clamped to 0..1); return it."""

    def toggle_mute(self) -> bool:
        """Flip ``muted`` in the settings; return the new value."""


class Silence:
    """Sound effects that play nothing but keep the settings (benchmarks, tests)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    def start(self) -> None:
        """Open nothing."""

    def play(self, name: str) -> None:
        """Play nothing."""

    def set_volume(self, volume: float) -> float:
        """Set the master volume (clamped to 0..1); return it."""
        self.settings.volume = max(0.0, min(1.0, float(volume)))
        return self.settings.volume

    def toggle_mute(self) -> bool:
        """Flip the muted setting; return the new value."""
        self.settings.muted = not self.settings.muted
        return self.settings.muted


#: A toast's reading pace, characters a second; a Chinese character counts as READ_CJK.
READ_RATE = 15.0
READ_CJK = 2.5


def reading_seconds(text: str) -> float:
    """Return how long ``text`` takes to read: a second to notice it, then its letters."""
    weight = sum(READ_CJK if ord(ch) >= 0x2E80 else 1.0 for ch in text)
    return 1.0 + weight / READ_RATE


class Toast:
    """The one short message shown over any scene, fading out at the end."""

    def __init__(self) -> None:
        self.text = ""
        self.left = 0.0  # seconds still to show

    def show(self, text: str, seconds: float) -> None:
        """Show ``text`` for ``seconds``."""
        self.text, self.left = text, seconds

    def update(self, dt: float) -> None:
        """Let ``dt`` seconds pass."""
        self.left = max(0.0, self.left - max(0.0, dt))

    def alpha(self, fade: float) -> float:
        """Return the opacity now (0..1): full until the last ``fade`` seconds."""
        if not self.text or self.left <= 0:
            return 0.0
        return min(1.0, self.left / fade) if fade > 0 else 1.0


class Context:
    """Services shared by every scene."""

    def __init__(self, progress: Progress, *, save_path: Optional[Path] = None,
                 audio: Optional[Sounds] = None,
                 images: Optional[dict[str, "pygame.Surface"]] = None,
                 notice: Optional[str] = None, store: Optional[SaveStore] = None) -> None:
        self.progress = progress
        self.save_path = save_path  # None: nothing is saved
        if store is None and save_path is not None:
            store = SaveStore(save_path)
        self.store = store
        self._replays: Optional[ReplayStore] = None  # made on first use (see replays)
        self.audio: Sounds = audio if audio is not None else Silence(progress.settings)
        self.images: dict[str, pygame.Surface] = {} if images is None else images
        self.notice = notice  # a one-time message for the player (e.g. the save was corrupt)
        self.quit_requested = False
        self.title_row = 0  # the title menu's row last chosen: the cursor comes back to it
        self.toasts = Toast()
        self.mazes = MazeCache()  # the maze the player is about to start, built ahead
        self._listeners: list[Listener] = []
        #: The ghost ``play --race`` races this session (None: the settings' choice); not saved.
        self.session_race: Optional[Race] = None
        #: ``play --view`` or the view key: first person (True) for this session, not saved.
        self.session_view: Optional[bool] = None
        #: Where runs wait for the leaderboard, beside the save (None: nothing is sent).
        self.outbox_folder: Optional[Path] = (None if save_path is None
                                              else save_path.parent / "leaderboard-outbox")
        self._outbox: Optional[Outbox] = None

    @property
    def replays(self) -> Optional["ReplayStore"]:
        """Return where finished runs are kept, beside the save (None: nothing is saved).

        Made on first use: the replay modules stay out of the game's start-up.
        """
        if self._replays is None and self.save_path is not None:
            from game.replays import ReplayStore, replay_dir

            self._replays = ReplayStore(replay_dir(self.save_path))
            self._replays.remove_temp_files()  # a kill mid-write left them; as the save's
        return self._replays

    @property
    def settings(self) -> Settings:
        """Return the player's settings (live: part of the progress that is saved)."""
        return self.progress.settings

    @property
    def has_progress(self) -> bool:
        """Return True once the player has unlocked or finished anything."""
        return has_progress(self.progress)

    @property
    def campaign_started(self) -> bool:
        """Return True once a campaign level past the first is unlocked (practice starts nothing)."""
        return campaign_started(self.progress)

    def reset_progress(self) -> None:
        """Forget the campaign progress and records (the settings stay), save, and say so."""
        reset_progress(self.progress)
        self.toast(t("settings.reset_done"))
        self.save()  # after the toast: a failing save's own toast must win

    # -- services ---------------------------------------------------------------------
    def save(self) -> None:
        """Write progress and settings to the save file (a failing disk never ends the game).

        The first failure is told at once (a toast) and in full on the next title screen.
        """
        if self.store is None:
            return
        notice = self.store.write(self.progress)
        if notice is not None:
            self.notice = notice
            self.toast(t("save.failed_toast"))

    def keep_replay(self, replay: Replay) -> None:
        """Keep a finished run's replay (a failing disk is told in a toast, never fatal).

        A session that plays without saving (its save path is a device, a folder or
        someone else's file) writes no replays beside it either.
        """
        from game.replays import BestNotKept

        replays = self.replays
        if replays is None or (self.store is not None and not self.store.writable):
            return
        try:
            replays.keep(replay)
        except BestNotKept as exc:  # the run itself was kept
            log.warning("kept the replay as %s, but %s", exc.kept, exc)
            self.toast(t("replay.best_not_kept"))
        except (OSError, ValueError) as exc:
            log.warning("cannot keep the replay in %s: %s", replays.directory, exc)
            self.toast(t("replay.not_kept"))

    def best_replay(self, level: Level) -> Optional[Replay]:
        """Return the best run kept of ``level``, or None."""
        from game.run.replay import level_ref

        replays = self.replays
        return None if replays is None else replays.best_of(level_ref(level))

    def toast(self, text: str, seconds: Optional[float] = None) -> None:
        """Show ``text`` over whatever scene is on screen, long enough to read (or ``seconds``)."""
        motion = theme.current().motion
        if seconds is None:
            seconds = max(motion.toast_seconds, reading_seconds(text))
        self.toasts.show(text, seconds)

    # -- the leaderboard ----------------------------------------------------------------
    @property
    def outbox(self) -> Optional["Outbox"]:
        """Return the leaderboard's outbox (None: this session sends nothing)."""
        if self._outbox is None and self.outbox_folder is not None:
            from game.server.outbox import Outbox

            self._outbox = Outbox(self.outbox_folder)
        return self._outbox

    def send_run(self, replay: "Replay", daily: Optional[str]) -> Optional["Submission"]:
        """Send a finished run to the leaderboard in the background (None: it is off)."""
        board, outbox = self.settings.leaderboard, self.outbox
        if not board.on or outbox is None:
            return None
        from game.run.replay import to_json
        from game.server.live import Submission

        return Submission(outbox, board.server, board.player, to_json(replay), daily)

    def send_queued_runs(self) -> None:
        """Send the runs the outbox kept while offline, in the background (when it is on)."""
        outbox = self.outbox
        if self.settings.leaderboard.on and outbox is not None and outbox.pending():
            outbox.send_pending()

    def set_leaderboard(self, board: Leaderboard) -> None:
        """Send finished runs to ``board``'s server under its player name (or not, when off)."""
        self.settings.leaderboard = board
        self._changed("leaderboard")

    # -- settings -----------------------------------------------------------------------
    def on_settings_change(self, listener: Listener) -> None:
        """Call ``listener(name)`` after each change of a setting."""
        self._listeners.append(listener)

    def _changed(self, name: SettingName) -> None:
        """Save the settings and tell the listeners ``name`` changed."""
        self.save()
        for listener in list(self._listeners):
            listener(name)

    def set_volume(self, volume: float) -> None:
        """Set the master volume (0..1)."""
        self.audio.set_volume(volume)
        self._changed("volume")

    def toggle_mute(self) -> bool:
        """Mute or unmute; return True when muted now."""
        muted = bool(self.audio.toggle_mute())  # the audio keeps ``muted`` in the settings
        self._changed("muted")
        return muted

    def set_fullscreen(self, on: bool) -> None:
        """Ask for fullscreen (or the window); the App applies it."""
        self.settings.fullscreen = on
        self._changed("fullscreen")

    def set_hint_speed(self, speed: float) -> None:
        """Set the default hint animation speed (a level's own [ and ] leave it alone)."""
        self.settings.anim_speed = speed
        self._changed("anim_speed")

    def set_solver(self, name: str) -> None:
        """Set the solver the hint starts with."""
        self.settings.default_solver = name
        self._changed("default_solver")

    def set_ghost(self, on: bool) -> None:
        """Show (or not) the best run of a level as a ghost while playing it again."""
        self.settings.ghost = on
        self._changed("ghost")

    @property
    def race(self) -> Race:
        """Return the solver ghost to race: this session's (``play --race``), else the saved one."""
        return self.session_race if self.session_race is not None else self.settings.race

    def set_race(self, race: Race) -> None:
        """Race ``race`` on every level from the next one on (its solver None: nobody); saved."""
        self.settings.race = race
        self.session_race = None  # a choice made in Settings replaces the command line's
        self._changed("race")

    def set_fog(self, on: bool) -> None:
        """Play every maze in the fog of war (from the next maze on), or only fog levels."""
        self.settings.fog = on
        self._changed("fog")

    @property
    def first_person(self) -> bool:
        """Return True to play in first person: this session's choice, else the saved one."""
        return self.session_view if self.session_view is not None else self.settings.first_person

    def set_first_person(self, on: bool) -> None:
        """Play in first person (or from above) from now on; saved."""
        self.settings.first_person = on
        self.session_view = None  # a choice made in Settings replaces the command line's
        self._changed("first_person")

    def set_minimap(self, on: bool) -> None:
        """Show the explored map in a corner while playing, or not."""
        self.settings.minimap = on
        self._changed("minimap")

    def remember_custom(self, choices: CustomMaze) -> None:
        """Keep the custom maze screen's choices (saved when they changed)."""
        if choices != self.settings.custom:
            self.settings.custom = choices
            self._changed("custom")

    # -- settings: the look and the keys ---------------------------------------------------
    def apply_settings(self) -> None:
        """Draw with the theme the settings choose and read keys through their bindings."""
        settings = self.settings
        theme.use(theme.build(settings.palette, text_size=settings.text_size,
                              reduced_motion=settings.reduced_motion))
        keys.use_keymap(keys.KeyMap.of(settings.bindings))

    def _look_changed(self, name: SettingName) -> None:
        """Apply the look or the keys at once (everything redraws), then save and tell."""
        self.apply_settings()
        self._changed(name)

    def set_palette(self, name: str) -> None:
        """Draw in the palette ``name`` (one of theme.PALETTES)."""
        self.settings.palette = name if name in theme.PALETTES else "default"
        self._look_changed("palette")

    def set_text_size(self, percent: int) -> None:
        """Scale all text to ``percent`` (one of theme.TEXT_SIZES)."""
        self.settings.text_size = percent if percent in theme.TEXT_SIZES else 100
        self._look_changed("text_size")

    def set_reduced_motion(self, on: bool) -> None:
        """Turn reduced motion on or off."""
        self.settings.reduced_motion = on
        self._look_changed("reduced_motion")

    def set_bindings(self, overrides: dict[str, list[str]]) -> None:
        """Use the player's key ``overrides`` (action -> key names) over the defaults."""
        self.settings.bindings = overrides
        self._look_changed("bindings")

    def set_language(self, code: str) -> None:
        """Speak ``code`` ("en", "zh") from the next frame on, and keep it in the settings."""
        speak(code)  # refuses a language without a catalogue before anything is kept
        self.settings.language = code
        self._changed("language")
