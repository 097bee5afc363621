"""Text: the theme's font, cached rendering, fitting, ellipsizing and wrapping.

Wrapping breaks at spaces and also between CJK characters (which have no spaces), never
before closing punctuation.  Nothing here touches the display at import time.
"""

from __future__ import annotations

from typing import Optional

import pygame

from game.play import theme

Color = tuple[int, int, int]

_fonts: dict[tuple[Optional[str], int, bool], pygame.font.Font] = {}
#: Rendered text by (font, text, colour): menus redraw the same words every frame.
#: Colours are keyed as ``tuple(color)`` so a list or pygame.Color hashes the same way.
_texts: dict[tuple[int, str, tuple[int, ...]], pygame.Surface] = {}
CACHE_LIMIT = 600


def min_font() -> int:
    """Return the smallest readable font size of the current theme."""
    return theme.current().fonts.min_size


def text_scale() -> float:
    """Return the factor ``font`` scales every size by (the Text size setting)."""
    return theme.current().fonts.scale


def unscaled(px: float) -> float:
    """Return the font size that the text scale makes ``px`` pixels (a size drawn from a height)."""
    return px / text_scale()


def font(size: int, *, bold: bool = False) -> pygame.font.Font:
    """Return the theme's font at ``size`` (cached; initialises pygame.font on first use)."""
    size = max(6, int(size * text_scale()))
    file = theme.current().fonts.file
    key = (file, size, bold)
    cached = _fonts.get(key)
    if cached is not None:
        try:
            cached.get_height()
        except pygame.error:  # pygame.font was shut down and restarted since
            _fonts.clear()
            _texts.clear()
            cached = None
    if cached is None:
        if not pygame.font.get_init():
            pygame.font.init()
        cached = pygame.font.Font(file, size)
        cached.set_bold(bold)
        _fonts[key] = cached
    return cached


def fit_size(text: str, size: int, width: int) -> int:
    """Return the largest font size <= ``size`` (not below the minimum) that fits ``width``."""
    low = min_font()
    size = max(low, int(size))
    while size > low and font(size).size(text)[0] > width:
        size = max(low, int(size * 0.92))
    return size


def fit_font(text: str, size: int, max_width: int, *, bold: bool = False,
             min_size: Optional[int] = None) -> pygame.font.Font:
    """Return the largest font no bigger than ``size`` that fits ``text`` in ``max_width``."""
    low = min_font() if min_size is None else min_size
    size = max(low, int(size))
    f = font(size, bold=bold)
    while size > low and f.size(text)[0] > max_width:
        size = max(low, int(size * 0.9))
        f = font(size, bold=bold)
    return f


def ellipsize(text: str, f: pygame.font.Font, max_width: int) -> str:
    """Return ``text`` shortened with an ellipsis so it fits ``max_width`` pixels."""
    if f.size(text)[0] <= max_width:
        return text
    while text and f.size(text + "...")[0] > max_width:
        text = text[:-1]
    return text.rstrip() + "..." if text else ""


def render(f: pygame.font.Font, text: str, color: Color) -> pygame.Surface:
    """Return ``text`` rendered antialiased in ``color`` (cached)."""
    key = (id(f), text, tuple(color))
    img = _texts.get(key)
    if img is None:
        if len(_texts) > CACHE_LIMIT:
            _texts.clear()
        img = _texts[key] = f.render(text, True, color)
    return img


def draw_text(surface: pygame.Surface, text: str, f: pygame.font.Font, color: Color,
              pos: tuple[float, float], *, anchor: str = "center",
              max_width: Optional[int] = None, shadow: Optional[Color] = None) -> pygame.Rect:
    """Draw one line of text anchored at ``pos`` ("center", "midleft", "topleft", ...)."""
    if max_width is not None:
        text = ellipsize(text, f, max(0, max_width))
    img = render(f, text, color)
    rect = img.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
    if shadow is not None:
        off = max(1, f.get_height() // 16)
        surface.blit(render(f, text, shadow), rect.move(off, off))
    surface.blit(img, rect)
    return rect


#: Characters that must not begin a line (closing punctuation, CJK and Latin).
NO_BREAK_BEFORE = set("，。、；：！？）」』》〉】〕,.;:!?)]}…・ー々〜")


def is_cjk(ch: str) -> bool:
    """Return True for a character of a script written without spaces (CJK)."""
    o = ord(ch)
    return (0x2E80 <= o <= 0x9FFF or 0xAC00 <= o <= 0xD7AF or 0xF900 <= o <= 0xFAFF
            or 0xFF00 <= o <= 0xFFEF or 0x20000 <= o <= 0x2FA1F)


def break_units(paragraph: str) -> list[tuple[str, bool]]:
    """Split a paragraph into unbreakable pieces, each with "a space came before it"."""
    units: list[tuple[str, bool]] = []
    word, space = "", False
    for ch in paragraph:
        if ch.isspace():
            if word:
                units.append((word, space))
                word = ""
            space = True
        elif is_cjk(ch) or (not word and ch in NO_BREAK_BEFORE and units and not space):
            if word:
                units.append((word, space))
                word, space = "", False
            if ch in NO_BREAK_BEFORE and units and not space:
                last, gap = units[-1]
                units[-1] = (last + ch, gap)  # glued to what it closes
            else:
                units.append((ch, space))
            space = False
        else:
            word += ch
    if word:
        units.append((word, space))
    return units


def wrap(text: str, f: pygame.font.Font, max_width: int) -> list[str]:
    """Split ``text`` into lines no wider than ``max_width`` (too-long pieces ellipsized)."""
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for unit, space in break_units(para):
            trial = f"{line} {unit}" if line and space else line + unit
            if f.size(trial)[0] <= max_width or not line:
                line = trial
            else:
                lines.append(line)
                line = unit
        lines.append(ellipsize(line, f, max_width))
    return lines
