"""Key remapping: one binding table (action -> keys) that the play view, the global keys,
the footers, the key strip and the Help screen all read; Settings > Controls changes it
(a key another action holds is refused, naming that action; Esc cancels; reset), saved."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.bindings import solver_slots
from game import bindings
from game.play import input as keys
from game.play.app import App
from game.bindings import KEY_CODES, actions, clashes, rebind, resolve
from game.play.context import Context
from game.play.routes import Back, OpenControls, ToTitle
from game.play.scenes.controls import ControlsScene
from game.play.scenes.help import help_sections
from game.play.scenes.title import TitleScene
from game.run.intents import AutoRun
from game.save import load_progress
from game.text import t
from tests.play.helpers import Driver, key, small_play

pytestmark = pytest.mark.usefixtures("display")


def choose(scene: ControlsScene, action: str) -> None:
    """Select the row of ``action`` and press Enter on it."""
    scene.menu.selected = [a.name for a in actions()].index(action)
    scene.handle_event(key(pygame.K_RETURN))


# -- the table ----------------------------------------------------------------------------------
def test_every_bindable_key_has_sdls_name_and_keycode() -> None:
    for name, code in KEY_CODES.items():
        assert pygame.key.key_code(name) == code, name
        assert pygame.key.name(code, use_compat=False) == name


def test_the_defaults_give_every_action_keys_and_no_key_two_actions() -> None:
    table = resolve({})
    assert not clashes(table)
    assert all(table[a.name] and set(table[a.name]) <= set(KEY_CODES) for a in actions())
    for kept in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_BACKSPACE, pygame.K_LSHIFT,
                 pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_LALT):
        assert bindings.name_of(kept) is None  # the menus', auto-run's, the system's


def test_a_key_another_action_has_is_refused_with_that_actions_name() -> None:
    assert rebind({}, "hint", "D") == ({}, "walk_right")
    assert rebind({"fit": ["J"]}, "hint", "J") == ({"fit": ["J"]}, "fit")


def test_a_new_key_replaces_the_actions_keys_and_its_default_drops_the_change() -> None:
    overrides, refused = rebind({}, "hint", "J")
    assert refused is None and overrides == {"hint": ["J"]}
    assert rebind(overrides, "hint", "H") == ({}, None)
    assert rebind({}, "walk_up", "W") == ({"walk_up": ["W"]}, None)  # one of its own keys


# -- everything reads it -------------------------------------------------------------------------
def test_the_play_view_follows_the_bindings(ctx: Context) -> None:
    ctx.set_bindings({"hint": ["J"], "walk_right": ["L"]})
    scene = small_play(ctx)
    scene.handle_event(key(pygame.K_h))
    assert not scene.run.hint_shown
    scene.handle_event(key(pygame.K_j))
    assert scene.run.hint_shown
    scene.handle_event(key(pygame.K_l))
    assert scene.run.moves == 1
    scene.handle_event(key(pygame.K_RIGHT))  # no longer a walking key
    assert scene.run.moves == 1


def test_shift_with_a_walking_key_runs(ctx: Context) -> None:
    scene = small_play(ctx)
    scene.handle_event(key(pygame.K_RIGHT, pygame.KMOD_LSHIFT))
    assert scene.run.log[-1].intent == AutoRun(0, 1)
    for _ in range(120):
        scene.update(1 / 60)
    assert scene.run.moves > 1


def test_the_strip_the_caption_the_help_and_the_footer_name_the_keys_as_bound(
        ctx: Context) -> None:
    ctx.set_bindings({"hint": ["G"], "fullscreen": ["F10"], "solver_next": ["Q"],
                      "walk_up": ["I"], "walk_left": ["J"], "walk_down": ["K"],
                      "walk_right": ["L"], "pause": ["P"]})
    scene = small_play(ctx)
    assert scene.help_line().startswith("IJKL move")
    assert "G hint" in scene.help_line() and "P pause" in scene.help_line()
    assert scene.hint_keys().startswith(f"Q/1-{solver_slots()} solver") and scene.hint_keys().endswith("G hide")
    rows = dict(r for _, section in help_sections() for r in section)
    assert rows["IJKL"] == t("help.walk") and rows["G"] == t("help.hint_show")
    assert rows["P"] == t("help.pause")
    assert "F10 fullscreen" in TitleScene.footer_text()


def test_menus_move_with_the_walking_keys_as_bound(ctx: Context) -> None:
    ctx.set_bindings({"walk_down": ["K"]})
    title = TitleScene(ctx)
    title.handle_event(key(pygame.K_k))
    assert title.menu.selected == 1
    title.handle_event(key(pygame.K_s))  # S walks down no more
    title.handle_event(key(pygame.K_DOWN))  # the arrows always work in menus
    assert title.menu.selected == 2


# -- Settings > Controls ----------------------------------------------------------------------
def test_pick_an_action_press_a_key_and_it_is_bound_and_saved(ctx: Context) -> None:
    controls = ControlsScene(ctx)
    choose(controls, "hint")
    assert controls.raw_keys and controls._keys_of(bindings.by_name()["hint"]) == \
        t("controls.waiting")
    controls.handle_event(key(pygame.K_j))
    assert not controls.raw_keys
    assert ctx.settings.bindings == {"hint": ["J"]}
    assert keys.keymap().action(pygame.K_j) == "hint" and keys.keymap().action(pygame.K_h) is None
    assert controls.message == t("controls.bound", action=t("controls.hint"), name="J")
    assert ctx.save_path is not None
    assert load_progress(ctx.save_path)[0].settings.bindings == {"hint": ["J"]}


def test_a_key_another_action_has_is_refused_naming_it_and_the_screen_keeps_waiting(
        ctx: Context) -> None:
    controls = ControlsScene(ctx)
    choose(controls, "hint")
    controls.handle_event(key(pygame.K_d))
    assert controls.message == t("controls.taken", name="D", action=t("controls.walk_right"))
    assert controls.refused and controls.raw_keys and ctx.settings.bindings == {}
    controls.handle_event(key(pygame.K_RETURN))  # cannot be bound at all
    assert controls.message == t("controls.not_bindable", name="Enter")
    controls.handle_event(key(pygame.K_g))
    assert ctx.settings.bindings == {"hint": ["G"]}


def test_escape_cancels_and_a_second_escape_goes_back(ctx: Context) -> None:
    game = Driver(ctx, ToTitle())
    game.follow(OpenControls())
    controls = game.scene
    assert isinstance(controls, ControlsScene)
    choose(controls, "pause")
    game.send(key(pygame.K_ESCAPE))
    assert not controls.raw_keys and ctx.settings.bindings == {}
    assert isinstance(game.send(key(pygame.K_ESCAPE)), TitleScene)


def test_reset_gives_every_action_its_default_keys(ctx: Context) -> None:
    ctx.set_bindings({"hint": ["J"], "fit": ["V"]})
    controls = ControlsScene(ctx)
    controls.menu.selected = len(actions())
    assert controls.menu.items[len(actions())].text() == t("controls.reset")
    controls.handle_event(key(pygame.K_RETURN))
    assert ctx.settings.bindings == {} and keys.keymap().action(pygame.K_h) == "hint"
    controls.menu.selected = len(actions()) + 1
    assert isinstance(controls.handle_event(key(pygame.K_RETURN)), Back)


def pg_key(k: int) -> pygame.event.Event:
    """Return a KEYDOWN pygame event."""
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def test_the_global_keys_follow_the_bindings_and_wait_while_a_key_is_bound(app: App) -> None:
    app.go(ToTitle())
    app.ctx.set_bindings({"mute": ["N"]})
    app.handle_event(pg_key(pygame.K_m))
    assert not app.ctx.settings.muted
    app.handle_event(pg_key(pygame.K_n))
    assert app.ctx.settings.muted
    app.go(OpenControls())
    controls = app.scene
    assert isinstance(controls, ControlsScene)
    choose(controls, "hint")
    app.handle_event(pg_key(pygame.K_n))  # refused (Mute has it), and not muting either
    assert app.ctx.settings.muted
    assert controls.message == t("controls.taken", name="N", action=t("controls.mute"))
    app.handle_event(pg_key(pygame.K_F11))
    assert not app.fullscreen
    assert controls.message == t("controls.taken", name="F11", action=t("controls.fullscreen"))


def test_a_saved_table_is_in_use_when_the_game_starts(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "save.json"
    path.write_text('{"version": 1, "settings": {"bindings": {"hint": ["j"]}, '
                    '"palette": "high_contrast", "text_size": 125}}')
    monkeypatch.setenv("MIGONG_SAVE_PATH", str(path))
    App.open()
    try:
        assert keys.keymap().action(pygame.K_j) == "hint"
        from game.play import theme

        assert theme.current() is theme.build("high_contrast", text_size=125)
    finally:
        pygame.quit()
