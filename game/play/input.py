"""Input as data: pygame events normalised once, at the edge, into small typed events.

The App turns each pygame event into one of the events below (or None for what no scene
reads) with :func:`normalise`; scenes and widgets take only these, so a handler never
probes an event for attributes.  Bad or partial pygame events become None, never an
exception.  :class:`KeyRepeat` repeats the action of a held key in menus.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional, Union

import pygame

from game.play import theme

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
    """The mouse pointer really moved (not a window appearing under a still pointer)."""

    pos: Point


@dataclass(frozen=True)
class Click:
    """A mouse button went down at ``pos`` (1 left, 2 middle, 3 right)."""

    pos: Point
    button: int


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


Event = Union[KeyDown, KeyUp, PointerMove, Click, Wheel, FocusLost, Resized]
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
        return None if pos is None or _still(attrs.get("rel")) else PointerMove(pos)
    if kind == pygame.MOUSEBUTTONDOWN:
        pos, button = _point(attrs.get("pos")), _int(attrs.get("button"))
        return None if pos is None or button is None else Click(pos, button)
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


CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
UP_KEYS = (pygame.K_UP, pygame.K_w, pygame.K_KP8)
DOWN_KEYS = (pygame.K_DOWN, pygame.K_s, pygame.K_KP2)
LEFT_KEYS = (pygame.K_LEFT, pygame.K_a, pygame.K_KP4)
RIGHT_KEYS = (pygame.K_RIGHT, pygame.K_d, pygame.K_KP6)
BACK_KEYS = (pygame.K_ESCAPE, pygame.K_BACKSPACE)
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


def is_back(event: Event) -> bool:
    """Return True for the "go back" gestures: Esc, Backspace or a right click."""
    return pressed(event) in BACK_KEYS or (isinstance(event, Click) and event.button == 3)


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
