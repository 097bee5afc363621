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
