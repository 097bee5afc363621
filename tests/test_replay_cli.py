"""``migong replays [--json]`` and ``migong replay FILE --verify``, run as a user would."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.levels import build_level, parse_level_code
from game.replays import ReplayStore, replay_dir
from game.run.model import Run
from game.run.player import Move
from game.run.replay import dumps, record
from tests.clirun import run_cli
from tests.run.test_replay import campaign_level, played

ROOT = Path(__file__).resolve().parents[1]


def migong(*args: str, save: Path) -> subprocess.CompletedProcess[str]:
    """Run the command line in this process with the save (and so the replays) at ``save``."""
    return run_cli(*args, env={"MIGONG_SAVE_PATH": str(save)})


@pytest.fixture
def save(tmp_path: Path) -> Path:
    """Return a save path with two runs kept beside it: one finished, one left early."""
    path = tmp_path / "save.json"
    store = ReplayStore(replay_dir(path))
    level = campaign_level()
    store.keep(record(played(level), level, game="0.1.0", date="2026-12-01T08:00:00Z"))
    left = Run(level.maze)
    left.apply(Move(0, 1))
    for _ in range(100):
        left.step()
    store.keep(record(left, level, game="0.1.0", date="2026-12-01T09:00:00Z"))
    return path


def test_replays_json_lists_every_replay_newest_first(save: Path) -> None:
    done = migong("replays", "--json", save=save)
    assert done.returncode == 0, done.stderr
    listed = json.loads(done.stdout)
    # the finished run is also its level's best (a copy in best/): listed once, marked best
    assert [e["date"] for e in listed] == ["2026-12-01T09:00:00Z", "2026-12-01T08:00:00Z"]
    for entry in listed:
        assert {"path", "level", "date", "moves", "time", "finished"} <= set(entry)
        assert Path(entry["path"]).parent.parent in (save.parent, save.parent / "replays")
    assert [(e["finished"], e["best"]) for e in listed] == [(False, False), (True, True)]
    assert listed[0]["level"] == "B11x11-UL"


def test_replays_without_json_is_one_line_a_replay(save: Path) -> None:
    done = migong("replays", save=save)
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert len(lines) == 2 and "B11x11-UL" in lines[0] and "best" in lines[1]
    assert "best" not in lines[0]


def test_verify_reaches_the_exit_with_the_recorded_moves_and_time(save: Path) -> None:
    finished = next(e for e in json.loads(migong("replays", "--json", save=save).stdout)
                    if e["finished"])
    done = migong("replay", finished["path"], "--verify", save=save)
    assert done.returncode == 0, done.stderr
    assert len(done.stdout.splitlines()) == 1
    verdict = json.loads(done.stdout)
    assert verdict["finished"] is True and verdict["matches"] is True
    assert (verdict["moves"], verdict["time"], verdict["level"]) == \
        (finished["moves"], finished["time"], "B11x11-UL")


def test_verify_of_a_forged_result_still_exits_0_and_says_it_does_not_match(
        save: Path, tmp_path: Path) -> None:
    finished = next(e for e in json.loads(migong("replays", "--json", save=save).stdout)
                    if e["finished"])
    forged = tmp_path / "forged.json"
    doc = json.loads(Path(finished["path"]).read_text())
    doc["result"]["moves"] = 1
    forged.write_text(json.dumps(doc))
    done = migong("replay", str(forged), "--verify", save=save)
    assert done.returncode == 0, done.stderr  # the moves still reach the exit (issue 11)
    verdict = json.loads(done.stdout)
    assert verdict["recorded"]["moves"] == 1 and verdict["moves"] == finished["moves"]
    assert verdict["matches"] is False


def test_verify_of_a_run_short_of_the_exit_exits_1(save: Path) -> None:
    left = next(e for e in json.loads(migong("replays", "--json", save=save).stdout)
                if not e["finished"])
    done = migong("replay", left["path"], "--verify", save=save)
    assert done.returncode == 1
    assert json.loads(done.stdout)["finished"] is False


def test_verify_of_a_bad_file_is_one_error_line_and_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"version": 1, "level": {"code": "B11x11-UL", "digest": "00"}}')
    done = migong("replay", str(bad), "--verify", save=tmp_path / "save.json")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (f"migong: error: {bad}: not a usable replay: 'level.digest' must be "
                           "64 hex digits, got \"00\"\n")


def _with_odd_text(save: Path) -> Path:
    """Give a kept run a label with a lone surrogate and a name that is not UTF-8."""
    folder = save.parent / "replays"
    run = min(folder.glob("*.json"))
    text = run.read_text(encoding="utf-8")
    assert '"label": "First Steps"' in text
    run.write_text(text.replace('"label": "First Steps"', '"label": "\\ud800 Steps"'),
                   encoding="utf-8")
    odd = os.path.join(os.fsencode(folder), b"\xff-odd.json")
    with open(odd, "wb") as out:
        out.write(run.read_bytes())
    return run


def test_replays_json_escapes_what_cannot_be_encoded(save: Path) -> None:
    run = _with_odd_text(save)
    done = migong("replays", "--json", save=save)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    listed = json.loads(done.stdout)  # valid JSON, the odd text as escapes
    assert "\\ud800 Steps" in done.stdout and "\\udcff-odd.json" in done.stdout
    labels = {Path(e["path"]).name: e["label"] for e in listed}
    assert labels[run.name] == "\ud800 Steps" and labels["\udcff-odd.json"] == "\ud800 Steps"
    assert len(listed) == 3  # two runs (the best one's copy not listed again) and the odd one


def test_replays_as_text_escapes_what_cannot_be_encoded(save: Path) -> None:
    _with_odd_text(save)
    done = migong("replays", save=save)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert len(done.stdout.splitlines()) == 3 and "\\udcff-odd.json" in done.stdout


def test_replays_as_text_sends_no_control_characters_to_the_terminal(save: Path) -> None:
    # A replay someone sent (its date, its file name) wrote escape sequences to the terminal
    # raw: they could retitle it, clear it or reorder the line (U+202E).
    folder = save.parent / "replays"
    run = min(folder.glob("*.json"))
    text = run.read_text(encoding="utf-8")
    run.write_text(re.sub(r'"date": "[^"]*"', r'"date": "\\u001b]0;owned\\u0007"', text, count=1),
                   encoding="utf-8")
    (folder / "\x1b[2J\u202e.json").write_bytes(b"{}")
    done = migong("replays", save=save)
    assert done.returncode == 0
    for stream in (done.stdout, done.stderr):
        assert "\x1b" not in stream and "\x07" not in stream and "\u202e" not in stream
    assert "\\x1b]0;owned\\x07" in done.stdout and "\\x1b[2J\\u202e.json" in done.stderr


def test_the_listing_reads_only_the_head_of_each_replay(save: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    import game.replays as replays

    limits: list[int] = []
    real = replays.read_regular_file

    def spy(path: Path, limit: int) -> bytes:
        limits.append(limit)
        return real(path, limit)

    monkeypatch.setattr(replays, "read_regular_file", spy)
    folder = save.parent / "replays"
    run = min(folder.glob("*.json"))  # its intents spoilt: a listing never reads them
    run.write_bytes(run.read_bytes().replace(b'"intents": [', b'"intents": [["x"], '))
    listed = ReplayStore(folder).listing()
    assert len(listed) == 2 and all(e.replay is not None for e in listed)  # each run once
    assert all(e.replay.log == () for e in listed if e.replay)
    assert limits and max(limits) == replays.HEAD_BYTES < replays.MAX_REPLAY_BYTES


def test_replays_with_none_saved_says_so(tmp_path: Path) -> None:
    done = migong("replays", "--json", save=tmp_path / "save.json")
    assert (done.returncode, done.stdout) == (0, "[]\n")


def test_watching_without_a_display_is_one_error_line(save: Path, tmp_path: Path) -> None:
    env_path = next(Path(e["path"]) for e in json.loads(
        migong("replays", "--json", save=save).stdout))
    env = dict(os.environ, PYTHONPATH=str(ROOT), MIGONG_SAVE_PATH=str(save))
    env.pop("SDL_VIDEODRIVER", None)
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    done = subprocess.run([sys.executable, "-m", "game", "replay", str(env_path)],
                          capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 2
    assert done.stderr.startswith("migong: error: no display found")



# -- verify in-process: hints, the budget, a level that names no maze --------------------------


def verify_in_process(path: Path, capsys: pytest.CaptureFixture[str],
                      *options: str) -> tuple[int, str, str]:
    """Run ``replay PATH --verify`` in this process; return the exit code, stdout, stderr."""
    from game.cli import main

    code = main(["replay", str(path), "--verify", *options])
    out, err = capsys.readouterr()
    return code, out, err


def finished_doc() -> dict:
    """Return the document of a finished run of level 1 that showed the hint once."""
    level = campaign_level()
    return json.loads(dumps(record(played(level), level, game="0.1.0", date="2026-12-01")))


def test_verify_compares_and_reports_the_hints(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    doc = finished_doc()
    assert doc["result"]["hints"] == 1
    honest, hidden = tmp_path / "honest.json", tmp_path / "hidden.json"
    honest.write_text(json.dumps(doc))
    doc["result"]["hints"] = 0  # a run that used the hint claims it did not
    hidden.write_text(json.dumps(doc))

    code, out, _ = verify_in_process(honest, capsys)
    verdict = json.loads(out)
    assert code == 0 and verdict["matches"] is True
    assert verdict["hints"] == 1 and verdict["recorded"]["hints"] == 1

    code, out, _ = verify_in_process(hidden, capsys)
    verdict = json.loads(out)
    assert code == 0 and verdict["finished"] is True
    assert verdict["hints"] == 1 and verdict["recorded"]["hints"] == 0
    assert verdict["matches"] is False


def test_a_level_with_neither_code_nor_maze_is_told_so(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    doc = finished_doc()
    del doc["level"]["code"]
    bad = tmp_path / "nolevel.json"
    bad.write_text(json.dumps(doc))
    code, out, err = verify_in_process(bad, capsys)
    assert (code, out) == (2, "")
    assert err == (f"migong: error: {bad}: not a usable replay: 'level' has neither a 'code' "
                   "nor a 'maze': it needs one\n")


def test_a_replay_over_the_budget_is_refused_up_front_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    import game.levels

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("a maze over the budget was built")

    monkeypatch.setattr(game.levels, "build_level", never)
    doc = finished_doc()
    doc["level"]["code"] = "P4001x4001-1-Y4"  # 16 million tiles with keys: over a minute
    doc["intents"] = [[0, "move", 0, 1]] * 100_000
    doc["result"].update(ticks=500_000, time_ticks=500_000)
    big = tmp_path / "big.json"
    big.write_text(json.dumps(doc))
    code, out, err = verify_in_process(big, capsys)
    assert (code, out) == (2, "")
    assert err == (f"migong: error: {big}: not verified: its maze is 4001x4001 (16008001 "
                   "tiles), over the 1002001 tiles a verification takes on (see --max-tiles "
                   "and --max-ticks)\n")

    doc["level"]["code"] = "B11x11-UL"
    big.write_text(json.dumps(doc))
    code, out, err = verify_in_process(big, capsys, "--max-ticks", "7200")
    assert (code, out) == (2, "")
    assert "its run is 500000 ticks long, over the 7200 ticks" in err
    assert len(err.splitlines()) == 1


def test_the_budget_options_refuse_what_they_cannot_mean(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps(finished_doc()))
    code, out, err = verify_in_process(good, capsys, "--max-tiles", "100")  # level 1: 11x11
    assert (code, out) == (2, "")
    assert "its maze is 11x11 (121 tiles), over the 100 tiles" in err
    code, _, err = verify_in_process(good, capsys, "--max-tiles", "lots")
    assert code == 2 and err.startswith("migong: error: --max-tiles must be an integer from 9")
    code, _, err = verify_in_process(good, capsys, "--max-ticks", "-1")
    assert code == 2 and err.startswith("migong: error: --max-ticks must be an integer from 0")
    code, out, _ = verify_in_process(good, capsys, "--max-tiles", "121", "--max-ticks", "864000")
    assert code == 0 and json.loads(out)["matches"] is True


def test_the_help_states_the_budget_the_verifier_applies() -> None:
    from game.cli import build_parser
    from game.run.replay import MAX_TICKS, VerifyBudget

    parser = build_parser()
    commands = next(a for a in parser._actions if a.dest == "command")
    sub = commands.choices["replay"]  # type: ignore[index]
    text = " ".join(sub.format_help().split())
    assert f"default {VerifyBudget().max_tiles}, a 1001x1001 maze" in text
    assert VerifyBudget().max_tiles == 1001 * 1001
    assert f"(default and most {MAX_TICKS}, two hours)" in text
    assert VerifyBudget().max_ticks == MAX_TICKS == 2 * 3600 * 120


# -- a closed pipe ------------------------------------------------------------------------------


class ClosedAfter:
    """A standard output whose reader goes away after ``lines`` lines (``| head -n LINES``)."""

    def __init__(self, lines: int) -> None:
        self.lines = lines
        self.text = ""

    def write(self, text: str) -> int:
        """Take ``text`` while the reader is there; raise BrokenPipeError after."""
        if self.text.count("\n") >= self.lines:
            raise BrokenPipeError(32, "Broken pipe")
        self.text += text
        return len(text)

    def flush(self) -> None:
        """Flush nothing."""

    def fileno(self) -> int:
        """Have no file descriptor, as a test's capture has none."""
        raise io.UnsupportedOperation("fileno")


def test_solve_trace_into_a_closed_pipe_is_no_no_path(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from game.cli import main
    from game.maze.formats import format_maze

    maze = tmp_path / "big.txt"
    maze.write_text(format_maze(build_level(parse_level_code("B301x301-1"))))
    monkeypatch.setattr("sys.stdout", ClosedAfter(1))
    code = main(["solve", str(maze), "--trace"])
    assert code == 0  # as generate | head: quiet, not 1 ("no path")
    assert capsys.readouterr().err == ""


def test_solve_trace_still_says_no_path_when_there_is_none(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from game.cli import main

    maze = tmp_path / "walled.txt"
    maze.write_text("#####\nS.#.E\n#####\n")
    assert main(["solve", str(maze), "--trace"]) == 1
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["found"] is False
