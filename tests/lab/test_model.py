"""The lab's model: generation then solving, one event at a time, forward and back exactly.

Stepping back n events restores exactly the picture of n events before (over random n on
several mazes and every generator); the live structures are the algorithms' own (bfs's
queue, the stack solver's boxes with their next direction, Prim's frontier, division's
chamber stack); a race moves every solver one event per tick; the heat-map's distances
are breadth-first distances.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.lab.model import (
    DOWN,
    G_FRONTIER,
    NONE_LEFT,
    RIGHT,
    S_BACKTRACKED,
    S_EXPANDED,
    S_MARKED,
    S_PATH,
    UP,
    Lab,
    distances,
)
from game.levels import LevelSpec, trace_level
from game.maze.formats import parse_maze
from game.maze.generators import GENERATORS
from game.maze.grid import FLOOR
from game.maze.solvers import SOLVERS, solve

PLUS = """\
#.#
ES.
#.#
"""


def lab_of(algorithm: str, size: int, seed: int, solvers: list[str], **options: int) -> Lab:
    """Return a lab generating ``algorithm``'s maze of ``size`` x ``size`` tiles."""
    spec = LevelSpec(algorithm, size, size, seed, options=options)
    return Lab(solvers, trace=trace_level(spec), size=(size, size))


def test_the_lab_opens_at_the_very_start_with_nothing_built() -> None:
    lab = lab_of("prim", 11, 1, ["bfs"])
    assert lab.events == 0 and lab.generating
    assert lab.gen is not None and not lab.gen.tiles.any()
    assert not lab.back()


@pytest.mark.parametrize("algorithm", sorted(GENERATORS))
def test_generation_then_solving_ends_with_the_maze_and_the_solution(algorithm: str) -> None:
    lab = lab_of(algorithm, 15, 3, ["bfs"])
    lab.run(10**6)
    spec = LevelSpec(algorithm, 15, 15, 3)
    maze = GENERATORS[algorithm].generate(rows=15, cols=15, rng=3)
    assert lab.done and lab.maze == maze and lab.gen is not None
    assert np.array_equal(lab.gen.tiles, maze.tiles)
    (track,) = lab.tracks
    assert track.solution == solve(maze, "bfs") and spec.algorithm == algorithm
    path = track.solution.path
    assert path is not None and all(track.state[p] == S_PATH for p in path)


@pytest.mark.parametrize("algorithm", sorted(GENERATORS))
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), data=st.data())
def test_stepping_back_n_events_restores_the_picture_of_n_events_before(
    algorithm: str, seed: int, data: st.DataObject
) -> None:
    solvers = data.draw(st.sampled_from([[name] for name in SOLVERS] + [list(SOLVERS)]))
    lab = lab_of(algorithm, 13, seed, solvers)
    pictures = [lab.picture()]
    while lab.forward():
        pictures.append(lab.picture())
    last = len(pictures) - 1
    for _ in range(4):
        at = data.draw(st.integers(0, last))
        back = data.draw(st.integers(0, at))
        lab.restart()
        assert lab.run(at) == at and lab.picture() == pictures[at]
        assert lab.rewind(back) == back and lab.picture() == pictures[at - back]


def test_restart_goes_back_to_the_first_picture() -> None:
    lab = lab_of("division", 11, 2, ["stack"])
    first = lab.picture()
    lab.run(10**6)
    lab.restart()
    assert lab.picture() == first and lab.events == 0


def test_bfs_queue_has_its_head_tail_and_length() -> None:
    maze = parse_maze(PLUS)
    lab = Lab(["bfs"], maze=maze)
    lab.run(2)  # mark the start, expand it
    (track,) = lab.tracks
    assert track.queue() == (0, None, None) and track.state[1, 1] == S_EXPANDED
    lab.run(3)  # down, right, up are enqueued
    assert track.queue() == (3, (2, 1), (0, 1))
    assert track.state[2, 1] == S_MARKED and track.marked == 4


def test_stack_boxes_keep_their_next_direction_as_the_seed_does() -> None:
    lab = Lab(["stack"], maze=parse_maze(PLUS))
    lab.run(1)
    track = lab.tracks[0]
    assert track.boxes == [[1, 1, UP]]
    lab.run(1)  # up is free: the start will try right next; the new box starts at up
    assert track.boxes == [[1, 1, RIGHT], [0, 1, UP]]
    lab.run(2)  # (0, 1) is a dead end: popped; the start looks on
    assert track.boxes == [[1, 1, RIGHT]] and track.state[0, 1] == S_BACKTRACKED
    lab.run(1)  # right
    assert track.boxes == [[1, 1, DOWN], [1, 2, UP]]
    lab.run(100)
    assert track.boxes == [[1, 1, NONE_LEFT], [1, 0, UP]]  # left was its last direction


def test_dfs_path_stack_follows_its_marks_and_backtracks() -> None:
    lab = Lab(["dfs"], maze=parse_maze(PLUS))
    lab.run(2)
    track = lab.tracks[0]
    assert [tuple(box[:2]) for box in track.boxes] == [(1, 1), (2, 1)]
    lab.run(1)
    assert [tuple(box[:2]) for box in track.boxes] == [(1, 1)]


def test_prim_frontier_and_division_chambers_are_live() -> None:
    lab = lab_of("prim", 9, 4, ["bfs"])
    lab.run(3)  # the first cell is carved, its walls go on the list
    gen = lab.gen
    assert gen is not None
    assert gen.frontier == int((gen.overlay == G_FRONTIER).sum()) >= 2
    lab = lab_of("division", 9, 4, ["bfs"])
    lab.run(2)  # the room, then the whole chamber pushed
    assert lab.gen is not None and lab.gen.chambers == [(1, 1, 7, 7)]
    lab.run(1)  # split: popped
    assert lab.gen.chambers == []


def test_a_race_moves_every_solver_one_event_per_tick_and_ranks_them() -> None:
    maze = GENERATORS["backtracker"].generate(rows=21, cols=21, rng=8)
    lab = Lab(["bfs", "dfs", "stack"], maze=maze)
    lab.run(5)
    assert [track.at for track in lab.tracks] == [5, 5, 5]
    lab.run(10**6)
    totals = [track.count for track in lab.tracks]
    assert lab.tick == max(totals) and [t.at for t in lab.tracks] == totals
    lab.rewind(lab.tick - min(totals) + 1)
    assert [t.at for t in lab.tracks] == [min(n, min(totals) - 1) for n in totals]


def test_distances_are_breadth_first_moves_from_the_start() -> None:
    maze = GENERATORS["prim"].generate(rows=21, cols=31, rng=2, loops=0.3)
    dist = distances(maze, maze.start)
    assert dist[maze.start] == 0
    assert dist[maze.goal] == solve(maze, "bfs").length
    assert (dist[maze.tiles != FLOOR] == -1).all()
    assert (dist[maze.tiles == FLOOR] >= 0).all()  # every floor tile is reachable here


@pytest.mark.parametrize("name", [*GENERATORS, *SOLVERS])
def test_every_algorithm_has_pseudo_code_whose_lit_lines_exist(name: str) -> None:
    from game.lab.code import code_lines, pseudocode, running_line

    code = pseudocode(name)
    assert code is not None and code.runs and len(code_lines(name)) == len(code.lines) > 1
    assert all(1 <= line <= len(code.lines) for line in code.runs.values())
    for kind, line in code.runs.items():
        assert running_line(name, kind, first=False) == line
        assert running_line(name, kind, first=True) == 1
    assert running_line(name, None, first=False) is None
