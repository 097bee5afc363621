"""``migong replays [--json]`` and ``migong replay FILE --verify``, run as a user would."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.replays import ReplayStore, replay_dir
from game.run.model import Run
from game.run.player import Move
from game.run.replay import record
from tests.run.test_replay import campaign_level, played

ROOT = Path(__file__).resolve().parents[1]


def migong(*args: str, save: Path) -> subprocess.CompletedProcess[str]:
    """Run ``python -m game`` with the save (and so the replays) under ``save``'s folder."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), MIGONG_SAVE_PATH=str(save))
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True,
                          text=True, cwd=ROOT, env=env, timeout=120)


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

