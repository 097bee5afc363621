"""A*: expand the open tile whose cost so far plus Manhattan distance left is least.

1. Mark the start and put it in the open list.
2. Take the open tile of least cost so far + Manhattan distance to the goal (expand it);
   on a tie, the one nearer the goal.
3. Probe its neighbours down, right, up, left; a tile not yet reached, or reached dearer,
   gets this way (what stepping onto it costs: floor 1, mud 3).
4. Stop when the goal is taken out.

The distance never overestimates (every step costs at least 1), so the path is the
cheapest, like Dijkstra's, found expanding fewer tiles.  On a maze with keys and doors
it searches (tile, keys held) breadth-first, as bfs does.
"""

from __future__ import annotations

from typing import Iterator, Union

from game.maze.grid import Maze, Pos
from game.maze.registry import Pseudocode, SolverInfo
from game.maze.solvers.base import EXPAND, FOUND, VISIT, Event, Solution
from game.maze.solvers.bfs import STEPS
from game.maze.solvers.keyed import breadth_first, has_keys
from game.maze.solvers._walk import best_first, weighted

NAME = "astar"


def explore(maze: Maze, start: Pos, goal: Pos) -> Iterator[Union[Event, Solution]]:
    """Search A* from ``start`` to ``goal``, yielding events then a Solution."""
    if has_keys(maze):
        return breadth_first(NAME, maze, start, goal, STEPS)
    flat, cost = weighted(maze, start, goal)  # the ends are checked before the first next()
    return best_first(NAME, flat, cost, by_cost=True, by_distance=True)


#: Its pseudo-code in the lab, and the line each event runs.
CODE = Pseudocode((
    "mark the start, put it in the open list",
    "take the tile of least cost + distance left",
    "  each neighbour reached cheaper: mark it",
    "the goal taken out: its path is the cheapest",
), {EXPAND: 2, VISIT: 3, FOUND: 4})
INFO = SolverInfo(NAME, "A* (Manhattan)", "A*", explore, shortest=True, code=CODE)
