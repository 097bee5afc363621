"""The campaign: fixed, seeded levels, each fully described by its parameters.

A level is a :class:`LevelSpec` (algorithm, size, seed, options).  Its *level code* is
a short string that encodes exactly those parameters, so a player can share a maze::

    B11x11-2N9C            backtracker, 11x11 tiles, seed 2N9C (base 36)
    D33x33-1Q2W-R6-L10     division, room size 6, 10% loops
    G75x75-9XK-K3          dig with rank 3
    P41x41-1B-Y2           prim with 2 keys and doors
    B25x25-7-C1            backtracker with a chaser
    B21x21-7-U20           backtracker with a fifth of its floor mud

The letters come from the registries (:mod:`game.maze.registry`): each generator's,
and each option's.  The parts after the seed are optional and may come in any order:
``L`` loops in percent, ``Y`` keys, ``C`` chasers and ``U`` mud in percent (every generator), then a generator's own options,
e.g. ``R`` room size (division), ``K`` rank (dig).  ``-F1`` marks a level played in the
fog of war (a flag of the level, not of the generator: the maze is the same).  Codes are
case-insensitive.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Literal, Mapping, Optional

from game.errors import shown
from game.maze.grid import MAX_SIDE, check_generated_size
from game.maze.registry import CHASERS, KEYS, LOOPS, MUD, Option, Value

if TYPE_CHECKING:  # pragma: no cover - typing only
    from game.maze.generators.events import Trace
    from game.maze.grid import Maze


@dataclass(frozen=True)
class LevelSpec:
    """Everything needed to rebuild one maze exactly: algorithm, size, seed, options.

    ``options`` are the generator's own, by name (``{"room_size": 4}``); one not given is
    left out (a None given is dropped).  ``keys``: coloured keys and their doors (0..4).
    """

    algorithm: str
    rows: int
    cols: int
    seed: int
    loops: float = 0.0
    options: Mapping[str, Optional[Value]] = field(default_factory=dict)
    name: str = ""
    #: Keys and locked doors placed in the maze (0 to 4).
    keys: int = 0
    #: Played in the fog of war (the maze is the same; the level is not).
    fog: bool = False
    #: Chasers, each in a lair placed in the maze (0 to 4).
    chasers: int = 0
    #: The share of the floor laid with mud patches (0 to 1).
    mud: float = 0.0

    def __post_init__(self) -> None:
        given = {k: v for k, v in self.options.items() if v is not None}
        object.__setattr__(self, "options", given)  # frozen: the one place it is set

    def __hash__(self) -> int:
        return hash((self.algorithm, self.rows, self.cols, self.seed, self.loops,
                     tuple(sorted(self.options.items())), self.name, self.keys,
                     self.fog, self.chasers, self.mud))

    @property
    def room_size(self) -> Optional[Value]:
        """Return the room size of a room map (its generator says which option that is), else None."""
        from game.maze.generators import GENERATORS

        info = GENERATORS.get(self.algorithm)
        return None if info is None else info.room_size(self.options)

    @property
    def is_room_map(self) -> bool:
        """Return True for an RPG room map (a generator that left open rooms)."""
        return self.room_size is not None

    def same_maze(self, other: "LevelSpec") -> bool:
        """Return True when both specs are the same level: same maze, same fog (any name)."""
        return replace(self, name="") == replace(other, name="")


def _level(
    name: str,
    algorithm: str,
    size: int | tuple[int, int],
    seed: int,
    *,
    loops: float = 0.0,
    keys: int = 0,
    fog: bool = False,
    chasers: int = 0,
    mud: float = 0.0,
    **options: Value,
) -> LevelSpec:
    """Return one campaign level; ``size`` is N (square) or (rows, cols)."""
    rows, cols = (size, size) if isinstance(size, int) else size
    return LevelSpec(algorithm, rows, cols, seed, loops, options, name, keys=keys, fog=fog,
                     chasers=chasers, mud=mud)


@dataclass(frozen=True)
class Chapter:
    """A part of the campaign that introduces one thing; its first level shows a tip.

    ``key`` names its text in the catalogue: ``chapter.<key>`` (its title) and
    ``chapter.<key>.tip`` (one line).  Within a chapter the shortest route never gets
    shorter (tests/test_levels.py checks it).
    """

    key: str
    levels: tuple[LevelSpec, ...]


#: Every chapter in play order, including those whose feature has not landed yet (they
#: have no levels, and are left out of CHAPTERS until they do).
ALL_CHAPTERS: tuple[Chapter, ...] = (
    Chapter("first_steps", (
        _level("First Steps", "backtracker", 11, 1101),
        _level("Zigzag Stair", "backtracker", (15, 7), 7),
        _level("Garden Gate", "prim", 13, 1302),
        _level("Meadow Path", "prim", (11, 31), 1134),
        _level("Bramble Patch", "prim", 23, 2308),
    )),
    Chapter("straight_walls", (
        _level("Crossroads", "division", 15, 1504),
        _level("Quarry", "division", 31, 3131),
        _level("Clockwork Court", "division", 45, 4515),
    )),
    Chapter("rooms", (
        _level("The Cellar", "division", 15, 1503, room_size=3),
        _level("Old Library", "division", 21, 2107, room_size=3),
        _level("Sunken Keep", "division", 33, 3312, room_size=4, loops=0.1),
        _level("Guard Rooms", "division", 41, 4145, room_size=4),
        _level("Catacombs", "division", 57, 5717, room_size=4, loops=0.2),
        _level("The Citadel", "division", 131, 13122, room_size=5, loops=0.1),
    )),
    Chapter("keys", (
        _level("First Key", "backtracker", 15, 1511, keys=1),
        _level("Two Locks", "prim", 21, 2122, keys=2),
        _level("Key Hall", "division", 27, 2733, room_size=3, keys=2),
        _level("Three Doors", "backtracker", 31, 3145, loops=0.1, keys=3),
        _level("Four Colours", "division", 41, 4155, room_size=4, loops=0.1, keys=4),
    )),
    Chapter("fog", (
        _level("Night Garden", "prim", 21, 2177, fog=True),
        _level("Misty Hollow", "backtracker", 15, 1566, fog=True),
        _level("Dark Halls", "division", 31, 3188, room_size=4, fog=True),
        _level("Will-o'-the-Wisp", "backtracker", 35, 3599, loops=0.1, fog=True),
        _level("Lost Keep", "division", 45, 4510, room_size=4, loops=0.1, keys=2, fog=True),
    )),
    Chapter("tunnels", (
        _level("Mole Burrow", "dig", 17, 1705),
        _level("Badger Sett", "dig", 31, 3134),
        _level("Ant Colony", "dig", 41, 4114, loops=0.1),
        _level("Rabbit Warren", "dig", 25, 2509, loops=0.05),
        _level("Deep Tunnels", "dig", 75, 7519, rank=3),
    )),
    Chapter("loops", (
        _level("Hall of Echoes", "division", 27, 2710, loops=0.15),
        _level("Thornwood", "prim", 37, 3713, loops=0.05),
        _level("Willow Walk", "backtracker", 19, 1906, loops=0.1),
        _level("Braided Brook", "backtracker", 41, 4146, loops=0.2),
        _level("Mirror Halls", "division", 91, 9120, loops=0.3),
    )),
    # Before the long haul: saves recount "unlocked" (game.save.schema V3_CAMPAIGN).
    Chapter("chase", (
        # first the long straight halls (9 turns): a player hesitating half a second at
        # each still escapes; then the twisting corridors (15 turns) ask for a surer walk
        _level("The Lair", "division", 21, 2101, chasers=1),
        _level("Footsteps", "backtracker", 15, 1538, chasers=1),
        _level("Hunting Ground", "prim", 21, 2101, chasers=1),
        _level("Two Hunters", "prim", 25, 2501, chasers=2),
        _level("Bull's Labyrinth", "division", 31, 3101, chasers=2),
        _level("The Minotaur", "backtracker", 25, 2505, chasers=2),
    )),
    Chapter("long_haul", (
        _level("Fungal Grotto", "prim", 65, 6518),
        _level("Lantern Row", "backtracker", 31, 3111),
        # the chasers come back in the long haul (proved fair as in their chapter)
        _level("Hunter's Hall", "division", 45, 4503, room_size=4, chasers=2),
        _level("Wolf Run", "prim", 81, 8101, chasers=2),
        _level("Long Winter", "backtracker", 51, 5116),
        _level("Night Hunt", "prim", 101, 10102, fog=True, chasers=3),
        _level("Endless Hedge", "prim", 161, 16123, loops=0.1),
        _level("Serpent's Coil", "backtracker", 111, 11121, loops=0.05),
        _level("Heart of Migong", "backtracker", 201, 20124, loops=0.1),
    )),
)
#: The chapters the player sees: those with levels.
CHAPTERS: tuple[Chapter, ...] = tuple(chapter for chapter in ALL_CHAPTERS if chapter.levels)
#: The campaign, in play order: the chapters' levels one after another.
CAMPAIGN: list[LevelSpec] = [spec for chapter in CHAPTERS for spec in chapter.levels]


def named_level(name: str) -> LevelSpec:
    """Return the campaign level called ``name``; raise KeyError if there is none."""
    for spec in CAMPAIGN:
        if spec.name == name:
            return spec
    raise KeyError(name)


def chapter_of(index: int) -> tuple[int, range]:
    """Return the 0-based chapter number of campaign level ``index`` and its levels' indexes."""
    first = 0
    for number, chapter in enumerate(CHAPTERS):
        span = range(first, first + len(chapter.levels))
        if index in span:
            return number, span
        first = span.stop
    raise IndexError(f"no campaign level {index} (there are {len(CAMPAIGN)})")


def build_level(spec: LevelSpec) -> "Maze":
    """Generate the maze a spec describes (same spec, same maze, every time)."""
    # Imported here so that loading the campaign (menus, the save file) stays cheap.
    from game.maze.generators import generate

    return generate(spec.algorithm, **_generator_arguments(spec))


def trace_level(spec: LevelSpec) -> "Trace":
    """Return the events that build the maze a spec describes, then the Maze."""
    from game.maze.generators import trace

    return trace(spec.algorithm, **_generator_arguments(spec))


def _generator_arguments(spec: LevelSpec) -> dict[str, Any]:
    """Return the keyword arguments a generator takes for ``spec``: size, seed, options."""
    return dict(rows=spec.rows, cols=spec.cols, seed=spec.seed, loops=spec.loops,
                keys=spec.keys, chasers=spec.chasers, mud=spec.mud, **spec.options)


_DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: Largest seed a level code (or a saved custom maze) carries: 13 base-36 digits.
MAX_SEED = 2**63 - 1
#: Most digits read as a size or an option of a level code (more is refused unread).
_MAX_DIGITS = 9
#: What level codes look like, for messages about a bad one.
CODE_EXAMPLES = ("B21x21-1A2B", "D33x33-2KQ-R5-L10")
_CODE_RE = re.compile(r"^([A-Z])([0-9]+)X([0-9]+)-([0-9A-Z]+)((?:-[A-Z][0-9.]+)*)$")
_OPTION_RE = re.compile(r"^([A-Z])([0-9.]+)$")
#: The code part of the fog flag: ``-F1`` (``-F0``, fog off, is never written).
FOG_CODE = "F"


def _base36(n: int) -> str:
    """Return ``n`` (>= 0) written in base 36 with digits 0-9A-Z."""
    if n == 0:
        return "0"
    out = []
    while n:
        n, d = divmod(n, 36)
        out.append(_DIGITS[d])
    return "".join(reversed(out))


def _percent(fraction: float) -> str:
    """Return ``fraction`` as a compact percentage: 0.1 -> '10', 0.125 -> '12.5'."""
    return f"{round(fraction * 100, 4):g}"


def _written(option: Option, value: Value) -> str:
    """Return an option's value as a code writes it: a fraction in percent."""
    return _percent(value) if option.kind == "fraction" else str(value)


def level_code(spec: LevelSpec) -> str:
    """Return the short shareable code of a level (see the module docstring)."""
    from game.maze.generators import GENERATORS

    info = GENERATORS.get(spec.algorithm)
    if info is None:
        raise ValueError(f"no level code for algorithm {spec.algorithm!r}")
    if spec.seed < 0:
        raise ValueError(f"level codes need a seed >= 0, got {spec.seed}")
    code = f"{info.letter}{spec.rows}x{spec.cols}-{_base36(spec.seed)}"
    for option in info.options:
        value = spec.options.get(option.name)
        if value is not None:
            code += f"-{option.code}{_written(option, value)}"
    if spec.loops != LOOPS.default:
        code += f"-{LOOPS.code}{_written(LOOPS, spec.loops)}"
    if spec.keys != KEYS.default:
        code += f"-{KEYS.code}{spec.keys}"
    if spec.chasers != CHASERS.default:
        code += f"-{CHASERS.code}{spec.chasers}"
    if spec.mud != MUD.default:
        code += f"-{MUD.code}{_written(MUD, spec.mud)}"
    if spec.fog:
        code += f"-{FOG_CODE}1"
    return code


def code_case(text: str) -> str:
    """Return ``text`` cased as codes are written: capitals, a small x between rows and cols."""
    upper = text.upper()
    size = re.match(r"[A-Z][0-9]+X", upper)
    return upper if size is None else upper[:size.end() - 1] + "x" + upper[size.end():]


def parse_level_code(code: str) -> LevelSpec:
    """Return the LevelSpec a level code describes; raise ValueError on a bad code."""
    from game.maze.generators import GENERATORS, generator_options

    text = code.strip().upper()
    bad = f"bad level code {shown(code)}"
    generators = sorted(GENERATORS.values(), key=lambda info: info.letter)
    owned = [(LOOPS, None), (KEYS, None), (CHASERS, None), (MUD, None), *generator_options()]
    m = _CODE_RE.match(text)
    if m is None:
        letters = "/".join(info.letter for info in generators)
        parts = ", ".join([f"-{o.code}<{o.words}{' %' if o.kind == 'fraction' else ''}>"
                           for o, _ in owned] + [f"-{FOG_CODE}1 (fog)"])
        raise ValueError(
            f"{bad}: expected e.g. {CODE_EXAMPLES[0]!r} or {CODE_EXAMPLES[1]!r} "
            f"(algorithm letter {letters}, ROWSxCOLS, '-' and a base-36 seed, "
            f"then optional {parts})"
        )
    letter, rows, cols, seed, options = m.groups()
    info = next((g for g in generators if g.letter == letter), None)
    if info is None:
        known = ", ".join(f"{g.letter} {g.name}" for g in generators)
        raise ValueError(f"{bad}: unknown algorithm letter {letter!r} ({known})")
    by_code = {option.code: (option, owner) for option, owner in owned}
    values: dict[str, Value] = {}
    for part in filter(None, options.split("-")):
        om = _OPTION_RE.match(part)
        assert om is not None  # guaranteed by _CODE_RE
        key, value = om.groups()
        if key in values:
            raise ValueError(f"{bad}: option {key} given twice")
        if key == FOG_CODE:
            if value not in ("0", "1"):
                raise ValueError(f"{bad}: {FOG_CODE} (fog) must be 0 or 1, "
                                 f"got {shown(value, quote=False)}")
            values[key] = int(value)
            continue
        if key not in by_code:
            known = ", ".join([f"{o.code} {o.words}" for o, _ in owned] + [f"{FOG_CODE} fog"])
            raise ValueError(f"{bad}: unknown option {key!r} ({known})")
        option, owner = by_code[key]
        values[key] = _option_value(option, value, bad)
        if owner is not None and owner is not info:
            raise ValueError(
                f"{bad}: {key} ({option.words}) only applies to "
                f"{owner.letter} ({owner.name}), not to {letter} ({info.name})"
            )
    for what, digits in (("rows", rows), ("cols", cols)):
        if len(digits) > _MAX_DIGITS or int(digits) > MAX_SIDE:
            raise ValueError(
                f"{bad}: {what} must be at most {MAX_SIDE}, got {shown(digits, quote=False)}"
            )
    try:
        check_generated_size(int(rows), int(cols))
    except ValueError as exc:
        raise ValueError(f"{bad}: {exc}") from None
    if len(seed.lstrip("0")) > len(_base36(MAX_SEED)) or int(seed, 36) > MAX_SEED:
        raise ValueError(
            f"{bad}: the seed {shown(seed, quote=False)} is too large "
            f"(at most {_base36(MAX_SEED)} in base 36)"
        )
    fog = bool(values.pop(FOG_CODE, 0))
    loops = values.pop(LOOPS.code, LOOPS.default)
    keys = values.pop(KEYS.code, KEYS.default)
    chasers = values.pop(CHASERS.code, CHASERS.default)
    mud = values.pop(MUD.code, MUD.default)
    assert loops is not None and keys is not None and chasers is not None  # all have defaults
    assert mud is not None
    own = {option.name: values[option.code] for option in info.options if option.code in values}
    spec = LevelSpec(info.name, int(rows), int(cols), int(seed, 36), float(loops), own,
                     keys=int(keys), fog=fog, chasers=int(chasers), mud=float(mud))
    return campaign_match(spec) or spec


def _option_value(option: Option, value: str, bad: str) -> Value:
    """Return the value a code gives ``option`` (a fraction from percent); raise ValueError."""
    key = option.code
    # Whole numbers are small: a long one is refused before int() (which has a limit of
    # its own, 4,300 digits).
    if option.kind == "int" and len(value) > _MAX_DIGITS:
        raise ValueError(f"{bad}: bad value {shown(value)} for {key} (too many digits)")
    try:
        number: Value = float(value) if option.kind == "fraction" else int(value)
    except ValueError:
        raise ValueError(f"{bad}: bad value {shown(value)} for {key}") from None
    if option.kind == "fraction":
        number = round(number / 100, 6)
        if not option.accepts(number):
            assert option.high is not None  # a fraction lies within 0..1
            low, high = _percent(option.low), _percent(option.high)
            raise ValueError(
                f"{bad}: {option.words} must be {low}..{high} %, got {shown(value, quote=False)}"
            )
    elif not option.accepts(number):
        within = (f"at least {option.low}" if option.high is None
                  else f"from {option.low} to {option.high}")
        raise ValueError(f"{bad}: {key} ({option.words}) must be {within}, got {value}")
    return number


def campaign_match(spec: LevelSpec) -> Optional[LevelSpec]:
    """Return the named campaign level that builds the same maze as ``spec``, if any."""
    for level in CAMPAIGN:
        if level.same_maze(spec):
            return level
    return None


def campaign_index(spec: LevelSpec) -> Optional[int]:
    """Return the 0-based campaign position of ``spec``, or None for a custom maze."""
    for i, level in enumerate(CAMPAIGN):
        if level.same_maze(spec):
            return i
    return None


#: Star rule: a run earns 3 stars when no hint was used and it took at most
#: ``optimal + max(NEAR_OPTIMAL_GRACE, 10% of optimal)`` moves; 2 stars when it took at
#: most twice the optimal move count (or was near-optimal but used hints); otherwise 1.
NEAR_OPTIMAL_GRACE = 2


@dataclass(frozen=True)
class Missed:
    """Why a run missed a star: ``star`` 3 or 2; ``why`` "moves" (over ``limit`` moves,
    the fewest + 10%), "double" (over ``limit``, twice the fewest) or "hint" (one used)."""

    star: int
    why: Literal["moves", "double", "hint"]
    limit: int = 0


def star_limits(optimal: int) -> tuple[int, int]:
    """Return the most moves that keep three stars, and two stars (see the star rule)."""
    three = optimal + max(NEAR_OPTIMAL_GRACE, optimal // 10)
    return three, max(three, 2 * optimal)


def missed_stars(moves: int, optimal: int, hints: int) -> list[Missed]:
    """Return every reason a finished run missed a star, the second star's first."""
    if moves < 0 or optimal < 0 or hints < 0:
        raise ValueError(f"counts must be >= 0, got moves={moves} optimal={optimal} hints={hints}")
    three, two = star_limits(optimal)
    missed = []
    if moves > two:
        missed.append(Missed(2, "double", two))
    if moves > three:
        missed.append(Missed(3, "moves", three))
    if hints > 0:
        missed.append(Missed(3, "hint"))
    return missed


def star_rating(moves: int, optimal: int, hints: int) -> int:
    """Return 1..3 stars for a finished run (see the star rule above)."""
    return 3 - len({miss.star for miss in missed_stars(moves, optimal, hints)})
