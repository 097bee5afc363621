"""The pseudo-code the lab shows of an algorithm, and which line an event runs.

Both live in the algorithm's registry entry (:class:`~game.maze.registry.Pseudocode`, its
``code``): a new algorithm brings its own.  Each line is a catalogue entry
(``lab.code.<name>.<n>``, ``n`` from 1) falling back to the English the entry carries.
Pure: no pygame.
"""

from __future__ import annotations

from typing import Optional

from game.maze.generators import GENERATORS
from game.maze.registry import Pseudocode
from game.maze.solvers import SOLVERS
from game.text import t


def pseudocode(name: str) -> Optional[Pseudocode]:
    """Return the pseudo-code of the generator or solver ``name`` (None: it has none)."""
    info = GENERATORS.get(name) or SOLVERS.get(name)
    return None if info is None else info.code


def code_lines(name: str) -> list[str]:
    """Return the lines of ``name``'s pseudo-code in the current language ([] for none)."""
    code = pseudocode(name)
    if code is None:
        return []
    return [t(f"lab.code.{name}.{n}", default=line) for n, line in enumerate(code.lines, start=1)]


def running_line(name: str, kind: Optional[int], first: bool) -> Optional[int]:
    """Return the line (from 1) an event of ``kind`` runs; ``first``: the stream's first event."""
    code = pseudocode(name)
    if kind is None or code is None:
        return None
    return code.running_line(kind, first)
