"""The lab's panel shows each generator's own structure, the same forward and back:
Kruskal's sets left, the sets of Eller's row, hunt-and-kill hunting or walking, the
cells Aldous-Broder has still to visit, the sidewinder's run."""

from __future__ import annotations

import numpy as np
import pytest

from game.levels import LevelSpec
from game.maze.generators.events import CELL, JOIN
from game.play.context import Context
from game.play.scenes.lab import LabScene
from game.text import t

STRUCTURE = {
    "kruskal": "Sets left",
    "eller": "Sets among the cells of row",
    "hunt-and-kill": "Cells not visited yet",
    "aldous-broder": "Cells not visited yet",
    "sidewinder": "Cells in the run",
}


def structure(scene: LabScene) -> list[str]:
    """Return the generator's structure lines of the panel (before the current tile)."""
    lines = [text for style, text in scene.panel_lines() if style == "text"]
    out = []
    for line in lines[1:]:  # the first is the events' count
        if line.startswith("Current tile"):
            break
        out.append(line)
    return out


def components(tiles: np.ndarray) -> np.ndarray:
    """Return a label per floor tile: its piece of the floor (flood fill), -1 for wall."""
    label = np.full(tiles.shape, -1)
    n = 0
    for start in zip(*np.nonzero(tiles)):
        if label[start] >= 0:
            continue
        stack = [start]
        label[start] = n
        while stack:
            r, c = stack.pop()
            for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if 0 <= nr < tiles.shape[0] and 0 <= nc < tiles.shape[1] and tiles[nr, nc] \
                        and label[nr, nc] < 0:
                    label[nr, nc] = n
                    stack.append((nr, nc))
        n += 1
    return label


@pytest.mark.parametrize("name", sorted(STRUCTURE))
def test_each_generator_shows_its_structure_the_same_forward_and_back(
    ctx: Context, name: str
) -> None:
    scene = LabScene(ctx, spec=LevelSpec(name, 15, 15, 6), solver="bfs")
    gen = scene.lab.gen
    assert gen is not None
    seen = []
    while scene.lab.generating and gen.at < 150:
        scene.lab.forward()
        seen.append(structure(scene))
    assert any(line.startswith(STRUCTURE[name]) for lines in seen for line in lines)
    for at in range(len(seen) - 1, 0, -1):
        scene.lab.back()
        assert structure(scene) == seen[at - 1], at


def test_kruskal_counts_the_pieces_of_the_cells_made(ctx: Context) -> None:
    scene = LabScene(ctx, spec=LevelSpec("kruskal", 15, 15, 2), solver="bfs")
    gen = scene.lab.gen
    assert gen is not None
    for _ in range(8):
        scene.lab.run(10)
        assert scene.lab.generating
        pieces = len(set(components(gen.tiles)[gen.tiles > 0].tolist()))
        assert t("lab.sets_left", count=f"{pieces:,}") in structure(scene)


def test_eller_counts_the_sets_of_its_row(ctx: Context) -> None:
    scene = LabScene(ctx, spec=LevelSpec("eller", 15, 15, 2), solver="bfs")
    gen = scene.lab.gen
    assert gen is not None
    checked = 0
    while scene.lab.generating and gen.at < 120:
        scene.lab.forward()
        ev = gen.current
        assert ev is not None
        if ev[0] not in (CELL, JOIN):  # the row is the event's
            continue
        row = ev[1]
        label = components(gen.tiles)
        sets = len({int(label[row, c]) for c in range(1, 15, 2) if gen.tiles[row, c]})
        assert t("lab.row_sets", row=row, count=sets) in structure(scene)
        checked += 1
    assert checked > 20


def test_hunt_and_kill_says_when_it_hunts(ctx: Context) -> None:
    scene = LabScene(ctx, spec=LevelSpec("hunt-and-kill", 21, 21, 1), solver="bfs")
    hunted = False
    while scene.lab.generating:
        scene.lab.forward()
        hunted |= any(line.startswith("Hunting: scanning row") for line in structure(scene))
    assert hunted


def test_the_binary_tree_has_no_structure_to_show(ctx: Context) -> None:
    scene = LabScene(ctx, spec=LevelSpec("binary-tree", 15, 15, 2), solver="bfs")
    scene.lab.run(30)
    assert structure(scene) == []
