"""One source of truth: the play layer lists the generators and solvers of the core
registries, in registry order, and labels each one (its catalogue text, else its own)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.bindings import solver_slots
from game.maze.generators import GENERATORS
from game.maze.generators.division import ROOM_SIZE
from game.maze.registry import LOOPS
from game.maze.solvers import SOLVERS
from game import names
from game.play.scenes.help import help_sections
from game.play.scenes.play import PlayScene, key_intent
from game.lab.choices import solver_keys, solver_name
from game.run.intents import SelectSolver
from game.text import language, set_language, t


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
    # 1 to 9 pick the first nine choices (the right hand after the left); Tab goes round them all
    picks = [key_intent(pygame.K_1 + i) for i in range(solver_slots())]
    assert [p.name for p in picks if isinstance(p, SelectSolver)] == solver_keys()[:9]
    assert names.hint_solvers() == solver_keys()
    assert [solver_name(k) for k in names.hint_solvers() if ":" not in k] == list(SOLVERS)


@pytest.mark.parametrize("lang, left, right", [("en", "WALL (left hand)", "WALL (right hand)"),
                                               ("zh", "沿墙（左手）", "沿墙（右手）")])
def test_the_hint_names_both_hands_of_the_wall_follower(lang: str, left: str,
                                                          right: str) -> None:
    spoken = language()
    set_language(lang)
    try:
        assert names.hint_solver_label("wall-follower") == left
        assert names.hint_solver_label("wall-follower:right") == right
        assert names.hint_solver_label("bfs") == names.solver_short_label("bfs")
        rows = dict(row for _, section in help_sections() for row in section)
        line = next(v for v in rows.values() if v.startswith(t("help.solver", solvers="")))
        assert left in line and right in line
        assert names.solver_label("wall-follower") != names.solver_label("wall-follower:right")
    finally:
        set_language(spoken)


def test_the_help_names_every_solver() -> None:
    rows = dict(row for _, section in help_sections() for row in section)
    line = next(v for k, v in rows.items() if k.startswith("Tab or"))
    assert all(names.hint_solver_label(k) in line for k in names.hint_solvers())
    assert all(names.solver_short_label(name) in line for name in SOLVERS)
    assert next(k for k in rows if k.startswith("Tab or")) == f"Tab or 1-{solver_slots()}"


@pytest.mark.parametrize("lang, label", [("en", "Wall follower (right hand)"),
                                         ("zh", "沿墙走（右手）")])
def test_settings_can_start_the_hint_with_the_right_hand_and_the_save_keeps_it(
        tmp_path: Path, lang: str, label: str) -> None:
    from game.play.audio import Audio
    from game.play.context import Context
    from game.play.scenes.settings import SettingsScene
    from game.save import Progress, from_json, to_json
    from tests.play.helpers import campaign_level

    spoken = language()
    set_language(lang)
    try:
        progress = Progress()
        ctx = Context(progress, save_path=tmp_path / "save.json",
                      audio=Audio(progress.settings))
        ctx.set_solver("wall-follower")
        settings = SettingsScene(ctx)
        settings._adjust_solver(1)
        assert ctx.settings.default_solver == "wall-follower:right"
        assert names.solver_label(ctx.settings.default_solver) == label
        loaded = from_json(to_json(progress))
        assert loaded.settings.default_solver == "wall-follower:right"
        play = PlayScene(ctx, campaign_level(0))
        play.on_enter()
        assert play.run.solver == "wall-follower:right"
    finally:
        set_language(spoken)
