"""Tile kinds as data: one table, indexed by the kind id a maze grid stores.

Modelled on the python-tcod tutorial's ``tile_types.py``: each row of :data:`KINDS`
says what a kind is -- its name, whether it can be walked on, whether it lets sight
through, the character the text format writes for it and the look (a name the renderer
maps to its art).  Code asks the table ("walkable?"), never ``== FLOOR``; a new kind is
one row here plus its art.  The ids of WALL (0) and FLOOR (1) never change: saved mazes,
printed mazes and the generators' output depend on them.  Pure: numpy only.

Keys and doors come in four colours, red green blue yellow (text ``r g b y`` for keys,
``R G B Y`` for doors).  Stepping onto a key picks it up for good; a door can be entered
only while holding its colour's key.  A kind's ``key`` is the colour bit it gives and its
``lock`` the bit it needs (0: none), one bit per colour in :data:`COLOURS` order.
"""

from __future__ import annotations

from itertools import chain

import numpy as np

from game.maze.ids import FLOOR, WALL

#: One kind: what the rules, the text format and the renderer need to know about it.
KIND = np.dtype(
    [
        ("name", "U16"),
        ("walkable", np.bool_),
        ("transparent", np.bool_),  # lets sight through (False: blocks sight)
        ("char", "U1"),  # its character in our text format
        ("look", "U16"),  # the name the renderer maps to its art
        ("key", np.uint8),  # the colour bit of the key it holds (0: none)
        ("lock", np.uint8),  # the colour bit of the key it needs to be entered (0: none)
        ("cost", np.uint8),  # what stepping onto it costs (floor 1); the weighted solvers add it up
    ]
)

#: Mud's id, and what stepping onto it costs (and the times as long it takes to cross).
MUD = 11
MUD_COST = 3
#: The key and door colours by bit: red 1, green 2, blue 4, yellow 8.
COLOURS = "rgby"
COLOUR_NAMES = ("red", "green", "blue", "yellow")


def new_kind(
    name: str, *, walkable: bool, transparent: bool, char: str, look: str, key: int = 0,
    lock: int = 0, cost: int = 1,
) -> np.ndarray:
    """Return one row of the table (a 0-d array of dtype KIND)."""
    return np.array((name, walkable, transparent, char, look, key, lock, cost), dtype=KIND)


#: Every kind, indexed by its id: wall, floor, the keys r g b y (2-5), the doors R G B Y (6-9),
#: a chaser's lair (10, floor where a chaser starts: game.run.chase), mud (11, walkable but
#: costing :data:`MUD_COST` to step onto: the weighted solvers go round it, a walker wades).
KINDS: np.ndarray = np.stack(
    [
        new_kind("wall", walkable=False, transparent=False, char="#", look="wall"),
        new_kind("floor", walkable=True, transparent=True, char=".", look="floor"),
        *(
            new_kind(f"{name} key", walkable=True, transparent=True, char=letter,
                     look=f"key_{name}", key=1 << i)
            for i, (letter, name) in enumerate(zip(COLOURS, COLOUR_NAMES))
        ),
        *(
            new_kind(f"{name} door", walkable=True, transparent=False, char=letter.upper(),
                     look=f"door_{name}", lock=1 << i)
            for i, (letter, name) in enumerate(zip(COLOURS, COLOUR_NAMES))
        ),
        new_kind("lair", walkable=True, transparent=True, char="M", look="lair"),
        new_kind("mud", walkable=True, transparent=True, char="~", look="mud", cost=3),
    ]
)


def walkable(tiles: np.ndarray) -> np.ndarray:
    """Return a bool array of the same shape: True where the kind can be walked on.

    A door counts as walkable: whether it can be entered depends on the keys held.
    """
    return _of_kinds(tiles, KINDS["walkable"])


def transparent(tiles: np.ndarray) -> np.ndarray:
    """Return a bool array of the same shape: True where the kind lets sight through."""
    return _of_kinds(tiles, KINDS["transparent"])


def has_locks(tiles: np.ndarray) -> bool:
    """Return True when any tile holds a key or is a door."""
    return bool(_of_kinds(tiles, (KINDS["key"] | KINDS["lock"]) != 0).any())


def key_colours(tiles: np.ndarray) -> str:
    """Return the colour letters (r g b y) of the keys lying in ``tiles``, in colour order."""
    bits = KINDS["key"]
    return "".join(ch for i, ch in enumerate(COLOURS)
                   if _of_kinds(tiles, bits == 1 << i).any())


def _of_kinds(tiles: np.ndarray, flags: np.ndarray) -> np.ndarray:
    """Return a bool array: True where the tile's kind id is flagged in ``flags``.

    One comparison per flagged kind present up to the highest id (a plain maze: one), a
    few times faster than indexing the table with 16 million tiles; ids outside the table
    are never flagged.
    """
    top = int(tiles.max()) if tiles.size else 0
    ids = np.flatnonzero(flags[: top + 1]).astype(tiles.dtype)  # same-type compares
    if not len(ids):
        return np.zeros(tiles.shape, dtype=np.bool_)
    out: np.ndarray = tiles == ids[0]
    for kind in ids[1:]:
        out |= tiles == kind
    return out


def step_costs(tiles: np.ndarray) -> np.ndarray:
    """Return what stepping onto each tile costs (its kind's ``cost``; a wall's is never paid)."""
    costs: np.ndarray = KINDS["cost"][tiles]
    return costs


def weighted(tiles: np.ndarray) -> bool:
    """Return True when any tile costs other than 1 to step onto (mud)."""
    return bool(_of_kinds(tiles, KINDS["cost"] != 1).any())


def path_cost(tiles: np.ndarray, path: list[tuple[int, int]]) -> int:
    """Return the sum of the costs of the tiles ``path`` steps onto (its first tile is free)."""
    if len(path) < 2:
        return 0
    steps = np.fromiter(chain.from_iterable(path[1:]), dtype=np.intp, count=2 * (len(path) - 1))
    # only the path's tiles are looked up (a whole maze's costs took a frame on a big one)
    return int(KINDS["cost"][tiles[steps[0::2], steps[1::2]]].sum())


def is_walkable(kind: int) -> bool:
    """Return True when tiles of kind id ``kind`` can be walked on."""
    return bool(KINDS["walkable"][kind])


def kind_of(char: str) -> int:
    """Return the id of the kind written as ``char``; raise KeyError for none."""
    found = np.flatnonzero(KINDS["char"] == char)
    if not len(found):
        raise KeyError(char)
    return int(found[0])


def colour(bit: int) -> str:
    """Return the colour letter (r g b y) of a single key bit."""
    return COLOURS[bit.bit_length() - 1]
