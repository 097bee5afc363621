"""The menu scenes, headless: every scene takes events, updates and draws at any size;
menus work by keyboard and by mouse; results are recorded; the notice shows once.

Scenes are driven through the navigator, as the App drives them: the routes they return
are followed and their enter/exit hooks run.
"""

from __future__ import annotations

import sys
import threading
import time
from typing import Any, Callable, get_args

import numpy as np
import pygame
import pytest

from game.edit.model import Editor
from game.levels import (
    CAMPAIGN,
    CHAPTERS,
    MAX_SEED,
    LevelSpec,
    build_level,
    level_code,
    parse_level_code,
)
from game.maze.generators.division import ROOM_SIZE
from game.maze.registry import LOOPS, MUD
from game.maze.solvers import solve
from game.play.context import Context
from game.play.navigator import Navigator, draw_every_scene
from game.play.routes import (
    Back,
    BuildMaze,
    ChapterDone,
    Complete,
    Confirm,
    Edit,
    OpenHelp,
    OpenLab,
    OpenPause,
    OpenReview,
    OpenSettings,
    Play,
    QuitGame,
    Route,
    StartLevel,
    ToCustomMaze,
    ToEnterCode,
    ToLevelSelect,
    ToMakeMaze,
    ToTitle,
    WatchReplay,
)
from game.play.scenes import custom_maze
from game.play.scenes.base import Enter, Next, Scene
from game.play.scenes.chapter_complete import ChapterCompleteScene
from game.play.scenes.confirm import ConfirmScene
from game.play.scenes.custom_maze import CustomMazeScene
from game.play.scenes.make_maze import MakeMazeScene
from game.play.scenes.enter_code import EnterCodeScene
from game.play.scenes.help import HelpScene
from game.play.scenes.lab import LabScene
from game.play.scenes.level_complete import LevelCompleteScene
from game.play.scenes.level_select import LevelSelectScene, grid_lines, vertical_step
from game.play.scenes.loading import LoadingScene
from game.play.scenes.pause import PauseScene
from game.play.scenes.play import PlayScene
from game.play.scenes.settings import SettingsScene
from game.play.scenes.title import TitleScene
from game.play.theme import DEFAULT
from game.play.widgets.layout import Layout
from game.run.speeds import HINT_SPEEDS
from game.run.level import Level, RunResult
from game.save import load_progress
from game.text import t
from tests.play.helpers import (
    Driver,
    campaign_level,
    click,
    key,
    up,
    motion,
    play_driver,
    run_result,
    sample_replay,
    scene_event,
    show,
    small_play,
)

SIZES = [(320, 240), (480, 320), (1280, 720), (3840, 2160)]


pytestmark = pytest.mark.usefixtures("display")


def slow_builder(seconds: float, ready: threading.Event) -> Callable[[Any], Any]:
    """Return a maze builder that waits for ``ready`` (or ``seconds``) first."""

    def build(spec: Any) -> Any:
        ready.wait(seconds)
        return build_level(spec)

    return build


def opened(ctx: Context, route: Next) -> Scene:
    """Return the scene ``route`` opens (a pause opens over a play scene)."""
    nav = Navigator(ctx)
    if isinstance(route, OpenPause):
        nav.go(Play(route.level))
    elif isinstance(route, Confirm):
        nav.go(ToTitle())
    nav.go(route)
    assert nav.scene is not None
    return nav.scene


FACTORIES: dict[str, Callable[[Context], Scene]] = {
    "title": lambda c: opened(c, ToTitle()),
    "level select": lambda c: opened(c, ToLevelSelect()),
    "custom maze": lambda c: opened(c, ToCustomMaze()),
    "enter a code": lambda c: opened(c, ToEnterCode()),
    "lab": lambda c: opened(c, OpenLab()),
    "settings": lambda c: opened(c, OpenSettings()),
    "help": lambda c: opened(c, OpenHelp()),
    "loading": lambda c: opened(c, BuildMaze(CAMPAIGN[0], 0, "Level 1")),
    "pause": lambda c: opened(c, OpenPause(campaign_level(0))),
    "quit question": lambda c: opened(c, Confirm("Quit Migong?", "Quit", "Cancel", QuitGame())),
    "level complete": lambda c: opened(c, Complete(run_result(small_play(c)))),
    "review": lambda c: opened(c, OpenReview(*sample_replay())),
    "watch replay": lambda c: opened(c, WatchReplay(*sample_replay())),
    "chapter complete": lambda c: opened(c, ChapterDone(0)),
    "make a maze": lambda c: opened(c, ToMakeMaze()),
    "editor": lambda c: opened(c, Edit(Editor(build_level(CAMPAIGN[0])))),
}

ODD_EVENTS = [
    pygame.event.Event(pygame.KEYDOWN),  # no key attribute at all
    pygame.event.Event(pygame.KEYDOWN, key="x"),
    pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1),  # no pos
    pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=None, button=1),
    pygame.event.Event(pygame.MOUSEMOTION, pos=(-50, 10**9)),
    pygame.event.Event(pygame.MOUSEWHEEL, y="up"),
    pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3),
    pygame.event.Event(pygame.USEREVENT, code=7),
    pygame.event.Event(pygame.KEYUP, key=pygame.K_UP),
    pygame.event.Event(pygame.VIDEORESIZE, size=(1, 1), w=1, h=1),
]


#: Everything a scene may return: a route, or a scene built ahead.
ROUTES = (*get_args(Route), Enter)


def distinct_colours(surface: pygame.Surface) -> int:
    """Return how many colours ``surface`` holds."""
    return len(np.unique(pygame.surfarray.array2d(surface)))


@pytest.mark.parametrize("name", list(FACTORIES))
def test_every_scene_takes_keys_mouse_and_odd_events_and_draws_at_every_size(
        ctx: Context, name: str) -> None:
    for size in SIZES:
        scene = FACTORIES[name](ctx)
        surface = pygame.Surface(size)
        scene.draw(surface)  # mouse rects come from a draw
        w, h = size
        events = [key(k) for k in (pygame.K_DOWN, pygame.K_UP, pygame.K_RIGHT, pygame.K_LEFT,
                                   pygame.K_5, pygame.K_TAB, pygame.K_F1)]
        events += [motion((w // 2, h // 2)), click((w // 2, h // 3), button=3),
                   click((3, 3)), scene_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))]
        events += [scene_event(e) for e in ODD_EVENTS]
        for event in events:
            if event is None:  # the App hands scenes no event for these
                continue
            nxt = scene.handle_event(event)
            assert nxt is None or isinstance(nxt, ROUTES)
        for _ in range(3):
            scene.update(1 / 60)
        surface.fill((255, 0, 255))
        scene.draw(surface)
        assert distinct_colours(surface) >= 3, f"{name} drew almost nothing at {size}"


def test_odd_pygame_events_become_no_event_or_a_sane_one() -> None:
    typed = [scene_event(e) for e in ODD_EVENTS]
    assert typed[:4] == [None, None, None, None]
    assert [type(t).__name__ for t in typed[4:]] == [
        "PointerMove", "NoneType", "Wheel", "NoneType", "KeyUp", "Resized"]


# -- title -----------------------------------------------------------------------------
TITLE_TARGETS = [LoadingScene, LevelSelectScene, CustomMazeScene, LoadingScene, EnterCodeScene,
                 MakeMazeScene, LabScene, SettingsScene, HelpScene]


@pytest.mark.parametrize("index", range(len(TITLE_TARGETS) + 1))
def test_title_menu_by_keyboard_leads_to_the_right_scene(ctx: Context, index: int) -> None:
    game = Driver(ctx, ToTitle())
    for _ in range(index):
        assert isinstance(game.send(key(pygame.K_DOWN)), TitleScene)
    nxt = game.send(key(pygame.K_RETURN))
    if index < len(TITLE_TARGETS):
        assert isinstance(nxt, TITLE_TARGETS[index])
        assert not ctx.quit_requested
    else:  # Quit asks first; Enter again quits
        assert isinstance(nxt, ConfirmScene) and nxt.ask.question == "Quit Migong?"
        assert not ctx.quit_requested
        game.send(key(pygame.K_RETURN))
        assert ctx.quit_requested


@pytest.mark.parametrize("size", [(1280, 720), (320, 240)])
@pytest.mark.parametrize("index", range(len(TITLE_TARGETS) + 1))
def test_title_menu_by_mouse_click_leads_to_the_right_scene(
        ctx: Context, index: int, size: tuple[int, int]) -> None:
    game = Driver(ctx, ToTitle())
    title = game.scene
    assert isinstance(title, TitleScene)
    title.draw(pygame.Surface(size))
    if not title.menu.rects[index].width:  # scrolled out of a small window: scroll to it
        for _ in range(index):
            game.send(key(pygame.K_DOWN))
            game.send(up(pygame.K_DOWN))
        title.draw(pygame.Surface(size))
    centre = title.menu.rects[index].center
    assert title.menu.rects[index].width
    game.send(motion(centre))
    assert title.menu.selected == index
    nxt = game.send(click(centre))
    if index < len(TITLE_TARGETS):
        assert isinstance(nxt, TITLE_TARGETS[index])
    else:
        assert isinstance(nxt, ConfirmScene) and not ctx.quit_requested
        nxt.draw(pygame.Surface(size))
        assert game.send(click(nxt.menu.rects[1].center)) is title  # Cancel
        assert not ctx.quit_requested


def test_a_window_appearing_under_a_still_pointer_does_not_move_the_selection(
        ctx: Context) -> None:
    # After switching to fullscreen from Settings, SDL sends a MOUSEMOTION with rel (0, 0)
    # where the pointer rests: the selection jumped from Fullscreen to Volume and the next
    # Right key changed the volume.  Such a motion reaches no scene.
    settings = SettingsScene(ctx)
    settings.draw(pygame.Surface((1280, 720)))
    settings.handle_event(key(pygame.K_DOWN))
    settings.handle_event(key(pygame.K_DOWN))
    volume = settings.menu.rects[0].center
    still = pygame.event.Event(pygame.MOUSEMOTION, pos=volume, rel=(0, 0), buttons=(0, 0, 0))
    assert scene_event(still) is None
    assert settings.menu.selected == 2
    settings.handle_event(motion(volume))  # a real move still points
    assert settings.menu.selected == 0
    moved = scene_event(pygame.event.Event(pygame.MOUSEMOTION, pos=volume, rel=(2, 0)))
    assert moved == motion(volume)


def test_title_up_from_the_top_wraps_to_quit(ctx: Context) -> None:
    title = Driver(ctx, ToTitle()).send(key(pygame.K_UP))
    assert isinstance(title, TitleScene)
    assert title.menu.items[title.menu.selected].text() == "Quit"


def test_new_game_starts_level_1_and_continue_the_highest_unlocked(ctx: Context) -> None:
    game = Driver(ctx, ToTitle())
    title = game.scene
    assert isinstance(title, TitleScene)
    assert title.menu.items[0].text() == "New game"
    first = game.send(key(pygame.K_RETURN))
    assert isinstance(first, LoadingScene) and first.level_index == 0
    assert first.spec == CAMPAIGN[0]
    ctx.progress.unlocked = 5
    game = Driver(ctx, ToTitle())
    title = game.scene
    assert isinstance(title, TitleScene)
    assert title.menu.items[0].text() == "Continue · Level 5"
    cont = game.send(key(pygame.K_RETURN))
    assert isinstance(cont, LoadingScene) and cont.level_index == 4
    assert cont.spec == CAMPAIGN[4]


def test_the_notice_is_shown_on_the_first_title_only(ctx: Context) -> None:
    ctx.notice = "Your save file was damaged; it was kept as save.json.corrupt."
    first = TitleScene(ctx)
    assert first.notice is None and ctx.notice is not None  # built, not yet shown
    game = show(ctx, first)
    surface = pygame.Surface((1280, 720))
    first.draw(surface)
    lay = Layout.of(surface)
    banner = surface.get_at((lay.margin + 4, lay.px(18, lo=4) + 4))
    assert tuple(banner)[:3] == DEFAULT.ui.notice_bg
    assert first.notice is not None and "corrupt" in first.notice
    first.update(5.0)
    first.draw(surface)  # still there while the player is on this screen
    assert tuple(surface.get_at((lay.margin + 4, 22)))[:3] == DEFAULT.ui.notice_bg
    for _ in range(TITLE_TARGETS.index(SettingsScene)):
        game.send(key(pygame.K_DOWN))
    assert isinstance(game.send(key(pygame.K_RETURN)), SettingsScene)
    assert game.send(key(pygame.K_ESCAPE)) is first  # back: the notice was read
    again = game.scene
    assert isinstance(again, TitleScene)
    assert again.notice is None and ctx.notice is None
    again.draw(surface)
    assert tuple(surface.get_at((lay.margin + 4, 22)))[:3] != DEFAULT.ui.notice_bg


@pytest.mark.parametrize("row, overlay", [(TITLE_TARGETS.index(SettingsScene), SettingsScene),
                                          (TITLE_TARGETS.index(HelpScene), HelpScene)])
def test_back_from_settings_or_help_the_title_cursor_stays_where_it_was(
        ctx: Context, row: int, overlay: type) -> None:
    game = Driver(ctx, ToTitle())
    title = game.scene
    for _ in range(row):
        game.send(key(pygame.K_DOWN))
    assert isinstance(game.send(key(pygame.K_RETURN)), overlay)
    assert game.send(key(pygame.K_ESCAPE)) is title
    assert title.menu.selected == row
    game.send(key(pygame.K_RETURN))  # the same row again, not a surprise
    assert isinstance(game.scene, overlay)


@pytest.mark.parametrize("row", [1, 2, 4, 5, 6, 7, 8],
                         ids=[scene.__name__ for scene in TITLE_TARGETS if scene is not LoadingScene])
def test_back_from_any_title_choice_the_cursor_is_on_the_row_chosen(ctx: Context,
                                                                      row: int) -> None:
    game = Driver(ctx, ToTitle())
    for _ in range(row):
        game.send(key(pygame.K_DOWN))
    assert isinstance(game.send(key(pygame.K_RETURN)), TITLE_TARGETS[row])
    back = game.send(key(pygame.K_ESCAPE))
    assert isinstance(back, TitleScene) and back.menu.selected == row


def test_a_stray_up_and_enter_on_the_title_asks_before_quitting(ctx: Context) -> None:
    game = Driver(ctx, ToTitle())
    title = game.scene
    game.send(key(pygame.K_UP))  # wraps to Quit
    ask = game.send(key(pygame.K_RETURN))
    assert isinstance(ask, ConfirmScene) and not ctx.quit_requested
    ask.draw(pygame.Surface((1280, 720)))
    assert game.send(key(pygame.K_ESCAPE)) is title and not ctx.quit_requested
    assert title.menu.items[title.menu.selected].text() == "Quit"


def test_escape_on_the_title_goes_to_quit_then_asks_and_enter_quits(ctx: Context) -> None:
    game = Driver(ctx, ToTitle())
    title = game.send(key(pygame.K_ESCAPE))
    assert isinstance(title, TitleScene)
    assert title.menu.items[title.menu.selected].text() == "Quit"
    assert not ctx.quit_requested
    ask = game.send(key(pygame.K_ESCAPE))
    assert isinstance(ask, ConfirmScene) and not ctx.quit_requested
    assert ask.menu.items[ask.menu.selected].text() == "Quit"  # Enter twice quits
    game.send(key(pygame.K_DOWN))
    assert game.send(key(pygame.K_RETURN)) is title and not ctx.quit_requested  # Cancel
    game.send(key(pygame.K_ESCAPE))
    game.send(key(pygame.K_RETURN))
    assert ctx.quit_requested


# -- level select ------------------------------------------------------------------------
def test_level_select_plays_only_unlocked_levels(ctx: Context) -> None:
    ctx.progress.unlocked = 3
    grid = LevelSelectScene(ctx, selected=0)
    grid.handle_event(key(pygame.K_RIGHT))
    assert grid.selected == 1
    assert grid.handle_event(key(pygame.K_RETURN)) == StartLevel(1)
    grid.handle_event(key(pygame.K_RIGHT))
    grid.handle_event(key(pygame.K_RIGHT))
    assert grid.selected == 3 and not grid.unlocked(3)
    assert grid.handle_event(key(pygame.K_RETURN)) is None
    assert "Locked" in grid.message


def test_a_chosen_level_loads_behind_the_loading_screen(ctx: Context) -> None:
    game = Driver(ctx, StartLevel(1))
    loading = game.scene
    assert isinstance(loading, LoadingScene) and loading.level_index == 1
    assert loading.spec == CAMPAIGN[1]
    assert isinstance(Driver(ctx, StartLevel(999)).scene, LoadingScene)  # clamped


def test_level_select_by_mouse_and_down_moves_to_the_next_row_of_levels(ctx: Context) -> None:
    ctx.progress.unlocked = 2
    game = show(ctx, LevelSelectScene(ctx, selected=0))
    grid = game.scene
    assert isinstance(grid, LevelSelectScene)
    grid.draw(pygame.Surface((1280, 720)))
    cells = dict(grid.cells)
    assert grid.cols > len(CHAPTERS[0].levels)  # the first chapter is one row
    grid.handle_event(key(pygame.K_DOWN))
    assert grid.selected == len(CHAPTERS[0].levels)  # the next chapter's first level
    grid.handle_event(key(pygame.K_UP))
    assert grid.selected == 0
    assert grid.handle_event(click(cells[5].center)) is None  # locked
    assert grid.handle_event(click(cells[1].center)) == StartLevel(1)
    assert isinstance(game.send(key(pygame.K_ESCAPE)), TitleScene)


def test_the_level_grid_heads_each_chapter_and_keeps_the_column_going_down() -> None:
    lines = grid_lines(4)
    headings = [line for line in lines if isinstance(line, int)]
    assert headings == list(range(len(CHAPTERS)))
    rows = [line for line in lines if isinstance(line, list)]
    assert [i for row in rows for i in row] == list(range(len(CAMPAIGN)))
    assert all(len(row) <= 4 for row in rows)
    first = len(CHAPTERS[0].levels)  # 5: rows [0-3], [4], then chapter 2 from 5
    assert vertical_step(lines, 2, 1) == 4  # clamped to the short row
    assert vertical_step(lines, 4, 1) == first
    assert vertical_step(lines, first, -1) == 4
    assert vertical_step(lines, 1, -1) == 1  # the first row: stays
    assert vertical_step(lines, len(CAMPAIGN) - 1, 1) == len(CAMPAIGN) - 1


def texts_drawn(monkeypatch: pytest.MonkeyPatch, scene: Scene,
                size: tuple[int, int]) -> list[str]:
    """Return the texts ``scene`` draws on a surface of ``size``, in order."""
    drawn: list[str] = []
    module = sys.modules[type(scene).__module__]
    with monkeypatch.context() as patch:
        patch.setattr(module, "draw_text", lambda _s, text, *a, **k: drawn.append(text))
        scene.draw(pygame.Surface(size))
    return drawn


def test_level_select_shows_chapters_with_their_stars_and_best_moves(
        ctx: Context, monkeypatch: pytest.MonkeyPatch) -> None:
    ctx.progress.unlocked = 3
    code = level_code(CAMPAIGN[0])
    ctx.progress.stars[code], ctx.progress.best_moves[code] = 3, 19
    ctx.progress.best_times[code] = 8.0
    grid = LevelSelectScene(ctx, selected=0)
    assert "19 moves" in grid._facts(CAMPAIGN[0], code)
    drawn = texts_drawn(monkeypatch, grid, (1280, 720))
    assert "Chapter 1 · First Steps" in drawn and "3 / 15 stars" in drawn
    assert "19 moves" in drawn and "Chapter 2 · Straight Walls" in drawn


def test_level_select_names_the_keys_and_fog_of_a_level(ctx: Context) -> None:
    ctx.progress.unlocked = len(CAMPAIGN)
    grid = LevelSelectScene(ctx)
    keyed = next(spec for spec in CAMPAIGN if spec.keys and not spec.fog)
    fogged = next(spec for spec in CAMPAIGN if spec.fog and not spec.keys)
    plain = CAMPAIGN[0]
    assert f"keys {keyed.keys}" in grid._facts(keyed, level_code(keyed))
    assert "fog" not in grid._facts(keyed, level_code(keyed))
    assert "fog" in grid._facts(fogged, level_code(fogged))
    assert "keys" not in grid._facts(plain, level_code(plain))


def test_level_select_marks_the_cells_of_levels_with_keys_or_fog(ctx: Context) -> None:
    cell = pygame.Rect(0, 0, 130, 90)
    inked = []
    for spec in (CAMPAIGN[0], LevelSpec("prim", 11, 11, 1, keys=1),
                 LevelSpec("prim", 11, 11, 1, fog=True),
                 LevelSpec("prim", 11, 11, 1, keys=1, fog=True)):
        surface = pygame.Surface(cell.size)
        LevelSelectScene._draw_marks(surface, spec, cell)
        inked.append(int(np.count_nonzero(pygame.surfarray.array3d(surface).any(axis=2))))
    none, key, fog, both = inked
    assert none == 0 and key > 0 and fog > 0
    assert both == pytest.approx(key + fog, rel=0.05)  # side by side, not on top of each other


def test_level_select_scrolls_to_keep_the_selection_visible(ctx: Context) -> None:
    ctx.progress.unlocked = len(CAMPAIGN)
    grid = LevelSelectScene(ctx, selected=0)
    surface = pygame.Surface((320, 240))
    grid.draw(surface)
    grid.handle_event(key(pygame.K_END))
    grid.draw(surface)
    assert grid.selected == len(CAMPAIGN) - 1
    assert grid.selected in dict(grid.cells)


def test_pointing_at_a_level_selects_it(ctx: Context) -> None:
    levels = LevelSelectScene(ctx)
    levels.draw(pygame.Surface((1280, 720)))
    third = levels.cells[2][1].center
    levels.handle_event(motion(third))
    assert levels.selected == 2


# -- custom maze -------------------------------------------------------------------------
def on_seed_row(ctx: Context, seed: int) -> CustomMazeScene:
    """Return the custom maze screen showing ``seed``, its Seed row selected."""
    custom = CustomMazeScene(ctx, LevelSpec("backtracker", 31, 31, seed))
    while custom.menu.selected != custom_maze.SEED_ROW:
        custom.handle_event(key(pygame.K_UP))
    return custom


def test_the_first_digit_typed_replaces_the_seed_shown_and_the_next_ones_append(
        ctx: Context) -> None:
    custom = on_seed_row(ctx, 44870)
    custom.handle_event(key(pygame.K_7))
    assert custom.seed == 7
    custom.handle_event(key(pygame.K_KP3))
    custom.handle_event(key(pygame.K_0))
    assert custom.seed == 730
    custom.handle_event(key(pygame.K_BACKSPACE))
    assert custom.seed == 73
    custom.handle_event(key(pygame.K_5))
    assert custom.seed == 735


def test_a_seed_takes_every_digit_up_to_the_level_codes_limit_then_says_the_limit(
        ctx: Context) -> None:
    custom = on_seed_row(ctx, 44870)
    typed = "1234567890123456789012345"
    for ch in typed:
        custom.handle_event(key(pygame.K_0 + int(ch)))
    assert custom.seed == int(typed[:19]) < MAX_SEED  # one more digit would pass 2**63 - 1
    assert ctx.toasts.text == t("custom.seed_limit", most=MAX_SEED)
    custom.handle_event(key(pygame.K_BACKSPACE))
    assert custom.seed == int(typed[:18])
    assert parse_level_code(level_code(custom.spec())).seed == custom.seed


def test_backspace_edits_the_seed_shown_and_digits_then_append(ctx: Context) -> None:
    custom = on_seed_row(ctx, 44870)
    custom.handle_event(key(pygame.K_BACKSPACE))
    custom.handle_event(key(pygame.K_1))
    assert custom.seed == 44871


@pytest.mark.parametrize("change", [pygame.K_DOWN, pygame.K_RIGHT, pygame.K_RETURN],
                         ids=["another row", "a step", "a new random seed"])
def test_after_leaving_the_seed_or_changing_it_the_first_digit_replaces_it_again(
        ctx: Context, change: int) -> None:
    custom = on_seed_row(ctx, 44870)
    custom.handle_event(key(pygame.K_1))
    custom.handle_event(key(pygame.K_2))
    custom.handle_event(key(change))  # another row, a step, or a new random seed
    if change == pygame.K_DOWN:
        custom.handle_event(key(pygame.K_UP))
    custom.handle_event(key(pygame.K_9))
    assert custom.seed == 9


def test_custom_maze_options_build_the_spec_that_starts(ctx: Context) -> None:
    custom = CustomMazeScene(ctx)
    while custom.menu.selected != 0:  # from Start up to Algorithm
        custom.handle_event(key(pygame.K_UP))
    while custom.algorithm != "division":
        custom.handle_event(key(pygame.K_RIGHT))
    custom.handle_event(key(pygame.K_DOWN))  # Size
    custom.handle_event(key(pygame.K_LEFT))
    custom.handle_event(key(pygame.K_DOWN))  # Seed: type 4 2
    custom.handle_event(key(pygame.K_4))
    custom.handle_event(key(pygame.K_2))
    custom.handle_event(key(pygame.K_DOWN))  # Loops
    custom.handle_event(key(pygame.K_RIGHT))
    custom.handle_event(key(pygame.K_DOWN))  # Keys
    custom.handle_event(key(pygame.K_RIGHT))
    custom.handle_event(key(pygame.K_DOWN))  # Chasers
    custom.handle_event(key(pygame.K_RIGHT))
    custom.handle_event(key(pygame.K_RIGHT))
    custom.handle_event(key(pygame.K_DOWN))  # Mud
    custom.handle_event(key(pygame.K_RIGHT))
    custom.handle_event(key(pygame.K_DOWN))  # Room size
    custom.handle_event(key(pygame.K_RIGHT))
    custom.handle_event(key(pygame.K_RIGHT))
    custom.handle_event(key(pygame.K_DOWN))  # Start
    nxt = custom.handle_event(key(pygame.K_RETURN))
    assert isinstance(nxt, BuildMaze) and nxt.index is None
    rows, cols = custom_maze.SIZE_STEPS[4 - 1]
    assert (nxt.spec.algorithm, nxt.spec.rows, nxt.spec.cols) == ("division", rows, cols)
    assert nxt.spec.seed == 42
    assert nxt.spec.loops == LOOPS.steps[1] and nxt.spec.keys == 1 and nxt.spec.chasers == 2
    assert nxt.spec.mud == MUD.steps[1]
    assert nxt.spec.options == {"room_size": ROOM_SIZE.steps[2]}
    loading = Driver(ctx, nxt).scene
    assert isinstance(loading, LoadingScene) and loading.spec == nxt.spec


def test_room_size_is_only_offered_for_division(ctx: Context) -> None:
    custom = CustomMazeScene(ctx)
    custom.algorithm = "prim"
    room_row = custom_maze.FIRST_OPTION_ROW + custom.options.index(ROOM_SIZE)
    assert not custom.menu.items[room_row].enabled()
    assert custom.menu.items[room_row].value() == "Recursive division only"
    custom.menu.selected = room_row - 1
    custom.handle_event(key(pygame.K_DOWN))
    # skipped the disabled rows (dig's Rank below it is one too)
    assert custom.menu.selected > room_row and custom.menu.items[custom.menu.selected].enabled()
    assert not any(item.enabled() for item in custom.menu.items[room_row:custom.menu.selected])
    assert custom.spec().options == {}


def test_custom_maze_clicking_an_arrow_changes_the_value(ctx: Context) -> None:
    custom = CustomMazeScene(ctx)
    custom.draw(pygame.Surface((1280, 720)))
    before = custom.size_i
    _, right = custom.menu.arrow_rects[1]
    assert right is not None
    custom.handle_event(click(right.center))
    assert custom.size_i == (before + 1) % len(custom_maze.SIZE_STEPS)


# -- settings ----------------------------------------------------------------------------
def test_settings_change_and_are_saved(ctx: Context) -> None:
    game = Driver(ctx, ToTitle())
    game.nav.go(OpenHelp())
    game.nav.go(OpenSettings())  # settings opened over the help screen
    settings = game.scene
    assert isinstance(settings, SettingsScene)
    settings.handle_event(key(pygame.K_LEFT))  # volume 0.7 -> 0.6
    assert ctx.settings.volume == pytest.approx(0.6)
    assert ctx.save_path is not None
    saved, _ = load_progress(ctx.save_path)
    assert saved.settings.volume == pytest.approx(0.6)
    settings.handle_event(key(pygame.K_DOWN))
    settings.handle_event(key(pygame.K_RETURN))  # sound: muted
    assert ctx.settings.muted
    settings.handle_event(key(pygame.K_DOWN))
    settings.handle_event(key(pygame.K_RIGHT))  # fullscreen on (the App applies it)
    assert ctx.settings.fullscreen
    settings.handle_event(key(pygame.K_DOWN))
    settings.handle_event(key(pygame.K_RIGHT))
    assert ctx.settings.anim_speed > 1.0
    settings.handle_event(key(pygame.K_DOWN))
    settings.handle_event(key(pygame.K_RIGHT))
    assert ctx.settings.default_solver == "dfs"
    saved, _ = load_progress(ctx.save_path)
    assert saved.settings == ctx.settings
    assert isinstance(game.send(key(pygame.K_ESCAPE)), HelpScene)  # back where it came from


def test_every_settings_change_is_told_to_the_listeners(ctx: Context) -> None:
    heard: list[str] = []
    ctx.on_settings_change(heard.append)
    settings = SettingsScene(ctx)
    for k in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_RIGHT,
              pygame.K_DOWN, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_RIGHT):
        settings.handle_event(key(k))
    assert heard == ["volume", "muted", "fullscreen", "anim_speed", "default_solver"]


def with_progress(ctx: Context) -> None:
    """Give ``ctx`` some campaign progress and non-default settings."""
    ctx.progress.unlocked = 6
    ctx.progress.best_times["L01"] = 12.5
    ctx.progress.best_moves["L01"] = 40
    ctx.progress.stars["L01"] = 3
    ctx.settings.volume = 0.3
    ctx.settings.default_solver = "stack"


def test_reset_progress_asks_and_forgets_the_campaign_but_keeps_the_settings(
        ctx: Context) -> None:
    with_progress(ctx)
    game = Driver(ctx, ToTitle())
    assert game.scene.menu.items[0].text() == "Continue · Level 6"
    game.nav.go(OpenSettings())
    settings = game.scene
    assert isinstance(settings, SettingsScene)
    row = [item.text() for item in settings.menu.items].index("Reset progress")
    while settings.menu.selected != row:
        game.send(key(pygame.K_DOWN))
    ask = game.send(key(pygame.K_RETURN))
    assert isinstance(ask, ConfirmScene)
    assert ask.menu.items[ask.menu.selected].text() == "Cancel"  # Enter twice changes nothing
    ask.draw(pygame.Surface((1280, 720)))
    assert game.send(key(pygame.K_RETURN)) is settings
    assert ctx.progress.unlocked == 6
    game.send(key(pygame.K_RETURN))
    game.send(key(pygame.K_UP))
    assert game.send(key(pygame.K_RETURN)) is settings  # reset, and back on the settings
    assert ctx.progress.unlocked == 1
    assert not (ctx.progress.best_times or ctx.progress.best_moves or ctx.progress.stars)
    assert ctx.settings.volume == 0.3 and ctx.settings.default_solver == "stack"
    assert ctx.toasts.text == "Progress reset"
    assert ctx.save_path is not None
    saved, _ = load_progress(ctx.save_path)
    assert saved.unlocked == 1 and saved.best_times == {} and saved.settings == ctx.settings
    assert not settings.menu.items[row].enabled()  # nothing left to reset
    assert game.send(key(pygame.K_ESCAPE)).menu.items[0].text() == "New game"


def test_reset_progress_is_offered_only_once_there_is_progress(ctx: Context) -> None:
    settings = SettingsScene(ctx)
    row = [item.text() for item in settings.menu.items].index("Reset progress")
    assert not settings.menu.items[row].enabled()
    with_progress(ctx)
    assert settings.menu.items[row].enabled()


def test_help_goes_back_where_it_came_from(ctx: Context) -> None:
    game = Driver(ctx, ToTitle())
    game.nav.go(OpenSettings())
    settings = game.scene
    game.nav.go(OpenHelp())
    assert game.send(key(pygame.K_ESCAPE)) is settings
    alone = Driver(ctx, OpenHelp())  # with nothing underneath: the title
    assert isinstance(alone.send(click((5, 5))), TitleScene)


# -- pause -------------------------------------------------------------------------------
def test_escape_in_play_opens_pause_over_that_play_scene(ctx: Context) -> None:
    game = play_driver(ctx)
    play = game.scene
    pause = game.send(key(pygame.K_ESCAPE))
    assert isinstance(pause, PauseScene) and game.nav.stack == [play, pause]
    assert isinstance(play, PlayScene) and pause.level is play.level


def test_pause_resume_returns_the_same_play_scene(ctx: Context) -> None:
    game = play_driver(ctx)
    play = game.scene
    pause = game.send(key(pygame.K_ESCAPE))
    assert isinstance(pause, PauseScene)
    pause.draw(pygame.Surface((640, 480)))
    assert game.send(key(pygame.K_RETURN)) is play
    game.send(key(pygame.K_ESCAPE))
    assert game.send(key(pygame.K_ESCAPE)) is play
    pause = game.send(key(pygame.K_ESCAPE))
    assert isinstance(pause, PauseScene)
    pause.draw(pygame.Surface((640, 480)))
    assert game.send(click(pause.menu.rects[0].center)) is play


def test_pause_restart_settings_and_quit(ctx: Context) -> None:
    game = play_driver(ctx)
    play = game.scene
    assert isinstance(play, PlayScene)
    pause = game.send(key(pygame.K_ESCAPE))
    game.send(key(pygame.K_DOWN))
    restarted = game.send(key(pygame.K_RETURN))
    assert isinstance(restarted, PlayScene) and restarted is not play
    assert restarted.level is play.level and game.nav.stack == [restarted]
    pause = game.send(key(pygame.K_ESCAPE))
    game.send(key(pygame.K_DOWN))
    game.send(key(pygame.K_DOWN))
    assert isinstance(game.send(key(pygame.K_RETURN)), SettingsScene)
    assert game.send(key(pygame.K_ESCAPE)) is pause
    game.send(key(pygame.K_DOWN))
    assert isinstance(game.send(key(pygame.K_RETURN)), TitleScene)


def test_hint_speed_and_solver_set_from_the_pause_menu_reach_the_game(ctx: Context) -> None:
    game = play_driver(ctx)
    play = game.scene
    assert isinstance(play, PlayScene)
    game.send(key(pygame.K_h))
    pause = game.send(key(pygame.K_ESCAPE))
    assert isinstance(pause, PauseScene)
    game.send(key(pygame.K_DOWN))
    game.send(key(pygame.K_DOWN))
    settings = game.send(key(pygame.K_RETURN))
    assert isinstance(settings, SettingsScene)
    for k in (pygame.K_DOWN, pygame.K_DOWN, pygame.K_DOWN, pygame.K_RIGHT):  # hint speed up
        game.send(key(k))
    game.send(key(pygame.K_DOWN))
    game.send(key(pygame.K_RIGHT))  # default solver: dfs
    assert game.send(key(pygame.K_ESCAPE)) is pause
    assert game.send(key(pygame.K_ESCAPE)) is play
    play.update(1 / 60)
    assert play.run.speed == ctx.settings.anim_speed > 1.0
    assert play.hint is not None
    assert play.run.solver == play.hint.solver == "dfs"


def test_the_settings_offer_every_hint_speed_the_game_plays_at(ctx: Context) -> None:
    scene = SettingsScene(ctx)
    row = [t("settings.hint_speed") == item.text() for item in scene.menu.items].index(True)
    scene.menu.selected = row
    offered = []
    for _ in range(len(HINT_SPEEDS)):
        scene.handle_event(key(pygame.K_LEFT))
    for _ in range(len(HINT_SPEEDS)):
        offered.append(ctx.settings.anim_speed)
        scene.handle_event(key(pygame.K_RIGHT))
    assert tuple(offered) == HINT_SPEEDS


# -- level complete ----------------------------------------------------------------------
def test_level_complete_records_progress_and_unlocks_the_next_level(ctx: Context) -> None:
    play = small_play(ctx, 0)
    done = LevelCompleteScene(ctx, run_result(play, time_s=30.0))
    assert ctx.progress.unlocked == 1  # built, not yet shown: nothing recorded
    show(ctx, done)
    code = level_code(CAMPAIGN[0])
    assert ctx.progress.unlocked == 2
    assert done.stars == 3 and done.new_best and done.best == pytest.approx(30.0)
    assert ctx.save_path is not None
    saved, notice = load_progress(ctx.save_path)
    assert notice is None
    assert saved.unlocked == 2
    assert saved.best_times[code] == pytest.approx(30.0)
    assert saved.stars[code] == 3
    slower = show(ctx, LevelCompleteScene(ctx, run_result(play, time_s=45.0, hints=1))).scene
    assert isinstance(slower, LevelCompleteScene)
    assert not slower.new_best and slower.best == pytest.approx(30.0)
    assert slower.stars == 2
    assert load_progress(ctx.save_path)[0].stars[code] == 3


def test_level_complete_keys(ctx: Context) -> None:
    play = small_play(ctx, 0)
    done = LevelCompleteScene(ctx, run_result(play))
    assert done.handle_event(key(pygame.K_RETURN)) == StartLevel(1)
    retry = done.handle_event(key(pygame.K_r))
    assert isinstance(retry, Play) and retry.level is play.level
    assert isinstance(Driver(ctx, retry).scene, PlayScene)
    assert isinstance(done.handle_event(key(pygame.K_ESCAPE)), ToTitle)


def test_level_complete_shows_the_figures(ctx: Context) -> None:
    play = small_play(ctx, 0)
    done = LevelCompleteScene(ctx, run_result(play, extra=10))
    optimal = solve(play.maze).length
    assert optimal is not None
    assert done.optimal == optimal and done.moves == optimal + 10
    assert done.efficiency == round(100 * optimal / (optimal + 10))
    surface = pygame.Surface((1280, 720))
    done.update(2.0)
    done.draw(surface)
    assert distinct_colours(surface) >= 3


def test_the_last_level_of_a_chapter_leads_to_the_chapter_screen(ctx: Context) -> None:
    last = len(CHAPTERS[0].levels) - 1
    done = finished(ctx, campaign_level(last))
    assert done.handle_event(key(pygame.K_RETURN)) == ChapterDone(0)
    assert finished(ctx, campaign_level(last - 1)).handle_event(
        key(pygame.K_RETURN)) == StartLevel(last)


def test_the_chapter_screen_sums_up_and_starts_the_next_chapter(
        ctx: Context, monkeypatch: pytest.MonkeyPatch) -> None:
    ctx.progress.stars[level_code(CAMPAIGN[0])] = 3
    ctx.progress.stars[level_code(CAMPAIGN[1])] = 2
    screen = Driver(ctx, ChapterDone(0)).scene
    assert isinstance(screen, ChapterCompleteScene)
    drawn = texts_drawn(monkeypatch, screen, (960, 640))
    assert drawn[:2] == ["Chapter 1 · First Steps", "5 / 15 stars"]
    assert "Next: chapter 2 · Straight Walls" in drawn
    assert screen.handle_event(key(pygame.K_RETURN)) == StartLevel(len(CHAPTERS[0].levels))
    assert isinstance(screen.handle_event(key(pygame.K_ESCAPE)), ToLevelSelect)
    final = Driver(ctx, ChapterDone(len(CHAPTERS) - 1)).scene
    assert isinstance(final.handle_event(key(pygame.K_RETURN)), ToLevelSelect)


def test_a_chapters_first_level_shows_its_tip_until_a_few_moves(ctx: Context) -> None:
    first, second = small_play(ctx, len(CHAPTERS[0].levels)), small_play(ctx, 1)
    assert first.captions.chapter_tip() == ("Chapter 2 · Straight Walls",
                                    t("chapter.straight_walls.tip"))
    assert second.captions.chapter_tip() is None
    assert small_play(ctx, 0).captions.chapter_tip() is not None


def finished(ctx: Context, level: Level) -> LevelCompleteScene:
    """Return the level-complete screen of a perfect run of ``level``."""
    optimal = solve(level.maze).length
    assert optimal is not None
    return LevelCompleteScene(ctx, RunResult(level, 20.0, optimal, optimal, 0))


def labels(done: LevelCompleteScene) -> list[str]:
    """Return the buttons of a level-complete screen, left to right."""
    return [item.text() for item in done.menu.items]


def test_what_each_kind_of_finished_maze_offers_next(ctx: Context) -> None:
    spec = LevelSpec("prim", 21, 31, 444, 0.1, {}, "Custom")
    custom = Level(build_level(spec), spec, None, "Custom · Prim 21x31")
    assert labels(finished(ctx, custom)) == ["Another maze", "Retry", "Title"]
    assert labels(finished(ctx, campaign_level(0))) == ["Next level", "Retry", "Title"]
    assert labels(finished(ctx, campaign_level(len(CAMPAIGN) - 1))) == ["Title", "Retry"]
    assert labels(finished(ctx, Level(custom.maze, label="maze.txt"))) == ["Title", "Retry"]


def test_another_maze_builds_one_with_the_same_settings_and_a_new_seed(ctx: Context) -> None:
    spec = LevelSpec("division", 21, 31, 444, 0.2, {"room_size": 4}, "Custom")
    level = Level(build_level(spec), spec, None, "Custom")
    seeds = set()
    for _ in range(20):
        nxt = finished(ctx, level).handle_event(key(pygame.K_RETURN))
        assert isinstance(nxt, BuildMaze) and nxt.index is None
        assert (nxt.spec.algorithm, nxt.spec.rows, nxt.spec.cols, nxt.spec.loops,
                nxt.spec.options) == ("division", 21, 31, 0.2, {"room_size": 4})
        seeds.add(nxt.spec.seed)
    assert 444 not in seeds and len(seeds) > 1


def test_a_maze_from_a_file_is_not_recorded(ctx: Context) -> None:
    play = small_play(ctx, 0)
    optimal = play.run.optimal
    result = RunResult(Level(play.maze, label="maze.txt"), 20.0, optimal, optimal, 0)
    done = show(ctx, LevelCompleteScene(ctx, result)).scene
    assert ctx.progress.unlocked == 1 and not ctx.progress.best_times
    assert isinstance(done.handle_event(key(pygame.K_RETURN)), ToTitle)


# -- loading -----------------------------------------------------------------------------
def test_a_small_level_loads_within_the_first_update(ctx: Context) -> None:
    game = Driver(ctx, StartLevel(0))
    play = game.update(1 / 60)
    assert isinstance(play, PlayScene)
    assert play.maze == build_level(CAMPAIGN[0]) and play.level.index == 0


def test_a_slow_maze_shows_the_spinner_then_plays(ctx: Context) -> None:
    ready = threading.Event()
    game = Driver(ctx, StartLevel(1))
    loading = game.scene
    assert isinstance(loading, LoadingScene)
    loading.builder = slow_builder(10.0, ready)
    assert game.update(1 / 60) is loading
    surface = pygame.Surface((800, 600))
    loading.draw(surface)
    assert distinct_colours(surface) >= 3
    ready.set()
    deadline = time.monotonic() + 10
    while game.scene is loading and time.monotonic() < deadline:
        game.update(1 / 60)
        time.sleep(0.005)
    play = game.scene
    assert isinstance(play, PlayScene) and play.level.index == 1
    assert loading.drawing  # one frame said "Drawing the map" before the play scene


def test_escape_cancels_loading_and_a_failed_build_is_reported(ctx: Context) -> None:
    game = Driver(ctx, StartLevel(0))
    assert isinstance(game.send(key(pygame.K_ESCAPE)), TitleScene)

    def broken(spec: Any) -> Any:
        raise ValueError("room_size must be at least 2")

    game = Driver(ctx, StartLevel(0))
    failing = game.scene
    assert isinstance(failing, LoadingScene)
    failing.builder = broken
    assert game.update(1 / 60) is failing
    assert failing.error is not None and "room_size" in failing.error
    failing.draw(pygame.Surface((640, 480)))
    assert isinstance(game.send(key(pygame.K_SPACE)), TitleScene)


def test_draw_every_scene_draws_them_all() -> None:
    surface = pygame.Surface((960, 640))
    names = draw_every_scene(surface)
    assert names == ["TitleScene", "LevelSelectScene", "CustomMazeScene", "EnterCodeScene",
                     "LabScene", "SettingsScene", "HelpScene", "LeaderboardSettingsScene",
                     "BoardScene", "ControlsScene", "LoadingScene",
                     "PlayScene", "PauseScene", "ConfirmScene", "LevelCompleteScene",
                     "ChapterCompleteScene", "ReviewScene", "WatchScene", "MakeMazeScene",
                     "EditorScene", "CompareScene"]
    assert distinct_colours(surface) >= 3


@pytest.mark.parametrize("size", [(1, 1), (10, 10), (200, 100), (100, 600), (5000, 200)])
def test_no_scene_breaks_at_degenerate_window_sizes(ctx: Context, size: tuple[int, int]) -> None:
    ctx.notice = "A notice that has to wrap somewhere on a tiny window."
    for name, factory in FACTORIES.items():
        scene = factory(ctx)
        surface = pygame.Surface(size)
        scene.draw(surface)
        scene.handle_event(click((size[0] // 2, size[1] // 2)))
        scene.update(0.1)
        scene.draw(surface)


def test_back_with_nothing_underneath_goes_to_the_title(ctx: Context) -> None:
    game = Driver(ctx, ToLevelSelect())
    game.nav.go(Back())
    assert isinstance(game.scene, TitleScene) and len(game.nav.stack) == 1


def test_a_locked_levels_practice_stars_count_in_its_chapter_once_it_is_unlocked(
        ctx: Context) -> None:
    # play --level N on a locked level plays it for practice: its stars wait in the save
    from game.levels import CHAPTERS, chapter_of

    last = len(CHAPTERS) - 1
    _, span = chapter_of(sum(len(c.levels) for c in CHAPTERS[:last]))
    ctx.progress.stars[level_code(CAMPAIGN[span.start])] = 3
    select = LevelSelectScene(ctx)
    assert not select.unlocked(span.start)
    assert select.chapter_stars(last) == (0, span)
    ctx.progress.unlocked = span.start + 1
    assert LevelSelectScene(ctx).chapter_stars(last) == (3, span)
