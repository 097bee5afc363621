"""The run model: one play-through of a maze, advanced in fixed ticks, replayable.

A :class:`Run` holds everything the game knows about the play-through -- the player (tile,
facing, the slide between tiles), moves, how often each tile was visited, the time in
ticks, hints used, the hint's solver and speed, the keys held, under fog what the player
sees and has seen (:class:`game.run.fog.Fog`) -- and the log of every intent it was given
with the tick it arrived at.  Stepping onto a key picks it up for good; a door can be
entered only while holding its colour's key, and walking into a locked one is a "locked"
event (its colour in ``locked_by``) instead of a bump.  A step onto mud takes its cost
(3) times as long (:mod:`game.run.player`, rule 7).  It is pure (no pygame): the
play scene feeds it intents and whole ticks, the renderer and the HUD only read it.

Time advances in fixed ticks of 1/TICK_RATE s (:class:`game.run.clock.TickClock` turns
a frame's seconds into whole ticks and carries the rest), so the same log replays to the same run
on any machine at any frame rate (:func:`replay`).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from itertools import islice
from typing import TYPE_CHECKING, Iterator, Optional, Sequence

import numpy as np

from game.maze import tiles as kinds
from game.maze.decor import torches
from game.maze.grid import Maze, Pos
from game.maze.chase import Pack
from game.run.clock import TICK, TICK_RATE
from game.run.fog import Fog
from game.run.intents import (
    AutoRun,
    ChangeSpeed,
    CycleSolver,
    FinishHint,
    Release,
    ReleaseAll,
    RunIntent,
    SelectSolver,
    SetSpeed,
    ToggleHint,
)
from game.run.player import BUMP, Move, Player
from game.run.speeds import nearest_speed, step_speed

if TYPE_CHECKING:  # typing only: the solvers load when a run starts
    from game.maze.solvers.keyed import KeyedTables

#: Events of the entrance-to-exit BFS run per tick while the optimal length is unknown.
OPTIMAL_EVENTS_PER_TICK = 400
#: Each tile kind's walkable flag, lock and key bits as plain lists (the table is fixed):
#: ``Run.tile_kind`` reads them per step, sooner than the table's records.
_WALKABLE: list[bool] = kinds.KINDS["walkable"].tolist()
_LOCK_BITS: list[int] = kinds.KINDS["lock"].tolist()
_KEY_BITS: list[int] = kinds.KINDS["key"].tolist()
#: The tile kinds (``Run.tile_kind``) an auto-run stops on, and those it stops before.
RUN_STOPS_ON = frozenset({"exit", "key"})
RUN_STOPS_BEFORE = frozenset({"door"})
#: The player events of keys and doors: a key picked up, a walk into a locked door.
KEY = "key"
LOCKED = "locked"
#: The event of a chaser catching the player: the run is over.
CAUGHT = "caught"


@dataclass(frozen=True, slots=True)  # slots: a replay read makes one per intent, twice as fast
class Logged:
    """One intent of the log and the tick it was applied at."""

    tick: int
    intent: RunIntent


class _Rules:
    """What a run's player asks of the tiles: the keys held, the tiles' kinds, the exit.

    The run and its player's callbacks share it, so that the player holds no reference
    back to the run: a finished run is freed by refcount, not left to the cyclic collector.
    """

    __slots__ = ("maze", "held", "fresh_key", "kinds", "rows", "cols")

    def __init__(self, maze: Maze, held: int) -> None:
        """Read ``maze``'s tiles; ``held``: the key bits held at the start."""
        self.maze = maze
        self.held = held  # key bits held
        self.fresh_key: Optional[Pos] = None  # a key picked up by the step under way
        # the tiles' kinds as bytes, read per step (one C copy here, a byte lookup there)
        self.kinds = np.ascontiguousarray(maze.tiles, dtype=np.uint8).tobytes()
        self.rows, self.cols = maze.tiles.shape

    def tile_kind(self, pos: Pos) -> str:
        """Return what the tile at ``pos`` is to the rules now.

        "wall", "floor", "exit", "key" for a key not held yet (auto-run stops on it) or
        "door" for a door the player cannot open yet (auto-run stops before it); a held
        key's tiles and an opened door are floor.
        """
        maze = self.maze
        if pos == maze.goal:
            return "exit"
        if not maze.in_bounds(pos):
            return "wall"
        kind = int(maze.tiles[pos])
        if not _WALKABLE[kind]:
            return "wall"
        if _LOCK_BITS[kind] & ~self.held:
            return "door"
        if _KEY_BITS[kind] & ~self.held:
            return "key"
        return "floor"

    def passable(self, pos: Pos) -> bool:
        """Return True when the player may step onto ``pos`` now: not "wall" or "door".

        The same answer as ``tile_kind(pos) not in ("wall", "door")``, read from the
        tiles' bytes: the player asks it on every step and every held key's try.
        """
        r, c = pos
        if 0 <= r < self.rows and 0 <= c < self.cols:
            kind = self.kinds[r * self.cols + c]
            if _WALKABLE[kind] and not _LOCK_BITS[kind] & ~self.held:
                return True
        return pos == self.maze.goal  # the exit is open whatever its tile


class Run:
    """One play-through of ``maze`` from its entrance."""

    def __init__(self, maze: Maze, *, solver: str = "bfs", speed: float = 1.0,
                 fog: bool = False, rooms: bool = False, search_optimal: bool = True) -> None:
        """Start at the entrance; ``fog``: see only near the player (``rooms``: lit whole).

        ``search_optimal``: spread the search for the shortest route over the ticks (False:
        search only when ``optimal`` is read, as a verifier that never reads it wants).
        """
        from game.maze.solvers.variants import solver_keys, solver_name
        from game.maze.solvers import can_solve
        from game.maze.solvers.keyed import has_keys, keyed_tables

        self.maze = maze
        # A solver that cannot use keys is not offered on a maze with keys.
        # Each solver's variants too: the wall follower with either hand.
        self.solvers = [key for key in solver_keys() if can_solve(solver_name(key), maze)]
        # What the player's questions read (the keys held, the tiles' kinds), shared rather
        # than the run itself: no cycle through the player, a re-run is freed by refcount.
        rules = self._rules = _Rules(maze, int(kinds.KINDS["key"][maze.tiles[maze.start]]))
        self.player = Player(rules.passable, maze.start,
                             stop_on=lambda pos: (rules.tile_kind(pos) in RUN_STOPS_ON
                                                  or pos == rules.fresh_key),
                             stop_before=lambda pos: rules.tile_kind(pos) in RUN_STOPS_BEFORE,
                             halt_on=lambda pos: pos == maze.goal)
        self._weighted = kinds.weighted(maze.tiles)
        if self._weighted:  # mud takes its cost times as long to cross
            costs = kinds.step_costs(maze.tiles)
            self.player.cost_of = lambda pos: int(costs[pos])
        self.tick = 0
        self.started_at: Optional[int] = None  # tick of the first step (a bump is none)
        self.finished_at: Optional[int] = None  # tick the exit was reached
        self.caught_at: Optional[int] = None  # tick a chaser caught the player
        self.visits = np.zeros(maze.tiles.shape, dtype=np.uint32)
        self.walked: list[Pos] = []  # every tile visited, in the order of first visits
        self.trail: list[Pos] = []  # every tile stepped onto, in order, the entrance first
        self.fog = (Fog(self.transparent(), rooms=rooms, torches=torches(maze) if rooms else None)
                    if fog else None)
        self._visit(maze.start)
        if self.fog is not None:
            self.fog.look(maze.start)
        self.hints_used = 0
        self.hint_shown = False
        self.solver = solver if solver in self.solvers else self.solvers[0]
        self.speed = nearest_speed(speed)
        self.start_solver, self.start_speed = self.solver, self.speed  # what a replay starts with
        self.locked_by: Optional[str] = None  # colour of the last locked door walked into
        self.log: list[Logged] = []
        self.events: list[str] = []  # player events not yet taken (step, bump, arrive)
        self._optimal: Optional[int] = None
        self._optimal_cost: Optional[int] = None
        self._optimal_run: Optional[Iterator[object]] = None
        self._cost_run: Optional[Iterator[object]] = None  # the cheapest route's (mud)
        self._search_optimal = search_optimal
        #: A maze with keys laid out for its searches (the optimal route's, the hint's),
        #: here where the level is built rather than in a frame; None without keys.
        self.tables: Optional[KeyedTables] = keyed_tables(maze) if has_keys(maze) else None
        self.chase = Pack(maze, fog=fog, held=self.held)  # the chasers (none: no lairs)

    # -- reading ------------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        """Return True once the player stands on the exit."""
        return self.finished_at is not None

    @property
    def caught(self) -> bool:
        """Return True once a chaser caught the player."""
        return self.caught_at is not None

    @property
    def over(self) -> bool:
        """Return True once the run ended: the exit reached, or caught."""
        return self.finished_at is not None or self.caught_at is not None

    @property
    def chasing(self) -> bool:
        """Return True while chasers are on the move (from the first move to the end)."""
        return bool(self.chase) and self.started_at is not None and not self.over

    @property
    def ticks_played(self) -> int:
        """Return the ticks from the first move to now (or to the exit)."""
        if self.started_at is None:
            return 0
        end = self.finished_at if self.finished_at is not None else self.tick
        end = self.caught_at if self.caught_at is not None else end
        return end - self.started_at

    @property
    def elapsed(self) -> float:
        """Return the time played in seconds."""
        return self.ticks_played / TICK_RATE

    @property
    def moves(self) -> int:
        """Return the moves made."""
        return self.player.moves

    @property
    def keys(self) -> str:
        """Return the colour letters (r g b y) of the keys held, in colour order."""
        return "".join(ch for i, ch in enumerate(kinds.COLOURS) if self.held >> i & 1)

    @property
    def held(self) -> int:
        """Return the key bits held (a bit per colour)."""
        return self._rules.held

    @held.setter
    def held(self, bits: int) -> None:
        """Hold the keys of ``bits``."""
        self._rules.held = bits

    @property
    def _fresh_key(self) -> Optional[Pos]:
        """Return the key picked up by the step under way (None: none)."""
        return self._rules.fresh_key

    @_fresh_key.setter
    def _fresh_key(self, pos: Optional[Pos]) -> None:
        """Note ``pos`` as the key picked up by the step under way."""
        self._rules.fresh_key = pos

    def tile_kind(self, pos: Pos) -> str:
        """Return what the tile at ``pos`` is to the rules now (``_Rules.tile_kind``)."""
        return self._rules.tile_kind(pos)

    def passable(self, pos: Pos) -> bool:
        """Return True when the player may step onto ``pos`` now: not "wall" or "door"."""
        return self._rules.passable(pos)

    def transparent(self) -> np.ndarray:
        """Return a bool mask of the tiles sight passes through (the tile-kind table says)."""
        return kinds.transparent(self.maze.tiles)

    def take_events(self) -> list[str]:
        """Return the player events since the last call (for sounds) and forget them."""
        events, self.events = self.events, []
        return events

    # -- changing -------------------------------------------------------------------------
    def apply(self, intent: RunIntent) -> None:
        """Carry out one intent now, and log it with the current tick."""
        if self.finished_at is None and self.caught_at is None:
            self._take(Logged(self.tick, intent))

    def _take(self, logged: Logged) -> None:
        """Carry out ``logged``'s intent now (its tick is now), and log it as it is."""
        if self.finished_at is not None or self.caught_at is not None:
            return
        self.log.append(logged)
        intent = logged.intent
        if type(intent) is Release:  # half of every tap: no Move made to let it go
            self.player.let_go((intent.dr, intent.dc))
        elif isinstance(intent, (Move, AutoRun)):
            d = (intent.dr, intent.dc)
            events = self.player.press(intent) if isinstance(intent, Move) else self.player.run(d)
            self._note(self._door_bumps(events, d))
            self._start(self.tick)
        elif isinstance(intent, Release):
            self.player.release(Move(intent.dr, intent.dc))
        elif isinstance(intent, ReleaseAll):
            self.player.release_all()
        elif isinstance(intent, ToggleHint):
            self.hint_shown = not self.hint_shown
            self.hints_used += self.hint_shown
        elif isinstance(intent, CycleSolver):
            i = self.solvers.index(self.solver) + intent.step
            self.solver = self.solvers[i % len(self.solvers)]
        elif isinstance(intent, SelectSolver):
            if intent.name in self.solvers:
                self.solver = intent.name
        elif isinstance(intent, ChangeSpeed):
            self.speed = step_speed(self.speed, intent.step)
        elif isinstance(intent, SetSpeed):
            self.speed = nearest_speed(intent.speed)
        elif isinstance(intent, FinishHint):
            pass  # the hint's animation is the view's; the log keeps it for replays

    def step(self) -> None:
        """Advance the run by one tick."""
        if self.finished_at is not None or self.caught_at is not None:
            return
        self.tick += 1
        player = self.player
        self._note(player.update(TICK))
        if self.started_at is None and player.stepped:  # a held key's step set off this tick
            self.started_at = self.tick - 1
        if player.fraction >= 1.0 and player.pos == self.maze.goal:  # arrived on the exit
            self.finished_at = self.tick
        elif self.started_at is not None and self.chase:  # chasing (the run is not over)
            self.chase.step(self.player.pos)
            if self.chase.catches(self.player.render_pos):
                self.caught_at = self.tick
                self.events.append(CAUGHT)
        if self._search_optimal:
            self._advance_searches(OPTIMAL_EVENTS_PER_TICK)

    @property
    def idle(self) -> bool:
        """Return True when ticks change nothing but the time until the next intent."""
        if self.finished_at is not None or self.caught_at is not None:
            return True
        return self.player.idle and not (self.started_at is not None and self.chase)

    def wait(self, ticks: int) -> None:
        """Advance ``ticks`` ticks while ``idle``: the same run as ``ticks`` calls of step."""
        if self.over or ticks <= 0:
            return
        self.step()  # the held keys are tried once (an auto-run ending skips them): facing settles
        rest = ticks - 1
        self.tick += rest
        self.player.wait(TICK, rest)
        if self._search_optimal:
            self._advance_searches(OPTIMAL_EVENTS_PER_TICK * rest)

    def advance_to(self, tick: int) -> None:
        """Step on to ``tick`` (or to the exit), with no intent on the way.

        A stretch in which the run stands idle (nothing held walks it anywhere) is passed
        in one ``wait``, and the ticks of a slide between two tiles in one ``glide``: the
        same run as stepping each tick, much sooner.
        """
        while self.tick < tick and self.finished_at is None and self.caught_at is None:
            self.step()
            if self.player.fraction >= 1.0 and self.idle:  # sliding is never idle
                self.wait(tick - self.tick)
            else:
                self.glide(tick - self.tick)

    def glide(self, ticks: int) -> None:
        """Advance up to ``ticks`` ticks in which the player only slides on (none arrives).

        The same run as as many calls of step: a tick that arrives is left to ``step``.
        """
        if ticks <= 0 or self.finished_at is not None or self.caught_at is not None:
            return
        chasing = self.started_at is not None and self.chase
        if chasing:  # only while no chaser can come near enough to catch the slide
            ticks = self.chase.far_ticks(self.player.pos, ticks)
        done = self.player.glide(TICK, ticks)
        self.tick += done
        if chasing:  # the player's tile stays: the chasers step as they would tick by tick
            self.chase.glide(self.player.pos, done)
        if self._search_optimal and done:
            self._advance_searches(OPTIMAL_EVENTS_PER_TICK * done)

    def _start(self, tick: int) -> None:
        """Start the clock at ``tick`` when the player has just taken the first step.

        A bump (into the wall beside the entrance, a locked door) is no move: the time and
        a race's ghosts wait for a step.
        """
        if self.started_at is None and self.player.stepped:
            self.started_at = tick

    def _door_bumps(self, events: list[str], d: tuple[int, int]) -> list[str]:
        """Return ``events`` with a bump into a locked door told as LOCKED (its colour noted)."""
        if BUMP not in events:
            return events
        target = (self.player.pos[0] + d[0], self.player.pos[1] + d[1])
        if self.tile_kind(target) != "door":
            return events
        self.locked_by = kinds.colour(int(kinds.KINDS["lock"][self.maze.tiles[target]]))
        return [LOCKED if event == BUMP else event for event in events]

    def _note(self, events: list[str]) -> None:
        """Keep the player's events, count the tiles it stepped onto, pick up their keys."""
        if events:
            self.events.extend(events)
        if not self.player.stepped:  # most ticks: a slide on, or standing still
            return
        rules = self._rules
        for pos in self.player.stepped:
            self._visit(pos)
            rules.fresh_key = None
            bit = _KEY_BITS[rules.kinds[pos[0] * rules.cols + pos[1]]]
            if bit & ~rules.held:  # picked up as the step starts; an auto-run stops on it
                rules.held |= bit
                rules.fresh_key = pos
                if self.chase:
                    self.chase.open_doors(rules.held)
                self.events.append(KEY)
        if self.fog is not None and self.player.stepped:
            self.fog.look(self.player.stepped[-1])

    def _visit(self, pos: Pos) -> None:
        """Count one visit of ``pos``."""
        if not self.visits[pos]:
            self.walked.append(pos)
        self.trail.append(pos)
        self.visits[pos] += 1

    # -- the optimal route ------------------------------------------------------------------
    def _advance_searches(self, events: int) -> None:
        """Run the shortest route's search ``events`` events on; once done, the cheapest's."""
        if self._optimal is None:
            self._advance_optimal(events)
        else:
            self._advance_cost(events)

    def _advance_optimal(self, events: Optional[int]) -> None:
        """Run the entrance-to-exit search for ``events`` more events (None: to the end).

        The search is the first solver whose path is always a shortest one (bfs).
        """
        if self._optimal is not None:
            return
        from game.maze.solvers.base import Solution

        if self._optimal_run is None:
            from game.maze.solvers import shortest_slices

            self._optimal_run = shortest_slices(self.maze, self.maze.start, self.maze.goal,
                                                tables=self.tables)
        # drained in C: only the last item matters, and a solver's last item is its Solution
        last = deque(self._optimal_run if events is None else islice(self._optimal_run, events),
                     maxlen=1)
        if events is not None and last and not isinstance(last[0], Solution):
            return

        solution = last[0] if last else None  # none: the solver ended without a Solution
        self._optimal = (solution.length or 0) if isinstance(solution, Solution) else 0

    def settle_optimal(self, events: int) -> bool:
        """Run the entrance-to-exit searches ``events`` events more; return True once done.

        Both: the shortest route's and, on a maze with mud, the cheapest route's (the
        result screen says both).
        """
        self._advance_searches(events)
        return self.routes_known

    @property
    def routes_known(self) -> bool:
        """Return True once the shortest route's length and the cheapest's cost are known."""
        return self._optimal is not None and (self._optimal_cost is not None
                                              or (self._weighted and self.tables is not None))

    @property
    def optimal(self) -> int:
        """Return the fewest moves from the entrance to the exit (computed on demand)."""
        self._advance_optimal(None)
        assert self._optimal is not None
        return self._optimal

    @property
    def cost(self) -> int:
        """Return what the tiles stepped onto so far cost (floor 1, mud 3): the moves without mud."""
        return kinds.path_cost(self.maze.tiles, self.trail)

    @property
    def optimal_cost(self) -> Optional[int]:
        """Return the least cost of a route from the entrance to the exit (mud counted).

        ``optimal`` (the fewest moves) stays the route the hint and the result compare
        moves with; on a maze with mud the cheapest route may take more moves, and this
        says what it costs (the time a walker needs, in steps of floor).  Without mud it
        is ``optimal``; None on a maze with both mud and keys (no search weighs both).
        """
        self._advance_cost(None)
        return self._optimal_cost

    def _advance_cost(self, events: Optional[int]) -> None:
        """Run the cheapest route's search (mud weighed) ``events`` more events (None: all).

        Without mud the cheapest route is the shortest; with mud and keys there is none
        (``_optimal_cost`` stays None).  The search is dijkstra's, its events a few a tick
        like the shortest route's: the result screen never waits a whole search a frame.
        """
        if self._optimal_cost is not None:
            return
        if not self._weighted:
            self._optimal_cost = self.optimal
            return
        if self.tables is not None:
            return
        from game.maze.solvers import SOLVERS
        from game.maze.solvers.base import Solution

        if self._cost_run is None:
            self._cost_run = SOLVERS["dijkstra"].explore(self.maze, self.maze.start,
                                                         self.maze.goal)
        last = deque(self._cost_run if events is None else islice(self._cost_run, events),
                     maxlen=1)
        if events is not None and last and not isinstance(last[0], Solution):
            return
        solution = last[0] if last else None
        path = solution.path if isinstance(solution, Solution) else None
        self._optimal_cost = 0 if path is None else kinds.path_cost(self.maze.tiles, path)


def replay(maze: Maze, log: Sequence[Logged], *, ticks: int, solver: str = "bfs",
           speed: float = 1.0, fog: bool = False, rooms: bool = False,
           search_optimal: bool = True) -> Run:
    """Return the run ``log`` makes on ``maze`` after ``ticks`` ticks (or at the exit)."""
    run = Run(maze, solver=solver, speed=speed, fog=fog, rooms=rooms,
              search_optimal=search_optimal)
    i, count = 0, len(log)
    while True:
        while i < count and log[i].tick <= run.tick:
            logged = log[i]
            if logged.tick == run.tick:  # logged as it is: the same tick and intent
                run._take(logged)
            else:
                run.apply(logged.intent)
            i += 1
        if run.tick >= ticks or run.over:
            return run
        run.advance_to(min(ticks, log[i].tick) if i < count else ticks)
