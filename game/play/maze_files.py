"""The folder of the mazes the editor saves, and the list the Open dialog offers.

The editor saves a bare name there; making a maze lists what is there to open, by name
(the folder said once above them), and opens a bare name from there.
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
    """Return the file names of the mazes saved in the mazes folder, newest first."""
    try:
        found = [p for p in mazes_folder(ctx).glob(f"*{MAZE_SUFFIX}") if p.is_file()]
        found.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return []
    return [p.name for p in found[:MAX_SAVED_LISTED]]


def shown_folder(folder: Path) -> str:
    """Return ``folder`` as a player reads it: the home directory as ``~``."""
    try:
        return str(Path("~") / folder.relative_to(Path.home()))
    except (ValueError, RuntimeError):  # not under home, or no home known
        return str(folder)


def open_path(ctx: Context, typed: str) -> Path:
    """Return the file a name or path typed in the Open dialog names.

    A relative name is looked for in the mazes folder first (where the editor saves it;
    without a suffix, with ``.txt``), then as typed; ``~`` is the home directory.
    """
    path = Path(typed).expanduser()
    if path.is_absolute():
        return path
    saved = mazes_folder(ctx) / path
    for candidate in (saved, saved.with_name(saved.name + MAZE_SUFFIX)):
        if candidate.is_file():
            return candidate
    return path
