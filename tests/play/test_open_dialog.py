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
    # names, as a player calls them, not the whole paths (the folder is said once above)
    assert scene.field.choices == ["newest.txt", "older.txt"]
    scene.handle_event(key(pygame.K_DOWN))
    scene.handle_event(key(pygame.K_DOWN))
    assert scene.field.text == "older.txt"
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


def test_the_open_dialog_names_the_saved_mazes_and_says_their_folder_once(
        ctx: Context, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.play.maze_files import shown_folder
    from game.play.widgets import field as fields
    from game.text import t

    folder = mazes_folder(ctx)
    folder.mkdir(parents=True)
    Editor(blank_maze(rows=11, cols=11)).save(folder / "castle.txt")
    scene = open_dialog(ctx)
    drawn: list[str] = []
    real = fields.draw_text

    def spy(surface: pygame.Surface, text: str, *args: object, **kw: object) -> pygame.Rect:
        drawn.append(text)
        return real(surface, text, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(fields, "draw_text", spy)
    scene.draw(pygame.Surface((1280, 720)))
    assert "castle.txt" in drawn
    assert t("make.open_saved_in", folder=shown_folder(folder)) in drawn
    assert not any(str(folder) in text for text in drawn if "castle" in text)


def test_a_bare_name_typed_opens_the_maze_saved_under_it(ctx: Context) -> None:
    folder = mazes_folder(ctx)
    folder.mkdir(parents=True)
    Editor(blank_maze(rows=13, cols=11)).save(folder / "castle.txt")
    scene = open_dialog(ctx)
    assert scene.field is not None
    scene.field.type("castle")  # the name the editor saved it under, without .txt
    route = scene.handle_event(key(pygame.K_RETURN))
    assert isinstance(route, Edit) and route.editor.maze.rows == 13


def test_the_folder_is_shown_from_home_as_a_player_writes_it() -> None:
    from pathlib import Path

    from game.play.maze_files import shown_folder

    assert shown_folder(Path.home() / "a" / "mazes") == str(Path("~") / "a" / "mazes")
    assert shown_folder(Path("/elsewhere/mazes")) == str(Path("/elsewhere/mazes"))
