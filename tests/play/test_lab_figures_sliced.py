"""The lab measures a built maze's statistics a slice a frame: a large maze shows a
"measuring" line for a few frames, then its figures, and no frame does the whole of it."""

from __future__ import annotations

from game.maze.generators import generate
from game.maze.stats import measure
from game.play.context import Context
from game.play.panels import lab_stats
from game.play.scenes.lab import LabScene
from game.text import t


def test_a_large_maze_shows_measuring_then_the_figures_measure_gives(ctx: Context) -> None:
    maze = generate("backtracker", rows=401, cols=401, seed=2)
    scene = LabScene(ctx, maze=maze, solver="bfs")
    scene.playing = False
    lines = [text for _, text in scene.panel_lines()]
    assert t("lab.stats.measuring") in lines
    frames = 0
    while scene.figures.pending(maze):
        scene.update(1 / 60)
        frames += 1
        assert frames < 2000
    assert frames > 1  # sliced across frames, not done in one
    stats = measure(maze)
    lines = [text for _, text in scene.panel_lines()]
    assert t("lab.stats.measuring") not in lines
    assert t("lab.stats.river", cells=f"{stats.longest_corridor:,}") in lines


def test_a_small_maze_shows_its_figures_on_the_first_frame(ctx: Context) -> None:
    scene = LabScene(ctx, maze=generate("prim", rows=15, cols=15, seed=1), solver="bfs")
    lines = [text for _, text in scene.panel_lines()]
    assert t("lab.stats.measuring") not in lines and t("lab.stats.head") in lines
    assert maze_tiles(scene) <= lab_stats.AT_ONCE


def maze_tiles(scene: LabScene) -> int:
    """Return the tiles of the scene's maze."""
    assert scene.lab.maze is not None
    return scene.lab.maze.rows * scene.lab.maze.cols
