"""``migong stats``: a maze file, a generator's mazes over seeds, every generator; bad input
is one line and exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.clirun import run_cli
from tests.maze.test_stats import SMALL

KEYS = {"dead_ends", "straights", "turns", "junctions", "longest_corridor", "solution_length",
        "solution_share"}


@pytest.fixture
def small_file(tmp_path: Path) -> Path:
    """Return a file holding the hand-counted maze of the statistics' tests."""
    path = tmp_path / "small.txt"
    path.write_text(SMALL, encoding="utf-8")
    return path


def test_stats_of_a_file_as_json(small_file: Path) -> None:
    proc = run_cli("stats", str(small_file), "--json")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert KEYS <= set(out)
    assert out["dead_ends"] == pytest.approx(3 / 12)
    assert (out["longest_corridor"], out["solution_length"]) == (5, 16)
    assert out["counts"] == {"dead_ends": 3, "straights": 3, "turns": 5, "junctions": 1}


def test_stats_of_a_file_as_a_table_and_from_standard_input(small_file: Path) -> None:
    proc = run_cli("stats", "-", stdin=SMALL)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == "<stdin>: 7x9 tiles, 12 cells"
    assert "dead ends         25.0 %  (3)" in lines and "junctions          8.3 %  (1)" in lines
    assert "longest corridor       5 cells" in lines
    assert run_cli("stats", str(small_file)).stdout.splitlines()[1:] == lines[1:]


def test_stats_of_a_generator_over_seeds_gives_means_and_spreads() -> None:
    proc = run_cli("stats", "--algorithm", "backtracker", "--size", "41x41", "--seeds", "8",
                   "--json")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert KEYS <= set(out) and KEYS == set(out["spread"])
    assert (out["seeds"], out["seed"], out["mazes"]) == (8, 1, 8)
    assert 0.07 < out["dead_ends"] < 0.14 and out["spread"]["dead_ends"] > 0
    one = json.loads(run_cli("stats", "-a", "backtracker", "-s", "41x41", "--seed", "3",
                             "--json").stdout)
    assert one["seed"] == 3 and "spread" not in one and KEYS <= set(one)


def test_stats_with_generator_options_and_a_code() -> None:
    rooms = json.loads(run_cli("stats", "-a", "division", "-s", "31x31", "--room-size", "5",
                               "--json").stdout)
    plain = json.loads(run_cli("stats", "-a", "division", "-s", "31x31", "--json").stdout)
    assert rooms["junctions"] > plain["junctions"]  # open rooms: every inside cell a crossroads
    coded = run_cli("stats", "--code", "B21x21-1", "--json")
    assert coded.returncode == 0, coded.stderr
    assert json.loads(coded.stdout)["algorithm"] == "backtracker"


def test_stats_compare_gives_a_row_per_generator() -> None:
    from game.maze.generators import GENERATORS

    proc = run_cli("stats", "--compare", "--size", "21x21", "--seeds", "2", "--json")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert list(out["generators"]) == list(GENERATORS)
    assert all(KEYS <= set(row) for row in out["generators"].values())
    table = run_cli("stats", "--compare", "--size", "21x21", "--seeds", "2").stdout.splitlines()
    assert table[1].split()[:3] == ["generator", "dead", "ends"]
    assert len(table) == 2 + len(GENERATORS)


@pytest.mark.parametrize("args,fragment", [
    ([], "stats needs FILE, --algorithm NAME, --code CODE or --compare"),
    (["-a", "nope"], "unknown --algorithm 'nope'"),
    (["-a", "wilson", "--seeds", "0"], "--seeds must be an integer from 1 to 1000 (got '0')"),
    (["-a", "wilson", "--size", "20x20"], "--size 20x20: rows must be"),
    (["--compare", "-a", "wilson"], "--compare measures every generator"),
    (["-a", "wilson", "-s", "4001x4001", "--seeds", "10"], "at most 100,000,000"),
    (["-a", "wilson", "-s", "5x5", "--keys", "4"], "room for at most 1 key"),
    (["no-such-file.txt"], "no-such-file.txt"),
    (["--code", "nonsense"], "bad level code 'nonsense'"),
])
def test_stats_refuses_bad_input_in_one_line(args: list[str], fragment: str) -> None:
    proc = run_cli("stats", *args)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.startswith("migong: error: ") and proc.stderr.count("\n") == 1
    assert fragment in proc.stderr


def test_stats_of_a_file_refuses_maze_options(small_file: Path) -> None:
    proc = run_cli("stats", str(small_file), "--algorithm", "wilson", "--seeds", "3")
    assert proc.returncode == 2
    assert proc.stderr == ("migong: error: stats FILE measures that maze: give it without "
                           "--algorithm, --seeds\n")


def test_stats_compare_measures_what_the_compare_page_does_by_default() -> None:
    from game.lab.compare import SEEDS, SIZE
    from game.stats_command import COMPARE_SEEDS, COMPARE_SIZE

    assert (COMPARE_SEEDS, COMPARE_SIZE) == (SEEDS, f"{SIZE[0]}x{SIZE[1]}")


@pytest.mark.parametrize("args,fragment", [
    (["--algorithm", "wilson"], "--compare shows every generator: give it without --algorithm"),
    (["maze.txt"], "give it without FILE"),
])
def test_lab_compare_takes_no_maze(args: list[str], fragment: str) -> None:
    proc = run_cli("lab", "--compare", *args)
    assert proc.returncode == 2
    assert proc.stderr.startswith("migong: error: ") and proc.stderr.count("\n") == 1
    assert fragment in proc.stderr


def test_lab_compare_opens_the_compare_page(tmp_path: Path) -> None:
    done = run_cli("lab", "--compare", env={"MIGONG_SAVE_PATH": str(tmp_path / "save.json"),
                                            "MIGONG_EXIT_AFTER_FIRST_FRAME": "1"})
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""


def test_lab_compare_routes_to_the_compare_page(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.cli import main
    from game.play import app
    from game.play.routes import OpenCompare

    asked: list[object] = []

    class Window:
        """An App that records the route it is asked to run."""

        def run(self, route: object) -> int:
            asked.append(route)
            return 0

    monkeypatch.setattr(app.App, "open", classmethod(lambda cls: Window()))
    monkeypatch.setattr("game.play.launch.display_problem", lambda: None)
    assert main(["lab", "--compare"]) == 0
    assert len(asked) == 1 and isinstance(asked[0], OpenCompare)


def test_a_maze_of_one_cell_is_one_cell_and_a_maze_of_none_has_no_shares() -> None:
    one = run_cli("stats", "-", stdin="SE\n..\n")
    assert one.stdout.splitlines()[0] == "<stdin>: 2x2 tiles, 1 cell"
    none = json.loads(run_cli("stats", "-", "--json", stdin="S.E\n").stdout)
    assert (none["cells"], none["dead_ends"], none["solution_length"]) == (0, 0.0, 2)


@pytest.mark.parametrize("code", ["en", "zh"])
def test_the_longest_corridor_has_one_name_in_the_lab_the_compare_page_and_stats(
        code: str) -> None:
    from game.text import language, set_language, t

    before = language()
    set_language(code)
    try:
        head, line = t("compare.longest_corridor"), t("lab.stats.river", cells="5")
        caption = t("compare.caption", mazes=2, rows=15, cols=15)
    finally:
        set_language(before)
    assert line.lower().startswith(head.lower())  # "Longest corridor 5 cells", 最长走廊 5 格
    assert head.lower() in caption.lower() and "river" not in caption.lower()
    if code == "en":
        table = run_cli("stats", "--compare", "--size", "11x11", "--seeds", "1").stdout
        assert "longest corridor" in table.splitlines()[1]
