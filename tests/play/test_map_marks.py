"""Keys and doors on the maps: the explored map, the corner map and the review show them
in their colours and symbols (in fog only once seen), never a door as open floor."""

from __future__ import annotations

from typing import Iterator

import numpy as np
import pygame
import pytest

from game.maze import tiles as kinds
from game.play import theme
from game.play.context import Context
from game.play.input import KeyDown
from game.play.render.looks import colour_name
from game.play.scenes.play import PlayScene
from game.play.scenes.review import ReviewScene
from game.run.level import Level
from game.run.replay import record
from game.save import Progress
from tests.play.helpers import campaign_level, walked

DT = 1 / 60
SIZE = (960, 640)
FIRST_KEY = 14  # Level 15 "First Key": one blue key, one blue door


@pytest.fixture(autouse=True)
def default_palette_after() -> Iterator[None]:
    yield
    theme.use(theme.DEFAULT)


def first_key_scene(*, fog: bool = False, minimap: bool = False) -> PlayScene:
    """Return Level 15 ready to play (in fog if asked), its corner map on if asked."""
    ctx = Context(Progress())
    ctx.set_minimap(minimap)
    level = campaign_level(FIRST_KEY)
    scene = PlayScene(ctx, Level(level.maze, level.spec, level.index, level.label, fog=fog))
    scene.on_enter()
    scene.update(DT)
    return scene


def spot_of(scene: PlayScene, field: str) -> tuple[int, int, str]:
    """Return (row, col, colour name) of the maze's one key (``"key"``) or door (``"lock"``)."""
    bits = kinds.KINDS[field][scene.maze.tiles]
    (r, c), = zip(*np.nonzero(bits))
    return int(r), int(c), colour_name(int(bits[r, c]))


def map_point(rect: pygame.Rect, scene: PlayScene, r: int, c: int) -> tuple[int, int]:
    """Return the point of a map fitted in ``rect`` at the centre of tile (r, c)."""
    return (round(rect.x + (c + 0.5) * rect.width / scene.maze.cols),
            round(rect.y + (r + 0.5) * rect.height / scene.maze.rows))


def shows_colour(surface: pygame.Surface, centre: tuple[int, int], colour: tuple[int, ...],
                 reach: int = 6) -> bool:
    """Return True when ``colour`` is drawn within ``reach`` px of ``centre``."""
    box = pygame.Rect(0, 0, 2 * reach, 2 * reach)
    box.center = centre
    px = pygame.surfarray.pixels3d(surface)[box.left:box.right, box.top:box.bottom]
    return bool((px == np.array(colour[:3])).all(axis=2).any())


def open_map(scene: PlayScene) -> tuple[pygame.Surface, pygame.Rect]:
    """Open the explored map, draw it; return the frame and where the map lies."""
    scene.handle_event(KeyDown(pygame.K_o))
    surface = pygame.Surface(SIZE)
    scene.draw(surface)
    rect = scene.map_rect(scene._view(surface))
    assert rect is not None
    return surface, rect


@pytest.mark.parametrize("palette", list(theme.PALETTES))
def test_the_explored_map_shows_the_key_and_the_door_in_their_colour(palette: str) -> None:
    theme.use(theme.PALETTES[palette])
    scene = first_key_scene()
    surface, rect = open_map(scene)
    for field in ("key", "lock"):
        r, c, name = spot_of(scene, field)
        colour = theme.key_colour(theme.current().keys, name)
        assert shows_colour(surface, map_point(rect, scene, r, c), colour), field


def test_a_locked_door_is_not_drawn_as_floor_on_the_map() -> None:
    scene = first_key_scene()
    surface, rect = open_map(scene)
    r, c, _ = spot_of(scene, "lock")
    floor = theme.current().classic.floor
    assert not shows_colour(surface, map_point(rect, scene, r, c), floor, reach=2)


def test_in_fog_the_map_shows_a_door_only_once_seen() -> None:
    scene = first_key_scene(fog=True)
    fog = scene.run.fog
    assert fog is not None
    r, c, name = spot_of(scene, "lock")
    assert not fog.seen[r, c]
    colour = theme.key_colour(theme.current().keys, name)
    surface, rect = open_map(scene)
    assert not shows_colour(surface, map_point(rect, scene, r, c), colour)
    fog.reveal(np.ones((1, 1), dtype=bool), (r, c, r + 1, c + 1))
    scene.draw(surface)
    assert shows_colour(surface, map_point(rect, scene, r, c), colour)


def test_a_key_held_leaves_the_map_and_its_door_shows_open() -> None:
    scene = first_key_scene()
    kr, kc, name = spot_of(scene, "key")
    scene.run.held |= 1 << kinds.COLOUR_NAMES.index(name)
    surface, rect = open_map(scene)
    colour = theme.key_colour(theme.current().keys, name)
    assert not shows_colour(surface, map_point(rect, scene, kr, kc), colour)
    dr, dc, _ = spot_of(scene, "lock")
    assert not shows_colour(surface, map_point(rect, scene, dr, dc), colour, reach=2)  # open
    assert shows_colour(surface, map_point(rect, scene, dr, dc), colour, reach=20)  # its frame


@pytest.mark.parametrize("palette", list(theme.PALETTES))
def test_the_review_map_shows_the_key_and_the_door(palette: str) -> None:
    theme.use(theme.PALETTES[palette])
    level = campaign_level(FIRST_KEY)
    replay = record(walked(level, []), level, game="test", date="2026-12-01T08:00:00Z")
    scene = first_key_scene()
    picture = ReviewScene(Context(Progress()), level, replay).map_picture(20)
    rect = picture.get_rect()
    for field in ("key", "lock"):
        r, c, name = spot_of(scene, field)
        colour = theme.key_colour(theme.current().keys, name)
        assert shows_colour(picture, map_point(rect, scene, r, c), colour), field
    r, c, _ = spot_of(scene, "lock")
    assert picture.get_at((c * 20 + 1, r * 20 + 1))[:3] != theme.current().classic.wall
