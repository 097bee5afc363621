"""Layout from the surface size, and the furniture every screen shares.

Everything lays out from the size of the surface it draws on, so every screen reads at
any window size: ``Layout`` scales design pixels (at 1280x720) to the surface.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import pygame

from game.play import theme
from game.play.widgets.text import draw_text, fit_font, min_font

Color = tuple[int, int, int]


@dataclass(frozen=True)
class Layout:
    """Sizes derived from a surface: a scale factor against 1280x720 and handy spans."""

    width: int
    height: int

    @classmethod
    def of(cls, surface: pygame.Surface) -> "Layout":
        """Return the layout of ``surface``."""
        w, h = surface.get_size()
        return cls(max(1, w), max(1, h))

    @property
    def scale(self) -> float:
        """Return the size factor relative to a 1280x720 window."""
        return min(self.width / 1280.0, self.height / 720.0)

    def px(self, n: float, *, lo: int = 1, hi: Optional[int] = None) -> int:
        """Return ``n`` design pixels scaled to this surface, clamped to ``lo``..``hi``."""
        v = max(lo, int(round(n * self.scale)))
        return v if hi is None else min(hi, v)

    def font_size(self, n: float, *, lo: Optional[int] = None) -> int:
        """Return a font size of ``n`` design units, never below ``lo`` (default: readable)."""
        return max(min_font() if lo is None else lo, int(round(n * self.scale)))

    @property
    def margin(self) -> int:
        """Return the outer margin."""
        return self.px(32, lo=6)

    def column(self, top: int, bottom: int, width: float = 620) -> pygame.Rect:
        """Return a centred column between ``top`` and ``bottom``, ``width`` design px wide."""
        w = min(self.width - 2 * self.margin, max(self.px(width), min(self.width - 8, 260)))
        w = max(1, w)
        return pygame.Rect((self.width - w) // 2, top, w, max(1, bottom - top))


#: Translucent panels by (theme, size, alpha, radius, edge).
_panels: dict[tuple[theme.Theme, int, int, int, int, tuple[int, ...]], pygame.Surface] = {}


def panel(surface: pygame.Surface, rect: pygame.Rect, *, alpha: int = 235,
          radius: int = 12, edge: Optional[Color] = None) -> None:
    """Draw a translucent rounded panel with a thin edge (default: the theme's)."""
    if rect.width <= 0 or rect.height <= 0:
        return
    ui = theme.current().ui
    edge = ui.panel_edge if edge is None else edge
    radius = max(0, min(radius, rect.width // 2, rect.height // 2))
    key = (theme.current(), rect.width, rect.height, alpha, radius, tuple(edge))
    layer = _panels.get(key)
    if layer is None:
        if len(_panels) > 32:
            _panels.clear()
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*ui.panel, alpha), layer.get_rect(), border_radius=radius)
        pygame.draw.rect(layer, (*edge, 255), layer.get_rect(), width=1, border_radius=radius)
        _panels[key] = layer
    surface.blit(layer, rect)


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken the whole surface towards the deep background by ``alpha``/255."""
    alpha = max(0, min(255, int(alpha)))
    keep = 255 - alpha
    surface.fill((keep, keep, keep), special_flags=pygame.BLEND_MULT)
    deep = theme.current().ui.bg_deep
    surface.fill(tuple(c * alpha // 255 for c in deep), special_flags=pygame.BLEND_ADD)


def title_bar(surface: pygame.Surface, title: str, lay: Layout) -> int:
    """Draw a screen title at the top; return the y where content may start."""
    ui = theme.current().ui
    size = lay.font_size(64, lo=22)
    f = fit_font(title, size, lay.width - 2 * lay.margin, bold=True, min_size=18)
    y = lay.margin + f.get_height() // 2
    draw_text(surface, title, f, ui.accent, (lay.width // 2, y), shadow=ui.bg_deep,
              max_width=lay.width - 2 * lay.margin)
    return y + f.get_height() // 2 + lay.px(16, lo=4)


def footer(surface: pygame.Surface, text: str, lay: Layout) -> int:
    """Draw a dim hint line on a band across the bottom; return the y above it."""
    ui = theme.current().ui
    f = fit_font(text, lay.font_size(24), lay.width - 2 * lay.px(12, lo=4), min_size=12)
    y = lay.height - lay.px(14, lo=3) - f.get_height() // 2
    top = y - f.get_height() // 2 - lay.px(8, lo=2)
    # the band keeps the line readable over the backdrop's maze and its moving lights
    panel(surface, pygame.Rect(-1, top, lay.width + 2, lay.height - top + 1), alpha=ui.band_alpha,
          radius=0)
    draw_text(surface, text, f, ui.text_dim, (lay.width // 2, y),
              max_width=lay.width - 2 * lay.px(12, lo=4))
    return top - lay.px(4, lo=1)
