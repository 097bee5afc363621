"""Input as data: pygame events normalised once, at the edge, into small typed events.

The App turns each pygame event into one of the events below (or None for what no scene
reads) with :func:`normalise`; scenes and widgets take only these, so a handler never
probes an event for attributes.  Bad or partial pygame events become None, never an
exception.  :class:`KeyRepeat` repeats the action of a held key in menus.

Keys do actions through the binding table (:mod:`game.bindings`) as key codes, a
:class:`KeyMap`; ``keymap()`` is the one in use (the Context installs the player's).
Game controllers are keys too: :class:`Gamepads` opens them as they are plugged in and
turns their buttons, d-pad and left stick (with a dead zone and hysteresis) into
``KeyDown``/``KeyUp`` of the ``PAD_*`` codes, which do fixed actions -- so a held d-pad
walks like a held arrow key, and every menu works by pad.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional, Protocol, Union

import pygame

from game import bindings
from game.play import theme
from game.text import t

Point = tuple[int, int]


@dataclass(frozen=True)
class KeyDown:
    """A key was pressed (``mod``: the modifier keys held, pygame KMOD_* bits)."""

    key: int
    mod: int = 0


@dataclass(frozen=True)
class KeyUp:
    """A key was released."""

    key: int


@dataclass(frozen=True)
class PointerMove:
    """The mouse pointer really moved (not a window appearing under a still pointer).

    ``buttons``: the buttons held meanwhile, one bit each (1 left, 2 middle, 4 right).
    """

    pos: Point
    buttons: int = 0


@dataclass(frozen=True)
class Click:
    """A mouse button went down at ``pos`` (1 left, 2 middle, 3 right)."""

    pos: Point
    button: int


@dataclass(frozen=True)
class ClickUp:
    """A mouse button went up at ``pos`` (a drag ends)."""

    pos: Point
    button: int


@dataclass(frozen=True)
class TextTyped:
    """Text was typed (a character, or what an input method composed): for text fields."""

    text: str


@dataclass(frozen=True)
class Wheel:
    """The mouse wheel turned ``steps`` notches (up positive, at most 10 either way)."""

    steps: int


class FocusLost:
    """The window lost the keyboard (or was minimised): every held key is up."""


class Resized:
    """The window changed size."""


class QuitRequest:
    """The window's close button (the App ends the loop; scenes never see it)."""


class FocusGained:
    """The window got the keyboard (the App watches for keys SDL replays then)."""


Event = Union[KeyDown, KeyUp, PointerMove, Click, ClickUp, TextTyped, Wheel, FocusLost, Resized]
WindowEvent = Union[QuitRequest, FocusGained]


def _int(value: object) -> Optional[int]:
    """Return ``value`` as an int when it is a real (non-bool) integer, else None."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _point(value: object) -> Optional[Point]:
    """Return ``value`` as two ints, or None."""
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        return None
    try:
        return int(value[0]), int(value[1])
    except (TypeError, ValueError, OverflowError):
        return None


def _held(buttons: object) -> int:
    """Return the mouse buttons a motion says are held, as bits (1 left, 2 middle, 4 right)."""
    if not isinstance(buttons, (tuple, list)):
        return 0
    return sum(1 << i for i, down in enumerate(buttons[:3]) if down)


def _still(rel: object) -> bool:
    """Return True for a pointer motion of (0, 0): SDL's note that a window appeared."""
    return _point(rel) == (0, 0)


def normalise(event: pygame.event.Event) -> Optional[Union[Event, WindowEvent]]:
    """Return the typed event a pygame event means, or None for one nobody reads."""
    kind = event.type
    attrs = event.__dict__
    if kind == pygame.KEYDOWN:
        key = _int(attrs.get("key"))
        return None if key is None else KeyDown(key, _int(attrs.get("mod")) or 0)
    if kind == pygame.KEYUP:
        key = _int(attrs.get("key"))
        return None if key is None else KeyUp(key)
    if kind == pygame.MOUSEMOTION:
        pos = _point(attrs.get("pos"))
        if pos is None or _still(attrs.get("rel")):
            return None
        return PointerMove(pos, _held(attrs.get("buttons")))
    if kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pos, button = _point(attrs.get("pos")), _int(attrs.get("button"))
        if pos is None or button is None:
            return None
        return Click(pos, button) if kind == pygame.MOUSEBUTTONDOWN else ClickUp(pos, button)
    if kind == pygame.TEXTINPUT:
        text = attrs.get("text")
        return TextTyped(text) if isinstance(text, str) and text else None
    if kind == pygame.MOUSEWHEEL:
        try:
            steps = max(-10, min(10, int(attrs.get("y", 0))))
        except (TypeError, ValueError, OverflowError):
            return None
        return Wheel(steps) if steps else None
    if kind in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED):
        return FocusLost()
    if kind in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
        return Resized()
    if kind == pygame.QUIT:
        return QuitRequest()
    if kind == pygame.WINDOWFOCUSGAINED:
        return FocusGained()
    return None


# -- gamepad controls, as key codes of their own ------------------------------------------
#: Past every SDL keycode (the largest are 2**30 + a scancode below 512).
PAD_BASE = 0x7000_0000
(PAD_A, PAD_B, PAD_X, PAD_Y, PAD_START, PAD_LB, PAD_RB, PAD_UP, PAD_DOWN, PAD_LEFT, PAD_RIGHT,
 STICK_UP, STICK_DOWN, STICK_LEFT, STICK_RIGHT) = range(PAD_BASE, PAD_BASE + 15)
PAD_BUTTONS = {
    pygame.CONTROLLER_BUTTON_A: PAD_A, pygame.CONTROLLER_BUTTON_B: PAD_B,
    pygame.CONTROLLER_BUTTON_X: PAD_X, pygame.CONTROLLER_BUTTON_Y: PAD_Y,
    pygame.CONTROLLER_BUTTON_START: PAD_START,
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: PAD_LB, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: PAD_RB,
    pygame.CONTROLLER_BUTTON_DPAD_UP: PAD_UP, pygame.CONTROLLER_BUTTON_DPAD_DOWN: PAD_DOWN,
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: PAD_LEFT, pygame.CONTROLLER_BUTTON_DPAD_RIGHT: PAD_RIGHT,
}
#: The left stick's axes: the key of each way it is pushed (SDL: up and left are negative).
STICK_AXES = {pygame.CONTROLLER_AXIS_LEFTX: (STICK_LEFT, STICK_RIGHT),
              pygame.CONTROLLER_AXIS_LEFTY: (STICK_UP, STICK_DOWN)}
#: What the pad does in a maze (fixed): d-pad and stick walk, Y hint, X finishes it, Start
#: and B pause, the shoulders step through the solvers.  In menus A chooses, B goes back.
PAD_ACTIONS = {
    PAD_UP: "walk_up", PAD_DOWN: "walk_down", PAD_LEFT: "walk_left", PAD_RIGHT: "walk_right",
    STICK_UP: "walk_up", STICK_DOWN: "walk_down", STICK_LEFT: "walk_left",
    STICK_RIGHT: "walk_right", PAD_Y: "hint", PAD_X: "finish_hint", PAD_START: "pause",
    PAD_B: "pause", PAD_RB: "solver_next", PAD_LB: "solver_previous",
}
#: The catalogue keys of the pad controls' names.
PAD_LABELS = {PAD_A: "pad.a", PAD_B: "pad.b", PAD_X: "pad.x", PAD_Y: "pad.y",
              PAD_START: "pad.start", PAD_LB: "pad.lb", PAD_RB: "pad.rb",
              PAD_UP: "pad.dpad", PAD_DOWN: "pad.dpad", PAD_LEFT: "pad.dpad",
              PAD_RIGHT: "pad.dpad", STICK_UP: "pad.stick", STICK_DOWN: "pad.stick",
              STICK_LEFT: "pad.stick", STICK_RIGHT: "pad.stick"}


# -- the binding table as key codes ---------------------------------------------------------
class KeyMap:
    """The binding table as key codes: the action a key does, the keys an action has."""

    def __init__(self, table: bindings.Table) -> None:
        self._codes = {a: tuple(bindings.KEY_CODES[k] for k in ks) for a, ks in table.items()}
        self._actions: dict[int, str] = dict(PAD_ACTIONS)
        self._actions.update({c: a for a, cs in self._codes.items() for c in cs})

    @classmethod
    def of(cls, overrides: dict[str, list[str]]) -> "KeyMap":
        """Return the key map of the defaults with the player's ``overrides``."""
        return cls(bindings.resolve(overrides))

    def action(self, key: Optional[int]) -> Optional[str]:
        """Return the action ``key`` does in a maze, or None."""
        return None if key is None else self._actions.get(key)

    def keys(self, action: str) -> tuple[int, ...]:
        """Return the key codes bound to ``action``."""
        return self._codes.get(action, ())

    def label(self, action: str, most: int = 2) -> str:
        """Return the names of (at most ``most`` of) the keys of ``action``, "/" between."""
        return "/".join(key_label(c) for c in self.keys(action)[:most])

    def walk_label(self, most: int = 2) -> str:
        """Return the walking keys in short: "Arrows/WASD", "IJKL", "Num 8 4 2 6"..."""
        groups = []
        for i in range(bindings.MAX_KEYS):
            codes = [self.keys(a)[i] if i < len(self.keys(a)) else None for a in bindings.WALKS]
            if None in codes:
                break
            names = [bindings.name_of(c) for c in codes if c is not None]
            if set(names) == {"Up", "Down", "Left", "Right"}:
                groups.append(t("key.arrows"))
            elif all(n is not None and len(n) == 1 for n in names):
                up, down, left, right = names
                groups.append(f"{up}{left}{down}{right}")  # in keyboard order: WASD
            else:
                groups.append(" ".join(key_label(c) for c in codes if c is not None))
        return "/".join(groups[:most])

    def solvers_label(self) -> str:
        """Return the keys choosing a solver each: "1-3" when they are 1, 2, 3..., else each."""
        first = [self.keys(bindings.solver_action(i))[:1] for i in range(bindings.solver_slots())]
        names = [bindings.name_of(k[0]) if k else None for k in first]
        if names == [str(i + 1) for i in range(len(names))] and len(names) > 1:
            return f"{names[0]}-{names[-1]}"
        return " ".join(key_label(k[0]) for k in first if k)


DEFAULT_KEYMAP = KeyMap.of({})
_keymap = [DEFAULT_KEYMAP]


def keymap() -> KeyMap:
    """Return the binding table in use."""
    return _keymap[0]


def use_keymap(km: KeyMap) -> None:
    """Use ``km`` from the next key on."""
    _keymap[0] = km


#: The arrow keys' SDL names and the catalogue keys of the names a player reads.
ARROW_NAMES = {"Up": "key.up", "Down": "key.down", "Left": "key.left", "Right": "key.right"}


def key_label(code: int) -> str:
    """Return the name a player reads for key ``code`` (SDL's, made readable)."""
    if code in PAD_LABELS:
        return t(PAD_LABELS[code])
    name = bindings.name_of(code)
    if name is None:
        try:
            name = pygame.key.name(code, use_compat=False)
        except (pygame.error, ValueError, OverflowError):
            name = ""
    if name in ARROW_NAMES:
        return t(ARROW_NAMES[name])
    if name == "Escape":
        return t("key.escape")
    if name == "Return":
        return t("key.enter")
    if name.startswith("Keypad "):
        return t("key.keypad", name=name[len("Keypad "):])
    return name or t("key.unknown", code=code)


# -- keys in menus: fixed ones, and the walking keys as they are bound -----------------------
CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, PAD_A)
BACK_KEYS = (pygame.K_ESCAPE, pygame.K_BACKSPACE, PAD_B)
#: The arrow keys walk in a menu whatever the walking keys are bound to.
ARROW_WALKS = {pygame.K_UP: "walk_up", pygame.K_DOWN: "walk_down", pygame.K_LEFT: "walk_left",
               pygame.K_RIGHT: "walk_right"}
#: Menus always move with the arrow keys and the pad, and with the walking keys as bound.
MENU_DIRECTIONS = {key: bindings.WALKS[action]
                   for key, action in {**ARROW_WALKS, **PAD_ACTIONS}.items()
                   if action in bindings.WALKS}
DIGIT_KEYS = {**{pygame.K_0 + d: d for d in range(10)},
              **{k: d for d, k in enumerate((pygame.K_KP0, pygame.K_KP1, pygame.K_KP2,
                                             pygame.K_KP3, pygame.K_KP4, pygame.K_KP5,
                                             pygame.K_KP6, pygame.K_KP7, pygame.K_KP8,
                                             pygame.K_KP9))}}


def pressed(event: Event) -> Optional[int]:
    """Return the key of a KeyDown, else None."""
    return event.key if isinstance(event, KeyDown) else None


def left_click(event: Event) -> Optional[Point]:
    """Return where a left click went down, else None."""
    return event.pos if isinstance(event, Click) and event.button == 1 else None


def direction(key: Optional[int]) -> Optional[tuple[int, int]]:
    """Return the (row, column) step a key means in a menu, or None."""
    if key is None:
        return None
    fixed = MENU_DIRECTIONS.get(key)
    if fixed is not None:
        return fixed
    action = keymap().action(key)
    return bindings.WALKS.get(action) if action is not None else None


def is_confirm(key: Optional[int]) -> bool:
    """Return True for the keys that choose in a menu: Enter, Space, the pad's A."""
    return key in CONFIRM_KEYS


def is_back(event: Event) -> bool:
    """Return True for the "go back" gestures: Esc, Backspace, a right click, the pad's B."""
    return pressed(event) in BACK_KEYS or (isinstance(event, Click) and event.button == 3)


def is_escape(event: Event) -> bool:
    """Return True for Esc and the pad's B (not Backspace: it edits text in places)."""
    return pressed(event) in (pygame.K_ESCAPE, PAD_B)


class KeyRepeat:
    """Repeat the action of one held key, timed from KeyDown/KeyUp and ``update(dt)``."""

    # Only the last key pressed repeats; its KeyUp, clear() or an action returning False
    # stops it.  At most one repeat fires per update, so a slow frame never bursts.  Never
    # pygame.key.set_repeat: that would also repeat keys in the play view.

    def __init__(self) -> None:
        self.key: Optional[int] = None
        self._action: Optional[Callable[[], bool]] = None
        self._wait = 0.0

    def press(self, key: int, action: Callable[[], bool]) -> None:
        """Start holding ``key``: ``action`` runs again after the delay, then steadily."""
        self.key, self._action = key, action
        self._wait = theme.current().motion.menu_repeat_delay

    def clear(self) -> None:
        """Stop repeating whatever is held."""
        self.key, self._action = None, None

    def handle_event(self, event: Event) -> None:
        """Stop on the held key's KeyUp or when the window loses focus."""
        if (isinstance(event, KeyUp) and event.key == self.key) or isinstance(event, FocusLost):
            self.clear()

    def update(self, dt: float) -> bool:
        """Advance the hold by ``dt`` seconds; return True when the action repeated."""
        if self._action is None:
            return False
        self._wait -= max(0.0, dt)
        if self._wait > 0:
            return False
        interval = theme.current().motion.menu_repeat_interval
        self._wait = max(self._wait + interval, interval / 2)
        if not self._action():
            self.clear()
        return True


# -- game controllers -------------------------------------------------------------------------
class Controller(Protocol):
    """What the game asks of an open game controller (pygame._sdl2.controller.Controller)."""

    def quit(self) -> None:
        """Close the controller."""


def open_controller(device_index: int) -> tuple[int, Controller]:
    """Open the game controller at ``device_index``; return its instance id and it."""
    from pygame._sdl2 import controller

    pad = controller.Controller(device_index)
    return pad.as_joystick().get_instance_id(), pad


CONTROLLER_EVENTS = (pygame.CONTROLLERDEVICEADDED, pygame.CONTROLLERDEVICEREMOVED,
                     pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP,
                     pygame.CONTROLLERAXISMOTION)


class Gamepads:
    """The game controllers plugged in, and their events as key events.

    A controller is opened when SDL says it was added and closed when it is removed (its
    held controls are let go then).  The left stick counts as pushed one way once it is
    past ``PRESS`` of its travel beyond the dead zone, and as let go only once back under
    ``RELEASE``: a stick resting a little off centre, or wobbling at the threshold, never
    walks or stutters.
    """

    #: Fraction of the stick's travel read as centred.
    DEAD_ZONE = 0.2
    #: Fractions of the travel past the dead zone that push and let go.
    PRESS = 0.5
    RELEASE = 0.3

    def __init__(self, opener: Callable[[int], tuple[int, Controller]] = open_controller) -> None:
        self.opener = opener
        self.pads: dict[int, Controller] = {}  # instance id -> open controller
        self._held: dict[int, set[int]] = {}  # instance id -> pad codes held down
        self._stick: dict[tuple[int, int], int] = {}  # (instance id, axis) -> -1, 0 or 1

    def translate(self, event: pygame.event.Event) -> Optional[list[Event]]:
        """Return the key events a controller event means (None: not a controller event)."""
        kind = event.type
        if kind not in CONTROLLER_EVENTS:
            return None
        attrs = event.__dict__
        if kind == pygame.CONTROLLERDEVICEADDED:
            self._add(_int(attrs.get("device_index")))
            return []
        pad = _int(attrs.get("instance_id"))
        if pad is None:
            return []
        if kind == pygame.CONTROLLERDEVICEREMOVED:
            return self._remove(pad)
        held = self._held.setdefault(pad, set())
        if kind == pygame.CONTROLLERAXISMOTION:
            return self._axis(pad, _int(attrs.get("axis")), _int(attrs.get("value")), held)
        button = _int(attrs.get("button"))
        code = PAD_BUTTONS.get(button) if button is not None else None
        if code is None:
            return []
        if kind == pygame.CONTROLLERBUTTONDOWN:
            held.add(code)
            return [KeyDown(code)]
        held.discard(code)
        return [KeyUp(code)]

    def _add(self, index: Optional[int]) -> None:
        """Open the controller SDL just announced (one that cannot be opened is ignored)."""
        if index is None:
            return
        try:
            pad, controller = self.opener(index)
        except (pygame.error, ValueError, OSError):
            return
        self.pads[pad] = controller

    def _remove(self, pad: int) -> list[Event]:
        """Close a controller that was unplugged; let go of what it held."""
        controller = self.pads.pop(pad, None)
        if controller is not None:
            try:
                controller.quit()
            except pygame.error:
                pass
        for key in [k for k in self._stick if k[0] == pad]:
            del self._stick[key]
        return [KeyUp(code) for code in sorted(self._held.pop(pad, set()))]

    def _axis(self, pad: int, axis: Optional[int], value: Optional[int],
              held: set[int]) -> list[Event]:
        """Turn a stick's motion into the pushes and releases of its two directions."""
        if axis not in STICK_AXES or value is None:
            return []
        negative, positive = STICK_AXES[axis]
        tilt = max(-1.0, min(1.0, value / 32767))
        live = max(0.0, (abs(tilt) - self.DEAD_ZONE) / (1 - self.DEAD_ZONE))
        way = 1 if tilt > 0 else -1
        was = self._stick.get((pad, axis), 0)
        now = was
        if was and (way != was or live < self.RELEASE):
            now = 0
        if not now and live >= self.PRESS:
            now = way
        if now == was:
            return []
        self._stick[(pad, axis)] = now
        events: list[Event] = []
        if was:
            code = negative if was < 0 else positive
            held.discard(code)
            events.append(KeyUp(code))
        if now:
            code = negative if now < 0 else positive
            held.add(code)
            events.append(KeyDown(code))
        return events

    def close(self) -> None:
        """Close every controller."""
        for pad in list(self.pads):
            self._remove(pad)
