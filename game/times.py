"""How the game writes a time for a player: one formatter for the game and the board's page."""

from __future__ import annotations


def format_time(seconds: float) -> str:
    """Return ``m:ss.t`` (or ``h:mm:ss`` past an hour), rounded to the tenth."""
    tenths = round(max(0.0, float(seconds)) * 10)  # 59.97 s is 1:00.0, never 0:60.0
    if tenths >= 36000:
        h, rest = divmod(tenths // 10, 3600)
        return f"{h}:{rest // 60:02d}:{rest % 60:02d}"
    m, t = divmod(tenths, 600)
    return f"{m}:{t // 10:02d}.{t % 10}"
