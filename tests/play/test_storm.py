"""A seeded storm of 10,000 key, mouse and resize events through a real App leaves the
game running: no exception, a scene always current, frames still drawn."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Iterator

import pygame
import pytest

from game.play.app import App
from game.play.routes import ToTitle
from game.play.scenes import custom_maze, make_maze
from game.play.scenes.base import Scene
from game.text import language, set_language

EVENTS = 10_000
FRAME_EVERY = 8  # an update + draw + flip after every few events

KEYS = [
    pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN,
    pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_TAB,
    pygame.K_w, pygame.K_a, pygame.K_s, pygame.K_d, pygame.K_h, pygame.K_r, pygame.K_f,
    pygame.K_z, pygame.K_m, pygame.K_F11, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_0,
    pygame.K_9, pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET, pygame.K_PLUS, pygame.K_MINUS,
    pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_KP_MINUS, pygame.K_HOME, pygame.K_END,
    pygame.K_q, pygame.K_F1, pygame.K_PAGEUP, pygame.K_DELETE,
]
SIZES = [(320, 240), (480, 320), (640, 480), (1280, 720), (1920, 1080), (333, 777),
         (1000, 250), (200, 150)]


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """Return an App with its own save file and only small custom sizes on offer."""
    monkeypatch.setenv("MIGONG_SAVE_PATH", str(tmp_path / "save.json"))
    # The storm may press Start on the custom screen many times; keep those mazes small.
    monkeypatch.setattr(custom_maze, "SIZE_STEPS", [(11, 11), (15, 21), (21, 21)])
    monkeypatch.setattr(make_maze, "SIZE_STEPS", [(11, 11), (15, 21), (21, 21)])
    spoken = language()
    a = App.open()
    yield a
    pygame.quit()
    set_language(spoken)  # the storm may have chosen another language in Settings


def random_event(rng: random.Random, size: tuple[int, int]) -> pygame.event.Event:
    """Return one random key, mouse or window event."""
    w, h = size
    pos = (rng.randint(-20, w + 20), rng.randint(-20, h + 20))
    kind = rng.random()
    if kind < 0.45:
        k = rng.choice(KEYS) if rng.random() < 0.9 else rng.randint(0, 0x4000011A)
        mod = rng.choice([0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_ALT, pygame.KMOD_CTRL])
        return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
    if kind < 0.6:
        return pygame.event.Event(pygame.KEYUP, key=rng.choice(KEYS), mod=0, unicode="",
                                  scancode=0)
    if kind < 0.75:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0))
    if kind < 0.88:
        etype = rng.choice([pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP])
        return pygame.event.Event(etype, pos=pos, button=rng.randint(1, 7))
    if kind < 0.95:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.randint(-3, 3), flipped=False)
    new = rng.choice(SIZES)
    return pygame.event.Event(pygame.VIDEORESIZE, size=new, w=new[0], h=new[1])


def test_ten_thousand_random_events_leave_the_game_running(app: App) -> None:
    rng = random.Random(20240611)
    app.go(ToTitle())
    seen: set[str] = set()
    quits = 0
    for i in range(EVENTS):
        event = random_event(rng, app.surface.get_size())
        if event.type == pygame.VIDEORESIZE and not app.fullscreen:
            pygame.display.set_mode(event.size, pygame.RESIZABLE)  # what the OS would do
        app.handle_event(event)
        if app.ctx.quit_requested:  # the player chose Quit: note it and play on
            quits += 1
            app.ctx.quit_requested = False
        if i % FRAME_EVERY == 0:
            app.frame(1 / 60)
        assert isinstance(app.scene, Scene)
        seen.add(type(app.scene).__name__)
    app.frame(1 / 60)
    assert isinstance(app.scene, Scene)
    # The storm really went places, not just round the title menu.
    assert {"TitleScene", "PlayScene", "PauseScene"} <= seen
    assert len(seen) >= 6, seen
    print(f"storm: scenes seen {sorted(seen)}, quits chosen {quits}")
