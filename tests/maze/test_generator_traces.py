"""Generator traces: each generator tells its steps as events, and they are the maze.

Replayed on an all-wall grid, a trace rebuilds exactly the maze ``generate`` returns for
the same parameters and seed; undone one by one, it goes back through every grid it
passed; and the steps are the algorithm's own (division splits the chamber on top of its
stack, Prim carves or drops every frontier wall once, the backtracker pops every cell it
pushed, the digger digs only walls).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.maze.generators import GENERATORS, dig
from game.maze.generators.events import (
    BACK,
    CARVE,
    CHAMBER,
    DIG,
    DOOR,
    DROP,
    FRONTIER,
    POP,
    PUSH,
    ROOM,
    SPLIT,
    GenEvent,
    apply,
    drain,
    event_json,
    rebuild,
    undo,
)
from game.maze.grid import FLOOR, WALL, Maze

NAMES = sorted(GENERATORS)
odd_sizes = st.integers(min_value=1, max_value=15).map(lambda n: 2 * n + 1)

#: Options worth tracing per generator, beyond none at all.
OPTIONS: dict[str, list[dict[str, Any]]] = {
    "backtracker": [{}, {"loops": 0.5}],
    "dig": [{}, {"rank": 3}, {"loops": 0.3, "rank": 2}],
    "division": [{}, {"room_size": 3}, {"loops": 0.4}],
    "prim": [{}, {"loops": 1.0}],
    "kruskal": [{}, {"loops": 0.5}],
    "wilson": [{}, {"loops": 0.3}],
    "aldous-broder": [{}, {"loops": 0.3}],
    "eller": [{}, {"loops": 0.5}],
    "hunt-and-kill": [{}, {"loops": 0.5}],
    "growing-tree": [{}, {"policy": 1}, {"policy": 2, "loops": 0.3}, {"policy": 3}],
    "sidewinder": [{}, {"loops": 0.5}],
    "binary-tree": [{}, {"loops": 1.0}],
}


def traced(
    name: str, rows: int, cols: int, seed: int, **options: Any
) -> tuple[list[GenEvent], Maze]:
    """Return the events and the maze of one traced generator run."""
    trace = GENERATORS[name].trace
    assert trace is not None
    return drain(trace(rows=rows, cols=cols, rng=seed, **options))


def test_every_generator_declares_a_trace() -> None:
    assert all(info.trace is not None for info in GENERATORS.values())


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=40, deadline=None)
@given(rows=odd_sizes, cols=odd_sizes, seed=st.integers(0, 2**32 - 1), pick=st.integers(0, 3))
def test_a_trace_rebuilds_exactly_the_maze_generate_returns(
    name: str, rows: int, cols: int, seed: int, pick: int
) -> None:
    options = OPTIONS[name][pick % len(OPTIONS[name])]
    events, maze = traced(name, rows, cols, seed, **options)
    assert maze == GENERATORS[name].generate(rows=rows, cols=cols, rng=seed, **options)
    assert np.array_equal(rebuild(events, rows, cols), maze.tiles)


@pytest.mark.parametrize("seed", range(4))
def test_the_digger_digs_the_plain_way_across_many_chunks_of_draws(seed: int) -> None:
    # The fast dig takes its draws in chunks, skips looking at the tile it came from and
    # digs on at once where the seed would queue a tile and take it straight off again;
    # the trace digs tile by tile the plain way.  At 501x501 it takes three chunks.
    _, maze = traced("dig", 501, 501, seed)
    assert maze == GENERATORS["dig"].generate(rows=501, cols=501, rng=seed)


def test_the_digger_digs_the_plain_way_when_its_queue_is_pruned_between_chunks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Tiny chunks: between two, the queue of tiles to come back to is pruned of the
    # blocked ones (as a long queue is on a big maze), hundreds of times here.
    _, maze = traced("dig", 151, 201, 5)
    monkeypatch.setattr(dig, "_CHUNK", 16)
    assert maze == GENERATORS["dig"].generate(rows=151, cols=201, rng=5)


@pytest.mark.parametrize("name", NAMES)
def test_undoing_a_trace_passes_back_through_every_grid(name: str) -> None:
    events, maze = traced(name, 15, 21, 7, **OPTIONS[name][-1])
    tiles = np.zeros((15, 21), dtype=np.uint8)
    grids = [tiles.copy()]
    for event in events:
        apply(tiles, event)
        grids.append(tiles.copy())
    for event, earlier in zip(reversed(events), reversed(grids[:-1])):
        undo(tiles, event)
        assert np.array_equal(tiles, earlier)
    assert not tiles.any()


def test_division_splits_the_chamber_on_top_of_its_stack_and_opens_three_doors() -> None:
    events, _ = traced("division", 21, 21, 3)
    assert events[0] == (ROOM, 1, 1, 19, 19)
    stack: list[tuple[int, ...]] = []
    doors = 0
    for event in events:
        if event[0] == CHAMBER:
            stack.append(event[1:])
        elif event[0] == SPLIT:
            wr, wc, *chamber = event[1:]
            assert tuple(chamber) == stack.pop()
            r1, c1, r2, c2 = chamber
            assert r1 < wr < r2 and c1 < wc < c2 and wr % 2 == 0 and wc % 2 == 0
        elif event[0] == DOOR:
            doors += 1
    assert not stack
    splits = sum(event[0] == SPLIT for event in events)
    assert doors == 3 * splits  # loops=0: three doors in every cross, a perfect maze


def test_prim_carves_or_drops_every_frontier_wall_exactly_once() -> None:
    events, _ = traced("prim", 15, 15, 11)
    frontier: set[tuple[int, int]] = set()
    carved = 0
    for kind, r, c, *via in events:
        if kind == FRONTIER:
            assert (r, c) not in frontier
            frontier.add((r, c))
        elif kind == CARVE:
            carved += 1
            if tuple(via) != (r, c):  # the first cell is carved through no wall
                frontier.remove(tuple(via))
        elif kind == DROP:
            frontier.remove((r, c))
    assert not frontier and carved == 7 * 7


def test_the_backtracker_pushes_and_pops_every_cell_once() -> None:
    events, _ = traced("backtracker", 11, 13, 5)
    stack: list[tuple[int, int]] = []
    pushed = set()
    for kind, r, c, *via in events:
        if kind == PUSH:
            if stack:  # the wall crossed lies between the cell on top and the new one
                (pr, pc) = stack[-1]
                assert (pr + r, pc + c) == (2 * via[0], 2 * via[1])
            stack.append((r, c))
            pushed.add((r, c))
        elif kind == POP:
            assert stack.pop() == (r, c)
    assert not stack and len(pushed) == 5 * 6


def test_the_digger_digs_only_walls_and_backs_up_to_dug_tiles() -> None:
    events, _ = traced("dig", 15, 17, 2, rank=2)
    tiles = np.zeros((15, 17), dtype=np.uint8)
    for event in events:
        kind, r, c = event[:3]
        if kind == DIG:
            assert tiles[r, c] == WALL
        elif kind == BACK:
            assert tiles[r, c] == FLOOR
        apply(tiles, event)


def test_event_json_names_the_event_and_its_tile() -> None:
    assert event_json((PUSH, 3, 5, 2, 5)) == '{"event": "push", "at": [3, 5], "via": [2, 5]}'
    assert event_json((SPLIT, 4, 6, 1, 1, 9, 9)) == (
        '{"event": "split", "at": [4, 6], "chamber": [1, 1, 9, 9]}'
    )
    assert event_json((DIG, 1, 0)) == '{"event": "dig", "at": [1, 0]}'


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("options", [{"keys": 3}, {"keys": 2, "room_size": 4}])
def test_a_keyed_trace_places_each_key_and_door_last_and_rebuilds_the_keyed_maze(
        name: str, options: dict[str, Any]) -> None:
    from game.maze.generators import generate, trace
    from game.maze.generators.events import PLACE

    if "room_size" in options and name != "division":
        options = {"keys": options["keys"]}
    events, maze = drain(trace(name, rows=31, cols=41, seed=5, **options))
    assert maze == generate(name, rows=31, cols=41, seed=5, **options)
    placed = [event for event in events if event[0] == PLACE]
    assert len(placed) == 2 * options["keys"]  # a key and its door each
    assert events[-len(placed):] == placed
    kinds = [json.loads(event_json(event))["kind"] for event in placed]
    keys = {kind for kind in kinds if kind in "rgby"}
    assert len(keys) == options["keys"] and {kind.lower() for kind in kinds} == keys  # pairs
    tiles = rebuild(events, 31, 41)
    assert np.array_equal(tiles, maze.tiles)
    for event in reversed(placed):
        undo(tiles, event)
    plain = generate(name, rows=31, cols=41, seed=5,
                     **{k: v for k, v in options.items() if k != "keys"})
    assert np.array_equal(tiles, plain.tiles)  # the walls are those of the maze without keys
