"""Text mazes: read ours and the origin documents' printouts, write ours.

Our format, one row per line: ``#`` wall, ``.`` or a space floor, ``S`` start, ``E``
goal; every tile kind is read and written as the character the tile table gives it
(:mod:`game.maze.tiles`).  :func:`format_maze` writes ``.`` for floor (never a trailing
space an editor could strip) and draws a path with ``o``, which reads back as floor.

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
Files larger than :data:`MAX_FILE_BYTES` (16 MiB) are refused before they are read, and
a maze has at most :data:`~game.maze.grid.MAX_SIDE` (4001) rows and tiles a row, the
largest the generators make.  Only regular files are read (a named pipe or a device could
block or never end); standard input is read through :func:`load_stdin`.

Reading is linear in the size of the file: the row count is checked before anything
goes line by line, each dialect's tokens are rewritten as one character per tile with
``str.replace`` and the tiles are classified with numpy, so a 16 MiB file is answered in
about a second (``tests/benchmarks/bench_formats.py``).

Errors read ``file:line:column: what was found (expected what)``; an empty file and one
with no floor are located at 1:1, where the maze should begin.  Lines are counted at every
line ending and columns in characters, a byte order mark not included.  Only what
concerns the file as a whole (missing, a directory, unreadable, over the size limit) has
no line.
"""

from __future__ import annotations

import os
import re
import stat
import sys
from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import BinaryIO, Optional, Sequence

import numpy as np

from game.maze import tiles as kinds
from game.maze.grid import FLOOR, MAX_SIDE, WALL, Maze, Pos

MAX_FILE_BYTES = 16 * 1024 * 1024

#: Characters :func:`format_maze` writes besides each tile kind's own (game.maze.tiles).
START_CHAR, GOAL_CHAR, PATH_CHAR = "S", "E", "o"

# Tile codes while parsing: a kind id, or S or E, which become floor in the Maze.
_W, _F, _S, _E = WALL, FLOOR, 254, 255
#: One ASCII character per tile code, standing in for a dialect's wide characters.
_ASCII = {_W: "#", _F: ".", _S: "S", _E: "E"}
#: Flags to open a maze file: never block on a named pipe (it is refused after fstat).
_READ_FLAGS = (
    os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    | getattr(os, "O_CLOEXEC", 0)
)


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
    """How one text style writes its tiles.

    ``tiles`` maps each character of a one-character-per-tile line to its tile code.  A
    dialect whose tiles are tokens (``tokens``: groups 1..4 are wall, floor, S, E) gives
    ``squeeze``, the ``str.replace`` steps that rewrite each token as one such character
    (run in C, so reading stays linear), and ``alphabet``, every character its lines may
    hold.
    """

    def __init__(
        self,
        tiles: dict[str, int],
        expected: str,
        floor: str,
        *,
        alphabet: str = "",
        squeeze: tuple[tuple[str, str], ...] = (),
        tokens: Optional[re.Pattern[str]] = None,
    ) -> None:
        self.expected = expected
        self.floor = floor
        self.tokens = tokens
        self.unknown = re.compile("[^" + re.escape(alphabet or "".join(tiles)) + "\n]")
        # Wide characters become ASCII stand-ins, so the tiles can be read as bytes.
        self.squeeze = squeeze + tuple(
            (ch, _ASCII[code]) for ch, code in tiles.items() if not ch.isascii()
        )
        ascii_tiles = {ch if ch.isascii() else _ASCII[code]: code for ch, code in tiles.items()}
        self.leftover = re.compile("[^" + re.escape("".join(ascii_tiles)) + "\n]")
        self.codes = np.zeros(256, dtype=np.uint8)  # ASCII character -> tile code
        for ch, code in ascii_tiles.items():
            self.codes[ord(ch)] = code




@lru_cache(maxsize=4)
def _ours(table: tuple[tuple[str, str], ...]) -> _Dialect:
    """Return our dialect for the tile table's ``(character, name)`` rows, by kind id.

    Every kind reads from its own character (:mod:`game.maze.tiles`); so do the floor
    spellings ``' '`` and ``'o'`` and the ends ``S`` and ``E``.
    """
    groups: dict[str, list[tuple[str, str]]] = {}  # kinds by the last word of their name
    for char, name in table[FLOOR + 1:]:
        groups.setdefault(name.split()[-1], []).append((char, name))
    extra = "".join(
        f", {' '.join(repr(char) for char, _ in rows)} {word}s" if len(rows) > 1
        else f", {rows[0][0]!r} {rows[0][1]}"
        for word, rows in groups.items()
    )
    return _Dialect(
        {" ": _F, "o": _F, "S": _S, "E": _E} | {char: kind for kind, (char, _) in enumerate(table)},
        f"'#' wall, '.' or ' ' floor{extra}, 'S', 'E' or 'o' path",
        "'.' or ' '",
    )


def _ours_now() -> _Dialect:
    """Return our dialect for the tile table as it is now."""
    return _ours(tuple(zip(map(str, kinds.KINDS["char"]), map(str, kinds.KINDS["name"]))))
_DIGIT_TILES = {"0": _W, "1": _F, "2": _F, "S": _S, "E": _E}
_DIGITS = _Dialect(_DIGIT_TILES, "'0' wall, '1' floor, 'S' or 'E'", "'1'")
_SEPARATORS = " ,\t"
_DIGITS_SEPARATED = _Dialect(
    _DIGIT_TILES,
    _DIGITS.expected,
    _DIGITS.floor,
    alphabet="012SE" + _SEPARATORS,
    squeeze=tuple((sep, "") for sep in _SEPARATORS),
    tokens=re.compile(r"[ ,\t]*(?:(0)|([12])|(S)|(E))"),
)
_X_TILES = {"X": _W, " ": _F, ".": _F, "S": _S, "E": _E}
_X_SINGLE = _Dialect(_X_TILES, "'X' wall, ' ' or '.' floor, 'S' or 'E'", "' ' or '.'")
# Seed 000's Java prints "X " for a wall and " " for a floor.
_X_JAVA = _Dialect(
    _X_TILES,
    "'X ' wall or ' ' floor, 'S' or 'E'",
    "' '",
    squeeze=(("X ", "X"),),
    tokens=re.compile(r"(X ?)|([ .])|(S)|(E)"),
)
# Two characters per tile: a mark and a space (left out at the end of a line), or two
# spaces of floor.  Each mark takes the space after it, then the spaces left pair up.
_X_PAIRS = _Dialect(
    _X_TILES,
    "'X ' wall or '  ' floor, 'S' or 'E'",
    "'  ' (two spaces)",
    squeeze=(("X ", "X"), (". ", "."), ("S ", "S"), ("E ", "E"), ("  ", " ")),
    tokens=re.compile(r"(X[ ]?)|(  ?|\. ?)|(S ?)|(E ?)"),
)
# Seed 003's console printout; a space that is not one of a pair is left over.
_WIDE = _Dialect(
    {"墙": _W, "囻": _W, "√": _F, ".": _F, "S": _S, "E": _E},
    "'墙' or '囻' wall, two spaces or '√' floor, 'S' or 'E'",
    "'  ' (two spaces) or '√'",
    alphabet="墙囻√.SE ",
    squeeze=(("  ", "."),),
    tokens=re.compile(r"([墙囻])|(  |√|\.)|(S)|(E)"),
)

_DIALECT_MARKS = re.compile("[#X01墙囻]")
_X_THEN_NOT_SPACE = re.compile(r"X[^ \n]")
#: A NUL, or a byte that is not UTF-8 (decoded with "surrogateescape").
_BINARY = re.compile("[\0\udc80-\udcff]")


def parse_maze(text: str, source: str = "<string>") -> Maze:
    """Parse a text maze in any supported dialect; raise MazeFormatError if it is bad."""
    _refuse_binary(text, source)
    if text.startswith("\ufeff"):
        text = text[1:]
    body = text.replace("\r\n", "\n").replace("\r", "\n").rstrip("\n")
    if not body:
        raise MazeFormatError(
            "empty file (expected rows of '#' walls and '.' floor, with 'S' and 'E')",
            source,
            1,
            1,
        )
    rows = body.count("\n") + 1
    if rows > MAX_SIDE:  # checked first: every later step may go line by line
        raise MazeFormatError(
            f"{rows} rows, more than a maze may have (expected at most {MAX_SIDE} rows)",
            source,
            MAX_SIDE + 1,
            1,
        )
    lines = body.split("\n")
    dialect = _dialect_of(body, lines)
    bad = dialect.unknown.search(body)
    if bad:
        at = bad.start()
        line, column = body.count("\n", 0, at) + 1, at - body.rfind("\n", 0, at)
        raise _unknown(bad.group(), dialect.expected, source, line, column)
    squeezed = body
    for old, new in dialect.squeeze:
        squeezed = squeezed.replace(old, new)
    cols = _check_rows(lines, squeezed, dialect, source)
    data = np.frombuffer((squeezed + "\n").encode("ascii"), dtype=np.uint8)
    codes = dialect.codes[data.reshape(rows, cols + 1)[:, :cols]]
    return _to_maze(codes, source, dialect.floor)


def load_maze(path: str | Path) -> Maze:
    """Read and parse the text maze at ``path``; raise MazeFormatError if it is bad."""
    source = str(path)
    try:
        # stat first: a socket (or, on Windows, a directory) cannot even be opened.
        _check_regular(os.stat(path), source)
        fd = os.open(path, _READ_FLAGS)
        try:
            _check_regular(os.fstat(fd), source)  # the same file, now that it is open
        except BaseException:
            os.close(fd)
            raise
        with os.fdopen(fd, "rb") as stream:
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
    text = data.decode("utf-8", errors="surrogateescape")
    _refuse_binary(text, source)
    return text


def load_stdin(source: str = "<stdin>") -> Maze:
    """Read and parse a text maze from standard input."""
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:
        raise MazeFormatError("standard input is closed (expected a text maze on it)", source)
    try:
        data = read_limited(stream, source)
    except OSError as exc:
        raise MazeFormatError(
            f"cannot read standard input: {exc.strerror or exc}", source
        ) from None
    return parse_maze(decode(data, source), source)


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
        kind = int(maze.tiles[r, c])
        if kind != FLOOR:  # a wall, or a key or door the S or E would hide
            raise MazeFormatError(
                f"{what} {r},{c} is on a {kinds.KINDS['name'][kind]} (expected a floor tile; "
                f"the position is line {r + 1}, tile {c + 1})",
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
    """Return ``maze`` in our text format, with ``path`` drawn as ``o`` over floor if given."""
    from itertools import chain

    rows, cols = maze.tiles.shape
    framed = np.empty((rows, cols + 1), dtype=np.uint8)  # each row and its line ending
    framed[:, cols] = ord("\n")
    chars = framed[:, :cols]
    tile_chars = np.frombuffer("".join(kinds.KINDS["char"]).encode("ascii"), dtype=np.uint8)
    np.take(tile_chars, maze.tiles, out=chars)
    if path:
        flat = np.fromiter(chain.from_iterable(path), dtype=np.intp, count=2 * len(path))
        on_rows, on_cols = flat[0::2], flat[1::2]
        plain = maze.tiles[on_rows, on_cols] == FLOOR  # keys and doors on the walk stay readable
        chars[on_rows[plain], on_cols[plain]] = ord(PATH_CHAR)
    chars[maze.start] = ord(START_CHAR)
    chars[maze.goal] = ord(GOAL_CHAR)
    return framed.tobytes().decode("ascii")


# --- parsing helpers -------------------------------------------------------------------


def _refuse_binary(text: str, source: str) -> None:
    """Refuse text with a NUL or (decoded with surrogateescape) a byte that is not UTF-8."""
    bad = _BINARY.search(text)
    if bad is None:
        return
    line, column = _line_col(text, bad.start())
    if bad.group() == "\0":
        message = "NUL byte: this looks like a binary file (expected a text maze)"
    else:
        byte = ord(bad.group()) - 0xDC00
        message = (
            f"invalid UTF-8 byte 0x{byte:02x}: this looks like a binary file "
            "(expected UTF-8 text)"
        )
    raise MazeFormatError(message, source, line, column)


def _line_col(text: str, index: int) -> tuple[int, int]:
    """Return the 1-based line and column of a character index.

    Every line ending counts (``\\n``, ``\\r\\n``, ``\\r``); a byte order mark is not a column.
    """
    line = 1 + text.count("\n", 0, index) + text.count("\r", 0, index)
    line -= text.count("\r\n", 0, index)
    line_start = max(text.rfind("\n", 0, index), text.rfind("\r", 0, index)) + 1
    bom = line_start == 0 and text.startswith("\ufeff")
    return line, index - line_start + 1 - bom


def _check_regular(info: os.stat_result, source: str) -> None:
    """Refuse what is not a regular file (a pipe or a device may block or never end)."""
    mode = info.st_mode
    if stat.S_ISDIR(mode):
        raise MazeFormatError("is a directory (expected a maze text file)", source)
    if not stat.S_ISREG(mode):
        kind = (
            "a named pipe (FIFO)" if stat.S_ISFIFO(mode)
            else "a socket" if stat.S_ISSOCK(mode)
            else "a device"
        )
        raise MazeFormatError(f"is {kind}, not a regular file (expected a maze text file)",
                              source)
    if info.st_size > MAX_FILE_BYTES:
        raise MazeFormatError(_too_large(info.st_size), source)


def _too_large(size: Optional[int]) -> str:
    """Say that a file is over the size limit."""
    limit = f"{MAX_FILE_BYTES // (1024 * 1024)} MiB"
    if size is None:
        return f"file is larger than the {limit} limit for a maze (expected a maze text file)"
    return (
        f"file is {size} bytes ({size / (1024 * 1024):.1f} MiB), larger than the {limit} "
        "limit for a maze (expected a maze text file)"
    )


def _dialect_of(body: str, lines: list[str]) -> _Dialect:
    """Return the dialect the first wall-or-floor mark of the text picks."""
    mark = _DIALECT_MARKS.search(body)
    first = mark.group() if mark else "#"
    if first in "01":
        return _DIGITS_SEPARATED if any(sep in body for sep in _SEPARATORS) else _DIGITS
    if first in "墙囻":
        return _WIDE
    if first != "X":
        return _ours_now()
    if "XX" in body or _X_THEN_NOT_SPACE.search(body):
        return _X_SINGLE
    # Every X is followed by a space: either two characters per tile ("X " and "  "),
    # recognisable because every X then sits on an even column, or the Java's literal
    # output, "X " for a wall and a single " " for a floor.
    return _X_JAVA if any("X" in line[1::2] for line in lines) else _X_PAIRS


def _check_rows(lines: list[str], squeezed: str, dialect: _Dialect, source: str) -> int:
    """Return the width of the rows; refuse a row too wide, a stray character, ragged rows.

    ``squeezed`` is the text with one character per tile.
    """
    rows = squeezed.split("\n")
    widths = [len(tiles) for tiles in rows]
    for i, width in enumerate(widths):
        if width > MAX_SIDE:
            raise MazeFormatError(
                f"line {i + 1} has {width} tiles, more than a maze may have "
                f"(expected at most {MAX_SIDE} tiles a row)",
                source,
                i + 1,
                _tile_column(lines[i], dialect, MAX_SIDE + 1),
            )
    if dialect.leftover.search(squeezed):  # a lone space among wide characters
        i, stray = next((i, m) for i, m in enumerate(map(dialect.leftover.search, rows)) if m)
        column = _tile_column(lines[i], dialect, stray.start() + 1)
        raise _unknown(lines[i][column - 1], dialect.expected, source, i + 1, column)
    first: dict[int, int] = {}
    for i, width in enumerate(widths):
        first.setdefault(width, i)
    if len(first) == 1:
        return widths[0]
    counts = Counter(widths)
    expected = max(first, key=lambda width: (counts[width], -first[width]))
    i = next(i for i, width in enumerate(widths) if width != expected)
    width = widths[i]
    what = "is empty" if not lines[i] else f"has {width} tile{'s' if width != 1 else ''}"
    raise MazeFormatError(
        f"ragged rows: line {i + 1} {what}, expected {expected} like line {first[expected] + 1}",
        source,
        i + 1,
        _tile_column(lines[i], dialect, min(width, expected) + 1),
    )


def _tile_column(line: str, dialect: _Dialect, tile: int) -> int:
    """Return the 1-based column where tile number ``tile`` of ``line`` begins.

    Past the last tile, or where the tokens stop making sense, that is where reading stops.
    """
    if dialect.tokens is None:
        return min(tile, len(line) + 1)
    pos = 0
    for _ in range(tile - 1):
        m = dialect.tokens.match(line, pos)
        if m is None or m.end() == pos:
            return pos + 1
        pos = m.end()
    m = dialect.tokens.match(line, pos)
    return (m.start(m.lastindex) if m and m.lastindex else pos) + 1


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
    tiles = np.where(codes >= _S, np.uint8(FLOOR), codes).astype(np.uint8, copy=False)
    if not kinds.walkable(tiles).any():
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
            candidates = _first_and_last_floor(tiles)
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
    return [(int(r), int(c)) for r, c in np.argwhere(border & kinds.walkable(tiles))]


def _first_and_last_floor(tiles: np.ndarray) -> list[Pos]:
    """Return the first two and the last two floor tiles in row-major order (at most 4)."""
    is_floor = kinds.walkable(tiles.ravel())
    last = len(is_floor) - 1
    found = set(_first_two(is_floor)) | {last - i for i in _first_two(is_floor[::-1])}
    cols = tiles.shape[1]
    return [(i // cols, i % cols) for i in sorted(found)]


def _first_two(flags: np.ndarray) -> list[int]:
    """Return the indices of the first two True values of ``flags`` (fewer if it has fewer)."""
    found: list[int] = []
    for _ in range(2):
        start = found[-1] + 1 if found else 0
        rest = flags[start:]
        if not rest.any():
            break
        found.append(start + int(np.argmax(rest)))
    return found
