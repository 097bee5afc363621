"""Mud in the lab: drawn while the maze is made and under a search, in each look's mud
colour, and each solver's path cost beside its length (the player's finding: a lab with
``--mud 0.3`` showed no mud and only moves, while Dijkstra took a longer, cheaper path)."""

from __future__ import annotations

import numpy as np
import pytest

from game.levels import LevelSpec
from game.maze import tiles as kinds
from game.play import theme
from game.play.context import Context
from game.play.labview.panel import race_lines
from game.play.labview.picture import MUD, MUD_STATE_BASE
from game.play.scenes.lab import LabScene
from game.lab.model import S_PATH
from game.text import language, set_language

SPEC = LevelSpec("prim", 21, 21, 5, loops=0.3, mud=0.3)


def solved(ctx: Context, solver: str) -> LabScene:
    """Return a lab that has built the mud maze and run ``solver`` to its end."""
    scene = LabScene(ctx, spec=SPEC, solver=solver)
    scene.lab.run(10**6)
    assert scene.lab.done
    return scene


def test_the_built_maze_shows_its_mud(ctx: Context) -> None:
    scene = LabScene(ctx, spec=SPEC, solver="bfs")
    while scene.lab.generating:
        scene.lab.run(1)
    maze = scene.lab.maze
    assert maze is not None
    mud = maze.tiles == kinds.MUD
    assert mud.sum() > 10
    picture = scene.picture.indices(scene.lab, None, False)
    assert np.array_equal(picture == MUD, mud)


def test_a_path_through_mud_shows_it_wades(ctx: Context) -> None:
    scene = solved(ctx, "bfs")
    track = scene.lab.tracks[0]
    picture = scene.picture.indices(scene.lab, track, False)
    mud = scene.lab.maze.tiles == kinds.MUD  # type: ignore[union-attr]
    assert (picture == MUD_STATE_BASE + S_PATH).sum() == ((track.state == S_PATH) & mud).sum() > 0


@pytest.mark.parametrize("name", list(theme.PALETTES))
def test_mud_has_the_looks_own_colour(ctx: Context, name: str) -> None:
    before = theme.current()
    theme.use(theme.build(name))
    try:
        scene = LabScene(ctx, spec=SPEC, solver="bfs")
        colours = scene.picture.palette()
        assert colours[MUD] == tuple(theme.current().classic.mud)
        assert colours[MUD] not in (colours[0], colours[1])
    finally:
        theme.use(before)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_each_solver_shows_its_own_path_and_cost(ctx: Context, lang: str) -> None:
    before = language()
    set_language(lang)
    try:
        texts = {}
        for solver in ("bfs", "dijkstra"):
            scene = solved(ctx, solver)
            solution = scene.lab.tracks[0].solution
            assert solution is not None and solution.path is not None
            cost = kinds.path_cost(scene.lab.maze.tiles, solution.path)  # type: ignore[union-attr]
            found = [text for _, text in scene.panel_lines() if str(solution.length) in text
                     and str(cost) in text]
            assert found, (solver, scene.panel_lines())
            texts[solver] = (solution.length, cost)
        assert texts["bfs"] != texts["dijkstra"]  # 38 moves at 70, 42 moves at 66
    finally:
        set_language(before)


def test_the_race_scoreboard_shows_each_cost(ctx: Context) -> None:
    scene = LabScene(ctx, spec=SPEC, solver="bfs")
    scene.racers = ["bfs", "dijkstra"]
    scene.race = True
    scene._resolve()
    scene.lab.run(10**6)
    maze = scene.lab.maze
    assert maze is not None
    lines = [text for _, text in race_lines(scene.lab)]
    for track in scene.lab.tracks:
        assert track.solution is not None and track.solution.path is not None
        cost = kinds.path_cost(maze.tiles, track.solution.path)
        assert any(f"{track.solution.length}" in line and f"{cost}" in line for line in lines)


def test_the_figures_say_the_fewest_moves_leave_the_mud_out(ctx: Context) -> None:
    scene = solved(ctx, "dijkstra")
    lines = [text for _, text in scene.figures.lines(scene.lab.maze)]
    assert not any(text.startswith("Solution") for text in lines)
    assert any("mud not counted" in text for text in lines)


def test_a_race_caption_shows_the_cost_where_it_fits(ctx: Context, display: None) -> None:
    from game.play.labview.panel import slot_label
    from game.play.widgets.text import font
    scene = LabScene(ctx, spec=SPEC, solver="bfs")
    scene.racers = ["bfs", "dijkstra"]
    scene.race = True
    scene._resolve()
    scene.lab.run(10**6)
    for track in scene.lab.tracks:
        assert track.cost is not None
        assert f"cost {track.cost}" in slot_label(track, font(14), 2000)
