"""A race's captions and scoreboard name the wall follower's hand, both hands (the player's
finding: a 10-solver race had two panels titled just "WALL")."""

from __future__ import annotations

import pytest

from game.lab.choices import solver_keys
from game.levels import LevelSpec
from game.play.context import Context
from game.play.labview.panel import race_lines, slot_label, solver_title
from game.play.scenes.lab import LabScene
from game.play.widgets.text import font
from game.text import language, set_language

HANDS = [key for key in solver_keys() if key.startswith("wall-follower")]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_caption_width_tells_the_hands_apart(ctx: Context, lang: str) -> None:
    before = language()
    set_language(lang)
    try:
        scene = LabScene(ctx, spec=LevelSpec("backtracker", 21, 21, 1))
        scene.racers = solver_keys()
        scene.race = True
        scene._resolve()
        scene.lab.run(10**6)
        walls = [track for track in scene.lab.tracks if track.key in HANDS]
        assert len(walls) == 2
        f = font(14)
        for width in range(20, 420, 8):
            left, right = (slot_label(track, f, width) for track in walls)
            assert left != right, width
        titles = [solver_title(key) for key in HANDS]
        assert len(set(titles)) == 2 and all(title != "WALL" for title in titles)
        names = [text for _, text in race_lines(scene.lab)]
        assert all(sum(title + ":" in line or title + "：" in line for line in names) == 1
                   for title in titles), names
    finally:
        set_language(before)

