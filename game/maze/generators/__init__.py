"""The maze generators: one module per algorithm and one registry.

Every generator is ``generate(*, rows, cols, rng=None, loops=0.0, **options) -> Maze``
with sizes in tiles (odd, at least 3) and ``rng`` an int seed, None or a numpy
Generator; the same parameters and seed give the same maze on every platform.

- ``backtracker``: depth-first over cells; long winding corridors.
- ``dig``: seed 003's tile digging, no parity; option ``rank`` (longer digs, simpler).
- ``division``: seed 000's recursive cross division; option ``room_size`` (open rooms).
- ``prim``: randomized Prim over cells; many short branches.

``loops`` (0..1) adds cycles to any of them; at 1 the cell mazes have no dead end.
"""

from __future__ import annotations

from typing import Callable, Optional

from game.maze.generators import backtracker, dig, division, prim
from game.maze.generators._common import RngLike
from game.maze.grid import Maze

GenerateFn = Callable[..., Maze]

GENERATORS: dict[str, GenerateFn] = {
    backtracker.NAME: backtracker.generate,
    dig.NAME: dig.generate,
    division.NAME: division.generate,
    prim.NAME: prim.generate,
}

#: The extra keyword options each generator accepts.
OPTIONS: dict[str, tuple[str, ...]] = {
    backtracker.NAME: (),
    dig.NAME: ("rank",),
    division.NAME: ("room_size",),
    prim.NAME: (),
}


def generate(
    name: str,
    *,
    rows: int,
    cols: int,
    seed: RngLike = None,
    loops: float = 0.0,
    room_size: Optional[int] = None,
    rank: Optional[int] = None,
) -> Maze:
    """Generate a maze with the generator called ``name``; raise ValueError on bad input."""
    if name not in GENERATORS:
        raise ValueError(
            f"unknown algorithm {name!r} (choose from {', '.join(sorted(GENERATORS))})"
        )
    options = {}
    for option, value in (("room_size", room_size), ("rank", rank)):
        if value is None:
            continue
        if option not in OPTIONS[name]:
            owners = [g for g in sorted(OPTIONS) if option in OPTIONS[g]]
            raise ValueError(
                f"{option} only applies to {' and '.join(owners)}, not to {name}"
            )
        options[option] = value
    return GENERATORS[name](rows=rows, cols=cols, rng=seed, loops=loops, **options)
