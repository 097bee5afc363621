"""The hint of a watched replay: shown while the run showed it, following the player.

A replay logs only the hint's key presses; its search is the view's.  Watching, this
follows a :class:`game.run.playback.Playback`'s run as :class:`PlaySession` follows a
played one -- a search from the player's tile with the run's solver, animated at the
run's hint speed, re-routed as the player walks -- so the replay shows what the player
saw.  Presentation only: the run and its results are untouched.  Pure: no pygame.
"""

from __future__ import annotations

import time
from typing import Optional

from game.maze.grid import Maze
from game.run.hint import HintSearch
from game.run.model import Run
from game.run.session import (
    HINT_EVENTS_PER_FRAME,
    HINT_FINISH_BUDGET,
    HINT_FINISH_SLICE,
    HINT_RESTART_TICKS,
)


class WatchedHint:
    """The hint search of a replay's run, or None while the run hides it."""

    def __init__(self, maze: Maze) -> None:
        self.maze = maze
        self.search: Optional[HintSearch] = None
        self._age = 0  # ticks since the search last started over

    @property
    def busy(self) -> bool:
        """Return True while the hint is shown and still searching or drawing its route."""
        return self.search is not None and not self.search.done

    def forget(self) -> None:
        """Drop the search (the playback jumped): the next ``follow`` starts one afresh."""
        self.search = None

    def follow(self, run: Run, ticks: int, *, at_once: bool = False) -> None:
        """Match the hint to ``run`` after ``ticks`` more ticks; ``at_once``: show its end now."""
        if not run.hint_shown:
            self.search = None
            return
        player, search = run.player, self.search
        if search is None or search.solver != run.solver:
            search = self.search = HintSearch(self.maze, player.pos, run.solver, keys=run.keys,
                                              tables=run.tables)
            self._age = 0
        else:
            self._age += ticks
            if search.start != player.pos or search.keys != run.keys:
                may_restart = not player.moving or self._age >= HINT_RESTART_TICKS
                if search.follow(player.pos, restart=may_restart, keys=run.keys) and may_restart:
                    self._age = 0
        if at_once:
            search.finish()  # run on unseen a time box a frame: a huge maze never stalls one
        if search.finishing:
            deadline = time.perf_counter() + HINT_FINISH_BUDGET
            while not search.complete(HINT_FINISH_SLICE) and time.perf_counter() < deadline:
                pass
        else:
            search.advance(ticks, speed=run.speed, limit=HINT_EVENTS_PER_FRAME)
