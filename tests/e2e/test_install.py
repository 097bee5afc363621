"""``pip install .`` gives a working game: every module, every asset, the entry point.

Builds a real (non-editable) wheel from a copy of this checkout, reads what is inside it,
then installs it into a directory of its own and runs ``migong --selftest`` from there,
far from the checkout, so the code and the assets can only come from the wheel.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

from game.selftest import asset_files

ROOT = Path(__file__).resolve().parents[2]
RUNTIME_DEPENDENCIES = {"pygame-ce", "numpy", "platformdirs"}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build the wheel from a clean copy of the sources (the checkout stays untouched)."""
    src = tmp_path_factory.mktemp("src")
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, src / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(ROOT / "game", src / "game", ignore=ignore)
    shutil.copytree(ROOT / "assets", src / "assets", ignore=ignore)
    out = tmp_path_factory.mktemp("wheel")
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(src)],
        capture_output=True, text=True, timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    (built,) = out.glob("migong-*.whl")
    return built


def wheel_names(wheel: Path) -> set[str]:
    """Return the file names inside the wheel."""
    with zipfile.ZipFile(wheel) as zf:
        return set(zf.namelist())


def test_wheel_holds_every_module_of_the_game(wheel: Path) -> None:
    names = wheel_names(wheel)
    sources = {
        p.relative_to(ROOT).as_posix() for p in (ROOT / "game").rglob("*.py")
        if "__pycache__" not in p.parts
    }
    assert sources, "no game sources found"
    assert sources - names == set(), "modules missing from the wheel (pyproject packages list)"


def test_wheel_ships_every_asset_under_game_assets(wheel: Path) -> None:
    names = wheel_names(wheel)
    assets = {f"game/assets/{p.relative_to(ROOT / 'assets').as_posix()}" for p in asset_files(ROOT / "assets")}
    assert "game/assets/icon.png" in assets
    assert assets - names == set()
    assert not any(n.startswith("game/assets/screenshots/") for n in names)
    assert not any(n.startswith("game/assets/release/") for n in names)  # packaging-only icons


def test_wheel_ships_the_chinese_font_with_its_licence_beside_it(wheel: Path) -> None:
    names = wheel_names(wheel)
    assert {"game/assets/fonts/NotoSansSC-Migong.otf", "game/assets/fonts/OFL.txt"} <= names


def test_wheel_declares_the_entry_point_and_only_runtime_dependencies(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as zf:
        dist_info = next(n.split("/")[0] for n in zf.namelist() if ".dist-info/" in n)
        entry_points = zf.read(f"{dist_info}/entry_points.txt").decode()
        metadata = Parser().parsestr(zf.read(f"{dist_info}/METADATA").decode())
    assert "migong = game.cli:main" in entry_points
    required = {
        req.split(";")[0].split(">")[0].split("=")[0].split("<")[0].strip()
        for req in metadata.get_all("Requires-Dist") or []
        if "extra ==" not in req
    }
    assert required == RUNTIME_DEPENDENCIES


def test_wheel_carries_the_mit_licence_and_the_package_s_version(wheel: Path) -> None:
    import game

    with zipfile.ZipFile(wheel) as zf:
        dist_info = next(n.split("/")[0] for n in zf.namelist() if ".dist-info/" in n)
        licences = [n for n in zf.namelist() if n.startswith(dist_info) and n.endswith("/LICENSE")]
        metadata = Parser().parsestr(zf.read(f"{dist_info}/METADATA").decode())
        assert [zf.read(n) for n in licences] == [(ROOT / "LICENSE").read_bytes()]
    assert metadata["Version"] == game.__version__  # pyproject reads it from game/__init__.py


def test_installed_wheel_runs_its_selftest_away_from_the_checkout(
    wheel: Path, tmp_path: Path
) -> None:
    # pip installs the wheel into a directory of its own; the running interpreter's
    # environment provides pygame-ce, numpy and platformdirs without a download
    site = tmp_path / "site"
    done = subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-index",
         "--target", str(site), str(wheel)],
        capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr

    away = tmp_path / "elsewhere"
    away.mkdir()
    env = dict(os.environ, PYTHONPATH=str(site), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    where = subprocess.run(
        [sys.executable, "-c",
         "import game, game.resources as r; print(game.__file__); print(r.asset_path('icon.png'))"],
        capture_output=True, text=True, cwd=away, env=env, timeout=60,
    )
    assert where.returncode == 0, where.stderr
    package_file, icon = where.stdout.split()
    package = Path(package_file).parent
    assert package == site / "game", f"imported the checkout, not the wheel: {package}"
    assert Path(icon) == package / "assets" / "icon.png"

    script = site / "bin" / "migong"
    command = [sys.executable, str(script)] if script.is_file() else [sys.executable, "-m", "game"]
    run = subprocess.run(
        [*command, "--selftest"], capture_output=True, text=True, cwd=away, env=env, timeout=180
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "selftest passed" in run.stdout
    version = subprocess.run(
        [*command, "--version"], capture_output=True, text=True, cwd=away, env=env, timeout=60
    )
    assert version.stdout == f"migong {wheel.name.split('-')[1]}\n", version.stderr


def readme_command(after: str) -> str:
    """Return the first command of the README's code block following the line ``after``."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split(after, 1)[1].split("```", 2)[1]
    return block.splitlines()[1].strip()


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    test_command = readme_command("Install and run the tests:")
    assert test_command == 'python -m pip install -e ".[test]" && python -m pytest'
    ci_lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert test_command in ci_lines


def test_readme_install_and_play_command_uses_the_entry_point() -> None:
    assert readme_command("Install and play:") == "python -m pip install . && migong"
