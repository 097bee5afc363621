"""One source of truth: the play layer lists the generators and solvers of the core
registries, in registry order, and labels each one (its catalogue text, else its own)."""

from __future__ import annotations

import pygame

from game.bindings import solver_slots
from game.maze.generators import GENERATORS
from game.maze.generators.division import ROOM_SIZE
from game.maze.registry import LOOPS
from game.maze.solvers import SOLVERS
from game import names
from game.play.scenes.help import help_sections
from game.play.scenes.play import key_intent
from game.run.intents import SelectSolver


def test_the_play_layer_lists_the_registries_in_their_order() -> None:
    assert names.generator_names() == list(GENERATORS)
    assert names.solver_names() == list(SOLVERS)


def test_every_registered_generator_and_solver_has_its_label() -> None:
    assert [names.generator_label(n) for n in GENERATORS] == [
        "Backtracker", "Tile digger", "Recursive division", "Prim", "Kruskal", "Wilson",
        "Aldous-Broder", "Eller", "Hunt-and-kill", "Growing tree", "Sidewinder", "Binary tree"]
    assert [names.solver_label(n) for n in SOLVERS] == [
        "Breadth-first (bfs)", "Depth-first (dfs)", "Explicit stack", "A* (Manhattan)",
        "Greedy best-first", "Bidirectional breadth-first", "Dijkstra (cheapest first)",
        "Wall follower (left hand)", "Trémaux", "Dead-end filling"]
    assert [names.solver_short_label(n) for n in SOLVERS] == [
        "BFS", "DFS", "STACK", "A*", "GREEDY", "BIDI", "DIJKSTRA", "WALL", "TREMAUX", "FILL"]
    assert names.generator_label("unheard-of") == "unheard-of"


def test_options_read_as_their_menu_rows_show_them() -> None:
    assert names.option_label(LOOPS) == "Loops"
    assert names.option_value(LOOPS, 0.05) == "5 %"
    assert names.option_label(ROOM_SIZE) == "Room size"
    assert names.option_value(ROOM_SIZE, None) == "off (classic)"
    assert names.option_value(ROOM_SIZE, 4) == "4 (RPG rooms)"


def test_number_keys_pick_the_solvers_in_registry_order() -> None:
    # 1 to 9 pick the first nine; Tab goes round them all
    picks = [key_intent(pygame.K_1 + i) for i in range(solver_slots())]
    assert [p.name for p in picks if isinstance(p, SelectSolver)] == list(SOLVERS)[:9]


def test_the_help_names_every_solver() -> None:
    rows = dict(row for _, section in help_sections() for row in section)
    line = next(v for k, v in rows.items() if k.startswith("Tab or"))
    assert all(name in line for name in SOLVERS)
    assert next(k for k in rows if k.startswith("Tab or")) == f"Tab or 1-{solver_slots()}"
