"""What the first-person view draws over its picture: the compass and the corner map's arrow."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pygame
import pytest

from game.play import theme
from game.play.context import Context
from game.play.firstperson import overlay, textures
from game.play.firstperson.view import HEADINGS, Walker
from game.play.render.tiles import CLASSIC, RPG
from game.play.scenes.play import PlayScene
from game.run.hint import HintSearch
from game.run.intents import ToggleHint
from game.run.level import Level
from game.save import Progress
from game.text import set_language, t
from tests.play.helpers import campaign_level

#: A turn from north (heading 3) to east (heading 0), sampled as it eases.
TURN = [i / 20 for i in range(21)]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", [(320, 240), (1920, 1080)])
@pytest.mark.parametrize("quarters", [1, -1, 2])
def test_compass_names_never_overlap_while_turning(display: None, monkeypatch: pytest.MonkeyPatch,
                                                   lang: str, size: tuple[int, int],
                                                   quarters: int) -> None:
    set_language(lang)
    surface = pygame.Surface(size)
    view = surface.get_rect()
    box = overlay.compass_rect(view)
    drawn: list[pygame.Rect] = []
    real = overlay.draw_text

    def record(*args: Any, **kwargs: Any) -> pygame.Rect:
        """Draw as the compass does and keep where the name went."""
        rect = real(*args, **kwargs)
        drawn.append(rect)
        return rect

    monkeypatch.setattr(overlay, "draw_text", record)
    start = 3
    goal = (start + quarters) % 4
    for f in TURN:
        drawn.clear()
        angle = (start + quarters * f) * math.pi / 2  # heading already the goal, angle easing
        overlay.draw_compass(surface, view, goal, angle)
        shown = [r.clip(box) for r in drawn]
        shown = [r for r in shown if r.width and r.height]
        assert shown, f"nothing shown at {f}"
        for i, a in enumerate(shown):
            for b in shown[i + 1:]:
                assert not a.colliderect(b), f"{lang} {size} turn {quarters} at {f}: {a} {b}"


@pytest.mark.parametrize("heading", range(4))
def test_the_corner_maps_arrow_stays_inside_the_map(display: None, heading: int) -> None:
    surface = pygame.Surface((200, 120))
    surface.fill((0, 0, 0))
    rect = pygame.Rect(150, 10, 44, 44)  # near the window's right edge, as in the corner
    corner = {0: (5, 10), 1: (10, 5), 2: (5, 0), 3: (0, 5)}[heading]  # at the edge faced
    overlay.draw_facing(surface, rect, 11, 11, corner, heading * math.pi / 2)
    mask = pygame.mask.from_threshold(surface, (0, 0, 0), (1, 1, 1, 255))
    mask.invert()
    assert mask.count() > 0
    outside = [r for r in mask.get_bounding_rects() if not rect.contains(r)]
    assert not outside, f"arrow drawn outside the map {rect}: {outside}"


def fp_scene(size: tuple[int, int] = (640, 480), *, minimap: bool = False) -> PlayScene:
    """Return level 1 played in first person on a ``size`` display."""
    pygame.display.set_mode(size)
    ctx = Context(Progress())
    ctx.session_view = True
    ctx.settings.minimap = minimap
    level = campaign_level(0)
    scene = PlayScene(ctx, Level(level.maze, level.spec, level.index, level.label))
    scene.on_enter()
    return scene


def finish_hint(scene: PlayScene) -> HintSearch:
    """Ask for the hint (unless asked already) and let it run to its route."""
    if scene.hint is None:
        scene.apply(ToggleHint())
    for _ in range(2000):
        scene.update(1 / 60)
        if scene.hint is not None and scene.hint.done:
            break
    assert scene.hint is not None and scene.hint.done and scene.hint.path
    return scene.hint


def test_route_turn_names_the_way_to_the_routes_next_tile() -> None:
    path = [(5, 5), (5, 6), (4, 6)]
    assert overlay.route_turn(path, 3, (5, 5), 0) == 0  # facing east, the route goes east
    assert overlay.route_turn(path, 3, (5, 5), 3) == 1  # facing north: turn right
    assert overlay.route_turn(path, 3, (5, 5), 1) == -1  # facing south: turn left
    assert overlay.route_turn(path, 3, (5, 5), 2) == 2  # facing west: it is behind
    assert overlay.route_turn(path, 3, (5, 6), 0) == -1  # on along it: north, from east
    assert overlay.route_turn(path, 3, (9, 9), 0) is None  # off the route
    assert overlay.route_turn(path, 1, (5, 5), 0) is None  # not drawn that far yet


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", [(320, 240), (1920, 1080)])
def test_facing_a_wall_an_arrow_by_the_compass_points_to_the_route(display: None, lang: str,
                                                                   size: tuple[int, int]) -> None:
    set_language(lang)
    scene = fp_scene(size)
    hint = finish_hint(scene)
    fp = scene.first_person
    assert fp is not None
    pos = scene.run.player.pos
    step = (hint.path[1][0] - pos[0], hint.path[1][1] - pos[1])
    ahead = HEADINGS.index(step)
    for quarters in (1, -1, 2):
        fp.walker = Walker((ahead - quarters) % 4)
        surface = pygame.display.get_surface()
        scene.draw(surface)
        view = scene.captions.make_room(scene._view(surface), hint=True, first_person=True)
        points = overlay.route_cue_points(view, quarters)
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        centre = (round(sum(xs) / 3), round(sum(ys) / 3))
        assert surface.get_at(centre)[:3] == theme.current().hint.path[:3], quarters


def test_while_the_hint_searches_first_person_says_so(display: None,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    scene = fp_scene()
    said: list[str] = []
    real = overlay.draw_text

    def record(surface: pygame.Surface, text: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        """Draw, and keep what was said."""
        said.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(overlay, "draw_text", record)
    scene.apply(ToggleHint())
    scene.update(1 / 60)
    assert scene.hint is not None and not scene.hint.done
    scene.draw(pygame.display.get_surface())
    assert t("fp.searching") in said
    finish_hint(scene)
    said.clear()
    scene.draw(pygame.display.get_surface())
    assert t("fp.searching") not in said


def test_the_corner_map_shows_the_hints_search_in_first_person(display: None) -> None:
    scene = fp_scene(minimap=True)
    surface = pygame.display.get_surface()
    scene.update(1 / 60)
    scene.draw(surface)
    before = pygame.surfarray.array3d(surface).copy()
    hint = finish_hint(scene)
    scene.draw(surface)
    after = pygame.surfarray.array3d(surface)
    fp = scene.first_person
    assert fp is not None
    view = scene.captions.make_room(scene._view(surface), hint=True, first_person=True)
    rect = scene.maps.draw_corner(surface, view, 0.0)
    assert rect is not None
    maze = scene.maze
    gr, gc = hint.path[len(hint.path) // 2]  # a route tile midway, away from the player
    x = round(rect.x + (gc + 0.5) * rect.width / maze.cols)
    y = round(rect.y + (gr + 0.5) * rect.height / maze.rows)
    assert tuple(after[x, y]) != tuple(before[x, y])
    assert tuple(after[x, y]) == theme.current().hint.path[:3]


@pytest.mark.parametrize("palette", list(theme.PALETTES))
@pytest.mark.parametrize("style", [CLASSIC, RPG])
def test_the_route_stands_out_on_the_floor(display: None, palette: str, style: str) -> None:
    theme.use(theme.build(palette))
    tx = textures.textures(style).astype(float)
    assert np.abs(tx[textures.ROUTE] - tx[textures.FLOOR]).sum(-1).mean() >= 110
    assert np.abs(tx[textures.ROUTE] - tx[textures.WASH]).sum(-1).mean() >= 110
