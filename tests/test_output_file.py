"""``generate -o`` and ``export -o`` write the file whole or not at all, and never wait on a pipe.

Found by tests/benchmarks/fuzz_cli.py: a full disk emptied the old file and left half a
maze in it (or an empty SVG), and ``-o`` a named pipe that nothing read hung for ever.
"""

from __future__ import annotations

import os
import resource
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from game.output_file import NO_READER, write_whole
from tests.clirun import ROOT, run_cli

OLD = "the maze kept from yesterday\n"


def run_with_file_limit(limit: int, *args: str) -> subprocess.CompletedProcess[str]:
    """Run ``python -m game ARGS`` where no file may grow past ``limit`` bytes (a full disk)."""
    def limited() -> None:
        """Cap the size of any file this process writes."""
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, preexec_fn=limited,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


@pytest.mark.parametrize("command", [
    ("generate", "-a", "prim", "-s", "201x201", "--seed", "1", "-o"),
    ("export", "-a", "prim", "-s", "101x101", "--seed", "1", "--format", "svg", "-o"),
])
def test_a_full_disk_leaves_the_old_file_as_it_was(tmp_path: Path,
                                                   command: tuple[str, ...]) -> None:
    out = tmp_path / "maze.out"
    out.write_text(OLD)
    done = run_with_file_limit(8192, *command, str(out))
    assert done.returncode == 2
    assert len(done.stderr.splitlines()) == 1 and "File too large" in done.stderr
    assert out.read_text() == OLD  # it held the first 8 KiB of a maze, or nothing
    assert sorted(p.name for p in tmp_path.iterdir()) == ["maze.out"]  # no temp file left


def test_a_named_pipe_nothing_reads_is_refused_at_once(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    done = run_cli("generate", "-a", "prim", "-o", str(pipe), timeout=10)
    assert done.returncode == 2  # it waited for a reader until killed
    assert done.stderr == f"migong: error: cannot write -o {pipe}: {NO_READER}\n"
    assert stat.S_ISFIFO(os.lstat(pipe).st_mode)


def test_a_named_pipe_with_a_reader_gets_the_maze(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    reader = os.open(pipe, os.O_RDONLY | os.O_NONBLOCK)  # the maze fits the pipe's buffer
    try:
        done = run_cli("generate", "-a", "prim", "-s", "5x5", "--seed", "1", "-o", str(pipe),
                       timeout=10)
        got = os.read(reader, 1 << 16)
    finally:
        os.close(reader)
    assert done.returncode == 0, done.stderr
    assert got.decode().count("\n") == 5


def test_a_device_is_written_in_place_not_replaced() -> None:
    before = os.stat(os.devnull)
    done = run_cli("generate", "-a", "prim", "-o", os.devnull)
    assert done.returncode == 0, done.stderr
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)
    assert os.stat(os.devnull).st_ino == before.st_ino


def test_a_replaced_file_keeps_its_permissions_and_a_link_stays_a_link(tmp_path: Path) -> None:
    target = tmp_path / "maze.txt"
    target.write_text(OLD)
    target.chmod(0o640)
    link = tmp_path / "link.txt"
    link.symlink_to("maze.txt")
    write_whole(str(link), b"new\n")
    assert link.is_symlink() and target.read_text() == "new\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


def test_a_new_file_gets_the_permissions_open_gives(tmp_path: Path) -> None:
    write_whole(str(tmp_path / "new.txt"), b"new\n")
    with open(tmp_path / "plain.txt", "wb"):
        pass
    assert (stat.S_IMODE((tmp_path / "new.txt").stat().st_mode)
            == stat.S_IMODE((tmp_path / "plain.txt").stat().st_mode))


@pytest.mark.parametrize("command", [("generate", "-a", "prim"),
                                     ("export", "-a", "prim", "--format", "svg")])
def test_an_empty_file_name_is_refused(command: tuple[str, ...]) -> None:
    done = run_cli(*command, "-o", "")
    assert done.returncode == 2 and done.stdout == ""  # generate printed the maze
    assert done.stderr.startswith("migong: error: -o needs a file name")


def test_a_writable_file_in_a_folder_that_is_not_is_written_in_place(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # No temp file can be made beside it (root cannot be refused one: the refusal is faked).
    target = tmp_path / "maze.txt"
    target.write_text(OLD)
    real_open = os.open

    def refused(path: str, flags: int, mode: int = 0o777) -> int:
        """Refuse to create a file in the folder, as a folder without write permission does."""
        if flags & os.O_CREAT:
            raise PermissionError(13, "Permission denied", path)
        return real_open(path, flags, mode)

    monkeypatch.setattr(os, "open", refused)
    write_whole(str(target), b"new\n")
    assert target.read_text() == "new\n"
    with pytest.raises(PermissionError):
        write_whole(str(tmp_path / "new.txt"), b"new\n")
