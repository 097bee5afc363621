"""The player model: tile moves, wall bumps, buffered turns, held-key walking.

Pure Python (no pygame), driven by intents and ``update(dt)`` so tests, replays and the
game share it (the run model, :mod:`game.run.model`, updates it in fixed ticks).  Speeds are in tiles per second; behaviour does not depend on the frame
rate because leftover time at the end of a step carries into the next one.

Rules:
1. A press while standing still steps at once (or bumps when the way is blocked).
2. A press while sliding is queued: the queued presses are taken one per arrival, oldest
   first, so every tap counts however fast they come -- up to ``MAX_QUEUED`` ahead (what a
   player can see coming); a tap past that is dropped, so taps faster than walking never
   leave the player walking on by itself long after the last one.  A queued press whose way is
   blocked on arrival (a turn pressed just before its corner) waits ``buffer_time``
   seconds for an opening while its key is held, and is dropped otherwise.
3. On arrival with nothing queued the player keeps walking in the most recently pressed
   direction that is still held and open, once it has been held for ``repeat_delay``
   seconds.  A quick tap therefore moves exactly one tile.
4. Walls never move the player: a blocked fresh press reports one ``"bump"``.
5. Auto-run (``run``) walks one way, then on along the corridor round its bends, a step
   at a time at the walking speed, and stops on the first tile where the corridor
   branches, at a dead end, on a tile ``stop_on`` names (the exit, a key) or before one
   ``stop_before`` names (a locked door), or when back where it started (a ring).  Any
   press or ``release_all`` ends it.
6. Arriving on a tile ``halt_on`` names (the exit) ends all walking there: no queued tap,
   held key or auto-run carries the player past it.
7. A step onto a tile that ``cost_of`` says costs ``n`` (mud: 3) takes ``n`` times as long:
   the slide goes at ``speed / n``.  A cost of 1 leaves every float as it always was, so
   the replays of mazes without mud play exactly as before.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Callable, ClassVar, Optional

from game.maze.grid import Maze, Pos

Direction = tuple[int, int]

#: Facing names by direction, matching assets/sprites/player_<facing>.png.
FACING: dict[Direction, str] = {(-1, 0): "up", (0, 1): "right", (1, 0): "down", (0, -1): "left"}

STEP = "step"
BUMP = "bump"
ARRIVE = "arrive"

#: The walking speed of a held key, in tiles per second.
WALKING_SPEED = 8.0
#: Most presses queued while sliding: half a second of walking at the usual 8 tiles/s.
#: Taps no faster than the walk never fill it; 120 taps at 11 a second used to queue 40.
MAX_QUEUED = 4
#: Upper bound on steps per update, so a huge ``dt`` (a stalled frame) cannot teleport.
MAX_STEPS_PER_UPDATE = 8
#: The four directions, in the order neighbours are looked at.
DIRECTIONS: tuple[Direction, ...] = ((-1, 0), (0, 1), (1, 0), (0, -1))


def _never(pos: Pos) -> bool:
    """Return False: no tile stops a run."""
    return False


def _plain(pos: Pos) -> int:
    """Return 1: every step costs the same."""
    return 1


@dataclass(frozen=True)
class Move:
    """Intent: walk one tile in direction ``(dr, dc)``."""

    NAME: ClassVar[str] = "move"  # in a replay (game.run.intents lists every intent)

    dr: int
    dc: int

    @property
    def direction(self) -> Direction:
        """Return ``(dr, dc)``."""
        return (self.dr, self.dc)


class Player:
    """A walker on a maze grid with smooth tile-to-tile motion."""

    def __init__(
        self,
        is_floor: Callable[[Pos], bool],
        start: Pos,
        *,
        speed: float = WALKING_SPEED,
        repeat_delay: float = 0.2,
        buffer_time: float = 0.25,
        stop_on: Callable[[Pos], bool] = _never,
        stop_before: Callable[[Pos], bool] = _never,
        halt_on: Callable[[Pos], bool] = _never,
        cost_of: Callable[[Pos], int] = _plain,
    ) -> None:
        self.is_floor = is_floor
        self.cost_of = cost_of  # what stepping onto a tile costs: the step takes that many times as long
        self.stop_on = stop_on  # tiles an auto-run ends on
        self.stop_before = stop_before  # tiles an auto-run never steps onto
        self.halt_on = halt_on  # tiles nothing walks on from (the exit ends the run there)
        self.pos: Pos = start  # the tile the player stands on, or is stepping onto
        self.prev: Pos = start  # the tile the current step started from
        self.fraction = 1.0  # progress of the current step, 1.0 = arrived
        self.step_cost = 1  # the cost of the tile the current step goes onto (rule 7)
        self.speed = speed
        self.repeat_delay = repeat_delay
        self.buffer_time = buffer_time
        self.facing = "right"
        self.moves = 0
        self.clock = 0.0
        self._held: dict[Direction, float] = {}  # direction -> time pressed, in press order
        self._queued: deque[tuple[Direction, float]] = deque()  # presses while sliding, oldest first
        self.events: list[str] = []
        self.stepped: list[Pos] = []  # the tiles stepped onto by the last press or update
        self.running: Optional[Direction] = None  # the way an auto-run last stepped
        self._run_from: Pos = start  # where the auto-run started
        self._run_first = False  # the run's first step (its own direction) is still to come

    @classmethod
    def on_maze(cls, maze: Maze, *, speed: float = WALKING_SPEED,
                repeat_delay: float = 0.2) -> "Player":
        """Return a player standing on the maze's start tile, its runs stopping at the goal."""
        return cls(maze.walkable, maze.start, speed=speed, repeat_delay=repeat_delay,
                   stop_on=lambda pos: pos == maze.goal)

    @property
    def pace(self) -> float:
        """Return the current step's speed in tiles per second: ``speed`` over its cost."""
        return self.speed if self.step_cost == 1 else self.speed / self.step_cost

    @property
    def queue_full(self) -> bool:
        """Return True when a press now would be dropped: ``MAX_QUEUED`` wait already."""
        return len(self._queued) >= MAX_QUEUED

    @property
    def moving(self) -> bool:
        """Return True while sliding between two tiles."""
        return self.fraction < 1.0

    @property
    def walking(self) -> bool:
        """Return True while sliding, running or while a direction key is held."""
        return self.moving or bool(self._held) or self.running is not None

    @property
    def idle(self) -> bool:
        """Return True when updates change nothing but the clock until the next press.

        Standing still, no auto-run, no press queued, and every held key past its repeat
        delay and blocked: each update then tries the same walls and fails the same way.
        """
        if self.fraction < 1.0 or self.running is not None or self._queued:
            return False
        if not self._held:
            return True
        r, c = self.pos
        return all(self.clock - pressed >= self.repeat_delay
                   and not self.is_floor((r + d[0], c + d[1]))
                   for d, pressed in self._held.items())

    def wait(self, dt: float, times: int) -> None:
        """Do ``times`` updates of ``dt`` seconds while idle: only the clock moves."""
        self.events, self.stepped = [], []
        clock = self.clock
        for _ in range(times):  # added one by one: the same float as ``times`` updates
            clock += dt
        self.clock = clock

    def glide(self, dt: float, most: int) -> int:
        """Do up to ``most`` updates of ``dt`` seconds that only slide on; return how many.

        Stops before the update that would arrive: that one, which may start the next step,
        is left to ``update``.  Each update is done as ``update`` does it, so the floats agree.
        """
        fraction, clock, speed = self.fraction, self.clock, self.pace
        done = 0
        while done < most and fraction < 1.0 and dt < (1.0 - fraction) / speed:
            slid = fraction + dt * speed
            if slid >= 1.0:  # rounding makes this update arrive: ``update`` takes it
                break
            clock += dt
            fraction = slid
            done += 1
        if done:
            self.fraction, self.clock = fraction, clock
            self.events, self.stepped = [], []
        return done

    @property
    def render_pos(self) -> tuple[float, float]:
        """Return the interpolated (row, col) for drawing."""
        f = self.fraction
        return (
            self.prev[0] + (self.pos[0] - self.prev[0]) * f,
            self.prev[1] + (self.pos[1] - self.prev[1]) * f,
        )

    def press(self, move: Move) -> list[str]:
        """Apply a key press; return the events it caused ("step", "bump")."""
        d = (move.dr, move.dc)
        self.events, self.stepped = [], []
        if d in self._held:  # a key-repeat event for a key already down: walking covers it
            return self.events
        self.running = None
        self._held[d] = self.clock
        self.facing = FACING.get(d, self.facing)
        if self.fraction < 1.0:  # moving
            if len(self._queued) < MAX_QUEUED:
                self._queued.append((d, self.clock))
        elif not self._try_step(d):
            self.events.append(BUMP)
        return self.events

    def release(self, move: Move) -> None:
        """Apply a key release."""
        self._held.pop(move.direction, None)

    def let_go(self, d: Direction) -> None:
        """Apply the release of direction ``d``'s key (``release`` without making a Move)."""
        self._held.pop(d, None)

    def release_all(self) -> None:
        """Forget every held key and stop an auto-run (focus lost, scene paused)."""
        self._held.clear()
        self._queued.clear()
        self.running = None

    def run(self, d: Direction) -> list[str]:
        """Auto-run in direction ``d`` (see rule 5); return the events of its first step."""
        self.events, self.stepped = [], []
        self._queued.clear()
        self.running, self._run_from = d, self.pos
        if self.moving:  # it starts on arrival
            self._run_first = True
            self.facing = FACING.get(d, self.facing)
        elif not self._run_step(d):
            self.events.append(BUMP)
        return self.events

    def _run_step(self, d: Direction) -> bool:
        """Take the run's next step, ``d``; stop the run (False) when it may not go there."""
        target = (self.pos[0] + d[0], self.pos[1] + d[1])
        if self.stop_before(target) or not self._try_step(d):
            self.running = None
            return False
        self.running = d
        return True

    def _run_on(self) -> bool:
        """On arrival, take the auto-run's next step, or end it here; True if it stepped."""
        d = self.running
        assert d is not None
        if self._run_first:
            self._run_first = False
            return self._run_step(d)
        if self.stop_on(self.pos) or self.pos == self._run_from:
            self.running = None
            return False
        back = (-d[0], -d[1])
        ways = [w for w in DIRECTIONS
                if w != back and self.is_floor((self.pos[0] + w[0], self.pos[1] + w[1]))]
        if len(ways) != 1:  # a junction, or a dead end
            self.running = None
            return False
        return self._run_step(ways[0])

    def update(self, dt: float) -> list[str]:
        """Advance by ``dt`` seconds; return the events ("step", "arrive", "bump")."""
        self.events, self.stepped = [], []
        self.clock += dt
        budget = dt
        for _ in range(MAX_STEPS_PER_UPDATE):
            if self.fraction < 1.0:  # moving
                pace = self.speed if self.step_cost == 1 else self.speed / self.step_cost
                need = (1.0 - self.fraction) / pace
                if budget < need:
                    fraction = self.fraction + budget * pace
                    if fraction < 1.0:
                        self.fraction = fraction
                        return self.events
                    budget = 0.0  # rounding summed the slices to a whole tile: arrive now
                else:
                    budget -= need
                self.fraction = 1.0
                self.events.append(ARRIVE)
                if self.halt_on(self.pos):  # no queued tap or held key walks off the exit
                    self.running = None
                    self._queued.clear()
                    return self.events
            if not self._continue(self.clock - budget):
                return self.events
            # the new step already used no time; keep spending what is left
        return self.events

    def _continue(self, arrival_time: float) -> bool:
        """Start the next step after arriving, if a run, a queued or held key asks; True if so."""
        if self.running is not None:
            return self._run_on()
        while self._queued:
            d, pressed = self._queued[0]
            if self._try_step(d):
                self._queued.popleft()
                return True
            if arrival_time - pressed <= self.buffer_time and d in self._held:
                break  # a turn waiting for its opening; held keys walk on meanwhile
            self._queued.popleft()
        if not self._held:
            return False
        for d in reversed(list(self._held)):
            if self.clock - self._held[d] < self.repeat_delay:
                continue
            if self._try_step(d):
                return True
        return False

    def _try_step(self, d: Direction) -> bool:
        """Start a step in direction ``d`` when it is open; return True if started."""
        target = (self.pos[0] + d[0], self.pos[1] + d[1])
        self.facing = FACING.get(d, self.facing)
        if not self.is_floor(target):
            return False
        self.prev, self.pos = self.pos, target
        self.step_cost = 1 if self.cost_of is _plain else self.cost_of(target)
        self.fraction = 0.0
        self.moves += 1
        self.events.append(STEP)
        self.stepped.append(target)
        return True
