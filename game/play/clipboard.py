"""The system clipboard through SDL (pygame-ce's ``pygame.scrap`` text functions).

Both calls answer instead of raising: without a window, a clipboard or SDL's support for
one (a headless run, a bare X server), copying returns False and pasting None, and the
caller tells the player so.
"""

from __future__ import annotations

import logging
from typing import Optional

import pygame

log = logging.getLogger(__name__)


def copy_text(text: str) -> bool:
    """Put ``text`` on the clipboard; return False when there is no clipboard to put it on."""
    if not pygame.display.get_init():
        return False
    try:
        pygame.scrap.put_text(text)
    except (pygame.error, NotImplementedError) as exc:
        log.info("no clipboard to copy to: %s", exc)
        return False
    return True


def paste_text() -> Optional[str]:
    """Return the text on the clipboard; None when it is empty or out of reach."""
    if not pygame.display.get_init():
        return None
    try:
        text = pygame.scrap.get_text()
    except (pygame.error, NotImplementedError) as exc:
        log.info("no clipboard to paste from: %s", exc)
        return None
    return text or None
