"""Releases for every desktop: the workflow, build.spec per OS, the archives, icons, notices, --version.

GitHub Actions cannot run here, so each piece is checked where it can be: actionlint (with
shellcheck on every ``run:`` script) reads the workflows; build.spec is executed once per
target OS with PyInstaller's build steps replaced by recorders, so the Windows and macOS
options are seen on Linux; the packaging script packs fake bundles of all three OSes.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

from packaging.version import Version

import game

ROOT = Path(__file__).resolve().parents[1]


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
