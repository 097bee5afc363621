"""The hint's search, pure: a solver's events animated by ticks x speed, stepped by count,
then the path drawing itself; the tile states are what the view paints."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from game.levels import build_level, named_level
from game.maze.grid import WALL
from game.maze.solvers import SOLVERS, solve
from game.run.hint import (
    BACKTRACK_FRESH,
    BACKTRACK_OLD,
    EXPLORED,
    FRONTIER,
    FRONTIER_TICKS,
    NOTHING,
    PATH,
    HintSearch,
)
from tests.run.test_player import TURN, maze_from

TICKS = 2  # one 60 fps frame
LIMIT = 10**9  # no cap on events per frame


def run_to_end(search: HintSearch, frames: int = 5000, speed: float = 1.0) -> None:
    for _ in range(frames):
        if search.done:
            return
        search.advance(TICKS, speed=speed, limit=LIMIT)
    raise AssertionError("the hint never finished")


@pytest.mark.parametrize("solver", list(SOLVERS))
def test_the_final_path_is_the_solvers_path_from_the_given_tile(solver):
    maze = build_level(named_level("Mole Burrow"))
    start = solve(maze, "bfs").path[6]
    search = HintSearch(maze, start, solver)
    run_to_end(search)
    expected = solve(maze, solver, start=start)
    assert search.path == expected.path
    assert search.visited == expected.visited
    assert search.path_shown == len(expected.path)
    for tile in expected.path:
        assert search.state[tile] == PATH


def test_the_search_spreads_over_several_frames_and_the_path_draws_itself():
    maze = build_level(named_level("Lantern Row"))
    search = HintSearch(maze, maze.start, "bfs")
    seen = []
    for _ in range(4):
        search.advance(TICKS, speed=1.0, limit=LIMIT)
        seen.append(search.visited)
    assert 0 < seen[0] < seen[1] < seen[2] < seen[3]
    assert search.path is None and not search.done
    while search.path is None:
        search.advance(TICKS, speed=1.0, limit=LIMIT)
    search.advance(TICKS, speed=1.0, limit=LIMIT)
    assert 0 < search.path_shown < len(search.path)  # drawing from the player outwards
    assert search.path[0] == maze.start


def test_step_takes_exactly_the_events_asked_for():
    maze = build_level(named_level("Lantern Row"))
    search = HintSearch(maze, maze.start, "dfs")
    assert search.step(1) == 1 and search.visited == 1 and search.head == maze.start
    assert search.state[maze.start] == FRONTIER
    assert search.step(5) == 5
    explore = SOLVERS["dfs"].explore(maze, maze.start, maze.goal)
    first = [next(explore) for _ in range(6)]
    assert search.head == first[-1][1:]
    assert int((search.state != NOTHING).sum()) == len({e[1:] for e in first})


def test_new_tiles_are_the_frontier_then_settle_as_explored_after_a_while():
    maze = build_level(named_level("Lantern Row"))
    search = HintSearch(maze, maze.start, "bfs")
    search.advance(TICKS, speed=1.0, limit=LIMIT)
    assert search.state[maze.start] == FRONTIER
    for _ in range(FRONTIER_TICKS // TICKS + 1):
        search.advance(TICKS, speed=1.0, limit=LIMIT)
    assert search.state[maze.start] == EXPLORED


def test_dfs_backtracks_fade():
    # a dead end below the first junction, which dfs (down, right, up, left) tries first
    maze = maze_from(
        """
        #######
        S....E#
        #.#####
        #.#####
        #######
        """
    )
    search = HintSearch(maze, maze.start, "dfs")
    states = set()
    for _ in range(400):
        search.advance(TICKS, speed=0.25, limit=LIMIT)
        states.add(int(search.state[3, 1]))
        if search.done:
            break
    assert BACKTRACK_FRESH in states and search.state[3, 1] == BACKTRACK_OLD
    assert search.path == solve(maze, "dfs").path


def test_finish_jumps_to_the_end():
    maze = build_level(named_level("Long Winter"))
    search = HintSearch(maze, maze.start, "stack")
    search.advance(TICKS, speed=1.0, limit=LIMIT)
    search.finish()
    run_to_end(search, frames=100)
    assert search.path == solve(maze, "stack").path


def test_no_frame_takes_more_events_than_the_view_allows():
    maze = build_level(named_level("Heart of Migong"))
    search = HintSearch(maze, maze.start, "bfs")
    search.advance(TICKS, speed=1e9, limit=64)  # a pace no frame keeps: the limit stops it
    assert search.visited == 64  # expand events are not the hint's: they take none of it
    search.advance(TICKS, speed=1e9, limit=64)
    assert search.visited == 128


@pytest.mark.parametrize("solver", list(SOLVERS))
@pytest.mark.parametrize("after", [0, 1, 40])
def test_finishing_at_once_shows_exactly_what_the_whole_animation_ends_with(solver, after):
    maze = build_level(named_level("Long Winter"))
    start = solve(maze, "bfs").path[9]
    animated = HintSearch(maze, start, solver)
    run_to_end(animated)
    at_once = HintSearch(maze, start, solver)
    for _ in range(after):  # Space pressed this many frames into the animation
        at_once.advance(TICKS, speed=1.0, limit=LIMIT)
    at_once.finish()
    at_once.advance(TICKS, speed=1.0, limit=LIMIT)  # the next frame
    assert at_once.done and at_once.searched
    assert at_once.path == animated.path and at_once.path_shown == len(animated.path)
    assert at_once.visited == animated.visited == solve(maze, solver, start=start).visited
    assert np.array_equal(at_once.state, animated.state)
    assert at_once.take_changes().everything  # the view repaints it all in one go


def test_finishing_in_slices_shows_nothing_until_the_end_then_everything(monkeypatch):
    # A solver with no event-free run (a new one, say) finishes by draining its events,
    # a time-boxed slice a frame.
    monkeypatch.setitem(SOLVERS, "dfs", dataclasses.replace(SOLVERS["dfs"], run=None))
    maze = build_level(named_level("Long Winter"))
    whole = HintSearch(maze, maze.start, "dfs")
    assert whole.complete()
    sliced = HintSearch(maze, maze.start, "dfs")
    sliced.advance(TICKS, speed=1.0, limit=LIMIT)
    sliced.take_changes()
    slices = 0
    while not sliced.complete(50):
        slices += 1
        assert not sliced.take_changes().painted  # the old picture stays until the end
    assert slices > 3
    assert sliced.take_changes().everything
    assert np.array_equal(sliced.state, whole.state) and sliced.path == whole.path


def test_finishing_a_search_without_a_path_shows_what_it_explored():
    maze = maze_from(
        """
        #######
        S...#E#
        #.#.#.#
        #######
        """
    )
    search = HintSearch(maze, maze.start, "stack")
    assert search.complete()
    assert search.done and search.no_path
    assert search.visited == solve(maze, "stack").visited == 6
    assert search.state[2, 3] == BACKTRACK_OLD and search.state[2, 5] == NOTHING


def test_speed_scales_the_number_of_events_per_frame():
    maze = build_level(named_level("Heart of Migong"))
    slow = HintSearch(maze, maze.start, "bfs")
    fast = HintSearch(maze, maze.start, "bfs")
    for _ in range(10):
        slow.advance(TICKS, speed=0.5, limit=LIMIT)
        fast.advance(TICKS, speed=4.0, limit=LIMIT)
    assert fast.visited > 4 * slow.visited


def test_the_pace_is_in_ticks_not_frames():
    maze = build_level(named_level("Heart of Migong"))
    at_60_fps = HintSearch(maze, maze.start, "bfs")
    at_120_fps = HintSearch(maze, maze.start, "bfs")
    at_30_fps = HintSearch(maze, maze.start, "bfs")
    for _ in range(60):  # one second each
        at_60_fps.advance(2, speed=1.0, limit=LIMIT)
        at_120_fps.advance(1, speed=1.0, limit=LIMIT)
        at_120_fps.advance(1, speed=1.0, limit=LIMIT)
    for _ in range(30):
        at_30_fps.advance(4, speed=1.0, limit=LIMIT)
    assert at_60_fps.visited > 100
    assert abs(at_60_fps.visited - at_120_fps.visited) <= 1
    assert abs(at_60_fps.visited - at_30_fps.visited) <= 1


def a_step_off(maze, path):
    """Return (i, tile): a tile next to ``path[i]`` that is not on ``path``."""
    on_path = set(path)
    for i in range(1, len(path)):
        for n in maze.neighbours(path[i]):
            if n not in on_path:
                return i, n
    raise AssertionError("the path has no side branch")


def test_following_the_player_trims_a_finished_path():
    maze = build_level(named_level("Bramble Patch"))
    path = solve(maze, "bfs").path
    search = HintSearch(maze, maze.start, "bfs")
    search.complete()
    i, _ = a_step_off(maze, path)
    search.follow(path[i])
    assert search.done and search.path == path[i:] and search.start == path[i]
    assert search.state[path[0]] == EXPLORED


@pytest.mark.parametrize("solver", list(SOLVERS))
def test_one_step_off_a_shown_route_reroutes_at_once_without_the_animation(solver):
    maze = build_level(named_level("Bramble Patch"))
    path = solve(maze, solver).path
    search = HintSearch(maze, maze.start, solver)
    run_to_end(search, speed=0.25)
    i, off = a_step_off(maze, path)
    search.follow(path[i])
    search.take_changes()
    search.follow(off)
    search.advance(TICKS, speed=0.25, limit=LIMIT)  # one frame, at the slowest pace
    again = solve(maze, solver, start=off)
    assert search.done and search.start == off
    assert search.path == again.path and search.visited == again.visited
    assert {tuple(p) for p in np.argwhere(search.state == PATH)} == set(again.path)
    assert search.take_changes().everything


def test_moving_while_the_search_still_animates_starts_the_animation_over():
    maze = build_level(named_level("Bramble Patch"))
    search = HintSearch(maze, maze.start, "bfs")
    for _ in range(3):
        search.advance(TICKS, speed=1.0, limit=LIMIT)
    assert not search.done
    tile = next(maze.neighbours(maze.start))
    search.take_changes()
    search.follow(tile)
    assert not search.done and search.start == tile and search.path is None
    assert not search.state.any()  # wiped, and the view is told which box to wipe
    cleared = search.take_changes().cleared
    assert cleared is not None and cleared[0] == 0
    run_to_end(search)
    assert search.path == solve(maze, "bfs", start=tile).path


def test_no_path_is_reported():
    maze = maze_from(
        """
        #####
        S.#E#
        #####
        """
    )
    search = HintSearch(maze, maze.start, "bfs")
    run_to_end(search)
    assert search.no_path and search.path is None


def test_the_changes_repaint_the_picture_exactly():
    maze = build_level(named_level("Bramble Patch"))
    search = HintSearch(maze, maze.start, "dfs")
    picture = np.zeros_like(search.state)
    for frame in range(400):
        search.advance(TICKS, speed=2.0, limit=LIMIT)
        if frame == 50:
            search.follow(solve(maze, "bfs").path[3])
        changes = search.take_changes()
        if changes.everything:
            picture[...] = search.state
        if changes.cleared is not None:
            x0, y0, x1, y1 = changes.cleared
            picture[y0:y1 + 1, x0:x1 + 1] = NOTHING
        for tiles, state in changes.painted:
            picture[tiles[1], tiles[0]] = state
        assert np.array_equal(picture, search.state)
        if search.done:
            break
    assert search.done


def test_the_turn_maze_path_is_eight_moves():
    search = HintSearch(TURN, TURN.start, "dfs")
    run_to_end(search)
    assert len(search.path) - 1 == 8 and search.visited == solve(TURN, "dfs").visited


@pytest.mark.parametrize("solver", list(SOLVERS))
@pytest.mark.parametrize("level", ["Crossroads", "Long Winter", "Serpent's Coil"])
def test_the_quiet_run_leaves_the_picture_draining_every_event_leaves(monkeypatch, solver, level):
    maze = build_level(named_level(level))
    start = solve(maze, "bfs").path[3]
    quiet = HintSearch(maze, start, solver)
    assert quiet.complete()
    monkeypatch.setitem(SOLVERS, solver, dataclasses.replace(SOLVERS[solver], run=None))
    drained = HintSearch(maze, start, solver)
    assert drained.complete()
    assert np.array_equal(quiet.state, drained.state)
    assert quiet.path == drained.path and quiet.visited == drained.visited


@pytest.mark.parametrize("solver", list(SOLVERS))
def test_the_quiet_run_without_a_path_matches_the_drain(monkeypatch, solver):
    maze = maze_from(
        """
        #########
        S...#..E#
        #.#.#.#.#
        #.......#
        #########
        """
    )
    maze.tiles[3, 4] = WALL  # wall the only way through: no path
    quiet = HintSearch(maze, maze.start, solver)
    assert quiet.complete() and quiet.no_path
    monkeypatch.setitem(SOLVERS, solver, dataclasses.replace(SOLVERS[solver], run=None))
    drained = HintSearch(maze, maze.start, solver)
    assert drained.complete() and drained.no_path
    assert np.array_equal(quiet.state, drained.state) and quiet.visited == drained.visited


KEYED = """\
#######
#r#g###
#.#R###
S....GE
#######
"""


@pytest.mark.parametrize("solver", sorted(name for name, info in SOLVERS.items() if info.keys))
def test_on_a_keyed_maze_the_hint_draws_the_whole_walk_through_the_doors(solver):
    from game.maze.formats import parse_maze
    from game.run.intents import Release
    from game.run.model import Run
    from game.run.player import Move

    maze = parse_maze(KEYED)
    search = HintSearch(maze, maze.start, solver)
    run_to_end(search)
    assert search.path == solve(maze, solver).path
    assert search.path is not None and (1, 1) in search.path and (1, 3) in search.path
    # the route is walkable by the run's rules: played move by move, it reaches the exit
    run = Run(maze)
    for (r1, c1), (r2, c2) in zip(search.path, search.path[1:]):
        run.apply(Move(r2 - r1, c2 - c1))
        run.apply(Release(r2 - r1, c2 - c1))
        while run.player.moving:
            run.step()
        assert run.player.pos == (r2, c2), f"the hint walks into {(r2, c2)}"
    assert run.keys == "rg"


def test_holding_a_key_the_hint_searches_from_there_without_fetching_it_again():
    from game.maze.formats import parse_maze

    maze = parse_maze(KEYED)
    search = HintSearch(maze, (2, 1), "bfs", keys="r")
    search.complete()
    assert search.path is not None and (1, 1) not in search.path and (1, 3) in search.path
    assert search.follow((3, 1), keys="rg")  # other keys held: a new search from there
    assert search.keys == "rg"
    search.complete()
    assert search.path is not None and (1, 3) not in search.path


def test_every_hint_choice_is_offered_by_the_run_and_walks_its_own_hand() -> None:
    from game.lab.choices import explore_of, solver_keys, solver_name
    from game.maze.solvers import drain
    from game.run.intents import CycleSolver, SelectSolver
    from game.run.model import Run

    maze = build_level(named_level("Mole Burrow"))
    run = Run(maze)
    # every solver of the registry, and the wall follower's right hand after its left
    assert [solver_name(k) for k in run.solvers if ":" not in k] == list(SOLVERS)
    left = run.solvers.index("wall-follower")
    assert run.solvers[left + 1] == "wall-follower:right"
    run.apply(SelectSolver("wall-follower"))
    run.apply(CycleSolver())
    assert run.solver == "wall-follower:right"
    paths = {}
    for choice in solver_keys():
        if not choice.startswith("wall-follower"):
            continue
        search = HintSearch(maze, maze.start, choice)
        run_to_end(search)
        expected = drain(explore_of(choice)(maze, maze.start, maze.goal)).path
        assert search.path == expected
        finished = HintSearch(maze, maze.start, choice)
        assert finished.complete()  # Space: the quiet run is the left hand's; the right drains
        assert finished.path == expected and np.array_equal(finished.state, search.state)
        paths[choice] = expected
    assert paths["wall-follower"] != paths["wall-follower:right"]  # two different walks
