"""Solver keys: each registered solver, and its variants, as one choice each.

A key is the solver's registry name, or ``name:variant`` (``wall-follower:right``): the lab,
the hint, the run model and the save all offer and store these.  Pure: no pygame.
"""

from __future__ import annotations

import functools
from typing import Optional

from game.maze.solvers import SOLVERS, wall_follower
from game.maze.solvers.base import Explore

#: The variant part of a solver key: the wall follower's hands (left is its default).
_VARIANTS: dict[str, tuple[str, ...]] = {wall_follower.NAME: tuple(wall_follower.HANDS)}


def solver_keys() -> list[str]:
    """Return every solver choice: each registered solver, then its other variants, in order."""
    out: list[str] = []
    for name in SOLVERS:
        out.append(name)
        out.extend(f"{name}:{variant}" for variant in _VARIANTS.get(name, ())[1:])
    return out


def solver_name(key: str) -> str:
    """Return the registry name of a solver key (``wall-follower`` for ``wall-follower:right``)."""
    return key.split(":", 1)[0]


def variant(key: str) -> Optional[str]:
    """Return the variant a solver key names (``right``), or None for the solver's default."""
    parts = key.split(":", 1)
    return parts[1] if len(parts) == 2 else None


def variants(name: str) -> tuple[str, ...]:
    """Return the variants of solver ``name``, its default first (none: no variants)."""
    return _VARIANTS.get(name, ())


def is_key(key: str) -> bool:
    """Return True when ``key`` names a solver choice the lab offers."""
    return key in solver_keys() or (
        solver_name(key) in _VARIANTS and variant(key) in _VARIANTS[solver_name(key)])


def explore_of(key: str) -> Explore:
    """Return the search a solver key stands for (the wall follower with its hand)."""
    name, hand = solver_name(key), variant(key)
    explore = SOLVERS[name].explore
    if hand is not None and name == wall_follower.NAME:
        return functools.partial(wall_follower.explore, hand=hand)
    return explore


def key_of(name: str, hand: Optional[str] = None) -> str:
    """Return the solver key of ``name`` with the wall follower's ``hand`` (None: default)."""
    variants = _VARIANTS.get(name, ())
    if hand is None or not variants or hand == variants[0]:
        return name
    return f"{name}:{hand}"
