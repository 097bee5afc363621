"""The heads-up display of the play view: a top bar of facts, the hint caption, toasts.

Everything lays out from the surface size; on narrow windows the least important facts
drop out instead of overlapping.
"""

from __future__ import annotations

from typing import NamedTuple, Optional, cast

import pygame

from game.play import theme
from game.names import format_time
from game.play.widgets.shapes import draw_key_symbol
from game.play.widgets.text import draw_text, ellipsize, font, text_scale, unscaled, wrap
from game.text import language, t


class HudInfo(NamedTuple):
    """The facts the top bar shows."""

    title: str
    algorithm: str
    size: str
    time: float
    moves: int
    hints: int
    code: str = ""
    keys: str = ""  # the colour letters (r g b y) of the keys held, drawn as their symbols
    key_total: int = 0  # the keys the maze has (0: none, and no keys fact)
    fog: bool = False  # the run is in the fog of war


def ui_scale(size: tuple[int, int]) -> float:
    """Return the text scale for a surface: 1.0 at 1280x720, never tiny on narrow windows."""
    w, h = size
    return max(0.6, min(1.6, min(w / 1280, h / 720) ** 0.5))


def bar_height(surface_size: tuple[int, int]) -> int:
    """Return the height of the top bar for a surface of this size (taller with larger text)."""
    w, h = surface_size
    return max(0, min(h // 4, round(ui_scale((w, h)) * 40 * text_scale())))


def _font(bar: int) -> pygame.font.Font:
    """Return the HUD font for a bar of height ``bar``."""
    return font(max(8, round(unscaled(bar * 0.62))))


def bar_facts(info: HudInfo) -> list[tuple[str, theme.Color, int]]:
    """Return the facts right of the title, left to right: (text, colour, priority).

    A lower priority stays longer on a narrow window.
    """
    ui = theme.current().ui
    facts = [
        # the keys fact first, beside the symbols of the keys held drawn left of it
        (t("hud.keys", held=len(info.keys), total=info.key_total) if info.key_total else "",
         ui.text, 2),
        (format_time(info.time), ui.text, 0),
        (t("hud.moves", moves=info.moves), ui.text, 1),
        (t("hud.hints", hints=info.hints), ui.text, 3),
        (t("hud.fog") if info.fog else "", ui.text_dim, 5),
        (info.size, ui.text_dim, 6),
        (info.algorithm, ui.text_dim, 7),
        # the code outlasts the size and generator it spells: a player shares it
        (info.code, ui.text_dim, 4),
    ]
    return [fact for fact in facts if fact[0]]


def draw_bar(surface: pygame.Surface, info: HudInfo, *, full_height: Optional[int] = None) -> pygame.Rect:
    """Draw the top bar (sized for a window ``full_height`` tall); return its rect."""
    ui = theme.current().ui
    w, h = surface.get_size()
    rect = pygame.Rect(0, 0, w, bar_height((w, full_height or h)))
    if rect.height <= 0:
        return rect
    surface.fill(ui.panel, rect)
    pygame.draw.line(surface, ui.panel_edge, (0, rect.bottom - 1), (rect.right, rect.bottom - 1))
    f = _font(rect.height)
    pad = max(4, rect.height // 3)
    cy = rect.centery
    right = bar_facts(info)
    gap = pad * 2
    title_w = min(f.size(info.title)[0], max(0, w // 3))
    budget = w - 2 * pad - title_w - gap
    keep = sorted(right, key=lambda it: it[2])
    while keep and sum(f.size(t)[0] for t, _, _ in keep) + gap * (len(keep) - 1) > budget:
        keep.pop()
    shown = [it for it in right if it in keep]
    x = w - pad
    for text, color, _ in reversed(shown):
        r = draw_text(surface, text, f, color, (x, cy), anchor="midright")
        x = r.left - gap
    slot = max(6, round(rect.height * 0.7))
    if info.keys and x - len(info.keys) * slot > pad + title_w // 2:
        for letter in reversed(info.keys):
            x -= slot
            draw_key_symbol(surface, theme.KEY_COLOURS["rgby".index(letter)],
                            (x + slot / 2, cy), max(3, round(slot * 0.38)))
        x -= gap
    draw_text(surface, info.title, f, ui.accent, (pad, cy), anchor="midleft",
              max_width=max(0, x - pad - gap // 2 if shown else w - 2 * pad))
    return rect


class BarCache:
    """Redraw the top bar only when its text, size, theme or language change (the clock: 10 Hz)."""

    def __init__(self) -> None:
        self._key: Optional[tuple[object, ...]] = None
        self._image: Optional[pygame.Surface] = None

    def draw(self, surface: pygame.Surface, info: HudInfo) -> pygame.Rect:
        """Blit the bar for ``info`` onto ``surface``; return its rect."""
        w, h = surface.get_size()
        height = bar_height((w, h))
        if height <= 0:
            return pygame.Rect(0, 0, w, 0)
        key = (theme.current(), language(), w, h, info.title, info.algorithm, info.size,
               format_time(info.time), info.moves, info.hints, info.code, info.keys,
               info.key_total, info.fog)
        if key != self._key or self._image is None:
            image = pygame.Surface((w, height))
            draw_bar(image, info, full_height=h)
            self._image, self._key = image, key
        surface.blit(self._image, (0, 0))
        return pygame.Rect(0, 0, w, height)


#: Where a caption may sit in the view: the usual bottom centre first.
CAPTION_SPOTS = ("bottom", "top", "bottomleft", "bottomright", "topleft", "topright")
#: The corners again for a narrow caption (at most NARROW_SHARE of the view wide, its text
#: cut short), tried when no full-width one leaves the player and the exit in sight.
NARROW = "*"
NARROW_SPOTS = tuple(spot + NARROW for spot in CAPTION_SPOTS[2:])
NARROW_SHARE = 0.5


def caption_rect(view: pygame.Rect, text: str, sub: str = "", *,
                 spot: str = "bottom") -> Optional[pygame.Rect]:
    """Return where the caption box goes in ``view`` (a CAPTION_SPOTS name), or None."""
    layout = _caption_layout(view, text, sub, spot=spot)
    return layout[0] if layout is not None else None


_Layout = Optional[tuple[pygame.Rect, str, str, pygame.font.Font, pygame.font.Font]]
#: Caption layouts by view, texts, spot, theme and language: measuring text is slow, and
#: the captions try many spots each frame.
_layouts: dict[tuple[object, ...], object] = {}
LAYOUT_CACHE = 256


def _caption_layout(view: pygame.Rect, text: str, sub: str, *, spot: str) -> _Layout:
    """Return the caption box, its fitted lines and fonts (None: the view is too small)."""
    key = (tuple(view), text, sub, spot, theme.current(), language())
    if key not in _layouts:
        if len(_layouts) >= LAYOUT_CACHE:
            _layouts.clear()
        _layouts[key] = _measure_caption(view, text, sub, spot=spot)
    layout = cast(_Layout, _layouts[key])
    if layout is None:
        return None
    box, fitted, fitted_sub, _, _ = layout
    return (box.copy(), fitted, fitted_sub, *_caption_fonts(view))  # fonts outlive no quit


def _caption_fonts(view: pygame.Rect) -> tuple[pygame.font.Font, pygame.font.Font]:
    """Return a caption's two fonts in ``view``: its text's (bold) and its key line's."""
    size = round(ui_scale(view.size) * 26)
    return font(size, bold=True), font(max(12, round(size * 0.72)))


def _measure_caption(view: pygame.Rect, text: str, sub: str, *, spot: str) -> _Layout:
    """Return the caption box, its fitted lines and fonts, measured (None: too small a view)."""
    if view.width < 40 or view.height < 30:
        return None
    f, fs = _caption_fonts(view)
    maxw = view.width - 20
    if spot.endswith(NARROW):
        spot = spot[: -len(NARROW)]
        maxw = min(maxw, round(view.width * NARROW_SHARE))
    text = ellipsize(text, f, maxw - 24)
    sub = ellipsize(sub, fs, maxw - 24) if sub else ""
    tw = max(f.size(text)[0], fs.size(sub)[0] if sub else 0)
    th = f.get_height() + (fs.get_height() + 2 if sub else 0)
    box = pygame.Rect(0, 0, tw + 24, th + 12)
    gap = max(4, view.height // 40)
    y = view.top + gap if spot.startswith("top") else view.bottom - gap - box.height
    if spot.endswith("left"):
        x = view.left + gap
    elif spot.endswith("right"):
        x = view.right - gap - box.width
    else:
        x = view.centerx - box.width // 2
    box.topleft = (x, y)
    return box, text, sub, f, fs


def draw_caption(surface: pygame.Surface, view: pygame.Rect, text: str,
                 sub: str = "", *, spot: str = "bottom") -> Optional[pygame.Rect]:
    """Draw a translucent caption box in ``view``, at the bottom centre unless told."""
    layout = _caption_layout(view, text, sub, spot=spot)
    if layout is None:
        return None
    box, text, sub, f, fs = layout
    draw_caption_box(surface, box, [text], [sub] if sub else [], f, fs)
    return box


#: A wrapped caption: its box, its lines, its key lines and their two fonts.
Column = tuple[pygame.Rect, list[str], list[str], pygame.font.Font, pygame.font.Font]


def column_caption(view: pygame.Rect, text: str, sub: str, width: int) -> Column:
    """Return a caption box at most ``width`` px wide, its lines wrapped, and its fonts.

    The fonts are the caption's in ``view``; the box is unplaced (at 0, 0).
    """
    key = ("column", view.size, text, sub, width, theme.current(), language())
    if key not in _layouts:
        if len(_layouts) >= LAYOUT_CACHE:
            _layouts.clear()
        _layouts[key] = _wrap_caption(view, text, sub, width)
    box, lines, subs, _, _ = cast(Column, _layouts[key])
    return (box.copy(), list(lines), list(subs), *_caption_fonts(view))


def _wrap_caption(view: pygame.Rect, text: str, sub: str, width: int) -> Column:
    """Return a caption box at most ``width`` px wide, its lines wrapped, measured."""
    f, fs = _caption_fonts(view)
    inner = max(1, width - 24)
    lines = wrap(text, f, inner)
    subs = wrap(sub, fs, inner) if sub else []
    tw = max([f.size(line)[0] for line in lines] + [fs.size(line)[0] for line in subs])
    th = len(lines) * f.get_height() + (len(subs) * fs.get_height() + 2 if subs else 0)
    return pygame.Rect(0, 0, tw + 24, th + 12), lines, subs, f, fs


def draw_caption_box(surface: pygame.Surface, box: pygame.Rect, lines: list[str],
                     subs: list[str], f: pygame.font.Font, fs: pygame.font.Font) -> None:
    """Draw a translucent caption ``box``: its ``lines`` in ``f``, then ``subs`` dimmer in ``fs``."""
    ui = theme.current().ui
    panel = pygame.Surface(box.size, pygame.SRCALPHA)
    panel.fill((*ui.panel, 215))
    surface.blit(panel, box)
    pygame.draw.rect(surface, ui.teal, box, 1, border_radius=3)
    y = box.top + 6
    for line in lines:
        draw_text(surface, line, f, ui.text, (box.centerx, y), anchor="midtop")
        y += f.get_height()
    y += 2
    for line in subs:
        draw_text(surface, line, fs, ui.text_dim, (box.centerx, y), anchor="midtop")
        y += fs.get_height()


def draw_toast(surface: pygame.Surface, view: pygame.Rect, text: str, alpha: float) -> None:
    """Draw a short-lived message near the top of ``view`` (wrapped on two lines if narrow).

    Its letters take the window's width and the view's height, so a toast beside the maze,
    in a narrow margin, reads as large as one across the view.
    """
    if not text or alpha <= 0 or view.width < 40 or view.height < 30:
        return
    ui = theme.current().ui
    f = font(round(ui_scale((surface.get_width(), view.height)) * 24))
    lines = wrap(text, f, view.width - 30)
    if len(lines) > 2:
        lines = [lines[0], ellipsize(" ".join(lines[1:]), f, view.width - 30)]
    images = [f.render(line, True, ui.text) for line in lines]
    box = pygame.Rect(0, 0, max(img.get_width() for img in images) + 20,
                      sum(img.get_height() for img in images) + 10)
    box.midtop = (view.centerx, view.top + max(4, view.height // 30))
    panel = pygame.Surface(box.size, pygame.SRCALPHA)
    a = max(0, min(255, int(alpha * 220)))
    panel.fill((*ui.panel, a))
    surface.blit(panel, box)
    y = box.top + 5
    for img in images:
        img.set_alpha(max(0, min(255, int(alpha * 255))))
        surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
        y += img.get_height()


def _strip_font(size: tuple[int, int]) -> pygame.font.Font:
    """Return the font of the key-reminder strip on a surface of ``size``."""
    return font(round(ui_scale(size) * 21))


def help_strip_height(size: tuple[int, int]) -> int:
    """Return the height of the key-reminder strip under the maze (0: the window is too small)."""
    w, h = size
    if w < 200 or h < 160:
        return 0
    return _strip_font(size).get_height() + 6


#: A key strip too long for its window shows its keys a page at a time, each this long (s).
STRIP_PAGE_SECONDS = 4.0
#: What parts the keys of a strip.
STRIP_DOT = "  ·  "


def strip_pages(text: str, f: pygame.font.Font, width: int) -> list[str]:
    """Return ``text``'s keys (parted by dots) packed into pages that fit ``width`` px.

    Each page but a lone one ends with its number, "1/3"; a key too long for a page alone
    is a page of its own (cut when drawn).
    """
    pieces = text.split(STRIP_DOT)
    if f.size(text)[0] <= width or len(pieces) < 2:
        return [text]
    room = width - f.size(f"{STRIP_DOT}9/9")[0]
    pages: list[str] = []
    for piece in pieces:
        joined = f"{pages[-1]}{STRIP_DOT}{piece}" if pages else piece
        if pages and f.size(joined)[0] <= room:
            pages[-1] = joined
        else:
            pages.append(piece)
    return [f"{page}{STRIP_DOT}{i + 1}/{len(pages)}" for i, page in enumerate(pages)]


def draw_help_strip(surface: pygame.Surface, rect: pygame.Rect, text: str, *,
                    now: Optional[float] = None) -> None:
    """Draw the key reminder in its strip ``rect``, a band like the top bar's, under the maze.

    Too long for the strip, it is cut; or, given the time ``now`` (s), shown a page of
    keys at a time (:func:`strip_pages`), every key in turn.
    """
    if rect.width <= 0 or rect.height <= 0:
        return
    ui = theme.current().ui
    surface.fill(ui.panel, rect)
    pygame.draw.line(surface, ui.panel_edge, rect.topleft, (rect.right - 1, rect.top))
    f = _strip_font(surface.get_size())
    pad = max(4, rect.height // 3)
    if now is not None:
        pages = strip_pages(text, f, rect.width - 2 * pad)
        text = pages[int(now / STRIP_PAGE_SECONDS) % len(pages)]
    draw_text(surface, ellipsize(text, f, rect.width - 2 * pad), f, ui.text_dim,
              (rect.left + pad, rect.centery + 1), anchor="midleft")
