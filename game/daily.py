"""The daily maze: one level per UTC date, the same for everyone, different each day.

The date's weekday picks a plan from :data:`WEEK` (the generator and the size rotate
through the week, Monday small, the weekend big; keys and doors on some days, the fog of
war on others, from CHASE_FROM a chaser on a few), and a hash of the date gives the seed, so two neighbouring days differ in
every wall.  Dates before :data:`WEEK_FROM` keep the plans of :data:`FIRST_WEEK`, which
had neither: players' best times and streaks refer to the mazes those dates had.  Nothing
here reads a clock: the date is passed in (:func:`utc_today` is the one place that asks
for it).  Pure: no pygame.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timezone
from typing import Any, Literal, Mapping, Optional

from game.errors import shown
from game.levels import LevelSpec, build_level, level_code
from game.maze.registry import Value


@dataclass(frozen=True)
class DayPlan:
    """What one weekday's maze is made of: generator, size and options."""

    algorithm: str
    size: int  # rows and cols, in tiles
    loops: float = 0.0
    options: Mapping[str, Value] = field(default_factory=dict)
    #: Other LevelSpec fields of the day (keys, fog: once levels carry them), by name.
    extra: Mapping[str, Any] = field(default_factory=dict)


#: Monday to Sunday, for dates before WEEK_FROM.  Every generator appears; sizes grow
#: towards the weekend.  Never changed: those dates' mazes are played and kept.
FIRST_WEEK: tuple[DayPlan, ...] = (
    DayPlan("backtracker", 31),
    DayPlan("prim", 35, loops=0.05),
    DayPlan("division", 41, options={"room_size": 3}),
    DayPlan("dig", 45, loops=0.05),
    DayPlan("backtracker", 51, loops=0.1),
    DayPlan("division", 61, loops=0.1),
    DayPlan("prim", 71, loops=0.1),
)
#: Monday to Sunday from WEEK_FROM on: the same generators and sizes, with keys on
#: Tuesday, Thursday, Saturday and Sunday and the fog on Wednesday, Friday and Sunday.
#: The days with keys have no loops, which would leave no doorway every walk passes.
WEEK: tuple[DayPlan, ...] = (
    DayPlan("backtracker", 31),
    DayPlan("prim", 35, extra={"keys": 1}),
    DayPlan("division", 41, options={"room_size": 3}, extra={"fog": True}),
    DayPlan("dig", 45, extra={"keys": 2}),
    DayPlan("backtracker", 51, loops=0.1, extra={"fog": True}),
    DayPlan("division", 61, options={"room_size": 3}, extra={"keys": 3}),
    DayPlan("prim", 71, extra={"keys": 2, "fog": True}),
)
#: The first date (a Monday) of WEEK.
WEEK_FROM = date(2026, 12, 7)
#: Monday to Sunday from CHASE_FROM on: WEEK, with a chaser on Wednesday and Friday (both
#: in the fog): their rooms and loops leave room for a lair fair at three quarters of the
#: walk, where Monday's long corridors rarely do (and the days with keys never did).
CHASE_WEEK: tuple[DayPlan, ...] = tuple(
    replace(plan, extra={**plan.extra, "chasers": n}) if n else plan
    for plan, n in zip(WEEK, (0, 0, 1, 0, 1, 0, 0)))
#: The first date (a Monday) of CHASE_WEEK.
CHASE_FROM = date(2026, 12, 14)
#: Bits of the date's hash a daily seed keeps: 8 base-36 digits in the code at most.
SEED_BITS = 40
_DATE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")


def utc_today(now: Optional[datetime] = None) -> date:
    """Return today's date in UTC (of ``now`` when given, else of the clock)."""
    moment = datetime.now(timezone.utc) if now is None else now.astimezone(timezone.utc)
    return moment.date()


def daily_seed(day: date) -> int:
    """Return the seed of ``day``'s maze: a hash of the date, the same on every machine."""
    # Imported here: hashlib starts OpenSSL (4 ms), and the title screen, which reads this
    # module for today's date, hashes nothing until the daily maze is chosen.
    import hashlib

    digest = hashlib.sha256(f"migong daily {day.isoformat()}".encode("ascii")).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS)


def daily_spec(day: date) -> LevelSpec:
    """Return the level of ``day``: the weekday's plan (of its week) with the date's seed."""
    week = CHASE_WEEK if day >= CHASE_FROM else WEEK if day >= WEEK_FROM else FIRST_WEEK
    plan = week[day.weekday()]
    spec = LevelSpec(plan.algorithm, plan.size, plan.size, daily_seed(day), plan.loops,
                     dict(plan.options))
    if not plan.extra:
        return spec
    extra = dict(plan.extra)
    chasers = extra.pop("chasers", 0)
    spec = fitting_keys(replace(spec, **extra)) if extra else spec
    return fitting_chasers(replace(spec, chasers=chasers)) if chasers else spec


def fitting_keys(spec: LevelSpec) -> LevelSpec:
    """Return ``spec`` with as many of its keys as its maze has doorways for.

    Nearly every seed fits a plan's keys; the rare maze with too few doorways on its
    route gets one key fewer (the same for everyone), rather than no daily maze.
    """
    return _fitting(spec, "keys")


def fitting_chasers(spec: LevelSpec) -> LevelSpec:
    """Return ``spec`` with as many of its chasers as fit fairly (the same for everyone)."""
    return _fitting(spec, "chasers")


def _fitting(spec: LevelSpec, count: Literal["keys", "chasers"]) -> LevelSpec:
    """Return ``spec`` with one fewer of ``count`` at a time until its maze builds (or none)."""
    while getattr(spec, count):
        try:
            build_level(spec)
        except ValueError:
            spec = replace(spec, **{count: getattr(spec, count) - 1})
        else:
            break
    return spec


def daily_code(day: date) -> str:
    """Return the level code of ``day``'s maze."""
    return level_code(daily_spec(day))


def parse_date(text: str) -> date:
    """Return the date ``YYYY-MM-DD`` spells; raise ValueError saying what is wrong."""
    m = _DATE.fullmatch(text.strip())
    if m is None:
        raise ValueError(f"bad date {shown(text)}: expected YYYY-MM-DD, e.g. 2026-12-01")
    year, month, day = (int(part) for part in m.groups())
    try:
        return date(year, month, day)
    except ValueError as exc:  # "month must be in 1..12", "day is out of range for month"
        raise ValueError(f"bad date {shown(text)}: {exc}") from None
