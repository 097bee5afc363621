"""A new choice of solvers keeps what the player set: a lab that was running (it stopped
only at the end of a search) runs the new search, a paused one stays paused, and R in or
out of a race keeps the heat-map (a player's report: Tab to the stack solver sat paused
at the end of the generation; R ending a race dropped back paused, the heat-map off)."""

from __future__ import annotations

import pygame
import pytest

from game.levels import LevelSpec
from game.play.context import Context
from game.play.input import Click, KeyDown
from game.play.scenes.lab import SPEEDS, LabScene


def play_a_while(scene: LabScene) -> None:
    """Give the lab frames until it has stepped (a loaded machine may spend a frame's budget
    on the statistics' slice before any step)."""
    for _ in range(100):
        scene.update(0.1)
        if scene.lab.tick > 0:
            return


def run_to_the_end(scene: LabScene) -> None:
    """Play the lab until it stops at the end of its search, as the player watches it."""
    scene.speed = len(SPEEDS) - 1
    for _ in range(200):
        scene.update(1 / 60)
        if not scene.playing:
            break
    assert scene.lab.done and not scene.playing


@pytest.mark.parametrize("choose", [
    KeyDown(pygame.K_TAB), KeyDown(pygame.K_TAB, pygame.KMOD_SHIFT), KeyDown(pygame.K_3),
    KeyDown(pygame.K_r)])
def test_a_lab_stopped_at_the_end_plays_the_new_search(ctx: Context, choose: KeyDown) -> None:
    scene = LabScene(ctx, spec=LevelSpec("backtracker", 15, 15, 1), solver="dfs")
    run_to_the_end(scene)
    scene.handle_event(choose)
    assert scene.playing and scene.lab.tick == 0
    scene.speed = SPEEDS.index(100)
    play_a_while(scene)
    assert scene.lab.tick > 0


def test_the_solver_row_clicked_plays_on_too(ctx: Context) -> None:
    scene = LabScene(ctx, spec=LevelSpec("backtracker", 15, 15, 1), solver="dfs")
    run_to_the_end(scene)
    scene.draw(pygame.Surface((960, 600)))
    row = next(rect for rect, name in scene.panel.buttons if name == "solver")
    scene.handle_event(Click((row.right - 2, row.centery), 1))
    assert scene.solver == "stack" and scene.playing


def test_a_lab_the_player_paused_stays_paused(ctx: Context) -> None:
    scene = LabScene(ctx, spec=LevelSpec("backtracker", 15, 15, 1), solver="bfs")
    while scene.lab.generating:
        scene.lab.forward()
    scene.lab.run(5)
    scene.handle_event(KeyDown(pygame.K_SPACE))
    assert not scene.playing
    for key in (pygame.K_TAB, pygame.K_3, pygame.K_r, pygame.K_r):
        scene.handle_event(KeyDown(key))
        scene.update(0.5)
        assert not scene.playing and scene.lab.tick == 0


def test_r_ending_a_race_keeps_the_heat_map_and_plays_on(ctx: Context) -> None:
    scene = LabScene(ctx, spec=LevelSpec("backtracker", 15, 15, 1), solver="bfs")
    scene.handle_event(KeyDown(pygame.K_h))
    scene.handle_event(KeyDown(pygame.K_r))
    run_to_the_end(scene)
    assert scene.race and scene.heat
    scene.handle_event(KeyDown(pygame.K_r))
    assert not scene.race and scene.heat and scene.playing
    play_a_while(scene)
    assert scene.lab.tick > 0


def test_h_in_a_race_colours_only_what_each_solver_reached(ctx: Context) -> None:
    scene = LabScene(ctx, spec=LevelSpec("backtracker", 21, 21, 1), solver="bfs")
    scene.handle_event(KeyDown(pygame.K_r))
    while scene.lab.generating:
        scene.lab.forward()
    scene.lab.run(30)
    tick = scene.lab.tick
    scene.handle_event(KeyDown(pygame.K_h))
    assert scene.heat and scene.lab.tick == tick and not scene.lab.done
    scene.draw(pygame.Surface((960, 600)))
    assert len(scene.slots) == 3
    for track in scene.lab.tracks:
        picture = scene.picture.indices(scene.lab, track, True, reached=True)
        unreached = track.state == 0
        assert unreached.any() and (picture[unreached] <= 1).all()  # wall and floor only
        assert (picture[~unreached] >= 2).all()  # the reached tiles in the heat colours
    alone = scene.picture.indices(scene.lab, scene.lab.tracks[0], True)
    assert (alone[scene.lab.tracks[0].state == 0] > 1).any()  # one solver: the whole map
