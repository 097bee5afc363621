"""Every palette keeps the things a player must tell apart apart, for normal colour vision
and for the three dichromacies, simulated.

Simulation: Machado, Oliveira & Fernandes (2009), "A physiologically-based model for
simulation of color vision deficiency", their matrices for protanopia, deuteranopia and
tritanopia at severity 1.0, applied to linear RGB (sRGB decoded, multiplied, clipped).
Difference: CIEDE2000 (Sharma, Wu & Dalal 2005) between the CIELAB (D65) colours.

Threshold: ΔE00 >= 10.  The just-noticeable difference of two large patches side by
side is about 1 to 2.3; the things here are small (a tile, a key, an orb of 8 to 30 px)
and must be told apart at a glance, not side by side, and the difference needed grows
several-fold as marks shrink (Stone, Szafir & Setlur 2014, "An engineering model for
color difference as a function of size").  Ten, about four times the large-patch JND,
is the usual "clearly different" bar for colours that carry categories.

What is compared is what the screen shows: the hint's path and explored tints are
blended over the floor (in sRGB, as pygame blends), the rest are the solid colours.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from game.play import theme
from game.play.theme import KEY_COLOURS, PALETTES, Theme, key_colour

THRESHOLD = 10.0

#: Machado et al. 2009, severity 1.0, for linear RGB.
CVD = {
    "protanopia": np.array([[0.152286, 1.052583, -0.204868],
                            [0.114503, 0.786281, 0.099216],
                            [-0.003882, -0.048116, 1.051998]]),
    "deuteranopia": np.array([[0.367322, 0.860646, -0.227968],
                              [0.280085, 0.672501, 0.047413],
                              [-0.011820, 0.042940, 0.968881]]),
    "tritanopia": np.array([[1.255528, -0.076749, -0.178779],
                            [-0.078411, 0.930809, 0.147602],
                            [0.004733, 0.691367, 0.303900]]),
}
VISIONS = {"normal": np.eye(3), **CVD}

#: Pairs the default palette is exempt from, and why.  Its exit, its hint path and its
#: yellow key are all of the gold family: the path is gold *because* it leads into the
#: exit.  They are told apart by shape -- the exit is a portal with a star and a ring, the
#: path a line through the tiles, the yellow key a diamond -- and a player who needs them
#: apart by colour too chooses the colour-blind palette (black exit, orange path,
#: lemon-yellow key), which, like the high-contrast one, is exempt from nothing.
EXEMPT: dict[str, set[frozenset[str]]] = {
    "default": {frozenset(("path", "exit")), frozenset(("path", "key yellow")),
                frozenset(("exit", "key yellow"))},
}


# -- colour science, a few lines of numpy ----------------------------------------------
def linear(rgb: np.ndarray) -> np.ndarray:
    """Return sRGB (0..255) decoded to linear light (0..1)."""
    c = np.asarray(rgb, dtype=float) / 255
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def lab(lin: np.ndarray) -> np.ndarray:
    """Return CIELAB (D65) of linear sRGB."""
    xyz = np.array([[0.4124564, 0.3575761, 0.1804375],
                    [0.2126729, 0.7151522, 0.0721750],
                    [0.0193339, 0.1191920, 0.9503041]]) @ lin
    t = xyz / np.array([0.95047, 1.0, 1.08883])
    f = np.where(t > (6 / 29) ** 3, np.cbrt(t), t / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def seen(rgb: tuple[int, ...], vision: str) -> np.ndarray:
    """Return the CIELAB colour ``rgb`` looks like to ``vision``."""
    return lab(np.clip(VISIONS[vision] @ linear(rgb), 0.0, 1.0))


def ciede2000(lab1: np.ndarray, lab2: np.ndarray) -> float:
    """Return the CIEDE2000 colour difference of two CIELAB colours."""
    (l1, a1, b1), (l2, a2, b2) = lab1, lab2
    c_mean = (np.hypot(a1, b1) + np.hypot(a2, b2)) / 2
    g = 0.5 * (1 - np.sqrt(c_mean**7 / (c_mean**7 + 25.0**7)))
    a1, a2 = a1 * (1 + g), a2 * (1 + g)
    c1, c2 = np.hypot(a1, b1), np.hypot(a2, b2)
    h1, h2 = np.degrees(np.arctan2(b1, a1)) % 360, np.degrees(np.arctan2(b2, a2)) % 360
    dh = 0.0 if c1 * c2 == 0 else (h2 - h1 + 180) % 360 - 180
    d_l, d_c = l2 - l1, c2 - c1
    d_h = 2 * np.sqrt(c1 * c2) * np.sin(np.radians(dh / 2))
    l_mean, c_mean = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        h_mean = h1 + h2
    elif abs(h1 - h2) <= 180:
        h_mean = (h1 + h2) / 2
    else:
        h_mean = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (1 - 0.17 * np.cos(np.radians(h_mean - 30)) + 0.24 * np.cos(np.radians(2 * h_mean))
         + 0.32 * np.cos(np.radians(3 * h_mean + 6)) - 0.20 * np.cos(np.radians(4 * h_mean - 63)))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / np.sqrt(20 + (l_mean - 50) ** 2)
    s_c, s_h = 1 + 0.045 * c_mean, 1 + 0.015 * c_mean * t
    r_t = (-2 * np.sqrt(c_mean**7 / (c_mean**7 + 25.0**7))
           * np.sin(np.radians(60 * np.exp(-(((h_mean - 275) / 25) ** 2)))))
    return float(np.sqrt((d_l / s_l) ** 2 + (d_c / s_c) ** 2 + (d_h / s_h) ** 2
                         + r_t * (d_c / s_c) * (d_h / s_h)))


def over(rgba: tuple[int, int, int, int], below: tuple[int, int, int]) -> tuple[int, ...]:
    """Return ``rgba`` blended over the opaque ``below``, as pygame blends it."""
    a = rgba[3] / 255
    return tuple(round(rgba[i] * a + below[i] * (1 - a)) for i in range(3))


def shown(th: Theme) -> dict[str, tuple[int, ...]]:
    """Return the colour on screen of each thing a player tells apart (classic look)."""
    floor = th.classic.floor
    return {
        "floor": floor, "wall": th.classic.wall, "player": th.actors.player,
        "path": over(th.hint.path, floor), "explored": over(th.hint.visited, floor),
        "exit": th.classic.exit, "entrance": th.classic.entrance,
        **{f"key {name}": key_colour(th.keys, name) for name in KEY_COLOURS},
    }


def differences(th: Theme) -> list[tuple[float, str, str, str]]:
    """Return (ΔE00, thing, thing, vision) for every pair of things under every vision."""
    colours = shown(th)
    return [(ciede2000(seen(colours[a], v), seen(colours[b], v)), a, b, v)
            for a, b in itertools.combinations(colours, 2) for v in VISIONS]


# -- the measures themselves are right ---------------------------------------------------
@pytest.mark.parametrize(("lab1", "lab2", "expected"), [
    # from Sharma, Wu & Dalal's test data for CIEDE2000
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, -1.3802, -84.2814), (50.0, 0.0, -82.7485), 1.0000),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619), 2.0373),
])
def test_ciede2000_matches_the_published_test_data(lab1: tuple[float, ...], lab2: tuple[float, ...],
                                                    expected: float) -> None:
    assert ciede2000(np.array(lab1), np.array(lab2)) == pytest.approx(expected, abs=1e-4)


def test_the_simulations_keep_greys_and_lose_the_axis_each_one_lacks() -> None:
    for vision in VISIONS:
        for grey in ((0, 0, 0), (128, 128, 128), (255, 255, 255)):
            assert ciede2000(seen(grey, vision), seen(grey, "normal")) < 1.5
    red, green = (200, 60, 40), (90, 140, 40)  # a red and a green of about one lightness
    blue, green_ = (100, 160, 220), (90, 170, 120)  # a blue and a green, tritanopes' pair
    for vision in ("protanopia", "deuteranopia"):
        assert ciede2000(seen(red, vision), seen(green, vision)) < \
            0.3 * ciede2000(seen(red, "normal"), seen(green, "normal"))
    assert ciede2000(seen(blue, "tritanopia"), seen(green_, "tritanopia")) < \
        0.3 * ciede2000(seen(blue, "normal"), seen(green_, "normal"))


# -- the palettes -------------------------------------------------------------------------
def test_the_palettes_on_offer() -> None:
    assert list(PALETTES) == ["default", "colour_blind", "high_contrast"]
    assert set(EXEMPT) <= set(PALETTES)
    assert "colour_blind" not in EXEMPT and "high_contrast" not in EXEMPT


@pytest.mark.parametrize("vision", list(VISIONS))
@pytest.mark.parametrize("name", list(PALETTES))
def test_every_pair_that_matters_stays_apart(name: str, vision: str) -> None:
    exempt = EXEMPT.get(name, set())
    close = [f"{a} / {b}: ΔE00 {d:.1f}" for d, a, b, v in differences(PALETTES[name])
             if v == vision and d < THRESHOLD and frozenset((a, b)) not in exempt]
    assert not close, f"{name} palette under {vision}: " + "; ".join(close)


def test_the_default_palette_is_exempt_only_from_pairs_that_really_are_close() -> None:
    for name, pairs in EXEMPT.items():
        worst = {frozenset((a, b)): d for d, a, b, _ in differences(PALETTES[name])
                 if frozenset((a, b)) in pairs and d < THRESHOLD}
        assert set(worst) == pairs


def test_the_palettes_differ_only_in_colour() -> None:
    for th in PALETTES.values():
        assert th.fonts == theme.DEFAULT.fonts and th.motion == theme.DEFAULT.motion
