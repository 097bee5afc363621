"""The maze generators: one module per algorithm and one registry.

Every generator is ``generate(*, rows, cols, rng=None, loops=0.0, **options) -> Maze``
with sizes in tiles (odd, at least 3) and ``rng`` an int seed, None or a numpy
Generator; the same parameters and seed give the same maze on every platform.  Each
module declares its entry, ``INFO`` (:class:`~game.maze.registry.GeneratorInfo`: name,
level-code letter, label, options); ``GENERATORS`` holds them by name.

- ``backtracker``: depth-first over cells; long winding corridors.
- ``dig``: seed 003's tile digging, no parity; option ``rank`` (longer digs, simpler).
- ``division``: seed 000's recursive cross division; option ``room_size`` (open rooms).
- ``prim``: randomized Prim over cells; many short branches.
- ``kruskal``: random walls joining separate parts; Prim-like texture.
- ``wilson``, ``aldous-broder``: uniform spanning trees (every perfect maze equally likely).
- ``eller``: row by row, one row of memory.
- ``hunt-and-kill``: random walks, and a hunt for a new start when stuck.
- ``growing-tree``: a list of cells; option ``policy`` (newest, random, oldest or mix).
- ``sidewinder``: runs along rows opening north; the top row is one corridor.
- ``binary-tree``: each cell opens north or east; top row and right column are corridors.

``loops`` (0..1, :data:`~game.maze.registry.LOOPS`) adds cycles to any of them; at 1 the
cell mazes have no dead end.  ``keys`` (0..4, :data:`~game.maze.registry.KEYS`) then puts
coloured keys and locked doors into any of them (:mod:`game.maze.locks`), leaving the
walls as they are.  ``mud`` (0..1, :data:`~game.maze.registry.MUD`) lays that share of the
plain floor with mud patches (:mod:`game.maze.mud`), after the keys and before the lairs.
"""

from __future__ import annotations

from typing import Optional

from game.maze.generators import (
    aldous_broder, backtracker, binary_tree, dig, division, eller, growing_tree, hunt_and_kill,
    kruskal, prim, sidewinder, wilson,
)
import numpy as np

from game.maze.generators._common import RngLike, make_rng
from game.maze.generators.events import PLACE, Trace
from game.maze.grid import Maze
from game.maze.registry import GeneratorInfo, Option, Value

#: Every generator by name, in menu order: a new one is a module and a line here.
GENERATORS: dict[str, GeneratorInfo] = {
    module.INFO.name: module.INFO for module in (
        backtracker, dig, division, prim, kruskal, wilson, aldous_broder, eller,
        hunt_and_kill, growing_tree, sidewinder, binary_tree,
    )
}
#: The generator of a maze nobody chose one for.
DEFAULT = backtracker.NAME
#: Mixed with an integer seed to draw where the keys and doors go.
KEYS_STREAM = 0x6B657973  # "keys"
#: Mixed with an integer seed to draw where the chasers' lairs go.
LAIRS_STREAM = 0x6C616972  # "lair"
#: Mixed with an integer seed to draw where the mud goes.
MUD_STREAM = 0x6D7564  # "mud"


def generator_options() -> list[tuple[Option, GeneratorInfo]]:
    """Return every generator's own options with their generator, in level-code letter order."""
    infos = sorted(GENERATORS.values(), key=lambda info: info.letter)
    return [(option, info) for info in infos for option in info.options]


def option_owner(name: str) -> Optional[GeneratorInfo]:
    """Return the generator whose own option is called ``name``, or None."""
    return next((info for option, info in generator_options() if option.name == name), None)


def generate(
    name: str,
    *,
    rows: int,
    cols: int,
    seed: RngLike = None,
    loops: float = 0.0,
    keys: int = 0,
    chasers: int = 0,
    mud: float = 0.0,
    **options: Optional[Value],
) -> Maze:
    """Generate a maze with the generator called ``name``; raise ValueError on bad input.

    ``options`` are the generator's own (``room_size=...``); None means not given.
    ``keys`` doors and keys are placed with a random source of their own drawn from the
    seed, so the walls are those of the same maze without keys.  ``chasers`` lairs come
    last, drawn the same way (:mod:`game.maze.lairs`); ``mud`` patches go in before them
    (:mod:`game.maze.mud`), so the lairs are proved fair against a walker wading through.
    """
    info, given = _checked(name, options)
    maze = info.generate(rows=rows, cols=cols, rng=seed, loops=loops, **given)
    keyed = _with_mud(_with_keys(maze, keys, seed, info, given), mud, seed)
    return _with_lairs(keyed, chasers, seed)


def trace(
    name: str,
    *,
    rows: int,
    cols: int,
    seed: RngLike = None,
    loops: float = 0.0,
    keys: int = 0,
    chasers: int = 0,
    mud: float = 0.0,
    **options: Optional[Value],
) -> Trace:
    """Return the events of the maze ``generate`` makes with these arguments, then the Maze.

    Keys and doors, mud and lairs come last, one ``place`` event a tile.
    """
    info, given = _checked(name, options)
    assert info.trace is not None, f"{name} has no trace"
    events = info.trace(rows=rows, cols=cols, rng=seed, loops=loops, **given)
    if keys == 0 and chasers == 0 and not mud:
        return events
    return _keyed_trace(events, keys, seed, info, given, chasers, mud)


def _checked(
    name: str, options: dict[str, Optional[Value]]
) -> tuple[GeneratorInfo, dict[str, Value]]:
    """Return the generator called ``name`` and the options given; raise ValueError on bad input."""
    info = GENERATORS.get(name)
    if info is None:
        raise ValueError(
            f"unknown algorithm {name!r} (choose from {', '.join(sorted(GENERATORS))})"
        )
    given = {option: value for option, value in options.items() if value is not None}
    own = {option.name for option in info.options}
    for option in given:
        if option not in own:
            owner = option_owner(option)
            if owner is None:
                raise ValueError(f"unknown option {option!r} (no generator has it)")
            raise ValueError(f"{option} only applies to {owner.name}, not to {name}")
    return info, given


def _with_keys(maze: Maze, keys: int, seed: RngLike, info: GeneratorInfo,
               given: dict[str, Value]) -> Maze:
    """Return ``maze`` with ``keys`` keys and locked doors placed (``maze`` itself for none)."""
    if keys == 0:
        return maze
    from game.maze.locks import place_keys

    rooms = info.room_size(given) is not None
    return place_keys(maze, keys, _stream_rng(seed, KEYS_STREAM), rooms=rooms)


def _with_lairs(maze: Maze, chasers: int, seed: RngLike) -> Maze:
    """Return ``maze`` with ``chasers`` lairs placed (``maze`` itself for none)."""
    if chasers == 0:
        return maze
    from game.maze.lairs import place_lairs

    return place_lairs(maze, chasers, _stream_rng(seed, LAIRS_STREAM))


def _with_mud(maze: Maze, mud: float, seed: RngLike) -> Maze:
    """Return ``maze`` with a share ``mud`` of its floor laid with mud (``maze`` itself for none)."""
    from game.maze.mud import check_fraction, lay_mud

    if check_fraction(mud) == 0.0:
        return maze
    return lay_mud(maze, mud, _stream_rng(seed, MUD_STREAM))


def _stream_rng(seed: RngLike, stream: int) -> np.random.Generator:
    """Return the random source of one stream (keys, mud, lairs) of the maze ``seed`` makes.

    An integer seed gives each stream its own Generator, so adding keys leaves the walls
    as they are; a Generator goes on where the walls left it.
    """
    if isinstance(seed, (int, np.integer)) and not isinstance(seed, bool):
        return np.random.default_rng([int(seed), stream])
    return make_rng(seed)


def _keyed_trace(events: Trace, keys: int, seed: RngLike, info: GeneratorInfo,
                 given: dict[str, Value], chasers: int = 0, mud: float = 0.0) -> Trace:
    """Yield ``events``, then one ``place`` event per key, door, mud tile and lair, then the Maze."""
    for item in events:
        if not isinstance(item, Maze):
            yield item
            continue
        keyed = _with_mud(_with_keys(item, keys, seed, info, given), mud, seed)
        keyed = _with_lairs(keyed, chasers, seed)
        for r, c in zip(*np.nonzero(keyed.tiles != item.tiles)):
            yield (PLACE, int(r), int(c), int(keyed.tiles[r, c]), int(item.tiles[r, c]))
        yield keyed
