"""``migong simulate``: moves tapped on a maze with the game's own rules, one JSON line out,
and a replay that ``replay --verify`` accepts."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path
from typing import Sequence

import pytest

from game.cli import main
from game.levels import CAMPAIGN, build_level, parse_level_code
from game.maze.formats import format_maze
from game.maze.grid import Pos
from game.maze.solvers import solve
from game.run.clock import TICK_RATE
from game.simulate import MAX_TAPS, parse_moves, tap

LEVEL_1 = "B11x11-UL"  # campaign level 1
NAMES = {(-1, 0): "U", (1, 0): "D", (0, -1): "L", (0, 1): "R"}


def letters(path: Sequence[Pos]) -> str:
    """Return the taps that walk ``path``."""
    return "".join(NAMES[(b[0] - a[0], b[1] - a[1])] for a, b in zip(path, path[1:]))


def route(code: str) -> str:
    """Return the taps of the shortest route of the maze of ``code``."""
    path = solve(build_level(parse_level_code(code)), "bfs").path
    assert path is not None
    return letters(path)


def simulate(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run ``migong simulate ARGS`` in this process; return the exit code, stdout, stderr."""
    code = main(["simulate", *args])
    out, err = capsys.readouterr()
    return code, out, err


def simulated(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict]:
    """Run ``migong simulate ARGS --json``; return the exit code and its one JSON line."""
    code, out, err = simulate(capsys, *args, "--json")
    assert err == "" and out.endswith("\n") and out.count("\n") == 1
    return code, json.loads(out)


def test_the_shortest_route_tapped_reaches_the_exit_in_the_fewest_moves(
        capsys: pytest.CaptureFixture[str]) -> None:
    moves = route(LEVEL_1)
    code, run = simulated(capsys, "--level", "1", "--moves", moves)
    assert code == 0
    assert {"finished", "caught", "moves", "time", "keys", "hints", "optimal"} <= set(run)
    assert run["finished"] is True and run["caught"] is False and run["hints"] == 0
    assert run["moves"] == run["optimal"] == len(moves) == 18
    assert run["keys"] == "" and run["level"] == LEVEL_1 and run["taps"] == 18
    # the default pace is the walking speed: about one tile per 1/8 s
    assert len(moves) / 8 <= run["time"] <= len(moves) / 8 + 0.2
    assert run["ticks"] == round(run["time"] * TICK_RATE)


def test_code_level_and_file_name_the_same_maze_alike(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    moves = route(LEVEL_1)
    maze_file = tmp_path / "level1.txt"
    maze_file.write_text(format_maze(build_level(CAMPAIGN[0])))
    _, by_level = simulated(capsys, "--level", "1", "--moves", moves)
    _, by_code = simulated(capsys, "--code", LEVEL_1, "--moves", moves)
    _, by_file = simulated(capsys, str(maze_file), "--moves", moves)
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(maze_file.read_bytes())))
    _, by_stdin = simulated(capsys, "-", "--moves", moves)
    assert by_level == by_code
    for run in (by_file, by_stdin):
        assert run["level"].startswith("file:")
        assert {**run, "level": LEVEL_1} == by_level


def test_a_run_short_of_the_exit_exits_1_and_says_where_it_stopped(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, run = simulated(capsys, "--level", "1", "--moves", "RRRR")
    assert code == 1
    assert (run["finished"], run["moves"], run["at"]) == (False, 4, [1, 4])


def test_a_tap_into_a_wall_is_a_bump_not_a_move(capsys: pytest.CaptureFixture[str]) -> None:
    code, run = simulated(capsys, "--level", "1", "--moves", "UUL R")  # from the entrance (1, 0)
    assert code == 1
    assert (run["moves"], run["at"], run["taps"]) == (1, [1, 1], 4)


def test_taps_at_walking_pace_each_count_and_faster_ones_queue_only_so_far(
        capsys: pytest.CaptureFixture[str]) -> None:
    from game.run.player import MAX_QUEUED

    moves = route(LEVEL_1)
    _, walked = simulated(capsys, "--level", "1", "--moves", moves)
    _, rushed = simulated(capsys, "--level", "1", "--moves", moves, "--taps-per-second", "120")
    _, slow = simulated(capsys, "--level", "1", "--moves", moves, "--taps-per-second", "2")
    assert walked["moves"] == slow["moves"] == 18 and walked["finished"]
    # 18 taps in 0.15 s: one step, MAX_QUEUED waiting, the rest dropped as the game drops them
    assert rushed["moves"] == 1 + MAX_QUEUED and not rushed["finished"]
    assert walked["time"] < slow["time"]
    assert slow["time"] == pytest.approx(17 / 2 + 1 / 8, abs=0.02)  # the last tap, then a step


def test_keys_picked_up_are_reported(capsys: pytest.CaptureFixture[str]) -> None:
    code = "P21x21-3-Y2"
    solution = solve(build_level(parse_level_code(code)), "bfs")
    assert solution.path is not None and len(solution.keys) == 2
    done, run = simulated(capsys, "--code", code, "--moves", letters(solution.path))
    assert done == 0 and run["finished"] is True
    assert sorted(run["keys"]) == sorted(solution.keys)
    assert run["moves"] == run["optimal"] == solution.length
    short, stuck = simulated(capsys, "--code", code, "--moves", "")
    assert short == 1 and stuck["keys"] == "" and stuck["moves"] == 0


def test_a_saved_replay_verifies_to_the_same_run(capsys: pytest.CaptureFixture[str],
                                                 tmp_path: Path) -> None:
    saved = tmp_path / "bot" / "run.json"
    moves = "LULU" + route(LEVEL_1) + "LLUU"  # bumps before, taps after the exit
    code, run = simulated(capsys, "--code", LEVEL_1, "--moves", moves,
                          "--taps-per-second", "3.5", "--save-replay", str(saved))
    assert code == 0 and saved.is_file()
    assert [p.name for p in saved.parent.iterdir()] == ["run.json"]  # no temp file left
    assert main(["replay", str(saved), "--verify"]) == 0
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["matches"] is True
    assert (verdict["moves"], verdict["time"], verdict["hints"]) == \
        (run["moves"], run["time"], run["hints"])
    doc = json.loads(saved.read_text())
    assert doc["level"]["code"] == LEVEL_1 and doc["result"]["finished"] is True


@pytest.mark.parametrize("args, message", [
    (["--level", "1", "--moves", "RRX"],
     "--moves: 'X' at position 3 is not a move (U, D, L or R)"),
    (["--level", "1", "--moves", "RR→"], "'→' at position 3 is not a move"),
    (["--code", "Q9x9-1", "--moves", "R"], "unknown algorithm letter 'Q'"),
    (["--level", "0", "--moves", "R"], "--level must be an integer from 1 to"),
    (["--level", "one", "--moves", "R"], "--level must be an integer from 1 to"),
    (["--moves", "R"], "simulate needs one maze: --code CODE, --level N or a maze FILE (got none)"),
    (["--level", "1", "--code", LEVEL_1, "--moves", "R"], "(got --code and --level)"),
    (["{missing}", "--moves", "R"], "no such file"),
    (["--level", "1", "--moves", "R", "--taps-per-second", "0"],
     "--taps-per-second must be a number above 0 and at most 120"),
    (["--level", "1", "--moves", "R", "--taps-per-second", "nan"], "--taps-per-second must be"),
    (["--level", "1", "--moves", "R" * (MAX_TAPS + 1)], f"more than the {MAX_TAPS} a run can keep"),
    (["--level", "1", "--moves", "R" * 100, "--taps-per-second", "0.01"],
     "100 taps at 0.01 a second take longer than the 2 hours a run can keep"),
    (["--level", "1", "--moves", "R", "--save-replay", "{folder}"], "cannot write --save-replay"),
    (["--code", "B5x5-1-Y4", "--moves", "R"],  # a traceback, as chasers were
     "keys 4: this 5x5 maze has room for at most 0 keys and doors"),
    (["--code", "B5x5-1-C4", "--moves", "R"], "chasers 4: this 5x5 maze has no room for 4"),
])
def test_bad_input_is_one_clear_line_and_exit_2(args: list[str], message: str,
                                                capsys: pytest.CaptureFixture[str],
                                                tmp_path: Path) -> None:
    args = [a.format(missing=tmp_path / "missing.txt", folder=tmp_path) for a in args]
    code, out, err = simulate(capsys, *args, "--json")
    assert (code, out) == (2, "")
    assert err.startswith("migong: error: ") and message in err and err.count("\n") == 1


def test_without_json_it_says_the_run_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = simulate(capsys, "--level", "1", "--moves", route(LEVEL_1))
    assert code == 0 and out.startswith("reached the exit: 18 moves in ")
    assert out.endswith(" s (the fewest: 18)\n")


def test_the_pure_model_plays_the_taps_a_bot_sends() -> None:
    maze = build_level(CAMPAIGN[0])
    tapped = tap(maze, parse_moves(route(LEVEL_1) + "RRRR"), 8.0)
    # the 19th tap comes while the last step slides onto the exit; the rest never come
    assert tapped.run.finished and tapped.taps == 19 and tapped.run.moves == 18
    with pytest.raises(ValueError, match="not a move"):
        parse_moves("R-D")


def test_simulate_and_verify_never_load_the_play_layer(tmp_path: Path) -> None:
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[1]
    script = (
        "import sys\n"
        "from game.cli import main\n"
        f"assert main(['simulate', '--level', '1', '--moves', {route(LEVEL_1)!r}, '--json',\n"
        f"             '--save-replay', {str(tmp_path / 'run.json')!r}]) == 0\n"
        f"assert main(['replay', {str(tmp_path / 'run.json')!r}, '--verify']) == 0\n"
        # game.save still reads the key bindings' and palettes' names from game.play (pure
        # data); nothing that draws or plays is loaded
        "loaded = sorted(m for m in sys.modules if m == 'pygame' or m.startswith(\n"
        "    ('game.play.app', 'game.play.launch', 'game.play.scenes', 'game.play.session')))\n"
        "assert not loaded, loaded\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=root, timeout=120, env={"PYTHONPATH": str(root)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("\n") == 2


def test_a_replay_of_a_maze_file_named_in_no_encoding_is_kept(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The file name became the replay's label: writing it was a UnicodeEncodeError traceback.
    maze = Path(os.fsdecode(os.fsencode(tmp_path) + b"/\xff.txt"))
    maze.write_text("#####\nS...#\n###.#\n#...E\n#####\n")
    saved = tmp_path / "run.json"
    code, _, err = simulate(capsys, str(maze), "--moves", "RRR", "--save-replay", str(saved))
    assert (code, err) == (1, "")
    assert json.loads(saved.read_text())["level"]["label"] == "\\udcff.txt"
