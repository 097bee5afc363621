"""What a generator's trace yields: its steps as events, then the Maze it made.

Each generator module has ``trace(*, rows, cols, rng, loops, **options)`` beside its
fast ``generate``: the same algorithm, the same random draws and the same maze, told
step by step.  An event is a tuple ``(kind, row, col, *more)``; replayed on an all-wall
grid with :func:`apply`, the events rebuild the maze exactly, and :func:`undo` takes one
back (every kind changes tiles one way only, so its inverse needs no memory).

=========  ===================================  ======================================
kind       at                                   tiles
=========  ===================================  ======================================
room       top-left tile; ``to`` bottom-right   the box becomes floor
chamber    top-left tile; ``to`` bottom-right   none (division pushes a chamber)
split      the cross's centre; ``chamber``      the cross's row and column become wall
door       a doorway in an arm                  floor
frontier   a wall Prim adds to its list         none
carve      the cell Prim enters; ``via`` wall   both floor
drop       a wall Prim takes but cannot open    none
push       the cell the backtracker enters      both floor (``via``: the wall crossed)
pop        the cell it pops back from           none
dig        a tile the digger digs               floor
back       the tile the digger backs up to      none
open       a loop's opening, entrance, exit     floor
wall       a corridor tile walled up again      wall
place      a key or a locked door; ``kind``     that kind (``was``: the kind before)
cell       a cell opened on its own              floor
join       a wall between two cells              floor
link       a cell entered; ``via`` the wall      both floor
walk       the cell a loop-erased walk adds      none (the walk's stack grows)
erase      the walk's top cell, a loop erased    none (the walk's stack shrinks)
add        the walk's top cell joins the tree    both floor (``via``; the stack shrinks)
roam       a visited cell a random walk enters   none
skip       a wall looked at and left up          none
scan       the first cell of a row hunted over   none
done       a cell leaves the list; ``index``     none (``index``: its place in the list)
=========  ===================================  ======================================
"""

from __future__ import annotations

import json
from typing import Callable, Iterable, Iterator, Union

import numpy as np

from game.maze.generators._common import finish_maze
from game.maze.grid import FLOOR, WALL, Maze
from game.maze import tiles as kinds

(ROOM, CHAMBER, SPLIT, DOOR, FRONTIER, CARVE, DROP, PUSH, POP, DIG, BACK, OPEN, CLOSE,
 PLACE, CELL, JOIN, LINK, WALK, ERASE, ADD, ROAM, SKIP, SCAN, DONE) = range(24)
#: Each kind's name in traces (``generate --trace``), by kind.
NAMES = ("room", "chamber", "split", "door", "frontier", "carve", "drop", "push", "pop",
         "dig", "back", "open", "wall", "place", "cell", "join", "link", "walk", "erase",
         "add", "roam", "skip", "scan", "done")

GenEvent = tuple[int, ...]  # (kind, row, col, *more)
Trace = Iterator[Union[GenEvent, Maze]]
#: ``trace(*, rows, cols, rng=None, loops=0.0, **options)``: events, then the Maze.
Tracer = Callable[..., Trace]

# The kinds that leave tiles as they are.
_QUIET = frozenset((CHAMBER, FRONTIER, DROP, POP, BACK, WALK, ERASE, ROAM, SKIP, SCAN, DONE))


def apply(tiles: np.ndarray, event: GenEvent) -> None:
    """Change ``tiles`` as ``event`` does."""
    _set(tiles, event, forward=True)


def undo(tiles: np.ndarray, event: GenEvent) -> None:
    """Take ``event`` back: the tiles it changed go back to what they were."""
    _set(tiles, event, forward=False)


def _set(tiles: np.ndarray, event: GenEvent, *, forward: bool) -> None:
    """Write ``event``'s tiles (``forward``) or their values before it."""
    kind, r, c = event[0], event[1], event[2]
    if kind in _QUIET:
        return
    if kind == ROOM:
        tiles[r:event[3] + 1, c:event[4] + 1] = FLOOR if forward else WALL
    elif kind == SPLIT:
        # A cross is drawn through an open chamber: floor before, wall after.
        r1, c1, r2, c2 = event[3:7]
        value = WALL if forward else FLOOR
        tiles[r, c1:c2 + 1] = value
        tiles[r1:r2 + 1, c] = value
    elif kind in (CARVE, PUSH, LINK, ADD):
        value = FLOOR if forward else WALL
        tiles[r, c] = value
        tiles[event[3], event[4]] = value
    elif kind == CLOSE:
        tiles[r, c] = WALL if forward else FLOOR
    elif kind == PLACE:
        tiles[r, c] = event[3] if forward else event[4]
    else:  # door, dig, open, cell, join
        tiles[r, c] = FLOOR if forward else WALL


def rebuild(events: Iterable[GenEvent], rows: int, cols: int) -> np.ndarray:
    """Replay ``events`` on an all-wall grid of ``rows`` x ``cols`` tiles; return the tiles."""
    tiles = np.zeros((rows, cols), dtype=np.uint8)
    for event in events:
        apply(tiles, event)
    return tiles


def event_json(event: GenEvent) -> str:
    """Return ``event`` as one JSON object: ``{"event": name, "at": [row, col], ...}``."""
    kind = event[0]
    line: dict[str, object] = {"event": NAMES[kind], "at": [event[1], event[2]]}
    if kind in (ROOM, CHAMBER):
        line["to"] = [event[3], event[4]]
    elif kind == SPLIT:
        line["chamber"] = list(event[3:7])
    elif kind in (CARVE, PUSH, LINK, ADD):
        line["via"] = [event[3], event[4]]
    elif kind == DONE:
        line["index"] = event[3]
    elif kind == PLACE:
        line["kind"] = str(kinds.KINDS["char"][event[3]])
    return json.dumps(line)


def changes(before: np.ndarray, after: np.ndarray, opened: int = OPEN) -> Iterator[GenEvent]:
    """Yield the events from ``before`` to ``after``: ``opened`` tiles, then walled ones."""
    now, was = kinds.walkable(after), kinds.walkable(before)
    for kind, (rows, cols) in ((opened, np.nonzero(now & ~was)), (CLOSE, np.nonzero(was & ~now))):
        for r, c in zip(rows.tolist(), cols.tolist()):
            yield (kind, r, c)


def finish_traced(tiles: np.ndarray, maze: Maze) -> Trace:
    """Yield what finishing a maze did to ``tiles`` (entrance, exit, loops), then the Maze."""
    yield from changes(tiles, maze.tiles)
    yield maze


def finish_trace(tiles: np.ndarray, loops: float, rng: np.random.Generator) -> Trace:
    """Finish the carved ``tiles`` (entrance, exit, loops): yield what that changed, then the Maze."""
    before = tiles.copy()
    yield from finish_traced(before, finish_maze(tiles, loops, rng))


def maze_of(trace: Trace) -> Maze:
    """Run ``trace`` to its end, keeping no event; return the Maze it ends with."""
    for item in trace:
        if isinstance(item, Maze):
            return item
    raise RuntimeError("a generator's trace ended without a Maze")


def drain(trace: Trace) -> tuple[list[GenEvent], Maze]:
    """Pull every event out of ``trace``; return them and the Maze it ends with."""
    events: list[GenEvent] = []
    for item in trace:
        if isinstance(item, Maze):
            return events, item
        events.append(item)
    raise RuntimeError("a generator's trace ended without a Maze")
