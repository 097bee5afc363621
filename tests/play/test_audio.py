"""Sound effects play under the dummy driver and fail silently without a device."""

from __future__ import annotations

import logging
import os
import subprocess
import sys

import pygame
import pytest

import game.play.audio as audio_module
from game.play.audio import SOUND_GAINS, Audio
from game.resources import AssetNotFoundError
from game.save import Settings

CONTRACT_SOUNDS = {"step", "bump", "hint", "complete", "click", "locked", "key", "heartbeat",
                   "caught"}


@pytest.fixture(autouse=True)
def fresh_warnings() -> None:
    """Let every test see its own once-only warnings."""
    audio_module._warned.clear()


def test_importing_does_not_open_the_mixer() -> None:
    code = "import pygame, game.play.audio; print(pygame.mixer.get_init())"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "None"


def test_every_sound_loads_and_plays() -> None:
    audio = Audio(Settings())
    assert audio.available
    assert set(audio.sounds) == CONTRACT_SOUNDS == set(SOUND_GAINS)
    for name in CONTRACT_SOUNDS:
        assert audio.play(name) is not None, name
        assert audio.sounds[name].get_length() < 1.5


def test_unknown_sound_is_ignored() -> None:
    assert Audio(Settings()).play("trumpet") is None


def test_mute_silences_and_unmute_restores() -> None:
    settings = Settings()
    audio = Audio(settings)
    assert audio.toggle_mute() is True
    assert settings.muted and audio.muted
    assert audio.play("step") is None
    assert audio.toggle_mute() is False
    assert not settings.muted
    assert audio.play("step") is not None


def test_starts_muted_when_the_settings_say_so() -> None:
    audio = Audio(Settings(muted=True))
    assert audio.play("complete") is None


def test_volume_is_clamped_stored_in_settings_and_applied() -> None:
    settings = Settings(volume=0.7)
    audio = Audio(settings)
    assert audio.set_volume(2.5) == 1.0 and settings.volume == 1.0
    assert audio.sounds["complete"].get_volume() == pytest.approx(SOUND_GAINS["complete"], abs=0.01)
    assert audio.set_volume(0.5) == 0.5
    assert audio.sounds["step"].get_volume() == pytest.approx(0.5 * SOUND_GAINS["step"], abs=0.01)
    assert audio.set_volume(-1) == 0.0
    assert audio.play("bump") is None  # volume 0 plays nothing


def test_failing_mixer_is_silent_and_warns_once(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def no_device(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    with caplog.at_level(logging.WARNING, logger="game.play.audio"):
        first = Audio(Settings())
        second = Audio(Settings())
    assert not first.available and not second.available
    assert first.sounds == {}
    for name in CONTRACT_SOUNDS:
        assert first.play(name) is None
    assert first.toggle_mute() is True and first.toggle_mute() is False
    assert first.set_volume(0.3) == 0.3
    warnings = [r for r in caplog.records if "No available audio device" in r.getMessage()]
    assert len(warnings) == 1


def test_missing_sound_file_is_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    real = audio_module.asset_path

    def lose_hint(*parts: str):  # type: ignore[no-untyped-def]
        if parts[-1] == "hint.wav":
            raise AssetNotFoundError("asset 'sounds/hint.wav' not found")
        return real(*parts)

    monkeypatch.setattr(audio_module, "asset_path", lose_hint)
    audio = Audio(Settings())
    assert "hint" not in audio.sounds
    assert audio.play("hint") is None
    assert audio.play("step") is not None


def test_a_device_lost_mid_game_goes_silent() -> None:
    audio = Audio(Settings())

    class LostSound:
        """A sound whose device has gone away."""

        def play(self) -> None:
            raise pygame.error("device lost")

    audio.sounds["step"] = LostSound()  # type: ignore[assignment]
    assert audio.play("step") is None
    assert audio.sounds == {}
    assert audio.play("bump") is None


def test_without_an_audio_device_the_player_reads_one_calm_line() -> None:
    # ALSA card 42 does not exist: ALSA prints a dozen lines of its own while SDL probes.
    code = ("from game.play.audio import Audio\n"
            "from game.save import Settings\n"
            "audio = Audio(Settings())\n"
            "assert not audio.available and audio.play('step') is None\n")
    env = {**os.environ, "SDL_AUDIODRIVER": "alsa", "ALSA_CARD": "42",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, timeout=60)
    assert run.returncode == 0, run.stderr
    lines = run.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("sound disabled: no audio device could be "
                                                   "opened ("), run.stderr
    assert "ALSA lib" not in run.stderr


def test_what_c_libraries_print_is_captured_not_shown() -> None:
    code = ("import os\n"
            "from game.play.quiet import captured_stderr\n"
            "with captured_stderr() as noise:\n"
            "    os.write(2, b'ALSA lib conf.c:5180: noise\\n')\n"
            "print(noise)\n"
            "os.write(2, b'after\\n')\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60)
    assert run.stdout.strip() == "['ALSA lib conf.c:5180: noise']"
    assert run.stderr == "after\n"  # descriptor 2 is back afterwards
