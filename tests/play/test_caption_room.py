"""A caption never hides the route or the exit: the hint's caption on a 31x31 mud maze and
a chase chapter's tip sit beside, below or above the maze, or in a band of their own
under it, at every window size, text size and language (a new player lost the route's
last rows under the hint caption, and the chase level's bottom row under its tip)."""

from __future__ import annotations

from typing import Iterator

import numpy as np
import pygame
import pytest

from game.levels import CAMPAIGN, LevelSpec, build_level
from game.play import theme
from game.play.context import Context
from game.play.panels.captions import TIP_MOVES
from game.play.scenes.play import PlayScene
from game.play.widgets import hud
from game.run.intents import ToggleHint
from game.run.level import Level
from game.save import Progress
from game.text import language, set_language
from tests.play.test_caption_placement import Silent, spy_on

MUD = LevelSpec(algorithm="backtracker", rows=31, cols=31, seed=5, mud=0.2)
#: Window sizes, languages and text sizes: the smallest and large windows, both of each.
LOOKS = [((320, 240), "en", 100), ((320, 240), "zh", 150), ((800, 600), "en", 150),
         ((1280, 720), "en", 100), ((1280, 720), "zh", 150), ((1920, 1080), "zh", 100),
         ((1920, 1080), "en", 150)]
CHASE = next(i for i, spec in enumerate(CAMPAIGN) if spec.chasers)  # the chase chapter's first


@pytest.fixture(autouse=True)
def looks() -> Iterator[None]:
    """Start pygame's fonts; put the language and theme back afterwards."""
    pygame.display.init()
    pygame.font.init()
    spoken = language()
    yield
    set_language(spoken)
    theme.use(theme.DEFAULT)


def tile_on_screen(scene: PlayScene, surface: pygame.Surface,
                   pos: tuple[int, int]) -> pygame.Rect:
    """Return the on-screen rect of tile ``pos`` as the scene last drew it."""
    bar = hud.bar_height(surface.get_size())
    x, y = scene.camera.to_screen(*pos)
    t = scene.camera.tile
    return pygame.Rect(round(x), round(bar + y), max(1, round(t)), max(1, round(t)))


def assert_nothing_hidden(scene: PlayScene, surface: pygame.Surface, box: pygame.Rect,
                          tiles: list[tuple[int, int]]) -> None:
    """Fail when ``box`` covers any of ``tiles`` or the exit where the maze view shows them."""
    camera = scene.camera  # the maze is drawn (clipped) in the camera's view under the bar
    shown = pygame.Rect(0, hud.bar_height(surface.get_size()), camera.view_w, camera.view_h)
    for pos in [*tiles, scene.maze.goal]:
        tile = tile_on_screen(scene, surface, pos).clip(shown)
        if tile.width and tile.height:
            assert not box.colliderect(tile), f"the caption {box} hides {pos} at {tile}"


def play(level: Level, lang: str, text: int) -> PlayScene:
    """Return ``level`` in a play scene, spoken in ``lang`` at ``text`` % text size."""
    set_language(lang)
    theme.use(theme.build("default", text_size=text))
    return PlayScene(Context(Progress(), audio=Silent()), level)


@pytest.mark.parametrize("size, lang, text", LOOKS)
def test_the_hint_caption_hides_no_tile_of_the_route_on_a_mud_maze(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], lang: str, text: int) -> None:
    drawn = spy_on(monkeypatch, "draw_caption_box")
    scene = play(Level(build_level(MUD), MUD, label="mud"), lang, text)
    scene.apply(ToggleHint())
    assert scene.hint is not None
    scene.hint.finish()
    surface = pygame.Surface(size)
    for _ in range(3):
        scene.update(1 / 60)
        scene.draw(surface)
    path = scene.hint.path
    assert path is not None and path[-1] == scene.maze.goal
    assert drawn, "no caption was drawn"
    assert_nothing_hidden(scene, surface, drawn[-1], path)


@pytest.mark.parametrize("size, lang, text", LOOKS)
def test_a_chapters_tip_hides_no_row_of_the_maze(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], lang: str, text: int) -> None:
    drawn = spy_on(monkeypatch, "draw_caption_box")
    spec = CAMPAIGN[CHASE]
    scene = play(Level(build_level(spec), spec, CHASE, "chase"), lang, text)
    surface = pygame.Surface(size)
    scene.update(1 / 60)
    scene.draw(surface)
    assert scene.run.moves < TIP_MOVES and drawn, "the tip was not drawn"
    maze = scene.maze
    every = [(r, c) for r in range(maze.rows) for c in range(maze.cols)]
    assert_nothing_hidden(scene, surface, drawn[-1], every)


@pytest.mark.usefixtures("display")
def test_a_caption_in_a_band_leaves_no_old_pixels_behind_it() -> None:
    scene = play(Level(build_level(MUD), MUD, label="mud"), "en", 100)
    scene.set_first_person(True)  # in first person the route is on the floor ahead: a band
    scene.apply(ToggleHint())
    surface = pygame.Surface((320, 240))
    surface.fill((255, 0, 255))
    scene.update(1 / 60)
    scene.draw(surface)
    band = scene.captions.band
    assert band is not None and band.width == 320
    colours = {tuple(surface.get_at((x, y)))[:3] for x in range(band.left, band.right, 7)
               for y in range(band.top, band.bottom, 3)}
    assert (255, 0, 255) not in colours


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("which", ["mud", "wide"])
def test_a_toast_shows_beside_or_above_the_maze_when_there_is_room(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], lang: str, which: str) -> None:
    from game.play.input import KeyDown
    from game.play.widgets.text import font
    from tests.play.test_caption_placement import maze_on_screen

    toasts = spy_on(monkeypatch, "draw_toast")
    if which == "mud":  # fitted, square: room beside it
        level = Level(build_level(MUD), MUD, label="mud")
    else:  # 11x31: room above it
        level = Level(build_level(CAMPAIGN[3]), CAMPAIGN[3], 3, "wide")
    scene = play(level, lang, 100)
    scene.apply(ToggleHint())
    scene.handle_event(KeyDown(pygame.K_TAB))  # "Hint solver: DFS": a toast
    text = scene.ctx.toasts.text
    assert text
    surface = pygame.Surface(size)
    scene.update(1 / 60)
    scene.draw(surface)
    hud.draw_toast(surface, scene.toast_area(surface), text, 1.0)
    box = toasts[-1]
    assert not box.colliderect(maze_on_screen(scene, surface)), (box, text)
    assert box.height >= font(round(hud.ui_scale(size) * 20)).get_height()  # not shrunk


@pytest.mark.parametrize("palette", ["default", "high_contrast"])
@pytest.mark.parametrize("size, lang, text", [((320, 240), "en", 100), ((320, 240), "zh", 150),
                                              ((1920, 1080), "en", 150),
                                              ((1920, 1080), "zh", 100)])
def test_the_race_toast_keeps_off_the_first_person_compass(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], lang: str, text: int,
        palette: str) -> None:
    from game.play.scenes import play as play_module
    from game.names import solver_short_label
    from game.play.input import KeyDown
    from game.run.ghost import RACE_SPEEDS
    from game.save.model import Race
    from game.text import t

    compasses: list[pygame.Rect] = []
    real = play_module.draw_compass

    def spy(surface: pygame.Surface, *args: object) -> None:
        before = pygame.surfarray.array3d(surface)
        real(surface, *args)  # type: ignore[arg-type]
        changed = np.argwhere((pygame.surfarray.array3d(surface) != before).any(axis=2))
        (x0, y0), (x1, y1) = changed.min(axis=0), changed.max(axis=0)
        compasses.append(pygame.Rect(int(x0), int(y0), int(x1 - x0 + 1), int(y1 - y0 + 1)))

    monkeypatch.setattr(play_module, "draw_compass", spy)
    toasts = spy_on(monkeypatch, "draw_toast")
    set_language(lang)
    theme.use(theme.build(palette, text_size=text))
    ctx = Context(Progress(), audio=Silent())
    ctx.session_race = Race("bfs", max(RACE_SPEEDS))
    spec = CAMPAIGN[0]
    scene = PlayScene(ctx, Level(build_level(spec), spec, 0, "race"))
    scene.set_first_person(True)
    home = t("play.race_ghost_home", solver=solver_short_label("bfs"))
    scene.handle_event(KeyDown(pygame.K_UP))  # the first step sets the ghost off
    for _ in range(60 * 60):
        scene.update(1 / 60)
        if ctx.toasts.text == home:
            break
    assert ctx.toasts.text == home, ctx.toasts.text
    surface = pygame.Surface(size)
    scene.draw(surface)
    hud.draw_toast(surface, scene.toast_area(surface), ctx.toasts.text, 1.0)
    assert compasses and toasts
    assert not toasts[-1].colliderect(compasses[-1]), (toasts[-1], compasses[-1])
