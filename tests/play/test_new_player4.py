"""What a new player found unsaid or mis-said (round 4): the chase's pace, the Chinese
wording of the first-person keys and the caught card, and the caught card's keys."""

from __future__ import annotations

from typing import Iterator

import pytest

from game.maze import chase
from game.play.panels import chasers as panel
from game.play.panels.chasers import pace
from game.play.scenes.help import help_sections
from game.text import language, set_language, t


@pytest.fixture(params=["en", "zh"])
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    """Run a test in each language, then restore the language."""
    before = language()
    set_language(request.param)
    yield request.param
    set_language(before)


def test_pace_is_derived_from_the_chase_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    """The figures are the rules': 5 tiles a second, 8 held, 3 s of scent, and follow them."""
    assert pace() == {"chaser": "5", "walk": "8", "scent": "3"}
    assert chase.RATE / chase.CHASER_TICKS == 5 and chase.RATE / chase.WALK_TICKS == 8
    monkeypatch.setattr(panel, "CHASER_TICKS", 30)
    assert pace()["chaser"] == "4"


def test_the_awake_toast_and_help_say_the_pace(lang: str) -> None:
    """The toast says both paces and to hold the key; Help adds the fog's lost scent."""
    for key in ("chase.awake_toast_one", "chase.awake_toast_many"):
        text = t(key, chaser=pace()["chaser"], walk=pace()["walk"])
        assert "5" in text and "8" in text
    rows = dict(row for _, section in help_sections() for row in section)
    words = rows[t("help.goal_chasers_keys")]
    assert all(figure in words for figure in ("5", "8", "3"))


def test_the_first_person_strip_names_the_arrows_in_the_language(lang: str) -> None:
    """The first person's key strip names the arrows as the other screens do (上/下 in Chinese)."""
    import pygame

    from game.play.input import key_label

    names = [key_label(k) for k in (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT)]
    expected = ["Up", "Down", "Left", "Right"] if lang == "en" else ["上", "下", "左", "右"]
    assert names == expected


def test_the_caught_card_says_the_keys_its_strip_says(lang: str) -> None:
    """The card names Space as the strip does; the Chinese distance suits any count."""
    card, strip = t("chase.caught_keys"), t("chase.caught_strip")
    space = "Space" if lang == "en" else "空格"
    assert space in card and space in strip
    if lang == "zh":
        assert "只差" not in t("chase.caught_close", steps=303)


def test_one_chaser_that_does_not_fit_suggests_what_can_help(lang: str) -> None:
    """With one chaser "fewer" means none: name another seed, loops, a generator instead."""
    from game.maze.lairs import LairsDoNotFit
    from game.names import build_problem

    one, four = LairsDoNotFit(1, 31, 31), LairsDoNotFit(4, 31, 31)
    assert "fewer" not in str(one) and "another seed" in str(one) and "loops" in str(one)
    assert "fewer chasers" in str(four) and "another seed" in str(four)
    said_one, said_four = build_problem(one), build_problem(four)
    fewer = "fewer chasers" if lang == "en" else "减少追兵"
    seed = "another seed" if lang == "en" else "换个种子"
    assert fewer not in said_one and seed in said_one
    assert fewer in said_four and seed in said_four


def test_the_top_bar_says_the_mud_beside_the_loops(lang: str) -> None:
    """"Prim · loops 30%" for a maze with 30 % mud said nothing of the mud."""
    import pygame

    from game.levels import LevelSpec, build_level
    from game.play.context import Context
    from game.play.scenes.play import PlayScene
    from game.run.level import Level
    from game.save import Progress

    pygame.init()
    spec = LevelSpec("prim", 15, 15, 3, loops=0.3, mud=0.3)
    scene = PlayScene(Context(Progress()), Level(build_level(spec), spec))
    caption = scene.info["algorithm"]
    assert caption.endswith("mud 30%" if lang == "en" else "泥地 30%")
    assert ("loops 30%" if lang == "en" else "回路 30%") in caption


def test_the_leaderboard_footer_follows_the_row_and_its_toast_keeps_off_the_title(
        lang: str) -> None:
    """Left/Right only on the on/off row; "set both first" shows under the title, not on it."""
    import pygame

    from game.play.context import Context
    from game.play.scenes.leaderboard import LeaderboardSettingsScene
    from game.save import Progress

    pygame.init()
    scene = LeaderboardSettingsScene(Context(Progress()))
    footers = []
    for row in range(5):
        scene.menu.selected = row
        footers.append(scene.footer())
    turn = "Left/Right" if lang == "en" else "左/右"
    assert turn in footers[0] and not any(turn in footer for footer in footers[1:])
    for size in ((320, 240), (1280, 800), (1920, 1080)):
        surface = pygame.Surface(size)
        scene.draw(surface)
        assert scene.toast_area(surface).top >= scene._under_title > 0


def test_the_fog_tip_stacks_under_the_asleep_caption_and_stays_to_be_read(lang: str) -> None:
    """On the 2026-12-16 daily the fog's tip went over the chaser's caption for 1.6 s."""
    import datetime

    import pygame

    from game.daily import daily_spec
    from game.levels import build_level
    from game.play.context import Context, reading_seconds
    from game.play.scenes.play import PlayScene
    from game.play.widgets import hud
    from game.run.level import Level
    from game.save import Progress

    pygame.init()
    spec = daily_spec(datetime.date(2026, 12, 16))
    assert spec.fog and spec.chasers
    maze = build_level(spec)
    for size in ((320, 240), (1280, 800), (1920, 1080)):
        ctx = Context(Progress())
        scene = PlayScene(ctx, Level(maze, spec))
        scene.on_enter()
        surface = pygame.Surface(size)
        scene.draw(surface)
        tip = ctx.toasts.text
        assert "O" in tip and ctx.toasts.left >= 3.0 and ctx.toasts.left == reading_seconds(tip)
        lines = scene.chasers.asleep_lines()
        assert lines is not None
        asleep = hud.caption_rect(scene._view(surface), *lines, spot="top")
        assert asleep is not None and scene.toast_area(surface).top >= asleep.bottom
    assert reading_seconds("Muted") < 2.0 < reading_seconds("战争迷雾 · O：已探索地图")
