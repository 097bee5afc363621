"""Sound effects that can never crash the game.

``Audio(settings)`` opens the mixer and loads every sound in ``assets/sounds`` (with
``start=False``, when ``start()`` is called: the App does after its first frame).  With no
audio device, a broken mixer or a missing file it stays silent: ``play`` becomes a no-op
and the problem is logged once.  Volume and mute live in the shared Settings object, so
changing them here is what gets saved.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Optional

import pygame

from game.play.quiet import captured_stderr
from game.resources import asset_path

if TYPE_CHECKING:  # pragma: no cover - typing only
    from game.save import Settings

log = logging.getLogger(__name__)
_warned: set[str] = set()


def _warn_once(message: str) -> None:
    """Log a sound problem the first time it happens, not on every Audio or play."""
    if message not in _warned:
        _warned.add(message)
        log.warning(message)

#: Every sound the game plays, with its loudness relative to the master volume.
SOUND_GAINS: dict[str, float] = {
    "step": 0.45,
    "bump": 0.8,
    "hint": 0.8,
    "complete": 1.0,
    "click": 0.6,
    "locked": 0.8,
    "key": 0.7,
    "heartbeat": 0.9,
    "caught": 1.0,
}


class Audio:
    """Play the game's sound effects at the player's volume; silent when sound fails."""

    def __init__(self, settings: "Settings", *, start: bool = True) -> None:
        self.settings = settings
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.available = False  # silent until started
        if start:
            self.start()

    def start(self) -> None:
        """Open the mixer and load every sound (once; silent when that fails)."""
        if self.available:
            return
        self.available = self._open_mixer()
        if self.available:
            for name in SOUND_GAINS:
                self._load(name)
        self._apply_volume()

    def _open_mixer(self) -> bool:
        """Initialise the mixer if needed; return False (after one warning) if impossible."""
        # Without a device, ALSA prints a dozen lines of its own while SDL probes: they
        # go to the debug log, and the player reads the one line below.
        with captured_stderr() as noise:
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=512)
                failure = None
            except (pygame.error, NotImplementedError, OSError) as exc:
                failure = exc
        for line in noise:
            log.debug("audio: %s", line)
        if failure is not None:
            _warn_once(f"sound disabled: no audio device could be opened ({failure})")
            return False
        if not pygame.mixer.get_init():
            return False
        # room for every sound at once: a heartbeat and a catch over steps and bumps
        pygame.mixer.set_num_channels(max(pygame.mixer.get_num_channels(), 2 * len(SOUND_GAINS)))
        return True

    def _load(self, name: str) -> None:
        """Load one sound; a missing or unreadable file is logged and skipped."""
        try:
            self.sounds[name] = pygame.mixer.Sound(str(asset_path("sounds", f"{name}.wav")))
        except (pygame.error, OSError) as exc:
            _warn_once(f"sound {name!r} disabled: {exc}")

    def _apply_volume(self) -> None:
        """Set every sound's volume from the master volume and its own gain."""
        for name, sound in self.sounds.items():
            sound.set_volume(self.settings.volume * SOUND_GAINS[name])

    @property
    def muted(self) -> bool:
        """Return True when sound is muted."""
        return bool(self.settings.muted)

    def play(self, name: str) -> Optional["pygame.mixer.Channel"]:
        """Play a sound by name; do nothing when muted, silent or the sound is unknown."""
        if self.settings.muted or self.settings.volume <= 0:
            return None
        sound = self.sounds.get(name)
        if sound is None:
            return None
        try:
            return sound.play()
        except pygame.error as exc:  # the device went away mid-game
            _warn_once(f"sound disabled: {exc}")
            self.sounds.clear()
            return None

    def set_volume(self, volume: float) -> float:
        """Set the master volume (clamped to 0..1); return the value used."""
        self.settings.volume = max(0.0, min(1.0, float(volume)))
        self._apply_volume()
        return self.settings.volume

    def toggle_mute(self) -> bool:
        """Mute or unmute; return the new muted state."""
        self.settings.muted = not self.settings.muted
        if self.settings.muted and self.available:
            try:
                pygame.mixer.stop()
            except pygame.error:
                pass
        return self.settings.muted
