"""The first-person commands: ``play --view`` and ``screensaver`` open, and end with exit 0."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.mark.parametrize("argv", [["screensaver", "--window"], ["screensaver"],
                                  ["play", "--size", "11x11", "--view", "first-person"]])
def test_the_commands_open_and_exit_0(argv: list[str], tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from game.cli import main

    monkeypatch.setenv("MIGONG_EXIT_AFTER_FIRST_FRAME", "1")
    monkeypatch.setenv("MIGONG_SAVE_PATH", str(tmp_path / "save.json"))
    assert main(argv) == 0
    assert not (tmp_path / "save.json").exists() or argv[0] == "play"


def test_a_bad_view_is_refused_with_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    from game.cli import main

    with pytest.raises(SystemExit) as exc:
        main(["play", "--size", "11x11", "--view", "sideways"])
    assert exc.value.code == 2
    assert "--view" in capsys.readouterr().err


def test_the_first_person_benchmark_prints_one_json_line_with_its_figures() -> None:
    import json
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[1]
    proc = subprocess.run(
        [sys.executable, "tests/benchmarks/bench_first_person.py", "--size", "320x240",
         "--frames", "20", "--json"], cwd=root, capture_output=True, text=True, timeout=300,
        env=dict(os.environ, PYTHONPATH=str(root), SDL_VIDEODRIVER="dummy",
                 SDL_AUDIODRIVER="dummy"))
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.strip().splitlines()
    assert len(lines) == 1
    figures = json.loads(lines[0])
    assert figures["render"] == "320x202" and figures["p99_ms"] >= figures["p50_ms"] > 0
