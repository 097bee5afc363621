"""What the play layer calls things: generators, solvers and their options, level names
and durations, as the player reads them.

The generators and solvers, with their options, come from the core registries
(``GENERATORS``, ``SOLVERS``).  Their labels are catalogue keys named by convention
(:mod:`game.maze.registry`), each falling back to the English its entry carries.
"""

from __future__ import annotations

from typing import Optional

from game.levels import Chapter, LevelSpec
from game.maze.registry import Option, Value
from game.run.level import Level
from game.text import t
from game.times import format_time  # noqa: F401  (the game's screens import it from here)

#: Catalogue keys of the campaign's level names, by the name game.levels gives each (a
#: test checks every level has one, and that the English text is that name).
LEVEL_NAMES = {
    "First Steps": "level_name.first_steps",
    "Garden Gate": "level_name.garden_gate",
    "The Cellar": "level_name.the_cellar",
    "Crossroads": "level_name.crossroads",
    "Mole Burrow": "level_name.mole_burrow",
    "Willow Walk": "level_name.willow_walk",
    "Old Library": "level_name.old_library",
    "Bramble Patch": "level_name.bramble_patch",
    "Rabbit Warren": "level_name.rabbit_warren",
    "Hall of Echoes": "level_name.hall_of_echoes",
    "Lantern Row": "level_name.lantern_row",
    "Sunken Keep": "level_name.sunken_keep",
    "Thornwood": "level_name.thornwood",
    "Ant Colony": "level_name.ant_colony",
    "Clockwork Court": "level_name.clockwork_court",
    "Long Winter": "level_name.long_winter",
    "Catacombs": "level_name.catacombs",
    "Fungal Grotto": "level_name.fungal_grotto",
    "Deep Tunnels": "level_name.deep_tunnels",
    "Mirror Halls": "level_name.mirror_halls",
    "Serpent's Coil": "level_name.serpents_coil",
    "The Citadel": "level_name.the_citadel",
    "Endless Hedge": "level_name.endless_hedge",
    "Heart of Migong": "level_name.heart_of_migong",
    "Zigzag Stair": "level_name.zigzag_stair",
    "Meadow Path": "level_name.meadow_path",
    "Quarry": "level_name.quarry",
    "Guard Rooms": "level_name.guard_rooms",
    "Badger Sett": "level_name.badger_sett",
    "Braided Brook": "level_name.braided_brook",
    "First Key": "level_name.first_key",
    "Two Locks": "level_name.two_locks",
    "Key Hall": "level_name.key_hall",
    "Three Doors": "level_name.three_doors",
    "Four Colours": "level_name.four_colours",
    "Night Garden": "level_name.night_garden",
    "Misty Hollow": "level_name.misty_hollow",
    "Dark Halls": "level_name.dark_halls",
    "Will-o'-the-Wisp": "level_name.will_o_the_wisp",
    "Lost Keep": "level_name.lost_keep",
    "The Lair": "level_name.the_lair",
    "Footsteps": "level_name.footsteps",
    "Hunting Ground": "level_name.hunting_ground",
    "Two Hunters": "level_name.two_hunters",
    "Bull's Labyrinth": "level_name.bulls_labyrinth",
    "The Minotaur": "level_name.the_minotaur",
    "Hunter's Hall": "level_name.hunters_hall",
    "Wolf Run": "level_name.wolf_run",
    "Night Hunt": "level_name.night_hunt",
}


#: Catalogue keys of each chapter's title and tip, by its key in game.levels (a test
#: checks every chapter has them, those still without levels included).
CHAPTER_TEXT = {
    "first_steps": ("chapter.first_steps", "chapter.first_steps.tip"),
    "straight_walls": ("chapter.straight_walls", "chapter.straight_walls.tip"),
    "rooms": ("chapter.rooms", "chapter.rooms.tip"),
    "keys": ("chapter.keys", "chapter.keys.tip"),
    "fog": ("chapter.fog", "chapter.fog.tip"),
    "tunnels": ("chapter.tunnels", "chapter.tunnels.tip"),
    "loops": ("chapter.loops", "chapter.loops.tip"),
    "long_haul": ("chapter.long_haul", "chapter.long_haul.tip"),
    "chase": ("chapter.chase", "chapter.chase.tip"),
}


def solver_names() -> list[str]:
    """Return the solvers in registry order (the hint's Tab order, keys 1, 2, 3...)."""
    from game.maze.solvers import SOLVERS

    return list(SOLVERS)


def hint_solvers() -> list[str]:
    """Return the hint's solver choices (Tab order, keys 1, 2, 3...): each solver, then its
    variants (the wall follower's right hand after its left)."""
    from game.maze.solvers.variants import solver_keys

    return solver_keys()


#: The catalogue key of the full label of each solver variant the hint offers.
VARIANT_LABELS = {"wall-follower:right": "solver.wall-follower:right"}


def hint_solver_label(key: str) -> str:
    """Return the hint's short name of solver choice ``key``: with its hand when it has two."""
    from game.maze.solvers.variants import variants

    name, _, hand = key.partition(":")
    hands = variants(name)
    return solver_short_label(f"{name}:{hand or hands[0]}" if hands else key)


def _with_variant(key: str, name: str) -> str:
    """Return ``name`` with the variant solver choice ``key`` names (its hand), if any."""
    _, _, hand = key.partition(":")
    if not hand:
        return name
    return t("lab.solver_variant", name=name, variant=t(f"lab.hand.{hand}", default=hand))


def generator_names() -> list[str]:
    """Return the generators in registry order."""
    from game.maze.generators import GENERATORS

    return list(GENERATORS)


def generator_label(name: str) -> str:
    """Return the label of generator ``name`` (its own name if it has none)."""
    from game.maze.generators import GENERATORS

    info = GENERATORS.get(name)
    return t(f"generator.{name}", default=name if info is None else info.label)


def solver_label(key: str) -> str:
    """Return the label of solver ``key`` (its own name if it has none), with its variant."""
    from game.maze.solvers import SOLVERS

    name = key.partition(":")[0]
    info = SOLVERS.get(name)
    if key != name:  # the right hand: "Wall follower (right hand)", not the left's label
        short = _with_variant(key, t(f"solver.{name}.short",
                                     default=name if info is None else info.short))
        label = VARIANT_LABELS.get(key)
        return short if label is None else t(label)
    return t(f"solver.{name}", default=name if info is None else info.label)


def solver_short_label(key: str) -> str:
    """Return the short name of solver ``key`` (the hint caption's), with its variant."""
    from game.maze.solvers import SOLVERS

    name = key.partition(":")[0]
    info = SOLVERS.get(name)
    return _with_variant(key, t(f"solver.{name}.short", default=name if info is None
                                else info.short))


def option_label(option: Option) -> str:
    """Return the label of a generator option (its menu row)."""
    return t(f"option.{option.name}", default=option.label)


def option_value(option: Option, value: Optional[Value]) -> str:
    """Return a value of a generator option as its menu row shows it (None: not given)."""
    if value is None:
        return t(f"option.{option.name}.unset", default=option.unset)
    if option.choices:
        choice = option.choices[int(value)]
        return t(f"option.{option.name}.{choice}", default=choice)
    return t(f"option.{option.name}.value", default=option.shown,
             value=option.menu_number(value))


def algorithm_name(spec: LevelSpec) -> str:
    """Return a readable name of the level's generator ("RPG rooms" for room maps)."""
    return t("generator.rooms") if spec.is_room_map else generator_label(spec.algorithm)


def level_name(spec: LevelSpec) -> str:
    """Return the name of a campaign level in the current language ("" when it has none)."""
    key = LEVEL_NAMES.get(spec.name)
    return t(key) if key is not None else spec.name


def level_label(index: int, spec: LevelSpec) -> str:
    """Return "Level N · Name" for a campaign level."""
    if spec.name:
        return t("level.named", number=index + 1, name=level_name(spec))
    return t("level.numbered", number=index + 1)


def practice_label(index: int, spec: LevelSpec) -> str:
    """Return "Level N · Name · practice" for a locked campaign level played for practice."""
    if spec.name:
        return t("level.practice", number=index + 1, name=level_name(spec))
    return t("level.practice_numbered", number=index + 1)


def level_title(level: Level) -> str:
    """Return the name of ``level`` on screen: its campaign or custom label, else its own.

    Derived from the level each time (not kept), so it follows a change of language.
    """
    if level.daily is not None:
        return t("level.daily", date=level.daily.isoformat())
    if level.spec is not None and level.index is not None:
        return level_label(level.index, level.spec)
    if level.spec is not None and level.practice is not None:
        return practice_label(level.practice, level.spec)
    if level.spec is not None:
        return custom_label(level.spec)
    return level.label


def chapter_name(chapter: Chapter) -> str:
    """Return the title of a campaign chapter in the current language."""
    return t(CHAPTER_TEXT[chapter.key][0])


def chapter_tip(chapter: Chapter) -> str:
    """Return the one-line tip a chapter's first level shows."""
    return t(CHAPTER_TEXT[chapter.key][1])


def custom_label(spec: LevelSpec) -> str:
    """Return the HUD label of a custom maze."""
    return t("level.custom", algorithm=algorithm_name(spec), rows=spec.rows, cols=spec.cols)


def build_problem(exc: Exception) -> str:
    """Return what stops a maze being built as the player reads it: a plain sentence."""
    from game.maze.lairs import LairsDoNotFit
    from game.maze.locks import KeysDoNotFit

    if isinstance(exc, KeysDoNotFit):
        return t("keys.no_room", count=exc.count, fits=exc.fits, rows=exc.rows, cols=exc.cols)
    if isinstance(exc, LairsDoNotFit) and exc.count == 1:
        return t("chasers.no_room_one", rows=exc.rows, cols=exc.cols)
    if isinstance(exc, LairsDoNotFit):
        return t("chasers.no_room", count=exc.count, rows=exc.rows, cols=exc.cols)
    return t("loading.failed_plain", reason=exc)
