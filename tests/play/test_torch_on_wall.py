"""A room map's torch sits on its wall's face in first person, whole, from any side: it was
a sprite standing just off the wall, turned to the eye, so seen at a slant half of it went
into the wall (hidden) and half stood out over the room."""

from __future__ import annotations

import math
from typing import Iterator

import numpy as np
import pygame
import pytest

from game.levels import CAMPAIGN, build_level
from game.maze import decor
from game.play import theme
from game.play.firstperson.view import FirstPersonView
from game.play.render.tiles import style_for
from game.run.level import Level
from game.run.session import PlaySession

KEY_HALL = 16  # a room map with torches


@pytest.fixture(autouse=True)
def looks() -> Iterator[None]:
    """Start the dummy display; put the theme back afterwards."""
    pygame.display.init()
    pygame.display.set_mode((64, 48))
    yield
    theme.use(theme.DEFAULT)


def torch_in_a_room(level: Level) -> tuple[int, int]:
    """Return a torch's tile with two rows of room floor below it, and floor to its west."""
    walk = level.maze.walkable
    for r, c in np.argwhere(decor.torches(level.maze)):
        r, c = int(r), int(c)
        if all(walk(p) for p in ((r + 1, c), (r + 2, c), (r + 2, c - 1), (r + 2, c + 1))):
            return r, c
    raise AssertionError("no torch over a room")


def picture(level: Level, torch: tuple[int, int], side: int,
            torches: bool) -> tuple[np.ndarray, FirstPersonView]:
    """Return the first-person frame (RGB) two rows below ``torch``, ``side`` columns off,
    looking at the middle of its face, and the view (with or without the torches)."""
    spec = level.spec
    assert spec is not None
    session = PlaySession(level)
    r, c = torch
    player = session.run.player
    player.pos = player.prev = (r + 2, c + side)
    view = FirstPersonView(session, style_for(spec))
    if not torches:
        view._torches = view._torches[:0]
    view.walker.angle = math.atan2(-1.5, -side)  # at the face's middle, (c + .5, r + 1)
    surface = pygame.Surface((480, 270))
    view.draw(surface, surface.get_rect())
    return pygame.surfarray.array3d(surface), view


@pytest.mark.parametrize("palette", ["default", "high_contrast"])
@pytest.mark.parametrize("side", [-1, 0, 1])
def test_the_torch_is_painted_whole_on_its_wall_s_face(palette: str, side: int) -> None:
    theme.use(theme.build(palette))
    spec = CAMPAIGN[KEY_HALL]
    level = Level(build_level(spec), spec, KEY_HALL, "torches")
    torch = torch_in_a_room(level)
    with_it, view = picture(level, torch, side, True)
    without, _ = picture(level, torch, side, False)
    hits = view.hits
    assert hits is not None and view.render_size == (480, 270)
    r0, c0 = view.scene()[1:]
    on_face = ((hits.row + r0 == torch[0]) & (hits.col + c0 == torch[1]) & (hits.side == 1))
    changed = (with_it != without).any(axis=(1, 2))
    assert changed.any(), "no torch drawn"
    assert not (changed & ~on_face).any(), "the torch reaches off its wall's face"
    art = pygame.surfarray.array_alpha(view._sprite("torch")).any(axis=1)
    lit = np.flatnonzero(art) / len(art)
    step = 1 / len(art)
    inside = on_face & (hits.u > lit.min() + step) & (hits.u < lit.max())
    assert inside.sum() >= 4
    assert changed[inside].all(), "part of the torch is missing (in the wall)"
