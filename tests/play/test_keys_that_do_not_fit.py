"""A maze whose keys do not fit it (issue 23.2): one line and exit 2 on the command line,
a plain sentence on screen, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.cli import main
from game.lab.model import Lab
from game.levels import LevelSpec, parse_level_code, trace_level
from game.maze.locks import KeysDoNotFit
from game.play.context import Context
from game.play.navigator import Navigator
from game.play.routes import BuildMaze
from game.play.scenes.lab import SPEEDS, LabScene
from game.play.scenes.loading import LoadingScene
from game.text import t
from tests.play.helpers import key
from tests.play.test_launch_display import launch
from tests.play.test_share_scenes import code_screen, typed

SENTENCE_7 = t("keys.no_room", count=4, fits=3, rows=7, cols=7)
LINE_7 = ("migong: error: keys 4: this 7x7 maze has room for at most 3 keys and doors "
          "(a bigger maze fits more)")


@pytest.mark.parametrize("argv", [
    ("play", "--code", "P7x7-1-Y4"),
    ("play", "--algorithm", "prim", "--size", "7x7", "--keys", "4", "--seed", "1"),
    ("lab", "--algorithm", "prim", "--size", "7x7", "--keys", "4", "--seed", "1"),
])
def test_the_command_line_says_one_line_and_exits_2(tmp_path: Path, argv: tuple[str, ...]) -> None:
    done = launch(*argv, save=tmp_path / "save.json", SDL_VIDEODRIVER="dummy")
    assert done.returncode == 2
    assert done.stderr.splitlines() == [LINE_7]


def test_a_3x3_code_says_no_key_fits(tmp_path: Path) -> None:
    done = launch("play", "--code", "B3x3-1-Y4", save=tmp_path / "save.json",
                  SDL_VIDEODRIVER="dummy")
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "migong: error: keys 4: this 3x3 maze has room for at most 0 keys and doors "
        "(a bigger maze fits more)"]


@pytest.mark.parametrize("argv", [
    ("play", "--code", "B5x5-1-C4"),
    ("play", "--algorithm", "prim", "--size", "3x3", "--chasers", "4", "--seed", "1"),
    ("lab", "--algorithm", "prim", "--size", "5x5", "--chasers", "4", "--seed", "1"),
])
def test_chasers_that_do_not_fit_say_one_line_before_the_window(
        tmp_path: Path, argv: tuple[str, ...]) -> None:
    # They opened the window, whose loading screen then said so (generate said it at once).
    done = launch(*argv, save=tmp_path / "save.json", SDL_VIDEODRIVER="dummy")
    assert done.returncode == 2
    size = "3x3" if "3x3" in argv else "5x5"
    assert done.stderr.splitlines() == [
        f"migong: error: chasers 4: this {size} maze has no room for 4 fair lairs (fewer "
        "chasers, another seed, more loops, another generator or a bigger maze)"]


def test_only_a_small_maze_with_chasers_is_built_before_the_window() -> None:
    # Proving lairs fair takes seconds on a big maze: that one builds on the loading screen.
    from game.play.launch import _quick_lairs

    assert _quick_lairs(parse_level_code("B101x101-1-C4"))
    assert not _quick_lairs(parse_level_code("B101x103-1-C4"))
    assert not _quick_lairs(parse_level_code("B5x5-1"))


def test_generate_trace_ends_with_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--trace", "--code", "P7x7-1-Y4"]) == 2
    assert capsys.readouterr().err.splitlines() == [LINE_7]


@pytest.mark.usefixtures("display")
def test_the_loading_screen_says_a_plain_sentence(ctx: Context) -> None:
    spec = parse_level_code("P7x7-1-Y4")
    loading = Navigator(ctx).build(BuildMaze(spec, None, "custom"))
    assert isinstance(loading, LoadingScene)
    for _ in range(50):
        loading.update(1 / 60)
        if loading.error:
            break
    assert loading.error == SENTENCE_7


@pytest.mark.usefixtures("display")
def test_enter_a_code_refuses_it_with_the_sentence(ctx: Context) -> None:
    game, scene = code_screen(ctx)
    typed(game, "p7x7-1-y4")
    assert game.send(key(pygame.K_RETURN)) is scene
    assert scene.problem == SENTENCE_7


def test_the_lab_model_keeps_the_failure_instead_of_raising() -> None:
    spec = LevelSpec("prim", 7, 7, 1, keys=4)
    lab = Lab(["bfs"], trace=trace_level(spec), size=(7, 7))
    lab.run(10_000)
    assert lab.gen is not None and isinstance(lab.gen.failure, KeysDoNotFit)
    assert lab.maze is None and lab.run(10) == 0


@pytest.mark.usefixtures("display")
def test_space_in_the_lab_ends_on_the_sentence(ctx: Context) -> None:
    scene = LabScene(ctx, spec=LevelSpec("prim", 7, 7, 1, keys=4), solver="bfs")
    scene.speed = len(SPEEDS) - 1
    assert scene.playing  # it opens playing: the build runs until the keys do not fit
    for _ in range(120):
        scene.update(1 / 60)
    assert not scene.playing
    assert ("problem", SENTENCE_7) in scene.panel_lines()
    scene.draw(pygame.display.set_mode((1280, 720)))
