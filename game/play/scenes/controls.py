"""Settings > Controls: every remappable action and its keys; pick one, press a key.

Enter (or a click) on an action waits for a key: that key becomes the action's only key,
unless another action has it -- then it is refused with a line naming that action, and
the screen keeps waiting; Esc cancels.  Keys that cannot be bound (Enter, Backspace,
Shift, Ctrl, Alt...) are refused the same way.  "Reset to defaults" gives every action
its keys back.  Every change goes through the Context: saved, and in use at once.
"""

from __future__ import annotations

from typing import Optional

import pygame

from game import bindings
from game.play import input as keys
from game.play import theme
from game.play.context import Context
from game.play.input import Click, Event, KeyDown
from game.names import hint_solver_label, hint_solvers
from game.play.routes import Back
from game.play.scenes.base import ListScene, Next
from game.play.widgets.menu import MenuItem
from game.play.widgets.text import draw_text, fit_font
from game.text import t


def action_label(action: bindings.Action) -> str:
    """Return the name of ``action`` as the player reads it."""
    slot = bindings.solver_slot(action.name)
    if slot is not None:
        return t("controls.solver", solver=hint_solver_label(hint_solvers()[slot]))
    return t(action.label)


class ControlsScene(ListScene):
    """The binding table: one row per action with its keys, then Reset and Back."""

    def __init__(self, ctx: Context) -> None:
        self.capturing: Optional[bindings.Action] = None  # the action waiting for a key
        self.message = ""
        self.refused = False  # the message says no
        rows: list[MenuItem[Next]] = [
            MenuItem(action_label(a), (lambda a=a: self._capture(a)),  # type: ignore[misc]
                     value=(lambda a=a: self._keys_of(a)))  # type: ignore[misc]
            for a in bindings.actions()
        ]
        super().__init__(ctx, rows + [MenuItem(t("controls.reset"), self._reset),
                                      MenuItem(t("controls.back"), lambda: Back())])

    @property
    def raw_keys(self) -> bool:  # type: ignore[override]
        """Return True while a key is awaited: F11, M and the rest are not global then."""
        return self.capturing is not None

    def _keys_of(self, action: bindings.Action) -> str:
        """Return the keys of ``action`` as the row shows them."""
        if self.capturing == action:
            return t("controls.waiting")
        return " / ".join(keys.key_label(c) for c in keys.keymap().keys(action.name))

    def _say(self, text: str, *, refused: bool = False) -> None:
        """Show ``text`` above the footer."""
        self.message, self.refused = text, refused

    def _capture(self, action: bindings.Action) -> None:
        """Wait for the key to give ``action``."""
        self.capturing = action
        self._say(t("controls.capture", action=action_label(action)))

    def _reset(self) -> None:
        """Give every action its default keys back."""
        self.ctx.set_bindings({})
        self._say(t("controls.reset_done"))

    def _bind(self, key: int) -> None:
        """Give the awaited action ``key``, or say why not (and keep waiting)."""
        action = self.capturing
        assert action is not None
        name = bindings.name_of(key)
        if name is None:
            self._say(t("controls.not_bindable", name=keys.key_label(key)), refused=True)
            return
        overrides, other = bindings.rebind(self.ctx.settings.bindings, action.name, name)
        if other is not None:
            self._say(t("controls.taken", name=keys.key_label(key),
                        action=action_label(bindings.by_name()[other])), refused=True)
            return
        self.capturing = None
        self.ctx.set_bindings(overrides)
        self._say(t("controls.bound", action=action_label(action), name=keys.key_label(key)))

    def on_exit(self) -> None:
        """Stop waiting for a key."""
        self.capturing = None

    def handle_event(self, event: Event) -> Optional[Next]:
        """While waiting: a key binds, Esc (or a click) cancels; else the list, Esc goes back."""
        if self.capturing is not None:
            if keys.is_escape(event) or isinstance(event, Click):
                self.capturing = None
                self._say("")
            elif isinstance(event, KeyDown) and event.key < keys.PAD_BASE:
                self._bind(event.key)
            return None
        if keys.is_back(event):
            return Back()
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the actions and their keys, and what the last key press did."""
        ui = theme.current().ui
        lay, top, bottom = self.draw_frame(surface, t("controls.title"), t("controls.footer"))
        if self.message:
            width = lay.width - 2 * lay.margin
            f = fit_font(self.message, lay.font_size(28), width, min_size=12)
            y = bottom - f.get_height() // 2
            draw_text(surface, self.message, f, ui.danger if self.refused else ui.accent,
                      (lay.width // 2, y), max_width=width, shadow=ui.bg_deep)
            bottom = y - f.get_height() // 2 - lay.px(4, lo=1)
        self.menu_box(surface, lay, self.menu, top, bottom, width=900, font_size=28)
