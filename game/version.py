"""The running game's version, as ``migong --version`` prints it."""

from __future__ import annotations

from importlib import metadata

import game

DISTRIBUTION = "migong"


def package_version() -> str:
    """Return the installed distribution's version, else ``game.__version__`` (bundle, checkout)."""
    # pyproject.toml reads its version from game.__version__, so the two agree wherever the
    # metadata exists; a PyInstaller bundle or an uninstalled checkout has none.
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return game.__version__
