"""The one theme: every colour, the font and the animation timings of the play layer.

Painters and widgets read ``current()`` when they draw, never module constants, and
every cache of drawn pixels is keyed by the theme it was drawn with, so ``use(other)``
redraws everything from the next frame on.  A palette variant (colour-blind, high
contrast) is ``dataclasses.replace(DEFAULT, ui=DEFAULT.ui._replace(...))``: the parts are
named tuples (cheap to define at start-up), the Theme a dataclass compared by identity.
Nothing here imports pygame.

Game rules that a replay must reproduce (walking speed, hint speeds) are not here: they
live in the pure run model (:mod:`game.run`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, Optional

Color = tuple[int, int, int]
RGBA = tuple[int, int, int, int]


class UiPalette(NamedTuple):
    """Menus, panels, text and the HUD."""

    bg: Color = (13, 16, 28)
    bg_deep: Color = (8, 10, 18)
    panel: Color = (22, 27, 44)
    panel_edge: Color = (52, 62, 96)
    text: Color = (214, 221, 240)
    text_dim: Color = (128, 138, 168)
    text_off: Color = (78, 86, 112)
    accent: Color = (242, 193, 78)
    accent_dark: Color = (26, 22, 10)
    teal: Color = (84, 214, 196)
    danger: Color = (236, 104, 96)
    notice_bg: Color = (74, 52, 18)
    #: Level cells and result buttons: open, locked, and a locked cell's edge.
    tile_open: Color = (40, 48, 76)
    tile_locked: Color = (24, 28, 42)
    tile_locked_edge: Color = (38, 44, 64)
    #: The menus' maze backdrop: its walls and the lights running through it.
    backdrop_wall: Color = (25, 31, 52)
    backdrop_glow: Color = (242, 193, 78)
    #: Opacity of the panel-coloured bands text sits on over the backdrop (the footer).
    band_alpha: int = 225


class ClassicPalette(NamedTuple):
    """The classic look: indigo stone walls on warm paper-white paving."""

    wall: Color = (52, 63, 110)
    floor: Color = (234, 227, 211)
    floor_alt: Color = (229, 222, 205)
    #: The breadcrumb trail: a blush apart from the hint's blues.
    trail: Color = (244, 216, 203)
    entrance: Color = (84, 214, 196)
    #: The exit: gold, the hint path's colour.
    exit: Color = (242, 193, 78)
    #: Outside the maze.
    void: Color = (13, 16, 28)
    # Close up: raised walls lit from the top left, paving slabs, soft shadows.
    wall_rim: Color = (118, 136, 198)
    wall_rim_side: Color = (78, 93, 148)
    wall_side: Color = (40, 48, 86)
    wall_face_top: Color = (32, 38, 70)
    wall_face_low: Color = (20, 24, 44)
    floor_light: Color = (242, 237, 225)
    floor_grout: Color = (222, 213, 194)
    crumb: Color = (224, 150, 132)
    shadow: Color = (24, 20, 40)
    entrance_shade: Color = (20, 60, 70)
    entrance_chevron: Color = (240, 255, 252)
    exit_shade: Color = (120, 70, 20)
    exit_rim: Color = (255, 236, 170)
    exit_well_top: Color = (255, 226, 130)
    exit_well_deep: Color = (92, 52, 96)
    exit_star: Color = (255, 250, 232)


class RpgPalette(NamedTuple):
    """The room maps' flat colours (far away) and drawn stand-in tiles."""

    wall_top: Color = (58, 50, 62)
    wall_face: Color = (104, 86, 78)
    floor: Color = (150, 122, 88)
    floor_alt: Color = (140, 113, 81)
    door: Color = (176, 116, 52)
    entrance: Color = (84, 214, 196)
    exit: Color = (242, 193, 78)
    door_frame: Color = (92, 58, 26)
    door_knob: Color = (240, 210, 120)
    stairs: Color = (40, 32, 40)
    missing: Color = (255, 0, 255)


class HintPalette(NamedTuple):
    """The hint overlay: explored tiles, the search head, the path."""

    visited: RGBA = (84, 170, 230, 110)
    frontier: RGBA = (150, 240, 255, 235)
    backtrack_fresh: RGBA = (236, 104, 96, 150)
    backtrack_old: RGBA = (120, 110, 140, 60)
    path: RGBA = (242, 193, 78, 200)
    line: Color = (226, 112, 40)
    head: Color = (255, 255, 255)
    pointer_bg: Color = (20, 24, 40)


class ActorPalette(NamedTuple):
    """The player (orb, marker ring, stand-in sprite) and the exit's ring."""

    player: Color = (236, 92, 112)
    player_light: Color = (255, 168, 170)
    player_dark: Color = (168, 46, 78)
    eye: Color = (34, 30, 56)
    marker_edge: Color = (255, 255, 255)
    exit_ring: Color = (242, 193, 78)
    sprite_body: Color = (70, 110, 200)
    sprite_skin: Color = (246, 214, 178)
    sprite_eye: Color = (30, 30, 40)


class Fonts(NamedTuple):
    """The font (None: pygame's default) and the smallest readable size."""

    file: Optional[str] = None
    min_size: int = 14
    #: The font of the characters ``file`` lacks (Chinese), under assets/, and its
    #: smallest size in pixels: Chinese is unreadable where Latin text still reads.
    cjk_file: str = "fonts/NotoSansSC-Migong.otf"
    cjk_min_px: int = 12


class Motion(NamedTuple):
    """Animation timings of the view (seconds, or per second)."""

    #: How fast the camera catches up with the player, per second (exponential).
    camera_follow_rate: float = 10.0
    #: A message shown over the game, and one from a global key (M).
    toast_seconds: float = 1.6
    key_toast_seconds: float = 1.4
    toast_fade: float = 0.4
    #: A held arrow key in a menu first repeats after this long, then at this interval.
    menu_repeat_delay: float = 0.35
    menu_repeat_interval: float = 1 / 12
    #: The menus' backdrop lights: speed in tiles per second, glowing tail in tiles.
    backdrop_speed: float = 14.0
    backdrop_trail: int = 26
    #: Pulses per second of the player's marker ring and the exit's ring.
    marker_pulse: float = 1.5
    exit_pulse: float = 1.2
    #: The loading spinner: tiles lit per second round its ring of twelve.
    spinner_rate: float = 12.0
    #: The result screen's stars: each one's delay after the last, and how fast it grows.
    star_delay: float = 0.25
    star_grow: float = 4.0
    #: How long "Locked: ..." stays on the level select screen.
    locked_message_seconds: float = 2.5


@dataclass(frozen=True, eq=False)
class Theme:
    """Everything the play layer's look is made of."""

    name: str
    ui: UiPalette = UiPalette()
    classic: ClassicPalette = ClassicPalette()
    rpg: RpgPalette = RpgPalette()
    hint: HintPalette = HintPalette()
    actors: ActorPalette = ActorPalette()
    fonts: Fonts = Fonts()
    motion: Motion = Motion()


DEFAULT = Theme("default")

_current = [DEFAULT]


def current() -> Theme:
    """Return the theme everything draws with now."""
    return _current[0]


def use(theme: Theme) -> None:
    """Draw with ``theme`` from now on (caches keyed by theme redraw on their next use)."""
    _current[0] = theme
