"""The chase is announced before it starts: a caption from the level's first frame, a
toast and a heartbeat the moment the chasers set off, and in first person a sense of
where an awake chaser is (edge glow, tag, slow heartbeat) long before it is near.  The
caught card stands on a dark panel and the key strip names its keys."""

from __future__ import annotations

from typing import Iterator

import pygame
import pytest

from game.levels import build_level, campaign_index, named_level
from game.maze.chase import NEAR
from game.play.audio import Audio
from game.play.context import Context
from game.play.panels.chasers import BEAT_SENSED, BODY, CARD, CAUGHT_TITLE
from game.play.scenes.play import PlayScene
from game.run.level import Level
from game.run.session import CHASERS_AWAKE
from game.save import Progress
from game.text import t
from tests.play.test_chase_view import start_clock


@pytest.fixture(autouse=True)
def _display(display: None) -> Iterator[None]:
    """Every test here draws on the dummy display."""
    yield


def lair_scene(first_person: bool = False) -> tuple[PlayScene, list[str]]:
    """Return a play scene of The Lair, and the list the sounds it plays go to."""
    spec = named_level("The Lair")
    progress = Progress()
    ctx = Context(progress, audio=Audio(progress.settings, start=False))
    ctx.session_view = first_person
    scene = PlayScene(ctx, Level(build_level(spec), spec, campaign_index(spec), spec.name))
    played: list[str] = []
    ctx.audio.play = played.append  # type: ignore[method-assign]
    return scene, played


def until_awake(scene: PlayScene) -> None:
    """Take the first step and play on until the chasers set off."""
    start_clock(scene.session)
    for _ in range(3 * 60):
        if scene.session.chasers_awake:
            return
        scene.update(1 / 60)
    raise AssertionError("the chasers never set off")


def luminance(colour: tuple[int, ...]) -> float:
    """Return the relative luminance of an sRGB colour (WCAG)."""
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = colour[:3]
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """Return the WCAG contrast ratio of two colours."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("first_person", [False, True])
def test_a_level_with_chasers_says_so_from_its_first_frame(first_person: bool) -> None:
    scene, _ = lair_scene(first_person)
    assert scene.chasers.asleep_lines() == (t("chase.asleep_one"), t("chase.asleep_when"))
    surface = pygame.Surface((800, 600))
    scene.draw(surface)
    with_caption = pygame.image.tobytes(surface, "RGB")
    scene.chasers.asleep_lines = lambda: None  # type: ignore[method-assign]
    scene.draw(surface)
    assert pygame.image.tobytes(surface, "RGB") != with_caption


def test_the_chasers_setting_off_is_a_toast_and_a_heartbeat_at_once() -> None:
    scene, played = lair_scene()
    start_clock(scene.session)
    events: list[str] = []
    for _ in range(3 * 60):
        events += scene.session.advance(2)
        if CHASERS_AWAKE in events:
            break
    assert events.count(CHASERS_AWAKE) == 1 and scene.session.chasers_awake
    scene._effects([CHASERS_AWAKE])
    assert scene.ctx.toasts.text == scene.chasers.awake_text()
    assert "5" in scene.ctx.toasts.text and played == ["heartbeat"]
    assert scene.chasers.asleep_lines() is None  # the caption has done its work
    assert CHASERS_AWAKE not in scene.session.advance(30)  # told once


def test_first_person_senses_an_awake_chaser_long_before_it_is_near() -> None:
    scene, _ = lair_scene(first_person=True)
    assert scene.first_person is not None
    angle = scene.first_person.walker.angle
    assert scene.chasers.sensed(angle) is None and scene.chasers.beat(True) is None
    until_awake(scene)
    near = scene.session.nearest_chaser
    assert near is not None and near > NEAR  # far off: the top view would not beat yet
    sensed = scene.chasers.sensed(angle)
    assert sensed is not None and sensed[1] == near
    assert sensed[0] in ("ahead", "right", "behind", "left")
    assert scene.chasers.beat(True) == BEAT_SENSED and scene.chasers.beat(False) is None
    surface = pygame.Surface((800, 600))
    scene.draw(surface)
    felt = pygame.image.tobytes(surface, "RGB")
    scene.chasers.sensed = lambda angle: None  # type: ignore[method-assign]
    scene.draw(surface)
    assert pygame.image.tobytes(surface, "RGB") != felt


@pytest.mark.parametrize("size", [(320, 240), (1280, 720)])
def test_the_caught_card_reads_on_a_dark_panel_and_the_strip_names_its_keys(
        size: tuple[int, int]) -> None:
    scene, _ = lair_scene()
    start_clock(scene.session)
    for _ in range(60 * 60):
        scene.update(1 / 60)
        if scene.session.caught:
            break
    assert scene.session.caught
    assert scene.help_line() == t("chase.caught_strip")  # not the walking keys
    surface = pygame.Surface(size)
    surface.fill(BODY)  # the chaser's body fills a first-person view when it catches you
    view = surface.get_rect()
    card = scene.chasers.draw_caught(surface, view, 12)
    assert card is not None and view.contains(card)
    behind = surface.get_at((card.left + 4, card.centery))
    assert contrast(CAUGHT_TITLE, behind) >= 4.5 and contrast(CAUGHT_TITLE, CARD) >= 4.5
    assert luminance(behind) < luminance(BODY)
