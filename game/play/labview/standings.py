"""A race's live standings, drawn in the pane its grid of mazes leaves empty.

Three racers in a 2x2 grid, five in 3x2, seven in 3x3 leave panes at the end of the last
row; the standings (finish order, then those still searching) fill them in as large a
font as fits, so the area is used and the scoreboard reads from across the room.  A full
grid of square mazes in a wide area (two racers side by side) leaves a band of height
instead: the mazes go to the top and the standings fill the band beneath them.  The
lines are the panel's scoreboard (:func:`game.play.labview.panel.race_lines`); the panel
leaves them out while this pane shows them.
"""

from __future__ import annotations

import pygame

from game.play import theme
from game.play.widgets.layout import Layout
from game.play.widgets.text import draw_text, font, min_font, wrap

#: The standings' largest and smallest text, in design units (the panel's text is 21).
LARGEST, SMALLEST = 30, 17


def empty_panes(count: int, across: int) -> int:
    """Return how many panes of a grid ``across`` wide the last row of ``count`` leaves."""
    return -count % across if count > 1 else 0


def band_need(count: int, lay: Layout) -> int:
    """Return the height a band needs to show ``count`` racers' standings in the smallest text."""
    line = font(max(min_font(), lay.font_size(SMALLEST))).get_linesize()
    return (count + 1) * line + 2 * lay.px(16, lo=4)


def fit_lines(lines: list[tuple[str, str]], box: pygame.Rect,
              lay: Layout) -> tuple[list[tuple[pygame.font.Font, bool, str]], int]:
    """Return (font, head, text) lines in the largest font ``box`` holds, and their height.

    Unwrapped if any size allows, else wrapped; at the smallest size cut at the bottom.
    """
    for whole in (True, False):
        for size in range(LARGEST, SMALLEST - 1, -1):
            px = max(min_font(), lay.font_size(size))
            plain, bold = font(px), font(px, bold=True)
            out = [(bold if style == "head" else plain, style == "head", part)
                   for style, text in lines
                   for part in wrap(text, bold if style == "head" else plain, box.width)]
            height = plain.get_linesize()
            fits = len(out) * height <= box.height and (len(out) == len(lines) or not whole)
            if fits or (size == SMALLEST and not whole):
                return out[: max(1, box.height // max(1, height))], height
    return [], 0  # not reached: the smallest size returns


def draw_standings(surface: pygame.Surface, box: pygame.Rect, lay: Layout,
                   lines: list[tuple[str, str]]) -> None:
    """Draw the race's standings in ``box``: a panel, its head and a line per solver."""
    look = theme.current().ui
    radius = lay.px(12, lo=3)
    pygame.draw.rect(surface, look.panel, box, border_radius=radius)
    pygame.draw.rect(surface, look.panel_edge, box, width=1, border_radius=radius)
    pad = lay.px(16, lo=4)
    inner = box.inflate(-2 * pad, -2 * pad)
    if inner.width <= 0 or inner.height <= 0:
        return
    fitted, height = fit_lines(lines, inner, lay)
    y = inner.top
    for f, head, text in fitted:
        draw_text(surface, text, f, look.teal if head else look.text, (inner.left, y),
                  anchor="topleft", max_width=inner.width)
        y += height
