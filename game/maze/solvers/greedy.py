"""Greedy best-first: always expand the open tile nearest the goal as the crow flies.

1. Mark the start and put it in the open list.
2. Take the open tile of least Manhattan distance to the goal (expand it).
3. Mark its unmarked neighbours (down, right, up, left), each remembering the way.
4. Stop when the goal is taken out.

Fast in open halls, but blind to walls: its path is often not the shortest.  On a maze
with keys and doors it searches (tile, keys held) breadth-first, as bfs does.
"""

from __future__ import annotations

from typing import Iterator, Union

from game.maze.grid import Maze, Pos
from game.maze.registry import Pseudocode, SolverInfo
from game.maze.solvers.base import EXPAND, FOUND, VISIT, Event, Solution
from game.maze.solvers.bfs import STEPS
from game.maze.solvers.keyed import breadth_first, has_keys
from game.maze.solvers._walk import best_first, weighted

NAME = "greedy"


def explore(maze: Maze, start: Pos, goal: Pos) -> Iterator[Union[Event, Solution]]:
    """Search greedy best-first from ``start`` to ``goal``, yielding events then a Solution."""
    if has_keys(maze):
        return breadth_first(NAME, maze, start, goal, STEPS)
    flat, cost = weighted(maze, start, goal)  # the ends are checked before the first next()
    return best_first(NAME, flat, cost, by_cost=False, by_distance=True)


#: Its pseudo-code in the lab, and the line each event runs.
CODE = Pseudocode((
    "mark the start, put it in the open list",
    "take the open tile nearest the goal (expand)",
    "  mark its unmarked neighbours",
    "the goal taken out: walk back the path",
), {EXPAND: 2, VISIT: 3, FOUND: 4})
INFO = SolverInfo(NAME, "Greedy best-first", "GREEDY", explore, shortest=False, code=CODE)
