"""The one theme: every colour, the font and the animation timings of the play layer.

Painters and widgets read ``current()`` when they draw, never module constants, and
every cache of drawn pixels is keyed by the theme it was drawn with, so ``use(other)``
redraws everything from the next frame on.  A palette variant is
``dataclasses.replace(DEFAULT, ui=DEFAULT.ui._replace(...))``: the parts are named tuples
(cheap to define at start-up), the Theme a dataclass compared by identity.  Three
palettes ship (``PALETTES``): the default, a colour-blind-safe one on the Okabe-Ito hues
and a high-contrast one; ``build`` gives the theme of a palette at a text size, with or
without reduced motion (one object per combination, so caches keep working).  Keys and
doors differ by shape as well as colour (``KEY_SHAPES``).  Nothing here imports pygame.

Game rules that a replay must reproduce (walking speed, hint speeds) are not here: they
live in the pure run model (:mod:`game.run`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import NamedTuple, Optional

from game.palettes import TEXT_SIZES as TEXT_SIZES  # the play layer's settings read it here

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
    #: The entrance pad: teal, a shade darker than the menus' teal so protanopes and
    #: deuteranopes still tell it from the paving and the hint's explored tint.
    entrance: Color = (72, 184, 169)
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
    #: Mud (the weighted tile): wet brown, and the darker brown of its ripples.
    mud: Color = (139, 104, 66)
    mud_dark: Color = (96, 68, 40)


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
    #: The rooms' decor (game.maze.decor): rugs, wooden furniture, books, torches.
    rug: Color = (122, 38, 46)
    rug_trim: Color = (214, 168, 82)
    wood: Color = (128, 84, 46)
    wood_dark: Color = (70, 44, 24)
    metal: Color = (64, 64, 74)
    books: tuple[Color, Color, Color] = ((156, 52, 52), (58, 92, 156), (70, 134, 72))
    flame: Color = (255, 148, 38)
    flame_core: Color = (255, 238, 150)
    #: Mud on the room maps' paving: darker and wetter than the floor.
    mud: Color = (92, 68, 44)
    mud_dark: Color = (62, 44, 28)


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


class FogPalette(NamedTuple):
    """The fog of war (laid over the maze) and the explored map."""

    #: Tiles never seen, and tiles seen before but out of sight now (dimmed, still legible).
    unseen: RGBA = (8, 10, 18, 255)
    remembered: RGBA = (8, 10, 18, 150)
    #: The explored map (full window and corner): behind it, its frame, the player's dot.
    map_bg: RGBA = (8, 10, 18, 236)
    map_edge: Color = (52, 62, 96)
    #: The arrow at the edge of the view pointing at an off-screen exit.
    arrow: Color = (242, 193, 78)
    arrow_bg: Color = (20, 24, 40)


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


class KeyPalette(NamedTuple):
    """The colours of the four keys and their doors (each also has a shape: KEY_SHAPES)."""

    red: Color = (225, 15, 43)
    green: Color = (18, 139, 77)
    blue: Color = (15, 40, 227)
    yellow: Color = (200, 170, 20)
    #: The outline round every key and door symbol, so it reads on floor and wall alike.
    edge: Color = (24, 20, 40)


#: The key (and door) colours, by the names the game gives them.
KEY_COLOURS = ("red", "green", "blue", "yellow")
#: Each key colour's symbol, drawn on the key and its door (widgets.shapes.draw_symbol):
#: no information is carried by colour alone.
KEY_SHAPES = {"red": "circle", "green": "triangle", "blue": "square", "yellow": "diamond"}


def key_colour(keys: KeyPalette, name: str) -> Color:
    """Return the colour of the key called ``name`` ("red", "green", "blue" or "yellow")."""
    return {"red": keys.red, "green": keys.green, "blue": keys.blue, "yellow": keys.yellow}[name]


class Fonts(NamedTuple):
    """The font (None: pygame's default), the smallest readable size and the text scale."""

    file: Optional[str] = None
    min_size: int = 14
    #: Every font size is multiplied by this (the Text size setting: 1.0, 1.25 or 1.5).
    scale: float = 1.0
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
    #: The burst on the exit tile before the result screen (any key skips it).
    celebration_seconds: float = 0.8
    #: Reduced motion (a setting): nothing moves unless the player moves it -- the menus'
    #: backdrop is a still picture, the camera snaps instead of easing, the rings of the
    #: player and the exit do not pulse, stars and celebrations (particles, confetti)
    #: appear at once or not at all, and the hint shows its finished search at once.
    #: Anything that animates on its own reads this flag.
    reduced: bool = False


@dataclass(frozen=True, eq=False)
class Theme:
    """Everything the play layer's look is made of (``label``: the palette's catalogue key)."""

    name: str
    label: str = "palette.default"
    ui: UiPalette = UiPalette()
    classic: ClassicPalette = ClassicPalette()
    rpg: RpgPalette = RpgPalette()
    hint: HintPalette = HintPalette()
    fog: FogPalette = FogPalette()
    actors: ActorPalette = ActorPalette()
    keys: KeyPalette = KeyPalette()
    fonts: Fonts = Fonts()
    motion: Motion = Motion()


DEFAULT = Theme("default")

#: Okabe & Ito's colour-blind-safe hues: the keys keep their names' hues (vermillion,
#: bluish green, blue, yellow), the player is reddish purple, the hint explores in sky blue
#: and its path is orange; the exit is a black portal, the entrance a grey pad.
_OKABE_ITO_EXIT = (30, 30, 30)
_OKABE_ITO_ENTRANCE = (100, 104, 110)
COLOUR_BLIND = Theme(
    "colour_blind", "palette.colour_blind",
    ui=DEFAULT.ui._replace(danger=(213, 94, 0)),
    classic=DEFAULT.classic._replace(
        wall=(59, 68, 102), floor=(240, 236, 226), floor_alt=(235, 231, 220),
        trail=(232, 226, 214), entrance=_OKABE_ITO_ENTRANCE, exit=_OKABE_ITO_EXIT,
        wall_rim=(126, 138, 180), wall_rim_side=(88, 98, 136), wall_side=(46, 54, 84),
        wall_face_top=(38, 44, 70), wall_face_low=(22, 26, 44), floor_light=(248, 246, 240),
        floor_grout=(224, 219, 206), crumb=(140, 136, 128), entrance_shade=(40, 42, 46),
        entrance_chevron=(255, 255, 255), exit_shade=(0, 0, 0), exit_rim=(255, 255, 255),
        exit_well_top=(90, 90, 90), exit_well_deep=(0, 0, 0), exit_star=(255, 255, 255),
        mud=(120, 104, 84), mud_dark=(74, 62, 48)),
    rpg=DEFAULT.rpg._replace(entrance=_OKABE_ITO_ENTRANCE, exit=_OKABE_ITO_EXIT),
    hint=DEFAULT.hint._replace(visited=(86, 180, 233, 120), frontier=(0, 114, 178, 235),
                               backtrack_fresh=(213, 94, 0, 150), path=(230, 159, 0, 255),
                               line=(0, 0, 0)),
    fog=DEFAULT.fog._replace(arrow=(230, 159, 0)),
    actors=DEFAULT.actors._replace(player=(204, 121, 167), player_light=(240, 196, 220),
                                   player_dark=(140, 70, 110), exit_ring=_OKABE_ITO_EXIT),
    keys=KeyPalette(red=(213, 94, 0), green=(0, 158, 115), blue=(0, 114, 178),
                    yellow=(240, 228, 66)),
)

#: Black walls on white paving, white text on black menus, saturated markers.
_CONTRAST_EXIT = (37, 18, 95)
_CONTRAST_ENTRANCE = (75, 190, 164)
#: The exit's ring: a bright violet that stands out on the black walls and the white floor.
_CONTRAST_EXIT_RING = (120, 90, 255)
HIGH_CONTRAST = Theme(
    "high_contrast", "palette.high_contrast",
    ui=UiPalette(bg=(0, 0, 0), bg_deep=(0, 0, 0), panel=(0, 0, 0), panel_edge=(255, 255, 255),
                 text=(255, 255, 255), text_dim=(235, 235, 235), text_off=(160, 160, 160),
                 accent=(255, 221, 0), accent_dark=(0, 0, 0), teal=(0, 230, 255),
                 danger=(255, 120, 100), notice_bg=(60, 45, 0), tile_open=(36, 36, 36),
                 tile_locked=(0, 0, 0), tile_locked_edge=(140, 140, 140),
                 backdrop_wall=(40, 40, 40), backdrop_glow=(255, 221, 0), band_alpha=255),
    classic=DEFAULT.classic._replace(
        wall=(0, 0, 0), floor=(255, 255, 255), floor_alt=(246, 246, 246), trail=(255, 238, 214),
        entrance=_CONTRAST_ENTRANCE, exit=_CONTRAST_EXIT, void=(24, 24, 24),
        wall_rim=(96, 96, 96), wall_rim_side=(56, 56, 56), wall_side=(24, 24, 24),
        wall_face_top=(40, 40, 40), wall_face_low=(0, 0, 0), floor_light=(255, 255, 255),
        floor_grout=(214, 214, 214), crumb=(200, 110, 0), shadow=(0, 0, 0),
        entrance_shade=(0, 60, 50), entrance_chevron=(0, 0, 0), exit_shade=(0, 0, 0),
        exit_rim=(255, 255, 255), exit_well_top=(120, 90, 200), exit_well_deep=(10, 0, 30),
        exit_star=(255, 255, 255), mud=(110, 76, 36), mud_dark=(50, 32, 12)),
    rpg=DEFAULT.rpg._replace(entrance=_CONTRAST_ENTRANCE, exit=_CONTRAST_EXIT),
    hint=HintPalette(visited=(54, 109, 180, 90), frontier=(0, 200, 255, 255),
                     backtrack_fresh=(255, 60, 40, 170), backtrack_old=(90, 90, 90, 70),
                     path=(222, 143, 41, 230), line=(0, 0, 0), head=(0, 0, 0),
                     pointer_bg=(0, 0, 0)),
    fog=FogPalette(unseen=(0, 0, 0, 255), remembered=(0, 0, 0, 140), map_bg=(0, 0, 0, 245),
                   map_edge=(255, 255, 255), arrow=(255, 221, 0), arrow_bg=(0, 0, 0)),
    actors=DEFAULT.actors._replace(player=(228, 26, 242), player_light=(250, 160, 255),
                                   player_dark=(130, 0, 140), marker_edge=(0, 0, 0),
                                   exit_ring=_CONTRAST_EXIT_RING),
    keys=KeyPalette(red=(200, 16, 16), green=(35, 135, 75), blue=(8, 22, 208),
                    yellow=(255, 228, 41), edge=(0, 0, 0)),
)

#: The palettes on offer, by the name the save keeps (game.palettes lists the names).
PALETTES: dict[str, Theme] = {th.name: th for th in (DEFAULT, COLOUR_BLIND, HIGH_CONTRAST)}

_built: dict[tuple[str, int, bool], Theme] = {}


def luminance(colour: tuple[int, ...]) -> float:
    """Return the relative luminance of an sRGB colour (WCAG 2: 0 black to 1 white)."""

    def linear(v: int) -> float:
        """Return one channel made linear."""
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = colour[:3]
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """Return the WCAG contrast ratio of two colours (1 the same to 21 black on white)."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def outline(colour: tuple[int, ...]) -> Color:
    """Return black or white, whichever stands out more against ``colour`` (its edge)."""
    return (0, 0, 0) if contrast(colour, (0, 0, 0)) >= contrast(colour, (255, 255, 255)) \
        else (255, 255, 255)


def build(palette: str, *, text_size: int = 100, reduced_motion: bool = False) -> Theme:
    """Return the theme of ``palette`` at ``text_size`` per cent, with or without reduced motion.

    The same arguments always give the same object (caches are keyed by identity); an
    unknown palette is the default.
    """
    base = PALETTES.get(palette, DEFAULT)
    if text_size == 100 and not reduced_motion:
        return base
    key = (base.name, text_size, reduced_motion)
    built = _built.get(key)
    if built is None:
        built = _built[key] = replace(base, fonts=base.fonts._replace(scale=text_size / 100),
                                      motion=base.motion._replace(reduced=reduced_motion))
    return built


_current = [DEFAULT]


def current() -> Theme:
    """Return the theme everything draws with now."""
    return _current[0]


def use(theme: Theme) -> None:
    """Draw with ``theme`` from now on (caches keyed by theme redraw on their next use)."""
    _current[0] = theme
