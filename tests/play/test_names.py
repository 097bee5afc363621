"""One source of truth: the play layer lists the generators and solvers of the core
registries, in registry order, and has a label for every one of them."""

from __future__ import annotations

import pygame

from game.maze.generators import GENERATORS
from game.maze.solvers import SOLVERS
from game.play import names
from game.play.scenes.help import help_sections
from game.play.scenes.play import key_intent
from game.run.intents import SelectSolver


def test_every_registered_generator_and_solver_has_a_label() -> None:
    assert set(GENERATORS) <= set(names.GENERATOR_LABELS)
    assert set(SOLVERS) <= set(names.SOLVER_LABELS)
    assert names.generator_names() == list(GENERATORS)
    assert names.solver_names() == list(SOLVERS)


def test_number_keys_pick_the_solvers_in_registry_order() -> None:
    picks = [key_intent(pygame.K_1 + i) for i in range(len(SOLVERS))]
    assert [p.name for p in picks if isinstance(p, SelectSolver)] == list(SOLVERS)


def test_the_help_names_every_solver() -> None:
    rows = dict(row for _, section in help_sections() for row in section)
    line = next(v for k, v in rows.items() if k.startswith("Tab or"))
    assert all(name in line for name in SOLVERS)
    assert next(k for k in rows if k.startswith("Tab or")) == f"Tab or 1-{len(SOLVERS)}"
