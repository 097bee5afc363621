"""The campaign: fixed, seeded levels, each fully described by its parameters."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


@dataclass(frozen=True)
class LevelSpec:
    """Everything needed to rebuild one maze exactly: algorithm, size, seed, options."""

    algorithm: str
    rows: int
    cols: int
    seed: int
    loops: float = 0.0
    room_size: Optional[int] = None
    rank: Optional[int] = None
    name: str = ""
