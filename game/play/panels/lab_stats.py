"""The lab's figures of the maze it built: dead ends, junctions, straights, turns, the
longest corridor and the solution, as lines of the lab's side panel.

Measured once per maze (:mod:`game.maze.stats`; 0.2-0.4 s for a 1001x1001 maze) when
the lab first shows it built; C opens the compare page of every generator.
"""

from __future__ import annotations

from typing import Optional

from game.maze.grid import Maze
from game.maze.stats import MazeStats, measure
from game.text import t

#: A line of the lab's panel: (style, text), the styles of the lab scene's panel.
Line = tuple[str, str]


class MazeFigures:
    """The panel lines of the figures of one maze, measured the first time they are asked for."""

    def __init__(self) -> None:
        self._maze: Optional[Maze] = None
        self._stats: Optional[MazeStats] = None

    def stats(self, maze: Maze) -> MazeStats:
        """Return the statistics of ``maze`` (measured again only for another maze)."""
        if self._stats is None or self._maze is not maze:
            self._maze, self._stats = maze, measure(maze)
        return self._stats

    def lines(self, maze: Optional[Maze]) -> list[Line]:
        """Return the panel lines of ``maze``'s figures; none before a maze is built."""
        if maze is None:
            return []
        stats = self.stats(maze)
        figures = stats.figures()
        shares = {key: _percent(figures[key]) for key in
                  ("dead_ends", "junctions", "straights", "turns")}
        lines: list[Line] = [
            ("head", t("lab.stats.head")),
            ("text", t("lab.stats.ends", dead_ends=shares["dead_ends"],
                       junctions=shares["junctions"])),
            ("text", t("lab.stats.bends", straights=shares["straights"], turns=shares["turns"])),
            ("text", t("lab.stats.river", cells=f"{stats.longest_corridor:,}")),
        ]
        if stats.solution_length is None:
            lines.append(("text", t("lab.stats.no_way")))
        else:
            lines.append(("text", t("lab.stats.way", moves=f"{stats.solution_length:,}",
                                    share=_percent(figures["solution_share"]))))
        return lines


def _percent(share: Optional[float]) -> str:
    """Return a share 0..1 in whole percent (one decimal under 10 %)."""
    if share is None:
        return "-"
    value = 100 * share
    return f"{value:.1f}" if value < 10 else f"{value:.0f}"
