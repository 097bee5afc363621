"""The drawing of a printed maze: merged wall runs, posts, arrows, letters, hatch, the answer."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.export import geometry
from game.export.geometry import Label, draw_maze, polyline, posts, wall_runs
from game.export.page import MIN_CORRIDOR, PAPERS, fit, largest, legible
from game.maze.formats import parse_maze
from game.maze.generators import GENERATORS, generate
from game.maze.solvers import solve
from game.maze.tiles import KINDS, new_kind, walkable


def covered(segments: list[tuple[float, float, float, float]], shape: tuple[int, int]) -> np.ndarray:
    """Return how many segments pass through each tile centre."""
    count = np.zeros(shape, dtype=int)
    for x1, y1, x2, y2 in segments:
        count[int(y1): int(y2) + 1, int(x1): int(x2) + 1] += 1
    return count


def test_a_wall_run_is_one_segment_however_long() -> None:
    walls = np.array([[1, 1, 1, 1, 1],
                      [1, 0, 0, 0, 0],
                      [1, 0, 1, 0, 1]], dtype=bool)
    assert wall_runs(walls) == [(0, 0, 4, 0), (0, 0, 0, 2)]
    assert posts(walls) == [(2.0, 2.0), (4.0, 2.0)]


@settings(max_examples=40, deadline=None)
@given(name=st.sampled_from(sorted(GENERATORS)), seed=st.integers(0, 10**6),
       rows=st.integers(2, 12), cols=st.integers(2, 12))
def test_runs_and_posts_cover_every_wall_tile_and_nothing_else(
        name: str, seed: int, rows: int, cols: int) -> None:
    maze = generate(name, rows=2 * rows + 1, cols=2 * cols + 1, seed=seed)
    walls = ~walkable(maze.tiles)
    runs = wall_runs(walls)
    drawn = covered(runs, walls.shape)
    for x, y in posts(walls):
        drawn[int(y), int(x)] += 1
    assert ((drawn > 0) == walls).all()
    assert len(runs) < walls.sum()  # merged: far fewer lines than wall tiles
    for x1, y1, x2, y2 in runs:  # each run is maximal: no wall just before or after it
        dx, dy = (1, 0) if y1 == y2 else (0, 1)
        before, after = (int(y1) - dy, int(x1) - dx), (int(y2) + dy, int(x2) + dx)
        for r, c in (before, after):
            assert not (0 <= r < walls.shape[0] and 0 <= c < walls.shape[1]) or not walls[r, c]
        assert (x2 - x1) + (y2 - y1) >= 1


def test_the_answer_is_a_polyline_through_the_turns() -> None:
    path = [(1, 0), (1, 1), (1, 2), (2, 2), (3, 2), (3, 3)]
    assert polyline(path) == [(0, 1), (2, 1), (2, 3), (3, 3)]
    assert polyline([(1, 1)]) == [(1.0, 1.0)]


def test_the_arrows_point_in_at_the_entrance_and_out_at_the_exit() -> None:
    maze = generate("backtracker", rows=9, cols=11, seed=3)
    start, goal = draw_maze(maze).arrows
    assert max(x for x, _ in start) < 0
    tip = max(start, key=lambda p: p[0])
    assert tip[1] == maze.start[0]  # the tip is on the entrance's row, pointing right
    assert min(x for x, _ in goal) > maze.cols - 1
    assert max(goal, key=lambda p: p[0])[1] == maze.goal[0]


def test_an_end_inside_the_grid_gets_a_diamond_on_its_tile() -> None:
    maze = parse_maze("#####\n#S..#\n#..E#\n#####\n")
    start, goal = draw_maze(maze).arrows
    assert sorted(start) == sorted([(1, 0.55), (1.45, 1), (1, 1.45), (0.55, 1)])
    assert len(goal) == 4


def test_keys_are_ringed_doors_boxed_and_lairs_bare_letters() -> None:
    maze = parse_maze("#######\nS.r.R.E\n#.M.#.#\n#######\n")
    labels = sorted(draw_maze(maze).labels, key=lambda lab: lab.x)
    assert labels == [Label(2, 1, "M", ""), Label(2, 1, "r", "circle"), Label(4, 1, "R", "box")] \
        or labels == [Label(2, 1, "r", "circle"), Label(2, 2, "M", ""), Label(4, 1, "R", "box")]


def test_costly_tiles_are_hatched_inside_their_square(monkeypatch: pytest.MonkeyPatch) -> None:
    maze = parse_maze("#####\nS...E\n#####\n")
    assert draw_maze(maze).hatch == []
    mud = new_kind("mud", walkable=True, transparent=True, char="~", look="mud", cost=3)
    monkeypatch.setattr(geometry, "KINDS", np.concatenate([KINDS, mud[None]]))
    maze.tiles[1, 2] = len(KINDS)
    drawing = draw_maze(maze)
    assert len(drawing.hatch) >= 3 and drawing.labels == []
    for x1, y1, x2, y2 in drawing.hatch:
        for x, y in ((x1, y1), (x2, y2)):
            assert 1.5 - 1e-9 <= x <= 2.5 + 1e-9 and 0.5 - 1e-9 <= y <= 1.5 + 1e-9


def test_the_solution_is_drawn_only_when_given() -> None:
    maze = generate("prim", rows=11, cols=11, seed=5)
    assert draw_maze(maze).solution == []
    path = solve(maze).path
    assert path is not None
    assert draw_maze(maze, path).solution == polyline(path)


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("landscape", [False, True])
def test_the_largest_legible_maze_is_legible_and_two_more_tiles_are_not(
        paper: str, landscape: bool) -> None:
    rows, cols = largest(paper, landscape=landscape)
    assert legible(rows, cols, paper) and fit(rows, cols, paper).landscape == landscape
    assert 2 * fit(rows, cols, paper).unit >= MIN_CORRIDOR
    assert not legible(rows + 2, cols, paper) and not legible(rows, cols + 2, paper)
    assert min(rows, cols) > 120  # a big maze still prints


def test_a_wide_maze_prints_on_a_landscape_page_inside_the_margins() -> None:
    wide, tall = fit(21, 61, "a4"), fit(61, 21, "a4")
    assert wide.landscape and not tall.landscape
    for layout, (rows, cols) in ((wide, (21, 61)), (tall, (61, 21))):
        left, top, width, height = geometry.drawing_bounds(rows, cols)
        assert layout.x(left) >= 12 - 1e-9 and layout.x(left + width) <= layout.width - 12 + 1e-9
        assert layout.y(top) >= 12 + 1e-9 and layout.y(top + height) <= layout.height - 12


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize(("rows", "cols"), [(5, 5), (21, 61), (61, 21), (41, 41), (145, 201)])
def test_the_title_and_the_maze_are_centred_inside_the_margins(paper: str, rows: int,
                                                              cols: int) -> None:
    from game.export.page import CAP_HEIGHT, FOOTER_BAND, MARGIN, TITLE_SIZE, place

    drawing = draw_maze(generate("prim", rows=rows, cols=cols, seed=2))
    layout = place(drawing, paper)
    assert layout.unit == fit(rows, cols, paper).unit  # as large as before, only moved
    first, last = geometry.ink_span(drawing)
    top = layout.title_y - CAP_HEIGHT * TITLE_SIZE
    bottom = layout.y(last)
    assert layout.title_y < layout.y(first)  # the title above the maze
    assert top >= MARGIN - 1e-9 and bottom <= layout.height - MARGIN - FOOTER_BAND + 1e-9
    centred = abs(top - (layout.height - bottom)) < 1e-6
    assert centred or abs(bottom - (layout.height - MARGIN - FOOTER_BAND)) < 1e-6
