"""The lab's figures of the maze it built: dead ends, junctions, straights, turns, the
longest corridor and the solution, as lines of the lab's side panel.

Measured once per maze (:mod:`game.maze.stats`; 0.2-0.4 s for a 1001x1001 maze), a
slice of a few milliseconds a frame from when the lab first shows it built, with a
"measuring" line meanwhile: no frame stalls.  C opens the compare page of every generator.
"""

from __future__ import annotations

from typing import Optional

from game.maze import tiles as kinds
from game.maze.grid import Maze
from game.maze.stats import MazeStats, Measuring
from game.text import t

#: A line of the lab's panel: (style, text), the styles of the lab scene's panel.
Line = tuple[str, str]


#: A maze of at most this many tiles is measured at once (well under a millisecond).
AT_ONCE = 101 * 101


class MazeFigures:
    """The panel lines of the figures of one maze, measured a slice a frame."""

    def __init__(self) -> None:
        self._measuring: Optional[Measuring] = None
        self._mud: Optional[tuple[Maze, bool]] = None  # the last maze asked, and its mud

    def _weighted(self, maze: Maze) -> bool:
        """Return True when ``maze`` has mud (looked up once per maze)."""
        if self._mud is None or self._mud[0] is not maze:
            self._mud = (maze, kinds.weighted(maze.tiles))
        return self._mud[1]

    def advance(self, maze: Optional[Maze], budget: float) -> Optional[MazeStats]:
        """Measure ``maze`` for ``budget`` s (another maze: anew); return its stats when done."""
        if maze is None:
            return None
        if self._measuring is None or self._measuring.maze is not maze:
            self._measuring = Measuring(maze)
        return self._measuring.advance(budget)

    def pending(self, maze: Optional[Maze]) -> bool:
        """Return True while ``maze`` is built but its figures are not all measured yet."""
        if maze is None:
            return False
        return self._measuring is None or self._measuring.maze is not maze or (
            not self._measuring.done)

    def lines(self, maze: Optional[Maze]) -> list[Line]:
        """Return the panel lines of ``maze``'s figures; none before a maze is built."""
        if maze is None:
            return []
        # a small maze at once; a large one only by the lab's update, a slice a frame
        if maze.rows * maze.cols <= AT_ONCE:
            stats = self.advance(maze, 1.0)
        else:
            known = self._measuring
            stats = known.stats if known is not None and known.maze is maze else None
        if stats is None:
            return [("head", t("lab.stats.head")), ("text", t("lab.stats.measuring"))]
        figures = stats.figures()
        shares = {key: _percent(figures[key]) for key in
                  ("dead_ends", "junctions", "straights", "turns")}
        lines: list[Line] = [
            ("head", t("lab.stats.head")),
            ("text", t("lab.stats.ends", dead_ends=shares["dead_ends"],
                       junctions=shares["junctions"])),
            ("text", t("lab.stats.bends", straights=shares["straights"], turns=shares["turns"])),
            ("text", t("lab.stats.river_one") if stats.longest_corridor == 1
             else t("lab.stats.river", cells=f"{stats.longest_corridor:,}")),
        ]
        if stats.solution_length is None:
            lines.append(("text", t("lab.stats.no_way")))
        else:
            # with mud the fewest moves is not every solver's path (Dijkstra goes round
            # the mud): the line says what it counts; each solver's own path and its cost
            # show when it has found it
            moves = f"{stats.solution_length:,}"
            share = _percent(figures["solution_share"])
            lines.append(("text", t("lab.stats.way_mud", moves=moves, share=share)
                          if self._weighted(maze) else
                          t("lab.stats.way", moves=moves, share=share)))
        return lines


def _percent(share: Optional[float]) -> str:
    """Return a share 0..1 in whole percent (one decimal under 10 %)."""
    if share is None:
        return "-"
    value = 100 * share
    return f"{value:.1f}" if value < 10 else f"{value:.0f}"
