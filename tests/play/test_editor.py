"""The editor scenes, driven through the App with synthetic pygame events: the mouse
draws, keys undo, redo, save and test-play, and unsaved work is never lost unasked."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pygame
import pytest

from game.cli import main
from game.edit.model import Editor, Search, Verdict, blank_maze
from game.levels import LevelSpec, build_level
from game.maze.formats import load_maze
from game.maze.grid import FLOOR, WALL, Pos
from game.maze.solvers import solve
from game.maze.tiles import kind_of
from game.play.app import App
from game.play.input import ClickUp, PointerMove, TextTyped, normalise
from game.play.routes import Complete, Edit, ToMakeMaze, ToTitle
from game.play.scenes.confirm import ConfirmScene
from game.play import theme
from game.play.scenes import editor as editor_scene
from game.play.scenes.editor import EditorScene, verdict_text
from game.play.scenes.make_maze import MakeMazeScene
from game.play.scenes.pause import PauseScene
from game.play.scenes.play import PlayScene
from game.play.scenes.title import TitleScene
from game.play.widgets.tool_bar import tool_labels
from game.run.intents import Move, Release
from game.run.level import RunResult
from game.text import t


def post(app: App, kind: int, **attrs: object) -> None:
    """Hand the App one pygame event, as its loop would."""
    app.handle_event(pygame.event.Event(kind, **attrs))


def press(app: App, key: int, mod: int = 0) -> None:
    """Press a key."""
    post(app, pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)


def typed(app: App, text: str) -> None:
    """Type ``text`` as the keyboard would (text input events)."""
    for ch in text:
        post(app, pygame.TEXTINPUT, text=ch)


def drag(app: App, scene: EditorScene, tiles: list[Pos], button: int = 1) -> None:
    """Press on the first tile, move through the others (the button held), release."""
    points = [scene.tile_centre(tile) for tile in tiles]
    held = (button == 1, button == 2, button == 3)
    post(app, pygame.MOUSEBUTTONDOWN, pos=points[0], button=button)
    last = points[0]
    for point in points[1:]:
        post(app, pygame.MOUSEMOTION, pos=point, rel=(point[0] - last[0], point[1] - last[1]),
             buttons=held)
        last = point
    post(app, pygame.MOUSEBUTTONUP, pos=points[-1], button=button)


def editing(app: App, editor: Editor) -> EditorScene:
    """Show ``editor`` in the App and draw one frame (which lays the grid out)."""
    app.go(Edit(editor))
    app.frame(1 / 60)
    scene = app.scene
    assert isinstance(scene, EditorScene)
    return scene


def test_scripted_mouse_drags_build_a_maze_that_solve_agrees_with(app: App) -> None:
    scene = editing(app, Editor(blank_maze(rows=11, cols=11)))
    drag(app, scene, [(2, 0), (2, 8)])  # a wall from the left side, a gap at the right
    drag(app, scene, [(4, 10), (4, 2)])
    drag(app, scene, [(6, 0), (6, 8)])
    drag(app, scene, [(8, 10), (8, 2)])
    maze = scene.editor.maze
    assert maze.tiles[2, 1:9].tolist() == [WALL] * 8 and maze.tiles[2, 9] == FLOOR
    shortest = solve(maze).length
    assert shortest is not None and shortest > 9 + 8 * 4  # the snake is much longer
    assert scene.editor.verdict.moves == shortest
    assert verdict_text(scene.editor.verdict) == f"solvable: shortest {shortest} moves"
    drag(app, scene, [(8, 1)])  # the last gap closed
    assert scene.editor.verdict.moves is None and solve(maze).path is None
    assert verdict_text(scene.editor.verdict) == "no route: the exit is walled off"
    drag(app, scene, [(8, 1)], button=3)  # the right button erases
    assert scene.editor.verdict.moves == shortest
    app.frame(1 / 60)


def test_a_fast_drag_leaves_no_gap(app: App) -> None:
    scene = editing(app, Editor(blank_maze(rows=15, cols=15)))
    drag(app, scene, [(1, 1), (13, 13)])  # one motion event across the whole grid
    walls = {(r, c) for r in range(15) for c in range(15)
             if scene.editor.maze.tiles[r, c] == WALL and 0 < r < 14 and 0 < c < 14}
    assert len(walls) == 25 and (1, 1) in walls and (13, 13) in walls
    assert scene.editor.verdict.moves is None


def test_keys_undo_and_redo_exactly(app: App) -> None:
    scene = editing(app, Editor(build_level(LevelSpec("prim", 15, 15, 2))))
    editor = scene.editor
    first = editor.snapshot()
    drag(app, scene, [(1, 1), (1, 13)], button=3)
    second = editor.snapshot()
    press(app, pygame.K_x)  # the exit tool
    drag(app, scene, [(1, 7)])
    third = editor.snapshot()
    assert editor.maze.goal == (1, 7)
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert editor.maze == second
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert editor.maze == first
    press(app, pygame.K_y, pygame.KMOD_CTRL)
    assert editor.maze == second
    press(app, pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    assert editor.maze == third
    assert editor.verdict.moves == solve(editor.maze).length


def test_tools_are_picked_by_digit_letter_or_click(app: App) -> None:
    scene = editing(app, Editor(blank_maze(rows=9, cols=9)))
    press(app, pygame.K_2)
    assert scene.editor.tool.name == "floor"
    for letter, name in ((pygame.K_s, "start"), (pygame.K_x, "exit"), (pygame.K_w, "wall"),
                         (pygame.K_e, "floor"), (pygame.K_k, "key"), (pygame.K_d, "door")):
        press(app, letter)
        assert scene.editor.tool.name == name
    for digit, name in ((pygame.K_5, "key"), (pygame.K_6, "door")):
        press(app, digit)
        assert scene.editor.tool.name == name
    rect, index = scene._tool_rects[3]
    post(app, pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1)
    assert scene.editor.tool.name == "exit" and index == 3
    assert not scene.editor.dirty  # picking a tool is no change


def test_the_key_and_door_colour_turns_with_their_key_their_button_or_c(app: App) -> None:
    scene = editing(app, Editor(blank_maze(rows=9, cols=9)))
    editor = scene.editor
    press(app, pygame.K_k)
    assert (editor.tool.name, editor.colour) == ("key", 0)
    press(app, pygame.K_k)  # again: the next colour
    assert editor.colour == 1
    press(app, pygame.K_6)
    assert (editor.tool.name, editor.colour) == ("door", 1)
    app.frame(1 / 60)
    rect, _ = scene._tool_rects[5]
    post(app, pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1)  # the door's button again
    assert editor.colour == 2
    press(app, pygame.K_c)
    press(app, pygame.K_c)
    assert editor.colour == 0 and not editor.dirty
    surface = pygame.Surface((640, 480))
    scene.draw(surface)
    assert tool_labels(scene.editor, pygame.font.Font(None, 20), 4, 20, 10_000)[0][4:] == [
        "5 Red key (K)", "6 Red door (D)", "7 Chaser's lair (M)", "8 Mud (U)"]


def test_clicks_place_keys_and_doors_that_solve_undo_redo_and_save_agree_with(
        app: App, tmp_path: Path) -> None:
    scene = editing(app, Editor(blank_maze(rows=9, cols=9)))
    editor = scene.editor
    drag(app, scene, [(4, 2), (4, 8)])  # a wall with a gap at (4, 1)
    plain = editor.snapshot()
    press(app, pygame.K_d)
    drag(app, scene, [(4, 1)])  # the red door in the gap
    assert editor.verdict.reason == "no_key"
    assert verdict_text(editor.verdict) == (  # no note repeats the reason
        "no route: the red door bars the way and there is no red key")
    press(app, pygame.K_k)
    drag(app, scene, [(6, 6)])  # its key behind it
    assert verdict_text(editor.verdict) == (
        "no route: the red door bars the way and its key is out of reach")
    press(app, pygame.K_z, pygame.KMOD_CTRL)
    drag(app, scene, [(1, 7)])  # the key on the start's side instead
    keyed = solve(editor.maze)
    assert keyed.keys == ("r",) and editor.verdict.moves == keyed.length == 26
    assert verdict_text(editor.verdict) == "solvable: shortest 26 moves"
    press(app, pygame.K_k)  # green
    drag(app, scene, [(2, 4)])
    assert verdict_text(editor.verdict) == "solvable: shortest 26 moves  ·  the green key opens no door"
    keyed_maze = editor.snapshot()
    assert editor.maze.tiles[4, 1] == kind_of("R") and editor.maze.tiles[1, 7] == kind_of("r")
    assert editor.maze.tiles[2, 4] == kind_of("g")
    for _ in range(3):
        press(app, pygame.K_z, pygame.KMOD_CTRL)
    assert editor.maze == plain
    for _ in range(3):
        press(app, pygame.K_y, pygame.KMOD_CTRL)
    assert editor.maze == keyed_maze
    assert scene.save_as(str(tmp_path / "keys"))
    again = Editor.load(tmp_path / "keys.txt")
    assert again.maze == keyed_maze and again.verdict == editor.verdict
    app.frame(1 / 60)


def test_keys_and_doors_are_drawn_in_their_colours(app: App) -> None:
    scene = editing(app, Editor(blank_maze(rows=9, cols=9)))
    press(app, pygame.K_k)
    drag(app, scene, [(2, 2)])
    press(app, pygame.K_d)
    press(app, pygame.K_d)  # green
    drag(app, scene, [(2, 5)])
    surface = pygame.Surface((640, 480))
    scene.draw(surface)
    floor = surface.get_at(scene.tile_centre((6, 6)))[:3]
    door = surface.get_at((scene.tile_centre((2, 5))[0] - round(scene.tile / 3),
                           scene.tile_centre((2, 5))[1]))[:3]
    assert door == theme.current().keys.green
    key_tile = surface.get_at((scene.tile_centre((2, 2))[0], scene.tile_centre((2, 2))[1]
                               - round(scene.tile * 0.4)))[:3]
    assert key_tile not in (floor, theme.current().keys.red)  # the floor tinted red
    assert key_tile[0] > key_tile[2]


def test_a_test_play_with_keys_picks_them_up_and_opens_the_door(app: App) -> None:
    scene = editing(app, Editor(blank_maze(rows=9, cols=9)))
    drag(app, scene, [(4, 2), (4, 8)])
    press(app, pygame.K_d)
    drag(app, scene, [(4, 1)])
    press(app, pygame.K_k)
    drag(app, scene, [(1, 7)])
    route = solve(scene.editor.maze).path
    assert route is not None
    press(app, pygame.K_t)
    play = app.scene
    assert isinstance(play, PlayScene)
    run = play.run
    for a, b in zip(route, route[1:]):
        move = Move(b[0] - a[0], b[1] - a[1])
        run.apply(move)
        run.apply(Release(move.dr, move.dc))
        for _ in range(30):
            run.step()
    assert run.keys == "r" and run.finished and run.moves == len(route) - 1


def test_a_right_click_on_the_start_says_the_start_stays_and_how_to_move_it(app: App) -> None:
    scene = editing(app, Editor(blank_maze(rows=9, cols=9)))
    drag(app, scene, [scene.editor.maze.start], button=3)
    assert app.ctx.toasts.text == t("editor.refused.start_stays")
    assert "Start tool" in app.ctx.toasts.text


@pytest.mark.parametrize("palette", list(theme.PALETTES))
def test_a_frame_round_the_grid_sets_the_outer_walls_off_the_background(app: App,
                                                                        palette: str) -> None:
    theme.use(theme.PALETTES[palette])
    scene = editing(app, Editor(blank_maze(rows=9, cols=9)))
    surface = pygame.Surface((640, 480))
    scene.draw(surface)
    wall = theme.current().classic.wall
    left, middle = scene.tile_centre((4, 0)), scene.tile_centre((4, 4))
    edge = left[0] - round(scene.tile / 2) - 1  # just outside the outer wall
    assert tuple(surface.get_at((left[0], left[1])))[:3] == wall
    assert tuple(surface.get_at((edge, left[1])))[:3] != wall
    assert tuple(surface.get_at((middle[0], scene.view.top + 1)))[:3] != wall


def test_ctrl_s_asks_a_name_and_the_saved_file_reloads_identically(app: App,
                                                                   tmp_path: Path) -> None:
    scene = editing(app, Editor(build_level(LevelSpec("backtracker", 11, 15, 9))))
    drag(app, scene, [(1, 1), (9, 13)], button=3)
    press(app, pygame.K_s, pygame.KMOD_CTRL)
    assert scene.field is not None and scene.raw_keys  # M types an m, it does not mute
    target = tmp_path / "mine"
    typed(app, str(target))
    app.frame(1 / 60)
    press(app, pygame.K_RETURN)
    assert scene.field is None and not scene.editor.dirty
    saved = tmp_path / "mine.txt"
    assert load_maze(saved) == scene.editor.maze
    assert app.ctx.toasts.text == f"Saved {saved}"
    assert Editor.load(saved).maze == scene.editor.maze


def test_a_bare_name_is_saved_in_the_mazes_folder_beside_the_save(app: App,
                                                                  tmp_path: Path) -> None:
    scene = editing(app, Editor(blank_maze(rows=7, cols=7)))
    assert scene.save_as("first")
    assert (tmp_path / "mazes" / "first.txt").is_file()


def test_a_save_that_fails_says_why_in_the_field_and_keeps_the_changes(app: App,
                                                                       tmp_path: Path) -> None:
    scene = editing(app, Editor(blank_maze(rows=7, cols=7)))
    drag(app, scene, [(3, 3)])
    press(app, pygame.K_s, pygame.KMOD_CTRL)
    pipe = tmp_path / "pipe.txt"
    os.mkfifo(pipe)  # no regular file: cannot be replaced
    typed(app, str(pipe))
    press(app, pygame.K_RETURN)
    press(app, pygame.K_RETURN)  # the same name again: replace it
    assert scene.field is not None and scene.field.error == t("editor.not_a_maze", path=str(pipe))
    assert pipe.exists() and not pipe.is_file()
    assert scene.editor.dirty
    app.frame(1 / 60)
    press(app, pygame.K_ESCAPE)  # gives up naming; the editor stays
    assert scene.field is None and app.scene is scene


def test_ctrl_s_again_selects_the_last_name_and_typing_replaces_it(app: App,
                                                                    tmp_path: Path) -> None:
    scene = editing(app, Editor(blank_maze(rows=7, cols=7)))
    assert scene.save_as(str(tmp_path / "x"))
    press(app, pygame.K_s, pygame.KMOD_CTRL)
    assert scene.field is not None and scene.field.text == str(tmp_path / "x.txt")
    assert scene.field.selected
    typed(app, str(tmp_path / "m"))
    press(app, pygame.K_RETURN)
    assert scene.field is None and scene.editor.path == tmp_path / "m.txt"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.txt", "x.txt"]


def test_backspace_clears_the_selected_name_and_an_arrow_keeps_it_to_type_after(
        app: App, tmp_path: Path) -> None:
    scene = editing(app, Editor(blank_maze(rows=7, cols=7)))
    assert scene.save_as(str(tmp_path / "x"))
    press(app, pygame.K_s, pygame.KMOD_CTRL)
    press(app, pygame.K_BACKSPACE)
    assert scene.field is not None and scene.field.text == ""
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_s, pygame.KMOD_CTRL)
    press(app, pygame.K_END)
    typed(app, "2")
    assert scene.field is not None and scene.field.text == str(tmp_path / "x.txt") + "2"


def test_a_folder_or_a_missing_folder_is_refused_with_a_clear_line_and_nothing_made(
        app: App, tmp_path: Path) -> None:
    (tmp_path / "x").mkdir()
    scene = editing(app, Editor(blank_maze(rows=7, cols=7)))
    press(app, pygame.K_s, pygame.KMOD_CTRL)
    typed(app, str(tmp_path / "x"))
    press(app, pygame.K_RETURN)
    assert scene.field is not None
    assert scene.field.error == t("editor.is_folder", path=str(tmp_path / "x"))
    scene.field.text = str(tmp_path / "x.txt" / "m.txt")
    press(app, pygame.K_RETURN)
    assert scene.field.error == t("editor.no_folder", path=str(tmp_path / "x.txt"))
    assert [p.name for p in tmp_path.iterdir()] == ["x"] and not any((tmp_path / "x").iterdir())


def test_t_test_plays_and_the_editor_comes_back_intact(app: App) -> None:
    scene = editing(app, Editor(blank_maze(rows=9, cols=9)))
    drag(app, scene, [(4, 0), (4, 6)])
    edited = scene.editor.snapshot()
    press(app, pygame.K_t)
    play = app.scene
    assert isinstance(play, PlayScene) and play.maze == edited
    app.frame(1 / 60)
    press(app, pygame.K_ESCAPE)
    pause = app.scene
    assert isinstance(pause, PauseScene)
    assert pause.menu.items[-1].text() == "Back to the editor"
    app.go(ToTitle())  # what the pause's last item asks for
    assert app.scene is scene and scene.editor.maze == edited and scene.editor.dirty


def test_a_test_play_names_the_maze_your_maze_until_saved_then_by_its_file(
        app: App, tmp_path: Path) -> None:
    scene = editing(app, Editor(build_level(LevelSpec("backtracker", 11, 15, 9))))
    press(app, pygame.K_t)
    play = app.scene
    assert isinstance(play, PlayScene) and play.info["algorithm"] == t("editor.your_maze")
    app.go(ToTitle())  # back to the editor
    assert scene.save_as(str(tmp_path / "mine"))
    press(app, pygame.K_t)
    play = app.scene
    assert isinstance(play, PlayScene) and play.info["algorithm"] == "mine.txt"


def test_reaching_the_exit_in_a_test_play_comes_back_with_the_result(app: App) -> None:
    scene = editing(app, Editor(blank_maze(rows=7, cols=7)))
    press(app, pygame.K_t)
    play = app.scene
    assert isinstance(play, PlayScene)
    app.go(Complete(RunResult(play.level, time=3.0, moves=12, optimal=10, hints_used=0)))
    assert app.scene is scene
    assert app.ctx.toasts.text == "Exit reached in 12 moves (shortest 10)."


def test_a_restart_in_a_test_play_replays_the_draft_over_the_editor(app: App) -> None:
    scene = editing(app, Editor(blank_maze(rows=7, cols=7)))
    press(app, pygame.K_t)
    press(app, pygame.K_ESCAPE)
    pause = app.scene
    assert isinstance(pause, PauseScene)
    app.go(pause.menu.items[1].action())  # Restart
    assert isinstance(app.scene, PlayScene) and app.nav.stack[0] is scene
    assert len(app.nav.stack) == 2


def test_leaving_with_unsaved_changes_asks_first(app: App) -> None:
    scene = editing(app, Editor(blank_maze(rows=7, cols=7)))
    drag(app, scene, [(3, 3)])
    press(app, pygame.K_ESCAPE)
    ask = app.scene
    assert isinstance(ask, ConfirmScene) and ask.ask.question == t("editor.leave_question")
    press(app, pygame.K_ESCAPE)  # no: keep editing
    assert app.scene is scene and scene.editor.dirty
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_UP)  # to "Leave without saving"
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, MakeMazeScene)


def test_leaving_with_nothing_unsaved_does_not_ask(app: App) -> None:
    editing(app, Editor(blank_maze(rows=7, cols=7)))
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MakeMazeScene)


def test_closing_the_window_on_unsaved_changes_asks_and_a_second_close_quits(app: App) -> None:
    scene = editing(app, Editor(blank_maze(rows=7, cols=7)))
    post(app, pygame.QUIT)
    assert app.ctx.quit_requested  # nothing changed yet: nothing to ask
    app.ctx.quit_requested = False
    drag(app, scene, [(3, 3)])
    press(app, pygame.K_t)  # even from a test play over it
    post(app, pygame.QUIT)
    assert not app.ctx.quit_requested
    assert isinstance(app.scene, ConfirmScene)
    post(app, pygame.QUIT)
    assert app.ctx.quit_requested


def test_the_title_offers_make_a_maze_and_it_starts_blank_of_the_size_chosen(app: App) -> None:
    app.go(ToTitle())
    title = app.scene
    assert isinstance(title, TitleScene)
    labels = [item.text() for item in title.menu.items]
    assert "Make a maze" in labels
    app.go(title.menu.items[labels.index("Make a maze")].action())
    make = app.scene
    assert isinstance(make, MakeMazeScene)
    press(app, pygame.K_RIGHT)  # the blank maze's size: one step up
    press(app, pygame.K_RETURN)
    scene = app.scene
    assert isinstance(scene, EditorScene)
    assert scene.editor.maze.tiles.shape == (21, 37)
    assert scene.editor.verdict.solvable


def test_a_generated_start_uses_the_custom_maze_choices(app: App) -> None:
    app.go(ToMakeMaze())
    make = app.scene
    assert isinstance(make, MakeMazeScene)
    spec = make.spec()
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    scene = app.scene
    assert isinstance(scene, EditorScene) and scene.editor.maze == build_level(spec)


def test_a_bad_file_is_explained_in_the_open_field_and_a_good_one_opens(app: App,
                                                                       tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("#####\n#S.?#\n#####\n", encoding="utf-8")
    good = tmp_path / "good.txt"
    good.write_text("#####\nS...#\n###.#\n#...E\n#####\n", encoding="utf-8")
    app.go(ToMakeMaze())
    make = app.scene
    assert isinstance(make, MakeMazeScene)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    assert make.field is not None
    typed(app, str(bad))
    press(app, pygame.K_RETURN)
    assert f"{bad}:2:4: unknown character '?'" in make.field.error
    app.frame(1 / 60)
    make.field.text = str(good)
    press(app, pygame.K_RETURN)
    scene = app.scene
    assert isinstance(scene, EditorScene)
    assert scene.editor.path == good and scene.editor.verdict.moves == 6


def test_the_wheel_zooms_about_the_pointer(app: App) -> None:
    scene = editing(app, Editor(blank_maze(rows=41, cols=41)))
    point = scene.tile_centre((10, 30))
    post(app, pygame.MOUSEMOTION, pos=point, rel=(1, 1), buttons=(0, 0, 0))
    before = scene.tile
    post(app, pygame.MOUSEWHEEL, x=0, y=2)
    assert scene.tile > before and scene.tile_at(point) == (10, 30)
    press(app, pygame.K_f)
    assert scene.tile == pytest.approx(before)


@pytest.mark.parametrize("size", [(320, 240), (2560, 1440)])
@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_editor_draws_at_the_smallest_and_a_large_window_in_each_language(
        app: App, size: tuple[int, int], language: str, request: pytest.FixtureRequest) -> None:
    if language == "zh":
        request.getfixturevalue("zh")
    scene = editing(app, Editor(build_level(LevelSpec("dig", 101, 101, 5))))
    surface = pygame.Surface(size)
    scene.draw(surface)
    assert scene.view.height > size[1] // 2 and scene.view.width == size[0]
    x, y = scene.tile_centre(scene.editor.maze.goal)
    assert scene.view.collidepoint(x, y)
    colour = surface.get_at((x, y))[:3]
    assert colour != surface.get_at((2, 2))[:3]


def test_mouse_ups_held_buttons_and_typed_text_reach_scenes_as_typed_events() -> None:
    assert normalise(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(3, 4), button=3)) == \
        ClickUp((3, 4), 3)
    moved = pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 6), rel=(1, 0), buttons=(1, 0, 1))
    assert normalise(moved) == PointerMove((5, 6), 5)
    assert normalise(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 6), rel=(1, 0))) == \
        PointerMove((5, 6), 0)
    assert normalise(pygame.event.Event(pygame.TEXTINPUT, text="迷")) == TextTyped("迷")
    assert normalise(pygame.event.Event(pygame.TEXTINPUT, text="")) is None
    assert normalise(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1)) is None


def test_a_dash_in_the_open_field_says_standard_input_is_for_the_command_line(
        app: App) -> None:
    app.go(ToMakeMaze())
    make = app.scene
    assert isinstance(make, MakeMazeScene)
    for _ in range(2):
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    typed(app, "/dev/null")
    press(app, pygame.K_RETURN)
    assert make.field is not None and "/dev/null: is a device" in make.field.error
    make.field.text = "-"
    press(app, pygame.K_RETURN)
    assert make.field.error == t("make.open_stdin")
    assert "no such file" not in make.field.error and app.scene is make


def test_edit_with_a_bad_file_is_one_error_line_and_exit_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("#####\n#S.?#\n#####\n", encoding="utf-8")
    assert main(["edit", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"migong: error: {bad}:2:4: unknown character '?'")
    assert err.count("\n") == 1
    assert main(["edit", str(tmp_path / "missing.txt")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_saving_over_another_file_asks_first_and_the_same_name_again_replaces_it(
        app: App, tmp_path: Path) -> None:
    other = tmp_path / "other.txt"
    other.write_text("#####\nS...E\n#####\n", encoding="utf-8")
    scene = editing(app, Editor(blank_maze(rows=7, cols=7)))
    press(app, pygame.K_s, pygame.KMOD_CTRL)
    typed(app, str(other))
    press(app, pygame.K_RETURN)
    assert scene.field is not None and "exists already" in scene.field.error
    assert other.read_text(encoding="utf-8") == "#####\nS...E\n#####\n"
    press(app, pygame.K_RETURN)
    assert scene.field is None and load_maze(other) == scene.editor.maze
    drag(app, scene, [(3, 3)])
    press(app, pygame.K_s, pygame.KMOD_CTRL)  # its own file now: saved at once
    press(app, pygame.K_RETURN)
    assert scene.field is None and not scene.editor.dirty


def test_a_maze_with_no_route_can_still_be_test_played(app: App) -> None:
    scene = editing(app, Editor(blank_maze(rows=7, cols=7)))
    drag(app, scene, [(3, 0), (3, 6)])
    assert not scene.editor.verdict.solvable
    press(app, pygame.K_t)
    assert isinstance(app.scene, PlayScene)
    for _ in range(5):
        app.frame(1 / 60)
    press(app, pygame.K_ESCAPE)
    app.go(ToTitle())
    assert app.scene is scene


def test_a_big_maze_is_searched_on_a_thread_while_the_window_keeps_answering(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(editor_scene, "BACKGROUND_FROM", 100)  # this maze counts as big
    scene = editing(app, Editor(blank_maze(rows=15, cols=15)))
    wait = 0
    while scene.editor.known_verdict is None and wait < 200:  # the first search
        app.frame(1 / 60)
        wait += 1
    assert scene.editor.known_verdict is not None
    drag(app, scene, [(7, 0), (7, 13)])
    assert scene.editor.known_verdict is None  # stale: a search starts at the next frame
    app.update(1 / 60)
    surface = pygame.Surface((640, 480))
    scene.draw(surface)  # says it is checking, and does not wait
    search = scene._search
    if search is not None:
        search[1].join(10)
    app.update(1 / 60)
    assert scene.editor.known_verdict == scene.editor.verdict
    assert scene.editor.verdict.moves == solve(scene.editor.maze).length
    assert verdict_text(scene.editor.verdict) == "no route: the exit is walled off"


def test_a_search_overtaken_by_an_edit_is_thrown_away_and_made_again(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(editor_scene, "BACKGROUND_FROM", 100)
    gate = threading.Event()
    run = Search.run

    def held_run(search: Search) -> None:
        """Search only once the gate opens."""
        gate.wait(10)
        run(search)

    monkeypatch.setattr(Search, "run", held_run)
    scene = editing(app, Editor(blank_maze(rows=15, cols=15)))
    first = scene._search
    assert first is not None and scene.editor.known_verdict is None
    drag(app, scene, [(7, 0), (7, 13)])  # the maze changes under the search
    gate.set()
    first[1].join(10)
    app.update(1 / 60)  # its answer is refused; a new search starts
    second = scene._search
    assert second is not None and second is not first
    second[1].join(10)
    app.update(1 / 60)
    assert scene.editor.known_verdict is not None and not scene.editor.known_verdict.solvable


def test_a_maze_with_keys_goes_to_a_thread_from_a_smaller_size(app: App) -> None:
    plain = build_level(LevelSpec("backtracker", 201, 201, 3))
    assert plain.tiles.size >= editor_scene.BACKGROUND_KEYED_FROM
    scene = editing(app, Editor(plain))
    assert scene._search is None and scene.editor.known_verdict is not None  # at once
    scene = editing(app, Editor(build_level(LevelSpec("backtracker", 201, 201, 3, keys=2))))
    search = scene._search
    assert search is not None  # the keyed search is slower: the window keeps answering
    search[1].join(30)
    app.update(1 / 60)
    assert scene.editor.known_verdict == Verdict(solve(scene.editor.maze).length)
