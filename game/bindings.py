"""The binding table: every remappable action of the play view and the keys it has.

One table, action -> keys, by SDL's key names ("Up", "W", "Keypad 8", "[").  The save
keeps only the actions the player changed (:func:`resolve` lays them over the defaults);
the input layer (:mod:`game.play.input`) turns the names into key codes.  Only the keys
in ``KEY_CODES`` may be bound: Enter, Backspace and the arrow keys of the menus stay the
menus', Shift is auto-run's, and Ctrl, Alt and the system keys are left alone.  A key
belongs to one action at most.  Pure: no pygame (the save validates against it), the
codes are SDL2's own numbers (a test checks them against pygame).
"""

from __future__ import annotations

from typing import NamedTuple, Optional

from game.maze import grid
from game.maze.solvers import SOLVERS


class Action(NamedTuple):
    """A remappable action: its name (in the save), its label's catalogue key, its keys."""

    name: str
    label: str
    defaults: tuple[str, ...]


#: Most solvers with a key of their own (1, 2, 3... 9), in registry order.
MAX_SOLVER_KEYS = 9
_SOLVER_ACTION = "solver_"


def solver_slots() -> int:
    """Return how many solvers have a key of their own: the registry's, at most nine."""
    return min(MAX_SOLVER_KEYS, len(SOLVERS))


def solver_action(slot: int) -> str:
    """Return the action that picks the solver in ``slot`` (0-based): "solver_1"..."""
    return f"{_SOLVER_ACTION}{slot + 1}"


def solver_slot(action: str) -> Optional[int]:
    """Return the 0-based solver slot of a "solver_N" action, or None for any other action."""
    number = action.removeprefix(_SOLVER_ACTION)
    return int(number) - 1 if number != action and number.isdigit() else None


def actions() -> tuple[Action, ...]:
    """Return every remappable action, in the Controls screen's order.

    The solver keys follow the solver registry, so this is built when asked.
    """
    return (
        Action("walk_up", "controls.walk_up", ("Up", "W", "Keypad 8")),
        Action("walk_down", "controls.walk_down", ("Down", "S", "Keypad 2")),
        Action("walk_left", "controls.walk_left", ("Left", "A", "Keypad 4")),
        Action("walk_right", "controls.walk_right", ("Right", "D", "Keypad 6")),
        Action("strafe_left", "controls.strafe_left", ("Q",)),
        Action("strafe_right", "controls.strafe_right", ("E",)),
        Action("view", "controls.view", ("V",)),
        Action("hint", "controls.hint", ("H",)),
        Action("solver_next", "controls.solver_next", ("Tab",)),
        *(Action(solver_action(i), "controls.solver", (str(i + 1),))
          for i in range(solver_slots())),
        Action("slower", "controls.slower", ("[",)),
        Action("faster", "controls.faster", ("]",)),
        Action("finish_hint", "controls.finish_hint", ("Space",)),
        Action("zoom_in", "controls.zoom_in", ("+", "=", "Keypad +")),
        Action("zoom_out", "controls.zoom_out", ("-", "Keypad -")),
        Action("fit", "controls.fit", ("F", "Z")),
        Action("map", "controls.map", ("O",)),
        Action("pause", "controls.pause", ("Escape",)),
        Action("mute", "controls.mute", ("M",)),
        Action("fullscreen", "controls.fullscreen", ("F11",)),
    )


def by_name() -> dict[str, Action]:
    """Return every remappable action by its name."""
    return {a.name: a for a in actions()}
#: The walking actions and their directions (row, column): in a maze, and in the menus.
WALKS: dict[str, tuple[int, int]] = {"walk_up": grid.UP, "walk_down": grid.DOWN,
                                     "walk_left": grid.LEFT, "walk_right": grid.RIGHT}
#: Most keys one action may have.
MAX_KEYS = 4

_SCANCODE_KEY = 1 << 30  # SDL's keycode of a key without a character: its scancode | this


def _key_codes() -> dict[str, int]:
    """Return the SDL2 keycode of every bindable key, by SDL's name of it."""
    codes = {ch: ord(ch) + 32 for ch in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"}  # its lower case's
    codes.update({ch: ord(ch) for ch in "0123456789"})
    codes.update({ch: ord(ch) for ch in "-=+[];',./\\`#"})
    codes.update({"Space": 32, "Tab": 9, "Escape": 27, "Delete": 127})
    scancodes = {**{f"F{i}": 57 + i for i in range(1, 13)},
                 "Insert": 73, "Home": 74, "PageUp": 75, "End": 77, "PageDown": 78,
                 "Right": 79, "Left": 80, "Down": 81, "Up": 82,
                 "Keypad /": 84, "Keypad *": 85, "Keypad -": 86, "Keypad +": 87,
                 **{f"Keypad {d}": 88 + d for d in range(1, 10)}, "Keypad 0": 98,
                 "Keypad .": 99}
    codes.update({name: sc | _SCANCODE_KEY for name, sc in scancodes.items()})
    return codes


#: The keys that may be bound, by name, with their SDL keycodes.
KEY_CODES: dict[str, int] = _key_codes()
_CANONICAL = {name.casefold(): name for name in KEY_CODES}

Table = dict[str, tuple[str, ...]]


def canonical(name: str) -> Optional[str]:
    """Return SDL's spelling of a bindable key name (any case), or None if not bindable."""
    return _CANONICAL.get(name.casefold())


def name_of(code: int) -> Optional[str]:
    """Return the name of the bindable key with keycode ``code``, or None."""
    return _NAMES.get(code)


_NAMES = {code: name for name, code in KEY_CODES.items()}


def resolve(overrides: dict[str, list[str]]) -> Table:
    """Return the whole table: the defaults with the player's ``overrides`` laid over them."""
    return {a.name: tuple(overrides.get(a.name, a.defaults)) for a in actions()}


def holder(table: Table, key: str) -> Optional[str]:
    """Return the action ``key`` is bound to in ``table``, or None."""
    return next((action for action, keys in table.items() if key in keys), None)


def clashes(table: Table) -> bool:
    """Return True when some key is bound to two actions (or twice to one)."""
    keys = [k for ks in table.values() for k in ks]
    return len(keys) != len(set(keys))


def rebind(overrides: dict[str, list[str]], action: str,
           key: str) -> tuple[dict[str, list[str]], Optional[str]]:
    """Bind ``key`` alone to ``action``; return the new overrides and the action refusing it.

    A key another action holds is refused (the overrides come back unchanged with that
    action's name); a key the action already has becomes its only key.
    """
    other = holder(resolve(overrides), key)
    if other is not None and other != action:
        return overrides, other
    new = {a: list(ks) for a, ks in overrides.items() if a != action}
    if (key,) != by_name()[action].defaults:
        new[action] = [key]
    return new, None
