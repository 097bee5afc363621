"""Generate every image and sound of Migong into this directory (deterministic).

Run ``python assets/make_assets.py`` from anywhere; it rewrites

* ``tiles/{floor,floor_alt,wall_top,wall_face,door,door_side,stairs,entrance}.png`` (32x32)
* ``sprites/player_{up,right,down,left}.png`` (32x32, alpha)
* ``icon.png`` (64x64)
* ``firstperson/{rpg,classic}_{wall,floor,ceiling}.png`` (64x64): the first-person view's
  walls, floors and ceilings; the classic ones are grey, tinted with the palette's colours
  when the game loads them
* ``sounds/{step,bump,hint,complete,click,locked,key,heartbeat,caught}.wav`` (16-bit mono 22050 Hz)

and renders a contact sheet (everything scaled up, plus a sample room) to
``/tmp/contact_sheet.png`` (or the path given as the first argument) for a look.
Every random choice comes from a seeded ``numpy`` generator, so the output is the same
on every run.  Light comes from the top left.
"""

from __future__ import annotations

import os
import sys
import wave
from pathlib import Path
from typing import Callable

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import numpy as np  # noqa: E402
import pygame  # noqa: E402

HERE = Path(__file__).resolve().parent
T = 32  # tile size in pixels
RATE = 22050

Image = np.ndarray  # float32 (h, w, 4), RGBA in 0..1
Color = tuple[int, int, int]

# --- palette ------------------------------------------------------------------------
# Warm flagstone floors, cool violet-grey walls, oak doors, a gold exit, a teal entrance.
FLOOR = (132, 116, 98)
FLOOR_DARK = (98, 84, 72)
MORTAR = (74, 62, 56)
MOSS = (96, 118, 70)
WALL_TOP = (56, 52, 74)
WALL_TOP_RIM = (92, 88, 118)
WALL_TOP_DARK = (40, 37, 54)
BRICK = (118, 110, 138)
BRICK_DARK = (88, 80, 108)
BRICK_MORTAR = (58, 53, 74)
WOOD = (150, 96, 54)
WOOD_DARK = (104, 62, 36)
WOOD_LIGHT = (186, 128, 74)
IRON = (66, 64, 76)
IRON_LIGHT = (128, 126, 140)
GOLD = (248, 206, 96)
GOLD_DEEP = (214, 146, 48)
TEAL = (96, 226, 214)
OUTLINE = (36, 28, 42)


def rgb(c: Color) -> np.ndarray:
    """Return a colour as floats in 0..1."""
    return np.array(c, dtype=np.float32) / 255.0


def blank(h: int = T, w: int = T) -> Image:
    """Return a transparent image."""
    return np.zeros((h, w, 4), dtype=np.float32)


def solid(c: Color, h: int = T, w: int = T) -> Image:
    """Return an opaque image of one colour."""
    img = blank(h, w)
    img[..., :3] = rgb(c)
    img[..., 3] = 1.0
    return img


def fill(img: Image, mask: np.ndarray, c: Color, alpha: float = 1.0) -> None:
    """Paint ``c`` over ``img`` where ``mask`` is true (or weighted by a float mask)."""
    m = mask.astype(np.float32)[..., None] * alpha
    img[..., :3] = img[..., :3] * (1 - m) + rgb(c) * m
    img[..., 3:] = np.maximum(img[..., 3:], m)


def shade(img: Image, mask: np.ndarray, factor: float | np.ndarray) -> None:
    """Multiply the colour by ``factor`` (>1 lightens) where ``mask`` is true."""
    f = np.where(mask, factor, 1.0).astype(np.float32)
    img[..., :3] = np.clip(img[..., :3] * f[..., None], 0, 1)


def noise(img: Image, rng: np.random.Generator, amount: float, mask: np.ndarray | None = None) -> None:
    """Add seeded brightness grain (per pixel) of relative strength ``amount``."""
    n = 1.0 + rng.normal(0.0, amount, img.shape[:2]).astype(np.float32)
    if mask is None:
        mask = np.ones(img.shape[:2], bool)
    shade(img, mask, n)


def blotches(rng: np.random.Generator, h: int = T, w: int = T, scale: int = 8) -> np.ndarray:
    """Return smooth low-frequency noise in about -1..1 (bilinear upsampled)."""
    gh, gw = h // scale + 2, w // scale + 2
    grid = rng.uniform(-1, 1, (gh, gw)).astype(np.float32)
    ys = np.arange(h) / scale
    xs = np.arange(w) / scale
    y0, x0 = ys.astype(int), xs.astype(int)
    fy, fx = (ys - y0)[:, None], (xs - x0)[None, :]
    a = grid[y0][:, x0]
    b = grid[y0][:, x0 + 1]
    c = grid[y0 + 1][:, x0]
    d = grid[y0 + 1][:, x0 + 1]
    return a * (1 - fy) * (1 - fx) + b * (1 - fy) * fx + c * fy * (1 - fx) + d * fy * fx


def yx(h: int = T, w: int = T) -> tuple[np.ndarray, np.ndarray]:
    """Return pixel-centre coordinate grids (y, x)."""
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    return y + 0.5, x + 0.5


def rect(x0: float, y0: float, x1: float, y1: float, h: int = T, w: int = T) -> np.ndarray:
    """Return the mask of pixels with x0 <= x < x1 and y0 <= y < y1."""
    y, x = np.mgrid[0:h, 0:w]
    return (x >= x0) & (x < x1) & (y >= y0) & (y < y1)


def ellipse(cx: float, cy: float, rx: float, ry: float, h: int = T, w: int = T) -> np.ndarray:
    """Return the mask of an ellipse (pixel centres inside)."""
    y, x = yx(h, w)
    return ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1.0


def edges(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Return (top-left rim, bottom-right rim) of a mask, for bevel lighting."""
    up = np.zeros_like(mask)
    up[1:] = mask[:-1]
    left = np.zeros_like(mask)
    left[:, 1:] = mask[:, :-1]
    down = np.zeros_like(mask)
    down[:-1] = mask[1:]
    right = np.zeros_like(mask)
    right[:, :-1] = mask[:, 1:]
    return mask & (~up | ~left), mask & (~down | ~right)


def bevel(img: Image, mask: np.ndarray, light: float = 1.18, dark: float = 0.78) -> None:
    """Light the top-left rim and darken the bottom-right rim of a shape."""
    hi, lo = edges(mask)
    shade(img, hi & ~lo, light)
    shade(img, lo & ~hi, dark)


def outline(mask: np.ndarray) -> np.ndarray:
    """Return the pixels just outside ``mask`` (4-neighbourhood)."""
    grown = mask.copy()
    grown[1:] |= mask[:-1]
    grown[:-1] |= mask[1:]
    grown[:, 1:] |= mask[:, :-1]
    grown[:, :-1] |= mask[:, 1:]
    return grown & ~mask


# --- tiles ----------------------------------------------------------------------------


def flagstones(rng: np.random.Generator, slabs: list[tuple[int, int, int, int]]) -> Image:
    """Return a floor of bevelled stone slabs (x0, y0, x1, y1) separated by mortar."""
    img = solid(MORTAR)
    noise(img, rng, 0.06)
    for x0, y0, x1, y1 in slabs:
        m = rect(x0 + 1, y0 + 1, x1, y1)
        tone = rng.uniform(0.9, 1.08)
        c = tuple(int(v * tone) for v in FLOOR)
        fill(img, m, c)  # type: ignore[arg-type]
        shade(img, m, 1.0 + 0.07 * blotches(rng, scale=6))
        bevel(img, m, 1.16, 0.8)
    noise(img, rng, 0.045)
    return img


FLOOR_SLABS = [(0, 0, 16, 12), (16, 0, 32, 16), (0, 12, 16, 32), (16, 16, 32, 32)]


def make_floor(rng: np.random.Generator) -> Image:
    """Return the plain floor: four flagstones, gently worn."""
    img = flagstones(rng, FLOOR_SLABS)
    pits = rng.random((T, T)) < 0.02
    shade(img, pits, 0.82)
    return img


def make_floor_alt(rng: np.random.Generator) -> Image:
    """Return a floor variant: a big cracked slab, pebbles and a tuft of moss."""
    img = flagstones(rng, [(0, 0, 20, 20), (20, 0, 32, 10), (20, 10, 32, 32), (0, 20, 20, 32)])
    crack = [(4, 6), (5, 7), (6, 7), (7, 8), (8, 9), (8, 10), (9, 11), (10, 11), (11, 12), (11, 13)]
    for x, y in crack:
        shade(img, rect(x, y, x + 1, y + 1), 0.62)
        shade(img, rect(x + 1, y, x + 2, y + 1), 1.1)
    moss = ellipse(26, 27, 4.5, 3.0) & (rng.random((T, T)) < 0.55)
    fill(img, moss, MOSS, 0.85)
    shade(img, moss & (rng.random((T, T)) < 0.4), 1.25)
    for px, py in ((13, 26), (15, 27), (27, 4)):
        fill(img, rect(px, py, px + 2, py + 1), (150, 140, 124))
        shade(img, rect(px, py + 1, px + 2, py + 2), 0.7)
    return img


def make_wall_top(rng: np.random.Generator) -> Image:
    """Return the top of a wall seen from above: dark slate with a lit rim."""
    img = solid(WALL_TOP)
    shade(img, np.ones((T, T), bool), 1.0 + 0.1 * blotches(rng, scale=8))
    noise(img, rng, 0.05)
    # faint block seams so large wall masses are not flat
    seams = rect(0, 15, T, 16) | rect(15, 0, 16, 15) | rect(7, 16, 8, T) | rect(23, 16, 24, T)
    shade(img, seams, 0.82)
    return img


def make_wall_face(rng: np.random.Generator) -> Image:
    """Return a wall with a visible front face: a capstone lip over rows of bricks."""
    img = solid(BRICK_MORTAR)
    noise(img, rng, 0.05)
    lip = 6
    top = rect(0, 0, T, lip)
    fill(img, top, WALL_TOP_RIM)
    shade(img, top, 1.0 + 0.06 * blotches(rng, scale=6))
    shade(img, rect(0, 0, T, 1), 1.15)
    shade(img, rect(0, lip - 1, T, lip), 0.72)
    rows = [(lip + 1, lip + 8), (lip + 9, lip + 16), (lip + 17, lip + 24)]
    for i, (y0, y1) in enumerate(rows):
        offset = 0 if i % 2 == 0 else 8
        x = -offset
        while x < T:
            w = 16
            m = rect(max(x + 1, 0), y0, min(x + w, T), y1)
            tone = rng.uniform(0.88, 1.1)
            fill(img, m, tuple(int(v * tone) for v in BRICK))  # type: ignore[arg-type]
            bevel(img, m, 1.15, 0.8)
            x += w
    noise(img, rng, 0.05, rect(0, lip, T, T))
    # ambient occlusion: the face darkens towards the floor
    y, _ = yx()
    shade(img, y > lip, np.clip(1.05 - (y - lip) / (T - lip) * 0.3, 0.6, 1.1))
    shade(img, rect(0, T - 2, T, T), 0.7)
    return img


def make_door(rng: np.random.Generator, wall_face: Image) -> Image:
    """Return an oak door in a stone doorway, for a gap in an east-west wall."""
    img = wall_face.copy()
    opening = rect(6, 4, 26, T)
    arch = ellipse(16, 10, 10, 7)
    frame = (rect(4, 2, 28, T) | ellipse(16, 10, 12, 9)) & ~(opening & ~rect(0, 0, T, 10) | arch)
    fill(img, frame & rect(0, 0, T, T), WALL_TOP_RIM)
    bevel(img, frame, 1.2, 0.75)
    door = (opening & rect(0, 10, T, T)) | arch
    fill(img, door, WOOD)
    x = np.mgrid[0:T, 0:T][1]
    grain = 1.0 + 0.08 * np.sin(x * 2.1 + np.mgrid[0:T, 0:T][0] * 0.35)
    shade(img, door, grain)
    for px in (11, 16, 21):  # plank seams
        shade(img, door & rect(px, 0, px + 1, T), 0.68)
        shade(img, door & rect(px + 1, 0, px + 2, T), 1.1)
    for by in (12, 24):  # iron bands with rivets
        band = door & rect(0, by, T, by + 2)
        fill(img, band, IRON)
        shade(img, band & rect(0, by, T, by + 1), 1.4)
        for rx in (8, 13, 18, 23):
            fill(img, door & rect(rx, by, rx + 1, by + 1), IRON_LIGHT)
    ring = ellipse(21.5, 19.5, 1.8, 1.8) & ~ellipse(21.5, 19.5, 0.8, 0.8)
    fill(img, ring, GOLD)
    fill(img, rect(21, 21, 23, 22), GOLD_DEEP)
    noise(img, rng, 0.05, door)
    bevel(img, door, 1.12, 0.7)
    fill(img, rect(6, T - 2, 26, T), (40, 30, 30))  # threshold shadow
    return img


def make_door_side(rng: np.random.Generator, floor: Image) -> Image:
    """Return a doorway in a north-south wall seen from above: posts and an open door."""
    img = floor.copy()
    for y0 in (0, T - 7):
        post = rect(9, y0, 23, y0 + 7)
        fill(img, post, WALL_TOP_RIM)
        bevel(img, post, 1.2, 0.72)
        noise(img, rng, 0.05, post)
    sill = rect(10, 7, 22, T - 7)
    fill(img, sill, WOOD_DARK, 0.55)
    leaf = rect(20, 7, 23, T - 10)  # the door, swung open against the jamb
    fill(img, leaf, WOOD)
    bevel(img, leaf, 1.2, 0.7)
    fill(img, rect(20, 11, 23, 12) | rect(20, 19, 23, 20), IRON)
    shade(img, rect(9, 7, 23, 9), 0.7)  # shadow under the top post
    return img


def make_stairs(rng: np.random.Generator, floor: Image) -> Image:
    """Return the exit: stone stairs going down into a warm golden glow."""
    img = floor.copy()
    frame = rect(3, 3, 29, 30)
    fill(img, frame, WALL_TOP_RIM)
    bevel(img, frame, 1.2, 0.7)
    noise(img, rng, 0.05, frame)
    hole = rect(6, 6, 26, 27)
    fill(img, hole, (26, 20, 30))
    steps = 5
    for i in range(steps):
        y0 = 6 + i * 4
        inset = i
        depth = i / (steps - 1)  # 0 at the top step, 1 at the bottom
        tread = rect(6 + inset, y0, 26 - inset, y0 + 3)
        stone = rgb((150, 138, 124)) * (1.0 - 0.45 * depth) + rgb(GOLD_DEEP) * 0.55 * depth
        fill(img, tread, tuple(int(v * 255) for v in stone))  # type: ignore[arg-type]
        shade(img, tread & rect(0, y0, T, y0 + 1), 1.2)
        shade(img, tread & (rect(6 + inset, 0, 7 + inset, T) | rect(25 - inset, 0, 26 - inset, T)), 0.75)
        fill(img, rect(6 + inset, y0 + 3, 26 - inset, y0 + 4), (20, 16, 24))
    # glow rising out of the depth
    y, x = yx()
    glow = np.clip(1.0 - np.hypot((x - 16) / 10, (y - 28) / 9), 0, 1) ** 1.3
    img[..., :3] = np.clip(img[..., :3] + glow[..., None] * rgb(GOLD) * 0.9 * hole[..., None], 0, 1)
    rim = frame & ~rect(4, 4, 28, 29)
    fill(img, rim, GOLD_DEEP, 0.55)
    for sx, sy in ((10, 9), (22, 14), (15, 20), (19, 24), (12, 16)):
        fill(img, rect(sx, sy, sx + 1, sy + 1), (255, 240, 170), 0.9)
    shade(img, rect(6, 6, 26, 7), 0.5)  # shadow under the lintel
    return img


def make_entrance(rng: np.random.Generator, floor: Image) -> Image:
    """Return the entrance: a glowing teal waystone circle carved into the floor."""
    img = floor.copy()
    y, x = yx()
    r = np.hypot(x - 16, y - 16)
    glow = np.clip(1 - r / 15, 0, 1) ** 2
    img[..., :3] = np.clip(img[..., :3] + glow[..., None] * rgb(TEAL) * 0.35, 0, 1)
    ring = (r <= 12.5) & (r >= 10.5)
    fill(img, ring, (40, 90, 96))
    fill(img, (r <= 12) & (r >= 11), TEAL)
    diamond = (np.abs(x - 16) + np.abs(y - 16)) <= 6
    fill(img, diamond & ~((np.abs(x - 16) + np.abs(y - 16)) <= 4.5), TEAL)
    fill(img, (np.abs(x - 16) + np.abs(y - 16)) <= 1.5, (220, 255, 250))
    for a in range(4):  # rune ticks on the ring
        ang = a * np.pi / 2 + np.pi / 4
        cx, cy = 16 + 11.5 * np.cos(ang), 16 + 11.5 * np.sin(ang)
        fill(img, ellipse(cx, cy, 1.6, 1.6), (220, 255, 250))
    return img


# --- the player -------------------------------------------------------------------

SKIN = (246, 204, 164)
SKIN_SHADE = (214, 160, 124)
HAIR = (112, 66, 44)
TUNIC = (64, 120, 196)
CAPE = (206, 70, 62)
PANTS = (62, 58, 92)
BOOTS = (96, 60, 44)
BELT = (112, 72, 40)


def make_player(facing: str) -> Image:
    """Return the hero, 32x32 with alpha, facing 'up', 'right', 'down' or 'left'."""
    if facing == "left":
        return make_player("right")[:, ::-1].copy()
    img = blank()
    parts: list[tuple[np.ndarray, Color]] = []
    side = facing == "right"
    stride = 1 if side else 0
    # legs and boots (in side view one leg is a step ahead)
    if side:
        legs = [(13, 23, 16, 28), (17, 23, 20, 27)]
    else:
        legs = [(12, 23, 15, 28), (17, 23, 20, 28)]
    for x0, y0, x1, y1 in legs:
        parts.append((rect(x0, y0, x1, y1), PANTS))
        parts.append((rect(x0, y1 - 2, x1 + (stride if x0 > 16 else 0), y1), BOOTS))
    # cape behind the body
    if facing == "up":
        parts.append((rect(10, 15, 22, 25) | ellipse(16, 24.5, 6, 1.5), CAPE))
    elif side:
        parts.append((rect(9, 15, 13, 24) | rect(8, 19, 11, 25), CAPE))
    # body
    body = rect(11, 15, 21, 24) if not side else rect(12, 15, 20, 24)
    parts.append((body, TUNIC if facing != "up" else CAPE))
    parts.append((body & rect(0, 21, T, 22), BELT))
    # arms
    if facing == "down":
        arms = [(9, 16, 11, 22), (21, 16, 23, 22)]
    elif facing == "up":
        arms = [(9, 16, 11, 22), (21, 16, 23, 22)]
    else:
        arms = [(15, 16, 18, 22)]
    for x0, y0, x1, y1 in arms:
        parts.append((rect(x0, y0, x1, y1), TUNIC))
        parts.append((rect(x0, y1 - 1, x1, y1 + 1), SKIN))
    # head
    head = ellipse(16, 10, 7.2, 6.8)
    parts.append((head, SKIN))
    y, x = yx()
    if facing == "down":
        hair = head & ((y < 8.2) | ((x < 10.8) & (y < 12)) | ((x > 21.2) & (y < 12)))
        hair |= ellipse(16, 6.5, 7.6, 4.2)
    elif facing == "up":
        hair = head | ellipse(16, 6.5, 7.6, 4.2)
    else:
        hair = head & ((y < 7.6) | (x < 15))
        hair |= ellipse(15, 6.5, 7.6, 4.2) | (ellipse(11, 11, 3.5, 4.5) & head)
    parts.append((hair, HAIR))
    # scarf (down) / scarf knot (side)
    if facing == "down":
        parts.append((rect(11, 15, 21, 17), CAPE))
    elif side:
        parts.append((rect(12, 15, 20, 17), CAPE))

    mask = np.zeros((T, T), bool)
    for m, c in parts:
        fill(img, m, c)
        mask |= m
    # soft top-left lighting per part, then a clean dark outline
    for m, _ in parts:
        hi, lo = edges(m)
        shade(img, lo & ~hi, 0.82)
    shade(img, head & (x > 19) & (y > 9) & ~hair, 0.9)
    shade(img, hair & (y < 5.5) & (x < 16), 1.22)  # a shine on the hair
    shade(img, body & (x > 18), 0.85)

    # face
    def px(x0: int, y0: int, c: Color, w: int = 1, h: int = 1) -> None:
        fill(img, rect(x0, y0, x0 + w, y0 + h), c)

    if facing == "down":
        for ex in (12, 18):
            px(ex, 10, OUTLINE, 2, 3)
            px(ex, 10, (250, 250, 255))
        px(10, 13, (238, 160, 150), 2, 1)
        px(20, 13, (238, 160, 150), 2, 1)
        px(15, 13, (150, 80, 70), 2, 1)
    elif side:
        px(19, 10, OUTLINE, 2, 3)
        px(20, 10, (250, 250, 255))
        px(20, 13, (238, 150, 140), 2, 1)
        px(22, 12, SKIN_SHADE, 1, 1)
    fill(img, outline(mask), OUTLINE)
    mask |= outline(mask)
    # drop shadow under the feet
    shadow = ellipse(16, 28.5, 8.5, 2.6) & ~mask
    fill(img, shadow, (0, 0, 0), 0.35)
    return img


# --- icon -------------------------------------------------------------------------


def tiny_maze(rng: np.random.Generator, cells: int) -> np.ndarray:
    """Return a (2n+1)^2 perfect maze grid (1 = floor) by a seeded backtracker."""
    n = 2 * cells + 1
    g = np.zeros((n, n), np.uint8)
    stack = [(0, 0)]
    g[1, 1] = 1
    while stack:
        r, c = stack[-1]
        options = [
            (r + dr, c + dc)
            for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1))
            if 0 <= r + dr < cells and 0 <= c + dc < cells and not g[2 * (r + dr) + 1, 2 * (c + dc) + 1]
        ]
        if not options:
            stack.pop()
            continue
        nr, nc = options[rng.integers(len(options))]
        g[r + nr + 1, c + nc + 1] = 1
        g[2 * nr + 1, 2 * nc + 1] = 1
        stack.append((nr, nc))
    return g


def maze_path(g: np.ndarray, start: tuple[int, int], goal: tuple[int, int]) -> list[tuple[int, int]]:
    """Return the BFS path between two floor tiles of a small grid."""
    prev = {start: start}
    todo = [start]
    for pos in todo:
        if pos == goal:
            break
        r, c = pos
        for q in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)):
            if 0 <= q[0] < g.shape[0] and 0 <= q[1] < g.shape[1] and g[q] and q not in prev:
                prev[q] = pos
                todo.append(q)
    path = [goal]
    while path[-1] != start:
        path.append(prev[path[-1]])
    return path[::-1]


def make_icon(rng: np.random.Generator) -> Image:
    """Return the 64x64 icon: a stone maze on a night-blue tile, a gold route to the exit."""
    s = 64
    img = blank(s, s)
    y, x = yx(s, s)
    # rounded square
    r = 10
    cx = np.clip(x, r, s - r)
    cy = np.clip(y, r, s - r)
    body = np.hypot(x - cx, y - cy) <= r - 0.5
    fill(img, body, (34, 38, 66))
    shade(img, body, 1.0 + 0.35 * (1 - y / s))
    g = tiny_maze(rng, 6)  # 13x13 tiles of 4 px = 52 px
    g[1, 0] = 1
    g[11, 12] = 1
    n = g.shape[0]
    px = 4
    off = (s - n * px) // 2
    walls = np.zeros((s, s), bool)
    for (gr, gc), v in np.ndenumerate(g):
        if not v:
            walls |= rect(off + gc * px, off + gr * px, off + gc * px + px, off + gr * px + px, s, s)
    fill(img, walls, BRICK)
    hi, lo = edges(walls)
    shade(img, lo, 0.7)
    shade(img, hi & ~lo, 1.2)
    route = maze_path(g, (1, 0), (11, 12))
    trail = np.zeros((s, s), bool)
    for gr, gc in route:
        trail |= rect(off + gc * px + 1, off + gr * px + 1, off + gc * px + 3, off + gr * px + 3, s, s)
    for (r0, c0), (r1, c1) in zip(route, route[1:]):
        x0, x1 = sorted((off + c0 * px + 1, off + c1 * px + 1))
        y0, y1 = sorted((off + r0 * px + 1, off + r1 * px + 1))
        trail |= rect(x0, y0, x1 + 2, y1 + 2, s, s)
    fill(img, trail, GOLD)
    gx, gy = off + 12 * px + 2, off + 11 * px + 2
    glow = np.clip(1 - np.hypot(x - gx, y - gy) / 9, 0, 1) ** 2 * body
    img[..., :3] = np.clip(img[..., :3] + glow[..., None] * rgb(GOLD) * 0.8, 0, 1)
    fill(img, ellipse(off + 2, off + px + 2, 2.6, 2.6, s, s), TEAL)
    return img


# --- sounds -------------------------------------------------------------------------


def t_axis(seconds: float) -> np.ndarray:
    """Return the sample times of a clip."""
    return np.arange(int(RATE * seconds)) / RATE


def envelope(t: np.ndarray, attack: float, decay: float) -> np.ndarray:
    """Return a linear attack then exponential decay (time constant ``decay``)."""
    a = np.clip(t / attack, 0, 1) if attack > 0 else np.ones_like(t)
    return a * np.exp(-np.maximum(t - attack, 0) / decay)


def lowpass(x: np.ndarray, cutoff: float) -> np.ndarray:
    """Return ``x`` through a one-pole low-pass filter."""
    k = 1 - np.exp(-2 * np.pi * cutoff / RATE)
    out = np.empty_like(x)
    acc = 0.0
    for i, v in enumerate(x):
        acc += k * (v - acc)
        out[i] = acc
    return out


def tone(freq: float, t: np.ndarray, harmonics: tuple[float, ...] = (1.0,)) -> np.ndarray:
    """Return a sum of harmonics of ``freq``."""
    return sum(a * np.sin(2 * np.pi * freq * (i + 1) * t) for i, a in enumerate(harmonics))


def finish(x: np.ndarray, peak: float) -> np.ndarray:
    """Fade both ends, remove DC and scale to ``peak`` (< 1: never clips)."""
    x = x - x.mean()
    fade = min(len(x) // 4, int(RATE * 0.004))
    ramp = np.linspace(0, 1, fade)
    x[:fade] *= ramp
    x[-fade:] *= ramp[::-1]
    return x / np.max(np.abs(x)) * peak


def sound_step(rng: np.random.Generator) -> np.ndarray:
    """Return a soft footstep: a muffled scuff on stone."""
    t = t_axis(0.075)
    scuff = lowpass(rng.normal(0, 1, len(t)), 1400) * envelope(t, 0.002, 0.014)
    thump = np.sin(2 * np.pi * 150 * t) * envelope(t, 0.001, 0.02)
    return finish(scuff + 0.9 * thump, 0.32)


def sound_bump(rng: np.random.Generator) -> np.ndarray:
    """Return a soft bump: a low, short thud with a falling pitch."""
    t = t_axis(0.16)
    freq = 130 * np.exp(-t * 9) + 55
    phase = 2 * np.pi * np.cumsum(freq) / RATE
    body = np.sin(phase) * envelope(t, 0.004, 0.045)
    dust = lowpass(rng.normal(0, 1, len(t)), 600) * envelope(t, 0.002, 0.02)
    return finish(body + 0.5 * dust, 0.5)


def sound_hint(rng: np.random.Generator) -> np.ndarray:
    """Return a magical shimmer: a rising sparkle of bell tones."""
    t = t_axis(0.6)
    out = np.zeros_like(t)
    for i, f in enumerate((659.25, 987.77, 1318.5, 1975.5)):
        start = i * 0.06
        tt = np.clip(t - start, 0, None)
        vib = 1 + 0.004 * np.sin(2 * np.pi * 6 * tt)
        ring = tone(f, tt * vib, (1.0, 0.0, 0.25)) * envelope(tt, 0.006, 0.16) * (t >= start)
        out += ring * (0.9 - i * 0.12)
    out += lowpass(rng.normal(0, 1, len(t)), 5000) * envelope(t, 0.05, 0.12) * 0.05
    return finish(out, 0.5)


def sound_complete(rng: np.random.Generator) -> np.ndarray:
    """Return the level-complete jingle: C-E-G-C arpeggio ending on a warm chord."""
    t = t_axis(1.25)
    out = np.zeros_like(t)
    notes = [(0.00, 523.25), (0.10, 659.25), (0.20, 783.99), (0.30, 1046.5)]
    harm = (1.0, 0.35, 0.15, 0.06)
    for start, f in notes:
        tt = np.clip(t - start, 0, None)
        out += tone(f, tt, harm) * envelope(tt, 0.008, 0.12) * (t >= start) * 0.8
    chord_start = 0.42
    tt = np.clip(t - chord_start, 0, None)
    for f in (523.25, 659.25, 783.99, 1046.5):
        vib = 1 + 0.003 * np.sin(2 * np.pi * 5 * tt)
        out += tone(f, tt * vib, harm) * envelope(tt, 0.02, 0.32) * (t >= chord_start) * 0.45
    echo = np.zeros_like(out)
    d = int(RATE * 0.11)
    echo[d:] = out[:-d] * 0.25
    return finish(out + echo, 0.7)


def sound_click(rng: np.random.Generator) -> np.ndarray:
    """Return a short, soft UI tick."""
    t = t_axis(0.035)
    x = tone(1400, t, (1.0, 0.3)) * envelope(t, 0.001, 0.006)
    x += lowpass(rng.normal(0, 1, len(t)), 3000) * envelope(t, 0.0005, 0.003) * 0.4
    return finish(x, 0.4)


def sound_locked(rng: np.random.Generator) -> np.ndarray:
    """Return a locked door: two dull knocks and a short metal rattle of the lock."""
    t = t_axis(0.3)
    out = np.zeros_like(t)
    for start in (0.0, 0.09):
        tt = np.clip(t - start, 0, None)
        knock = np.sin(2 * np.pi * (95 + 60 * np.exp(-tt * 40)) * tt) * envelope(tt, 0.002, 0.03)
        out += knock * (t >= start)
    tt = np.clip(t - 0.17, 0, None)
    rattle = tone(2100, tt, (1.0, 0.5, 0.3)) * envelope(tt, 0.001, 0.025) * (t >= 0.17)
    out += 0.25 * rattle + lowpass(rng.normal(0, 1, len(t)), 900) * envelope(t, 0.002, 0.05) * 0.3
    return finish(out, 0.55)


def sound_key(rng: np.random.Generator) -> np.ndarray:
    """Return a key picked up: a bright two-note jingle of metal."""
    t = t_axis(0.32)
    out = np.zeros_like(t)
    for start, f in ((0.0, 1318.5), (0.08, 1760.0)):
        tt = np.clip(t - start, 0, None)
        out += tone(f, tt, (1.0, 0.0, 0.3, 0.0, 0.1)) * envelope(tt, 0.002, 0.09) * (t >= start)
    out += lowpass(rng.normal(0, 1, len(t)), 6000) * envelope(t, 0.001, 0.02) * 0.08
    return finish(out, 0.45)


def sound_heartbeat(rng: np.random.Generator) -> np.ndarray:
    """Return a heartbeat: a low lub-dub, played while a chaser is near."""
    t = t_axis(0.42)
    out = np.zeros_like(t)
    for start, loud in ((0.0, 1.0), (0.16, 0.7)):
        tt = np.clip(t - start, 0, None)
        freq = 70 * np.exp(-tt * 12) + 42
        phase = 2 * np.pi * np.cumsum(freq) / RATE
        out += loud * np.sin(phase) * envelope(tt, 0.006, 0.05) * (t >= start)
    out += lowpass(rng.normal(0, 1, len(t)), 300) * envelope(t, 0.004, 0.04) * 0.2
    return finish(out, 0.7)


def sound_caught(rng: np.random.Generator) -> np.ndarray:
    """Return being caught: a growl falling under a low, dull thud."""
    t = t_axis(0.7)
    freq = 110 * np.exp(-t * 2.5) + 40
    phase = 2 * np.pi * np.cumsum(freq) / RATE
    growl = tone(1.0, phase / (2 * np.pi), (1.0, 0.6, 0.4, 0.2)) * envelope(t, 0.02, 0.3)
    rasp = lowpass(rng.normal(0, 1, len(t)), 500) * envelope(t, 0.01, 0.25) * 0.6
    thud = np.sin(2 * np.pi * 55 * t) * envelope(t, 0.002, 0.08)
    return finish(growl + rasp + thud, 0.7)


# --- writing ----------------------------------------------------------------------


def to_surface(img: Image) -> pygame.Surface:
    """Return a pygame surface of an RGBA float image."""
    data = (np.clip(img, 0, 1) * 255 + 0.5).astype(np.uint8)
    h, w = data.shape[:2]
    return pygame.image.frombytes(data.tobytes(), (w, h), "RGBA")


def write_png(img: Image, path: Path) -> None:
    """Save an image as PNG, creating the directory."""
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(to_surface(img), str(path))


def write_wav(samples: np.ndarray, path: Path) -> None:
    """Save samples in -1..1 as 16-bit mono WAV at RATE."""
    assert np.max(np.abs(samples)) < 1.0, f"{path.name} would clip"
    path.parent.mkdir(parents=True, exist_ok=True)
    pcm = np.round(samples * 32767).astype("<i2")
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm.tobytes())


def build_images() -> dict[str, Image]:
    """Return every image by its path relative to assets/ (without .png)."""
    rng = np.random.default_rng(20240501)
    floor = make_floor(rng)
    wall_face = make_wall_face(rng)
    images = {
        "tiles/floor": floor,
        "tiles/floor_alt": make_floor_alt(rng),
        "tiles/wall_top": make_wall_top(rng),
        "tiles/wall_face": wall_face,
        "tiles/door": make_door(rng, wall_face),
        "tiles/door_side": make_door_side(rng, floor),
        "tiles/stairs": make_stairs(rng, floor),
        "tiles/entrance": make_entrance(rng, floor),
    }
    for facing in ("up", "right", "down", "left"):
        images[f"sprites/player_{facing}"] = make_player(facing)
    images["icon"] = make_icon(rng)
    images.update(build_first_person())
    return images


# --- first-person textures -------------------------------------------------------------

#: The first-person textures' side (px): twice the tiles', as a wall close up spans most
#: of the window and a 32-px texel grew there to a blurry block; the art is drawn at this
#: size (its joints and bevels one pixel, its grain per pixel), not scaled up.
FP = 64
K = FP // T  # the 32-px layout's coordinates, scaled


def fp_solid(c: Color) -> Image:
    """Return an opaque first-person texture of one colour."""
    return solid(c, FP, FP)


def fp_rect(x0: float, y0: float, x1: float, y1: float) -> np.ndarray:
    """Return the mask of a rectangle given in 32-px coordinates, on a first-person texture."""
    return rect(x0 * K, y0 * K, x1 * K, y1 * K, FP, FP)


def make_fp_rpg_wall(rng: np.random.Generator) -> Image:
    """Return a dungeon wall seen face on: four courses of bricks, lit from above."""
    img = fp_solid(BRICK_MORTAR)
    noise(img, rng, 0.05)
    for i in range(4):
        y0, y1 = i * 8 * K + 1, (i * 8 + 8) * K - 1
        x = -8 if i % 2 else 0
        while x < T:
            m = rect(max(x * K + 1, 0), y0, min((x + 16) * K - 1, FP), y1, FP, FP)
            tone = rng.uniform(0.86, 1.1)
            fill(img, m, tuple(int(v * tone) for v in BRICK))  # type: ignore[arg-type]
            shade(img, m, 1.0 + 0.06 * blotches(rng, FP, FP, scale=8))
            bevel(img, m, 1.18, 0.76)
            x += 16
    noise(img, rng, 0.04)
    y, _ = yx(FP, FP)
    shade(img, np.ones((FP, FP), bool), 1.06 - y / FP * 0.16)
    return img


def make_fp_rpg_floor(rng: np.random.Generator) -> Image:
    """Return the room maps' paving seen from inside: the tiles' four flagstones, finer."""
    img = fp_solid(MORTAR)
    noise(img, rng, 0.06)
    for x0, y0, x1, y1 in FLOOR_SLABS:
        m = rect(x0 * K + 1, y0 * K + 1, x1 * K - 1, y1 * K - 1, FP, FP)
        tone = rng.uniform(0.9, 1.08)
        fill(img, m, tuple(int(v * tone) for v in FLOOR))  # type: ignore[arg-type]
        shade(img, m, 1.0 + 0.07 * blotches(rng, FP, FP, scale=12))
        bevel(img, m, 1.16, 0.8)
    noise(img, rng, 0.045)
    shade(img, rng.random((FP, FP)) < 0.02, 0.82)
    return img


def make_fp_rpg_ceiling(rng: np.random.Generator) -> Image:
    """Return a ceiling of dark oak planks crossed by a beam."""
    img = fp_solid(WOOD_DARK)
    for i in range(4):
        m = fp_rect(i * 8, 0, i * 8 + 7.5, T)
        fill(img, m, tuple(int(v * rng.uniform(0.6, 0.75)) for v in WOOD))  # type: ignore[arg-type]
        shade(img, m, 1.0 + 0.08 * blotches(rng, FP, FP, scale=8))
    beam = fp_rect(0, 12, T, 20)
    fill(img, beam, WOOD_DARK)
    bevel(img, beam, 1.2, 0.7)
    noise(img, rng, 0.05)
    return img


def make_fp_classic_wall(rng: np.random.Generator) -> Image:
    """Return the classic wall, grey: smooth raised panels with a lit rim (tinted in game)."""
    img = fp_solid((200, 200, 200))
    for x0, y0, x1, y1 in ((0, 0, 16, 16), (16, 0, 32, 16), (0, 16, 16, 32), (16, 16, 32, 32)):
        m = rect(x0 * K + 2, y0 * K + 2, x1 * K - 2, y1 * K - 2, FP, FP)
        fill(img, m, (230, 230, 230))
        bevel(img, m, 1.12, 0.82)
    noise(img, rng, 0.02)
    return img


def make_fp_classic_floor(rng: np.random.Generator) -> Image:
    """Return the classic paving, grey: one slab with a thin grout line (tinted in game)."""
    img = fp_solid((236, 236, 236))
    grout = rect(0, 0, FP, 1, FP, FP) | rect(0, 0, 1, FP, FP, FP)
    shade(img, grout, 0.86)
    noise(img, rng, 0.015)
    return img


def make_fp_classic_ceiling(rng: np.random.Generator) -> Image:
    """Return the classic ceiling, grey: square coffers (tinted in game)."""
    img = fp_solid((170, 170, 170))
    m = fp_rect(4, 4, 28, 28)
    fill(img, m, (150, 150, 150))
    bevel(img, m, 0.8, 1.2)  # sunk in: lit at the bottom right
    noise(img, rng, 0.015)
    return img


def build_first_person() -> dict[str, Image]:
    """Return the first-person view's textures (their own seed: the others stay as they are)."""
    rng = np.random.default_rng(20261203)
    return {
        "firstperson/rpg_wall": make_fp_rpg_wall(rng),
        "firstperson/rpg_floor": make_fp_rpg_floor(rng),
        "firstperson/rpg_ceiling": make_fp_rpg_ceiling(rng),
        "firstperson/classic_wall": make_fp_classic_wall(rng),
        "firstperson/classic_floor": make_fp_classic_floor(rng),
        "firstperson/classic_ceiling": make_fp_classic_ceiling(rng),
    }


SOUNDS: dict[str, Callable[[np.random.Generator], np.ndarray]] = {
    "step": sound_step,
    "bump": sound_bump,
    "hint": sound_hint,
    "complete": sound_complete,
    "click": sound_click,
    "locked": sound_locked,
    "key": sound_key,
    "heartbeat": sound_heartbeat,
    "caught": sound_caught,
}


def build_sounds() -> dict[str, np.ndarray]:
    """Return every sound by name."""
    return {name: make(np.random.default_rng(7 + i)) for i, (name, make) in enumerate(SOUNDS.items())}


# --- contact sheet ------------------------------------------------------------------

SAMPLE_ROOM = [
    "###########",
    "#....#....#",
    "#.,..#..,.#",
    "#....D....#",
    "#S...#....#",
    "##D###....#",
    "#.....,...|",
    "#..,.....E#",
    "###########",
]


def sample_room(images: dict[str, Image]) -> Image:
    """Return a little room map drawn with the tiles (how the game will compose them)."""
    rows, cols = len(SAMPLE_ROOM), len(SAMPLE_ROOM[0])
    out = solid((0, 0, 0), rows * T, cols * T)
    for r, line in enumerate(SAMPLE_ROOM):
        for c, ch in enumerate(line):
            below = SAMPLE_ROOM[r + 1][c] if r + 1 < rows else "#"
            if ch == "#":
                name = "wall_top" if below == "#" else "wall_face"
            else:
                name = {".": "floor", ",": "floor_alt", "D": "door", "S": "entrance",
                        "E": "stairs", "|": "door_side"}[ch]
                if ch == "D" and SAMPLE_ROOM[r][c - 1] != "#":
                    name = "door_side"
            out[r * T:(r + 1) * T, c * T:(c + 1) * T] = images[f"tiles/{name}"]
    hero = images["sprites/player_right"]
    r, c = 4, 2
    region = out[r * T:(r + 1) * T, c * T:(c + 1) * T]
    a = hero[..., 3:]
    region[..., :3] = region[..., :3] * (1 - a) + hero[..., :3] * a
    return out


def contact_sheet(images: dict[str, Image], path: Path) -> None:
    """Render every image scaled up (tiles 4x, room 2x) to one PNG for review."""
    scale = 4
    tiles = [k for k in images if k.startswith("tiles/")]
    sprites = [k for k in images if k.startswith("sprites/")]
    gap = 8
    room = sample_room(images)
    width = max(len(tiles) * (T * scale + gap), room.shape[1] * 2 + 64 * scale + gap * 3)
    height = (T * scale + gap) * 2 + room.shape[0] * 2 + gap * 3
    sheet = pygame.Surface((width + gap, height + gap))
    sheet.fill((24, 22, 30))
    for i, k in enumerate(tiles):
        surf = pygame.transform.scale_by(to_surface(images[k]), scale)
        sheet.blit(surf, (gap + i * (T * scale + gap), gap))
    for i, k in enumerate(sprites):
        bg = pygame.transform.scale_by(to_surface(images["tiles/floor"]), scale)
        spr = pygame.transform.scale_by(to_surface(images[k]), scale)
        pos = (gap + i * (T * scale + gap), gap * 2 + T * scale)
        sheet.blit(bg, pos)
        sheet.blit(spr, pos)
    y = gap * 3 + 2 * T * scale
    sheet.blit(pygame.transform.scale_by(to_surface(room), 2), (gap, y))
    sheet.blit(pygame.transform.scale_by(to_surface(images["icon"]), scale), (gap * 2 + room.shape[1] * 2, y))
    pygame.image.save(sheet, str(path))


def main(argv: list[str]) -> int:
    """Write all assets (and the contact sheet); return 0."""
    images = build_images()
    for name, img in images.items():
        write_png(img, HERE / f"{name}.png")
    for name, samples in build_sounds().items():
        write_wav(samples, HERE / "sounds" / f"{name}.wav")
    sheet = Path(argv[1]) if len(argv) > 1 else Path("/tmp/contact_sheet.png")
    contact_sheet(images, sheet)
    print(f"wrote {len(images)} images and {len(SOUNDS)} sounds to {HERE}; sheet {sheet}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
