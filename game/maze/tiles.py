"""Tile kinds as data: one table, indexed by the kind id a maze grid stores.

Modelled on the python-tcod tutorial's ``tile_types.py``: each row of :data:`KINDS`
says what a kind is -- its name, whether it can be walked on, whether it lets sight
through, the character the text format writes for it and the look (a name the renderer
maps to its art).  Code asks the table ("walkable?"), never ``== FLOOR``; a new kind is
one row here plus its art.  The ids of WALL (0) and FLOOR (1) never change: saved mazes,
printed mazes and the generators' output depend on them.  Pure: numpy only.
"""

from __future__ import annotations

import numpy as np

#: One kind: what the rules, the text format and the renderer need to know about it.
KIND = np.dtype(
    [
        ("name", "U16"),
        ("walkable", np.bool_),
        ("transparent", np.bool_),  # lets sight through (False: blocks sight)
        ("char", "U1"),  # its character in our text format
        ("look", "U16"),  # the name the renderer maps to its art
    ]
)

WALL = 0
FLOOR = 1


def new_kind(name: str, *, walkable: bool, transparent: bool, char: str, look: str) -> np.ndarray:
    """Return one row of the table (a 0-d array of dtype KIND)."""
    return np.array((name, walkable, transparent, char, look), dtype=KIND)


#: Every kind, indexed by its id.
KINDS: np.ndarray = np.stack(
    [
        new_kind("wall", walkable=False, transparent=False, char="#", look="wall"),
        new_kind("floor", walkable=True, transparent=True, char=".", look="floor"),
    ]
)


def walkable(tiles: np.ndarray) -> np.ndarray:
    """Return a bool array of the same shape: True where the kind can be walked on."""
    return _having(tiles, "walkable")


def transparent(tiles: np.ndarray) -> np.ndarray:
    """Return a bool array of the same shape: True where the kind lets sight through."""
    return _having(tiles, "transparent")


def _having(tiles: np.ndarray, field: str) -> np.ndarray:
    """Return a bool array: True where the tile's kind has ``field`` set.

    One comparison per kind that has it (a plain maze: one), a few times faster than
    indexing the table with 16 million tiles; ids outside the table have nothing set.
    """
    top = int(tiles.max()) if tiles.size else 0
    ids = np.flatnonzero(KINDS[field][: top + 1]).astype(tiles.dtype)  # same-type compares
    if not len(ids):
        return np.zeros(tiles.shape, dtype=np.bool_)
    out: np.ndarray = tiles == ids[0]
    for kind in ids[1:]:
        out |= tiles == kind
    return out


def is_walkable(kind: int) -> bool:
    """Return True when tiles of kind id ``kind`` can be walked on."""
    return bool(KINDS["walkable"][kind])


def chars() -> dict[str, int]:
    """Return each kind's text character mapped to its id."""
    return {str(ch): i for i, ch in enumerate(KINDS["char"])}
