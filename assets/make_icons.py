"""Make the release icons from ``assets/icon.png`` (deterministic).

Run ``python assets/make_icons.py`` from anywhere after ``make_assets.py`` redrew the icon;
it rewrites, in ``assets/release/``:

* ``migong.ico``  the Windows executable icon: 16, 24, 32, 48, 64, 128 and 256 px;
* ``migong.icns`` the macOS app icon: 16 to 1024 px, including the @2x (Retina) kinds;
* ``migong.png``  the 256 px icon the Linux archive installs beside its desktop entry.

The icon is 64 px pixel art: larger sizes repeat each pixel a whole number of times
(nearest neighbour, crisp edges), smaller ones average it down with smoothscale.  Both
containers hold PNG images, which Windows (Vista on) and macOS (10.7 on) read at every
size, so no image library beyond pygame is needed.  build.spec passes the .ico and .icns
to PyInstaller as they are; nothing is converted at build time.
"""

from __future__ import annotations

import io
import os
import struct
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "icon.png"
OUT = HERE / "release"

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# (OSType, pixel size): the PNG-capable ICNS element types, as iconutil and Pillow write them
ICNS_TYPES = (
    ("icp4", 16), ("icp5", 32), ("icp6", 64), ("ic07", 128), ("ic08", 256),
    ("ic09", 512), ("ic10", 1024), ("ic11", 32), ("ic12", 64), ("ic13", 256), ("ic14", 512),
)  # fmt: skip
DESKTOP_SIZE = 256


def resized(icon: pygame.Surface, size: int) -> pygame.Surface:
    """Return ``icon`` at ``size`` px: whole-factor nearest neighbour up, smoothscale down."""
    if size == icon.get_width():
        return icon.copy()
    if size > icon.get_width():
        if size % icon.get_width():
            raise ValueError(f"{size} px is not a whole multiple of {icon.get_width()} px")
        return pygame.transform.scale(icon, (size, size))
    return pygame.transform.smoothscale(icon, (size, size))


def png_bytes(surface: pygame.Surface) -> bytes:
    """Return ``surface`` encoded as a PNG file."""
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(icon: pygame.Surface, sizes: tuple[int, ...] = ICO_SIZES) -> bytes:
    """Return a Windows .ico holding one PNG image per size."""
    images = [png_bytes(resized(icon, size)) for size in sizes]
    header = struct.pack("<HHH", 0, 1, len(images))  # reserved, type 1 = icon, count
    offset = len(header) + 16 * len(images)
    entries = b""
    for size, data in zip(sizes, images):
        side = size % 256  # 0 means 256
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    return header + entries + b"".join(images)


def icns_bytes(icon: pygame.Surface, types: tuple[tuple[str, int], ...] = ICNS_TYPES) -> bytes:
    """Return a macOS .icns holding one PNG image per element type."""
    body = b""
    for ostype, size in types:
        data = png_bytes(resized(icon, size))
        body += ostype.encode("ascii") + struct.pack(">I", 8 + len(data)) + data
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> None:
    """Write the .ico, the .icns and the desktop PNG into assets/release/."""
    icon = pygame.image.load(str(SOURCE))
    OUT.mkdir(exist_ok=True)
    (OUT / "migong.ico").write_bytes(ico_bytes(icon))
    (OUT / "migong.icns").write_bytes(icns_bytes(icon))
    (OUT / "migong.png").write_bytes(png_bytes(resized(icon, DESKTOP_SIZE)))
    for name in ("migong.ico", "migong.icns", "migong.png"):
        print(f"wrote {OUT / name} ({(OUT / name).stat().st_size} bytes)")


if __name__ == "__main__":
    main()
