"""Make a maze > Open a maze file lists the mazes saved (newest first): Up/Down put one in
the field, Enter opens it; the menu under the dialog is dimmed (its highlight bar showed
round the dialog)."""

from __future__ import annotations

import os

import pygame
import pytest

from game.edit.model import Editor, blank_maze
from game.play import theme
from game.play.context import Context
from game.play.routes import Edit
from game.play.maze_files import mazes_folder
from game.play.scenes.make_maze import MakeMazeScene
from tests.play.helpers import key

pytestmark = pytest.mark.usefixtures("display")


def open_dialog(ctx: Context) -> MakeMazeScene:
    """Return Make a maze with the Open dialog up."""
    scene = MakeMazeScene(ctx)
    labels = [item.text() for item in scene.menu.items]
    scene.menu.selected = labels.index("Open a maze file")
    scene.handle_event(key(pygame.K_RETURN))
    assert scene.field is not None
    return scene


def test_the_open_dialog_lists_the_saved_mazes_and_opens_the_one_chosen(ctx: Context) -> None:
    folder = mazes_folder(ctx)
    folder.mkdir(parents=True)
    for age, name in enumerate(("newest", "older")):
        editor = Editor(blank_maze(rows=11 + 4 * age, cols=11))
        editor.save(folder / f"{name}.txt")
        os.utime(folder / f"{name}.txt", (1_000_000 - age, 1_000_000 - age))
    scene = open_dialog(ctx)
    assert scene.field is not None
    assert scene.field.choices == [str(folder / "newest.txt"), str(folder / "older.txt")]
    scene.handle_event(key(pygame.K_DOWN))
    scene.handle_event(key(pygame.K_DOWN))
    assert scene.field.text == str(folder / "older.txt")
    scene.draw(pygame.Surface((1280, 720)))
    scene.draw(pygame.Surface((320, 240)))
    route = scene.handle_event(key(pygame.K_RETURN))
    assert isinstance(route, Edit) and route.editor.maze.rows == 15


def test_no_highlight_bar_shows_round_the_open_dialog(ctx: Context) -> None:
    scene = open_dialog(ctx)
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)
    accent = theme.current().ui.accent
    px = pygame.surfarray.pixels3d(surface)
    assert scene.field is not None
    # the bar of the row chosen (Open a maze file) reached out past the dialog's sides
    row = scene.menu.rects[scene.menu.selected]
    beside = px[row.left:row.left + 20, row.top:row.bottom]
    assert not (beside == accent).all(axis=2).any()
