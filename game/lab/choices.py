"""What can be chosen inside the lab: the generators, the solvers, the sizes, the speeds.

Derived from the registries, so a new algorithm shows up in the lab by itself.  An
option that changes what an algorithm does is a choice of its own: the growing tree
once per policy, the wall follower once per hand.  A solver choice is a *key*
(:mod:`game.maze.solvers.variants`).  Pure: no pygame.
"""

from __future__ import annotations

from typing import Mapping, Optional

from game.maze.generators import GENERATORS
from game.maze.registry import SIZE_STEPS, Value
# the solver keys are the solvers' own (the run model and the save read them too)
from game.maze.solvers.variants import (
    explore_of as explore_of,
    is_key as is_key,
    key_of as key_of,
    solver_keys as solver_keys,
    solver_name as solver_name,
    variant as variant,
    variants as variants,
)

#: Events per second, from one a second to thousands a frame.
SPEEDS = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000,
          100_000, 200_000, 500_000)
#: The largest maze the lab shows (its heat-map and its picture are redrawn per frame).
MAX_SIDE = 1001
#: The sizes the lab steps through, (rows, cols): square, so a race's mazes sit side by side.
SIZES: tuple[tuple[int, int], ...] = tuple(
    sorted({(r, r) for r, _ in SIZE_STEPS if r <= MAX_SIDE} | {(15, 15)}))


def generator_choices() -> list[tuple[str, dict[str, Optional[Value]]]]:
    """Return every generator the lab offers with its options, one per growing-tree policy."""
    out: list[tuple[str, dict[str, Optional[Value]]]] = []
    for name, info in GENERATORS.items():
        if info.trace is None:
            continue
        named = [option for option in info.options if option.choices]
        if not named:
            out.append((name, {}))
            continue
        option = named[0]
        for value in range(len(option.choices)):
            # the first named value is the generator's own default: not given
            out.append((name, {option.name: value} if value else {}))
    return out


def generator_choice(name: str, options: Mapping[str, Optional[Value]]) -> int:
    """Return the index of ``name`` with ``options`` among the generator choices (0: unknown)."""
    choices = generator_choices()
    wanted = {k: v for k, v in options.items() if v}
    for i, (other, given) in enumerate(choices):
        if other == name and all(wanted.get(k) == v for k, v in given.items()) and all(
                k in given for k in wanted if k in _named_options(name)):
            return i
    return next((i for i, (other, _) in enumerate(choices) if other == name), 0)


def _named_options(name: str) -> list[str]:
    """Return the names of ``name``'s options that take named values (a policy)."""
    return [option.name for option in GENERATORS[name].options if option.choices]


def default_speed(rows: int, cols: int) -> int:
    """Return the speed index at which a maze of this size builds in about 20 seconds."""
    want = rows * cols / 20
    return next((i for i, s in enumerate(SPEEDS) if s >= want), len(SPEEDS) - 1)


def race_speed(rows: int, cols: int) -> int:
    """Return the speed index at which a race on a maze of this size lasts a few seconds.

    A race runs till its slowest solver ends: about half to nine-tenths of the tiles in
    ticks (bfs, Dijkstra and dead-end filling near all of them), so a tenth of the tiles
    a second lasts some four to eight seconds (21x21: 50 ticks a second).
    """
    want = rows * cols / 10
    return next((i for i, s in enumerate(SPEEDS) if s >= want), len(SPEEDS) - 1)


def size_index(rows: int, cols: int) -> int:
    """Return the index of the lab size nearest to ``rows`` x ``cols``."""
    return min(range(len(SIZES)), key=lambda i: abs(SIZES[i][0] * SIZES[i][1] - rows * cols))
