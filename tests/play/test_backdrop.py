"""The menus' backdrop: the picture file is what its script makes, and it reads back whole."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pygame
import pytest

from game.play.widgets.backdrop import MOVES, MazeBackdrop, picture, read_picture
from game.resources import asset_path

ROOT = Path(__file__).resolve().parents[2]


def make_backdrop() -> ModuleType:
    """Return assets/make_backdrop.py as a module."""
    path = ROOT / "assets" / "make_backdrop.py"
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_backdrop_file_is_what_its_script_makes_from_the_generator() -> None:
    # The file is a cache of generate() and solve(): a change to either shows here.
    made = make_backdrop().backdrop_text()
    assert asset_path("backdrop.txt").read_text(encoding="ascii") == made


def test_every_route_runs_through_open_tiles_one_step_at_a_time() -> None:
    art = picture()
    assert len(art.walls) == 37 and {len(row) for row in art.walls} == {65}
    assert len(art.paths) == len(art.phases) == 4
    for path, phase in zip(art.paths, art.phases):
        assert 0 <= phase <= len(path)
        for (r0, c0), (r1, c1) in zip(path, path[1:]):
            assert (r1 - r0, c1 - c0) in MOVES.values()
        assert all(art.walls[r][c] == "." for r, c in path)


@pytest.mark.parametrize("text", ["", "3 3\n###\n#.#\n", "1 3\n#x#\n", "1 1\n.\nroad 0 0 0 R\n"])
def test_a_malformed_picture_is_a_value_error(text: str) -> None:
    with pytest.raises((ValueError, IndexError)):
        read_picture(text)


def test_the_backdrop_draws_its_walls_over_the_whole_screen() -> None:
    surface = pygame.Surface((320, 180))
    backdrop = MazeBackdrop()
    backdrop.draw(surface)
    colours = {tuple(surface.get_at((x, y)))[:3] for x in range(0, 320, 7) for y in range(0, 180, 7)}
    assert len(colours) >= 2  # walls and floor, not one flat fill
