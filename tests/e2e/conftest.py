"""Real-window end-to-end helpers: an Xvfb server, the game in it, xdotool, screenshots.

Everything here talks to a real X server through the real tools a player's desktop has:
Xvfb draws the screen, xdotool finds the window and types on the keyboard (XTEST),
ImageMagick's ``import`` photographs the screen.  The tools missing means a skip on a
developer machine, and a failure in CI (environment variable CI set).
"""

from __future__ import annotations

import os
import select
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator, Optional, Sequence

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ("Xvfb", "xdotool", "xprop", "import")
SCREEN = (1280, 800)
WM_CLASS = "migong_e2e"


def on_ci() -> bool:
    """Return True when running under CI (CI set to anything but empty/0/false)."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def require_x_tools() -> None:
    """Skip (developer machine) or fail (CI) unless the X tools are all installed."""
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if not missing:
        return
    message = (
        f"real-window test needs {', '.join(missing)}"
        " (apt install xvfb xdotool x11-utils imagemagick)"
    )
    if on_ci():
        pytest.fail(f"CI: {message}", pytrace=False)
    pytest.skip(message)


def game_command(args: Sequence[str]) -> list[str]:
    """Return the command line that starts the game: $MIGONG_EXE if set, else python -m game."""
    exe = os.environ.get("MIGONG_EXE")
    if exe:
        path = Path(exe)
        if not path.is_absolute():
            path = (Path.cwd() / path).resolve()
        if not path.is_file():
            pytest.fail(f"MIGONG_EXE={exe} does not exist", pytrace=False)
        return [str(path), *args]
    return [sys.executable, "-m", "game", *args]


def stop(proc: Optional[subprocess.Popen], grace: float = 5.0) -> None:
    """Terminate ``proc`` (and its process group), killing it when it does not stop in time."""
    if proc is None or proc.poll() is not None:
        return
    try:
        os.killpg(proc.pid, 15)
    except (ProcessLookupError, PermissionError):
        proc.terminate()
    try:
        proc.wait(grace)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, 9)
        except (ProcessLookupError, PermissionError):
            proc.kill()
        proc.wait(grace)


@dataclass
class XServer:
    """A running Xvfb server."""

    display: str
    proc: subprocess.Popen

    def env(self) -> dict[str, str]:
        """Return an environment whose programs draw on this server."""
        env = dict(os.environ, DISPLAY=self.display)
        env.pop("XAUTHORITY", None)
        return env

    def run(self, *cmd: str, timeout: float = 15.0) -> str:
        """Run an X client (xdotool, import...) against this server; return its stdout."""
        done = subprocess.run(
            list(cmd), env=self.env(), capture_output=True, text=True, timeout=timeout
        )
        if done.returncode != 0:
            raise AssertionError(f"{' '.join(cmd)} failed ({done.returncode}): {done.stderr.strip()}")
        return done.stdout


def start_xvfb(timeout: float = 20.0) -> XServer:
    """Start Xvfb on a free display (Xvfb picks it: -displayfd) and wait until it serves."""
    read_fd, write_fd = os.pipe()
    # Xvfb's log goes to a file: an unread pipe could fill up and stall the server
    log = tempfile.TemporaryFile()
    proc = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", f"{SCREEN[0]}x{SCREEN[1]}x24",
         "-nolisten", "tcp", "-noreset"],
        pass_fds=(write_fd,), stdout=subprocess.DEVNULL, stderr=log,
        start_new_session=True,
    )
    os.close(write_fd)
    number = b""
    deadline = time.monotonic() + timeout
    try:
        while not number.endswith(b"\n"):
            if time.monotonic() > deadline or proc.poll() is not None:
                log.seek(0)
                why = log.read().decode(errors="replace") if proc.poll() is not None else "timed out"
                raise RuntimeError(f"Xvfb did not start: {why}")
            ready, _, _ = select.select([read_fd], [], [], 0.1)
            if ready:
                chunk = os.read(read_fd, 16)
                if not chunk:  # Xvfb closed the pipe: it exited
                    time.sleep(0.05)
                number += chunk
    except BaseException:
        stop(proc)
        raise
    finally:
        os.close(read_fd)
        log.close()  # Xvfb keeps writing to its own copy of the descriptor
    return XServer(f":{number.decode().strip()}", proc)


@dataclass
class GameWindow:
    """The game running on an X server, with the tools to drive and photograph it."""

    x: XServer
    proc: subprocess.Popen
    shots: Path
    log: Path
    wm_class: str = WM_CLASS  # what the window is found by
    window: str = ""
    geometry: tuple[int, int, int, int] = (0, 0, 0, 0)  # x, y, width, height
    taken: list[Path] = field(default_factory=list)

    def output(self) -> str:
        """Return what the game printed so far (for failure messages)."""
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def alive(self) -> None:
        """Fail with the game's output when the game has exited."""
        if self.proc.poll() is not None:
            raise AssertionError(f"the game exited with code {self.proc.returncode}:\n{self.output()}")

    def find_window(self, timeout: float = 60.0) -> str:
        """Wait for the game's visible window (by WM class); return its id."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.alive()
            # polling (not --sync) so a game that dies early fails fast, with its output
            found = subprocess.run(
                ["xdotool", "search", "--onlyvisible", "--class", self.wm_class],
                env=self.x.env(), capture_output=True, text=True, timeout=10,
            )
            ids = found.stdout.split()
            if ids:
                self.window = ids[-1]
                self.geometry = self.read_geometry()
                return self.window
            time.sleep(0.2)
        raise AssertionError(f"no window of class {WM_CLASS} within {timeout} s:\n{self.output()}")

    def read_geometry(self) -> tuple[int, int, int, int]:
        """Return the window's (x, y, width, height) on the screen."""
        values = {}
        for line in self.x.run("xdotool", "getwindowgeometry", "--shell", self.window).splitlines():
            key, _, value = line.partition("=")
            values[key] = int(value) if value.lstrip("-").isdigit() else value
        return (values["X"], values["Y"], values["WIDTH"], values["HEIGHT"])

    def focus(self) -> None:
        """Give the window the keyboard focus (no window manager under Xvfb: set it directly)."""
        self.x.run("xdotool", "windowfocus", "--sync", self.window, timeout=10)

    def key(self, *names: str) -> None:
        """Press and release keys with real (XTEST) key events, as a keyboard would."""
        self.alive()
        self.x.run("xdotool", "key", "--delay", "60", *names)

    def screenshot(self, name: str) -> np.ndarray:
        """Photograph the window's area of the screen; save it as NAME.png; return HxWx3 RGB."""
        self.alive()
        path = self.shots / f"{len(self.taken):02d}-{name}.png"
        self.x.run("import", "-silent", "-window", "root", f"png:{path}")
        self.taken.append(path)
        screen = load_rgb(path)
        x, y, w, h = self.geometry
        return screen[max(y, 0): y + h, max(x, 0): x + w]

    def settle(self, name: str, *, timeout: float = 10.0, still: float = 0.002) -> np.ndarray:
        """Take screenshots until two in a row barely differ (animations done); return the last."""
        previous = self.screenshot(name)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            time.sleep(0.25)
            current = self.screenshot(name)
            if changed_mask(previous, current).mean() <= still:
                return current
            previous = current
        return previous


def load_rgb(path: Path) -> np.ndarray:
    """Return the PNG at ``path`` as an HxWx3 uint8 array (pygame reads it, headless)."""
    import pygame

    surface = pygame.image.load(str(path))
    return np.ascontiguousarray(pygame.surfarray.array3d(surface).transpose(1, 0, 2))


def changed_mask(a: np.ndarray, b: np.ndarray, threshold: int = 24) -> np.ndarray:
    """Return a bool HxW mask of pixels whose colour differs by more than ``threshold``."""
    if a.shape != b.shape:
        raise AssertionError(f"screenshots differ in size: {a.shape} vs {b.shape}")
    return np.abs(a.astype(np.int16) - b.astype(np.int16)).max(axis=2) > threshold


@pytest.fixture
def xserver() -> Iterator[XServer]:
    """Start a private Xvfb for one test; always stop it afterwards."""
    require_x_tools()
    server = start_xvfb()
    try:
        yield server
    finally:
        stop(server.proc)


@pytest.fixture
def shots_dir(tmp_path: Path, request: pytest.FixtureRequest) -> Path:
    """Return where screenshots go: $MIGONG_E2E_SHOTS/<test> if set (to look at them), else tmp."""
    chosen = os.environ.get("MIGONG_E2E_SHOTS")
    path = Path(chosen) / request.node.name if chosen else tmp_path / "shots"
    path.mkdir(parents=True, exist_ok=True)
    return path


def start_game(xserver: XServer, args: Sequence[str], workdir: Path, shots: Path, *,
               wm_class: Optional[str] = WM_CLASS) -> GameWindow:
    """Start the game with ``args`` on the Xvfb screen (saves and log go to ``workdir``).

    ``wm_class=None`` leaves the window class to the game (it names it "migong").
    """
    env = xserver.env()
    env.update(
        SDL_VIDEODRIVER="x11",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        MIGONG_SAVE_PATH=str(workdir / "save.json"),
    )
    env.pop("SDL_VIDEO_X11_WMCLASS", None)
    if wm_class is not None:
        env["SDL_VIDEO_X11_WMCLASS"] = wm_class
    env.pop("MIGONG_EXIT_AFTER_FIRST_FRAME", None)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    log = workdir / f"game-{time.monotonic_ns()}.log"
    with open(log, "wb") as sink:
        proc = subprocess.Popen(
            game_command(args), env=env, cwd=workdir, stdout=sink, stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    return GameWindow(xserver, proc, shots, log, wm_class=wm_class or "migong")


@pytest.fixture
def launch_game(
    xserver: XServer, tmp_path: Path, shots_dir: Path
) -> Iterator[Callable[..., GameWindow]]:
    """Return a starter for the game on the Xvfb screen; every started game is stopped after."""
    started: list[GameWindow] = []

    def launch(*args: str) -> GameWindow:
        game = start_game(xserver, args, tmp_path, shots_dir)
        started.append(game)
        return game

    try:
        yield launch
    finally:
        for game in started:
            stop(game.proc)
