"""The hint's search, as a pure animation of a solver's events (no pygame)."""

from __future__ import annotations

#: The hint animation speeds, slowest to fastest ([ and ] step through them).
HINT_SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0)


def nearest_speed(value: float) -> float:
    """Return the hint speed on offer closest to ``value``."""
    return float(min(HINT_SPEEDS, key=lambda s: abs(s - value)))
