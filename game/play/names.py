"""What the play layer calls things: the one table of generator and solver labels, level
names and durations as the player reads them.

The generator and solver lists themselves come from the core registries
(``GENERATORS``, ``SOLVERS``); only their labels' catalogue keys live here.
"""

from __future__ import annotations

from game.levels import LevelSpec
from game.text import t

#: Catalogue keys of the generators' and solvers' labels (a test checks every registry
#: entry has one).
GENERATOR_LABELS = {
    "backtracker": "generator.backtracker",
    "prim": "generator.prim",
    "division": "generator.division",
    "dig": "generator.dig",
}
SOLVER_LABELS = {"bfs": "solver.bfs", "dfs": "solver.dfs", "stack": "solver.stack"}
#: ... and the short names the hint caption and its toasts use.
SOLVER_SHORT_LABELS = {"bfs": "solver.bfs.short", "dfs": "solver.dfs.short",
                       "stack": "solver.stack.short"}


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
    key = GENERATOR_LABELS.get(name)
    return t(key) if key is not None else name


def solver_label(name: str) -> str:
    """Return the label of solver ``name``."""
    key = SOLVER_LABELS.get(name)
    return t(key) if key is not None else name


def solver_short_label(name: str) -> str:
    """Return the short name of solver ``name`` (the hint caption's)."""
    key = SOLVER_SHORT_LABELS.get(name)
    return t(key) if key is not None else name


def algorithm_name(spec: LevelSpec) -> str:
    """Return a readable name of the level's generator ("RPG rooms" for room maps)."""
    return t("generator.rooms") if spec.is_room_map else generator_label(spec.algorithm)


def level_label(index: int, spec: LevelSpec) -> str:
    """Return "Level N · Name" for a campaign level."""
    if spec.name:
        return t("level.named", number=index + 1, name=spec.name)
    return t("level.numbered", number=index + 1)


def custom_label(spec: LevelSpec) -> str:
    """Return the HUD label of a custom maze."""
    return t("level.custom", algorithm=algorithm_name(spec), rows=spec.rows, cols=spec.cols)


def format_time(seconds: float) -> str:
    """Return ``m:ss.t`` (or ``h:mm:ss`` past an hour)."""
    seconds = max(0.0, float(seconds))
    if seconds >= 3600:
        h, rest = divmod(int(seconds), 3600)
        return f"{h}:{rest // 60:02d}:{rest % 60:02d}"
    m, s = divmod(seconds, 60.0)
    return f"{int(m)}:{s:04.1f}"
