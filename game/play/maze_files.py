"""The folder of the mazes the editor saves, and the list the Open dialog offers.

The editor saves a bare name there; making a maze lists what is there to open.
"""

from __future__ import annotations

from pathlib import Path

from game.edit.model import MAZE_SUFFIX
from game.play.context import Context
from game.save import default_save_path

#: Most saved mazes the Open dialog lists.
MAX_SAVED_LISTED = 200


def mazes_folder(ctx: Context) -> Path:
    """Return the folder a maze saved under a bare name goes to: "mazes" beside the save."""
    save = ctx.save_path if ctx.save_path is not None else default_save_path()
    return save.parent / "mazes"


def saved_mazes(ctx: Context) -> list[str]:
    """Return the paths of the mazes saved in the mazes folder, newest first."""
    try:
        found = [p for p in mazes_folder(ctx).glob(f"*{MAZE_SUFFIX}") if p.is_file()]
        found.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return []
    return [str(p) for p in found[:MAX_SAVED_LISTED]]
