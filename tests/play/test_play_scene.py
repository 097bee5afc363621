"""The gameplay view, driven the way a player drives it: key events, updates, draws."""

from __future__ import annotations

from typing import Optional

import pygame
import pytest

from game.levels import CAMPAIGN, LevelSpec, build_level, named_level
from game.maze.grid import Maze, Pos
from game.lab.choices import explore_of, solver_keys
from game.maze.solvers import SOLVERS, drain, solve
from game.play.context import Context
from game.play import theme
from game.play.input import Click, Event, KeyDown, KeyUp, Wheel
from game.play.routes import Complete, OpenPause, Play
from game.play.scenes.base import Next
from game.play.panels.stage import MARKER_BELOW_TILE, MARKER_FROM_TILE
from game.play.scenes.play import PlayScene
from game.play.theme import DEFAULT
from game.run.level import Level, RunResult
from game.run.speeds import HINT_SPEEDS
from game.save import Progress
from tests.play.helpers import Driver
from tests.run.test_player import CORRIDOR, TURN, maze_from

KEYS = {(-1, 0): pygame.K_UP, (1, 0): pygame.K_DOWN, (0, -1): pygame.K_LEFT, (0, 1): pygame.K_RIGHT}
DT = 1 / 60


class RecordingAudio:
    """An Audio stand-in that remembers what was played."""

    def __init__(self) -> None:
        self.played: list[str] = []

    def play(self, name: str) -> None:
        self.played.append(name)


@pytest.fixture(scope="module", autouse=True)
def pygame_up():
    pygame.display.init()
    pygame.font.init()
    yield


@pytest.fixture
def ctx() -> Context:
    return Context(Progress(), audio=RecordingAudio())


def key(scene: PlayScene, k: int, released: bool = False) -> Optional[Next]:
    event: Event = KeyUp(k) if released else KeyDown(k)
    return scene.handle_event(event)


def play(ctx: Context, maze: Maze, spec: Optional[LevelSpec] = None,
         index: Optional[int] = None, label: str = "") -> PlayScene:
    return PlayScene(ctx, Level(maze, spec, index, label))


def tap(scene: PlayScene, k: int, frames: int = 30) -> Optional[Next]:
    """Press and release a key, then let the step finish; return a scene change if any."""
    nxt = key(scene, k)
    if nxt is not None:
        return nxt
    nxt = scene.update(DT)
    key(scene, k, released=True)
    for _ in range(frames):
        if nxt is not None:
            return nxt
        if not scene.run.player.moving:
            break
        nxt = scene.update(DT)
    return nxt


def walk(scene: PlayScene, path: list[Pos]) -> Optional[Next]:
    """Walk along ``path`` (starting where the player stands) with one tap per tile.

    At the exit, let the celebration play out (a second at most).
    """
    nxt = None
    for (r0, c0), (r1, c1) in zip(path, path[1:]):
        assert scene.run.player.pos == (r0, c0)
        nxt = tap(scene, KEYS[(r1 - r0, c1 - c0)])
        if nxt is not None:
            break
    for _ in range(round(1 / DT)):
        if nxt is not None or not scene.run.finished:
            break
        nxt = scene.update(DT)
    return nxt


def finish_hint(scene: PlayScene, frames: int = 2000) -> None:
    for _ in range(frames):
        if scene.hint.done:
            return
        scene.update(DT)
    raise AssertionError("hint never finished")


def test_walking_the_bfs_path_with_key_events_completes_the_level(ctx):
    spec = CAMPAIGN[0]
    maze = build_level(spec)
    scene = play(ctx, maze, spec, 0, "Level 1")
    path = solve(maze, "bfs").path
    nxt = walk(scene, path)
    assert isinstance(nxt, Complete)
    result = nxt.result
    moves = len(path) - 1
    assert scene.run.player.moves == moves
    assert isinstance(result, RunResult)
    assert result.moves == result.optimal == moves
    assert result.level.index == 0 and result.level.spec == spec and result.hints_used == 0
    assert result.time > 0
    assert "complete" in ctx.audio.played


def reach_the_exit(ctx: Context) -> PlayScene:
    """Return a play scene of TURN whose player has just stepped onto the exit."""
    scene = play(ctx, TURN)
    path = solve(TURN, "bfs").path
    for (r0, c0), (r1, c1) in zip(path, path[1:]):
        key(scene, KEYS[(r1 - r0, c1 - c0)])
        for _ in range(60):
            if scene.update(DT) is not None or scene.run.player.pos == (r1, c1) \
                    and not scene.run.player.moving:
                break
        key(scene, KEYS[(r1 - r0, c1 - c0)], released=True)
    assert scene.run.finished
    return scene


def test_reaching_the_exit_celebrates_under_a_second_then_shows_the_result(ctx):
    scene = reach_the_exit(ctx)
    assert "complete" in ctx.audio.played
    seconds, nxt = 0.0, None
    while nxt is None:
        scene.draw(pygame.Surface((640, 480)))  # the burst on the exit tile
        nxt = scene.update(DT)
        seconds += DT
        assert seconds <= 1.0
    assert isinstance(nxt, Complete) and seconds >= 0.5


def test_a_key_or_a_click_skips_the_celebration(ctx):
    scene = reach_the_exit(ctx)
    assert scene.handle_event(KeyUp(pygame.K_RIGHT)) is None  # letting go is not a skip
    assert isinstance(key(scene, pygame.K_SPACE), Complete)
    assert isinstance(reach_the_exit(ctx).handle_event(Click((5, 5), 1)), Complete)


def test_reduced_motion_goes_to_the_result_without_a_celebration(ctx):
    theme.use(theme.build("default", reduced_motion=True))
    try:
        scene = play(ctx, TURN)
        assert isinstance(walk_without_waiting(scene, solve(TURN, "bfs").path), Complete)
    finally:
        theme.use(theme.DEFAULT)


def walk_without_waiting(scene: PlayScene, path: list[Pos]) -> Optional[Next]:
    """Walk ``path`` with taps; return the first scene change (no extra frames at the end)."""
    for (r0, c0), (r1, c1) in zip(path, path[1:]):
        nxt = tap(scene, KEYS[(r1 - r0, c1 - c0)])
        if nxt is not None:
            return nxt
    return None


def test_walked_tiles_leave_a_breadcrumb_trail(ctx):
    spec = CAMPAIGN[0]
    maze = build_level(spec)
    scene = play(ctx, maze, spec, 0, "Level 1")
    path = solve(maze, "bfs").path
    walk(scene, path[:6])
    assert scene.run.walked == path[:6]  # the renderer draws these as breadcrumbs
    assert {(int(r), int(c)) for r, c in zip(*scene.run.visits.nonzero())} == set(path[:6])



def test_the_run_result_counts_detours_against_the_entrance_optimum(ctx):
    scene = play(ctx, TURN)
    tap(scene, pygame.K_RIGHT)
    tap(scene, pygame.K_LEFT)  # a detour of two moves
    path = solve(TURN, "bfs").path
    done = walk(scene, path)
    assert isinstance(done, Complete)
    result = done.result
    assert result.optimal == len(path) - 1 == 8
    assert result.moves == 10 and result.level.spec is None and result.level.index is None


def test_a_wall_bump_does_not_move_the_player(ctx):
    scene = play(ctx, TURN)
    start = scene.run.player.pos
    for k in (pygame.K_UP, pygame.K_LEFT, pygame.K_DOWN):
        assert tap(scene, k) is None
        assert scene.run.player.pos == start
    assert scene.run.player.moves == 0
    assert ctx.audio.played.count("bump") == 3


def test_holding_a_key_keeps_walking_until_it_is_released(ctx):
    scene = play(ctx, CORRIDOR)
    key(scene, pygame.K_d)  # WASD works too
    for _ in range(60):
        scene.update(DT)
    walked = scene.run.player.moves
    assert 6 <= walked <= 9  # about 8 tiles/s after the repeat delay
    key(scene, pygame.K_d, released=True)
    for _ in range(60):
        scene.update(DT)
    assert scene.run.player.moves == walked  # a step is counted when it starts
    assert not scene.run.player.moving


def test_h_shows_the_route_from_where_the_player_stands(ctx):
    maze = build_level(CAMPAIGN[0])
    scene = play(ctx, maze)
    walk(scene, solve(maze, "bfs").path[:4])
    here = scene.run.player.pos
    key(scene, pygame.K_h)
    assert scene.hint is not None and scene.run.hints_used == 1
    assert scene.hint.solver == "bfs"
    finish_hint(scene)
    assert scene.hint.path == solve(maze, "bfs", start=here).path
    assert scene.hint.visited > 0
    key(scene, pygame.K_h)
    assert scene.hint is None and scene.run.hints_used == 1
    key(scene, pygame.K_h)
    assert scene.run.hints_used == 2


def test_space_jumps_to_the_end_of_the_animation(ctx):
    maze = build_level(named_level("Bramble Patch"))
    scene = play(ctx, maze)
    key(scene, pygame.K_h)
    scene.update(DT)
    assert not scene.hint.done
    key(scene, pygame.K_SPACE)
    finish_hint(scene, frames=200)
    assert scene.hint.path == solve(maze, "bfs").path


@pytest.mark.parametrize("k, name", [(pygame.K_1 + i, name)
                                     for i, name in enumerate(solver_keys()[:9])])  # keys 1-9
def test_number_keys_pick_the_solver(ctx, k, name):
    maze = build_level(named_level("Garden Gate"))
    scene = play(ctx, maze)
    key(scene, pygame.K_h)
    key(scene, k)
    assert scene.hint.solver == name
    key(scene, pygame.K_SPACE)
    finish_hint(scene)
    assert scene.hint.path == drain(explore_of(name)(maze, maze.start, maze.goal)).path


def test_tab_cycles_solvers_and_the_default_comes_from_settings(ctx):
    ctx.settings.default_solver = "dfs"
    scene = play(ctx, build_level(CAMPAIGN[0]))
    key(scene, pygame.K_h)
    assert scene.hint.solver == "dfs"
    seen = []
    for _ in range(len(solver_keys())):
        key(scene, pygame.K_TAB)
        seen.append(scene.hint.solver)
    names = solver_keys()  # every solver, the wall follower's right hand after its left
    after = names.index("dfs") + 1
    assert seen == names[after:] + names[:after]  # round to the default again


def test_moving_with_the_hint_shown_updates_it_from_the_new_tile(ctx):
    maze = build_level(named_level("Garden Gate"))
    scene = play(ctx, maze)
    key(scene, pygame.K_h)
    scene.update(DT)
    tap(scene, pygame.K_RIGHT)  # mid-animation: the search starts over from the new tile
    assert scene.run.player.pos == (1, 1)
    assert scene.hint.start == (1, 1)
    finish_hint(scene)
    full = solve(maze, "bfs", start=(1, 1)).path
    assert scene.hint.path == full
    walk(scene, full[:3])  # along the shown path: the rest of it stays shown
    assert scene.hint.done and scene.hint.path == full[2:]
    assert scene.hint.path == solve(maze, "bfs", start=scene.run.player.pos).path
    assert scene.run.hints_used == 1


def test_a_step_off_the_shown_route_shows_the_new_route_in_the_same_frame(ctx):
    maze = build_level(named_level("Hall of Echoes"))
    scene = play(ctx, maze)
    key(scene, pygame.K_LEFTBRACKET)
    key(scene, pygame.K_LEFTBRACKET)  # x0.25: an animation would take many seconds
    key(scene, pygame.K_h)
    finish_hint(scene, frames=20_000)
    route = scene.hint.path
    branch = next((i, n) for i, tile in enumerate(route[:-1]) for n in maze.neighbours(tile)
                  if n not in route)
    walk(scene, route[:branch[0] + 1])
    off = branch[1]
    tap(scene, KEYS[(off[0] - route[branch[0]][0], off[1] - route[branch[0]][1])])
    assert scene.run.player.pos == off
    assert scene.hint.done and scene.hint.start == off
    assert scene.hint.path == solve(maze, "bfs", start=off).path
    scene.draw(pygame.Surface((1280, 720)))  # the layer repaints the new picture


def test_brackets_change_the_hint_speed_of_this_level_only_and_say_so(ctx):
    heard = []
    ctx.on_settings_change(heard.append)
    scene = play(ctx, CORRIDOR)
    key(scene, pygame.K_RIGHTBRACKET)
    key(scene, pygame.K_RIGHTBRACKET)
    assert scene.run.speed == 4.0
    assert ctx.toasts.text == "Hint speed x4 (this level)"
    assert ctx.settings.anim_speed == 1.0 and heard == []  # the saved default is the Settings'
    for _ in range(10):
        key(scene, pygame.K_RIGHTBRACKET)
    assert scene.run.speed == HINT_SPEEDS[-1] == 16.0
    for _ in range(10):
        key(scene, pygame.K_LEFTBRACKET)
    assert scene.run.speed == HINT_SPEEDS[0]
    assert play(ctx, CORRIDOR).run.speed == 1.0  # the next level starts at the default


def test_a_levels_own_hint_speed_and_solver_outlast_a_pause(ctx):
    game = Driver(ctx, Play(Level(CORRIDOR, label="corridor")))
    scene = game.scene
    game.send(KeyDown(pygame.K_RIGHTBRACKET))
    game.send(KeyDown(pygame.K_3))
    assert game.send(KeyDown(pygame.K_ESCAPE)) is not scene
    assert game.send(KeyDown(pygame.K_ESCAPE)) is scene  # resumed
    assert scene.run.speed == 2.0 and scene.run.solver == "stack"


@pytest.mark.parametrize("size", [(320, 240), (1280, 720), (1920, 1080)])
def test_in_the_fitted_view_of_a_huge_maze_the_player_and_exit_rings_are_whole(ctx, size):
    from game.maze.generators import generate
    from game.play.widgets import hud

    maze = generate("prim", rows=401, cols=401, seed=7)  # tiles under 4 px: the rings show
    scene = play(ctx, maze)
    key(scene, pygame.K_f)
    surface = pygame.Surface(size)
    scene.update(DT)
    scene.draw(surface)
    assert scene.camera.fitted and scene.camera.tile < 4
    view = pygame.Rect(0, hud.bar_height(size), size[0],
                       size[1] - hud.bar_height(size) - hud.help_strip_height(size))
    pixels = pygame.surfarray.array3d(surface).transpose(1, 0, 2)
    actors = DEFAULT.actors
    for name, colour, tile in (("player", actors.player, maze.start),
                               ("exit", actors.exit_ring, maze.goal)):
        x, y = scene.camera.to_screen(*tile)
        cx = round(view.x + x + scene.camera.tile / 2)
        cy = round(view.y + y + scene.camera.tile / 2)
        box = pygame.Rect(cx - 20, cy - 20, 41, 41).clip(surface.get_rect())
        near = pixels[box.top:box.bottom, box.left:box.right]
        ys, xs = (near == colour).all(axis=2).nonzero()
        assert len(xs), f"no {name} ring"
        width, height = xs.max() - xs.min() + 1, ys.max() - ys.min() + 1
        assert abs(width - height) <= 1 and width >= 13, f"the {name} ring is cut: {width}x{height}"
        ring = pygame.Rect(box.left + xs.min(), box.top + ys.min(), width, height)
        assert view.contains(ring), f"the {name} ring {ring} leaves the view {view}"


def test_escape_pauses(ctx):
    scene = play(ctx, CORRIDOR)
    nxt = key(scene, pygame.K_ESCAPE)
    assert isinstance(nxt, OpenPause) and nxt.level is scene.level


def test_the_clock_runs_from_the_first_move(ctx):
    scene = play(ctx, CORRIDOR)
    for _ in range(30):
        scene.update(DT)
    assert scene.run.elapsed == 0.0
    tap(scene, pygame.K_RIGHT)
    after_tap = scene.run.elapsed
    assert after_tap > 0
    for _ in range(30):
        scene.update(DT)
    assert scene.run.elapsed == pytest.approx(after_tap + 30 * DT)


ROOMS = maze_from(
    """
    ###########
    S....#....#
    #....#....#
    #.........#
    #....#....#
    ##.#####.##
    #.........E
    ###########
    """
)


@pytest.mark.parametrize("size", [(50, 40), (1, 1), (320, 200), (1280, 720), (733, 1021), (3000, 1800)])
@pytest.mark.parametrize("rpg", [False, True])
def test_draw_works_on_any_surface_size(ctx, size, rpg):
    spec = LevelSpec("division", ROOMS.rows, ROOMS.cols, 1, options={"room_size": 4}) if rpg else None
    scene = play(ctx, ROOMS, spec)
    surface = pygame.Surface(size)
    scene.draw(surface)
    key(scene, pygame.K_h)
    for _ in range(5):
        scene.update(DT)
        scene.draw(surface)
    t = scene.camera.tile
    assert t == int(t) or t < 2  # square, whole-pixel tiles from 2 px up


def test_zoom_wheel_and_fit_never_break_drawing(ctx):
    maze = build_level(named_level("Lantern Row"))
    scene = play(ctx, maze)
    surface = pygame.Surface((800, 600))
    scene.draw(surface)
    start_tile = scene.camera.tile
    key(scene, pygame.K_EQUALS)
    assert scene.camera.tile > start_tile
    for _ in range(30):
        key(scene, pygame.K_MINUS)
        scene.update(DT)
        scene.draw(surface)
    for y in (3, -3, 10, -10):
        scene.handle_event(Wheel(y))
        scene.update(DT)
        scene.draw(surface)
    key(scene, pygame.K_f)
    scene.update(DT)
    scene.draw(surface)
    cam = scene.camera
    assert cam.fitted
    assert maze.cols * cam.tile <= cam.view_w and maze.rows * cam.tile <= cam.view_h
    scene.draw(pygame.Surface((300, 900)))  # a resize re-fits
    assert maze.cols * cam.tile <= 300
    key(scene, pygame.K_f)
    assert not cam.fitted


def test_a_bigger_window_shows_more_of_a_big_maze(ctx):
    maze = build_level(named_level("Long Winter"))
    scene = play(ctx, maze)
    scene.draw(pygame.Surface((640, 360)))
    small = scene.camera.visible_tiles()
    scene.draw(pygame.Surface((1920, 1080)))
    big = scene.camera.visible_tiles()
    area = lambda r: (r[2] - r[0]) * (r[3] - r[1])  # noqa: E731
    assert area(big) > area(small)


def test_the_player_can_be_found_on_a_fitted_big_maze(ctx):
    # Level 21 (111x111) fitted into the window is 6 px a tile: the player was a 2 px
    # dot nobody could find.  A ring marks it whenever tiles are that small.
    spec = named_level("Serpent's Coil")
    assert spec.rows == 111
    scene = play(ctx, build_level(spec), spec, 20)
    surface = pygame.Surface((1280, 720))
    key(scene, pygame.K_f)
    scene.update(DT)
    scene.draw(surface)
    assert MARKER_FROM_TILE <= scene.camera.tile < MARKER_BELOW_TILE
    t = scene.camera.tile
    x, y = scene.camera.to_screen(*scene.run.player.render_pos)
    top = surface.get_height() - scene.camera.view_h  # the view sits under the HUD bar
    cx, cy = round(x + t / 2), round(top + y + t / 2)
    box = pygame.Rect(cx - 16, cy - 16, 33, 33).clip(surface.get_rect())
    pixels = pygame.surfarray.pixels3d(surface.subsurface(box))
    ring = (pixels == DEFAULT.actors.player).all(axis=2).sum()
    del pixels
    assert ring >= 30
    key(scene, pygame.K_f)  # back to the playing zoom: no ring over the hero
    scene.update(DT)
    scene.draw(surface)
    assert scene.camera.tile >= MARKER_BELOW_TILE


def test_standing_still_asks_for_fewer_frames_than_walking(ctx):
    scene = play(ctx, build_level(CAMPAIGN[0]), CAMPAIGN[0], 0)
    scene.update(DT)
    idle = scene.fps
    key(scene, pygame.K_RIGHT)  # held: walking
    scene.update(DT)
    assert scene.fps > idle
    key(scene, pygame.K_RIGHT, released=True)
    for _ in range(30):
        scene.update(DT)
    assert scene.fps == idle
    key(scene, pygame.K_h)  # the hint animating needs the full rate too
    scene.update(DT)
    assert scene.fps > idle
    key(scene, pygame.K_SPACE)
    for _ in range(60):
        scene.update(DT)
    assert scene.hint is not None and scene.hint.done and scene.fps == idle


def test_a_played_level_replays_from_its_log(ctx):
    from game.run.model import replay

    maze = build_level(named_level("Garden Gate"))
    scene = play(ctx, maze)
    path = solve(maze, "bfs").path
    key(scene, pygame.K_h)
    done = walk(scene, path)
    assert isinstance(done, Complete)
    run = scene.run
    again = replay(maze, run.log, ticks=run.tick)
    assert (again.player.pos, again.moves, again.ticks_played, again.hints_used) == \
        (run.player.pos, run.moves, run.ticks_played, run.hints_used)
    assert again.finished and (again.visits == run.visits).all()


KEYED = """\
#########
#r#######
#.#######
S...R...E
#########
"""


def test_a_locked_door_bumps_with_its_sound_and_says_which_key_it_needs(ctx: Context) -> None:
    from game.maze.formats import parse_maze

    scene = play(ctx, parse_maze(KEYED))
    for _ in range(3):
        tap(scene, pygame.K_RIGHT)
    assert scene.run.player.pos == (3, 3)
    ctx.audio.played.clear()  # type: ignore[attr-defined]
    tap(scene, pygame.K_RIGHT)
    assert scene.run.player.pos == (3, 3)
    assert ctx.audio.played == ["locked"]  # type: ignore[attr-defined]
    assert ctx.toasts.text == "Needs the red key"


def hud_facts(scene: PlayScene) -> list[str]:
    """Return the texts the HUD bar shows right of the title, as the scene draws them."""
    from game.play.widgets import hud

    drawn: list[hud.HudInfo] = []
    scene.bar.cache.draw = lambda _surface, info: drawn.append(info) or pygame.Rect(0, 0, 0, 0)  # type: ignore[method-assign]
    scene.draw(pygame.Surface((640, 400)))
    return [text for text, _, _ in hud.bar_facts(drawn[-1])]


def test_the_hud_counts_the_keys_held_of_the_maze_s_keys(ctx: Context) -> None:
    from game.maze.formats import parse_maze

    scene = play(ctx, parse_maze(KEYED))
    assert "keys 0/1" in hud_facts(scene)
    for k in (pygame.K_RIGHT, pygame.K_UP, pygame.K_UP):
        tap(scene, k)
    assert "keys 1/1" in hud_facts(scene)
    plain = play(ctx, CORRIDOR)
    assert not [fact for fact in hud_facts(plain) if fact.startswith("keys")]


def test_the_hud_says_fog_only_in_the_fog(ctx: Context) -> None:
    spec = LevelSpec("prim", 11, 11, 5, fog=True)
    assert "fog" in hud_facts(play(ctx, build_level(spec), spec))
    assert "fog" not in hud_facts(play(ctx, build_level(spec), LevelSpec("prim", 11, 11, 5)))


@pytest.mark.parametrize("language, named", [("en", "Recursive division · rooms 4"),
                                              ("zh", "递归分割 · 房间 4")])
def test_the_hud_names_the_generator_in_the_player_s_language(
        ctx: Context, language: str, named: str) -> None:
    from game.text import set_language

    spec = LevelSpec("division", 15, 15, 3, options={"room_size": 4})
    set_language(language)
    try:
        assert play(ctx, build_level(spec), spec).info["algorithm"] == named
    finally:
        set_language("en")


def test_the_key_is_picked_up_with_its_sound_shown_in_the_hud_and_opens_the_door(ctx: Context) -> None:
    from game.maze.formats import parse_maze

    scene = play(ctx, parse_maze(KEYED))
    for k in (pygame.K_RIGHT, pygame.K_UP, pygame.K_UP):
        tap(scene, k)
    assert scene.run.keys == "r" and "key" in ctx.audio.played  # type: ignore[attr-defined]
    surface = pygame.Surface((640, 400))
    scene.draw(surface)  # the door, the HUD's key: drawn without error
    for k in (pygame.K_DOWN, pygame.K_DOWN, *[pygame.K_RIGHT] * 7):
        nxt = tap(scene, k)
    for _ in range(round(1 / DT)):  # the celebration at the exit plays out
        if nxt is not None:
            break
        nxt = scene.update(DT)
    assert isinstance(nxt, Complete)
