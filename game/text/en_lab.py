"""The English catalogue of the lab's choices: what is chosen inside it, the race's captions."""

from __future__ import annotations

STRINGS: dict[str, str] = {
    "lab.solver_variant": "{name} ({variant})",
    "lab.hand.left": "left hand",
    "lab.hand.right": "right hand",
    "lab.choice_generator": "Generator: {name}  (A)",
    "lab.choice_solver": "Solver: {name}  (Tab, 1-9)",
    "lab.choice_race": "Race: {names}  (R ends, 1-9 add or remove)",
    "lab.choice_size": "Size: {rows}x{cols} · seed {seed}  (- +, S)",
    "lab.open_list": "Open list: {count} tiles",
    "lab.slot": "{name} · {marked} marked",
    "lab.sets_left": "Sets left: {count} (one when every cell is joined)",
    "lab.row_sets": "Sets among the cells of row {row}: {count}",
    "lab.hunting": "Hunting: scanning row {row} for an unvisited cell",
    "lab.walking": "Walking: into unvisited neighbours",
    "lab.cells_left": "Cells not visited yet: {count}",
    "lab.run": "Cells in the run: {count}, from ({row}, {col})",
    "lab.run_closed": "The run closed: carved north",
    "lab.file_maze": "A maze from a file: A, S, G, - and + make no other",
    "lab.slot_done": "{name} · {marked} marked · path {length}",
    "lab.heat_race": "Distance from the start (reached)",
    "lab.slot_done_cost": "{name} · {marked} marked · path {length}, cost {cost}",
    "lab.score_done_cost": ("{rank}. {name}: {marked} marked, path {length} at cost {cost}, "
                            "done at tick {events}"),
    "lab.found_cost": "Found: a path of {length} moves at cost {cost}, {visited} tiles marked",
    "lab.stats.way_mud": "Fewest moves {moves} ({share} %), mud not counted",
    "lab.stats.river_one": "Longest corridor 1 cell",
    "lab.hand.left_short": "L",
    "lab.hand.right_short": "R",
}
