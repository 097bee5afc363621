"""Find the game's assets the same way from a checkout, a wheel and a PyInstaller bundle.

Where ``assets/`` lives:

* source checkout: ``<repo>/assets`` beside the ``game`` package;
* installed wheel: ``site-packages/game/assets`` (pyproject maps ``assets/`` into the
  package as package data);
* PyInstaller bundle: ``<bundle root>/assets``, i.e. ``sys._MEIPASS/assets``, which is
  also the directory beside the bundled ``game`` package.

The package-internal directory is tried first so that an installed game never picks up
an unrelated ``assets/`` directory lying in ``site-packages``.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path

import game


class AssetNotFoundError(FileNotFoundError):
    """An asset file is missing from every place assets are looked for."""


def _candidates() -> list[Path]:
    """Return every place ``assets`` may live, most specific first."""
    package = Path(game.__file__).resolve().parent
    candidates = [package / "assets"]
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        candidates.append(Path(bundle).resolve() / "assets")
    candidates.append(package.parent / "assets")
    return list(dict.fromkeys(candidates))


@lru_cache(maxsize=1)
def asset_roots() -> tuple[Path, ...]:
    """Return the candidate ``assets`` directories that exist, most specific first."""
    return tuple(c for c in _candidates() if c.is_dir())


def asset_path(*parts: str) -> Path:
    """Return the path of an asset, e.g. ``asset_path("tiles", "floor.png")``."""
    for root in asset_roots():
        path = root.joinpath(*parts)
        if path.exists():
            return path
    wanted = "/".join(parts) or "."
    looked = ", ".join(str(c.joinpath(*parts)) for c in _candidates())
    raise AssetNotFoundError(f"asset {wanted!r} not found; looked for {looked}")
