"""A maze file whose name is not UTF-8 plays and edits (found by tests/benchmarks/fuzz_cli.py).

Its name reached the window as a lone surrogate, which pygame cannot draw: the first frame
of play and of the editor was a UnicodeEncodeError traceback.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.play.test_launch_display import launch

MAZE = "#####\nS...#\n###.#\n#...E\n#####\n"


@pytest.fixture
def odd_maze(tmp_path: Path) -> Path:
    """Return a maze file named with the byte 0xff (a lone surrogate once decoded)."""
    path = Path(os.fsdecode(os.fsencode(tmp_path) + b"/\xff-maze.txt"))
    path.write_text(MAZE)
    return path


@pytest.mark.parametrize("command", ["play", "edit"])
def test_a_maze_file_named_in_no_encoding_opens(tmp_path: Path, odd_maze: Path,
                                                command: str) -> None:
    done = launch(command, str(odd_maze), save=tmp_path / "save.json", SDL_VIDEODRIVER="dummy")
    assert (done.returncode, done.stderr) == (0, "")
