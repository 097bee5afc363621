"""The screensaver's walker: the right hand on the wall, as the classic did.  Pure.

Headings are clockwise from east (as :data:`game.play.firstperson.view.HEADINGS`): a
right turn is ``+1``.  At each tile: turn right if the way to the right is open, else
go on if the way ahead is open, else turn left and look again.  In a perfect maze this
walks every corridor and reaches the exit.
"""

from __future__ import annotations

from typing import Callable, Literal

from game.maze.grid import Pos

#: The headings' steps (row, column), clockwise from east.
STEPS: tuple[tuple[int, int], ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))
Choice = Literal["right", "left", "forward"]


def next_choice(open_at: Callable[[Pos], bool], pos: Pos, heading: int,
                turned: bool) -> Choice:
    """Return what the right hand does next at ``pos`` facing ``heading``.

    ``turned``: the last choice here was a right turn (then it steps ahead, never turning
    right twice on one tile).
    """
    def ahead(h: int) -> bool:
        """Return True when the way ``h`` from ``pos`` is open."""
        dr, dc = STEPS[h % 4]
        return open_at((pos[0] + dr, pos[1] + dc))

    if not turned and ahead(heading + 1):
        return "right"
    if ahead(heading):
        return "forward"
    return "left"
