"""The command line, run as a user would: ``python -m game generate|solve``.

Most tests call the command line in this process (tests/clirun.py), which answers as the
process would; the tests that need a real process (the entry point's exit codes, closed and
full streams, pipes) start one.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Optional

import pytest

from game.maze.formats import parse_maze
from game.maze.generators import GENERATORS
from game.maze.grid import FLOOR
from game.maze.solvers import SOLVERS
from tests.clirun import run_cli, run_process

ROOT = Path(__file__).resolve().parents[1]

SMALL = """\
#####
S...#
###.#
#...E
#####
"""

WALLED_OFF = """\
#####
S.#.E
#####
"""


def migong(
    *args: str, stdin: Optional[str] = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """Run the command line with ``args`` in this process and return it as a finished process."""
    return run_cli(*args, stdin=stdin, timeout=timeout)


def shell(command: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """Run a shell command line in which ``migong`` is ``python -m game``."""
    game = f"{sys.executable} -m game"
    return subprocess.run(
        command.replace("migong", game), shell=True, capture_output=True, text=True, cwd=ROOT,
        env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=timeout,
    )  # fmt: skip


def assert_clean_error(proc: subprocess.CompletedProcess[str], *fragments: str) -> None:
    """Check exit code 2 and one error line on stderr, with no traceback."""
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("migong: error: "), proc.stderr
    for fragment in fragments:
        assert fragment in lines[0]


@pytest.fixture
def small_file(tmp_path: Path) -> Path:
    path = tmp_path / "small.txt"
    path.write_text(SMALL, encoding="utf-8")
    return path


# --- generate ---------------------------------------------------------------------------


@pytest.mark.parametrize("algorithm", list(GENERATORS))
def test_generate_prints_a_maze_in_our_format(algorithm: str) -> None:
    proc = migong("generate", "--algorithm", algorithm, "--size", "11x21", "--seed", "4")
    assert proc.returncode == 0, proc.stderr
    maze = parse_maze(proc.stdout)
    assert (maze.rows, maze.cols) == (11, 21)
    assert maze.start == (1, 0) and maze.goal == (9, 20)
    assert set(proc.stdout) <= set("#.SE\n")


def test_generate_is_deterministic_for_a_seed() -> None:
    args = ("generate", "-a", "prim", "-s", "15x15", "--seed", "12", "--loops", "0.3")
    first, second = migong(*args), migong(*args)
    assert first.returncode == 0 and first.stdout == second.stdout
    other = migong("generate", "-a", "prim", "-s", "15x15", "--seed", "13", "--loops", "0.3")
    assert other.stdout != first.stdout


def test_generate_with_solve_draws_the_path(tmp_path: Path) -> None:
    plain = migong("generate", "-a", "backtracker", "-s", "15x25", "--seed", "5")
    solved = migong("generate", "-a", "backtracker", "-s", "15x25", "--seed", "5", "--solve", "dfs")
    assert solved.returncode == 0
    assert "o" in solved.stdout and "o" not in plain.stdout
    assert parse_maze(solved.stdout) == parse_maze(plain.stdout)
    maze = parse_maze(plain.stdout)
    marked = [
        (r, c) for r, line in enumerate(solved.stdout.splitlines()) for c, ch in enumerate(line)
        if ch in "oSE"
    ]  # fmt: skip
    assert all(maze.tiles[p] == FLOOR for p in marked)


def test_generate_writes_to_a_file(tmp_path: Path) -> None:
    out = tmp_path / "maze.txt"
    proc = migong("generate", "-a", "division", "-s", "21x31", "--seed", "1", "-o", str(out))
    assert proc.returncode == 0 and proc.stdout == ""
    assert parse_maze(out.read_text(encoding="utf-8")).cols == 31


@pytest.mark.parametrize(
    "args,fragments",
    [
        (["-a", "maze-o-matic"], ["unknown --algorithm 'maze-o-matic'", *GENERATORS]),
        (["-a", "prim", "-s", "20x21"], ["--size 20x21", "odd numbers from 3"]),
        (["-a", "prim", "-s", "1x5"], ["--size 1x5", "odd numbers from 3"]),
        (["-a", "prim", "-s", "5x4003"], ["--size 5x4003", "odd numbers from 3 to 4001"]),
        (["-a", "prim", "-s", "big"], ["--size must be ROWSxCOLS", "'big'"]),
        (["-a", "prim", "--loops", "2"], ["--loops must be a number from 0 to 1", "'2'"]),
        (["-a", "prim", "--loops", "-0.1"], ["--loops must be a number from 0 to 1"]),
        (["-a", "prim", "--seed", "abc"], ["--seed must be an integer from 0 to 922337203685"]),
        (["-a", "prim", "--room-size", "3"], ["--room-size only applies to --algorithm division"]),
        (["-a", "division", "--room-size", "zero"], ["--room-size must be an integer from 1 to 4001"]),
        (["-a", "backtracker", "--rank", "2"], ["--rank only applies to --algorithm dig"]),
        (["-a", "dig", "--rank", "0"], ["--rank must be an integer from 1 to 4001"]),
        (["-a", "prim", "--solve", "jps"], ["unknown --solve 'jps'", "bfs, dfs, stack"]),
        (["-a", "prim", "-o", "/nonexistent/dir/m.txt"], ["cannot write -o /nonexistent/dir/m.txt"]),
    ],
)
def test_generate_refuses_bad_options_in_one_line(args: list[str], fragments: list[str]) -> None:
    proc = migong("generate", *args)
    assert_clean_error(proc, *fragments)
    assert proc.stdout == ""


# --- solve ------------------------------------------------------------------------------


def test_solve_prints_the_maze_with_the_path_and_its_coordinates(small_file: Path) -> None:
    proc = migong("solve", str(small_file))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == (
        "#####\nSooo#\n###o#\n#..oE\n#####\n\n"
        "bfs: a path of 6 moves from (1,0) to (3,4) (7 tiles visited):\n"
        "(1,0) (1,1) (1,2) (1,3) (2,3) (3,3) (3,4)\n"
    )


def test_solve_json_prints_exactly_one_object(small_file: Path) -> None:
    proc = migong("solve", str(small_file), "--json", "--solver", "stack")
    assert proc.returncode == 0
    answer = json.loads(proc.stdout)
    assert answer == {
        "solver": "stack",
        "found": True,
        "length": 6,
        "visited": 7,
        "cost": 6,
        "path": [[1, 0], [1, 1], [1, 2], [1, 3], [2, 3], [3, 3], [3, 4]],
        "start": [1, 0],
        "goal": [3, 4],
        "keys": [],
    }


def test_solve_reads_standard_input_and_reports_no_path_with_exit_1() -> None:
    proc = migong("solve", "-", "--json", stdin=WALLED_OFF)
    assert proc.returncode == 1
    answer = json.loads(proc.stdout)
    assert answer["found"] is False and answer["length"] is None and answer["path"] is None
    assert answer["visited"] == 2
    text = migong("solve", "-", stdin=WALLED_OFF)
    assert text.returncode == 1 and "bfs: no path from (1,0) to (1,4) (2 tiles visited)" in text.stdout


KEYED = """\
#######
#r#g###
#.#R###
S....GE
#######
"""


@pytest.mark.parametrize("solver", [name for name, info in SOLVERS.items() if info.keys])
def test_solve_json_lists_the_keys_in_the_order_the_walk_picks_them_up(solver: str) -> None:
    proc = migong("solve", "-", "--solver", solver, "--json", stdin=KEYED)
    answer = json.loads(proc.stdout)
    assert proc.returncode == 0 and answer["found"] and answer["keys"] == ["r", "g"]
    if solver == "bfs":
        assert answer["length"] == 14 and len(answer["path"]) == 15
    text = migong("solve", "-", "--solver", solver, stdin=KEYED).stdout
    assert text.splitlines()[1:4] == ["#r#g###", "#o#R###", "SooooGE"]


def test_generate_keys_places_that_many_keys_and_doors_and_names_the_most_that_fit() -> None:
    proc = migong("generate", "-a", "prim", "-s", "21x31", "--seed", "4", "--keys", "2")
    assert proc.returncode == 0
    letters = sorted(ch for ch in proc.stdout if ch in "rgbyRGBY")
    assert len(letters) == 4 and {ch.lower() for ch in letters} == {letters[0].lower(), letters[-1].lower()}
    assert_clean_error(migong("generate", "-a", "dig", "-s", "5x5", "--keys", "4"), "keys 4:", "at most")
    assert_clean_error(migong("generate", "-a", "dig", "--keys", "5"), "--keys", "0 to 4")


def test_a_maze_whose_exit_needs_an_unreachable_key_has_no_path_exit_1() -> None:
    proc = migong("solve", "-", "--json", stdin="#######\n#r#####\n#R#####\nS....RE\n#######\n")
    answer = json.loads(proc.stdout)
    assert proc.returncode == 1 and answer["found"] is False and answer["keys"] == []


@pytest.mark.parametrize("solver", list(SOLVERS))
def test_no_path_is_an_answer_with_exit_1_for_every_solver(solver: str) -> None:
    proc = migong("solve", "-", "--solver", solver, "--json", stdin=WALLED_OFF)
    assert proc.returncode == 1 and proc.stderr == ""
    answer = json.loads(proc.stdout)
    # The bidirectional search also marks the goal; dead-end filling fills the goal's corridor.
    visited = 3 if solver in ("bidirectional", "dead-end-filling") else 2
    assert answer == {
        "solver": solver,
        "found": False,
        "length": None,
        "visited": visited,
        "cost": None,
        "path": None,
        "start": [1, 0],
        "goal": [1, 4],
        "keys": [],
    }


def test_solve_takes_start_and_goal(small_file: Path) -> None:
    proc = migong("solve", str(small_file), "--start", "1,1", "--goal", "3,1", "--json")
    answer = json.loads(proc.stdout)
    assert proc.returncode == 0
    assert answer["start"] == [1, 1] and answer["goal"] == [3, 1] and answer["length"] == 6
    same = migong("solve", str(small_file), "--start", "2,3", "--goal", "2,3", "--json")
    assert json.loads(same.stdout)["length"] == 0 and same.returncode == 0


def test_generate_pipes_into_solve() -> None:
    maze = migong("generate", "-a", "dig", "-s", "21x21", "--seed", "9", "--rank", "2")
    for solver in SOLVERS:
        proc = migong("solve", "-", "--solver", solver, "--json", stdin=maze.stdout)
        answer = json.loads(proc.stdout)
        assert proc.returncode == 0 and answer["found"] and answer["solver"] == solver
        assert answer["path"][0] == [1, 0] and answer["path"][-1] == [19, 20]


def test_seed_dialects_are_solved_too() -> None:
    proc = migong("solve", "-", "--json", stdin="00000\n11101\n00101\n00111\n00000\n")
    answer = json.loads(proc.stdout)
    assert proc.returncode == 0 and answer["start"] == [1, 0] and answer["goal"] == [3, 4]


@pytest.mark.parametrize(
    "content,fragments",
    [
        (b"", ["bad.txt:1:1: empty file"]),
        (b"#####\n#...#\n#..#\n", ["bad.txt:3:5: ragged rows: line 3 has 4 tiles, expected 5"]),
        (b"S..Q.E\n", ["bad.txt:1:4: unknown character 'Q'"]),
        (b"S..S\n", ["bad.txt:1:4: two starts 'S': line 1 tile 1 and line 1 tile 4"]),
        (b"####\n####\n", ["bad.txt:1:1: no floor tiles"]),
        (b"\x7fELF\x02\x01\x01\x00\x00", ["bad.txt:1:8: NUL byte"]),
        (b"S..\xfe\xff.E\n", ["bad.txt:1:4: invalid UTF-8 byte 0xfe"]),
    ],
)
def test_solve_refuses_bad_files_with_a_located_error(
    tmp_path: Path, content: bytes, fragments: list[str]
) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_bytes(content)
    proc = migong("solve", str(bad))  # messages start "<path>/bad.txt:LINE:COL: "
    assert_clean_error(proc, *fragments)
    assert proc.stdout == ""


def test_solve_refuses_a_huge_file_without_reading_it(tmp_path: Path) -> None:
    big = tmp_path / "huge.txt"
    with open(big, "wb") as out:
        out.truncate(50 * 1024 * 1024)
    assert_clean_error(migong("solve", str(big)), "52428800 bytes", "16 MiB limit")


@pytest.mark.parametrize(
    "args,fragments",
    [
        (["/no/such/maze.txt"], ["/no/such/maze.txt: no such file"]),
        (["/tmp"], ["/tmp: is a directory"]),
        (["{small}", "--solver", "jps"], ["unknown --solver 'jps'", "bfs, dfs, stack"]),
        (["{small}", "--start", "one,two"], ["--start must be R,C", "'one,two'"]),
        (["{small}", "--start", "0,0"], [":1:1: start 0,0 is on a wall"]),
        (["{small}", "--goal", "9,9"], ["goal 9,9 is off the grid", "row 0..4, column 0..4"]),
    ],
)
def test_solve_refuses_bad_arguments_in_one_line(
    small_file: Path, args: list[str], fragments: list[str]
) -> None:
    proc = migong("solve", *[a.replace("{small}", str(small_file)) for a in args])
    assert_clean_error(proc, *fragments)


@pytest.mark.parametrize(
    "args,fragments",
    [
        (["generate"], ["--algorithm", "migong generate --help"]),
        (["solve"], ["required", "file"]),
        (["bogus"], ["invalid choice: 'bogus'", "generate", "solve", "play"]),
        (["generate", "-a", "prim", "--nope"], ["unrecognized arguments: --nope"]),
    ],
)
def test_argument_mistakes_get_one_line_not_a_usage_dump(
    args: list[str], fragments: list[str]
) -> None:
    assert_clean_error(migong(*args), *fragments)


@pytest.mark.parametrize(
    "args,stdin,code",
    [
        (["generate", "-a", "dig", "-s", "21x21", "--seed", "9", "--rank", "2"], None, 0),
        (["solve", "-", "--json"], SMALL, 0),
        (["solve", "-"], WALLED_OFF, 1),
        (["generate", "-a", "prim", "-s", "20x21"], None, 2),  # the command's own check
        (["generate", "-a", "prim", "--nope"], None, 2),  # argparse's
        (["solve", "-", "--start", f"{'9' * 5000},0"], SMALL, 2),
    ],
)
def test_the_real_entry_point_answers_as_the_in_process_calls_do(
    args: list[str], stdin: Optional[str], code: int
) -> None:
    # the other tests call main() in this process; python -m game must give the same
    real, here = run_process(*args, stdin=stdin), run_cli(*args, stdin=stdin)
    assert real.returncode == here.returncode == code, real.stderr
    assert (real.stdout, real.stderr) == (here.stdout, here.stderr)
    assert "Traceback" not in real.stderr


def test_a_closed_pipe_is_not_an_error() -> None:
    cmd = f"{sys.executable} -m game generate -a backtracker -s 301x301 --seed 1 | head -n 1"
    proc = subprocess.run(
        cmd, shell=True, capture_output=True, text=True, cwd=ROOT, timeout=120,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
    )  # fmt: skip
    assert proc.stdout == "#" * 301 + "\n"
    assert "Traceback" not in proc.stderr and proc.stderr == ""



# --- hostile input: huge numbers, closed or full streams, pipes and devices --------------

HUGE = "9" * 5000  # past int()'s own limit of 4,300 digits


@pytest.mark.parametrize(
    "args,fragments",
    [
        (["solve", "{small}", "--start", f"{HUGE},0"], ["--start", "far off any maze"]),
        (["solve", "{small}", "--goal", f"1,-{HUGE}"], ["--goal", "far off any maze"]),
        (["generate", "-a", "prim", "--size", f"{HUGE}x5"], ["--size 999", "rows must be"]),
        (["generate", "-a", "prim", "--size", f"5x{HUGE}"], ["(5000 characters)", "cols must"]),
        (["play", "--size", f"{HUGE}x5"], ["--size", "odd numbers from 3 to 4001"]),
        (["generate", "-a", "prim", "--seed", HUGE], ["--seed must be an integer from 0 to"]),
        (["generate", "-a", "dig", "--rank", HUGE], ["--rank must be an integer from 1 to 4001"]),
        (["generate", "-a", "prim", "--loops", HUGE], ["--loops must be a number from 0 to 1"]),
    ],
)
def test_huge_numbers_get_one_short_line_not_a_traceback(
    small_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str],
    fragments: list[str],
) -> None:
    monkeypatch.setenv("MIGONG_SAVE_PATH", str(tmp_path / "save.json"))
    proc = migong(*[a.replace("{small}", str(small_file)) for a in args])
    assert_clean_error(proc, *fragments)
    assert len(proc.stderr) < 300  # the 5,000 digits are cut short in the message


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="/dev/full is Linux's full disk")
def test_a_full_disk_on_standard_output_is_one_line() -> None:
    proc = shell("migong generate -a prim -s 201x201 > /dev/full")
    assert_clean_error(proc, "cannot write to standard output: No space left on device")


@pytest.mark.parametrize(
    "command,fragment",
    [
        ("migong generate -a prim -s 21x21 >&-", "cannot write to standard output: it is closed"),
        ("migong solve - --json >&- < {small}", "cannot write to standard output: it is closed"),
        ("migong solve - <&-", "<stdin>: standard input is closed"),
    ],
)
def test_a_closed_standard_stream_is_one_line(small_file: Path, command: str,
                                              fragment: str) -> None:
    assert_clean_error(shell(command.replace("{small}", str(small_file))), fragment)


@pytest.mark.parametrize("command", ["solve", "play"])
def test_a_named_pipe_as_the_maze_file_is_refused_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    fifo = tmp_path / "maze.txt"
    os.mkfifo(fifo)
    monkeypatch.setenv("MIGONG_SAVE_PATH", str(tmp_path / "save.json"))
    proc = migong(command, str(fifo), timeout=60)  # it used to wait for a writer forever
    assert_clean_error(proc, f"{fifo}: is a named pipe (FIFO), not a regular file")


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null"])
def test_a_device_as_the_maze_file_is_refused_unread(device: str) -> None:
    if not os.path.exists(device):
        pytest.skip(f"{device} is a Unix device")
    assert_clean_error(migong("solve", device, timeout=60), f"{device}: is a device")


def test_solve_json_streams_the_same_object_for_a_long_path(tmp_path: Path) -> None:
    rows = ["S" + "." * 300, *("#" * 300 + "." if r % 4 == 1 else "." * 301 if r % 2 == 0
                               else "." + "#" * 300 for r in range(1, 300)), "E" + "." * 300]
    maze = tmp_path / "snake.txt"
    maze.write_text("\n".join(rows) + "\n", encoding="utf-8")
    proc = migong("solve", str(maze), "--json")
    answer = json.loads(proc.stdout)
    assert proc.returncode == 0 and answer["found"]
    assert len(answer["path"]) == answer["length"] + 1 > 40_000  # several pieces of output
    assert proc.stdout == json.dumps(answer) + "\n"  # exactly what json.dumps would print


@pytest.mark.parametrize(
    "case,code,fragment",
    [
        ("ragged 16 MiB", 2, "4198381 rows, more than a maze may have (expected at most 4001"),
        ("X line 16 MiB", 2, ":1:8003: line 1 has 8388575 tiles, more than a maze may have"),
        ("digits, 16 MiB", 1, "bfs: no path from (1,1) to (2891,2891)"),
        ("one row 16 MiB", 2, ":1:4002: line 1 has 16777215 tiles"),
    ],
)
def test_the_slowest_files_up_to_the_size_cap_are_answered_at_once(
    tmp_path: Path, case: str, code: int, fragment: str
) -> None:
    from tests.benchmarks.bench_formats import CASES

    build, _ = CASES[case]
    path = tmp_path / "maze.txt"
    path.write_text(build(), encoding="utf-8")
    proc = migong("solve", str(path), timeout=60)  # each used to take minutes (or gigabytes)
    assert proc.returncode == code, proc.stderr
    assert fragment in proc.stdout + proc.stderr and "Traceback" not in proc.stderr


# --- the modules of the command line ------------------------------------------------------


# --- levels -------------------------------------------------------------------------------


def test_levels_json_lists_the_campaign_with_its_fewest_moves() -> None:
    from game.levels import CAMPAIGN, CHAPTERS, build_level, level_code
    from game.maze.solvers import solve

    proc = migong("levels", "--json")
    assert proc.returncode == 0, proc.stderr
    levels = json.loads(proc.stdout)
    assert [level["index"] for level in levels] == list(range(1, len(CAMPAIGN) + 1))
    assert [level["code"] for level in levels] == [level_code(spec) for spec in CAMPAIGN]
    assert {"index", "chapter", "name", "code", "moves", "keys", "fog"} <= set(levels[0])
    assert levels[0]["chapter"] == "First Steps" and levels[-1]["chapter"] == "The Long Haul"
    assert len({level["chapter"] for level in levels}) == len(CHAPTERS)
    assert [(level["keys"], level["fog"]) for level in levels] == [
        (spec.keys, spec.fog) for spec in CAMPAIGN]
    assert any(level["keys"] for level in levels) and any(level["fog"] for level in levels)
    for level in (levels[0], levels[13]):
        spec = CAMPAIGN[level["index"] - 1]
        assert level["moves"] == solve(build_level(spec), "bfs").length
        assert (level["name"], level["generator"], level["rows"], level["cols"]) == (
            spec.name, spec.algorithm, spec.rows, spec.cols)
    looped = next(level for level in levels if level["code"] == "D33x33-2K0-R4-L10")
    assert looped["options"] == {"loops": 0.1, "room_size": 4}


def test_levels_prints_a_line_a_level_under_a_heading() -> None:
    proc = migong("levels")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].split() == ["#", "chapter", "name", "code", "generator", "size", "options",
                                "keys", "fog", "moves"]
    first = lines[1].split()
    assert first[:6] == ["1", "1", "First", "Steps", "First", "Steps"]
    assert first[-4:] == ["-", "0", "no", "18"] and "B11x11-UL" in first
    assert len(lines) == 1 + len(json.loads(migong("levels", "--json").stdout))


def test_levels_refuses_stray_arguments_in_one_line() -> None:
    assert_clean_error(migong("levels", "--jsn"), "unrecognized arguments: --jsn")


# --- traces -----------------------------------------------------------------------------


@pytest.mark.parametrize("solver", list(SOLVERS))
def test_solve_trace_prints_each_event_then_the_json_object(small_file: Path, solver: str) -> None:
    traced = migong("solve", str(small_file), "--trace", "--solver", solver)
    plain = migong("solve", str(small_file), "--json", "--solver", solver)
    assert traced.returncode == plain.returncode == 0
    *events, last = [json.loads(line) for line in traced.stdout.splitlines()]
    assert last == json.loads(plain.stdout)
    assert all(set(event) == {"event", "at"} for event in events)
    marks = [tuple(event["at"]) for event in events if event["event"] == "mark"]
    assert marks[0] == (1, 0) or solver == "dead-end-filling"  # it marks what it fills first
    assert len(marks) == len(set(marks)) == last["visited"]
    assert events[-1] == {"event": "found", "at": [3, 4]}
    assert {event["event"] for event in events} <= {"mark", "expand", "backtrack", "found"}


def test_solve_trace_of_a_maze_without_path_exits_1() -> None:
    proc = migong("solve", "-", "--trace", "--solver", "dfs", stdin=WALLED_OFF)
    assert proc.returncode == 1
    *events, last = [json.loads(line) for line in proc.stdout.splitlines()]
    assert last["found"] is False
    assert "found" not in {event["event"] for event in events}


@pytest.mark.parametrize("algorithm", list(GENERATORS))
def test_generate_trace_prints_events_that_rebuild_the_maze(algorithm: str) -> None:
    traced = migong("generate", "-a", algorithm, "-s", "9x11", "--seed", "4", "--loops", "0.2",
                    "--trace")
    plain = migong("generate", "-a", algorithm, "-s", "9x11", "--seed", "4", "--loops", "0.2")
    assert traced.returncode == 0
    *events, last = [json.loads(line) for line in traced.stdout.splitlines()]
    assert last == {"rows": 9, "cols": 11, "seed": 4}
    maze = parse_maze(plain.stdout)
    opened = {(r, c) for r, c in zip(*(maze.tiles == FLOOR).nonzero())}
    built: set[tuple[int, int]] = set()
    for event in events:  # the events that change single tiles, as the maze text shows
        at = tuple(event["at"])
        if event["event"] in ("push", "carve", "link", "add"):
            built |= {at, tuple(event["via"])}
        elif event["event"] in ("dig", "door", "open", "cell", "join"):
            built.add(at)
        elif event["event"] == "wall":
            built.discard(at)
        elif event["event"] == "room":
            (r1, c1), (r2, c2) = at, event["to"]
            built |= {(r, c) for r in range(r1, r2 + 1) for c in range(c1, c2 + 1)}
        elif event["event"] == "split":
            r, c = at
            r1, c1, r2, c2 = event["chamber"]
            built -= {(r, x) for x in range(c1, c2 + 1)} | {(y, c) for y in range(r1, r2 + 1)}
    assert built == opened


def test_generate_trace_refuses_an_output_file(tmp_path: Path) -> None:
    proc = migong("generate", "-a", "prim", "--trace", "-o", str(tmp_path / "m.txt"))
    assert_clean_error(proc, "--trace")


@pytest.mark.parametrize("args,fragment", [
    (["lab", "--size", "1003x1003"], "up to 1001x1001"),
    (["lab", "--solver", "nope"], "--solver 'nope'"),
    (["lab", "--algorithm", "prim", "--room-size", "3"], "--room-size"),
    (["lab", "no-such-maze.txt"], "no-such-maze.txt"),
])
def test_lab_refuses_bad_arguments_in_one_line_before_opening_a_window(
    args: list[str], fragment: str
) -> None:
    assert_clean_error(migong(*args), fragment)


def test_ctrl_c_while_the_parser_loads_the_registries_exits_130_quietly(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # A SIGINT while numpy and the generators were imported for the parser was a traceback.
    import game.cli

    def interrupted(argv: list[str]) -> list[str]:
        """Be interrupted as the registries load."""
        raise KeyboardInterrupt

    monkeypatch.setattr(game.cli, "_joined_negatives", interrupted)
    assert game.cli.main(["generate", "-a", "prim"]) == 130
    assert capsys.readouterr() == ("", "")


def test_ctrl_c_while_python_m_game_imports_the_command_line_exits_130_quietly() -> None:
    code = ("import builtins, runpy\n"
            "real = builtins.__import__\n"
            "def hit(name, *args, **kwargs):\n"
            "    if name == 'game.cli':\n"
            "        raise KeyboardInterrupt\n"
            "    return real(name, *args, **kwargs)\n"
            "builtins.__import__ = hit\n"
            "runpy.run_module('game', run_name='__main__')\n")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=60)
    assert (proc.returncode, proc.stderr) == (130, "")


@pytest.mark.parametrize("name", ["a\nb.txt", "\x1b[2J.txt", "\u202etxt.exe"])
def test_a_file_name_with_control_characters_is_named_on_one_escaped_line(
        tmp_path: Path, name: str) -> None:
    # The name went out raw: a newline split the error in two, an escape cleared the screen.
    done = run_cli("solve", str(tmp_path / name))
    assert done.returncode == 2
    shown = name.encode("unicode_escape").decode("ascii")
    assert done.stderr == f"migong: error: {tmp_path / shown}: no such file (expected a maze text file)\n"


def test_an_unknown_argument_with_a_newline_is_one_line() -> None:
    done = run_cli("generate", "--nope\nmore")
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "--nope\\nmore" in done.stderr
