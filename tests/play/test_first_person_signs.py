"""In first person the compass, the signs under it and a toast never overlap: the sensed
chaser's tag hangs under the compass wherever the compass is (it kept its own copy of the
compass's place), and a toast starts under the chasers' asleep sign and the tag (it was
drawn over them), at the smallest and a large window, both languages and text sizes."""

from __future__ import annotations

from typing import Any, Callable, Iterator

import numpy as np
import pygame
import pytest

from game.levels import CAMPAIGN, build_level
from game.play import theme
from game.play.context import Context
from game.play.firstperson import overlay
from game.play.panels.chasers import Chasers
from game.play.scenes import play as play_module
from game.play.scenes.play import PlayScene
from game.play.widgets import hud
from game.run.level import Level
from game.save import Progress
from game.text import language, set_language, t
from tests.play.test_caption_placement import Silent, spy_on

CHASE = next(i for i, spec in enumerate(CAMPAIGN) if spec.chasers)  # the chase chapter's first
LOOKS = [((320, 240), "en", 100), ((320, 240), "zh", 150), ((320, 240), "en", 150),
         ((1920, 1080), "zh", 100), ((1920, 1080), "en", 150)]


@pytest.fixture(autouse=True)
def looks() -> Iterator[None]:
    """Start pygame's fonts; put the language and theme back afterwards."""
    pygame.display.init()
    pygame.font.init()
    spoken = language()
    yield
    set_language(spoken)
    theme.use(theme.DEFAULT)


def painted(draw: Callable[..., Any], boxes: list[pygame.Rect]) -> Callable[..., Any]:
    """Return ``draw`` recording the area each call really painted (the pixels it changed)."""
    def spy(surface: pygame.Surface, *args: Any, **kwargs: Any) -> Any:
        before = pygame.surfarray.array3d(surface)
        result = draw(surface, *args, **kwargs)
        changed = np.argwhere((pygame.surfarray.array3d(surface) != before).any(axis=2))
        if len(changed):
            (x0, y0), (x1, y1) = changed.min(axis=0), changed.max(axis=0)
            boxes.append(pygame.Rect(int(x0), int(y0), int(x1 - x0 + 1), int(y1 - y0 + 1)))
        return result
    return spy


def lair(lang: str, text: int) -> PlayScene:
    """Return the chase chapter's first level in first person, its chaser asleep."""
    set_language(lang)
    theme.use(theme.build("default", text_size=text))
    spec = CAMPAIGN[CHASE]
    scene = PlayScene(Context(Progress(), audio=Silent()), Level(build_level(spec), spec, CHASE,
                                                                 "campaign"))
    scene.set_first_person(True)
    return scene


@pytest.mark.parametrize("grow", [1, 2])
@pytest.mark.parametrize("size, lang, text", LOOKS)
def test_the_sensed_chasers_tag_hangs_under_the_compass_wherever_it_is(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], lang: str, text: int,
        grow: int) -> None:
    size_of = overlay.compass_size
    monkeypatch.setattr(overlay, "compass_size", lambda view: size_of(view) * grow)
    compasses: list[pygame.Rect] = []
    tags: list[pygame.Rect] = []
    monkeypatch.setattr(play_module, "draw_compass", painted(play_module.draw_compass, compasses))
    monkeypatch.setattr(Chasers, "sensed", lambda self, angle: ("ahead", 7))
    scene = lair(lang, text)
    monkeypatch.setattr(scene.chasers, "draw_tag", painted(scene.chasers.draw_tag, tags))
    surface = pygame.Surface(size)
    scene.draw(surface)
    assert compasses and tags
    compass, tag = compasses[-1], tags[-1]
    assert compass.bottom <= tag.top <= compass.bottom + compass.height, (compass, tag)


@pytest.mark.parametrize("sensed", [None, ("left", 12)])
@pytest.mark.parametrize("size, lang, text", LOOKS)
def test_a_toast_in_first_person_starts_under_the_signs_under_the_compass(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], lang: str, text: int,
        sensed: object) -> None:
    signs: list[pygame.Rect] = []
    monkeypatch.setattr(Chasers, "sensed", lambda self, angle: sensed)
    toasts = spy_on(monkeypatch, "draw_toast")
    scene = lair(lang, text)
    for name in ("draw_asleep", "draw_tag"):
        monkeypatch.setattr(scene.chasers, name, painted(getattr(scene.chasers, name), signs))
    scene.ctx.toast(t("play.speed_toast", speed=3))
    surface = pygame.Surface(size)
    scene.draw(surface)
    assert len(signs) == (1 if sensed is None else 2)  # asleep; and the tag
    hud.draw_toast(surface, scene.toast_area(surface), scene.ctx.toasts.text, 1.0)
    assert toasts, "no toast drawn"
    for sign in signs:
        assert not toasts[-1].colliderect(sign), (toasts[-1], sign)
