"""The editor's model: tools, strokes, exact undo/redo, the live verdict, files."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.edit.model import (
    END_ON_FLOOR,
    ENDS_APART,
    EXIT_STAYS,
    EXIT_WALLED_OFF,
    KEY_OUT_OF_REACH,
    NO_KEY,
    START_STAYS,
    START_WALLED_IN,
    TOOLS,
    Editor,
    IsAFolder,
    NoFolder,
    NotAMaze,
    blank_maze,
    line,
    save_path,
)
from game.edit import model
from game.levels import LevelSpec, build_level
from game.maze.formats import MazeFormatError, format_maze, load_maze
from game.maze.grid import FLOOR, WALL, Maze
from game.maze.solvers import solve
from game.maze.solvers.keyed import with_keys_held
from game.maze.tiles import kind_of


def stroke(editor: Editor, tool: str, *tiles: tuple[int, int]) -> bool:
    """Press on the first tile with ``tool``, drag through the others, release."""
    editor.choose(tool)
    editor.press(tiles[0])
    for tile in tiles[1:]:
        editor.drag(tile)
    return editor.release()


def test_the_tool_table_has_walls_floor_ends_keys_and_doors_each_with_its_own_letter() -> None:
    names = [tool.name for tool in TOOLS]
    assert names == ["wall", "floor", "start", "exit", "key", "door", "lair", "mud"]
    assert len({tool.shortcut for tool in TOOLS}) == len(TOOLS)
    assert all((tool.kind(0) is None) != (tool.end is None) for tool in TOOLS)
    assert [tool.name for tool in TOOLS if tool.coloured] == ["key", "door"]


def test_the_key_and_door_tools_paint_the_colour_in_hand_and_picking_again_turns_it() -> None:
    editor = Editor(blank_maze(rows=7, cols=9))
    stroke(editor, "key", (2, 2))
    editor.pick("door")
    assert editor.tool.name == "door" and editor.colour == 0  # picking another keeps the colour
    editor.pick("door")
    assert editor.colour == 1
    stroke(editor, "door", (2, 3))
    editor.next_colour()
    editor.next_colour()
    stroke(editor, "key", (2, 4))
    editor.pick("door")
    editor.pick("door")  # yellow turns back to red
    stroke(editor, "door", (2, 5))
    assert [editor.maze.tiles[2, c] for c in (2, 3, 4, 5)] == [
        kind_of("r"), kind_of("G"), kind_of("y"), kind_of("R")]
    assert editor.text().splitlines()[2] == "#.rGyR..#"


def corridor_with_a_door(*, key: tuple[int, int] | None) -> Editor:
    """Return an editor on a 9x9 maze split by a wall at row 4, its gap (4, 1) a red door.

    The red key lies at ``key`` (None: nowhere).
    """
    editor = Editor(blank_maze(rows=9, cols=9))
    stroke(editor, "wall", (4, 2), (4, 8))
    stroke(editor, "door", (4, 1))
    if key is not None:
        stroke(editor, "key", key)
    return editor


def test_a_key_on_the_starts_side_is_fetched_and_the_verdict_counts_the_detour() -> None:
    editor = corridor_with_a_door(key=(1, 7))
    keyed = solve(editor.maze)
    assert keyed.keys == ("r",)
    assert editor.verdict.moves == keyed.length
    assert editor.verdict.moves == 7 + 9 + 10  # (1,0) -> key (1,7) -> door (4,1) -> exit (7,8)
    assert solve(with_keys_held(editor.maze, "r")).length == 14  # the route without the detour
    route = editor.route
    assert route is not None and route[1, 7] and route[4, 1] and route[7, 8]


def test_a_key_behind_its_own_door_is_out_of_reach_and_the_verdict_says_which() -> None:
    editor = corridor_with_a_door(key=(6, 2))
    verdict = editor.verdict
    assert solve(editor.maze).path is None
    assert (verdict.moves, verdict.reason, verdict.colour) == (None, KEY_OUT_OF_REACH, "r")


def test_a_door_whose_key_is_nowhere_is_told_apart() -> None:
    editor = corridor_with_a_door(key=None)
    verdict = editor.verdict
    assert (verdict.reason, verdict.colour, verdict.lone_doors) == (NO_KEY, "r", "r")


def test_walls_round_the_exit_are_the_reason_even_with_doors_about() -> None:
    editor = corridor_with_a_door(key=(1, 7))
    stroke(editor, "wall", (6, 7), (6, 8), (7, 7))
    assert editor.verdict.reason == EXIT_WALLED_OFF


def test_a_key_without_a_door_and_a_door_without_a_key_are_legal_and_noted() -> None:
    editor = corridor_with_a_door(key=(1, 7))
    editor.next_colour()  # green
    stroke(editor, "key", (2, 5))
    stroke(editor, "door", (6, 1))  # off the route
    verdict = editor.verdict
    assert verdict.moves == solve(editor.maze).length
    assert (verdict.lone_doors, verdict.lone_keys) == ("", "")  # green has both
    editor.undo()
    verdict = editor.verdict
    assert (verdict.lone_doors, verdict.lone_keys) == ("", "g")
    editor.undo()
    editor.redo()
    editor.next_colour()  # blue
    stroke(editor, "door", (6, 1))
    assert (editor.verdict.lone_doors, editor.verdict.lone_keys) == ("b", "g")


def test_every_change_to_a_maze_with_keys_is_searched_again() -> None:
    editor = corridor_with_a_door(key=(1, 7))
    moves = editor.verdict.moves
    solves = editor.solves
    stroke(editor, "wall", (2, 2))  # off the route: a plain maze would keep its verdict
    assert editor.verdict.moves == moves and editor.solves == solves + 1
    stroke(editor, "floor", (1, 7))  # the key taken away
    assert editor.verdict.reason == NO_KEY and editor.solves == solves + 2


def test_a_generated_level_with_keys_gets_the_keyed_verdict() -> None:
    maze = build_level(LevelSpec("backtracker", 21, 21, 4, keys=2))
    keyed = solve(maze)
    assert len(keyed.keys) == 2
    assert Editor(maze).verdict.moves == keyed.length
    assert keyed.length != solve(with_keys_held(maze, "rgby")).length


@pytest.mark.parametrize("keys", [0, 2])
def test_a_long_route_is_marked_a_slice_at_a_time_and_exactly(keys: int,
                                                                monkeypatch: pytest.MonkeyPatch
                                                                ) -> None:
    # a verdict on a thread converts its route in slices, so the view draws in between
    monkeypatch.setattr(model, "ROUTE_SLICE", 7)
    maze = build_level(LevelSpec("backtracker", 31, 31, 4, keys=keys))
    path = solve(maze).path
    assert path is not None and len(path) > 3 * model.ROUTE_SLICE
    editor = Editor(maze)
    assert editor.verdict.moves == len(path) - 1
    expected = np.zeros(maze.tiles.shape, dtype=bool)
    expected[tuple(np.array(path).T)] = True
    assert np.array_equal(editor.route, expected)


def test_keys_and_doors_go_neither_under_nor_onto_the_ends() -> None:
    editor = Editor(blank_maze(rows=7, cols=7))
    assert not stroke(editor, "key", (1, 0))
    assert not stroke(editor, "door", (5, 6))
    stroke(editor, "key", (3, 3))
    stroke(editor, "door", (3, 4))
    assert not stroke(editor, "start", (3, 3))
    assert not stroke(editor, "exit", (3, 4))
    assert stroke(editor, "floor", (3, 3)) and stroke(editor, "start", (3, 3))


@pytest.mark.parametrize("a, b", [((0, 0), (3, 5)), ((5, 1), (0, 0)), ((2, 2), (2, 2)),
                                  ((4, 0), (4, 7)), ((7, 3), (0, 3)), ((0, 9), (9, 0))])
def test_a_line_is_4_connected_from_end_to_end_and_as_short_as_can_be(a: tuple[int, int],
                                                                        b: tuple[int, int]) -> None:
    tiles = list(line(a, b))
    assert tiles[0] == a and tiles[-1] == b
    assert len(tiles) == abs(a[0] - b[0]) + abs(a[1] - b[1]) + 1
    for (r1, c1), (r2, c2) in zip(tiles, tiles[1:]):
        assert abs(r1 - r2) + abs(c1 - c2) == 1


def test_a_blank_maze_is_open_floor_walled_round_with_a_generators_entrance_and_exit() -> None:
    maze = blank_maze(rows=7, cols=9)
    assert maze.start == (1, 0) and maze.goal == (5, 8)
    assert (maze.tiles[1:-1, 1:-1] == FLOOR).all()
    assert maze.tiles[0].tolist() == [WALL] * 9
    assert Editor(maze).verdict.moves == solve(maze).length == 12
    with pytest.raises(ValueError):
        blank_maze(rows=2, cols=9)


def test_a_drag_walls_off_the_exit_and_the_verdict_says_so() -> None:
    editor = Editor(blank_maze(rows=9, cols=9))
    assert stroke(editor, "wall", (6, 0), (6, 8))
    verdict = editor.verdict
    assert not verdict.solvable and verdict.reason == EXIT_WALLED_OFF
    assert solve(editor.maze).path is None
    assert (editor.maze.tiles[6] == WALL).all()


def test_boxing_in_the_start_is_told_apart_from_walling_off_the_exit() -> None:
    editor = Editor(blank_maze(rows=9, cols=9))
    stroke(editor, "wall", (1, 1))
    assert editor.verdict.reason == START_WALLED_IN


def test_walls_are_never_painted_over_the_start_or_the_exit() -> None:
    editor = Editor(blank_maze(rows=5, cols=5))
    stroke(editor, "wall", (1, 0), (1, 4), (3, 4))
    assert editor.maze.tiles[1, 0] == FLOOR and editor.maze.tiles[3, 4] == FLOOR
    assert editor.maze.tiles[1, 2] == WALL


def test_the_ends_go_only_on_floor_and_never_on_each_other() -> None:
    editor = Editor(blank_maze(rows=7, cols=7))
    assert not stroke(editor, "start", (0, 3))  # a wall
    assert not stroke(editor, "start", (5, 6))  # the exit
    assert editor.maze.start == (1, 0)
    assert stroke(editor, "start", (2, 2), (2, 3), (4, 3))  # dragged: it lands where let go
    assert editor.maze.start == (4, 3)
    assert stroke(editor, "exit", (1, 5))
    assert editor.verdict.moves == solve(editor.maze).length == 5


def test_a_stroke_is_one_undo_step_and_undo_redo_restore_exactly() -> None:
    editor = Editor(build_level(LevelSpec("backtracker", 15, 21, 7)))
    states = [editor.snapshot()]
    stroke(editor, "wall", (1, 1), (13, 19))
    states.append(editor.snapshot())
    stroke(editor, "floor", (2, 1), (2, 19), (12, 19))
    states.append(editor.snapshot())
    assert stroke(editor, "exit", (2, 5))
    states.append(editor.snapshot())
    assert len({format_maze(state) for state in states}) == 4
    for state in reversed(states[:-1]):
        assert editor.undo()
        assert editor.maze == state
    assert not editor.undo()
    for state in states[1:]:
        assert editor.redo()
        assert editor.maze == state
    assert not editor.redo()


def test_a_new_stroke_after_undo_forgets_the_redo() -> None:
    editor = Editor(blank_maze(rows=7, cols=7))
    stroke(editor, "wall", (2, 2))
    editor.undo()
    stroke(editor, "wall", (3, 3))
    assert not editor.can_redo and not editor.redo()
    assert editor.maze.tiles[2, 2] == FLOOR and editor.maze.tiles[3, 3] == WALL


def test_a_stroke_that_changes_nothing_is_no_step() -> None:
    editor = Editor(blank_maze(rows=7, cols=7))
    assert not stroke(editor, "floor", (2, 2), (4, 4))
    assert not stroke(editor, "wall", (0, 0), (0, 6))  # the border is wall already
    assert not editor.can_undo and not editor.dirty


def test_changes_are_unsaved_until_saved_and_undoing_back_to_the_save_is_clean(
        tmp_path: Path) -> None:
    editor = Editor(blank_maze(rows=7, cols=7))
    assert not editor.dirty
    stroke(editor, "wall", (2, 2))
    assert editor.dirty
    editor.undo()
    assert not editor.dirty
    editor.redo()
    editor.save(tmp_path / "m.txt")
    assert not editor.dirty
    stroke(editor, "wall", (3, 3))
    assert editor.dirty
    editor.undo()
    assert not editor.dirty
    editor.undo()
    assert editor.dirty  # before the save


def test_a_saved_maze_reloads_identically(tmp_path: Path) -> None:
    editor = Editor(build_level(LevelSpec("prim", 21, 31, 3, keys=1)))
    stroke(editor, "floor", (1, 1), (19, 29))
    stroke(editor, "start", (9, 15))
    for colour in range(4):
        stroke(editor, "key", (1, 3 + colour))
        stroke(editor, "door", (3, 3 + colour))
        editor.next_colour()
    path = tmp_path / "mine.txt"
    editor.save(path)
    again = Editor.load(path)
    assert again.maze == editor.maze
    assert again.path == path and not again.dirty
    assert path.read_text(encoding="utf-8") == editor.text()
    assert again.verdict == editor.verdict
    assert set("rgbyRGBY") <= set(path.read_text(encoding="utf-8"))


def test_saving_replaces_the_file_whole_and_leaves_no_temp_file(tmp_path: Path) -> None:
    path = tmp_path / "m.txt"
    Editor(blank_maze(rows=41, cols=41)).save(path)  # an old maze, much longer than the new
    editor = Editor(blank_maze(rows=5, cols=5))
    editor.save(path)
    assert load_maze(path) == editor.maze
    assert os.listdir(tmp_path) == ["m.txt"]


@pytest.mark.parametrize("content", [
    b"root:x:0:0:root:/root:/bin/bash\n", b"", b'{"volume": 3}', b"\xff\xfe\x00#####",
    b"old and much longer than the new maze\n" * 50,
])
def test_a_file_that_is_not_a_maze_is_never_replaced(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "passwd"
    path.write_bytes(content)
    editor = Editor(blank_maze(rows=5, cols=5))
    with pytest.raises(NotAMaze, match="not a maze file"):
        editor.save(path)
    assert path.read_bytes() == content and os.listdir(tmp_path) == ["passwd"]
    assert editor.path is None


def test_a_link_to_a_file_that_is_not_a_maze_is_never_followed(tmp_path: Path) -> None:
    outside = tmp_path / "passwd"
    outside.write_bytes(b"root:x:0:0:root:/root:/bin/bash\n")
    link = tmp_path / "m.txt"
    link.symlink_to(outside)
    with pytest.raises(NotAMaze):
        Editor(blank_maze(rows=5, cols=5)).save(link)
    assert outside.read_bytes() == b"root:x:0:0:root:/root:/bin/bash\n"


def test_a_damaged_maze_of_ours_may_be_replaced(tmp_path: Path) -> None:
    path = tmp_path / "m.txt"
    path.write_text("#####\n#S..#\n###\n", encoding="utf-8")  # a row cut short
    editor = Editor(blank_maze(rows=5, cols=5))
    editor.save(path)
    assert load_maze(path) == editor.maze


def test_a_save_that_cannot_be_written_raises_and_the_changes_stay_unsaved(
        tmp_path: Path) -> None:
    editor = Editor(blank_maze(rows=5, cols=5))
    stroke(editor, "wall", (2, 2))
    with pytest.raises(OSError):
        editor.save(tmp_path)  # a directory
    assert editor.dirty and editor.path is None


@pytest.mark.parametrize("text, where", [
    ("", ":1:1:"),
    ("#####\n#S.?#\n#####\n", ":2:4:"),
    ("#####\n#S..#\n###\n", ":3:"),
])
def test_a_bad_file_is_refused_saying_where(tmp_path: Path, text: str, where: str) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(MazeFormatError) as caught:
        Editor.load(path)
    assert f"{path}{where}" in str(caught.value)


def test_a_typed_name_becomes_a_text_file_in_the_mazes_folder(tmp_path: Path) -> None:
    assert save_path(" mine ", tmp_path) == tmp_path / "mine.txt"
    assert save_path("mine", tmp_path / "mazes") == tmp_path / "mazes" / "mine.txt"
    (tmp_path / "sub").mkdir()
    assert save_path("sub/a.maze", tmp_path) == tmp_path / "sub" / "a.maze"
    (tmp_path / "x").mkdir()
    assert save_path(str(tmp_path / "x" / "b"), Path("/elsewhere")) == tmp_path / "x" / "b.txt"
    assert save_path("~/c.txt", tmp_path) == Path.home() / "c.txt"
    for bad in ("", "   ", "a\0b", "n" * 300):
        with pytest.raises(ValueError):
            save_path(bad, tmp_path)


def test_a_folder_name_is_refused_not_saved_beside_it(tmp_path: Path) -> None:
    (tmp_path / "x").mkdir()
    (tmp_path / "y.txt").mkdir()
    for name in (str(tmp_path / "x"), "x", "y"):
        with pytest.raises(IsAFolder):
            save_path(name, tmp_path)


def test_only_the_mazes_folder_is_made_other_folders_must_exist(tmp_path: Path) -> None:
    with pytest.raises(NoFolder) as caught:
        save_path(str(tmp_path / "x.txt" / "m.txt"), tmp_path / "mazes")
    assert caught.value.path == tmp_path / "x.txt"
    with pytest.raises(NoFolder):
        save_path("sub/a", tmp_path)


def test_walls_off_the_route_keep_the_verdict_without_searching_again() -> None:
    editor = Editor(blank_maze(rows=31, cols=31))
    moves = editor.verdict.moves
    route = solve(editor.maze).path
    assert route is not None and (28, 2) not in route
    solves = editor.solves
    stroke(editor, "wall", (28, 2), (28, 3))
    assert editor.verdict.moves == moves and editor.solves == solves


def test_changes_away_from_the_starts_region_keep_no_route_without_searching_again() -> None:
    editor = Editor(blank_maze(rows=21, cols=21))
    stroke(editor, "wall", (10, 1), (10, 19))  # the start (row 1) is cut off from the exit
    assert not editor.verdict.solvable
    solves = editor.solves
    stroke(editor, "wall", (15, 5))  # on the exit's side of the cut
    stroke(editor, "floor", (15, 5))
    assert not editor.verdict.solvable and editor.solves == solves
    stroke(editor, "floor", (10, 5))  # a door in the cut, next to the start's region
    assert editor.verdict.moves == solve(editor.maze).length
    assert editor.solves == solves + 1


strokes = st.lists(
    st.tuples(st.sampled_from([tool.name for tool in TOOLS]),
              st.lists(st.tuples(st.integers(-2, 16), st.integers(-2, 22)), min_size=1,
                       max_size=4),
              st.sampled_from(["keep", "undo", "undo_redo"])),
    max_size=25)


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 50), plan=strokes)
def test_after_any_strokes_undos_and_redos_the_verdict_is_what_solve_says(
        seed: int, plan: list[tuple[str, list[tuple[int, int]], str]]) -> None:
    editor = Editor(build_level(LevelSpec("backtracker", 15, 21, seed, loops=0.1)))
    for tool, tiles, then in plan:
        before = editor.snapshot()
        changed = stroke(editor, tool, *tiles)
        after = editor.snapshot()
        if then != "keep" and changed:
            editor.undo()
            assert editor.maze == before
            if then == "undo_redo":
                editor.redo()
                assert editor.maze == after
        expected = solve(editor.maze).length
        assert editor.verdict.moves == expected, (tool, tiles, then)
        assert editor.maze.tiles[editor.maze.start] == editor.maze.tiles[editor.maze.goal] == FLOOR


def test_the_editor_works_on_its_own_copy() -> None:
    maze = blank_maze(rows=5, cols=5)
    editor = Editor(maze)
    stroke(editor, "wall", (2, 2))
    assert maze.tiles[2, 2] == FLOOR
    copy = editor.snapshot()
    stroke(editor, "wall", (2, 3))
    assert copy.tiles[2, 3] == FLOOR and isinstance(copy, Maze)
    assert np.count_nonzero(editor.maze.tiles == WALL) == np.count_nonzero(copy.tiles == WALL) + 1


def test_the_tiles_changed_are_told_once_for_the_view_to_repaint() -> None:
    editor = Editor(blank_maze(rows=5, cols=5))
    stroke(editor, "wall", (2, 1), (2, 3))
    assert sorted(editor.take_touched()) == [11, 12, 13]
    assert editor.take_touched() == []
    editor.undo()
    assert sorted(editor.take_touched()) == [11, 12, 13]


def test_the_route_is_known_once_the_verdict_is() -> None:
    editor = Editor(blank_maze(rows=5, cols=5))
    assert editor.route is None
    moves = editor.verdict.moves
    route = editor.route
    assert route is not None and moves is not None and int(route.sum()) == moves + 1
    assert route[editor.maze.start] and route[editor.maze.goal]


def test_a_search_answers_for_the_maze_it_was_started_on_only() -> None:
    editor = Editor(blank_maze(rows=9, cols=9))
    search = editor.search()
    assert search is not None and editor.known_verdict is None
    stroke(editor, "wall", (4, 0), (4, 8))  # meanwhile the maze changes
    search.run()
    assert not editor.accept(search) and editor.known_verdict is None
    again = editor.search()
    assert again is not None
    again.run()
    assert editor.accept(again)
    assert editor.known_verdict == editor.verdict and not editor.verdict.solvable
    assert editor.search() is None  # known: nothing to search


def _stroke_on(editor: Editor, tool: str, end: str) -> None:
    """Press and release ``tool`` on the start or the exit ("start" or "goal")."""
    editor.choose(tool)
    editor.press(editor.maze.start if end == "start" else editor.maze.goal)
    editor.release()


@pytest.mark.parametrize("tool, end, why", [
    ("wall", "start", START_STAYS),
    ("exit", "start", ENDS_APART),
    ("door", "goal", EXIT_STAYS),
    ("floor", "start", START_STAYS),  # a right click erases with floor: the start stays
    ("start", "goal", ENDS_APART),
])
def test_a_tile_left_alone_says_why(tool: str, end: str, why: str) -> None:
    editor = Editor(blank_maze(rows=7, cols=7))
    before = editor.maze.copy()
    _stroke_on(editor, tool, end)
    assert editor.maze == before and not editor.can_undo
    assert editor.take_refusal() == why
    assert editor.take_refusal() == ""  # said once


def test_an_end_placed_on_a_wall_says_it_goes_on_floor_and_good_strokes_say_nothing() -> None:
    editor = Editor(blank_maze(rows=7, cols=7))
    editor.choose("start")
    editor.press((0, 3))  # the border wall
    editor.release()
    assert editor.take_refusal() == END_ON_FLOOR
    editor.press((3, 3))
    editor.release()
    editor.choose("wall")
    editor.press((2, 2))
    editor.release()
    assert editor.maze.start == (3, 3) and editor.take_refusal() == ""


def test_the_lair_tool_paints_a_chasers_lair_saved_as_M() -> None:
    from game.maze.formats import format_maze

    editor = Editor(blank_maze(rows=7, cols=7))
    stroke(editor, "lair", (3, 3))
    assert format_maze(editor.snapshot()).count("M") == 1


def test_the_mud_tool_paints_mud_saved_as_a_tilde_and_solved_by_cost() -> None:
    from game.maze import tiles as kinds
    from game.maze.formats import format_maze, parse_maze

    editor = Editor(blank_maze(rows=7, cols=7))
    assert stroke(editor, "mud", (3, 3), (3, 4))
    text = format_maze(editor.snapshot())
    assert text.count("~") == 2
    assert kinds.path_cost(parse_maze(text).tiles, [(3, 2), (3, 3), (3, 4)]) == 6
