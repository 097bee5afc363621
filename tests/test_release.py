"""Releases for every desktop: the workflow, build.spec per OS, the archives, icons, notices, --version.

GitHub Actions cannot run here, so each piece is checked where it can be: actionlint (with
shellcheck on every ``run:`` script) reads the workflows; build.spec is executed once per
target OS with PyInstaller's build steps replaced by recorders, so the Windows and macOS
options are seen on Linux; the packaging script packs fake bundles of all three OSes.
"""

from __future__ import annotations

import configparser
import importlib.util
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path
from types import ModuleType

import pytest
from packaging.version import Version
from PIL import Image

import game

ROOT = Path(__file__).resolve().parents[1]
RELEASE_ASSETS = ROOT / "assets" / "release"


# --- icons and the desktop entry ------------------------------------------------------------


def load_script(path: Path) -> ModuleType:
    """Import a script that is not part of a package."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def make_icons() -> ModuleType:
    """Return assets/make_icons.py as a module."""
    return load_script(ROOT / "assets" / "make_icons.py")


def rgba(image: Image.Image) -> bytes:
    """Return an image's pixels as RGBA bytes."""
    return image.convert("RGBA").tobytes()


def expected_rgba(make_icons: ModuleType, size: int) -> bytes:
    """Return the pixels make_icons.py draws at ``size`` from today's icon.png."""
    import pygame

    surface = make_icons.resized(pygame.image.load(str(make_icons.SOURCE)), size)
    return pygame.image.tobytes(surface, "RGBA")


def test_the_windows_icon_holds_every_size_up_to_256_drawn_from_today_s_icon(
    make_icons: ModuleType,
) -> None:
    with Image.open(RELEASE_ASSETS / "migong.ico") as ico:  # Pillow: a reader of its own
        assert ico.format == "ICO"
        assert sorted(ico.info["sizes"]) == [(s, s) for s in (16, 24, 32, 48, 64, 128, 256)]
        for size in (16, 48, 256):
            ico.size = (size, size)
            stale = f"{size} px differs from icon.png: run assets/make_icons.py"
            assert rgba(ico) == expected_rgba(make_icons, size), stale


def test_the_macos_icon_holds_16_to_1024_px_drawn_from_today_s_icon(make_icons: ModuleType) -> None:
    with Image.open(RELEASE_ASSETS / "migong.icns") as icns:
        assert icns.format == "ICNS"
        sizes = {(w * scale, h * scale) for w, h, scale in icns.info["sizes"]}
        assert sizes == {(s, s) for s in (16, 32, 64, 128, 256, 512, 1024)}
        for side, scale in ((16, 1), (128, 2), (512, 2)):
            icns.size = (side, side)
            icns.load(scale=scale)
            assert rgba(icns) == expected_rgba(make_icons, side * scale), f"{side}@{scale}x is stale"


def test_the_linux_icon_is_256_px_and_enlarges_the_pixel_art_without_blur(make_icons: ModuleType) -> None:
    with Image.open(RELEASE_ASSETS / "migong.png") as png:
        assert png.size == (256, 256)
        assert rgba(png) == expected_rgba(make_icons, 256)
        with Image.open(make_icons.SOURCE) as icon:
            assert rgba(png.resize(icon.size, Image.Resampling.NEAREST)) == rgba(icon)


def test_the_desktop_entry_launches_migong_with_its_icon() -> None:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    entry.read(RELEASE_ASSETS / "migong.desktop", encoding="utf-8")
    desktop = entry["Desktop Entry"]
    assert desktop["Type"] == "Application" and desktop["Name"] == "Migong"
    assert desktop["Exec"] == "migong" and desktop["Terminal"] == "false"
    assert desktop["Icon"] == "migong" and (RELEASE_ASSETS / "migong.png").is_file()
    assert "Game" in desktop["Categories"].split(";")
    assert desktop["StartupWMClass"] == "migong"  # SDL names the X11 window class after the program


# --- migong --version ---------------------------------------------------------------------


def isolated_version(*path: Path) -> str:
    """Return game.version.package_version() in a Python whose sys.path is only ``path``."""
    code = textwrap.dedent(
        f"""
        import sys
        sys.path[:] = {[str(p) for p in path]!r} + [p for p in sys.path if "site-packages" not in p]
        from game.version import package_version
        print(package_version())
        """
    )
    done = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_version_comes_from_the_installed_package_metadata(tmp_path: Path) -> None:
    info = tmp_path / "site" / "migong-9.8.7.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: migong\nVersion: 9.8.7\n")
    assert isolated_version(tmp_path / "site", ROOT) == "9.8.7"


def test_version_falls_back_to_the_package_where_there_is_no_metadata() -> None:
    # a PyInstaller bundle carries no dist-info; neither does an uninstalled checkout
    assert isolated_version(ROOT) == game.__version__


def test_migong_version_prints_one_line_and_exits_0() -> None:
    from game.version import package_version

    done = subprocess.run(
        [sys.executable, "-m", "game", "--version"],
        capture_output=True, text=True, cwd=ROOT, timeout=60, env=dict(os.environ, PYTHONPATH=str(ROOT)),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"migong {package_version()}\n" and done.stderr == ""
    assert re.fullmatch(r"migong \d+(\.\d+)*\S*\n", done.stdout)


# --- licence files ----------------------------------------------------------------------------


def test_licence_is_mit_for_the_migong_developers_as_pyproject_says() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n\nCopyright (c) 2026 the Migong developers\n")
    assert 'license = { text = "MIT" }' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")


def test_notices_name_every_bundled_component_and_licence_text() -> None:
    text = (ROOT / "THIRD_PARTY_NOTICES.md").read_text(encoding="utf-8")
    for needle in ("pygame-ce", "LGPL", "SDL2", "zlib", "numpy", "OpenBLAS", "libgfortran", "platformdirs",
                   "PSF", "freesansbold.ttf", "GNU General Public License", "PyInstaller"):  # fmt: skip
        assert needle in text, needle
    for path in re.findall(r"`(licenses/[^`]+\.txt)`", text):
        if path.split("/")[1] not in {"python", "numpy", "pyinstaller", "VERSIONS.txt"}:
            assert (ROOT / path).is_file(), path
