"""The Custom maze screen remembers the last choices: for the session, and through the
save file across restarts.  A fresh player still gets a random seed."""

from __future__ import annotations


import pygame
import pytest

from game.play.audio import Audio
from game.play.context import Context
from game.play.routes import BuildMaze, ToTitle
from game.maze.generators.division import ROOM_SIZE
from game.play.scenes.custom_maze import CustomMazeScene
from game.save import load_progress
from tests.play.helpers import key


pytestmark = pytest.mark.usefixtures("display")


def choose_a_room_map(custom: CustomMazeScene) -> None:
    """Pick division, a bigger size, seed 4242, some loops, 2 keys, a chaser and rooms of 3, by keys."""
    custom.menu.selected = 0
    while custom.algorithm != "division":
        custom.handle_event(key(pygame.K_RIGHT))
    custom.handle_event(key(pygame.K_DOWN))  # Size
    custom.handle_event(key(pygame.K_RIGHT))
    custom.handle_event(key(pygame.K_RIGHT))
    custom.handle_event(key(pygame.K_DOWN))  # Seed
    while custom.seed:
        custom.handle_event(key(pygame.K_BACKSPACE))
    for k in (pygame.K_4, pygame.K_2, pygame.K_4, pygame.K_2):
        custom.handle_event(key(k))
    custom.handle_event(key(pygame.K_DOWN))  # Loops
    custom.handle_event(key(pygame.K_RIGHT))
    custom.handle_event(key(pygame.K_DOWN))  # Keys
    custom.handle_event(key(pygame.K_RIGHT))
    custom.handle_event(key(pygame.K_RIGHT))
    custom.handle_event(key(pygame.K_DOWN))  # Chasers
    custom.handle_event(key(pygame.K_RIGHT))
    custom.handle_event(key(pygame.K_DOWN))  # Mud
    custom.handle_event(key(pygame.K_RIGHT))
    custom.handle_event(key(pygame.K_DOWN))  # Room size
    while ROOM_SIZE.steps[custom.step["room_size"]] != 3:
        custom.handle_event(key(pygame.K_RIGHT))


def test_a_fresh_player_starts_from_defaults(ctx: Context) -> None:
    assert ctx.progress.settings.custom is None
    custom = CustomMazeScene(ctx)
    assert custom.spec().algorithm == "backtracker"
    assert ctx.progress.settings.custom is None  # opening alone remembers nothing


def test_the_choices_come_back_after_starting_a_maze(ctx: Context) -> None:
    first = CustomMazeScene(ctx)
    choose_a_room_map(first)
    chosen = first.spec()
    assert chosen.keys == 2 and chosen.chasers == 1 and chosen.mud > 0
    first.menu.selected = first.start_row
    loading = first.handle_event(key(pygame.K_RETURN))
    assert isinstance(loading, BuildMaze) and loading.spec == chosen
    again = CustomMazeScene(ctx)
    assert again.spec() == chosen
    assert again.spec().seed == 4242  # not a new random seed


def test_the_choices_come_back_after_going_back_with_esc(ctx: Context) -> None:
    first = CustomMazeScene(ctx)
    choose_a_room_map(first)
    chosen = first.spec()
    assert isinstance(first.handle_event(key(pygame.K_ESCAPE)), ToTitle)
    assert CustomMazeScene(ctx).spec() == chosen


def test_the_choices_survive_a_restart_through_the_save(ctx: Context) -> None:
    first = CustomMazeScene(ctx)
    choose_a_room_map(first)
    chosen = first.spec()
    first.menu.selected = first.start_row
    first.handle_event(key(pygame.K_RETURN))
    assert ctx.save_path is not None
    progress, notice = load_progress(ctx.save_path)  # the next launch
    assert notice is None
    restarted = Context(progress, save_path=ctx.save_path, audio=Audio(progress.settings))
    assert CustomMazeScene(restarted).spec() == chosen


def test_the_chasers_row_offers_none_to_four_in_both_languages(ctx: Context) -> None:
    from game.maze.registry import CHASERS
    from game.play.scenes import custom_maze
    from game.text import set_language, t

    custom = CustomMazeScene(ctx)
    row = custom_maze.FIRST_OPTION_ROW + custom.options.index(CHASERS)
    custom.menu.selected = row
    shown = []
    for _ in range(6):  # stops at the last
        shown.append(custom.spec().chasers)
        custom.handle_event(key(pygame.K_RIGHT))
    assert shown == [0, 1, 2, 3, 4, 4]
    labels = set()
    for language in ("en", "zh"):
        set_language(language)
        labels.add(t("option.chasers"))
    set_language("en")
    assert labels == {"Chasers", "追兵"}
