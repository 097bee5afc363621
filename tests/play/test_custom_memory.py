"""The Custom maze screen remembers the last choices: for the session, and through the
save file across restarts.  A fresh player still gets a random seed."""

from __future__ import annotations


import pygame
import pytest

from game.play import scenes
from game.play.audio import Audio
from game.play.scene import Context
from game.save import load_progress


pytestmark = pytest.mark.usefixtures("display")


def key(k: int) -> pygame.event.Event:
    """Return a KEYDOWN event."""
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def choose_a_room_map(custom: scenes.CustomMazeScene) -> None:
    """Pick division, a bigger size, seed 4242, some loops and rooms of 3, by keys."""
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
    custom.handle_event(key(pygame.K_DOWN))  # Room size
    while scenes.ROOM_SIZES[custom.room_i] != 3:
        custom.handle_event(key(pygame.K_RIGHT))


def test_a_fresh_player_starts_from_defaults(ctx: Context) -> None:
    assert ctx.progress.settings.custom is None
    custom = scenes.CustomMazeScene(ctx)
    assert custom.spec().algorithm == "backtracker"
    assert ctx.progress.settings.custom is None  # opening alone remembers nothing


def test_the_choices_come_back_after_starting_a_maze(ctx: Context) -> None:
    first = scenes.CustomMazeScene(ctx)
    choose_a_room_map(first)
    chosen = first.spec()
    first.menu.selected = 5
    loading = first.handle_event(key(pygame.K_RETURN))
    assert isinstance(loading, scenes.LoadingScene) and loading.spec == chosen
    again = scenes.CustomMazeScene(ctx)
    assert again.spec() == chosen
    assert again.spec().seed == 4242  # not a new random seed


def test_the_choices_come_back_after_going_back_with_esc(ctx: Context) -> None:
    first = scenes.CustomMazeScene(ctx)
    choose_a_room_map(first)
    chosen = first.spec()
    assert isinstance(first.handle_event(key(pygame.K_ESCAPE)), scenes.TitleScene)
    assert scenes.CustomMazeScene(ctx).spec() == chosen


def test_the_choices_survive_a_restart_through_the_save(ctx: Context) -> None:
    first = scenes.CustomMazeScene(ctx)
    choose_a_room_map(first)
    chosen = first.spec()
    first.menu.selected = 5
    first.handle_event(key(pygame.K_RETURN))
    assert ctx.save_path is not None
    progress, notice = load_progress(ctx.save_path)  # the next launch
    assert notice is None
    restarted = Context(progress=progress, save_path=ctx.save_path,
                        audio=Audio(progress.settings))
    assert scenes.CustomMazeScene(restarted).spec() == chosen
