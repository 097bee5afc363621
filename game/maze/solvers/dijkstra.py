"""Dijkstra: expand the open tile cheapest to reach, so the first way to the goal is cheapest.

1. Mark the start, cost 0, and put it in the open list.
2. Take the open tile of least cost so far (expand it).
3. Probe its neighbours down, right, up, left; a tile not yet reached, or reached dearer,
   gets this way: the cost so far plus what stepping onto it costs (floor 1, mud 3).
4. Stop when the goal is taken out: its cost is the least any path has.

On a maze with keys and doors it searches (tile, keys held) breadth-first, as bfs does
(every step there costs 1).
"""

from __future__ import annotations

from typing import Iterator, Union

from game.maze.grid import Maze, Pos
from game.maze.registry import Pseudocode, SolverInfo
from game.maze.solvers.base import EXPAND, FOUND, VISIT, Event, Solution
from game.maze.solvers.bfs import STEPS
from game.maze.solvers.keyed import breadth_first, has_keys
from game.maze.solvers._walk import best_first, weighted

NAME = "dijkstra"


def explore(maze: Maze, start: Pos, goal: Pos) -> Iterator[Union[Event, Solution]]:
    """Search cheapest-first from ``start`` to ``goal``, yielding events then a Solution."""
    if has_keys(maze):
        return breadth_first(NAME, maze, start, goal, STEPS)
    flat, cost = weighted(maze, start, goal)  # the ends are checked before the first next()
    return best_first(NAME, flat, cost, by_cost=True, by_distance=False)


#: Its pseudo-code in the lab, and the line each event runs.
CODE = Pseudocode((
    "mark the start at cost 0, put it in the open list",
    "take the open tile of least cost (expand)",
    "  each neighbour reached cheaper: mark, note cost",
    "the goal taken out: its path is the cheapest",
), {EXPAND: 2, VISIT: 3, FOUND: 4})
INFO = SolverInfo(NAME, "Dijkstra (cheapest first)", "DIJKSTRA", explore, shortest=True,
                  code=CODE)
