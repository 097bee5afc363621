"""The editor's files: where a maze typed by name is saved, and which files it may replace.

A save never replaces a file that is not a maze of ours (someone else's file is left as
it is); a name that is a folder, or in a folder that does not exist, is refused.
"""

from __future__ import annotations

from pathlib import Path

from game.maze import tiles as kinds
from game.maze.formats import (
    GOAL_CHAR, MAX_FILE_BYTES, PATH_CHAR, START_CHAR, MazeFormatError, load_maze,
)
from game.save import read_regular_file

#: The suffix a saved maze gets when its name has none.
MAZE_SUFFIX = ".txt"
#: The longest file name typed for a save (in characters).
MAX_NAME = 200


class IsAFolder(ValueError):
    """The name typed to save under is an existing folder's."""

    def __init__(self, path: Path) -> None:
        super().__init__(f"{path}: is a folder")
        self.path = path


class NoFolder(ValueError):
    """The folder a maze would be saved in does not exist (only ``folder`` is ever made)."""

    def __init__(self, path: Path) -> None:
        super().__init__(f"{path}: no such folder")
        self.path = path


class NotAMaze(OSError):
    """A save would replace a file that is not a maze: someone else's, never replaced."""

    def __init__(self, path: Path) -> None:
        super().__init__(f"{path} is not a maze file, so it was left as it is")
        self.path = path


#: Every character of a maze in our own text format (each tile kind's, the ends, a path).
OUR_MAZE_CHARS = frozenset("".join(kinds.KINDS["char"]) + START_CHAR + GOAL_CHAR + PATH_CHAR
                           + "\r\n")


def looks_like_a_maze(path: Path) -> bool:
    """Return True if ``path`` is a maze the game reads, or text in our maze characters only.

    The second kind is a damaged maze of ours (rows cut short, an end missing); anything
    else (a link to nowhere, a folder, a program's settings, a user list) is not.
    """
    try:
        load_maze(path)
        return True
    except MazeFormatError:
        pass
    try:
        raw = read_regular_file(path, MAX_FILE_BYTES)
    except OSError:
        return False
    try:
        text = raw.decode("ascii")
    except UnicodeDecodeError:
        return False
    return bool(text.strip()) and len(raw) <= MAX_FILE_BYTES and set(text) <= OUR_MAZE_CHARS


def save_path(name: str, folder: Path) -> Path:
    """Return where a maze typed as ``name`` is saved; raise ValueError for a bad name.

    A bare or relative name goes in ``folder``, ``~`` is the home directory, and a name
    without a suffix gets ``.txt``.  A folder's name is refused (IsAFolder), and so is a
    folder that does not exist (NoFolder) other than ``folder`` itself, which saving makes.
    """
    name = name.strip()
    if not name:
        raise ValueError("empty name")
    if len(name) > MAX_NAME or "\0" in name:
        raise ValueError("bad name")
    path = Path(name).expanduser()
    if not path.is_absolute():
        path = folder / path
    typed = path
    if not path.suffix:
        path = path.with_name(path.name + MAZE_SUFFIX)
    for named in (typed, path):
        if named.is_dir():
            raise IsAFolder(named)
    if path.parent != folder and not path.parent.is_dir():
        raise NoFolder(path.parent)
    return path
