"""The menu scenes, headless: every scene takes events, updates and draws at any size;
menus work by keyboard and by mouse; results are recorded; the notice shows once."""

from __future__ import annotations

import threading
import time
from typing import Any, Callable

import numpy as np
import pygame
import pytest

from game.levels import CAMPAIGN, build_level, level_code
from game.maze.solvers import solve
from game.play import scenes
from game.play.theme import DEFAULT
from game.play.widgets.layout import Layout
from game.play.play_scene import PlayScene, RunResult
from game.play.scene import Context, Scene
from game.save import load_progress

SIZES = [(320, 240), (480, 320), (1280, 720), (3840, 2160)]


pytestmark = pytest.mark.usefixtures("display")


def key(k: int, mod: int = 0) -> pygame.event.Event:
    """Return a KEYDOWN event."""
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def click(pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    """Return a mouse button press."""
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def motion(pos: tuple[int, int]) -> pygame.event.Event:
    """Return a mouse move."""
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))


def small_play(ctx: Context, index: int = 0) -> PlayScene:
    """Return a play scene on campaign level ``index``."""
    spec = CAMPAIGN[index]
    return PlayScene(ctx, build_level(spec), spec=spec, level_index=index,
                     label=scenes.level_label(index, spec))


def run_result(play: PlayScene, *, time_s: float = 20.0, extra: int = 0,
               hints: int = 0) -> RunResult:
    """Return a finished run of ``play``'s maze."""
    optimal = solve(play.maze, "bfs").length
    assert optimal is not None
    return RunResult(level_index=play.level_index, spec=play.spec, maze=play.maze,
                     label=play.label, time=time_s, moves=optimal + extra, optimal=optimal,
                     hints_used=hints)


def slow_builder(seconds: float, ready: threading.Event) -> Callable[[Any], Any]:
    """Return a maze builder that waits for ``ready`` (or ``seconds``) first."""

    def build(spec: Any) -> Any:
        ready.wait(seconds)
        return build_level(spec)

    return build


FACTORIES: dict[str, Callable[[Context], Scene]] = {
    "title": scenes.TitleScene,
    "level select": scenes.LevelSelectScene,
    "custom maze": scenes.CustomMazeScene,
    "settings": scenes.SettingsScene,
    "help": scenes.HelpScene,
    "loading": lambda c: scenes.LoadingScene(c, CAMPAIGN[0], 0, "Level 1"),
    "pause": lambda c: scenes.PauseScene(c, small_play(c)),
    "level complete": lambda c: scenes.LevelCompleteScene(c, run_result(small_play(c))),
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
                   click((3, 3)), pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1)]
        for event in events + ODD_EVENTS:
            nxt = scene.handle_event(event)
            assert nxt is None or isinstance(nxt, Scene)
        for _ in range(3):
            nxt = scene.update(1 / 60)
            assert nxt is None or isinstance(nxt, Scene)
        surface.fill((255, 0, 255))
        scene.draw(surface)
        assert distinct_colours(surface) >= 3, f"{name} drew almost nothing at {size}"


# -- title -----------------------------------------------------------------------------
TITLE_TARGETS = [scenes.LoadingScene, scenes.LevelSelectScene, scenes.CustomMazeScene,
                 scenes.SettingsScene, scenes.HelpScene]


@pytest.mark.parametrize("index", range(6))
def test_title_menu_by_keyboard_leads_to_the_right_scene(ctx: Context, index: int) -> None:
    title = scenes.TitleScene(ctx)
    for _ in range(index):
        assert title.handle_event(key(pygame.K_DOWN)) is None
    nxt = title.handle_event(key(pygame.K_RETURN))
    if index < 5:
        assert isinstance(nxt, TITLE_TARGETS[index])
        assert not ctx.quit_requested
    else:  # Quit
        assert nxt is None
        assert ctx.quit_requested


@pytest.mark.parametrize("size", [(1280, 720), (320, 240)])
@pytest.mark.parametrize("index", range(6))
def test_title_menu_by_mouse_click_leads_to_the_right_scene(
        ctx: Context, index: int, size: tuple[int, int]) -> None:
    title = scenes.TitleScene(ctx)
    title.draw(pygame.Surface(size))
    centre = title.menu.rects[index].center
    title.handle_event(motion(centre))
    assert title.menu.selected == index
    nxt = title.handle_event(click(centre))
    if index < 5:
        assert isinstance(nxt, TITLE_TARGETS[index])
    else:
        assert nxt is None and ctx.quit_requested


def test_a_window_appearing_under_a_still_pointer_does_not_move_the_selection(
        ctx: Context) -> None:
    # After switching to fullscreen from Settings, SDL sends a MOUSEMOTION with rel (0, 0)
    # where the pointer rests: the selection jumped from Fullscreen to Volume and the next
    # Right key changed the volume.
    settings = scenes.SettingsScene(ctx)
    settings.draw(pygame.Surface((1280, 720)))
    settings.handle_event(key(pygame.K_DOWN))
    settings.handle_event(key(pygame.K_DOWN))
    volume = settings.menu.rects[0].center
    settings.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=volume, rel=(0, 0),
                                             buttons=(0, 0, 0)))
    assert settings.menu.selected == 2
    settings.handle_event(motion(volume))  # a real move still points
    assert settings.menu.selected == 0
    levels = scenes.LevelSelectScene(ctx)
    levels.draw(pygame.Surface((1280, 720)))
    third = levels.cells[2][1].center
    levels.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=third, rel=(0, 0),
                                           buttons=(0, 0, 0)))
    assert levels.selected == 0
    levels.handle_event(motion(third))
    assert levels.selected == 2


def test_title_up_from_the_top_wraps_to_quit(ctx: Context) -> None:
    title = scenes.TitleScene(ctx)
    title.handle_event(key(pygame.K_UP))
    assert title.menu.items[title.menu.selected].text() == "Quit"


def test_new_game_starts_level_1_and_continue_the_highest_unlocked(ctx: Context) -> None:
    title = scenes.TitleScene(ctx)
    assert title.menu.items[0].text() == "New game"
    first = title.handle_event(key(pygame.K_RETURN))
    assert isinstance(first, scenes.LoadingScene) and first.level_index == 0
    assert first.spec == CAMPAIGN[0]
    ctx.progress.unlocked = 5
    title = scenes.TitleScene(ctx)
    assert title.menu.items[0].text() == "Continue · Level 5"
    cont = title.handle_event(key(pygame.K_RETURN))
    assert isinstance(cont, scenes.LoadingScene) and cont.level_index == 4
    assert cont.spec == CAMPAIGN[4]


def test_the_notice_is_shown_on_the_first_title_only(ctx: Context) -> None:
    ctx.notice = "Your save file was damaged; it was kept as save.json.corrupt."
    first = scenes.TitleScene(ctx)
    surface = pygame.Surface((1280, 720))
    first.draw(surface)
    banner = surface.get_at((Layout.of(surface).margin + 4,
                             Layout.of(surface).px(18, lo=4) + 4))
    assert tuple(banner)[:3] == DEFAULT.ui.notice_bg
    assert first.notice is not None and "corrupt" in first.notice
    first.update(5.0)
    first.draw(surface)  # still there while the player is on this screen
    assert tuple(surface.get_at((Layout.of(surface).margin + 4, 22)))[:3] == DEFAULT.ui.notice_bg
    again = scenes.TitleScene(ctx)
    assert again.notice is None and ctx.notice is None
    again.draw(surface)
    assert tuple(surface.get_at((Layout.of(surface).margin + 4, 22)))[:3] != DEFAULT.ui.notice_bg


def test_escape_on_the_title_goes_to_quit_and_again_quits(ctx: Context) -> None:
    title = scenes.TitleScene(ctx)
    assert title.handle_event(key(pygame.K_ESCAPE)) is None
    assert title.menu.items[title.menu.selected].text() == "Quit"
    assert not ctx.quit_requested
    assert title.handle_event(key(pygame.K_ESCAPE)) is None
    assert ctx.quit_requested


# -- level select ------------------------------------------------------------------------
def test_level_select_plays_only_unlocked_levels(ctx: Context) -> None:
    ctx.progress.unlocked = 3
    grid = scenes.LevelSelectScene(ctx, selected=0)
    grid.handle_event(key(pygame.K_RIGHT))
    assert grid.selected == 1
    nxt = grid.handle_event(key(pygame.K_RETURN))
    assert isinstance(nxt, scenes.LoadingScene) and nxt.level_index == 1
    grid.handle_event(key(pygame.K_RIGHT))
    grid.handle_event(key(pygame.K_RIGHT))
    assert grid.selected == 3 and not grid.unlocked(3)
    assert grid.handle_event(key(pygame.K_RETURN)) is None
    assert "Locked" in grid.message


def test_level_select_by_mouse_and_down_moves_a_whole_row(ctx: Context) -> None:
    ctx.progress.unlocked = 2
    grid = scenes.LevelSelectScene(ctx, selected=0)
    grid.draw(pygame.Surface((1280, 720)))
    cells = dict(grid.cells)
    grid.handle_event(key(pygame.K_DOWN))
    assert grid.selected == grid.cols
    assert grid.handle_event(click(cells[5].center)) is None  # locked
    nxt = grid.handle_event(click(cells[1].center))
    assert isinstance(nxt, scenes.LoadingScene) and nxt.level_index == 1
    assert isinstance(grid.handle_event(key(pygame.K_ESCAPE)), scenes.TitleScene)


def test_level_select_scrolls_to_keep_the_selection_visible(ctx: Context) -> None:
    ctx.progress.unlocked = len(CAMPAIGN)
    grid = scenes.LevelSelectScene(ctx, selected=0)
    surface = pygame.Surface((320, 240))
    grid.draw(surface)
    grid.handle_event(key(pygame.K_END))
    grid.draw(surface)
    assert grid.selected == len(CAMPAIGN) - 1
    assert grid.selected in dict(grid.cells)


# -- custom maze -------------------------------------------------------------------------
def test_custom_maze_options_build_the_spec_that_starts(ctx: Context) -> None:
    custom = scenes.CustomMazeScene(ctx)
    while custom.menu.selected != 0:  # from Start up to Algorithm
        custom.handle_event(key(pygame.K_UP))
    while custom.algorithm != "division":
        custom.handle_event(key(pygame.K_RIGHT))
    custom.handle_event(key(pygame.K_DOWN))  # Size
    custom.handle_event(key(pygame.K_LEFT))
    custom.handle_event(key(pygame.K_DOWN))  # Seed: type 4 2
    custom.handle_event(key(pygame.K_BACKSPACE))
    while custom.seed:
        custom.handle_event(key(pygame.K_BACKSPACE))
    custom.handle_event(key(pygame.K_4))
    custom.handle_event(key(pygame.K_2))
    custom.handle_event(key(pygame.K_DOWN))  # Loops
    custom.handle_event(key(pygame.K_RIGHT))
    custom.handle_event(key(pygame.K_DOWN))  # Room size
    custom.handle_event(key(pygame.K_RIGHT))
    custom.handle_event(key(pygame.K_RIGHT))
    custom.handle_event(key(pygame.K_DOWN))  # Start
    nxt = custom.handle_event(key(pygame.K_RETURN))
    assert isinstance(nxt, scenes.LoadingScene) and nxt.level_index is None
    rows, cols = scenes.SIZE_PRESETS[4 - 1]
    assert (nxt.spec.algorithm, nxt.spec.rows, nxt.spec.cols) == ("division", rows, cols)
    assert nxt.spec.seed == 42
    assert nxt.spec.loops == scenes.LOOP_STEPS[1]
    assert nxt.spec.room_size == scenes.ROOM_SIZES[2]


def test_room_size_is_only_offered_for_division(ctx: Context) -> None:
    custom = scenes.CustomMazeScene(ctx)
    custom.algorithm = "prim"
    room_row = 4
    assert not custom.menu.items[room_row].enabled()
    custom.menu.selected = 3
    custom.handle_event(key(pygame.K_DOWN))
    assert custom.menu.selected == 5  # skipped the disabled row
    assert custom.spec().room_size is None


def test_custom_maze_clicking_an_arrow_changes_the_value(ctx: Context) -> None:
    custom = scenes.CustomMazeScene(ctx)
    custom.draw(pygame.Surface((1280, 720)))
    before = custom.size_i
    _, right = custom.menu.arrow_rects[1]
    assert right is not None
    custom.handle_event(click(right.center))
    assert custom.size_i == (before + 1) % len(scenes.SIZE_PRESETS)


# -- settings ----------------------------------------------------------------------------
def test_settings_change_and_are_saved(ctx: Context) -> None:
    back = scenes.HelpScene(ctx)
    settings = scenes.SettingsScene(ctx, back=back)
    settings.handle_event(key(pygame.K_LEFT))  # volume 0.7 -> 0.6
    assert ctx.progress.settings.volume == pytest.approx(0.6)
    saved, _ = load_progress(ctx.save_path)
    assert saved.settings.volume == pytest.approx(0.6)
    settings.handle_event(key(pygame.K_DOWN))
    settings.handle_event(key(pygame.K_RETURN))  # sound: muted
    assert ctx.progress.settings.muted
    settings.handle_event(key(pygame.K_DOWN))
    settings.handle_event(key(pygame.K_RIGHT))  # fullscreen on (the App applies it)
    assert ctx.progress.settings.fullscreen
    settings.handle_event(key(pygame.K_DOWN))
    settings.handle_event(key(pygame.K_RIGHT))
    assert ctx.progress.settings.anim_speed > 1.0
    settings.handle_event(key(pygame.K_DOWN))
    settings.handle_event(key(pygame.K_RIGHT))
    assert ctx.progress.settings.default_solver == "dfs"
    saved, _ = load_progress(ctx.save_path)
    assert saved.settings == ctx.progress.settings
    assert settings.handle_event(key(pygame.K_ESCAPE)) is back


def test_help_goes_back_where_it_came_from(ctx: Context) -> None:
    back = scenes.SettingsScene(ctx)
    assert scenes.HelpScene(ctx, back=back).handle_event(key(pygame.K_ESCAPE)) is back
    assert isinstance(scenes.HelpScene(ctx).handle_event(click((5, 5))), scenes.TitleScene)


# -- pause -------------------------------------------------------------------------------
def test_pause_resume_returns_the_same_play_scene(ctx: Context) -> None:
    play = small_play(ctx)
    pause = scenes.PauseScene(ctx, play)
    pause.draw(pygame.Surface((640, 480)))
    assert pause.handle_event(key(pygame.K_RETURN)) is play
    assert pause.handle_event(key(pygame.K_ESCAPE)) is play
    assert pause.handle_event(click(pause.menu.rects[0].center)) is play


def test_pause_restart_settings_and_quit(ctx: Context) -> None:
    play = small_play(ctx)
    pause = scenes.PauseScene(ctx, play)
    pause.handle_event(key(pygame.K_DOWN))
    restarted = pause.handle_event(key(pygame.K_RETURN))
    assert isinstance(restarted, PlayScene) and restarted is not play
    assert restarted.maze is play.maze and restarted.level_index == play.level_index
    pause.handle_event(key(pygame.K_DOWN))
    settings = pause.handle_event(key(pygame.K_RETURN))
    assert isinstance(settings, scenes.SettingsScene)
    assert settings.handle_event(key(pygame.K_ESCAPE)) is pause
    pause.handle_event(key(pygame.K_DOWN))
    assert isinstance(pause.handle_event(key(pygame.K_RETURN)), scenes.TitleScene)


def test_hint_speed_and_solver_set_from_the_pause_menu_reach_the_game(ctx: Context) -> None:
    play = small_play(ctx)
    play.handle_event(key(pygame.K_h))
    pause = play.handle_event(key(pygame.K_ESCAPE))
    assert isinstance(pause, scenes.PauseScene)
    pause.handle_event(key(pygame.K_DOWN))
    pause.handle_event(key(pygame.K_DOWN))
    settings = pause.handle_event(key(pygame.K_RETURN))
    assert isinstance(settings, scenes.SettingsScene)
    for k in (pygame.K_DOWN, pygame.K_DOWN, pygame.K_DOWN, pygame.K_RIGHT):  # hint speed up
        settings.handle_event(key(k))
    settings.handle_event(key(pygame.K_DOWN))
    settings.handle_event(key(pygame.K_RIGHT))  # default solver: dfs
    assert settings.handle_event(key(pygame.K_ESCAPE)) is pause
    assert pause.handle_event(key(pygame.K_ESCAPE)) is play
    play.update(1 / 60)
    assert play.anim_speed == ctx.progress.settings.anim_speed > 1.0
    assert play.hint is not None and play.hint.speed == play.anim_speed
    assert play.solver_name == play.hint.solver_name == "dfs"


def test_every_hint_speed_the_settings_offer_is_one_the_game_plays_at() -> None:
    from game.play.hint import SPEEDS
    from game.save import ANIM_SPEED_RANGE

    assert all(s in SPEEDS for s in scenes.ANIM_SPEEDS)
    assert [s for s in SPEEDS if ANIM_SPEED_RANGE[0] <= s <= ANIM_SPEED_RANGE[1]] == \
        scenes.ANIM_SPEEDS


def test_escape_in_play_opens_pause_over_that_play_scene(ctx: Context) -> None:
    play = small_play(ctx)
    pause = play.handle_event(key(pygame.K_ESCAPE))
    assert isinstance(pause, scenes.PauseScene) and pause.play_scene is play


# -- level complete ----------------------------------------------------------------------
def test_level_complete_records_progress_and_unlocks_the_next_level(ctx: Context) -> None:
    play = small_play(ctx, 0)
    done = scenes.LevelCompleteScene(ctx, run_result(play, time_s=30.0))
    code = level_code(CAMPAIGN[0])
    assert ctx.progress.unlocked == 2
    assert done.stars == 3 and done.new_best and done.best == pytest.approx(30.0)
    saved, notice = load_progress(ctx.save_path)
    assert notice is None
    assert saved.unlocked == 2
    assert saved.best_times[code] == pytest.approx(30.0)
    assert saved.stars[code] == 3
    slower = scenes.LevelCompleteScene(ctx, run_result(play, time_s=45.0, hints=1))
    assert not slower.new_best and slower.best == pytest.approx(30.0)
    assert slower.stars == 2
    assert load_progress(ctx.save_path)[0].stars[code] == 3


def test_level_complete_keys(ctx: Context) -> None:
    play = small_play(ctx, 0)
    done = scenes.LevelCompleteScene(ctx, run_result(play))
    nxt = done.handle_event(key(pygame.K_RETURN))
    assert isinstance(nxt, scenes.LoadingScene) and nxt.level_index == 1
    retry = done.handle_event(key(pygame.K_r))
    assert isinstance(retry, PlayScene) and retry.maze is play.maze and retry.level_index == 0
    assert isinstance(done.handle_event(key(pygame.K_ESCAPE)), scenes.TitleScene)


def test_level_complete_shows_the_figures(ctx: Context) -> None:
    play = small_play(ctx, 0)
    done = scenes.LevelCompleteScene(ctx, run_result(play, extra=10))
    optimal = solve(play.maze).length
    assert done.optimal == optimal and done.moves == optimal + 10
    assert done.efficiency == round(100 * optimal / (optimal + 10))
    surface = pygame.Surface((1280, 720))
    done.update(2.0)
    done.draw(surface)
    assert distinct_colours(surface) >= 3


def test_a_maze_from_a_file_is_not_recorded(ctx: Context) -> None:
    play = small_play(ctx, 0)
    result = run_result(play)
    result.spec, result.level_index = None, None
    done = scenes.LevelCompleteScene(ctx, result)
    assert ctx.progress.unlocked == 1 and not ctx.progress.best_times
    assert isinstance(done.handle_event(key(pygame.K_RETURN)), scenes.TitleScene)


# -- loading -----------------------------------------------------------------------------
def test_a_small_level_loads_within_the_first_update(ctx: Context) -> None:
    loading = scenes.LoadingScene(ctx, CAMPAIGN[0], 0, "Level 1")
    play = loading.update(1 / 60)
    assert isinstance(play, PlayScene)
    assert play.maze == build_level(CAMPAIGN[0]) and play.level_index == 0


def test_a_slow_maze_shows_the_spinner_then_plays(ctx: Context) -> None:
    ready = threading.Event()
    loading = scenes.LoadingScene(ctx, CAMPAIGN[1], 1, "Level 2")
    loading.builder = slow_builder(10.0, ready)
    assert loading.update(1 / 60) is None
    surface = pygame.Surface((800, 600))
    loading.draw(surface)
    assert distinct_colours(surface) >= 3
    ready.set()
    deadline = time.monotonic() + 10
    play = None
    while play is None and time.monotonic() < deadline:
        play = loading.update(1 / 60)
        time.sleep(0.005)
    assert isinstance(play, PlayScene) and play.level_index == 1
    assert loading.drawing  # one frame said "Drawing the map" before the play scene


def test_escape_cancels_loading_and_a_failed_build_is_reported(ctx: Context) -> None:
    loading = scenes.LoadingScene(ctx, CAMPAIGN[0], 0, "x")
    assert isinstance(loading.handle_event(key(pygame.K_ESCAPE)), scenes.TitleScene)

    def broken(spec: Any) -> Any:
        raise ValueError("room_size must be at least 2")

    failing = scenes.LoadingScene(ctx, CAMPAIGN[0], 0, "x")
    failing.builder = broken
    assert failing.update(1 / 60) is None
    assert failing.error is not None and "room_size" in failing.error
    failing.draw(pygame.Surface((640, 480)))
    assert isinstance(failing.handle_event(key(pygame.K_SPACE)), scenes.TitleScene)


def test_draw_every_scene_draws_them_all() -> None:
    from game.play.app import draw_every_scene

    surface = pygame.Surface((960, 640))
    names = draw_every_scene(surface)
    assert names == ["TitleScene", "LevelSelectScene", "CustomMazeScene", "SettingsScene",
                     "HelpScene", "LoadingScene", "PlayScene", "PauseScene",
                     "LevelCompleteScene"]
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
