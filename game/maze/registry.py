"""What an algorithm declares about itself: one entry per generator and per solver.

Each generator module ends with ``INFO = GeneratorInfo(...)`` and each solver module with
``INFO = SolverInfo(...)``; :mod:`game.maze.generators` and :mod:`game.maze.solvers`
build their registries (``GENERATORS``, ``SOLVERS``) from a tuple of modules.  Everything
else is derived from the entries: the command line's flags, help and checks, the Custom
maze menu, level codes, the save's checks, Help, the hint's solver keys and the tests'
parameter lists.  Adding an algorithm is one module and one line in that tuple.

Player-visible labels live in the text catalogue under keys named by convention
(``generator.<name>``, ``solver.<name>``, ``solver.<name>.short``, ``option.<name>``,
``option.<name>.value``, ``option.<name>.unset``, ``lab.code.<name>.<n>``); each entry
carries the English text the game falls back to when the catalogue lacks the key.  Pure: no pygame.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Literal, Mapping, Optional, Union

if TYPE_CHECKING:  # typing only: the solver modules import this one
    from game.maze.generators.events import Tracer
    from game.maze.grid import Maze
    from game.maze.solvers.base import Explore, Run

#: An option's value: a whole number, or a fraction 0..1.
Value = Union[int, float]
#: "int": a whole number; "fraction": a number 0..1, written in percent in level codes
#: and menus.
OptionKind = Literal["int", "fraction"]


@dataclass(frozen=True)
class Option:
    """One option of the generators: how it is spelled, checked, stepped and shown."""

    name: str  # generate()'s keyword, the save's key; --name-with-dashes on the command line
    code: str  # its capital letter in a level code
    kind: OptionKind
    low: Value
    high: Optional[Value]  # None: no upper bound
    default: Optional[Value]  # None: not given (the generator goes without it)
    help: str  # one line, for --help
    label: str  # the English name of its menu row
    #: The values the Custom maze menu steps through (None: not given); empty: no menu row.
    steps: tuple[Optional[Value], ...] = ()
    shown: str = "{value}"  # the English text of a value in the menu (fractions in percent)
    unset: str = "off"  # the English text of no value in the menu
    bounds: str = ""  # what the ends of the range mean, for the command line's error
    #: Named values: value i is ``choices[i]`` (the command line takes the name, a level
    #: code the number, the menu shows catalogue ``option.<name>.<choice>``).
    choices: tuple[str, ...] = ()

    @property
    def flag(self) -> str:
        """Return the command-line flag: ``--room-size`` for ``room_size``."""
        return "--" + self.name.replace("_", "-")

    @property
    def words(self) -> str:
        """Return the name as words: ``room size`` for ``room_size``."""
        return self.name.replace("_", " ")

    def accepts(self, value: object) -> bool:
        """Return True when ``value`` is a number of this option's kind within its range."""
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return False
        if self.kind == "int" and not isinstance(value, int):
            return False
        if isinstance(value, float) and not math.isfinite(value):
            return False
        return self.low <= value and (self.high is None or value <= self.high)

    def menu_number(self, value: Value) -> Value:
        """Return ``value`` as the menu shows it: a fraction in whole percent."""
        return round(value * 100) if self.kind == "fraction" else value


@dataclass(frozen=True)
class Pseudocode:
    """What the lab shows of an algorithm: its pseudo-code, and the line each event lights.

    ``lines`` holds the English of each line (catalogue key ``lab.code.<name>.<n>``, ``n``
    from 1); ``runs`` maps an event kind to the line (from 1) it runs.  A stream's first
    event (marking the start, opening the first cell) runs line 1.
    """

    lines: tuple[str, ...]
    runs: Mapping[int, int] = field(compare=False)

    def running_line(self, kind: int, first: bool) -> Optional[int]:
        """Return the line (from 1) an event of ``kind`` runs; ``first``: the stream's first."""
        return 1 if first else self.runs.get(kind)


@dataclass(frozen=True)
class GeneratorInfo:
    """A generator: its name, level-code letter, label, function and own options."""

    name: str
    letter: str  # its capital letter in a level code
    label: str  # the English label (catalogue key generator.<name>)
    generate: Callable[..., Maze]  # generate(*, rows, cols, rng=None, loops=0.0, **options)
    options: tuple[Option, ...] = ()  # its own options; LOOPS is every generator's
    #: The option whose value, when given, leaves open rooms: the maze is a room map
    #: (the RPG look, "RPG rooms" in the menus).
    rooms: Optional[str] = None
    #: The same generator told step by step: trace(*, rows, cols, rng=None, loops=0.0,
    #: **options) yields events, then the same Maze (see game.maze.generators.events).
    trace: Optional[Tracer] = None
    #: Its pseudo-code in the lab (None: the lab shows none).
    code: Optional[Pseudocode] = None

    def room_size(self, options: Mapping[str, Optional[Value]]) -> Optional[Value]:
        """Return the room size of a maze made with ``options``; None for a maze without rooms."""
        return None if self.rooms is None else options.get(self.rooms)


@dataclass(frozen=True)
class SolverInfo:
    """A solver: its name, labels and search."""

    name: str
    label: str  # the English label (catalogue key solver.<name>)
    short: str  # the English short name the hint caption shows (solver.<name>.short)
    explore: Explore  # explore(maze, start, goal): events, then a Solution
    shortest: bool  # its path is always a shortest one (the optimal route is found with one)
    #: The same search without events, for solve(); None: solve() drains ``explore``.
    run: Optional[Run] = None
    #: It abandons tiles (BACKTRACK events): when it stops, every tile it marked that is
    #: not on its path was backtracked; without, every marked tile stays explored.
    backtracks: bool = False
    #: Its pseudo-code in the lab (None: the lab shows none).
    code: Optional[Pseudocode] = None
    #: It can solve a maze with keys and doors; without, ``explore`` refuses one
    #: (ValueError), and the game offers it only on mazes without keys.
    keys: bool = True
    #: Its path is the walk it took, tiles walked twice (dead ends in and out) included.
    walks: bool = False


#: The maze size (ROWSxCOLS) a command builds when not told: ``play``'s, the lab's, and the
#: other commands' (their ``--size`` help says it from here).
PLAY_SIZE = "31x31"
LAB_SIZE = "21x21"
DEFAULT_SIZE = "21x21"

#: The option every generator takes: extra openings, 0 (a perfect maze) to 1 (no dead end).
LOOPS = Option(
    "loops", "L", "fraction", 0.0, 1.0, 0.0,
    help="probability 0..1 of extra openings (0: perfect maze)",
    label="Loops",
    steps=(0.0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1.0),
    shown="{value} %",
    bounds="0: perfect maze, 1: no dead ends",
)
#: The option every generator takes: coloured keys and their locked doors, each key needed.
KEYS = Option(
    "keys", "Y", "int", 0, 4, 0,
    help="coloured keys and locked doors 0..4 (each key needed to reach the exit)",
    label="Keys",
    steps=(0, 1, 2, 3, 4),
    unset="none",
    bounds="0: no keys, 4: one of each colour",
)
#: The option every generator takes: chasers, each starting in a lair far from the entrance,
#: placed so that walking the shortest route escapes them (game.maze.lairs).
CHASERS = Option(
    "chasers", "C", "int", 0, 4, 0,
    help="chasers 0..4, each starting in a lair far from the entrance",
    label="Chasers",
    steps=(0, 1, 2, 3, 4),
    unset="none",
    bounds="0: no chasers, 4: the most",
)
#: The option every generator takes: the share of the floor laid with mud (text ``~``),
#: in patches along the corridors; mud costs 3 to step onto and is 3 times as slow to
#: cross (game.maze.mud).
MUD = Option(
    "mud", "U", "fraction", 0.0, 1.0, 0.0,
    help="fraction 0..1 of the floor laid with mud patches (3 times as slow to cross)",
    label="Mud",
    steps=(0.0, 0.05, 0.1, 0.2, 0.3, 0.5),
    shown="{value} %",
    bounds="0: no mud, 1: all the floor",
)
#: The sizes (rows, cols) the Custom maze menu steps through; every generator takes any
#: odd size from 3 up.
SIZE_STEPS: tuple[tuple[int, int], ...] = (
    (11, 11), (15, 21), (21, 21), (21, 37), (31, 31), (31, 55), (51, 51), (51, 91),
    (101, 101), (101, 181), (201, 201), (501, 501), (1001, 1001), (2001, 2001),
)
