"""The lab's live figures are ``stats --json``'s for the same maze, and one cell is one cell.

The tile digger's 21x21 maze of seed 1 has no corridor longer than a cell (``stats -a dig
--seed 1 --json`` says 1 too; the compare page's 6.2 is a mean over 41x41 mazes)."""

from __future__ import annotations

import pytest

from game.levels import LevelSpec, build_level
from game.maze.stats import measure
from game.play.context import Context
from game.play.scenes.lab import LabScene
from game.text import language, set_language


@pytest.mark.parametrize("size", [21, 41])
def test_the_live_corridor_is_the_measured_one(ctx: Context, size: int) -> None:
    spec = LevelSpec("dig", size, size, 1)
    scene = LabScene(ctx, spec=spec)
    scene.lab.run(10**6)
    lines = [text for _, text in scene.figures.lines(scene.lab.maze)]
    longest = measure(build_level(spec)).longest_corridor
    assert any(text.startswith(f"Longest corridor {longest} cell") for text in lines), lines


@pytest.mark.parametrize(("lang", "one", "many"), [
    ("en", "Longest corridor 1 cell", "Longest corridor 1 cells"),
    ("zh", "最长走廊 1 格", ""),
])
def test_one_cell_reads_as_one(ctx: Context, lang: str, one: str, many: str) -> None:
    before = language()
    set_language(lang)
    try:
        scene = LabScene(ctx, spec=LevelSpec("dig", 21, 21, 1))
        scene.lab.run(10**6)
        lines = [text for _, text in scene.figures.lines(scene.lab.maze)]
        assert one in lines and (not many or many not in lines)
    finally:
        set_language(before)
