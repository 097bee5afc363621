"""``play --help`` says the size ``play`` builds when not told (one source: the registry)."""

from __future__ import annotations

import re

import pytest

from game import commands
from game.cli import build_parser
from game.errors import UsageError
from game.play import launch


def _help_default(command: str) -> str:
    """Return the default size ``command --help`` names."""
    sub = build_parser()._subparsers._group_actions[0].choices[command]  # type: ignore[union-attr]
    found = re.search(r"default (\d+x\d+)", " ".join(sub.format_help().split()))
    assert found is not None
    return found.group(1)


def test_play_help_names_the_size_play_builds(monkeypatch: pytest.MonkeyPatch) -> None:
    """The default ``play`` passes on is the one its help names (31x31), not generate's."""
    asked: list[str] = []

    def spy(args: object, *, default_size: str, label: str = "Custom") -> None:
        asked.append(default_size)
        raise UsageError("stop here")

    monkeypatch.setattr(commands, "maze_spec", spy)
    args = build_parser().parse_args(["play", "--seed", "3"])
    assert launch.play_from_args(args) == 2
    assert asked == [_help_default("play")] == ["31x31"]
    assert _help_default("generate") == "21x21" and _help_default("lab") == "21x21"
