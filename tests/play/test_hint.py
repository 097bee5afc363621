"""The hint overlay: a solver's search animated from its generator within a time budget."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from game.levels import CAMPAIGN, build_level
from game.maze.solvers import solve
from game.play import hint as hint_module
from game.play.camera import Camera
from game.play.hint import HintOverlay
from game.play.theme import DEFAULT
from tests.run.test_player import TURN, maze_from

DT = 1 / 60
VISITED, FRONTIER, PATH = DEFAULT.hint.visited, DEFAULT.hint.frontier, DEFAULT.hint.path
BT_FRESH, BT_OLD = DEFAULT.hint.backtrack_fresh, DEFAULT.hint.backtrack_old


def colour_at(overlay: HintOverlay, pos: tuple[int, int]) -> tuple[int, int, int, int]:
    return tuple(overlay.surface.get_at((pos[1], pos[0])))


def run_to_end(overlay: HintOverlay, frames: int = 5000) -> None:
    for _ in range(frames):
        if overlay.done:
            return
        overlay.update(DT)
    raise AssertionError("the hint never finished")


@pytest.mark.parametrize("solver", ["bfs", "dfs", "stack"])
def test_the_final_path_is_the_solvers_path_from_the_given_tile(solver):
    maze = build_level(CAMPAIGN[4])
    start = solve(maze, "bfs").path[6]
    overlay = HintOverlay(maze, start, solver)
    run_to_end(overlay)
    expected = solve(maze, solver, start=start)
    assert overlay.path == expected.path
    assert overlay.visited == expected.visited
    assert overlay.path_shown == len(expected.path)
    for tile in expected.path:
        assert colour_at(overlay, tile) == PATH


def test_the_search_spreads_over_several_frames_and_the_path_draws_itself():
    maze = build_level(CAMPAIGN[10])
    overlay = HintOverlay(maze, maze.start, "bfs", speed=1.0)
    seen = []
    for _ in range(4):
        overlay.update(DT)
        seen.append(overlay.visited)
    assert 0 < seen[0] < seen[1] < seen[2] < seen[3]
    assert overlay.path is None and not overlay.done
    while overlay.path is None:
        overlay.update(DT)
    overlay.update(DT)
    assert 0 < overlay.path_shown < len(overlay.path)  # drawing from the player outwards
    assert overlay.path[0] == maze.start


def test_new_tiles_are_highlighted_as_the_frontier_then_settle_as_visited():
    maze = build_level(CAMPAIGN[10])
    overlay = HintOverlay(maze, maze.start, "bfs")
    overlay.update(DT)
    assert colour_at(overlay, maze.start) == FRONTIER
    for _ in range(int(hint_module.FRONTIER_TIME / DT) + 2):
        overlay.update(DT)
    assert colour_at(overlay, maze.start) == VISITED


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
    overlay = HintOverlay(maze, maze.start, "dfs", speed=0.25)
    colours = set()
    for _ in range(400):
        overlay.update(DT)
        colours.add(colour_at(overlay, (3, 1)))
        if overlay.done:
            break
    assert BT_FRESH in colours and colour_at(overlay, (3, 1)) == BT_OLD
    assert overlay.path == solve(maze, "dfs").path


def test_finish_jumps_to_the_end():
    maze = build_level(CAMPAIGN[15])
    overlay = HintOverlay(maze, maze.start, "stack")
    overlay.update(DT)
    overlay.finish()
    run_to_end(overlay, frames=100)
    assert overlay.path == solve(maze, "stack").path


def test_each_update_stops_pulling_events_when_its_time_budget_is_spent():
    maze = build_level(CAMPAIGN[23])
    ticks = iter(range(10**9))
    overlay = HintOverlay(maze, maze.start, "bfs", clock=lambda: next(ticks) * 1.0)  # 1 s per look
    overlay.finish()  # no speed limit: only the budget stops it
    overlay.update(DT)
    assert 0 < overlay.visited <= 64
    overlay.update(DT)
    assert overlay.visited <= 128


def test_speed_scales_the_number_of_events_per_frame():
    maze = build_level(CAMPAIGN[23])
    slow = HintOverlay(maze, maze.start, "bfs", speed=0.5)
    fast = HintOverlay(maze, maze.start, "bfs", speed=4.0)
    for _ in range(10):
        slow.update(DT)
        fast.update(DT)
    assert fast.visited > 4 * slow.visited


def test_following_the_player_trims_a_finished_path_and_restarts_elsewhere():
    maze = build_level(CAMPAIGN[7])
    path = solve(maze, "bfs").path
    overlay = HintOverlay(maze, maze.start, "bfs")
    overlay.finish()
    run_to_end(overlay)
    on_path = set(path)
    i = next(i for i in range(1, len(path)) if any(n not in on_path for n in maze.neighbours(path[i])))
    overlay.follow(path[i])
    assert overlay.done and overlay.path == path[i:] and overlay.start == path[i]
    assert colour_at(overlay, path[0]) == VISITED
    off_path = next(n for n in maze.neighbours(path[i]) if n not in on_path)
    overlay.follow(off_path)
    assert not overlay.done and overlay.start == off_path and overlay.path is None
    run_to_end(overlay)
    assert overlay.path == solve(maze, "bfs", start=off_path).path


def test_no_path_is_reported():
    maze = maze_from(
        """
        #####
        S.#E#
        #####
        """
    )
    overlay = HintOverlay(maze, maze.start, "bfs")
    run_to_end(overlay)
    assert overlay.no_path and overlay.path is None
    assert "no path" in overlay.label()


def test_the_label_names_solver_visited_and_path_length():
    overlay = HintOverlay(TURN, TURN.start, "dfs")
    assert overlay.label().startswith("DFS")
    run_to_end(overlay)
    label = overlay.label()
    assert f"visited {overlay.visited}" in label and "path 8" in label


@pytest.mark.parametrize("tile", [0.3, 1.0, 3.0, 8.0, 33.0])
def test_drawing_the_overlay_matches_its_surface_at_any_zoom(tile):
    pygame.display.init()
    maze = build_level(CAMPAIGN[10])
    overlay = HintOverlay(maze, maze.start, "bfs")
    camera = Camera(maze.rows, maze.cols, 640, 480)
    camera.tile = tile
    camera.follow(*maze.start, 0, snap=True)
    target = pygame.Surface((640, 480))
    view = target.get_rect()
    for _ in range(20):  # patched frame after frame
        overlay.update(DT)
        target.fill((0, 0, 0))
        overlay.draw(target, view, camera)
    if tile >= 2:
        # every visible overlay tile shows its colour (over black) at the tile's centre
        ref = pygame.Surface((640, 480))
        ref.fill((0, 0, 0))
        r0, c0, r1, c1 = camera.visible_tiles()
        for r in range(r0, r1):
            for c in range(c0, c1):
                colour = overlay.surface.get_at((c, r))
                x, y = camera.to_screen(r, c)
                cx, cy = int(x + tile / 2), int(y + tile / 2)
                if colour.a and overlay.head != (r, c) and 0 <= cx < 640 and 0 <= cy < 480:
                    if overlay.path and (r, c) in overlay.path[: overlay.path_shown]:
                        continue  # the path line is drawn on top
                    got = target.get_at((cx, cy))
                    want = np.array(colour[:3]) * colour.a / 255
                    assert np.abs(np.array(got[:3]) - want).max() <= 3, (r, c, got, colour)
