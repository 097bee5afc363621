"""The few lines of pseudo-code the lab shows per algorithm, and which line an event runs.

Each line is a catalogue entry (``lab.code.<name>.<n>``, listed here); each event kind
lights one of them.  Pure: no pygame.
"""

from __future__ import annotations

from typing import Optional

from game.maze.generators import events as g
from game.maze.solvers import BACKTRACK, EXPAND, FOUND, VISIT

#: Per algorithm: the catalogue keys of its pseudo-code, a line each.
LINES: dict[str, tuple[str, ...]] = {
    "bfs": (
        "lab.code.bfs.1", "lab.code.bfs.2", "lab.code.bfs.3", "lab.code.bfs.4",
        "lab.code.bfs.5", "lab.code.bfs.6",
    ),
    "dfs": (
        "lab.code.dfs.1", "lab.code.dfs.2", "lab.code.dfs.3", "lab.code.dfs.4",
        "lab.code.dfs.5", "lab.code.dfs.6",
    ),
    "stack": (
        "lab.code.stack.1", "lab.code.stack.2", "lab.code.stack.3", "lab.code.stack.4",
        "lab.code.stack.5", "lab.code.stack.6",
    ),
    "division": (
        "lab.code.division.1", "lab.code.division.2", "lab.code.division.3",
        "lab.code.division.4", "lab.code.division.5",
    ),
    "prim": (
        "lab.code.prim.1", "lab.code.prim.2", "lab.code.prim.3", "lab.code.prim.4",
        "lab.code.prim.5",
    ),
    "backtracker": (
        "lab.code.backtracker.1", "lab.code.backtracker.2", "lab.code.backtracker.3",
        "lab.code.backtracker.4",
    ),
    "dig": (
        "lab.code.dig.1", "lab.code.dig.2", "lab.code.dig.3", "lab.code.dig.4",
    ),
}
#: Per algorithm: the line (from 1) each event kind runs.
RUNS: dict[str, dict[int, int]] = {
    "bfs": {VISIT: 5, EXPAND: 3, FOUND: 6},
    "dfs": {VISIT: 3, BACKTRACK: 4, EXPAND: 5, FOUND: 6},
    "stack": {VISIT: 3, BACKTRACK: 4, EXPAND: 5, FOUND: 6},
    "division": {g.ROOM: 1, g.SPLIT: 2, g.DOOR: 3, g.CHAMBER: 4, g.OPEN: 5},
    "prim": {g.CARVE: 2, g.FRONTIER: 3, g.DROP: 4, g.OPEN: 5},
    "backtracker": {g.PUSH: 2, g.POP: 3, g.OPEN: 4},
    "dig": {g.DIG: 2, g.BACK: 3, g.OPEN: 4, g.CLOSE: 4},
}
#: The line a stream's first event runs (marking the start, opening the first cell).
FIRST_LINE = 1


def running_line(name: str, kind: Optional[int], first: bool) -> Optional[int]:
    """Return the line (from 1) an event of ``kind`` runs; ``first``: the stream's first event."""
    if kind is None or name not in RUNS:
        return None
    if first:
        return FIRST_LINE
    return RUNS[name].get(kind)
