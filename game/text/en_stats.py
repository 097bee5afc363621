"""The English catalogue of the maze statistics: the lab's figures and the compare page
(merged into the English language by :mod:`game.text`)."""

from __future__ import annotations

STRINGS: dict[str, str] = {
    # -- the lab's figures of the maze it built
    "lab.stats.head": "This maze · C compares all",
    "lab.stats.ends": "Dead ends {dead_ends} %  Junctions {junctions} %",
    "lab.stats.bends": "Straights {straights} %  Turns {turns} %",
    "lab.stats.river": "Longest corridor {cells} cells",
    "lab.stats.way": "Solution {moves} moves ({share} %)",
    "lab.stats.measuring": "Measuring this maze",
    "lab.stats.no_way": "No way from the start to the exit",
    # -- the compare page
    "compare.title": "Every generator's bias",
    "compare.caption": "Means of {mazes} mazes of {rows}x{cols} each; bars in % of the cells, "
                       "the longest corridor in cells",
    "compare.measuring": "Measuring: {done} of {total} mazes",
    "compare.footer": "Esc back",
    "compare.generator": "Generator",
    "compare.dead_ends": "Dead ends",
    "compare.straights": "Straights",
    "compare.turns": "Turns",
    "compare.junctions": "Junctions",
    "compare.longest_corridor": "Longest corridor",
    "compare.footer_pages": "Esc back · Left/Right: columns, page {page} of {pages}",
    "compare.footer_rows": "Esc back · Up/Down: generators, page {row} of {rows}",
    "compare.footer_both": "Esc back · Left/Right: columns {page}/{pages} · "
                           "Up/Down: rows {row}/{rows}",
    "compare.percent": "{value} %",
}
