"""The campaign: fixed, seeded levels, each fully described by its parameters.

A level is a :class:`LevelSpec` (algorithm, size, seed, options).  Its *level code* is
a short string that encodes exactly those parameters, so a player can share a maze::

    B11x11-2N9C            backtracker, 11x11 tiles, seed 2N9C (base 36)
    D33x33-1Q2W-R6-L10     division, room size 6, 10% loops
    G75x75-9XK-K3          dig with rank 3

The parts after the seed are optional and may come in any order: ``L`` loops in percent,
``R`` room size (division), ``K`` rank (dig).  Codes are case-insensitive.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Optional

from game.errors import shown
from game.maze.grid import MAX_SIDE, check_generated_size

if TYPE_CHECKING:  # pragma: no cover - typing only
    from game.maze.grid import Maze


@dataclass(frozen=True)
class LevelSpec:
    """Everything needed to rebuild one maze exactly: algorithm, size, seed, options."""

    algorithm: str
    rows: int
    cols: int
    seed: int
    loops: float = 0.0
    room_size: Optional[int] = None
    rank: Optional[int] = None
    name: str = ""

    @property
    def is_room_map(self) -> bool:
        """Return True for an RPG room map (division that stops early, leaving rooms)."""
        return self.algorithm == "division" and self.room_size is not None

    def same_maze(self, other: "LevelSpec") -> bool:
        """Return True when both specs build the same maze (the name is ignored)."""
        return replace(self, name="") == replace(other, name="")


def _level(
    name: str,
    algorithm: str,
    size: int | tuple[int, int],
    seed: int,
    *,
    loops: float = 0.0,
    room_size: Optional[int] = None,
    rank: Optional[int] = None,
) -> LevelSpec:
    """Return one campaign level; ``size`` is N (square) or (rows, cols)."""
    rows, cols = (size, size) if isinstance(size, int) else size
    return LevelSpec(algorithm, rows, cols, seed, loops, room_size, rank, name)


#: The campaign, in play order: sizes grow from 11x11 to 201x201 tiles; every
#: generator appears, with RPG room maps (division + room_size) and looped mazes.
CAMPAIGN: list[LevelSpec] = [
    _level("First Steps", "backtracker", 11, 1101),
    _level("Garden Gate", "prim", 13, 1302),
    _level("The Cellar", "division", 15, 1503, room_size=3),
    _level("Crossroads", "division", 15, 1504),
    _level("Mole Burrow", "dig", 17, 1705),
    _level("Willow Walk", "backtracker", 19, 1906, loops=0.1),
    _level("Old Library", "division", 21, 2107, room_size=3),
    _level("Bramble Patch", "prim", 23, 2308),
    _level("Rabbit Warren", "dig", 25, 2509, loops=0.05),
    _level("Hall of Echoes", "division", 27, 2710, loops=0.15),
    _level("Lantern Row", "backtracker", 31, 3111),
    _level("Sunken Keep", "division", 33, 3312, room_size=4, loops=0.1),
    _level("Thornwood", "prim", 37, 3713, loops=0.05),
    _level("Ant Colony", "dig", 41, 4114, loops=0.1),
    _level("Clockwork Court", "division", 45, 4515),
    _level("Long Winter", "backtracker", 51, 5116),
    _level("Catacombs", "division", 57, 5717, room_size=4, loops=0.2),
    _level("Fungal Grotto", "prim", 65, 6518),
    _level("Deep Tunnels", "dig", 75, 7519, rank=3),
    _level("Mirror Halls", "division", 91, 9120, loops=0.3),
    _level("Serpent's Coil", "backtracker", 111, 11121, loops=0.05),
    _level("The Citadel", "division", 131, 13122, room_size=5, loops=0.1),
    _level("Endless Hedge", "prim", 161, 16123, loops=0.1),
    _level("Heart of Migong", "backtracker", 201, 20124, loops=0.1),
]


def build_level(spec: LevelSpec) -> "Maze":
    """Generate the maze a spec describes (same spec, same maze, every time)."""
    # Imported here so that loading the campaign (menus, the save file) stays cheap.
    from game.maze.generators import generate

    return generate(
        spec.algorithm,
        rows=spec.rows,
        cols=spec.cols,
        seed=spec.seed,
        loops=spec.loops,
        room_size=spec.room_size,
        rank=spec.rank,
    )


_ALGORITHM_LETTERS = {"backtracker": "B", "division": "D", "dig": "G", "prim": "P"}
_LETTER_ALGORITHMS = {v: k for k, v in _ALGORITHM_LETTERS.items()}
_DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: Largest seed a level code (or a saved custom maze) carries: 13 base-36 digits.
MAX_SEED = 2**63 - 1
#: Most digits read as a size or an option of a level code (more is refused unread).
_MAX_DIGITS = 9
_CODE_RE = re.compile(r"^([A-Z])(\d+)X(\d+)-([0-9A-Z]+)((?:-[A-Z][0-9.]+)*)$")
_OPTION_RE = re.compile(r"^([A-Z])([0-9.]+)$")
#: The one algorithm each whole-number option of a code belongs to, and its name.
_OPTION_OWNERS = {"R": ("division", "room size"), "K": ("dig", "rank")}


def _base36(n: int) -> str:
    """Return ``n`` (>= 0) written in base 36 with digits 0-9A-Z."""
    if n == 0:
        return "0"
    out = []
    while n:
        n, d = divmod(n, 36)
        out.append(_DIGITS[d])
    return "".join(reversed(out))


def _percent(loops: float) -> str:
    """Return ``loops`` as a compact percentage: 0.1 -> '10', 0.125 -> '12.5'."""
    return f"{round(loops * 100, 4):g}"


def level_code(spec: LevelSpec) -> str:
    """Return the short shareable code of a level (see the module docstring)."""
    letter = _ALGORITHM_LETTERS.get(spec.algorithm)
    if letter is None:
        raise ValueError(f"no level code for algorithm {spec.algorithm!r}")
    if spec.seed < 0:
        raise ValueError(f"level codes need a seed >= 0, got {spec.seed}")
    code = f"{letter}{spec.rows}x{spec.cols}-{_base36(spec.seed)}"
    if spec.room_size is not None:
        code += f"-R{spec.room_size}"
    if spec.rank is not None:
        code += f"-K{spec.rank}"
    if spec.loops:
        code += f"-L{_percent(spec.loops)}"
    return code


def parse_level_code(code: str) -> LevelSpec:
    """Return the LevelSpec a level code describes; raise ValueError on a bad code."""
    text = code.strip().upper()
    bad = f"bad level code {shown(code)}"
    m = _CODE_RE.match(text)
    if m is None:
        raise ValueError(
            f"{bad}: expected e.g. 'B21x21-1A2B' or 'D33x33-2KQ-R5-L10' "
            "(algorithm letter B/D/G/P, ROWSxCOLS, '-' and a base-36 seed, "
            "then optional -L<loops %>, -R<room size>, -K<rank>)"
        )
    letter, rows, cols, seed, options = m.groups()
    algorithm = _LETTER_ALGORITHMS.get(letter)
    if algorithm is None:
        raise ValueError(
            f"{bad}: unknown algorithm letter {letter!r} (B backtracker, D division, G dig, P prim)"
        )
    loops = 0.0
    room_size: Optional[int] = None
    rank: Optional[int] = None
    seen: set[str] = set()
    for part in filter(None, options.split("-")):
        om = _OPTION_RE.match(part)
        assert om is not None  # guaranteed by _CODE_RE
        key, value = om.groups()
        if key in seen:
            raise ValueError(f"{bad}: option {key} given twice")
        seen.add(key)
        if key not in ("L", "R", "K"):
            raise ValueError(f"{bad}: unknown option {key!r} (L loops, R room size, K rank)")
        # Whole-number options are small: a long one is refused before int() (which has
        # a limit of its own, 4,300 digits).
        if key != "L" and len(value) > _MAX_DIGITS:
            raise ValueError(f"{bad}: bad value {shown(value)} for {key} (too many digits)")
        try:
            number = float(value) if key == "L" else int(value)
        except ValueError:
            raise ValueError(f"{bad}: bad value {shown(value)} for {key}") from None
        if key == "L":
            loops = round(number / 100, 6)
            if not 0.0 <= loops <= 1.0:
                raise ValueError(f"{bad}: loops must be 0..100 %, got {shown(value, quote=False)}")
        else:
            owner, name = _OPTION_OWNERS[key]
            if number < 1:
                raise ValueError(f"{bad}: {key} ({name}) must be at least 1, got {value}")
            if algorithm != owner:
                raise ValueError(
                    f"{bad}: {key} ({name}) only applies to "
                    f"{_ALGORITHM_LETTERS[owner]} ({owner}), not to {letter} ({algorithm})"
                )
            if key == "R":
                room_size = int(number)
            else:
                rank = int(number)
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
    spec = LevelSpec(algorithm, int(rows), int(cols), int(seed, 36), loops, room_size, rank)
    return campaign_match(spec) or spec


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


def star_rating(moves: int, optimal: int, hints: int) -> int:
    """Return 1..3 stars for a finished run (see the star rule above)."""
    if moves < 0 or optimal < 0 or hints < 0:
        raise ValueError(f"counts must be >= 0, got moves={moves} optimal={optimal} hints={hints}")
    slack = max(NEAR_OPTIMAL_GRACE, optimal // 10)
    if moves <= optimal + slack:
        stars = 3
    elif moves <= 2 * optimal:
        stars = 2
    else:
        stars = 1
    if hints > 0:
        stars = min(stars, 2)
    return stars
