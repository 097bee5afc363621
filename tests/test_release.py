"""Releases for every desktop: the workflow, build.spec per OS, the archives, icons, notices, --version.

GitHub Actions cannot run here, so each piece is checked where it can be: actionlint (with
shellcheck on every ``run:`` script) reads the workflows; build.spec is executed once per
target OS with PyInstaller's build steps replaced by recorders, so the Windows and macOS
options are seen on Linux; the packaging script packs fake bundles of all three OSes.
"""

from __future__ import annotations

import configparser
import hashlib
import importlib.util
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import sysconfig
import tarfile
import textwrap
import zipfile
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml
from packaging.version import Version
from PIL import Image

import game

ROOT = Path(__file__).resolve().parents[1]
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.y*ml"))
RELEASE_WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
RELEASE_ASSETS = ROOT / "assets" / "release"
PACKAGE_SCRIPT = ROOT / "tools" / "package_release.py"
NOTICES = {"LICENSE", "THIRD_PARTY_NOTICES.md"}


def tool(name: str) -> str:
    """Return the path of a command-line tool installed by the test extra."""
    found = shutil.which(name, path=os.pathsep.join([sysconfig.get_path("scripts"), os.environ["PATH"]]))
    assert found, f"{name} not found: pip install -e '.[test]'"
    return found


def actionlint(workflow: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run actionlint, with shellcheck on the run: scripts, on one workflow file."""
    return subprocess.run(
        [tool("actionlint"), f"-shellcheck={tool('shellcheck')}", "-no-color", str(workflow)],
        capture_output=True, text=True, cwd=cwd, timeout=120,
    )  # fmt: skip


# --- the workflows ------------------------------------------------------------------------


def test_there_is_a_release_workflow() -> None:
    assert RELEASE_WORKFLOW in WORKFLOWS


@pytest.mark.parametrize("workflow", WORKFLOWS, ids=[w.name for w in WORKFLOWS])
def test_actionlint_finds_nothing_in_the_workflow(workflow: Path) -> None:
    result = actionlint(workflow, ROOT)
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout + result.stderr


def test_actionlint_fails_a_broken_workflow(tmp_path: Path) -> None:
    # the check above can fail: an unknown action input, a job without runs-on, a shell bug
    text = RELEASE_WORKFLOW.read_text(encoding="utf-8")
    broken = text.replace("persist-credentials: false", "persist-credential: false")
    broken = broken.replace("    runs-on: ubuntu-latest\n", "", 1)
    broken = broken.replace('echo "built: ${version}"', "echo 'built: ${version}'")
    assert broken.count("\n") < text.count("\n")
    (tmp_path / ".github" / "workflows").mkdir(parents=True)
    workflow = tmp_path / ".github" / "workflows" / "release.yml"
    workflow.write_text(broken, encoding="utf-8")
    result = actionlint(workflow, tmp_path)
    assert result.returncode != 0
    for finding in ('"persist-credential" is not defined', '"runs-on" section is missing', "SC2016"):
        assert finding in result.stdout


@pytest.fixture(scope="module")
def workflow() -> dict[Any, Any]:
    """Return the release workflow as data."""
    data: dict[Any, Any] = yaml.safe_load(RELEASE_WORKFLOW.read_text(encoding="utf-8"))
    return data


def test_release_runs_on_v_tags_and_by_hand(workflow: dict[Any, Any]) -> None:
    triggers = workflow[True]  # YAML 1.1 reads the key "on" as True
    assert triggers["push"] == {"tags": ["v*"]}
    assert "workflow_dispatch" in triggers


def test_build_matrix_covers_the_three_desktops_with_their_executables(workflow: dict[Any, Any]) -> None:
    build = workflow["jobs"]["build"]
    assert build["runs-on"] == "${{ matrix.os }}"
    exes = {row["os"]: row["exe"] for row in build["strategy"]["matrix"]["include"]}
    assert exes == {
        "ubuntu-latest": "dist/migong/migong",
        "windows-latest": "dist/migong/migong.exe",
        "macos-latest": "dist/Migong.app/Contents/MacOS/migong",
    }
    assert build["defaults"]["run"]["shell"] == "bash"  # the scripts are bash on Windows too
    assert build["env"]["SDL_VIDEODRIVER"] == build["env"]["SDL_AUDIODRIVER"] == "dummy"


def test_build_installs_builds_self_tests_packs_and_uploads(workflow: dict[Any, Any]) -> None:
    runs = "\n".join(step.get("run", "") for step in workflow["jobs"]["build"]["steps"])
    for command in (
        'python -m pip install ".[build]"',
        "python -m PyInstaller --noconfirm build.spec",
        '"$EXE" --selftest',
        "python tools/package_release.py --out release",
        '"unpacked/$EXECUTABLE" --selftest',
    ):
        assert command in runs
    steps = workflow["jobs"]["build"]["steps"]
    uploads = [s for s in steps if s.get("uses", "").startswith("actions/upload-artifact@")]
    assert len(uploads) == 1
    assert "steps.pack.outputs.archive" in uploads[0]["with"]["path"]
    assert "steps.pack.outputs.checksum" in uploads[0]["with"]["path"]


def test_only_a_tag_publishes_and_only_that_job_may_write(workflow: dict[Any, Any]) -> None:
    assert workflow["permissions"] == {"contents": "read"}
    jobs = workflow["jobs"]
    assert "permissions" not in jobs["build"]
    release = jobs["release"]
    assert release["needs"] == "build"
    assert "github.ref_type == 'tag'" in release["if"]
    assert release["permissions"] == {"contents": "write"}
    script = "\n".join(step.get("run", "") for step in release["steps"])
    assert "SHA256SUMS.txt" in script and "gh release create" in script


def test_every_action_is_pinned_by_major_version(workflow: dict[Any, Any]) -> None:
    uses = [s["uses"] for job in workflow["jobs"].values() for s in job["steps"] if "uses" in s]
    assert uses
    for action in uses:
        assert re.fullmatch(r"[\w-]+/[\w-]+@v\d+", action), action


# --- build.spec, executed for each target OS ------------------------------------------

SPEC_DRIVER = r'''
import functools, json, sys
from pathlib import Path

spec, work, dist = sys.argv[1:4]
import PyInstaller.compat
import PyInstaller.utils.hooks as hooks

PyInstaller.compat.win32api = None  # imported by versioninfo, used only to read .exe files
from PyInstaller.utils.win32 import versioninfo

hooks.collect_submodules = functools.lru_cache(hooks.collect_submodules)  # once, not per OS


class Target:
    """Record the keyword arguments of a PyInstaller build step instead of building."""

    def __init__(self, *args, **kwargs):
        calls.setdefault(type(self).__name__, []).append(kwargs)
        self.pure, self.scripts, self.binaries, self.datas = [], [], [], kwargs.get("datas", [])


def plain(value):
    """Return ``value`` as JSON data; a version resource is serialised and read back."""
    if isinstance(value, versioninfo.VSVersionInfo):
        value.toRaw()  # packs every field (with native sizes here: only Windows reads them back)
        text = Path(work) / "version.txt"
        text.write_text(str(value), encoding="utf-8")  # PyInstaller's version-file format
        back = versioninfo.load_version_info_from_text_file(str(text))
        ffi = back.ffi
        numbers = [ffi.fileVersionMS >> 16, ffi.fileVersionMS & 0xFFFF,
                   ffi.fileVersionLS >> 16, ffi.fileVersionLS & 0xFFFF]
        strings = {s.name: s.val for info in back.kids if isinstance(info, versioninfo.StringFileInfo)
                   for table in info.kids for s in table.kids}
        return {"filevers": numbers, "strings": strings}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    return value if isinstance(value, (str, int, float, bool, type(None))) else type(value).__name__


results = {}
for platform in ("linux", "win32", "darwin"):
    calls = {}
    steps = {name: type(name, (Target,), {}) for name in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")}
    sys.platform = platform
    namespace = {"SPECPATH": str(Path(spec).parent), "workpath": work, "DISTPATH": dist, **steps}
    exec(compile(Path(spec).read_text(encoding="utf-8"), spec, "exec"), namespace)
    results[platform] = plain(calls)
print(json.dumps(results))
'''


@pytest.fixture(scope="module")
def spec_runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, list[dict[str, Any]]]]:
    """Return the build steps build.spec asks for on linux, win32 and darwin."""
    work = tmp_path_factory.mktemp("work")
    done = subprocess.run(
        [sys.executable, "-c", SPEC_DRIVER, str(ROOT / "build.spec"), str(work), str(work / "dist")],
        capture_output=True, text=True, cwd=ROOT, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    runs: dict[str, dict[str, list[dict[str, Any]]]] = json.loads(done.stdout.splitlines()[-1])
    return runs


def datas(run: dict[str, list[dict[str, Any]]]) -> list[tuple[str, str]]:
    """Return the (source relative to the checkout if inside it, bundle dir) data pairs."""
    (analysis,) = run["Analysis"]
    pairs = []
    for src, dest in analysis["datas"]:
        path = Path(src)
        pairs.append((path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else src, dest))
    return pairs


@pytest.mark.parametrize("platform", ["linux", "win32", "darwin"])
def test_every_bundle_carries_the_chinese_font_and_its_licence_beside_it(
    spec_runs: dict[str, Any], platform: str
) -> None:
    pairs = datas(spec_runs[platform])
    for name in ("NotoSansSC-Migong.otf", "OFL.txt"):
        assert (f"assets/fonts/{name}", "assets/fonts") in pairs


@pytest.mark.parametrize("platform", ["linux", "win32", "darwin"])
def test_every_bundle_carries_the_licence_the_notices_and_the_licence_texts(
    spec_runs: dict[str, Any], platform: str
) -> None:
    pairs = datas(spec_runs[platform])
    for notice in NOTICES:
        assert (notice, ".") in pairs
    for text in ("licenses/LGPL-2.1.txt", "licenses/GPL-3.0.txt"):  # pygame-ce; the GPL font
        assert (text, "licenses") in pairs
    copied = {(Path(src).name, dest) for src, dest in pairs}
    assert ("LICENSE.txt", "licenses/numpy") in copied  # lists what numpy's wheel bundles
    assert ("LICENSE", "licenses/platformdirs") in copied
    assert ("COPYING.txt", "licenses/pyinstaller") in copied  # the bootloader's licence
    assert ("VERSIONS.txt", "licenses") in copied
    for src, _ in pairs:
        assert Path(src if Path(src).is_absolute() else ROOT / src).is_file(), src


def test_the_versions_file_names_the_game_and_its_libraries(spec_runs: dict[str, Any]) -> None:
    (src,) = [s for s, dest in datas(spec_runs["linux"]) if Path(s).name == "VERSIONS.txt"]
    lines = Path(src).read_text(encoding="utf-8").splitlines()
    assert lines[0] == f"Migong {game.__version__}"
    names = {line.split()[0] for line in lines}
    assert {"Python", "pygame-ce", "numpy", "platformdirs", "pyinstaller"} <= names


@pytest.mark.parametrize("platform", ["linux", "win32", "darwin"])
def test_release_icons_and_the_desktop_entry_are_not_game_assets(
    spec_runs: dict[str, Any], platform: str
) -> None:
    sources = [src for src, _ in datas(spec_runs[platform])]
    assert "assets/icon.png" in sources
    assert not [src for src in sources if src.startswith("assets/release/")]


def test_linux_builds_the_same_console_folder_as_before(spec_runs: dict[str, Any]) -> None:
    run = spec_runs["linux"]
    (exe,) = run["EXE"]
    assert exe["name"] == "migong" and exe["console"] is True and exe["exclude_binaries"] is True
    assert "icon" not in exe and "version" not in exe
    assert [c["name"] for c in run["COLLECT"]] == ["migong"]
    assert "BUNDLE" not in run


def test_windows_exe_has_the_icon_a_version_resource_and_hides_a_console_it_owns(
    spec_runs: dict[str, Any],
) -> None:
    (exe,) = spec_runs["win32"]["EXE"]
    assert exe["icon"] == [str(RELEASE_ASSETS / "migong.ico")]
    assert exe["console"] is True and exe["hide_console"] == "hide-early"
    numbers = list(Version(game.__version__).release)
    assert exe["version"]["filevers"] == (numbers + [0, 0, 0])[:4]
    strings = exe["version"]["strings"]
    assert strings["FileVersion"] == strings["ProductVersion"] == game.__version__
    assert strings["OriginalFilename"] == "migong.exe" and strings["ProductName"] == "Migong"
    assert "the Migong developers" in strings["LegalCopyright"]
    assert "BUNDLE" not in spec_runs["win32"]


def test_macos_builds_a_windowed_app_bundle_with_the_icns(spec_runs: dict[str, Any]) -> None:
    run = spec_runs["darwin"]
    (exe,) = run["EXE"]
    assert exe["console"] is False  # a console .app is background-only: no Dock icon, no menus
    (bundle,) = run["BUNDLE"]
    assert bundle["name"] == "Migong.app"
    assert bundle["icon"] == str(RELEASE_ASSETS / "migong.icns")
    assert bundle["version"] == bundle["info_plist"]["CFBundleVersion"] == game.__version__
    assert bundle["bundle_identifier"]


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


# --- the packaging script ---------------------------------------------------------------


def fake_bundle(dist: Path, platform: str) -> None:
    """Lay out what PyInstaller leaves in dist/ on ``platform``, symbolic links included."""
    if platform == "macos":
        contents = dist / "Migong.app" / "Contents"
        for sub in ("MacOS", "Resources/assets", "Frameworks"):
            (contents / sub).mkdir(parents=True)
        (contents / "MacOS" / "migong").write_bytes(b"\xcf\xfa\xed\xfe bootloader")
        (contents / "MacOS" / "migong").chmod(0o755)
        (contents / "Resources" / "LICENSE").write_text("MIT\n")
        (contents / "Resources" / "assets" / "icon.png").write_bytes(b"png")
        (contents / "Frameworks" / "LICENSE").symlink_to("../Resources/LICENSE")
        (contents / "Frameworks" / "assets").symlink_to("../Resources/assets")
        return
    internal = dist / "migong" / "_internal"
    (internal / "pygame_ce.libs").mkdir(parents=True)
    exe = dist / "migong" / ("migong.exe" if platform == "windows" else "migong")
    exe.write_bytes(b"bootloader")
    exe.chmod(0o755)
    (internal / "pygame_ce.libs" / "libSDL2.so").write_bytes(b"sdl")
    if platform == "linux":
        (internal / "libSDL2.so").symlink_to("pygame_ce.libs/libSDL2.so")


def pack(tmp_path: Path, platform: str) -> tuple[subprocess.CompletedProcess[str], dict[str, str]]:
    """Run the packaging script on a fake bundle; return the process and its outputs."""
    fake_bundle(tmp_path / "dist", platform)
    done = subprocess.run(
        [sys.executable, str(PACKAGE_SCRIPT), "--dist", str(tmp_path / "dist"),
         "--out", str(tmp_path / "out"), "--platform", platform, "--arch", "x86_64", "--version", "1.2.3"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    outputs = dict(line.split("=", 1) for line in done.stdout.splitlines())
    return done, outputs


def assert_sha256_file_matches(outputs: dict[str, str]) -> None:
    """Check the .sha256 file is one sha256sum line for the archive."""
    archive = Path(outputs["archive"])
    digest = hashlib.sha256(archive.read_bytes()).hexdigest()
    assert Path(outputs["checksum"]).read_bytes() == f"{digest}  {archive.name}\n".encode()
    assert outputs["checksum"] == outputs["archive"] + ".sha256"


def test_linux_archive_is_a_tar_gz_folder_with_desktop_entry_icon_and_notices(tmp_path: Path) -> None:
    done, outputs = pack(tmp_path, "linux")
    assert done.returncode == 0, done.stderr
    name = "migong-1.2.3-linux-x86_64"
    assert outputs["name"] == name and outputs["archive"].endswith(f"out/{name}.tar.gz")
    assert outputs["executable"] == f"{name}/migong"
    assert_sha256_file_matches(outputs)
    with tarfile.open(outputs["archive"]) as tf:
        members = {m.name: m for m in tf.getmembers()}
        assert {f"{name}/{f}" for f in ("migong", "migong.desktop", "migong.png", *NOTICES)} <= set(members)
        assert all(n == name or n.startswith(f"{name}/") for n in members)
        assert members[f"{name}/migong"].mode & 0o777 == 0o755
        link = members[f"{name}/_internal/libSDL2.so"]
        assert link.issym() and link.linkname == "pygame_ce.libs/libSDL2.so"
        assert {m.uname for m in members.values()} == {"root"}
        desktop = tf.extractfile(f"{name}/migong.desktop")
        assert desktop is not None and desktop.read() == (RELEASE_ASSETS / "migong.desktop").read_bytes()


def test_windows_archive_is_a_zip_folder_with_the_exe_and_notices(tmp_path: Path) -> None:
    done, outputs = pack(tmp_path, "windows")
    assert done.returncode == 0, done.stderr
    name = "migong-1.2.3-windows-x86_64"
    assert outputs["archive"].endswith(f"{name}.zip") and outputs["executable"] == f"{name}/migong.exe"
    assert_sha256_file_matches(outputs)
    with zipfile.ZipFile(outputs["archive"]) as zf:
        names = set(zf.namelist())
        assert {f"{name}/migong.exe", f"{name}/_internal/pygame_ce.libs/libSDL2.so"} <= names
        assert {f"{name}/{n}" for n in NOTICES} <= names
        assert not any(n.endswith(".desktop") for n in names)
        assert zf.read(f"{name}/LICENSE") == (ROOT / "LICENSE").read_bytes()


def test_macos_archive_is_a_zip_of_the_app_keeping_links_and_modes(tmp_path: Path) -> None:
    done, outputs = pack(tmp_path, "macos")
    assert done.returncode == 0, done.stderr
    assert outputs["archive"].endswith("migong-1.2.3-macos-x86_64.zip")
    assert outputs["executable"] == "Migong.app/Contents/MacOS/migong"
    assert_sha256_file_matches(outputs)
    with zipfile.ZipFile(outputs["archive"]) as zf:
        infos = {i.filename.rstrip("/"): i for i in zf.infolist()}
        assert all(n.split("/")[0] == "Migong.app" for n in infos)
        exe = infos["Migong.app/Contents/MacOS/migong"].external_attr >> 16
        assert stat.S_ISREG(exe) and exe & 0o777 == 0o755
        for link, target in (("LICENSE", "../Resources/LICENSE"), ("assets", "../Resources/assets")):
            info = infos[f"Migong.app/Contents/Frameworks/{link}"]
            assert info.create_system == 3 and stat.S_ISLNK(info.external_attr >> 16)
            assert zf.read(info).decode() == target
        # a linked directory is stored once, as the link: nothing is stored under it
        assert not any(n.startswith("Migong.app/Contents/Frameworks/assets/") for n in infos)
        assert "Migong.app/Contents/Resources/assets/icon.png" in infos


def test_packing_without_a_build_is_one_clear_error(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(PACKAGE_SCRIPT), "--dist", str(tmp_path / "nothing"),
         "--out", str(tmp_path / "out"), "--platform", "windows", "--version", "1.2.3"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("package_release: error: ") and "migong.exe not found" in done.stderr
    assert len(done.stderr.splitlines()) == 1
    assert not (tmp_path / "out").exists()


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
