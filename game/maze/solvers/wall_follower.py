"""Wall follower: walk with one hand on the wall until the goal.

1. Face the first open way (right, down, left, up) from the start.
2. Keep one hand on the wall: turn towards that hand if you can, else go straight,
   else turn away from it, else turn back.
3. Stop at the goal; coming back to a tile facing the same way as before means the
   walk goes round in a circle and never gets there (no path).

In a perfect maze, or any maze whose start and goal lie on its outer wall, the walk
reaches the goal.  Its path is the whole walk, dead ends walked in and out again
included.  It cannot use keys: a maze with keys and doors is refused.
"""

from __future__ import annotations

from array import array
from typing import Iterator, Union

from game.maze.grid import Maze, Pos
from game.maze.registry import Pseudocode, SolverInfo
from game.maze.solvers.base import FOUND, VISIT, Event, FlatGrid, Solution, flatten
from game.maze.solvers._walk import answer, refuse_keys

NAME = "wall-follower"
#: The hands, and the turns each tries in order (quarter turns clockwise).
HANDS = {"left": (3, 0, 1, 2), "right": (1, 0, 3, 2)}


def explore(maze: Maze, start: Pos, goal: Pos, hand: str = "left") -> Iterator[Union[Event, Solution]]:
    """Walk from ``start`` with ``hand`` on the wall, yielding events then a Solution."""
    if hand not in HANDS:
        raise ValueError(f"hand must be left or right, got {hand!r}")
    refuse_keys(maze, NAME)
    return _walk(flatten(maze, start, goal), HANDS[hand])


def _walk(flat: FlatGrid, turns: tuple[int, ...]) -> Iterator[Union[Event, Solution]]:
    """Walk on a checked flat grid, trying ``turns`` in order at every tile."""
    grid, w, g = flat.cells, flat.width, flat.goal
    ways = (-w, 1, w, -1)  # up, right, down, left: clockwise
    p = flat.start
    walk = array(flat.typecode, [p])
    marked = bytearray(len(grid))  # bytes, not sets: see game.maze.solvers._walk
    marked[p] = 1
    count = 1
    yield (VISIT, *flat.pos(p))
    facing = next((d for d in (1, 2, 3, 0) if not grid[p + ways[d]]), 1)
    been = bytearray(len(grid))  # a bit per way faced on each tile
    found = p == g
    while not found:
        for turn in turns:
            d = (facing + turn) % 4
            if not grid[p + ways[d]]:
                break
        else:
            break  # walled in
        facing, p = d, p + ways[d]
        if been[p] >> facing & 1:
            break  # round in a circle
        been[p] |= 1 << facing
        walk.append(p)
        if not marked[p]:
            marked[p] = 1
            count += 1
            yield (VISIT, *flat.pos(p))
        found = p == g
    if found:
        yield (FOUND, *flat.pos(g))
    yield answer(NAME, flat, walk if found else None, count)


#: Its pseudo-code in the lab, and the line each event runs.
CODE = Pseudocode((
    "face the first open way from the start",
    "turn to the hand's side if open, else straight,",
    "  else the other side, else back; step",
    "at the goal: the walk is the path",
), {VISIT: 3, FOUND: 4})
INFO = SolverInfo(NAME, "Wall follower (left hand)", "WALL", explore, shortest=False,
                  code=CODE, keys=False, walks=True)
