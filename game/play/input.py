"""Input helpers: read keys, clicks and wheel steps from events; repeat a held key.

Bad or partial events never raise: a helper returns None (or 0) for what it cannot read.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

import pygame

from game.play import theme


def event_key(event: Any) -> Optional[int]:
    """Return the key of a KEYDOWN event, or None."""
    if getattr(event, "type", None) != pygame.KEYDOWN:
        return None
    key = getattr(event, "key", None)
    return key if isinstance(key, int) else None


def event_pos(event: Any) -> Optional[tuple[int, int]]:
    """Return the mouse position carried by ``event`` as two ints, or None."""
    pos = getattr(event, "pos", None)
    try:
        x, y = pos  # type: ignore[misc]
        return int(x), int(y)
    except (TypeError, ValueError, OverflowError):
        return None


def event_hover(event: Any) -> Optional[tuple[int, int]]:
    """Return where the pointer moved to, or None when ``event`` is no real move.

    A window that appears or changes size under a still pointer gets a MOUSEMOTION
    with ``rel == (0, 0)``; that is not the player pointing at anything.
    """
    if getattr(event, "type", None) != pygame.MOUSEMOTION:
        return None
    rel = getattr(event, "rel", None)
    try:
        if rel is not None and not any(int(v) for v in rel):  # type: ignore[union-attr]
            return None
    except (TypeError, ValueError, OverflowError):
        pass
    return event_pos(event)


def event_click(event: Any) -> Optional[tuple[int, int]]:
    """Return the position of a left click (button down), or None."""
    if getattr(event, "type", None) != pygame.MOUSEBUTTONDOWN:
        return None
    if getattr(event, "button", None) != 1:
        return None
    return event_pos(event)


def event_wheel(event: Any) -> int:
    """Return the vertical wheel steps of a MOUSEWHEEL event (up positive), else 0."""
    if getattr(event, "type", None) != pygame.MOUSEWHEEL:
        return 0
    y = getattr(event, "y", 0)
    try:
        return max(-10, min(10, int(y)))
    except (TypeError, ValueError, OverflowError):
        return 0


def is_back(event: Any) -> bool:
    """Return True for the "go back" gestures: Esc, Backspace or a right click."""
    key = event_key(event)
    if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
        return True
    return (getattr(event, "type", None) == pygame.MOUSEBUTTONDOWN
            and getattr(event, "button", None) == 3)


CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
UP_KEYS = (pygame.K_UP, pygame.K_w, pygame.K_KP8)
DOWN_KEYS = (pygame.K_DOWN, pygame.K_s, pygame.K_KP2)
LEFT_KEYS = (pygame.K_LEFT, pygame.K_a, pygame.K_KP4)
RIGHT_KEYS = (pygame.K_RIGHT, pygame.K_d, pygame.K_KP6)


class KeyRepeat:
    """Repeat the action of one held key, timed from KEYDOWN/KEYUP and ``update(dt)``."""

    # Only the last key pressed repeats; its KEYUP, clear() or an action returning False
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

    def release(self, key: Optional[int]) -> None:
        """Stop repeating if ``key`` is the one held."""
        if key is not None and key == self.key:
            self.clear()

    def clear(self) -> None:
        """Stop repeating whatever is held."""
        self.key, self._action = None, None

    def handle_event(self, event: Any) -> None:
        """Stop on the held key's KEYUP or when the window loses focus."""
        etype = getattr(event, "type", None)
        if etype == pygame.KEYUP:
            self.release(getattr(event, "key", None))
        elif etype in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED):
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
