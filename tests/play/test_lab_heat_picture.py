"""The lab's heat-map picture, made from pictures cached per maze, is the same one the
whole-grid formula gives at every point of a search (dfs backtracks: dimmed tiles too)."""

from __future__ import annotations

import numpy as np
import pytest

from game.lab.model import S_BACKTRACKED, S_PATH
from game.levels import LevelSpec
from game.maze import tiles as kinds
from game.play.context import Context
from game.play.labview.picture import (
    DARK as _DARK,
    FAINT as _FAINT,
    HEAT as _HEAT,
    HEAT_LEVELS as _HEAT_LEVELS,
    HEAT_PATH as _HEAT_PATH,
)
from game.play.scenes.lab import LabScene


def reference(scene: LabScene) -> np.ndarray:
    """Return the heat-map picture computed from scratch (the formula the cache must match)."""
    maze = scene.lab.maze
    assert maze is not None
    floor = kinds.walkable(maze.tiles).view(np.uint8)
    track = scene.lab.tracks[0]
    state = track.state
    dist = scene.picture.distances(maze)
    far = max(1, int(dist.max()))
    level = (np.clip(dist, 0, far) * (_HEAT_LEVELS - 1) // far).astype(np.uint8)
    seen = dist >= 0 if not state.any() else state != 0
    out = np.where(dist >= 0, _FAINT + level, floor).astype(np.uint8)
    out[seen & (dist >= 0)] = _HEAT + level[seen & (dist >= 0)]
    dark = state == S_BACKTRACKED
    out[dark] = _DARK + level[dark]
    out[state == S_PATH] = _HEAT_PATH
    return out


@pytest.mark.parametrize("solver", ["bfs", "dfs"])
def test_the_heat_map_is_the_formula_at_every_step(ctx: Context, solver: str) -> None:
    scene = LabScene(ctx, spec=LevelSpec("prim", 21, 21, 4), solver=solver)
    scene.heat = True
    while scene.lab.generating:
        scene.lab.run(1)
    scene.lab.run(1)  # the solvers set off
    checked = 0
    while True:
        track = scene.lab.tracks[0]
        assert np.array_equal(scene.picture.indices(scene.lab, track, True), reference(scene))
        checked += 1
        if not scene.lab.run(7):
            break
    assert checked > 5
    for _ in range(4):  # stepping back shows the same pictures again, to the untouched start
        scene.lab.rewind(max(1, scene.lab.tick // 3))
        assert np.array_equal(scene.picture.indices(scene.lab, scene.lab.tracks[0], True), reference(scene))
