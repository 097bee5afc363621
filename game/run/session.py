"""The play session: one play-through of a level and all it carries, as pure state.

A :class:`PlaySession` holds what a play-through is -- the :class:`Run` (player, time,
visits and trail for the review, keys, fog, the intent log), the animated hint search
(:class:`HintSearch`), the best run's ghost (a :class:`Playback` setting off with the
first move) and the solver's ghost of a race (:class:`Ghost`) -- in one object that a
test, a replay and every view (top-down, first-person) read.  A view gives it intents
(:meth:`PlaySession.apply`) and whole ticks (:meth:`PlaySession.advance`); each call
returns the events it caused (a step, a bump, a key taken, a walk into a locked door,
the hint shown, a new solver or speed, the racer home, the exit reached), which the view
turns into sounds and toasts.  Pure: no pygame, and nothing here imports ``game.play``.
"""

from __future__ import annotations

import time
from typing import Optional

from game.levels import level_code
from game.maze import tiles as kinds
from game.maze.grid import Maze
from game.run.clock import TICK_RATE
from game.run.ghost import Ghost, RaceResult, race_result
from game.run.hint import NOTHING, HintSearch
from game.run.intents import (
    ChangeSpeed,
    CycleSolver,
    FinishHint,
    RunIntent,
    SelectSolver,
    SetSpeed,
    ToggleHint,
)
from game.run.level import Level, RunResult
from game.run.model import CAUGHT, KEY, LOCKED, Run
from game.run.player import BUMP, STEP
from game.run.playback import Playback
from game.run.replay import Replay
from game.run.review import Review, review

#: The session's own events, besides the run's (STEP, BUMP, KEY, LOCKED).
HINT_SHOWN = "hint_shown"
SOLVER_CHANGED = "solver_changed"
SPEED_CHANGED = "speed_changed"
RACER_HOME = "racer_home"
FINISHED = "finished"
#: The chasers set off (their second asleep after the first move is over).
CHASERS_AWAKE = "chasers_awake"
__all__ = ["PlaySession", "STEP", "BUMP", "KEY", "LOCKED", "CAUGHT", "HINT_SHOWN",
           "SOLVER_CHANGED", "SPEED_CHANGED", "RACER_HOME", "FINISHED", "CHASERS_AWAKE"]

#: While walking with the hint shown, start its search over at most this often (ticks).
HINT_RESTART_TICKS = 36
#: Events of the hint's search taken per advance at most, so no frame stalls.
HINT_EVENTS_PER_FRAME = 6_000
#: While the hint finishes unseen (Space, a re-route): time per advance spent on it (s), in
#: slices of states searched, so every frame stays within 60 Hz (issue 18.5).
HINT_FINISH_BUDGET = 0.006
HINT_FINISH_SLICE = 2_000
#: In fog, the hint's explored tiles are revealed at most this often (ticks), and when done.
HINT_REVEAL_TICKS = 12
#: A solver ghost's search is got ready ahead of it (its arrival, a bfs ghost's thinking)
#: for at most this long an advance (s), in slices of events: a huge maze never stalls a
#: frame, and the ghost itself needs only a dozen steps a second.
RACE_BUDGET = 0.002
RACE_SLICE = 500
#: ... and before the first move, while the view stands still and the ghost thinks (it is
#: ready the sooner; a frame stays well within 60 Hz).
RACE_BUDGET_WAITING = 0.004
#: Once the exit is reached, time per advance spent on the shortest route's search until it
#: is done (s), in slices of events: a keyed search of a huge maze takes many frames, and
#: the result (stars, moves against optimal) waits for it instead of a frame (issue 23.1).
OPTIMAL_FINISH_BUDGET = 0.006
OPTIMAL_FINISH_SLICE = 400


class PlaySession:
    """One play-through of ``level``: the run, its hint, its ghosts, its fog."""

    def __init__(self, level: Level, *, solver: str = "bfs", speed: float = 1.0,
                 fog: bool = False, best: Optional[Replay] = None,
                 race: Optional[tuple[str, float]] = None) -> None:
        """Start at the entrance; ``best``: a finished run to race as a ghost; ``race``:
        (solver, tiles per second) of a solver's ghost to race."""
        self.level = level
        self.maze: Maze = level.maze
        spec = level.spec
        self.run = Run(self.maze, solver=solver, speed=speed, fog=fog,
                       rooms=spec is not None and spec.is_room_map)
        self.ghost = self._ghost(best)
        self.racer = self._racer(race)
        self.racer_home = False  # the solver ghost reached the exit first (told once)
        self.key_total = len(kinds.key_colours(self.maze.tiles))  # the HUD's keys x/N
        self.hint: Optional[HintSearch] = None
        self._hint_age = 0  # ticks since the hint last started over
        self._hint_revealed: Optional[tuple[int, int]] = None  # (search id, tiles) revealed
        self._reveal_age = 0

    def _racer(self, race: Optional[tuple[str, float]]) -> Optional[Ghost]:
        """Return the solver's ghost to race (None: no race, or a solver that cannot use keys)."""
        from game.maze.solvers import can_solve

        if race is None or not can_solve(race[0], self.maze):
            return None
        return Ghost(self.maze, race[0], speed=race[1])

    def _ghost(self, best: Optional[Replay]) -> Optional[Playback]:
        """Return ``best`` to race, held at its first move (None: none, or never finished)."""
        if best is None or not best.finished:
            return None
        ghost = Playback(best, self.maze)
        ghost.seek(best.ticks - best.time_ticks)  # it sets off with your first move
        return ghost

    # -- reading --------------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        """Return True once the player stands on the exit."""
        return self.run.finished

    @property
    def caught(self) -> bool:
        """Return True once a chaser caught the player: the run is over, not finished."""
        return self.run.caught

    @property
    def chasers(self) -> list[tuple[float, float]]:
        """Return where each chaser is drawn now, (row, col) between tiles while stepping."""
        return [chaser.render_pos for chaser in self.run.chase.chasers]

    @property
    def nearest_chaser(self) -> Optional[int]:
        """Return the steps from the nearest chaser to the player (None: no chaser, none can reach)."""
        if not self.run.chase or self.run.started_at is None:
            return None
        return self.run.chase.nearest()

    @property
    def chasers_awake(self) -> bool:
        """Return True once the chasers have set off (a second after the first move)."""
        chase = self.run.chase
        return bool(chase) and self.run.started_at is not None and chase.woken >= chase.wake

    def nearest_chaser_pos(self) -> Optional[tuple[float, float]]:
        """Return where the nearest chaser that can reach the player is drawn (None: none)."""
        chase = self.run.chase
        if not chase or self.run.started_at is None:
            return None
        near = [(chase.steps(c), n) for n, c in enumerate(chase.chasers) if chase.steps(c) >= 0]
        return chase.chasers[min(near)[1]].render_pos if near else None

    def chaser_seen(self, index: int) -> bool:
        """Return True when chaser ``index`` stands in the player's sight (always, outside fog)."""
        fog = self.run.fog
        return fog is None or fog.in_sight(self.run.chase.chasers[index].pos)

    def exit_steps(self) -> int:
        """Return the fewest steps from the player's tile to the exit (how close a caught run came)."""
        from game.maze.chase import flood

        dist = flood(kinds.walkable(self.maze.tiles), self.maze.goal, [self.run.player.pos])
        return max(0, int(dist[self.run.player.pos]))

    @property
    def busy(self) -> bool:
        """Return True while anything moves: the player walks or the hint searches."""
        return self.run.player.walking or (self.hint is not None and not self.hint.done)

    @property
    def exit_known(self) -> bool:
        """Return True when the player may know where the exit is (in fog: once seen)."""
        fog = self.run.fog
        return fog is None or bool(fog.seen[self.maze.goal])

    def share_code(self) -> Optional[str]:
        """Return the level code of this maze (None: from a file, or a seed no code holds)."""
        if self.level.spec is None:
            return None
        try:
            return level_code(self.level.spec)
        except ValueError:  # a custom spec the code scheme cannot express
            return None

    def review(self) -> Review:
        """Return the review of the run so far: its walk against the shortest route."""
        return review(self.maze, self.run)

    def settle_optimal(self) -> bool:
        """Work on the routes' searches for up to a time box; return True once they are known.

        The shortest route's, and on a maze with mud the cheapest's.  A frame whose work
        ended a search returns False all the same: its last slice (the route walked back)
        and the result screen's first frame each take a frame of their own.
        """
        if self.run.routes_known:
            return True
        deadline = time.perf_counter() + OPTIMAL_FINISH_BUDGET
        while not self.run.settle_optimal(OPTIMAL_FINISH_SLICE):
            if time.perf_counter() >= deadline:
                return False
        return False

    def result(self) -> RunResult:
        """Return how the run went, for the level-complete screen."""
        run = self.run
        race: Optional[RaceResult] = (None if self.racer is None
                                      else race_result(run.elapsed, self.racer))
        return RunResult(self.level, run.elapsed, run.moves, run.optimal, run.hints_used, run,
                         race)

    # -- changing -------------------------------------------------------------------------
    def apply(self, intent: RunIntent) -> list[str]:
        """Give ``intent`` to the run, then follow it with the hint; return the events."""
        run = self.run
        run.apply(intent)
        events = run.take_events()
        if isinstance(intent, ToggleHint):
            if run.hint_shown:
                self.hint = HintSearch(self.maze, run.player.pos, run.solver, keys=run.keys,
                                       tables=run.tables)
                events.append(HINT_SHOWN)
            else:
                self.hint = None
        elif isinstance(intent, FinishHint) and self.hint is not None:
            self.hint.finish()
        elif isinstance(intent, (CycleSolver, SelectSolver)):
            if self.hint is not None:
                self.hint.restart(run.player.pos, run.solver, keys=run.keys)
            events.append(SOLVER_CHANGED)
        elif isinstance(intent, (ChangeSpeed, SetSpeed)):
            events.append(SPEED_CHANGED)
        return events

    def advance(self, ticks: int, *, instant_hint: bool = False) -> list[str]:
        """Play ``ticks`` ticks: the run, the ghosts, the hint; return the events.

        ``instant_hint`` (reduced motion): a hint shows its finished search at once.
        """
        run = self.run
        was_finished = run.finished
        asleep = not self.chasers_awake
        for _ in range(ticks):
            run.step()
            if run.over:
                break
        events = run.take_events()
        if asleep and self.chasers_awake and not run.over:
            events.append(CHASERS_AWAKE)
        if self.ghost is not None and run.started_at is not None:
            best = self.ghost.replay
            due = best.ticks - best.time_ticks + run.ticks_played
            self.ghost.advance(due - self.ghost.run.tick)
        if self._race():
            events.append(RACER_HOME)
        self._follow_with_hint(ticks)
        if run.finished:
            if not was_finished:
                events.append(FINISHED)
            return events
        if self.hint is not None:
            if instant_hint and not self.hint.done:
                self.hint.finish()  # the result at once, as Space would show it
            self._advance_hint(ticks)
            self._reveal_hint(ticks)
        return events

    def _race(self) -> bool:
        """Get the solver ghost's search ready ahead; return True when it just got home first."""
        racer = self.racer
        if racer is None:
            return False
        run = self.run
        started = run.started_at
        waiting = started is None
        racer.head_start = (run.tick if started is None else started) / TICK_RATE
        deadline = time.perf_counter() + (RACE_BUDGET_WAITING if waiting else RACE_BUDGET)
        while not racer.prepare(RACE_SLICE) and time.perf_counter() < deadline:
            pass
        arrival = racer.arrival if racer.ready else None
        if (arrival is not None and not self.racer_home and not self.run.finished
                and self.run.elapsed >= arrival):
            self.racer_home = True
            return True
        return False

    def _advance_hint(self, ticks: int) -> None:
        """Animate the hint by ``ticks``; one finishing runs on for up to a time box instead."""
        hint = self.hint
        assert hint is not None
        if not hint.finishing:
            hint.advance(ticks, speed=self.run.speed, limit=HINT_EVENTS_PER_FRAME)
            return
        deadline = time.perf_counter() + HINT_FINISH_BUDGET
        while not hint.complete(HINT_FINISH_SLICE) and time.perf_counter() < deadline:
            pass

    def _reveal_hint(self, ticks: int) -> None:
        """In fog, let the player keep what the hint explored (every so often, and at its end)."""
        fog, hint = self.run.fog, self.hint
        if fog is None or hint is None or hint.painted is None:
            return
        self._reveal_age += ticks
        stamp = (id(hint), hint.visited + hint.path_shown)
        if stamp == self._hint_revealed or (self._reveal_age < HINT_REVEAL_TICKS and not hint.done):
            return
        self._hint_revealed, self._reveal_age = stamp, 0
        x0, y0, x1, y1 = hint.painted
        fog.reveal(hint.state[y0 : y1 + 1, x0 : x1 + 1] != NOTHING, (y0, x0, y1 + 1, x1 + 1))

    def _follow_with_hint(self, ticks: int) -> None:
        """Keep the hint about the player's tile (restarts at most every so often)."""
        self._hint_age += ticks
        player, keys = self.run.player, self.run.keys
        if self.hint is None or (self.hint.start == player.pos and self.hint.keys == keys):
            return
        may_restart = not player.moving or self._hint_age >= HINT_RESTART_TICKS
        if self.hint.follow(player.pos, restart=may_restart, keys=keys) and may_restart:
            self._hint_age = 0
