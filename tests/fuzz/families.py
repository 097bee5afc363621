"""Hostile inputs, family by family, and the judges that run them against the real code.

Each family is a function ``(rng) -> input`` built on ``random.Random``, so a run is
reproducible from its seed; each judge runs one input and returns its outcome, a short
label such as ``"maze"`` or ``"error: ragged rows"``, or raises AssertionError when the
code broke a promise: any exception but the one clean error, an error without a location
where one is due, a location off the file, a save the game cannot start with, a second
line on stderr.  ``tests/fuzz/test_fuzz.py`` runs a few of each in the suite;
``tests/fuzz/run.py --count N`` runs many and prints the outcomes.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import re
import socket
import stat
import sys
import threading
import time
from pathlib import Path
from typing import Callable, Iterator

from game.cli import main as cli_main
from game.levels import CAMPAIGN
from game.maze.formats import MazeFormatError, decode, load_maze, parse_maze
from game.maze.grid import FLOOR
from game.maze.solvers import SOLVERS
from game.save import ANIM_SPEED_RANGE, Progress, SaveStore

# --- maze files ----------------------------------------------------------------------------

#: A valid maze in each dialect the reader knows.
DIALECT_SAMPLES = [
    "#####\nS...#\n###.#\n#...E\n#####\n",
    "00000\n11101\n00101\n00111\n00000\n",
    "0,0,0,0,0\n1,1,1,0,1\n0,0,1,0,1\n0,0,1,1,1\n0,0,0,0,0\n",
    "XXXXX\n    X\nXXX X\nX    \nXXXXX\n",
    "X X X X X \n        X \nX X X   X \nX         \nX X X X X \n",
    "X X X X X \n    X \nX X X  X \nX     \nX X X X X \n",
    "墙墙墙墙\n  √√墙\n墙墙    \n墙墙墙墙\n",
]
MARKS = list("#. SEo01X2墙囻√,\t") + ["  ", "X ", "\r", "\n", "\r\n", "\ufeff", "\0", "é"]
ENDINGS = ["\n", "\r\n", "\r"]


def _mutate(rng: random.Random, text: str) -> str:
    """Return ``text`` with a few characters inserted, removed or replaced."""
    chars = list(text)
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(chars) + 1)
        action = rng.random()
        if action < 0.4 or not chars:
            chars.insert(at, rng.choice(MARKS))
        elif action < 0.7:
            del chars[min(at, len(chars) - 1)]
        else:
            chars[min(at, len(chars) - 1)] = rng.choice(MARKS)
    return "".join(chars)


def maze_random_bytes(rng: random.Random) -> bytes:
    """Return up to 200 random bytes."""
    return bytes(rng.randrange(256) for _ in range(rng.randrange(200)))


def maze_random_text(rng: random.Random) -> bytes:
    """Return up to 80 characters drawn from the marks of every dialect and a few others."""
    alphabet = MARKS + ["Q", "\u2028", "\x85", "😀", "1" * 30]
    return "".join(rng.choice(alphabet) for _ in range(rng.randrange(80))).encode()


def maze_mixed_line_endings(rng: random.Random) -> bytes:
    """Return a valid maze whose lines end in a random mix of LF, CRLF and CR."""
    lines = rng.choice(DIALECT_SAMPLES).splitlines()
    return "".join(line + rng.choice(ENDINGS) for line in lines).encode()


def maze_bom_and_nul(rng: random.Random) -> bytes:
    """Return a maze with a byte order mark, and a NUL or a bad UTF-8 byte somewhere."""
    data = bytearray(maze_mixed_line_endings(rng))
    data[rng.randrange(len(data) + 1):0] = rng.choice([b"\0", b"\xff", b"\xc3", b"\xed\xa0\x80"])
    return b"\xef\xbb\xbf" + bytes(data)


def maze_huge_numbers(rng: random.Random) -> bytes:
    """Return rows of digits around the 4001 limits: very wide rows, or very many rows."""
    if rng.random() < 0.5:
        width, rows = rng.choice([4000, 4001, 4002, 5000, rng.randrange(1, 9000)]), 2
    else:
        width, rows = rng.randint(1, 3), rng.choice([4000, 4001, 4002, 6000])
    digit = rng.choice("0123456789")
    sep = rng.choice(["", ",", " "])
    row = sep.join(digit if c % 7 else "1" for c in range(width))
    return ((row + "\n") * rows).encode()


def maze_ragged_rows(rng: random.Random) -> bytes:
    """Return a maze whose rows have several different widths."""
    lines = rng.choice(DIALECT_SAMPLES).splitlines()
    i = rng.randrange(len(lines))
    lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)] + "#" * rng.randrange(3)
    if rng.random() < 0.3:
        lines.insert(rng.randrange(len(lines) + 1), "")
    return ("\n".join(lines) + "\n").encode()


def maze_dialect_mix(rng: random.Random) -> bytes:
    """Return a valid maze of one dialect with marks of others mixed in."""
    return _mutate(rng, rng.choice(DIALECT_SAMPLES)).encode()


def maze_valid(rng: random.Random) -> bytes:
    """Return a valid random maze, written in a random dialect."""
    rows, cols = rng.randint(1, 12), rng.randint(1, 12)
    wall, floor, sep = rng.choice([("#", ".", ""), ("0", "1", ""), ("0", "1", ","),
                                   ("墙", "  ", "")])
    grid = [[rng.random() < 0.5 for _ in range(cols)] for _ in range(rows)]
    grid[0][0] = False
    if cols > 1:
        grid[0][1] = True  # the first mark is a wall: it picks the dialect
    text = "".join(sep.join(wall if w else floor for w in row) + "\n" for row in grid)
    return text.encode()


MAZE_FAMILIES: dict[str, Callable[[random.Random], bytes]] = {
    "random bytes": maze_random_bytes,
    "random text": maze_random_text,
    "mixed line endings": maze_mixed_line_endings,
    "BOM, NUL, bad UTF-8": maze_bom_and_nul,
    "huge numbers": maze_huge_numbers,
    "ragged rows": maze_ragged_rows,
    "dialect mix": maze_dialect_mix,
    "valid": maze_valid,
}


def line_count(data: bytes) -> int:
    """Return how many lines ``data`` has, every kind of line ending counted."""
    return 1 + data.count(b"\n") + data.count(b"\r") - data.count(b"\r\n")


def judge_maze(data: bytes, path: Path | None = None) -> str:
    """Read ``data`` as a maze (from ``path`` when given); return its outcome."""
    source = str(path) if path is not None else "fuzz.txt"
    try:
        if path is not None:
            path.write_bytes(data)
            maze = load_maze(path)
        else:
            maze = parse_maze(decode(data, source), source)
    except MazeFormatError as err:
        message = str(err)
        assert message.startswith(f"{source}:") and "\n" not in message, message
        assert err.line is not None and err.column is not None, message  # in the file
        assert 1 <= err.line <= line_count(data) and err.column >= 1, message
        return "error: " + _kind(err.message)
    assert maze.tiles.ndim == 2 and maze.tiles.size > 0
    assert maze.tiles[maze.start] == FLOOR and maze.tiles[maze.goal] == FLOOR
    return "maze"


# --- saves ---------------------------------------------------------------------------------

VALID_SAVE = {
    "version": 1, "unlocked": 4, "best_times": {"B11x11-UL": 12.5}, "best_moves":
    {"B11x11-UL": 20}, "stars": {"B11x11-UL": 3}, "settings": {
        "volume": 0.4, "muted": True, "fullscreen": False, "anim_speed": 2.0,
        "default_solver": "dfs", "custom": {"algorithm": "prim", "rows": 31, "cols": 31,
                                            "seed": 7, "loops": 0.1, "room_size": None}},
}  # fmt: skip
ODD_VALUES: list[object] = [
    None, True, False, 0, -1, 2**70, 1e308, "text", "", [], [1, 2], {}, {"a": 1}, 0.5, -0.5,
]
RAW_VALUES = [
    "9" * 5000, "-" + "9" * 400, "1" + "0" * 400, "1e999", "-1e999", "NaN", "Infinity",
    "[" * 5000 + "]" * 5000, '{"a":' * 3000 + "1" + "}" * 3000, '"\\ud800"', "1.5e-400",
]


def _paths(doc: object, prefix: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """Yield the key path of every value in a JSON object tree."""
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield prefix + (key,)
            yield from _paths(value, prefix + (key,))


def _replace(doc: dict, path: tuple[str, ...], value: object) -> dict:
    """Return a deep copy of ``doc`` with the value at ``path`` replaced."""
    copy = json.loads(json.dumps(doc))
    node = copy
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return copy


def save_truncated(rng: random.Random) -> bytes:
    """Return a valid save cut at a random byte."""
    text = json.dumps(VALID_SAVE, indent=rng.choice([None, 2])).encode()
    return text[: rng.randrange(len(text))]


def save_type_swap(rng: random.Random) -> bytes:
    """Return a valid save with one value replaced by a value of another type."""
    path = rng.choice(list(_paths(VALID_SAVE)))
    return json.dumps(_replace(VALID_SAVE, path, rng.choice(ODD_VALUES))).encode()


def save_raw_value(rng: random.Random) -> bytes:
    """Return a valid save with one value replaced by a huge, deep or odd JSON literal."""
    path = rng.choice(list(_paths(VALID_SAVE)))
    marker = "__RAW__"
    text = json.dumps(_replace(VALID_SAVE, path, marker))
    return text.replace(f'"{marker}"', rng.choice(RAW_VALUES)).encode()


def save_unversioned(rng: random.Random) -> bytes:
    """Return an old, unversioned save: flat settings keys, maybe a mistyped settings."""
    doc: dict[str, object] = {"unlocked": rng.randint(-3, 40), "volume": rng.random()}
    if rng.random() < 0.7:
        doc["settings"] = rng.choice(ODD_VALUES + [{"volume": 0.3}])
    return json.dumps(doc).encode()


def save_random_bytes(rng: random.Random) -> bytes:
    """Return random bytes, sometimes behind a byte order mark or a JSON-looking start."""
    junk = bytes(rng.randrange(256) for _ in range(rng.randrange(120)))
    return rng.choice([b"", b"\xef\xbb\xbf", b'{"version": 1, ']) + junk


SAVE_FAMILIES: dict[str, Callable[[random.Random], bytes]] = {
    "truncated": save_truncated,
    "type swap": save_type_swap,
    "huge, deep, odd literal": save_raw_value,
    "unversioned": save_unversioned,
    "random bytes": save_random_bytes,
}


def check_progress(progress: Progress) -> None:
    """Fail unless every value of a loaded Progress is in its range and of its type."""
    assert isinstance(progress, Progress)
    assert 1 <= progress.unlocked <= len(CAMPAIGN)
    assert all(isinstance(t, float) and t >= 0 for t in progress.best_times.values())
    assert all(type(m) is int and m >= 0 for m in progress.best_moves.values())
    assert all(type(s) is int and 0 <= s <= 3 for s in progress.stars.values())
    settings = progress.settings
    assert 0.0 <= settings.volume <= 1.0
    assert ANIM_SPEED_RANGE[0] <= settings.anim_speed <= ANIM_SPEED_RANGE[1]
    assert settings.default_solver in SOLVERS


def judge_save(data: bytes, directory: Path) -> str:
    """Start the game's save store on ``data`` in ``directory``; return the outcome."""
    path = directory / "save.json"
    path.write_bytes(data)
    store = SaveStore(path)
    progress, notice = store.load()
    check_progress(progress)
    if notice is None:
        outcome = "loaded"
    elif not store.writable:  # not recognisably a save: never moved, replaced or written
        assert "\n" not in notice and progress == Progress()
        assert store.write(progress) is None and path.read_bytes() == data, notice
        assert [p.name for p in directory.iterdir()] == ["save.json"]
        path.unlink()
        return "left alone"
    else:
        assert "\n" not in notice
        kept = directory / "save.json.corrupt"
        assert kept.read_bytes() == data and not path.exists(), notice
        outcome = "kept aside"
    assert store.write(progress) is None  # and the next start is clean
    assert SaveStore(path).load() == (progress, None)
    for leftover in directory.iterdir():
        leftover.unlink()
    return outcome


def make_fifo(path: Path) -> None:
    """Make a named pipe at ``path``; a reader stuck opening it is let go after 5 s.

    (Opening a pipe nobody writes to waits for a writer: should the code under test do
    that, the judge then fails on the empty read instead of hanging the run.)
    """
    os.mkfifo(path)

    def let_go() -> None:
        """Open the pipe for writing once a reader waits on it, and close it at once."""
        time.sleep(5)
        for _ in range(100):
            try:
                os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
                return
            except OSError:  # no reader waiting (the pipe was refused, as it should be)
                time.sleep(0.2)

    threading.Thread(target=let_go, daemon=True).start()


def _socket(path: Path) -> None:
    """Leave a Unix socket file at ``path``."""
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(path))


def _link_loop(path: Path) -> None:
    """Make ``path`` a symbolic link to itself."""
    path.symlink_to(path.name)


def _link_to_dir(path: Path) -> None:
    """Make ``path`` a link to a directory."""
    (path.parent / "folder").mkdir()
    path.symlink_to("folder")


#: Save paths that are not a regular file, and how to make each.
ODD_SAVE_PATHS: dict[str, Callable[[Path], None]] = {
    "directory": Path.mkdir,
    "named pipe": make_fifo,
    "socket": _socket,
    "link loop": _link_loop,
    "link to a directory": _link_to_dir,
}


def judge_save_path(kind: str, directory: Path) -> str:
    """Start the save store on an odd save path; return the outcome."""
    path = directory / "save.json"
    ODD_SAVE_PATHS[kind](path)
    before = os.lstat(path)
    store = SaveStore(path)
    progress, notice = store.load()
    assert progress == Progress() and notice is not None and "\n" not in notice
    assert store.write(Progress(unlocked=3)) is None  # told once, at the start
    after = os.lstat(path)
    assert stat.S_IFMT(after.st_mode) == stat.S_IFMT(before.st_mode)  # never replaced
    return "refused, unsaved"


# --- command lines -------------------------------------------------------------------------

OPTION_VALUES = {
    "--algorithm": ["prim", "backtracker", "division", "dig", "astar", "", "PRIM"],
    "--size": ["11x11", "5x7", "10x10", "3x3", "4003x5", "1x1", "0x0", "-5x5", "9" * 5000 + "x5",
               "١١x١١", " 7 x 9 ", "7×9", "axb", "", "11"],
    "--seed": ["0", "7", "-1", "9" * 30, "9" * 5000, "1e3", "0x10", "", "٣"],
    "--loops": ["0", "0.5", "1", "2", "-0.1", "nan", "inf", "1e-400", "9" * 5000, ""],
    "--room-size": ["1", "3", "0", "-2", "9" * 40, "x"],
    "--rank": ["1", "2", "0", "9" * 40, "x"],
    "--solve": ["bfs", "dfs", "stack", "astar", ""],
    "--solver": ["bfs", "dfs", "stack", "dijkstra"],
    "--start": ["1,0", "0,0", "9,9", "-1,-1", "9" * 5000 + ",0", "1;0", "", "1,0,2"],
    "--goal": ["3,4", "1,0", "99,99", "0," + "9" * 5000, "x"],
}
GENERATE_OPTIONS = ["--algorithm", "--size", "--seed", "--loops", "--room-size", "--rank",
                    "--solve"]
SOLVE_OPTIONS = ["--solver", "--start", "--goal"]


def command_line(rng: random.Random, maze_file: Path) -> list[str]:
    """Return a random ``generate`` or ``solve`` command line, good or bad."""
    if rng.random() < 0.5:
        argv = ["generate"]
        options = rng.sample(GENERATE_OPTIONS, rng.randint(0, len(GENERATE_OPTIONS)))
    else:
        argv = ["solve", rng.choice([str(maze_file), "-", str(maze_file.parent), "/no/file"])]
        options = rng.sample(SOLVE_OPTIONS, rng.randint(0, len(SOLVE_OPTIONS)))
        if rng.random() < 0.3:
            argv.append("--json")
    for option in options:
        argv += [option, rng.choice(OPTION_VALUES[option])]
    if rng.random() < 0.05:
        argv.append(rng.choice(["--nope", "extra", "-x"]))
    return argv


def judge_command_line(argv: list[str], stdin_text: str = "") -> str:
    """Run ``migong ARGV`` in this process; return the outcome (exit code, error kind)."""
    out, err = io.StringIO(), io.StringIO()
    stdin = io.TextIOWrapper(io.BytesIO(stdin_text.encode()))
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
            _replaced_stdin(stdin):
        try:
            code = cli_main(argv)
        except SystemExit as done:  # argparse's own errors
            code = done.code if isinstance(done.code, int) else 2
    return _outcome(code, err.getvalue())


def _outcome(code: int, stderr: str) -> str:
    """Check an exit code and what stderr said; return the outcome label."""
    assert code in (0, 1, 2), (code, stderr)
    if code != 2:
        assert stderr == "", stderr
        return f"exit {code}"
    lines = stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("migong: error: "), stderr
    assert "Traceback" not in stderr and len(lines[0]) < 400, stderr
    message = lines[0][len("migong: error: "):]
    return "exit 2: " + _kind(message.split(": ", 1)[-1] if "/" in message else message)


def _kind(message: str) -> str:
    """Return the gist of an error message: its first words, numbers and values left out."""
    gist = re.split(r"[:(']", re.sub(r"0x[0-9a-f]+|\d+", "N", message), maxsplit=1)[0]
    return " ".join(gist.split()[:6])


@contextlib.contextmanager
def _replaced_stdin(stream: io.TextIOWrapper) -> Iterator[None]:
    """Stand ``stream`` in for standard input for the duration."""
    saved, sys.stdin = sys.stdin, stream
    try:
        yield
    finally:
        sys.stdin = saved
