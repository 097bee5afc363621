"""The tile table drives the art: each kind's row names its look, and the game's maze
view, its maps and the editor draw that look, never a switch on the kind."""

from __future__ import annotations

import pygame
import pytest

from game.edit.model import Editor, blank_maze
from game.maze import tiles as kinds
from game.maze.grid import Maze
from game.maze.tiles import kind_of
from game.play import theme
from game.play.app import App
from game.play.camera import Camera
from game.play.render import looks
from game.play.render.locks import LockSpots
from game.play.routes import Edit
from game.play.scenes.editor import EditorScene


def test_every_look_the_tile_table_names_has_its_art() -> None:
    assert {str(look) for look in kinds.KINDS["look"]} <= set(looks.LOOKS)
    for kind, row in enumerate(kinds.KINDS):
        art = looks.look_of(kind).art
        assert (art is not None) == bool(row["key"] or row["lock"] or row["name"] == "lair"), \
            row["name"]


def test_the_editor_map_colours_each_kind_by_its_look() -> None:
    th = theme.DEFAULT
    flat = looks.flat_colours(th)
    assert flat[kinds.WALL] == th.classic.wall and flat[kinds.FLOOR] == th.classic.floor
    assert flat[kind_of("R")] == theme.key_colour(th.keys, "red")  # a door: its colour
    assert flat[kind_of("b")] != th.classic.floor  # a key: the floor tinted with its colour


def _maze_with(char: str) -> Maze:
    """Return a small open maze with one tile of the kind written ``char``."""
    maze = blank_maze(rows=5, cols=5)
    maze.tiles[2, 2] = kind_of(char)
    return maze


def _recording(monkeypatch: pytest.MonkeyPatch, name: str) -> list[tuple[int, bool]]:
    """Swap the art of look ``name`` for one that records each tile size and open state."""
    drawn: list[tuple[int, bool]] = []
    look = looks.LOOKS[name]
    monkeypatch.setitem(looks.LOOKS, name, look._replace(
        art=lambda surface, rect, opened: drawn.append((rect.width, opened))))
    return drawn


def test_the_maze_view_draws_the_art_the_row_names(monkeypatch: pytest.MonkeyPatch) -> None:
    table = kinds.KINDS.copy()
    table["look"][kind_of("Y")] = "door_red"  # the yellow door's row names the red door
    monkeypatch.setattr(kinds, "KINDS", table)
    drawn = _recording(monkeypatch, "door_red")
    spots = LockSpots(_maze_with("Y"))
    surface = pygame.Surface((100, 100))
    camera = Camera(5, 5, 100, 100)
    camera.fit()
    spots.draw(surface, surface.get_rect(), camera, held=0)
    spots.draw(surface, surface.get_rect(), camera, held=8)  # the yellow key: open
    spots.draw_on_map(surface, surface.get_rect(), held=0)
    assert [opened for _, opened in drawn] == [False, True, False]


def test_a_key_held_leaves_the_floor_bare(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = _recording(monkeypatch, "key_green")
    spots = LockSpots(_maze_with("g"))
    surface = pygame.Surface((50, 50))
    spots.draw_on_map(surface, surface.get_rect(), held=1)  # red held: still there
    spots.draw_on_map(surface, surface.get_rect(), held=2)  # green held: gone
    assert len(drawn) == 1


def test_the_editor_draws_the_art_the_row_names(app: App,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = _recording(monkeypatch, "key_blue")
    app.go(Edit(Editor(_maze_with("b"))))
    app.frame(1 / 60)
    assert isinstance(app.scene, EditorScene)
    assert drawn  # the blue key on its tile (the key tool in hand shows a red one)
