"""Watching a replay: the run re-played a few ticks at a time, forward or to any tick."""

from __future__ import annotations

from game.maze.grid import Maze
from game.run.model import Run
from game.run.replay import Replay, chase_fog


class Playback:
    """A replay re-run a few ticks at a time, for watching: forward, or to any tick.

    Each tick does what :func:`game.run.model.replay` does, so the run reaches the same
    state at every tick, however the ticks are grouped.
    """

    def __init__(self, rep: Replay, maze: Maze) -> None:
        self.replay = rep
        self.maze = maze
        self._fog = chase_fog(rep.level, maze)
        self.run = Run(maze, solver=rep.solver, speed=rep.speed, fog=self._fog)
        self._next = 0  # the first intent of the log not yet given

    @property
    def done(self) -> bool:
        """Return True once the run reached the exit or the replay's last tick."""
        return self.run.over or self.run.tick >= self.replay.ticks

    @property
    def next_input(self) -> int:
        """Return the tick of the next input not yet given (none left: the replay's end)."""
        log = self.replay.log
        return log[self._next].tick if self._next < len(log) else self.replay.ticks

    @property
    def inputs_given(self) -> int:
        """Return how many of the log's inputs the run has been given."""
        return self._next

    def advance(self, ticks: int) -> None:
        """Play ``ticks`` more ticks (fewer at the end)."""
        for _ in range(max(0, ticks)):
            self._give_due()
            if self.done:
                return
            self.run.step()
        self._give_due()

    def seek(self, tick: int) -> None:
        """Go to ``tick`` (clamped to the replay): back means again from the entrance."""
        tick = max(0, min(tick, self.replay.ticks))
        if tick < self.run.tick:
            self.run = Run(self.maze, solver=self.replay.solver, speed=self.replay.speed,
                           fog=self._fog)
            self._next = 0
        self.advance(tick - self.run.tick)

    def _give_due(self) -> None:
        """Give the run every intent logged for a tick up to now."""
        log = self.replay.log
        while self._next < len(log) and log[self._next].tick <= self.run.tick:
            self.run.apply(log[self._next].intent)
            self._next += 1
