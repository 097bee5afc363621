"""The registries are the only truth: a generator and a solver registered here, in the test
alone, show up everywhere the game lists or checks algorithms -- the command line's
choices, flags and messages, level codes, the save, the Custom maze menu, Help and the
hint's solver keys -- with no other edit."""

from __future__ import annotations

import io
import json
from dataclasses import replace
from pathlib import Path
from typing import Iterator, Optional, Union

import numpy as np
import pygame
import pytest

from game.cli import build_parser, main
from game.commands import maze_spec
from game.levels import LevelSpec, build_level, level_code, parse_level_code
from game.lab.choices import solver_keys
from game.maze.generators import GENERATORS
from game.maze.grid import FLOOR, Maze, Pos, open_border
from game.maze.registry import GeneratorInfo, Option, SolverInfo
from game.maze.solvers import SOLVERS, Event, Solution
from game.names import hint_solver_label
from game.play import input as keys
from game.play import theme
from game.play.audio import Audio
from game.play.context import Context
from game.play.routes import BuildMaze
from game.play.scenes.controls import ControlsScene
from game.play.scenes.custom_maze import FIRST_OPTION_ROW, CustomMazeScene
from game.play.scenes.help import help_sections
from game.play.scenes.play import key_intent
from game.run.intents import SelectSolver
from game.save import Progress, from_json, to_json
from tests.play.helpers import key

#: The toy generator's own option.
SPIKES = Option("spikes", "S", "int", 1, 9, None, help="a wall post every N cells",
                label="Spikes", steps=(None, 1, 3, 9))
#: What the toy generator was asked for, newest last.
CALLS: list[Optional[Union[int, float]]] = []


def toy_generate(*, rows: int, cols: int, rng: object = None, loops: float = 0.0,
                 spikes: Optional[int] = None) -> Maze:
    """Return an open hall (a toy generator), noting the ``spikes`` it was given."""
    CALLS.append(spikes)
    tiles = np.zeros((rows, cols), dtype=np.uint8)
    tiles[1:-1, 1:-1] = FLOOR
    return open_border(tiles)


def toy_explore(maze: Maze, start: Pos, goal: Pos) -> Iterator[Union[Event, Solution]]:
    """Search as bfs does, under the name "toy" (the ends are checked at once, by bfs)."""
    events = SOLVERS["bfs"].explore(maze, start, goal)
    return (replace(e, solver="toy") if isinstance(e, Solution) else e for e in events)


TOY = GeneratorInfo("toy", "Z", "Toy hall", toy_generate, (SPIKES,))
TOY_SOLVER = SolverInfo("toy", "Toy search", "TOY", toy_explore, shortest=True)


@pytest.fixture(autouse=True)
def toys(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the toy generator and the toy solver for one test."""
    monkeypatch.setitem(GENERATORS, "toy", TOY)
    monkeypatch.setitem(SOLVERS, "toy", TOY_SOLVER)
    CALLS.clear()


def run(capsys: pytest.CaptureFixture[str], *argv: str, stdin: str = "") -> tuple[int, str, str]:
    """Run the command line; return its exit code, standard output and standard error."""
    monkey = pytest.MonkeyPatch()
    monkey.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(stdin.encode())))
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    finally:
        monkey.undo()
    out, err = capsys.readouterr()
    return code, out, err


# -- the command line ---------------------------------------------------------------------
def test_help_offers_the_toys_and_the_toy_option(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "generate", "--help")
    assert "--spikes SPIKES" in out and "toy only: a wall post every N cells" in out
    _, out, _ = run(capsys, "solve", "--help")
    assert ("bfs, dfs, stack, astar, greedy, bidirectional, dijkstra, wall-follower, tremaux, "
            "dead-end-filling or toy (default bfs)") in " ".join(out.split())


def test_generate_runs_the_toy_with_its_option_and_solves_with_the_toy_solver(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "generate", "-a", "toy", "--size", "5x7", "--seed", "3",
                       "--spikes", "3", "--solve", "toy")
    assert code == 0 and CALLS == [3]
    assert out.splitlines() == ["#######", "So....#", "#o....#", "#oooooE", "#######"]


def test_the_toy_option_alone_picks_the_toy_to_play() -> None:
    spec = maze_spec(build_parser().parse_args(["play", "--spikes", "9"]))
    assert (spec.algorithm, spec.options) == ("toy", {"spikes": 9})


@pytest.mark.parametrize("argv, message", [
    (["-a", "toy", "--spikes", "12"], "--spikes must be an integer from 1 to 9 (got '12')"),
    (["-a", "toy", "--spikes", "x"], "--spikes must be an integer from 1 to 9 (got 'x')"),
    (["-a", "prim", "--spikes", "2"], "--spikes only applies to --algorithm toy (got prim)"),
    (["-a", "toy", "--rank", "2"], "--rank only applies to --algorithm dig (got toy)"),
    (["-a", "nope"], "unknown --algorithm 'nope' (expected one of: backtracker, dig, division, "
                     "prim, kruskal, wilson, aldous-broder, eller, hunt-and-kill, growing-tree, "
                     "sidewinder, binary-tree, toy)"),
])
def test_the_toy_option_is_checked_like_the_others(
        capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = run(capsys, "generate", "--size", "5x5", *argv)
    assert (code, out, err) == (2, "", f"migong: error: {message}\n")


def test_solve_takes_the_toy_solver(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "-", "--solver", "toy", "--json",
                       stdin="#####\nS...E\n#####\n")
    assert code == 0 and json.loads(out)["solver"] == "toy" and json.loads(out)["length"] == 4


# -- level codes ---------------------------------------------------------------------------
def test_a_toy_level_code_round_trips_with_its_letter_and_option() -> None:
    spec = LevelSpec("toy", 7, 9, 35, 0.1, {"spikes": 3})
    assert level_code(spec) == "Z7x9-Z-S3-L10"
    assert parse_level_code("z7x9-z-l10-s3") == spec
    assert build_level(spec).tiles.shape == (7, 9) and CALLS == [3]


@pytest.mark.parametrize("code, message", [
    ("Z7x9-Z-S12", "S (spikes) must be from 1 to 9, got 12"),
    ("P7x9-Z-S2", "S (spikes) only applies to Z (toy), not to P (prim)"),
    ("Q7x9-Z", "unknown algorithm letter 'Q' (A aldous-broder, B backtracker, D division, "
               "E eller, G dig, H hunt-and-kill, K kruskal, N binary-tree, P prim, "
               "S sidewinder, T growing-tree, W wilson, Z toy)"),
    ("Z7x9-Z-Q2", "unknown option 'Q' (L loops, Y keys, C chasers, U mud, R room size, K rank, "
                  "M policy, "
                  "S spikes, F fog)"),
    ("Z7x9", "algorithm letter A/B/D/E/G/H/K/N/P/S/T/W/Z, ROWSxCOLS, '-' and a base-36 seed, "
             "then optional -L<loops %>, -Y<keys>, -C<chasers>, -U<mud %>, -R<room size>, -K<rank>, "
             "-M<policy>, "
             "-S<spikes>, -F1 (fog))"),
])
def test_toy_codes_are_checked_like_the_others(code: str, message: str) -> None:
    with pytest.raises(ValueError) as info:
        parse_level_code(code)
    assert str(info.value).endswith(message)


# -- the save ------------------------------------------------------------------------------
def test_the_save_keeps_a_custom_toy_maze_and_the_toy_solver() -> None:
    custom = {"algorithm": "toy", "rows": 21, "cols": 21, "seed": 5, "loops": 0.1, "keys": 2,
              "room_size": None, "rank": None, "policy": None, "spikes": 3}
    progress = from_json({"version": 1, "settings": {"custom": custom, "default_solver": "toy"}})
    assert progress.settings.default_solver == "toy"
    assert progress.settings.custom is not None
    assert progress.settings.custom.options == {"room_size": None, "rank": None, "policy": None, "spikes": 3}
    assert to_json(progress)["settings"]["custom"] == {**custom, "chasers": 0, "mud": 0.0}  # none


@pytest.mark.parametrize("spikes", [0, 10, 2.5, "3", True])
def test_a_bad_toy_option_in_the_save_drops_the_custom_maze(spikes: object) -> None:
    custom = {"algorithm": "toy", "rows": 21, "cols": 21, "seed": 5, "spikes": spikes}
    assert from_json({"version": 1, "settings": {"custom": custom}}).settings.custom is None


# -- the play layer ------------------------------------------------------------------------
@pytest.fixture
def ctx(tmp_path: Path) -> Iterator[Context]:
    """Return a Context (made after the toys are registered), on a dummy display."""
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 48))
    progress = Progress()
    context = Context(progress, save_path=tmp_path / "save.json", audio=Audio(progress.settings))
    context.apply_settings()  # as the App does: the keys as bound, solver keys included
    yield context
    keys.use_keymap(keys.DEFAULT_KEYMAP)
    theme.use(theme.DEFAULT)
    pygame.display.quit()


def test_the_custom_maze_menu_offers_the_toy_and_its_option(ctx: Context) -> None:
    custom = CustomMazeScene(ctx)
    assert "toy" in custom.algorithms
    row = FIRST_OPTION_ROW + custom.options.index(SPIKES)
    item = custom.menu.items[row]
    assert item.text() == "Spikes" and not item.enabled()
    assert item.value() == "Toy hall only"
    custom.algorithm = "toy"
    assert item.enabled() and item.value() == "off"
    assert item.adjust is not None
    item.adjust(1)
    assert item.value() == "1"
    custom.menu.selected = custom.start_row
    route = custom.handle_event(key(pygame.K_RETURN))
    assert isinstance(route, BuildMaze) and route.spec.algorithm == "toy"
    assert route.spec.options == {"spikes": 1}
    remembered = ctx.settings.custom
    assert remembered is not None and remembered.options["spikes"] == 1


def test_help_and_the_hint_keys_offer_the_toy_solver(ctx: Context) -> None:
    # Nine solvers have a key of their own; the toy, the eleventh, is reached with Tab.
    pick = key_intent(pygame.K_4)
    assert isinstance(pick, SelectSolver) and pick.name == list(SOLVERS)[3]
    rows = dict(row for _, section in help_sections() for row in section)
    assert rows["Tab or 1-9"] == f"solver: {', '.join(hint_solver_label(k) for k in solver_keys())}"
    assert rows["Tab or 1-9"].endswith(", TOY")
    controls = [item.text() for item in ControlsScene(ctx).menu.items]
    assert f"Hint solver: {hint_solver_label(solver_keys()[8])}" in controls  # the ninth key's
    assert "Hint solver: TOY" not in controls
