"""The README's console examples are real: each command prints what the README shows."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def console_examples() -> list[tuple[str, str]]:
    """Return (command, expected output) pairs from the README's ```console blocks."""
    examples: list[tuple[str, str]] = []
    for block in re.findall(r"```console\n(.*?)```", README, flags=re.S):
        for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, _, output = chunk.partition("\n")
            examples.append((command, output))
    return examples


EXAMPLES = console_examples()


def test_the_readme_has_console_examples() -> None:
    assert len(EXAMPLES) >= 3


@pytest.mark.parametrize("command,expected", EXAMPLES, ids=[c for c, _ in EXAMPLES])
def test_a_console_example_prints_what_the_readme_shows(command: str, expected: str) -> None:
    game = f"{shlex.quote(sys.executable)} -m game"
    shell = re.sub(r"(^|\|\s*)migong\b", lambda m: m.group(1) + game, command)
    proc = subprocess.run(
        shell, shell=True, capture_output=True, text=True, cwd=ROOT, timeout=120,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
    )  # fmt: skip
    assert proc.stdout + proc.stderr == expected
