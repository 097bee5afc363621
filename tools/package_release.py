"""Pack a built bundle into the archive players download, with its SHA-256 sum.

Run after ``pyinstaller --noconfirm build.spec``, on the OS that built it:

    python tools/package_release.py [--dist dist] [--out release]

It writes ``<out>/migong-<version>-<os>-<arch>.<ext>`` and ``<ext>.sha256`` beside it (one
``sha256sum`` line: ``<hex>  <file name>``), then prints ``key=value`` lines for a GitHub
Actions step output: ``name``, ``archive``, ``checksum`` and ``executable`` (the program's
path inside the archive).

* linux:   ``.tar.gz`` of the folder ``migong-<version>-linux-<arch>/``: dist/migong's files,
  the desktop entry ``migong.desktop`` with its icon ``migong.png``, LICENSE and
  THIRD_PARTY_NOTICES.md;
* windows: ``.zip`` of the folder ``migong-<version>-windows-<arch>/``: dist/migong's files,
  LICENSE and THIRD_PARTY_NOTICES.md;
* macos:   ``.zip`` holding ``Migong.app`` alone (its notices are in Contents/Resources).

Symbolic links (a PyInstaller .app has many) are stored as links and file modes are kept,
in the zip too, as ``zip -ry`` would: Finder, ``ditto`` and ``unzip`` restore both, and the
app's code signature needs them.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import platform
import stat
import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RELEASE_ASSETS = ROOT / "assets" / "release"
NOTICES = ("LICENSE", "THIRD_PARTY_NOTICES.md")
PLATFORMS = {"linux": "linux", "win32": "windows", "darwin": "macos"}
ARCHES = {"x86_64": "x86_64", "amd64": "x86_64", "aarch64": "arm64", "arm64": "arm64"}
APP = "Migong.app"


class PackageError(Exception):
    """The bundle to pack is missing or incomplete."""


def current_platform() -> str:
    """Return linux, windows or macos for the running OS."""
    for prefix, name in PLATFORMS.items():
        if sys.platform.startswith(prefix):
            return name
    raise PackageError(f"unsupported platform {sys.platform!r}")


def current_arch() -> str:
    """Return x86_64 or arm64 for the running machine."""
    machine = platform.machine().lower()
    return ARCHES.get(machine, machine)


def game_version() -> str:
    """Return game.__version__ of this checkout (the version build.spec bundled)."""
    sys.path.insert(0, str(ROOT))
    from game import __version__

    return __version__


def archive_members(os_name: str, dist: Path, name: str) -> tuple[list[tuple[Path, str]], str]:
    """Return (source path, path in the archive) pairs and the executable's path in the archive."""
    if os_name == "macos":
        app = dist / APP
        executable = app / "Contents" / "MacOS" / "migong"
        if not executable.is_file():
            raise PackageError(f"{executable} not found: build Migong.app with build.spec first")
        return [(app, APP)], f"{APP}/Contents/MacOS/migong"
    folder = dist / "migong"
    exe = "migong.exe" if os_name == "windows" else "migong"
    if not (folder / exe).is_file():
        raise PackageError(f"{folder / exe} not found: run pyinstaller --noconfirm build.spec first")
    members = [(folder, name)] + [(ROOT / notice, f"{name}/{notice}") for notice in NOTICES]
    if os_name == "linux":
        members += [(RELEASE_ASSETS / f, f"{name}/{f}") for f in ("migong.desktop", "migong.png")]
    for source, _ in members:
        if not source.exists():
            raise PackageError(f"{source} not found")
    return members, f"{name}/{exe}"


def walk(path: Path, arcname: str) -> list[tuple[Path, str]]:
    """Return ``path`` and, for a real directory, everything under it; links are not followed."""
    entries = [(path, arcname)]
    if path.is_dir() and not path.is_symlink():
        for child in sorted(path.iterdir()):
            entries += walk(child, f"{arcname}/{child.name}")
    return entries


def write_zip(archive: Path, members: list[tuple[Path, str]]) -> None:
    """Write ``members`` into a zip, keeping symbolic links as links and file modes."""
    with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for source, arcname in members:
            for path, name in walk(source, arcname):
                if path.is_symlink():
                    info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
                    info.create_system = 3  # Unix: the mode bits below say "symbolic link"
                    info.external_attr = (stat.S_IFLNK | 0o777) << 16
                    zf.writestr(info, os.readlink(path))  # the link's target is its content
                else:
                    zf.write(path, name)


def write_tar(archive: Path, members: list[tuple[Path, str]]) -> None:
    """Write ``members`` into a .tar.gz owned by root, keeping links and modes."""

    def anonymous(info: tarfile.TarInfo) -> tarfile.TarInfo:
        """Drop the builder's user and group from an entry."""
        info.uid = info.gid = 0
        info.uname = info.gname = "root"
        return info

    with tarfile.open(archive, "w:gz", compresslevel=6) as tf:
        for source, arcname in members:
            tf.add(source, arcname=arcname, filter=anonymous)


def sha256_line(path: Path) -> str:
    """Return the ``sha256sum`` line for ``path``."""
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return f"{digest.hexdigest()}  {path.name}\n"


def package(*, dist: Path, out: Path, os_name: str, arch: str, version: str) -> dict[str, str]:
    """Write the archive and its checksum; return the step outputs."""
    name = f"migong-{version}-{os_name}-{arch}"
    members, executable = archive_members(os_name, dist, name)
    out.mkdir(parents=True, exist_ok=True)
    archive = out / (f"{name}.tar.gz" if os_name == "linux" else f"{name}.zip")
    (write_tar if os_name == "linux" else write_zip)(archive, members)
    checksum = archive.with_name(archive.name + ".sha256")
    checksum.write_text(sha256_line(archive), encoding="utf-8", newline="\n")
    return {
        "name": name,
        "archive": archive.as_posix(),
        "checksum": checksum.as_posix(),
        "executable": executable,
    }


def main(argv: list[str] | None = None) -> int:
    """Parse the command line, pack, print the step outputs; return the exit code."""
    parser = argparse.ArgumentParser(prog="package_release", description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="PyInstaller's dist folder")
    parser.add_argument("--out", type=Path, default=ROOT / "release", help="where the archive goes")
    parser.add_argument("--platform", choices=sorted(PLATFORMS.values()), help="default: this OS")
    parser.add_argument("--arch", help="default: this machine (x86_64, arm64)")
    parser.add_argument("--version", help="default: game.__version__ of this checkout")
    args = parser.parse_args(argv)
    try:
        outputs = package(
            dist=args.dist,
            out=args.out,
            os_name=args.platform or current_platform(),
            arch=args.arch or current_arch(),
            version=args.version or game_version(),
        )
    except PackageError as exc:
        print(f"package_release: error: {exc}", file=sys.stderr)
        return 2
    for key, value in outputs.items():
        print(f"{key}={value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
