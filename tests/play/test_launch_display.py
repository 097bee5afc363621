"""Without a display the game says so in one line, instead of running where nobody sees it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def launch(*argv: str, save: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """Run ``python -m game`` with no video driver chosen and the given environment."""
    base = {k: v for k, v in os.environ.items()
            if k not in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY")}
    # The game stops after its first frame, if it gets that far.
    base.update(PYTHONPATH=str(ROOT), SDL_AUDIODRIVER="dummy", MIGONG_SAVE_PATH=str(save),
                MIGONG_EXIT_AFTER_FIRST_FRAME="1", **env)
    return subprocess.run([sys.executable, "-m", "game", *argv], cwd=ROOT, env=base,
                          capture_output=True, text=True, timeout=60)


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="X11/Wayland display variables")
@pytest.mark.parametrize(
    "argv,env,tried",
    [
        ((), {}, "DISPLAY is not set; WAYLAND_DISPLAY is not set"),
        (("play", "--size", "11x11"), {"DISPLAY": ":4242"},
         "DISPLAY=:4242 could not be opened; WAYLAND_DISPLAY is not set"),
    ],
)
def test_no_display_is_one_error_line_and_exit_2(tmp_path: Path, argv: tuple[str, ...],
                                                 env: dict[str, str], tried: str) -> None:
    done = launch(*argv, save=tmp_path / "save.json", **env)
    assert done.returncode == 2, done.stderr  # it used to run on SDL's offscreen driver
    assert done.stderr.splitlines() == [
        f"migong: error: no display found ({tried}; SDL fell back to its 'offscreen' driver, "
        "which shows no window); run migong in a desktop session, or choose a video driver "
        "with SDL_VIDEODRIVER"
    ]  # nothing of SDL's own ("XDG_RUNTIME_DIR is invalid...")
    assert not (tmp_path / "save.json").exists()


def test_a_video_driver_the_user_chose_is_used_even_without_a_display(tmp_path: Path) -> None:
    done = launch(save=tmp_path / "save.json", SDL_VIDEODRIVER="offscreen")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "save.json").exists()  # it ran: the first frame, then the exit save
