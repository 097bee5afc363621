"""Text mazes: read ours and the origin documents' printouts, write ours.

Our format, one row per line: ``#`` wall, ``.`` or a space floor, ``S`` start, ``E``
goal.  :func:`format_maze` writes ``.`` for floor (never a trailing space an editor could
strip) and draws a path with ``o``, which reads back as floor.

The wall character of the first wall-or-floor mark in the file picks the dialect:

* ``#`` (or no mark at all): ours, as above.
* ``0`` / ``1``: seed 003's arrays, ``0`` wall, ``1`` floor (``2``, its "been here"
  mark, reads as floor); digits may be separated by spaces or commas.
* ``X``: seed 000's printout.  One character per tile (``X`` wall, space or ``.``
  floor), or, as its Java prints, ``"X "`` for a wall and ``" "`` for a floor.
* ``墙`` / ``囻``: seed 003's console printout, a wide wall character or two spaces of
  floor per tile, ``√`` for its path.

``S`` and ``E`` work in every dialect.  Without them the floor tiles on the outer border,
in row-major order, give the start (first) and the goal (last); with fewer than two such
openings, the first and last floor tiles in row-major order do.

Lines: only the line ending (``\\n``, ``\\r\\n`` or ``\\r``) is stripped, since a space
is floor.  Empty lines at the end of the file are ignored; every other line is a row and
all rows must have the same number of tiles, or the file is refused as "ragged rows"
naming the first odd line, its width and the expected width (the most common one).
Files larger than :data:`MAX_FILE_BYTES` (16 MiB, room for a 4000x4000 maze) are refused
before they are read.

Errors read ``file:line:column: what was found (expected what)``; an empty file and one
with no floor are located at 1:1, where the maze should begin.  Only what concerns the
file as a whole (missing, a directory, unreadable, over the size limit) has no line.
"""

from __future__ import annotations

import os
import re
import sys
from collections import Counter
from pathlib import Path
from typing import BinaryIO, Optional, Sequence

import numpy as np

from game.maze.grid import FLOOR, WALL, Maze, Pos

MAX_FILE_BYTES = 16 * 1024 * 1024

#: Characters :func:`format_maze` writes.
WALL_CHAR, FLOOR_CHAR, START_CHAR, GOAL_CHAR, PATH_CHAR = "#", ".", "S", "E", "o"

# Tile codes while parsing; S and E become floor in the Maze.
_W, _F, _S, _E = 0, 1, 2, 3


class MazeFormatError(ValueError):
    """A text maze that cannot be read, located by source, line and column (1-based)."""

    def __init__(
        self,
        message: str,
        source: str = "<string>",
        line: Optional[int] = None,
        column: Optional[int] = None,
    ) -> None:
        self.message = message
        self.source = source
        self.line = line
        self.column = column
        where = source
        if line is not None:
            where += f":{line}"
            if column is not None:
                where += f":{column}"
        super().__init__(f"{where}: {message}")


class _Dialect:
    """How one text style maps characters to tiles."""

    def __init__(self, name: str, chars: dict[str, int], expected: str, floor: str) -> None:
        self.name = name
        self.chars = chars
        self.expected = expected
        self.floor = floor
        self.table = {ord(ch): code for ch, code in chars.items()}
        self.unknown = re.compile("[^" + re.escape("".join(chars)) + "]")


_OURS = _Dialect(
    "ours",
    {"#": _W, ".": _F, " ": _F, "o": _F, "S": _S, "E": _E},
    "'#' wall, '.' or ' ' floor, 'S', 'E' or 'o' path",
    "'.' or ' '",
)
_DIGITS = _Dialect(
    "digits",
    {"0": _W, "1": _F, "2": _F, "S": _S, "E": _E},
    "'0' wall, '1' floor, 'S' or 'E'",
    "'1'",
)
_X_SINGLE = _Dialect(
    "X",
    {"X": _W, " ": _F, ".": _F, "S": _S, "E": _E},
    "'X' wall, ' ' or '.' floor, 'S' or 'E'",
    "' ' or '.'",
)
# Token dialects: one regex alternative per tile kind, tried at each position of a line.
_X_JAVA = re.compile(r"(X ?)|([ .])|(S)|(E)")  # seed 000's Java: "X " wall, " " floor
_X_PAIRS = re.compile(r"(X[ ]?)|(  ?|\. ?)|(S ?)|(E ?)")  # two characters per tile
_WIDE = re.compile(r"([墙囻])|(  |√|\.)|(S)|(E)")  # seed 003's console printout
_DIGIT_SEPARATED = re.compile(r"[ ,\t]*(?:(0)|([12])|(S)|(E))[ ,\t]*")

_DIALECT_MARKS = re.compile("[#X01墙囻]")


def parse_maze(text: str, source: str = "<string>") -> Maze:
    """Parse a text maze in any supported dialect; raise MazeFormatError if it is bad."""
    if text.startswith("\ufeff"):
        text = text[1:]
    nul = text.find("\0")
    if nul >= 0:
        line, col = _line_col(text, nul)
        raise MazeFormatError(
            "NUL byte: this looks like a binary file (expected a text maze)", source, line, col
        )
    lines = _split_lines(text)
    if not lines or not text.strip():
        raise MazeFormatError(
            "empty file (expected rows of '#' walls and '.' floor, with 'S' and 'E')",
            source,
            1,
            1,
        )
    mark = _DIALECT_MARKS.search(text)
    first = mark.group() if mark else "#"
    if first in "01":
        floor = _DIGITS.floor
        if any(sep in line for line in lines for sep in " ,\t"):
            codes = _parse_tokens(lines, _DIGIT_SEPARATED, _DIGITS.expected, source)
        else:
            codes = _parse_single(lines, _DIGITS, source)
    elif first == "X":
        codes, floor = _parse_x(lines, source)
    elif first in "墙囻":
        floor = "'  ' (two spaces) or '√'"
        codes = _parse_tokens(
            lines, _WIDE, "'墙' or '囻' wall, two spaces or '√' floor, 'S' or 'E'", source
        )
    else:
        floor = _OURS.floor
        codes = _parse_single(lines, _OURS, source)
    return _to_maze(codes, source, floor)


def load_maze(path: str | Path) -> Maze:
    """Read and parse the text maze at ``path``; raise MazeFormatError if it is bad."""
    source = str(path)
    try:
        if os.path.isdir(path):
            raise MazeFormatError("is a directory (expected a maze text file)", source)
        size = os.stat(path).st_size
        if size > MAX_FILE_BYTES:
            raise MazeFormatError(_too_large(size), source)
        with open(path, "rb") as stream:
            data = read_limited(stream, source)
    except FileNotFoundError:
        raise MazeFormatError("no such file (expected a maze text file)", source) from None
    except PermissionError:
        raise MazeFormatError("permission denied (cannot read the file)", source) from None
    except OSError as exc:
        raise MazeFormatError(f"cannot read the file: {exc.strerror or exc}", source) from None
    return parse_maze(decode(data, source), source)


def read_limited(stream: BinaryIO, source: str) -> bytes:
    """Read at most MAX_FILE_BYTES from ``stream``; refuse anything longer."""
    data = stream.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise MazeFormatError(_too_large(None), source)
    return data


def decode(data: bytes, source: str) -> str:
    """Decode UTF-8 bytes, locating a NUL byte or the first invalid byte if any."""
    nul = data.find(b"\0")
    if nul >= 0:
        line, col = _byte_line_col(data, nul)
        raise MazeFormatError(
            "NUL byte: this looks like a binary file (expected a text maze)", source, line, col
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, col = _byte_line_col(data, exc.start)
        raise MazeFormatError(
            f"invalid UTF-8 byte 0x{data[exc.start]:02x}: this looks like a binary file "
            "(expected UTF-8 text)",
            source,
            line,
            col,
        ) from None


def load_stdin(source: str = "<stdin>") -> Maze:
    """Read and parse a text maze from standard input."""
    return parse_maze(decode(read_limited(sys.stdin.buffer, source), source), source)


def place_ends(
    maze: Maze,
    *,
    start: Optional[Pos] = None,
    goal: Optional[Pos] = None,
    source: str = "<string>",
) -> Maze:
    """Return ``maze`` with a new start and/or goal, which must be floor tiles on the grid."""
    for what, pos in (("start", start), ("goal", goal)):
        if pos is None:
            continue
        r, c = pos
        if not maze.in_bounds(pos):
            raise MazeFormatError(
                f"{what} {r},{c} is off the grid (expected row 0..{maze.rows - 1}, "
                f"column 0..{maze.cols - 1}; coordinates are 0-based)",
                source,
            )
        if maze.tiles[r, c] != FLOOR:
            raise MazeFormatError(
                f"{what} {r},{c} is on a wall (expected a floor tile; the position is "
                f"line {r + 1}, tile {c + 1})",
                source,
                r + 1,
                c + 1,
            )
    return Maze(
        maze.tiles,
        maze.start if start is None else (int(start[0]), int(start[1])),
        maze.goal if goal is None else (int(goal[0]), int(goal[1])),
    )


def format_maze(maze: Maze, path: Optional[Sequence[Pos]] = None) -> str:
    """Return ``maze`` in our text format, with ``path`` drawn as ``o`` if given."""
    chars = np.where(maze.tiles == FLOOR, ord(FLOOR_CHAR), ord(WALL_CHAR)).astype(np.uint8)
    if path:
        rows, cols = zip(*path)
        chars[list(rows), list(cols)] = ord(PATH_CHAR)
    chars[maze.start] = ord(START_CHAR)
    chars[maze.goal] = ord(GOAL_CHAR)
    framed = np.full((maze.rows, maze.cols + 1), ord("\n"), dtype=np.uint8)
    framed[:, :-1] = chars
    return framed.tobytes().decode("ascii")


# --- parsing helpers -------------------------------------------------------------------


def _split_lines(text: str) -> list[str]:
    """Split on line endings only (a space is floor) and drop empty lines at the end."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    while lines and lines[-1] == "":
        lines.pop()
    return lines


def _line_col(text: str, index: int) -> tuple[int, int]:
    """Return the 1-based line and column of a character index."""
    line_start = text.rfind("\n", 0, index) + 1
    return text.count("\n", 0, index) + 1, index - line_start + 1


def _byte_line_col(data: bytes, index: int) -> tuple[int, int]:
    """Return the 1-based line and column (in characters) of a byte offset."""
    line_start = data.rfind(b"\n", 0, index) + 1
    column = len(data[line_start:index].decode("utf-8", errors="replace")) + 1
    return data.count(b"\n", 0, index) + 1, column


def _too_large(size: Optional[int]) -> str:
    """Say that a file is over the size limit."""
    limit = f"{MAX_FILE_BYTES // (1024 * 1024)} MiB"
    if size is None:
        return f"file is larger than the {limit} limit for a maze (expected a maze text file)"
    return (
        f"file is {size} bytes ({size / (1024 * 1024):.1f} MiB), larger than the {limit} "
        "limit for a maze (expected a maze text file)"
    )


def _check_widths(widths: list[int], source: str) -> None:
    """Refuse rows of different widths, naming the first odd line."""
    counts = Counter(widths)
    if len(counts) == 1:
        return
    expected, _ = max(counts.items(), key=lambda kv: (kv[1], -widths.index(kv[0])))
    model = widths.index(expected) + 1
    for i, width in enumerate(widths):
        if width != expected:
            what = "is empty" if width == 0 else f"has {width} tile{'s' if width != 1 else ''}"
            raise MazeFormatError(
                f"ragged rows: line {i + 1} {what}, expected {expected} like line {model}",
                source,
                i + 1,
                min(width, expected) + 1,
            )


def _parse_single(lines: list[str], dialect: _Dialect, source: str) -> np.ndarray:
    """Parse one character per tile, vectorised."""
    for i, line in enumerate(lines):
        bad = dialect.unknown.search(line)
        if bad:
            raise _unknown(bad.group(), dialect.expected, source, i + 1, bad.start() + 1)
    _check_widths([len(line) for line in lines], source)
    flat = "".join(lines).translate(dialect.table).encode("latin-1")
    return np.frombuffer(flat, dtype=np.uint8).reshape(len(lines), len(lines[0]))


def _parse_tokens(
    lines: list[str], pattern: re.Pattern[str], expected: str, source: str
) -> np.ndarray:
    """Parse lines as runs of tokens; group 1..4 of ``pattern`` is wall, floor, S, E."""
    rows: list[list[int]] = []
    for i, line in enumerate(lines):
        row: list[int] = []
        pos, end = 0, len(line)
        while pos < end:
            m = pattern.match(line, pos)
            if not m or m.end() == pos:
                raise _unknown(line[pos], expected, source, i + 1, pos + 1)
            row.append(m.lastindex - 1)  # type: ignore[operator]
            pos = m.end()
        rows.append(row)
    _check_widths([len(row) for row in rows], source)
    return np.array(rows, dtype=np.uint8).reshape(len(rows), len(rows[0]))


def _parse_x(lines: list[str], source: str) -> tuple[np.ndarray, str]:
    """Parse seed 000's ``X`` printouts: one character per tile, or its Java's tokens.

    Return the tile codes and how this printout writes a floor tile.
    """
    text = "\n".join(lines)
    if "XX" in text or re.search(r"X[^ \n]", text):
        return _parse_single(lines, _X_SINGLE, source), _X_SINGLE.floor
    # Every X is followed by a space: either two characters per tile ("X " and "  "),
    # recognisable because every X then sits on an even column, or the Java's literal
    # output, "X " for a wall and a single " " for a floor.
    if all(
        (m.start() - text.rfind("\n", 0, m.start()) - 1) % 2 == 0 for m in re.finditer("X", text)
    ):
        pairs = _parse_tokens(lines, _X_PAIRS, "'X ' wall or '  ' floor, 'S' or 'E'", source)
        return pairs, "'  ' (two spaces)"
    return _parse_tokens(lines, _X_JAVA, "'X ' wall or ' ' floor, 'S' or 'E'", source), "' '"


def _unknown(found: str, expected: str, source: str, line: int, column: int) -> MazeFormatError:
    """Build the error for a character the dialect does not know."""
    return MazeFormatError(
        f"unknown character {found!r} (expected {expected})", source, line, column
    )


def _to_maze(codes: np.ndarray, source: str, floor_chars: str) -> Maze:
    """Turn parsed tile codes into a Maze, finding its start and goal.

    ``floor_chars`` says how the file's dialect writes floor, for the error when it has none.
    """
    starts = np.argwhere(codes == _S)
    goals = np.argwhere(codes == _E)
    for found, letter, what in ((starts, "S", "start"), (goals, "E", "goal")):
        if len(found) > 1:
            (r1, c1), (r2, c2) = found[0], found[1]
            raise MazeFormatError(
                f"two {what}s {letter!r}: line {r1 + 1} tile {c1 + 1} and line {r2 + 1} "
                f"tile {c2 + 1} (expected one {letter!r})",
                source,
                int(r2) + 1,
                int(c2) + 1,
            )
    tiles = np.where(codes == _W, WALL, FLOOR).astype(np.uint8)
    floor = np.argwhere(tiles == FLOOR)
    if len(floor) == 0:
        rows, cols = tiles.shape
        raise MazeFormatError(
            f"no floor tiles: all {rows * cols} tiles ({rows} row{'s' if rows != 1 else ''} "
            f"of {cols}) are wall (expected at least one floor tile: {floor_chars}, "
            "or 'S' or 'E')",
            source,
            1,
            1,
        )
    start: Optional[Pos] = (int(starts[0][0]), int(starts[0][1])) if len(starts) else None
    goal: Optional[Pos] = (int(goals[0][0]), int(goals[0][1])) if len(goals) else None
    if start is None or goal is None:
        candidates = _openings(tiles)
        if len(candidates) < 2:
            candidates = [(int(r), int(c)) for r, c in floor]
        if start is None:
            rest = [p for p in candidates if p != goal]
            start = rest[0] if rest else candidates[0]
        if goal is None:
            rest = [p for p in candidates if p != start]
            goal = rest[-1] if rest else candidates[-1]
    return Maze(tiles, start, goal)


def _openings(tiles: np.ndarray) -> list[Pos]:
    """Return the floor tiles on the outer border in row-major order."""
    border = np.zeros(tiles.shape, dtype=bool)
    border[0, :] = border[-1, :] = True
    border[:, 0] = border[:, -1] = True
    return [(int(r), int(c)) for r, c in np.argwhere(border & (tiles == FLOOR))]
