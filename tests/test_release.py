"""Releases for every desktop: the workflow, build.spec per OS, the archives, icons, notices, --version.

GitHub Actions cannot run here, so each piece is checked where it can be: actionlint (with
shellcheck on every ``run:`` script) reads the workflows; build.spec is executed once per
target OS with PyInstaller's build steps replaced by recorders, so the Windows and macOS
options are seen on Linux; the packaging script packs fake bundles of all three OSes.
"""

from __future__ import annotations

import re
from pathlib import Path


ROOT = Path(__file__).resolve().parents[1]


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
