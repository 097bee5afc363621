"""Mazes built ahead of time, in a worker thread, so the next level starts at once.

The result screen knows the next level and the Custom maze screen knows the maze its Play
would build; each asks for it (:meth:`MazeCache.want`) while the player reads or chooses,
and the loading screen takes it (:meth:`MazeCache.take`) instead of generating it again.
Generating a 2001x2001 maze takes a few hundred milliseconds; taking it, none.

One maze is built at a time and only the newest wish is kept: a player scrolling through
sizes leaves at most the build under way and the one wished last.  A maze is handed out
once (a run may change its level's tiles).  Pure Python threads and no pygame.
"""

from __future__ import annotations

import threading
from typing import Callable, Optional

from game.levels import LevelSpec, build_level
from game.maze.grid import Maze


class MazeCache:
    """At most one maze built ahead (and one being built), for the spec wished last."""

    def __init__(self, build: Callable[[LevelSpec], Maze] = build_level) -> None:
        self.build = build
        self._lock = threading.Lock()
        self._wanted: Optional[LevelSpec] = None  # the newest wish
        self._building: Optional[LevelSpec] = None  # what the worker is making
        self._worker: Optional[threading.Thread] = None
        self._ready: Optional[tuple[LevelSpec, Maze]] = None

    def want(self, spec: LevelSpec) -> None:
        """Build ``spec``'s maze in the background, unless it is built or being built."""
        with self._lock:
            self._wanted = spec
            if self._building == spec or (self._ready is not None and self._ready[0] == spec):
                return
            if self._building is None:
                self._start(spec)

    def _start(self, spec: LevelSpec) -> None:
        """Start the worker on ``spec`` (the lock is held)."""
        self._building = spec
        self._worker = threading.Thread(target=self._work, args=(spec,),
                                        name="migong-prefetch", daemon=True)
        self._worker.start()

    def _work(self, spec: LevelSpec) -> None:
        """Build ``spec`` (worker thread), keep it if still wanted, then start the next wish."""
        try:
            maze: Optional[Maze] = self.build(spec)
        except Exception:  # the loading screen builds it again and shows the error then
            maze = None
        with self._lock:
            self._building = None
            if maze is not None and self._wanted == spec:
                self._ready = (spec, maze)
            wanted = self._wanted
            if wanted is not None and wanted != spec:
                self._start(wanted)

    def keep(self, spec: LevelSpec, maze: Maze) -> None:
        """Hold ``maze``, already built for ``spec``, for the loading screen to take."""
        with self._lock:
            self._ready = (spec, maze)

    def take(self, spec: LevelSpec) -> Optional[Maze]:
        """Return ``spec``'s maze if it was built ahead (waiting for it if under way), else None.

        The maze is handed out once; the cache forgets it.
        """
        with self._lock:
            worker = self._worker if self._building == spec else None
        if worker is not None:
            worker.join()
        with self._lock:
            if self._ready is None or self._ready[0] != spec:
                return None
            maze = self._ready[1]
            self._ready = None
            if self._wanted == spec:
                self._wanted = None
            return maze

    def busy(self) -> bool:
        """Return True while a maze is being built."""
        with self._lock:
            return self._building is not None
