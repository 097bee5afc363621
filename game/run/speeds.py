"""The hint animation speeds: the one list the game, the settings and the save share.

Pure and tiny (the save module reads it without loading the run model).
"""

from __future__ import annotations

#: The hint animation speeds, slowest to fastest ([ and ] step through them in a level,
#: the Settings screen sets the default among them, the save keeps one of them).
HINT_SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0)


def nearest_speed(value: float) -> float:
    """Return the hint speed on offer closest to ``value``."""
    return float(min(HINT_SPEEDS, key=lambda s: abs(s - value)))


def step_speed(speed: float, steps: int) -> float:
    """Return the speed ``steps`` places faster (negative: slower) than ``speed``, kept on the list."""
    i = HINT_SPEEDS.index(nearest_speed(speed)) + steps
    return HINT_SPEEDS[max(0, min(len(HINT_SPEEDS) - 1, i))]
