"""Where a run sent to the leaderboard stands: one sentence, and a small histogram of times
with the run's bar marked (the result screen shows both as the answer arrives)."""

from __future__ import annotations

from typing import Optional

import pygame

from game.names import format_time
from game.play import theme
from game.play.widgets.layout import Layout
from game.play.widgets.text import draw_text, font, min_font
from game.server.live import Standing
from game.text import t


def standing_lines(standing: Standing) -> list[str]:
    """Return the lines that say how sending the run went: a refusal's reason on its own."""
    if standing.state == "refused" and standing.reason:
        return [t("complete.board_refused_said"), standing.reason]
    return [standing_text(standing)]


def standing_text(standing: Standing) -> str:
    """Return the sentence that says how sending the run went so far."""
    if standing.state == "sending":
        return t("complete.board_sending")
    if standing.state == "ranked" and standing.rank is not None:
        if standing.total >= standing.rank:
            return t("complete.board_rank", rank=standing.rank, total=standing.total)
        return t("complete.board_rank_only", rank=standing.rank)
    if standing.state in ("ranked", "sent"):
        return t("complete.board_sent")
    if standing.state == "queued":
        return t("complete.board_offline")
    if standing.reason:
        return t("complete.board_refused_why", reason=standing.reason)
    return t("complete.board_refused")


def draw_histogram(surface: pygame.Surface, rect: pygame.Rect, bins: tuple[int, ...],
                   marked: Optional[int], span: Optional[tuple[float, float]] = None,
                   total: int = 0) -> None:
    """Draw ``bins`` as bars in ``rect``, the ``marked`` one in the accent colour.

    With the times they ``span`` known and room for it, a line above says what the bars
    count and the times of the first and the last bin's ends stand under them.  A bar is
    never wider than an eighth of the chart, so one run is one bar, not a block.
    """
    if not bins or rect.width < len(bins) or rect.height < 4:
        return
    pal = theme.current().ui
    small = font(max(min_font(), Layout.of(surface).font_size(20)))
    line = small.get_linesize()
    if span is not None and rect.height >= 2 * line + 8:  # the times under; the title if room
        if rect.height >= 3 * line + 8:
            runs = total or sum(bins)
            title = t("complete.chart_title", runs=runs) if runs > 1 else t("complete.chart_one")
            draw_text(surface, title, small, pal.text_dim, (rect.centerx, rect.top),
                      anchor="midtop", max_width=rect.width)
            rect = pygame.Rect(rect.left, rect.top + line, rect.width, rect.height - line)
        rect = pygame.Rect(rect.left, rect.top, rect.width, rect.height - line - 2)
        _draw_bars(surface, rect, bins, marked)
        low, high = format_time(span[0]), format_time(span[1])
        left, right = _bars_span(rect, len(bins))
        y = rect.bottom + 4
        if small.size(f"{low}  {high}")[0] > right - left:
            draw_text(surface, t("complete.chart_span", low=low, high=high), small, pal.text_dim,
                      (rect.centerx, y), anchor="midtop", max_width=rect.width)
        else:
            draw_text(surface, low, small, pal.text_dim, (left, y), anchor="topleft")
            draw_text(surface, high, small, pal.text_dim, (right, y), anchor="topright")
        return
    _draw_bars(surface, rect, bins, marked)


#: The chart is drawn as if it had at least this many bins (one bin: a bar, not a block).
LEAST_BINS = 8


def _bars_span(rect: pygame.Rect, n: int) -> tuple[int, int]:
    """Return the left and right x of ``n`` bars centred in ``rect``."""
    width = rect.width * min(n, LEAST_BINS) // LEAST_BINS if n < LEAST_BINS else rect.width
    left = rect.left + (rect.width - width) // 2
    return left, left + width


def _draw_bars(surface: pygame.Surface, rect: pygame.Rect, bins: tuple[int, ...],
               marked: Optional[int]) -> None:
    """Draw the bars on their axis, centred in ``rect``, the ``marked`` one in the accent."""
    pal = theme.current().ui
    top = max(bins) or 1
    left, right = _bars_span(rect, len(bins))
    step = (right - left) / len(bins)
    gap = 1 if step >= 4 else 0
    pygame.draw.line(surface, pal.text_off, (left, rect.bottom - 1), (right - 1, rect.bottom - 1))
    for i, n in enumerate(bins):
        h = 0 if n == 0 else max(2, round((rect.height - 1) * n / top))
        x = left + round(i * step)
        bar = pygame.Rect(x, rect.bottom - 1 - h,
                          max(1, left + round((i + 1) * step) - x - gap), h)
        pygame.draw.rect(surface, pal.accent if i == marked else pal.text_dim, bar)
        if i == marked:  # a mark under the bar, seen even when the bar is short
            pygame.draw.line(surface, pal.accent, (bar.left, rect.bottom + 1),
                             (bar.right - 1, rect.bottom + 1), 2)
