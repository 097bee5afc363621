"""Fixed ticks: the run and the hint advance in whole ticks of 1/TICK_RATE s."""

from __future__ import annotations

#: Ticks per second of the simulation.
TICK_RATE = 120
TICK = 1.0 / TICK_RATE


class TickClock:
    """Turn real seconds into whole ticks, carrying the remainder to the next call."""

    def __init__(self) -> None:
        self._carry = 0.0  # in ticks

    def advance(self, seconds: float) -> int:
        """Return how many whole ticks ``seconds`` (plus the carry) make."""
        self._carry += max(0.0, seconds) * TICK_RATE
        ticks = int(self._carry + 1e-6)  # 1/60 s is two ticks despite rounding
        self._carry = max(0.0, self._carry - ticks)
        return ticks
