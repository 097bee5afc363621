"""Text mazes: our format and the seeds' printouts read, ours written, bad files located."""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import game.maze.formats as formats
from game.maze.formats import (
    MAX_FILE_BYTES,
    MazeFormatError,
    format_maze,
    load_maze,
    load_stdin,
    parse_maze,
    place_ends,
    read_limited,
)
from game.maze.grid import FLOOR, MAX_SIDE, WALL, Maze
from game.maze.solvers import solve
from tests.clirun import deadline

SMALL = """\
#####
S...#
###.#
#...E
#####
"""


def grid(*rows: str) -> list[list[int]]:
    """Return rows of '#'/'.' as a list of WALL/FLOOR values."""
    return [[WALL if ch == "#" else FLOOR for ch in row] for row in rows]


def error_of(text: str, source: str = "m.txt") -> MazeFormatError:
    """Return the MazeFormatError that parsing ``text`` raises."""
    with pytest.raises(MazeFormatError) as caught:
        parse_maze(text, source)
    return caught.value


# --- our format -------------------------------------------------------------------------


def test_our_format_reads_walls_floor_start_and_goal() -> None:
    maze = parse_maze(SMALL)
    assert maze.tiles.tolist() == grid("#####", "....#", "###.#", "#....", "#####")
    assert maze.tiles.dtype == np.uint8
    assert maze.start == (1, 0) and maze.goal == (3, 4)


def test_a_space_is_floor_and_only_line_endings_are_stripped() -> None:
    maze = parse_maze("#S #\r\n#  E\r\n####\r\n\r\n")
    assert maze.tiles.tolist() == grid("#..#", "#...", "####")
    assert maze.start == (0, 1) and maze.goal == (1, 3)


def test_a_byte_order_mark_and_trailing_empty_lines_are_ignored() -> None:
    assert parse_maze("\ufeff" + SMALL + "\n\n\n") == parse_maze(SMALL)


def test_written_mazes_draw_the_path_and_read_back_unchanged() -> None:
    maze = parse_maze(SMALL)
    path = solve(maze).path
    text = format_maze(maze, path)
    assert text == "#####\nSooo#\n###o#\n#..oE\n#####\n"
    assert parse_maze(text) == maze
    assert format_maze(maze) == "#####\nS...#\n###.#\n#...E\n#####\n"


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 9), st.integers(1, 9), st.integers(0, 2**32 - 1))
def test_any_maze_round_trips_through_text(rows: int, cols: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    tiles = np.where(rng.random((rows, cols)) < 0.4, WALL, FLOOR).astype(np.uint8)
    tiles[0, 0] = tiles[rows - 1, cols - 1] = FLOOR
    maze = Maze(tiles, (0, 0), (rows - 1, cols - 1))
    assert parse_maze(format_maze(maze)) == maze


# --- ends without S and E ---------------------------------------------------------------


def test_without_s_and_e_the_border_openings_give_start_and_goal() -> None:
    maze = parse_maze("#.###\n#...#\n###..\n")
    assert maze.start == (0, 1) and maze.goal == (2, 4)


def test_with_fewer_than_two_openings_the_first_and_last_floor_tiles_do() -> None:
    maze = parse_maze("#####\n#..##\n##..#\n#####\n")
    assert maze.start == (1, 1) and maze.goal == (2, 3)
    one = parse_maze("###\n#.#\n###\n")
    assert one.start == one.goal == (1, 1)


def test_a_single_opening_is_fewer_than_two_so_the_floor_tiles_decide() -> None:
    maze = parse_maze("#.###\n#...#\n#.#.#\n#####\n")
    assert maze.start == (0, 1) and maze.goal == (2, 3)


def test_a_lone_s_or_e_is_completed_from_the_openings() -> None:
    assert parse_maze(".S.\n").goal == (0, 2)
    assert parse_maze(".E.\n").start == (0, 0)


# --- the seeds' dialects ----------------------------------------------------------------


def test_seed_003_zero_one_rows_read_as_wall_and_floor() -> None:
    maze = parse_maze("00000\n11100\n00101\n00111\n00000\n")
    assert maze.tiles.tolist() == grid("#####", "...##", "##.#.", "##...", "#####")
    assert maze.start == (1, 0) and maze.goal == (3, 4)  # the last border opening


def test_seed_003_digits_may_be_separated_by_spaces_or_commas() -> None:
    expected = parse_maze("000\n1S1\n000\n")
    assert parse_maze("0 0 0\n1 S 1\n0 0 0\n") == expected
    assert parse_maze("0,0,0\n1,S,1\n0,0,0\n") == expected


def test_seed_003_console_printout_reads_wide_walls_and_its_path_mark() -> None:
    maze = parse_maze("墙墙墙墙\n  √√墙\n墙墙    \n墙墙墙墙\n")
    assert maze.tiles.tolist() == grid("####", "...#", "##..", "####")
    assert maze.start == (1, 0) and maze.goal == (2, 3)


def test_seed_000_x_walls_one_character_per_tile() -> None:
    maze = parse_maze("XXXXX\n    X\nXXX X\nX    \nXXXXX\n")
    assert maze.tiles.tolist() == grid("#####", "....#", "###.#", "#....", "#####")
    assert maze.start == (1, 0) and maze.goal == (3, 4)


def test_seed_000_java_printout_x_space_wall_and_single_space_floor() -> None:
    # System.out.print(maze[i][j] ? "X " : " ") for the 5x5 maze above
    java = "X X X X X \n    X \nX X X  X \nX     \nX X X X X \n"
    assert parse_maze(java) == parse_maze("XXXXX\n    X\nXXX X\nX    \nXXXXX\n")


def test_seed_000_printout_with_two_characters_per_tile() -> None:
    pairs = "X X X \n    X \nX X X \n"
    assert parse_maze(pairs).tiles.tolist() == grid("###", "..#", "###")


# --- bad input: precise errors ----------------------------------------------------------


def test_ragged_rows_name_the_line_its_width_and_the_expected_width() -> None:
    err = error_of("#####\n#...#\n#..#\n#####\n")
    assert (err.source, err.line, err.column) == ("m.txt", 3, 5)
    assert str(err) == "m.txt:3:5: ragged rows: line 3 has 4 tiles, expected 5 like line 1"


def test_a_blank_line_inside_the_maze_is_a_ragged_row() -> None:
    err = error_of("###\n\n#.#\n###\n")
    assert err.line == 2 and "line 2 is empty, expected 3" in str(err)


def test_the_expected_width_is_the_most_common_one() -> None:
    err = error_of("####\n#.#\n#.#\n###\n")
    assert err.line == 1 and "line 1 has 4 tiles, expected 3 like line 2" in str(err)


def test_an_unknown_character_is_located_and_the_valid_ones_listed() -> None:
    err = error_of("#####\n#..Q#\n#####\n")
    assert (err.line, err.column) == (2, 4)
    assert str(err) == (
        "m.txt:2:4: unknown character 'Q' (expected '#' wall, '.' or ' ' floor, "
        "'r' 'g' 'b' 'y' keys, 'R' 'G' 'B' 'Y' doors, 'M' lair, '~' mud, 'S', 'E' or 'o' path)"
    )


def test_mixing_dialects_is_an_unknown_character() -> None:
    err = error_of("###\n#X#\n###\n")
    assert (err.line, err.column) == (2, 2) and "unknown character 'X'" in str(err)
    err = error_of("010\n0#0\n")
    assert (err.line, err.column) == (2, 2) and "expected '0' wall, '1' floor" in str(err)


def test_a_tab_or_control_character_is_shown_escaped() -> None:
    err = error_of("#.\t#\n")
    assert (err.line, err.column) == (1, 3) and "'\\t'" in str(err)


def test_two_starts_name_both_positions() -> None:
    err = error_of("#####\n#S..#\n#..S#\n#E###\n")
    assert (err.line, err.column) == (3, 4)
    assert "two starts 'S': line 2 tile 2 and line 3 tile 4 (expected one 'S')" in str(err)


def test_two_goals_name_both_positions() -> None:
    err = error_of("E.E\n")
    assert (err.line, err.column) == (1, 3) and "two goals 'E'" in str(err)


def test_no_floor_is_refused() -> None:
    err = error_of("###\n###\n")
    assert (err.line, err.column) == (1, 1)
    assert str(err).startswith("m.txt:1:1: no floor tiles")


@pytest.mark.parametrize(
    "text,found,floor",
    [
        ("###\n###\n", "all 6 tiles (2 rows of 3) are wall", "'.' or ' '"),
        ("000\n000\n", "all 6 tiles (2 rows of 3) are wall", "'1'"),
        ("0,0\n0,0\n", "all 4 tiles (2 rows of 2) are wall", "'1'"),
        ("XXXX\n", "all 4 tiles (1 row of 4) are wall", "' ' or '.'"),
        ("墙墙\n墙墙\n", "all 4 tiles (2 rows of 2) are wall", "'  ' (two spaces) or '√'"),
    ],
)
def test_no_floor_says_what_was_found_and_the_floor_of_the_files_own_dialect(
    text: str, found: str, floor: str
) -> None:
    message = str(error_of(text))
    assert message.startswith(f"m.txt:1:1: no floor tiles: {found} (expected at least one ")
    assert f"floor tile: {floor}, or 'S' or 'E')" in message


@pytest.mark.parametrize("text", ["", "\n", "\n\n\n", "\r\n", "\ufeff\r\n\r"])
def test_an_empty_file_is_refused(text: str) -> None:
    err = error_of(text)
    assert (err.line, err.column) == (1, 1)
    assert str(err).startswith("m.txt:1:1: empty file")


def test_a_file_of_spaces_is_floor_not_an_empty_file() -> None:
    maze = parse_maze("   \n   \n")
    assert maze.tiles.tolist() == grid("...", "...")
    assert maze.start == (0, 0) and maze.goal == (1, 2)
    err = error_of("   \n  \n")
    assert str(err) == "m.txt:2:3: ragged rows: line 2 has 2 tiles, expected 3 like line 1"


def test_a_nul_byte_is_located() -> None:
    err = error_of("###\n#.\0\n")
    assert (err.line, err.column) == (2, 3) and "NUL byte" in str(err)


@pytest.mark.parametrize(
    "data,where,what",
    [
        (b"#####\r#####\r##\0##\r", (3, 3), "NUL byte"),  # old Mac line endings
        (b"#####\r\n#####\r\n##\0##\r\n", (3, 3), "NUL byte"),
        (b"#\n#\r\n#\r#\0", (4, 2), "NUL byte"),  # every ending in one file
        (b"\xef\xbb\xbf#\0#\n", (1, 2), "NUL byte"),  # the BOM is not a column
        (b"\xef\xbb\xbf#\n\0", (2, 1), "NUL byte"),
        (b"S.\r.\xff.E\r", (2, 2), "invalid UTF-8 byte 0xff"),
        (b"\xef\xbb\xbf\xc3\xa9\xfe", (1, 2), "invalid UTF-8 byte 0xfe"),
        (b"\r\r\r\xc3\x28", (4, 1), "invalid UTF-8 byte 0xc3"),
    ],
)
def test_binary_bytes_are_located_for_every_line_ending(
    tmp_path: Path, data: bytes, where: tuple[int, int], what: str
) -> None:
    path = tmp_path / "m.txt"
    path.write_bytes(data)
    with pytest.raises(MazeFormatError) as caught:
        load_maze(path)
    assert (caught.value.line, caught.value.column) == where and what in str(caught.value)
    if b"\0" in data and b"\xff" not in data:  # the same text handed over as a string
        assert (error_of(data.decode("utf-8")).line, error_of(data.decode("utf-8")).column) == where


def test_lines_are_counted_the_same_for_every_line_ending() -> None:
    for ending in ("\n", "\r\n", "\r"):
        err = error_of(ending.join(["#####", "#...#", "#..Q#", "#####"]) + ending)
        assert (err.line, err.column) == (3, 4), ending


def test_invalid_utf8_is_located_in_a_file(tmp_path: Path) -> None:
    bad = tmp_path / "junk.txt"
    bad.write_bytes(b"#####\n#\xc3\xa9.\xff#\n")
    with pytest.raises(MazeFormatError) as caught:
        load_maze(bad)
    err = caught.value
    assert (err.source, err.line, err.column) == (str(bad), 2, 4)
    assert "invalid UTF-8 byte 0xff" in str(err)


def test_binary_junk_is_refused_not_parsed(tmp_path: Path) -> None:
    junk = tmp_path / "a.out"
    junk.write_bytes(bytes(range(256)) * 4)
    with pytest.raises(MazeFormatError, match=r"a\.out:1:1: NUL byte"):
        load_maze(junk)


def test_a_file_over_the_limit_is_refused_by_size_before_reading(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    big = tmp_path / "big.txt"
    with open(big, "wb") as out:
        out.truncate(50 * 1024 * 1024)  # sparse: 50 MB of nothing
    opened: list[str] = []
    real_read = formats.read_limited

    def spy(*args: Any, **kwargs: Any) -> Any:
        """Record the read source, then read it."""
        opened.append(str(args[1]))
        return real_read(*args, **kwargs)

    monkeypatch.setattr(formats, "read_limited", spy)
    with pytest.raises(MazeFormatError) as caught:
        load_maze(big)
    assert opened == []
    assert "52428800 bytes (50.0 MiB), larger than the 16 MiB limit" in str(caught.value)


def test_a_stream_over_the_limit_is_refused() -> None:
    with pytest.raises(MazeFormatError, match="<stdin>: file is larger than the 16 MiB limit"):
        read_limited(io.BytesIO(b"#" * (MAX_FILE_BYTES + 1)), "<stdin>")
    assert read_limited(io.BytesIO(b"S.E"), "<stdin>") == b"S.E"


def test_a_missing_file_and_a_directory_are_refused(tmp_path: Path) -> None:
    with pytest.raises(MazeFormatError, match=r"nope\.txt: no such file"):
        load_maze(tmp_path / "nope.txt")
    with pytest.raises(MazeFormatError, match=r": is a directory \(expected a maze text file\)"):
        load_maze(tmp_path)


@pytest.mark.parametrize("kind", ["fifo", "/dev/zero"])
def test_a_named_pipe_or_a_device_is_refused_without_waiting(tmp_path: Path, kind: str) -> None:
    path = kind
    if kind == "fifo":
        path = str(tmp_path / "maze.fifo")
        os.mkfifo(path)  # nobody writes to it: opening it to read used to wait forever
    # /dev/zero used to be read up to the 16 MiB limit.  A time limit, so that waiting
    # fails the test instead of hanging the suite.
    with deadline(60, f"load_maze({path!r})"), pytest.raises(MazeFormatError) as refused:
        load_maze(path)
    kind_named = "a named pipe (FIFO)" if kind == "fifo" else "a device"
    assert str(refused.value) == (
        f"{path}: is {kind_named}, not a regular file (expected a maze text file)"
    )


def test_a_link_to_a_maze_file_is_read(tmp_path: Path) -> None:
    (tmp_path / "m.txt").write_text(SMALL, encoding="utf-8")
    (tmp_path / "link.txt").symlink_to(tmp_path / "m.txt")
    assert load_maze(tmp_path / "link.txt") == parse_maze(SMALL)


def test_a_closed_standard_input_is_a_format_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", None)  # what Python makes of a closed descriptor 0
    with pytest.raises(MazeFormatError, match="^<stdin>: standard input is closed"):
        load_stdin()


def test_load_reads_a_file(tmp_path: Path) -> None:
    f = tmp_path / "m.txt"
    f.write_text(SMALL, encoding="utf-8")
    assert load_maze(f) == parse_maze(SMALL)


def test_a_start_or_goal_on_a_wall_is_located() -> None:
    maze = parse_maze(SMALL)
    with pytest.raises(MazeFormatError) as caught:
        place_ends(maze, start=(2, 1), source="m.txt")
    err = caught.value
    assert (err.line, err.column) == (3, 2)
    assert "start 2,1 is on a wall (expected a floor tile" in str(err)
    with pytest.raises(MazeFormatError, match="goal 7,0 is off the grid"):
        place_ends(maze, goal=(7, 0), source="m.txt")


def test_place_ends_moves_start_and_goal_to_floor_tiles() -> None:
    maze = place_ends(parse_maze(SMALL), start=(1, 1), goal=(3, 1))
    assert maze.start == (1, 1) and maze.goal == (3, 1)
    assert solve(maze).length == 6


MAZE_ALPHABET = st.sampled_from(list("#. SEo01X2墙囻√,\t\r\nQ\0érRgY"))


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=MAZE_ALPHABET, max_size=60) | st.text(max_size=30))
def test_any_text_gives_a_maze_or_a_located_format_error(text: str) -> None:
    try:
        maze = parse_maze(text, "fuzz.txt")
    except MazeFormatError as err:
        assert str(err).startswith("fuzz.txt")
        if err.line is not None:
            assert 1 <= err.line <= text.count("\n") + text.count("\r") + 1
    else:
        assert maze.tiles.ndim == 2 and maze.tiles.size > 0
        assert maze.walkable(maze.start) and maze.walkable(maze.goal)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=80))
def test_any_bytes_give_a_maze_or_a_located_format_error(tmp_path_factory: pytest.TempPathFactory, data: bytes) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "junk.bin"
    path.write_bytes(data)
    try:
        load_maze(path)
    except MazeFormatError as err:
        assert str(err).startswith(str(path))


# --- limits: the largest maze, and files shaped to be slow --------------------------------


def test_a_row_may_have_4001_tiles_not_more() -> None:
    assert parse_maze("S" + "." * 3999 + "E").cols == MAX_SIDE
    err = error_of("S" + "." * 4000 + "E")
    assert (err.line, err.column) == (1, 4002)
    assert str(err) == (
        "m.txt:1:4002: line 1 has 4002 tiles, more than a maze may have "
        "(expected at most 4001 tiles a row)"
    )


def test_a_too_wide_row_of_wide_tiles_is_located_in_characters() -> None:
    err = error_of("X X\n" + "X " * 4002 + "\n")  # seed 000's pairs: two characters a tile
    assert (err.line, err.column) == (2, 8003) and "line 2 has 4002 tiles" in str(err)


def test_a_maze_may_have_4001_rows_not_more() -> None:
    assert parse_maze("#.\n" * MAX_SIDE).rows == MAX_SIDE
    err = error_of("#.\n" * (MAX_SIDE + 1))
    assert (err.line, err.column) == (4002, 1)
    assert str(err).endswith("4002 rows, more than a maze may have (expected at most 4001 rows)")


def render(tiles: np.ndarray, dialect: str) -> str:
    """Write a grid of WALL/FLOOR in one of the dialects, one row per line."""
    wall, floor, sep = {
        "ours": ("#", ".", ""), "digits": ("0", "1", ""), "commas": ("0", "1", ","),
        "X": ("X", " ", ""), "X pairs": ("X ", "  ", ""), "X java": ("X ", " ", ""),
        "wide": ("墙", "  ", ""),
    }[dialect]  # fmt: skip
    chars = np.array([wall, floor])[np.where(tiles == WALL, 0, 1)]
    return "".join(sep.join(row) + "\n" for row in chars.tolist())


DIALECTS = ["ours", "digits", "commas", "X", "X pairs", "X java", "wide"]


def telling_apart(tiles: np.ndarray) -> np.ndarray:
    """Return ``tiles`` with a floor then a wall, above two walls: the X dialects tell apart.

    (One X per tile needs an "XX"; the Java's "X " wall and " " floor needs an X on an odd
    column; two characters a tile has every X on an even one.)
    """
    tiles = tiles.copy()
    tiles[0, :2] = (FLOOR, WALL)
    tiles[1, :2] = (WALL, WALL)
    return tiles


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 12), st.integers(2, 12), st.integers(0, 2**32 - 1),
       st.sampled_from(DIALECTS))
def test_every_dialect_reads_back_the_grid_it_wrote(rows: int, cols: int, seed: int,
                                                    dialect: str) -> None:
    rng = np.random.default_rng(seed)
    tiles = telling_apart(np.where(rng.random((rows, cols)) < 0.5, WALL, FLOOR))
    assert parse_maze(render(tiles, dialect)).tiles.tolist() == tiles.tolist()


@pytest.fixture(scope="module")
def big_grid() -> np.ndarray:
    """Return the tiles of a 1001x1001 backtracker maze (a 4001 side would cost 16 times more)."""
    from game.maze.generators import generate

    return telling_apart(generate("backtracker", rows=1001, cols=1001, seed=5).tiles)


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_big_maze_reads_the_same_in_every_dialect(big_grid: np.ndarray, dialect: str) -> None:
    assert (parse_maze(render(big_grid, dialect)).tiles == big_grid).all()
