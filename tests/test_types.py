"""Every function in the game is annotated and type-checks (house style: mypy ``disallow_untyped_defs``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_finds_no_errors_in_the_game_package() -> None:
    # No arguments: mypy reads files and options from [tool.mypy] in pyproject.toml.
    result = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, f"mypy failed:\n{result.stdout}{result.stderr}"
