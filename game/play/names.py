"""What the play layer calls things: the one table of generator and solver labels, level
names and durations as the player reads them.

The generator and solver lists themselves come from the core registries
(``GENERATORS``, ``SOLVERS``); only their labels live here.
"""

from __future__ import annotations

from typing import Optional

from game.levels import LevelSpec

#: Labels of the generators and solvers (every registry entry has one: a test checks).
GENERATOR_LABELS = {
    "backtracker": "Backtracker",
    "prim": "Prim",
    "division": "Recursive division",
    "dig": "Tile digger",
}
SOLVER_LABELS = {
    "bfs": "Breadth-first (bfs)",
    "dfs": "Depth-first (dfs)",
    "stack": "Explicit stack",
}


def solver_names() -> list[str]:
    """Return the solvers in registry order (the hint's Tab order, keys 1, 2, 3...)."""
    from game.maze.solvers import SOLVERS

    return list(SOLVERS)


def generator_names() -> list[str]:
    """Return the generators in registry order."""
    from game.maze.generators import GENERATORS

    return list(GENERATORS)


def generator_label(name: str) -> str:
    """Return the label of generator ``name``."""
    return GENERATOR_LABELS.get(name, name)


def solver_label(name: str) -> str:
    """Return the label of solver ``name``."""
    return SOLVER_LABELS.get(name, name)


def algorithm_name(spec: LevelSpec) -> str:
    """Return a readable name of the level's generator ("RPG rooms" for room maps)."""
    return "RPG rooms" if spec.is_room_map else generator_label(spec.algorithm)


def level_label(index: int, spec: LevelSpec) -> str:
    """Return "Level N · Name" for a campaign level."""
    return f"Level {index + 1} · {spec.name}" if spec.name else f"Level {index + 1}"


def custom_label(spec: LevelSpec) -> str:
    """Return the HUD label of a custom maze."""
    return f"Custom · {algorithm_name(spec)} {spec.rows}x{spec.cols}"


def format_time(seconds: float) -> str:
    """Return ``m:ss.t`` (or ``h:mm:ss`` past an hour)."""
    seconds = max(0.0, float(seconds))
    if seconds >= 3600:
        h, rest = divmod(int(seconds), 3600)
        return f"{h}:{rest // 60:02d}:{rest % 60:02d}"
    m, s = divmod(seconds, 60.0)
    return f"{int(m)}:{s:04.1f}"


def campaign_label(index: Optional[int], spec: Optional[LevelSpec]) -> str:
    """Return the label of a campaign level, or "" when it is none."""
    return level_label(index, spec) if index is not None and spec is not None else ""
