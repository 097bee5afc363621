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


# -- the Chinese README ---------------------------------------------------------------------
README_ZH = (ROOT / "README.zh-CN.md").read_text(encoding="utf-8")


def command_lines(text: str) -> set[str]:
    """Return the commands of the ```sh blocks of a README, comments left out."""
    lines = set()
    for block in re.findall(r"```sh\n(.*?)```", text, flags=re.S):
        for line in block.splitlines():
            command = line.split("  #")[0].strip()
            if command:
                lines.add(command)
    return lines


def test_the_two_readmes_link_to_each_other() -> None:
    assert "中文说明: [README.zh-CN.md](README.zh-CN.md)" in README.splitlines()[:4]
    assert "English: [README.md](README.md)" in README_ZH.splitlines()[:4]


def test_the_chinese_readme_shows_only_commands_the_english_one_shows() -> None:
    # its examples are not run (no ```console block): they must be the tested README's own
    assert "```console" not in README_ZH
    zh_commands = command_lines(README_ZH)
    assert len(zh_commands) >= 10
    assert zh_commands - command_lines(README) == set()


# -- CI runs the README's test command as a newcomer would --------------------------------
CI_RUN = (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def readme_test_command() -> str:
    """Return the command of the README's ``Install and run the tests:`` block."""
    block = README.split("Install and run the tests:", 1)[1].split("```", 2)[1]
    return block.splitlines()[1].strip()


def test_ci_runs_the_readme_test_command_first_thing_in_a_fresh_venv() -> None:
    command = readme_test_command()
    assert command == 'python -m pip install -e ".[test]" && python -m pytest'
    lines = [line.split("  #")[0].strip() for line in CI_RUN.splitlines()]
    made = next(i for i, line in enumerate(lines) if ' -m venv "${VENV}"' in line)
    assert lines[made - 1] == 'VENV="$(mktemp -d)/venv"'  # a new folder, not a reused venv
    activated = lines.index('. "${VENV}/bin/activate"')
    ran = lines.index(command)  # the same string, not a paraphrase of it
    assert made < activated < ran
    # nothing reaches the venv before the README's command: pip runs nowhere in between
    assert [line for line in lines[made:ran] if "pip" in line] == []
    assert lines.count(command) == 1
    assert CI_RUN.index(command) < CI_RUN.index('pip install -q ".[build]"')


def test_the_test_extra_brings_what_the_release_tests_import() -> None:
    # the README's command installs only .[test]; tests/test_release.py imports PyInstaller
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    extras = pyproject.split("[project.optional-dependencies]", 1)[1].split("\n[", 1)[0]
    test_extra = extras.split("test = [", 1)[1].split("\n]", 1)[0]
    build_extra = extras.split("build = [", 1)[1].split("\n]", 1)[0]
    assert '"migong[build]"' in test_extra
    assert '"pyinstaller>=' in build_extra


def test_the_english_readme_tells_what_the_chinese_one_does_about_languages() -> None:
    # a new player could not find out the game speaks Chinese, nor how to choose it
    zh = (ROOT / "README.zh-CN.md").read_text(encoding="utf-8")
    for readme in (README, zh):
        assert "MIGONG_LANG=zh" in readme and "--rank" in readme
    assert "Settings > Language" in README and "| Language |" in README
    assert "to come" not in README  # keys and doors are in the game


def test_both_readmes_name_the_custom_maze_rank_row_the_menu_has() -> None:
    from game.maze.generators.dig import RANK

    zh = (ROOT / "README.zh-CN.md").read_text(encoding="utf-8")
    assert RANK.steps  # a row of the Custom maze menu
    assert "Rank for\ndig" in README and "挖掘法的挖掘长度" in zh
