"""Where a run sent to the leaderboard stands: one sentence, and a small histogram of times
with the run's bar marked (the result screen shows both as the answer arrives)."""

from __future__ import annotations

from typing import Optional

import pygame

from game.play import theme
from game.server.live import Standing
from game.text import t


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
    return t("complete.board_refused")


def draw_histogram(surface: pygame.Surface, rect: pygame.Rect, bins: tuple[int, ...],
                   marked: Optional[int]) -> None:
    """Draw ``bins`` as bars filling ``rect``, the ``marked`` one in the accent colour."""
    if not bins or rect.width < len(bins) or rect.height < 4:
        return
    pal = theme.current().ui
    top = max(bins) or 1
    step = rect.width / len(bins)
    gap = 1 if step >= 4 else 0
    pygame.draw.line(surface, pal.text_off, rect.bottomleft, (rect.right - 1, rect.bottom - 1))
    for i, n in enumerate(bins):
        h = 0 if n == 0 else max(2, round((rect.height - 1) * n / top))
        left = rect.left + round(i * step)
        bar = pygame.Rect(left, rect.bottom - 1 - h, max(1, round((i + 1) * step) - round(i * step)
                                                         - gap), h)
        pygame.draw.rect(surface, pal.accent if i == marked else pal.text_dim, bar)
        if i == marked:  # a mark under the bar, seen even when the bar is short
            pygame.draw.line(surface, pal.accent, (bar.left, rect.bottom + 1),
                             (bar.right - 1, rect.bottom + 1), 2)
