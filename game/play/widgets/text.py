"""Text: the theme's font, cached rendering, fitting, ellipsizing and wrapping.

A font draws CJK characters (Chinese) with the bundled CJK font and the rest with the
theme's Latin font, sized so both read the same size (:class:`MixedFont`).  Wrapping breaks at spaces and
also between CJK characters (which have no spaces), never before closing punctuation.
Nothing here touches the display at import time.
"""

from __future__ import annotations

import functools
import io
import logging
import re
from typing import TYPE_CHECKING, Optional, Union

import pygame

from game.play import theme
from game.text import catalogue_characters, language

if TYPE_CHECKING:  # pragma: no cover - typing only
    from pygame.typing import ColorLike

Color = tuple[int, int, int]

log = logging.getLogger(__name__)

_fonts: dict[tuple[Optional[str], int, bool, bool], pygame.font.Font] = {}
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
    tall = language() in CJK_LANGUAGES
    key = (file, size, bold, tall)
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
        cached = MixedFont(file, size, tall=tall)
        cached.set_bold(bold)
        _fonts[key] = cached
    return cached


#: Languages written in CJK characters: their lines are laid out as tall as the CJK font's.
CJK_LANGUAGES = frozenset({"zh"})
#: Punctuation Latin and CJK text share, drawn CJK-style (full width, centred) in those
#: languages: the quotes, the ellipsis and the dash.
CJK_STYLED = frozenset("“”‘’…—")
#: How far the CJK characters the catalogues use reach above and below the baseline, in
#: pixels, by (pixel size, bold): hinted, some pass the font's rounded ascent or descent.
_cjk_reaches: dict[tuple[int, bool], tuple[int, int]] = {}
#: The CJK font file's bytes by its path under assets/ (None: missing), read once.
_cjk_files: dict[str, Optional[bytes]] = {}
#: The CJK font's pixel size per pixel size of the Latin font, by (Latin file, CJK file).
_cjk_ratios: dict[tuple[Optional[str], str], float] = {}


def _cjk_bytes(name: str) -> Optional[bytes]:
    """Return the bytes of the CJK font ``name`` under assets/ (None, logged once, if missing)."""
    if name not in _cjk_files:
        from game.resources import asset_path

        try:
            _cjk_files[name] = asset_path(*name.split("/")).read_bytes()
        except OSError as exc:
            log.warning("no CJK font, Chinese shows as boxes: %s", exc)
            _cjk_files[name] = None
    return _cjk_files[name]


def _open_cjk(name: str, px: int) -> Optional[pygame.font.Font]:
    """Return the CJK font ``name`` at ``px`` pixels, or None when it is missing."""
    data = _cjk_bytes(name)
    return None if data is None else pygame.font.Font(io.BytesIO(data), px)


def _cap_height(f: pygame.font.Font) -> int:
    """Return the height of a capital H drawn with ``f``, in pixels."""
    glyph = f.metrics("H")[0]
    return glyph[3] if glyph is not None else f.get_ascent()


def _glyph_top(f: pygame.font.Font, text: str) -> int:
    """Return how far above the baseline SDL puts the top of ``text`` drawn with ``f``.

    That is the font's ascent, or more when a glyph reaches higher: SDL then makes the
    surface taller at the top and the baseline moves down in it.
    """
    tops = [glyph[3] for glyph in f.metrics(text) if glyph is not None]
    return max([pygame.font.Font.get_ascent(f), *tops])


_SURROGATE = re.compile("[\ud800-\udfff]")


def _drawable(text: str) -> str:
    """Return ``text`` with lone surrogates (a file name that is not UTF-8) as U+FFFD."""
    return text if text.isascii() else _SURROGATE.sub("\ufffd", text)


@functools.lru_cache(maxsize=1)
def _cjk_shown() -> str:
    """Return the CJK characters of every CJK catalogue, sorted."""
    shown = set().union(*(catalogue_characters(code) for code in CJK_LANGUAGES))
    return "".join(sorted(ch for ch in shown if is_cjk(ch)))


def _cjk_reach(cjk: pygame.font.Font) -> tuple[int, int]:
    """Return (above, below) the baseline, in pixels, of the CJK text of every CJK catalogue."""
    key = (cjk.get_point_size(), cjk.get_bold())
    if key not in _cjk_reaches:
        glyphs = [g for g in cjk.metrics(_cjk_shown()) if g]
        _cjk_reaches[key] = (max([cjk.get_ascent(), *(g[3] for g in glyphs)]),
                             max([-cjk.get_descent(), *(-g[2] for g in glyphs)]))
    return _cjk_reaches[key]


class MixedFont(pygame.font.Font):
    """The theme's Latin font, drawing CJK characters with the CJK font.

    A text is cut into runs by script (:func:`is_cjk`, and ``CJK_STYLED`` punctuation
    when ``tall``); each run is measured and drawn with its font on one baseline.  The
    CJK font's size makes its Latin capitals as tall as the Latin font's, so its
    ideographs read as big as the Latin text, and never below the theme's
    ``cjk_min_px``.  ``tall`` (the game speaks a CJK language): height, ascent, descent
    and line size cover both fonts and every text is drawn in that box, so Chinese
    lines get the room they take; otherwise they stay the Latin font's.
    """

    def __init__(self, file: Optional[str], size: int, *, tall: bool) -> None:
        super().__init__(file, size)
        self.file, self.px, self.tall = file, size, tall
        self.cjk_file = theme.current().fonts.cjk_file
        self._cjk: Optional[pygame.font.Font] = None
        self._cjk_opened = False
        self._line: Optional[tuple[int, int, int]] = None  # see _lines()

    @property
    def cjk(self) -> Optional[pygame.font.Font]:
        """Return the CJK font at the matching size (opened on first use; None if missing)."""
        if not self._cjk_opened:
            self._cjk_opened = True
            ratio = self._ratio()
            if ratio is not None:
                px = max(theme.current().fonts.cjk_min_px, round(self.px * ratio))
                self._cjk = _open_cjk(self.cjk_file, px)
                if self._cjk is not None:
                    self._cjk.set_bold(self.get_bold())
        return self._cjk

    def _ratio(self) -> Optional[float]:
        """Return the CJK font's pixel size per Latin pixel size (measured once), or None."""
        key = (self.file, self.cjk_file)
        if key not in _cjk_ratios:
            cjk = _open_cjk(self.cjk_file, 100)
            if cjk is None:
                return None
            _cjk_ratios[key] = _cap_height(pygame.font.Font(self.file, 100)) / _cap_height(cjk)
        return _cjk_ratios[key]

    def set_bold(self, value: bool, /) -> None:
        """Draw both fonts bold (a synthetic bold) or not."""
        super().set_bold(value)
        if self._cjk is not None:
            self._cjk.set_bold(value)
        self._line = None

    def runs(self, text: str) -> list[tuple[str, pygame.font.Font]]:
        """Return ``text`` cut into (piece, the font that draws it): CJK characters, the rest."""
        # The CJK font opens (4 ms) for the first text that has a character for it, not for
        # a "·" on the title's first frame.
        if text.isascii() or not any(is_cjk(ch) or (self.tall and ch in CJK_STYLED)
                                     for ch in text):
            return [(text, self)]
        cjk = self.cjk
        if cjk is None:
            return [(text, self)]
        runs: list[tuple[str, pygame.font.Font]] = []
        for ch in text:
            f = cjk if is_cjk(ch) or (self.tall and ch in CJK_STYLED) else self
            if runs and runs[-1][1] is f:
                runs[-1] = (runs[-1][0] + ch, f)
            else:
                runs.append((ch, f))
        return runs

    def _lines(self) -> tuple[int, int, int]:
        """Return (ascent, descent, drawn height) of a line in both fonts, measured once.

        SDL draws a line taller than the font's height (the Latin font's line gap, CJK
        glyphs hinted past the rounded metrics): every line is drawn as tall as the
        tallest, with its baseline in the same place, so lines in both scripts align.
        """
        if self._line is None:
            ascent, descent = super().get_ascent(), -super().get_descent()
            below = super().render("Hg", True, (255, 255, 255)).get_height() - ascent
            cjk = self.cjk
            if cjk is not None:
                above, deep = _cjk_reach(cjk)
                ascent, descent, below = max(ascent, above), max(descent, deep), max(below, deep)
            self._line = (ascent, descent, ascent + below)
        return self._line

    def get_height(self) -> int:
        """Return the height of a line of text."""
        height = super().get_height()  # raises pygame.error once pygame.font was restarted
        if not self.tall:
            return height
        ascent, descent, _ = self._lines()
        return ascent + descent

    def get_ascent(self) -> int:
        """Return the pixels from the top of a line to its baseline."""
        return self._lines()[0] if self.tall else super().get_ascent()

    def get_descent(self) -> int:
        """Return the pixels from the baseline to the bottom of a line (negative)."""
        return -self._lines()[1] if self.tall else super().get_descent()

    def get_linesize(self) -> int:
        """Return the distance from one line's top to the next's."""
        if not self.tall:
            return super().get_linesize()
        return self.get_height() + super().get_linesize() - super().get_height()

    def size(self, text: Union[str, bytes], /) -> tuple[int, int]:
        """Return the (width, height) ``text`` takes when drawn."""
        text = _drawable(text.decode("utf-8") if isinstance(text, bytes) else text)
        runs = self.runs(text)
        if len(runs) == 1 and runs[0][1] is self:
            w, h = super().size(text)
            return w, self.get_height() if self.tall else h
        ascent, descent, _ = self._lines()
        return sum(pygame.font.Font.size(f, piece)[0] for piece, f in runs), ascent + descent

    def render(self, text: Union[str, bytes, None], antialias: bool, color: ColorLike,
               bgcolor: Optional[ColorLike] = None, wraplength: int = 0) -> pygame.Surface:
        """Return ``text`` drawn on a new surface, each run with its font on one baseline."""
        text = _drawable(text.decode("utf-8") if isinstance(text, bytes) else text or "")
        runs = self.runs(text)
        latin_only = len(runs) == 1 and runs[0][1] is self
        if wraplength or (latin_only and not self.tall):
            return super().render(text, antialias, color, bgcolor, wraplength)
        ascent, _, drawn = self._lines()
        # each run with its font's own methods (this class's would cut it into runs again)
        images = [(pygame.font.Font.render(f, piece, antialias, color, bgcolor),
                   ascent - _glyph_top(f, piece)) for piece, f in runs if piece]
        width = sum(img.get_width() for img, _ in images)
        height = max([drawn] + [y + img.get_height() for img, y in images])
        out = pygame.Surface((max(1, width), height), pygame.SRCALPHA)
        if bgcolor is not None:
            out.fill(bgcolor)
        x = 0
        for img, y in images:
            # antialiased text carries its coverage as alpha: copy it, do not blend it
            flags = pygame.BLEND_RGBA_MAX if antialias and bgcolor is None else 0
            out.blit(img, (x, y), special_flags=flags)
            x += img.get_width()
        return out


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
NO_BREAK_BEFORE = set("，。、；：！？）」』》〉】〕”’,.;:!?)]}…・ー々〜")
#: Characters that must not end a line (opening punctuation, CJK and Latin).
NO_BREAK_AFTER = set("（「『《〈【〔“‘([{")


def is_cjk(ch: str) -> bool:
    """Return True for a character of a script written without spaces (CJK)."""
    o = ord(ch)
    return (0x2E80 <= o <= 0x9FFF or 0xAC00 <= o <= 0xD7AF or 0xF900 <= o <= 0xFAFF
            or 0xFF00 <= o <= 0xFFEF or 0x20000 <= o <= 0x2FA1F)


def break_units(paragraph: str) -> list[tuple[str, bool]]:
    """Split a paragraph into unbreakable pieces, each with "a space came before it"."""
    units: list[tuple[str, bool]] = []

    def add(piece: str, space: bool) -> None:
        """Append ``piece``, glued to the last one across closing or opening punctuation."""
        if units and not space and (piece[0] in NO_BREAK_BEFORE
                                    or units[-1][0][-1] in NO_BREAK_AFTER):
            units[-1] = (units[-1][0] + piece, units[-1][1])
        else:
            units.append((piece, space))

    word, space = "", False
    for ch in paragraph:
        if ch.isspace():
            if word:
                add(word, space)
                word = ""
            space = True
        elif is_cjk(ch) or (not word and ch in NO_BREAK_BEFORE):
            if word:
                add(word, space)
                word, space = "", False
            add(ch, space)
            space = False
        else:
            word += ch
    if word:
        add(word, space)
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
