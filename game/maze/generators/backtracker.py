"""Recursive backtracker: depth-first search over cells with an explicit stack.

Seed 003's depth-first generator:

1. Start at the first cell (top left, next to the entrance); mark it visited.
2. If the current cell has unvisited neighbours, pick one at random, knock down the wall
   between them, push it and make it current.
3. Otherwise pop back to the previous cell (the cell is blocked).
4. Repeat until the stack is empty: every cell is visited.

With ``loops=0`` the result is a perfect maze (a spanning tree of the cells) with long,
winding corridors and few dead ends.  The stack is a Python list, so there is no
recursion limit at any size.  It holds only the cells that had another unvisited
neighbour when the walk left them: the others are blocked for good (cells are never
unvisited again), and step 3 would only pop them again.
"""

from __future__ import annotations

import numpy as np

from game.maze.generators._common import (
    DOWN,
    LEFT,
    NO_MOVE,
    RIGHT,
    UP,
    RngLike,
    cell_tile,
    check_common,
    empty_cell_tree,
    finish_maze,
    tiles_from_moves,
)
from game.maze.generators.events import OPEN, POP, PUSH, Trace, apply, finish_trace
from game.maze.grid import Maze
from game.maze.registry import GeneratorInfo, Pseudocode

NAME = "backtracker"

# One random byte 0..11 picks uniformly among 1, 2, 3 or 4 free neighbours (12 = lcm).
_DRAW = 12
# A choice is recorded as its table index, blocked-mask * 12 + draw; this one means none.
_NO_CHOICE = 16 * _DRAW


def _choice_tables(stride: int) -> tuple[list[int], list[int]]:
    """Return, per (blocked-mask * 12 + draw), the step to take and its direction code."""
    steps = {UP: -stride, RIGHT: 1, DOWN: stride, LEFT: -1}
    step_of = [0] * (16 * _DRAW)
    code_of = [NO_MOVE] * (16 * _DRAW + 1)  # and NO_MOVE for _NO_CHOICE
    for mask in range(16):
        free = [d for d in (UP, RIGHT, DOWN, LEFT) if not (mask >> d) & 1]
        for draw in range(_DRAW):
            if free:
                d = free[draw % len(free)]
                step_of[mask * _DRAW + draw] = steps[d]
                code_of[mask * _DRAW + draw] = d
    return step_of, code_of


def generate(*, rows: int, cols: int, rng: RngLike = None, loops: float = 0.0) -> Maze:
    """Generate a depth-first (recursive backtracker) maze of ``rows`` x ``cols`` tiles."""
    loops, gen = check_common(rows, cols, loops, rng)
    height, width, seen = empty_cell_tree(rows, cols)
    stride = width + 2
    step_of, code_of = _choice_tables(stride)
    # Whether a cell with this blocked-mask still has another unvisited neighbour once
    # the walk goes on to one of them.
    branches = [bin(mask).count("1") < 3 for mask in range(16)]
    choices = [_NO_CHOICE] * len(seen)
    cell = stride + 1
    seen[cell] = 1
    stack: list[int] = []
    push, pop = stack.append, stack.pop
    draws = gen.integers(0, _DRAW, size=height * width, dtype=np.uint8).tobytes()
    # Every cell but the first is entered by one step, each taking a draw: while a cell
    # is unvisited, some visited cell on the stack (or the current one) has a way to it.
    # The blocked-mask adds and multiplies: the interpreter specialises those, not | and <<.
    for draw in draws[: height * width - 1]:
        blocked = (
            seen[cell - stride]
            + seen[cell + 1] * 2
            + seen[cell + stride] * 4
            + seen[cell - 1] * 8
        )
        while blocked == 15:
            cell = pop()
            blocked = (
                seen[cell - stride]
                + seen[cell + 1] * 2
                + seen[cell + stride] * 4
                + seen[cell - 1] * 8
            )
        if branches[blocked]:
            push(cell)
        choice = blocked * _DRAW + draw
        cell += step_of[choice]
        seen[cell] = 1
        choices[cell] = choice
    moves = np.array(code_of, dtype=np.uint8)[np.frombuffer(bytearray(choices), dtype=np.uint8)]
    return finish_maze(tiles_from_moves(moves, rows, cols), loops, gen)


def trace(*, rows: int, cols: int, rng: RngLike = None, loops: float = 0.0) -> Trace:
    """Generate the maze ``generate`` makes, yielding its steps (see events), then the Maze.

    Every cell the walk enters is pushed (the wall it crossed opens) and popped when the
    walk backs out of it; ``generate`` skips the cells it would only pop again.
    """
    loops, gen = check_common(rows, cols, loops, rng)
    height, width, seen = empty_cell_tree(rows, cols)
    stride = width + 2
    step_of, _ = _choice_tables(stride)
    tiles = np.zeros((rows, cols), dtype=np.uint8)
    cell = stride + 1
    seen[cell] = 1
    stack = [cell]
    event: tuple[int, ...] = (PUSH, 1, 1, 1, 1)
    apply(tiles, event)
    yield event
    draws = gen.integers(0, _DRAW, size=height * width, dtype=np.uint8).tobytes()
    for draw in draws[: height * width - 1]:
        while True:
            blocked = (
                seen[cell - stride]
                + seen[cell + 1] * 2
                + seen[cell + stride] * 4
                + seen[cell - 1] * 8
            )
            if blocked != 15:
                break
            yield (POP, *cell_tile(stack.pop(), stride))
            cell = stack[-1]
        r, c = cell_tile(cell, stride)
        cell += step_of[blocked * _DRAW + draw]
        seen[cell] = 1
        stack.append(cell)
        nr, nc = cell_tile(cell, stride)
        event = (PUSH, nr, nc, (r + nr) // 2, (c + nc) // 2)
        apply(tiles, event)
        yield event
    while stack:  # every cell is visited: the walk backs out to the start
        yield (POP, *cell_tile(stack.pop(), stride))
    yield from finish_trace(tiles, loops, gen)


#: Its pseudo-code in the lab, and the line each event runs.
CODE = Pseudocode((
    "start at the first cell, push it",
    "random unvisited neighbour: knock the wall, push",
    "none: pop back to the cell before",
    "open the entrance, the exit and loops",
), {PUSH: 2, POP: 3, OPEN: 4})
INFO = GeneratorInfo(NAME, "B", "Backtracker", generate, trace=trace, code=CODE)
