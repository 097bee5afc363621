"""Every choice the lab offers runs on the command line too: each generator with each
growing-tree policy by name under ``generate --trace``, each solver with each wall
follower's hand under ``solve``."""

from __future__ import annotations

import json
from typing import Optional

import pytest

from game.lab.choices import generator_choices, solver_keys, solver_name, variant
from game.maze.formats import parse_maze
from game.maze.generators import GENERATORS
from game.maze.registry import Value
from tests.test_cli import migong


def flags(name: str, options: dict[str, Optional[Value]]) -> list[str]:
    """Return the command-line flags of a generator choice's named options."""
    out = []
    for option in GENERATORS[name].options:
        value = options.get(option.name)
        if option.choices and value is not None:
            out += [option.flag, option.choices[int(value)]]
    return out


@pytest.mark.parametrize("choice", generator_choices(),
                         ids=lambda c: "-".join([c[0], *map(str, c[1].values())]))
def test_generate_traces_every_generator_choice(
    choice: tuple[str, dict[str, Optional[Value]]]
) -> None:
    name, options = choice
    args = ["generate", "--algorithm", name, "--size", "9x11", "--seed", "3", *flags(name, options)]
    traced, plain = migong(*args, "--trace"), migong(*args)
    assert traced.returncode == plain.returncode == 0, traced.stderr
    lines = traced.stdout.splitlines()
    assert len(lines) > 10 and json.loads(lines[-1]) == {"rows": 9, "cols": 11, "seed": 3}
    assert parse_maze(plain.stdout).rows == 9


@pytest.mark.parametrize("key", solver_keys())
def test_solve_runs_every_solver_choice(key: str) -> None:
    maze = migong("generate", "--algorithm", "prim", "--size", "11x11", "--seed", "2").stdout
    hand = variant(key)
    args = ["solve", "-", "--solver", solver_name(key), "--json",
            *(["--hand", hand] if hand else [])]
    proc = migong(*args, stdin=maze)
    assert proc.returncode == 0, proc.stderr
    answer = json.loads(proc.stdout)
    assert answer["found"] is True and answer["solver"] == solver_name(key)
