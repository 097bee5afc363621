"""Bidirectional breadth-first: two searches, from the start and from the goal, meet halfway.

1. Mark the start and the goal, each the first tile of its own side.
2. Expand the whole next layer of the side with the smaller frontier: mark each free
   neighbour (down, right, up, left) for that side.
3. A neighbour the other side has marked joins the two searches: of all the joins in
   that layer, keep the shortest.
4. Walk back from the join to both ends.

Each side only goes about half as deep as one breadth-first search would, so it marks
far fewer tiles in an open maze; the path is a shortest one.  On a maze with keys and
doors it searches (tile, keys held) breadth-first from the start, as bfs does.
"""

from __future__ import annotations

from typing import Iterator, Optional, Union

from game.maze.grid import Maze, Pos
from game.maze.registry import Pseudocode, SolverInfo
from game.maze.solvers.base import EXPAND, FOUND, VISIT, Event, FlatGrid, Solution, flatten
from game.maze.solvers.bfs import STEPS
from game.maze.solvers.keyed import breadth_first, has_keys
from game.maze.solvers._walk import answer, steps_of, trail_back

NAME = "bidirectional"


def explore(maze: Maze, start: Pos, goal: Pos) -> Iterator[Union[Event, Solution]]:
    """Search breadth-first from both ends, yielding events then a Solution."""
    if has_keys(maze):
        return breadth_first(NAME, maze, start, goal, STEPS)
    return _search(flatten(maze, start, goal))  # the ends are checked before the first next()


def _search(flat: FlatGrid) -> Iterator[Union[Event, Solution]]:
    """Run the two searches on a checked flat grid."""
    grid, s, g = flat.cells, flat.start, flat.goal
    steps = steps_of(flat)
    parents: tuple[dict[int, int], dict[int, int]] = ({s: -1}, {g: -1})
    depth: tuple[dict[int, int], dict[int, int]] = ({s: 0}, {g: 0})
    frontiers = [[s], [g]]
    yield (VISIT, *flat.pos(s))
    trail: Optional[list[int]] = [s] if s == g else None
    if s != g:
        yield (VISIT, *flat.pos(g))
    while trail is None and frontiers[0] and frontiers[1]:
        side = 0 if len(frontiers[0]) <= len(frontiers[1]) else 1
        own, other = parents[side], parents[1 - side]
        best: Optional[tuple[int, int, int]] = None  # length, own tile, other tile
        layer: list[int] = []
        for p in frontiers[side]:
            yield (EXPAND, *flat.pos(p))
            for step in steps:
                n = p + step
                if grid[n] or n in own:
                    continue
                if n in other:
                    length = depth[side][p] + 1 + depth[1 - side][n]
                    if best is None or length < best[0]:
                        best = (length, p, n)
                    continue
                own[n] = p
                depth[side][n] = depth[side][p] + 1
                layer.append(n)
                yield (VISIT, *flat.pos(n))
        frontiers[side] = layer
        if best is not None:
            _, p, n = best
            near, far = trail_back(own, p), trail_back(other, n)
            trail = near + far[::-1]
            if side == 1:
                trail.reverse()
    if trail is not None:
        yield (FOUND, *flat.pos(g))
    yield answer(NAME, flat, trail, len(parents[0]) + len(parents[1]) - (s == g))


#: Its pseudo-code in the lab, and the line each event runs.
CODE = Pseudocode((
    "mark the start and the goal, one side each",
    "expand the next layer of the smaller side",
    "  mark its free neighbours for that side",
    "  a tile the other side marked: the two meet",
    "walk back from the meeting to both ends",
), {EXPAND: 2, VISIT: 3, FOUND: 5})
INFO = SolverInfo(NAME, "Bidirectional breadth-first", "BIDI", explore, shortest=True,
                  code=CODE)
