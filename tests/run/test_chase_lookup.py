"""The chasers' looked-up map plays every tick exactly as a flood per player move did.

:class:`game.maze.chase.Pack` reads its distance map's few tiles from
:class:`game.maze.blocks.Steps` instead of flooding it on every move; ``FloodPack`` below
is the pack as it was (commit b29015a, kept here as the reference).  Both are stepped
side by side on many random mazes (every generator, loops, rooms, keys, mud, islands),
walks (wandering, doubling back, standing) and lairs, in and out of the fog: every
chaser's tile, step, scent and the map's readings must agree on every tick.
"""

from __future__ import annotations

import random
from typing import Optional

import numpy as np
import pytest

from game.maze import tiles as kinds
from game.maze.blocks import Steps, steps_of
from game.maze.chase import (CHASER_TICKS, SCENT_TICKS, SIGHT, WAKE_TICKS, _STEPS, Chaser,
                             Pack, flood, lairs_of)
from game.maze.generators import generate
from game.maze.grid import Maze, Pos


class FloodPack:
    """The pack as it was: one flood of the map per player move (the reference)."""

    def __init__(self, maze: Maze, *, fog: bool, held: int, wake: int = WAKE_TICKS) -> None:
        """Put one chaser on each lair; ``fog``: they can lose the scent; ``wake``: ticks asleep."""
        self.maze = maze
        self.fog = fog
        self.chasers = [Chaser(lair, lair, lair, last_seen=maze.start) for lair in lairs_of(maze)]
        self._from: Optional[Pos] = None  # the player's tile the map was flooded from
        self._trails: dict[Pos, np.ndarray] = {}  # a last-seen tile -> its distance map
        self._partial = False  # the map stopped once it reached every chaser
        self.closest: Optional[int] = None  # the fewest steps any chaser came to the player
        self.floods = 0
        self.wake = wake
        self.woken = 0  # ticks since the player's first move (up to WAKE_TICKS: not yet off)
        if not self.chasers:  # a maze without lairs costs nothing more
            self.dist = self.passable = self._transparent = np.zeros((0, 0), dtype=bool)
            return
        self.dist = np.full(maze.tiles.shape, -1, dtype=np.int32)
        self._transparent = kinds.transparent(maze.tiles)
        self._walkable = kinds.walkable(maze.tiles)
        self._locks = kinds.KINDS["lock"][maze.tiles]
        # what stepping onto each tile costs (None: no mud, every step CHASER_TICKS)
        self._costs = kinds.step_costs(maze.tiles) if kinds.weighted(maze.tiles) else None
        self.open_doors(held)

    def open_doors(self, held: int) -> None:
        """Let the chasers through the doors ``held`` key bits open."""
        self.passable = self._walkable & ((self._locks & ~np.uint8(held)) == 0)
        self._from = None
        self._trails = {}

    def _hunt_map(self, player: Pos) -> np.ndarray:
        """Return the distance map from ``player`` (one flood per tile the player moves to)."""
        lost = self._partial and any(self.dist[c.pos] < 0 for c in self.chasers)
        if self._from != player or lost:
            targets = [c.pos for c in self.chasers]
            self.dist = flood(self.passable, player, targets)
            self._partial = all(self.dist[t] >= 0 for t in targets)  # else it flooded all
            self._from = player
            self.floods += 1
        return self.dist

    def _trail_map(self, spot: Pos) -> np.ndarray:
        """Return the distance map from ``spot`` (kept: a chaser walks to it)."""
        if spot not in self._trails:
            self._trails[spot] = flood(self.passable, spot)
        return self._trails[spot]

    def sees(self, chaser: Chaser, player: Pos) -> bool:
        """Return True when ``chaser`` sees ``player`` (always, outside the fog)."""
        if not self.fog:
            return True
        (r, c), (pr, pc) = chaser.pos, player
        if abs(r - pr) + abs(c - pc) <= 1:
            return True
        if r == pr and abs(c - pc) <= SIGHT:
            lo, hi = sorted((c, pc))
            return bool(self._transparent[r, lo : hi + 1].all())
        if c == pc and abs(r - pr) <= SIGHT:
            lo, hi = sorted((r, pr))
            return bool(self._transparent[lo : hi + 1, c].all())
        return False

    def step(self, player: Pos) -> None:
        """Advance every chaser one tick toward ``player`` (the tile it stands or steps on)."""
        hunt = self._hunt_map(player)
        if self.woken < self.wake:
            self.woken += 1
            return
        for chaser in self.chasers:
            if self.sees(chaser, player):
                chaser.hunting, chaser.last_seen, chaser.unseen = True, player, 0
            else:
                chaser.unseen += 1
                if chaser.hunting and chaser.unseen >= SCENT_TICKS:
                    chaser.hunting = False
            if chaser.progress < chaser.span:
                chaser.progress += 1
            if chaser.progress < chaser.span:
                continue
            if chaser.hunting:
                nxt = self._downhill(hunt, chaser.pos)
            else:
                assert chaser.last_seen is not None
                nxt = self._downhill(self._trail_map(chaser.last_seen), chaser.pos)
            if nxt is not None:
                chaser.prev, chaser.pos, chaser.progress = chaser.pos, nxt, 0
                chaser.span = CHASER_TICKS if self._costs is None else (
                    CHASER_TICKS * int(self._costs[nxt]))
            else:
                chaser.prev = chaser.pos
        near = self.nearest()
        if near is not None and (self.closest is None or near < self.closest):
            self.closest = near

    def _downhill(self, dist: np.ndarray, pos: Pos) -> Optional[Pos]:
        """Return the neighbour of ``pos`` one step nearer on ``dist`` (None: none)."""
        here = int(dist[pos])
        if here <= 0:
            return None
        rows, cols = dist.shape
        for dr, dc in _STEPS:
            q = (pos[0] + dr, pos[1] + dc)
            if 0 <= q[0] < rows and 0 <= q[1] < cols and dist[q] == here - 1:
                return q
        return None

    def nearest(self) -> Optional[int]:
        """Return the fewest steps from any chaser to the player's tile (None: none can reach)."""
        found = [int(self.dist[c.pos]) for c in self.chasers if self.dist[c.pos] >= 0]
        return min(found) if found else None

    def catches(self, player: tuple[float, float]) -> bool:
        """Return True when a chaser is within CATCH_DISTANCE of the player (as drawn)."""
        return any(chaser.catches(player) for chaser in self.chasers)


def _mazes() -> list[Maze]:
    """Return mazes of every kind: generators with loops, rooms, keys and mud, and noise."""
    found = []
    for seed, (algorithm, options) in enumerate((
            ("backtracker", {}), ("backtracker", {"loops": 0.1}), ("prim", {"loops": 0.3}),
            ("division", {"room_size": 3}), ("division", {"room_size": 4, "loops": 0.1}),
            ("dig", {}), ("prim", {"keys": 2}), ("backtracker", {"keys": 3, "loops": 0.1}),
            ("prim", {"mud": 0.2}), ("division", {"room_size": 5, "mud": 0.1}))):
        found.append(generate(algorithm, rows=21 + 4 * (seed % 3), cols=25, seed=seed,
                              **options))  # type: ignore[arg-type]
    rng = np.random.default_rng(3)
    for n in range(6):  # open noise: blocks of every shape, islands, one-tile pieces
        tiles = np.where(rng.random((15, 19)) < 0.35 + 0.08 * n, kinds.WALL, kinds.FLOOR)
        tiles = tiles.astype(np.uint8)
        floor = list(zip(*np.nonzero(tiles == kinds.FLOOR)))
        start, goal = (tuple(int(v) for v in floor[i]) for i in (0, -1))
        found.append(Maze(tiles, start, goal))  # type: ignore[arg-type]
    return found


MAZES = _mazes()


@pytest.mark.parametrize("index", range(len(MAZES)))
def test_steps_are_the_flood_tile_for_tile(index: int) -> None:
    """From open tiles, closed ones and islands, every tile's steps are the flood's."""
    maze = MAZES[index]
    walk = kinds.walkable(maze.tiles)
    steps = Steps(walk)
    rng = random.Random(index)
    rows, cols = walk.shape
    origins = [(rng.randrange(rows), rng.randrange(cols)) for _ in range(12)]
    for origin in origins + [maze.start, maze.goal]:
        want = flood(walk, origin)
        got = np.array([[steps.steps(origin, (r, c)) for c in range(cols)] for r in range(rows)])
        assert np.array_equal(got, want), origin


def test_the_steps_of_a_maze_are_kept() -> None:
    walk = kinds.walkable(MAZES[0].tiles)
    assert steps_of(walk) is steps_of(walk.copy()) and steps_of(~walk) is not steps_of(walk)


def _with_lairs(maze: Maze, rng: random.Random) -> Maze:
    """Return ``maze`` with one to four lairs on random floor tiles."""
    tiles = maze.tiles.copy()
    floor = [(int(r), int(c)) for r, c in zip(*np.nonzero(tiles == kinds.FLOOR))
             if (r, c) not in (maze.start, maze.goal)]
    for pos in rng.sample(floor, rng.randint(1, min(4, len(floor)))):
        tiles[pos] = kinds.kind_of("M")
    return Maze(tiles, maze.start, maze.goal)


def _state(pack: Pack | FloodPack) -> tuple[object, ...]:
    """Return everything the chasers decided so far, and the map's readings."""
    return (pack.closest, pack.floods, pack.nearest(), pack.woken,
            [(c.pos, c.prev, c.progress, c.span, c.hunting, c.last_seen, c.unseen,
              c.render_pos, int(pack.dist[c.pos])) for c in pack.chasers])


@pytest.mark.parametrize("index", range(len(MAZES)))
def test_the_pack_steps_as_the_flood_per_move_pack(index: int) -> None:
    """Every tick of wandering walks, in and out of the fog, with doors opening: the same."""
    for trial in range(4):
        rng = random.Random(100 * index + trial)
        maze = _with_lairs(MAZES[index], rng)
        walk = kinds.walkable(maze.tiles)
        fog, wake = rng.random() < 0.7, rng.choice((0, 5, WAKE_TICKS))
        held = 0
        packs = (Pack(maze, fog=fog, held=held, wake=wake),
                 FloodPack(maze, fog=fog, held=held, wake=wake))
        floor = list(zip(*np.nonzero(walk)))
        here = maze.start if trial % 2 else tuple(int(v) for v in rng.choice(floor))
        back, wait = here, 0
        for tick in range(2500):
            if wait == 0:  # on to a random open neighbour (back only at a dead end), a pause
                ways = [(here[0] + dr, here[1] + dc) for dr, dc in _STEPS
                        if 0 <= here[0] + dr < walk.shape[0] and 0 <= here[1] + dc < walk.shape[1]
                        and walk[here[0] + dr, here[1] + dc]]
                if ways:
                    back, here = here, rng.choice([q for q in ways if q != back] or ways)
                wait = rng.choice((1, 2, 8, 15, 15, 15, 15, 24, 60, 400))
            wait -= 1
            if rng.random() < 0.002:  # a key picked up: doors open for the chasers
                held |= 1 << rng.randrange(4)
                for pack in packs:
                    pack.open_doors(held)
            for pack in packs:
                pack.step(here)
            assert _state(packs[0]) == _state(packs[1]), (trial, tick)
            if tick % 97 == 0:
                assert np.array_equal(packs[0].dist, packs[1].dist), (trial, tick)
            assert packs[0].catches(here) == packs[1].catches(here)


@pytest.mark.parametrize("index", range(len(MAZES)))
def test_a_glide_is_as_many_steps(index: int) -> None:
    """``glide`` over a player's stay on one tile ends as stepping every tick of it."""
    for trial in range(3):
        rng = random.Random(200 * index + trial)
        maze = _with_lairs(MAZES[index], rng)
        walk = kinds.walkable(maze.tiles)
        fog, wake = rng.random() < 0.7, rng.choice((0, 5, WAKE_TICKS))
        stepped = Pack(maze, fog=fog, held=0, wake=wake)
        glided = Pack(maze, fog=fog, held=0, wake=wake)
        here, back = maze.start, maze.start
        for _ in range(150):
            ways = [(here[0] + dr, here[1] + dc) for dr, dc in _STEPS
                    if 0 <= here[0] + dr < walk.shape[0] and 0 <= here[1] + dc < walk.shape[1]
                    and walk[here[0] + dr, here[1] + dc]]
            if ways:
                back, here = here, rng.choice([q for q in ways if q != back] or ways)
            stay = rng.choice((1, 2, 7, 15, 15, 15, 40, 400))
            while stay > 0:  # glided in pieces, each ending anywhere between two arrivals
                piece = min(stay, rng.randrange(1, 30))
                stay -= piece
                for _ in range(piece):
                    stepped.step(here)
                glided.glide(here, piece)
                assert _state(glided) == _state(stepped), trial


CHASER_CODES = ("D21x21-1MD-C1", "B15x15-16Q-C1", "P25x25-1XH-C2", "D31x31-2E5-C2",
                "B25x25-1XL-C2", "D31x31-1-R3-U10-C1", "B41x41-2-L10-C2-F1", "P31x31-1-U10-C1-F1",
                "G21x21-3-L20-C1")


@pytest.mark.parametrize("code", CHASER_CODES)
def test_sliding_ticks_batched_while_chased_match_one_step_a_tick(code: str) -> None:
    """``replay`` glides the player's slides while no chaser is near: the same chase as stepping."""
    from tests.run.run_corpus import make_log, maze_of, summary

    from game.levels import parse_level_code
    from game.run.model import Run, replay

    from game.simulate import parse_moves, tap

    fog, maze = parse_level_code(code).fog, maze_of(code)
    for seed in range(8):
        if seed % 2:  # random taps at random paces: they run into the chasers
            rng = random.Random(seed)
            letters = "".join(rng.choice("UDLR") for _ in range(rng.randrange(20, 300)))
            tapped = tap(maze, parse_moves(letters), rng.choice((2.0, 5.7, 8.0, 30.0))).run
            log, ticks = tuple(tapped.log), tapped.tick + rng.choice((0, 200))
        else:
            log, ticks = make_log(maze, seed)
        batched = replay(maze, log, ticks=ticks, fog=fog, search_optimal=False)
        run = Run(maze, fog=fog, search_optimal=False)
        i = 0
        while True:  # one step a tick
            while i < len(log) and log[i].tick <= run.tick:
                run.apply(log[i].intent)
                i += 1
            if run.tick >= ticks or run.over:
                break
            run.step()
        assert summary(batched) == summary(run), seed
        assert _state(batched.chase) == _state(run.chase), seed


@pytest.mark.parametrize("gap", [3, 10, 17])
def test_a_slide_into_a_chaser_is_caught_on_the_same_tick_batched(gap: int) -> None:
    """Walking down a corridor into its chaser: a catch mid-slide is not glided over."""
    from game.maze.formats import parse_maze
    from game.run.intents import Release
    from game.run.model import Logged, Run, replay
    from game.run.player import Move

    caught = set()
    for lair in range(12, 20):
        corridor = "S" + "." * lair + "M" + "." * (28 - lair) + "E"
        maze = parse_maze("\n".join(["#" * 33, "#" + corridor + "#", "#" * 33]))
        for pause in range(0, 48, 5):  # the first step, a pause, then a tap every ``gap`` ticks
            taps = [0] + [pause + 15 + gap * k for k in range(30)]
            log = tuple(Logged(t, intent) for t in taps
                        for intent in (Move(0, 1), Release(0, 1)))
            batched = replay(maze, log, ticks=3000, search_optimal=False)
            run = Run(maze, search_optimal=False)
            i = 0
            while not run.over and run.tick < 3000:
                while i < len(log) and log[i].tick <= run.tick:
                    run.apply(log[i].intent)
                    i += 1
                run.step()
            assert run.caught and batched.caught_at == run.caught_at, (lair, pause)
            caught.add(run.chase.chasers[0].pos != run.player.pos)
    assert caught == {True, False}  # caught crossing between two tiles, and heading into one
