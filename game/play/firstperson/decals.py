"""Pictures hung flat on a wall's face in the first-person view: the rooms' torches.

A sprite stands upright and turns to face the eye wherever it is seen from; a torch
drawn that way just off its wall swung half into the wall whenever the wall was seen at a
slant (the columns of the sprite behind the face were hidden) and half out over the
room.  A decal is painted on the face itself instead:

1. The columns whose ray met the south face of a torch's tile (the eye south of the
   face, the cast's ``side`` a north or south face) show the torch.
2. Each such column takes the picture's texel column at the point its ray struck the
   face (the cast's ``u``), stretched over the wall's height at that distance.
3. The texels are shaded as a sprite at that distance and laid over the wall by their
   alpha.

So the torch turns with the wall, and the wall hides nothing of it.
"""

from __future__ import annotations

import math

import numpy as np
import pygame

from game.play.firstperson import raycast
from game.play.firstperson.raycast import Hits


def draw_decals(frame: pygame.Surface, hits: Hits, picture: pygame.Surface,
                tiles: list[tuple[int, int]], origin: tuple[int, int], eye_y: float,
                focal: float) -> None:
    """Paint ``picture`` on the south face of each of ``tiles`` where ``frame`` shows it.

    ``hits``: the cast of the frame, its rows and columns from ``origin`` (the scene's
    top-left tile); ``eye_y``: the eye's row coordinate; ``focal``: the projection's.
    """
    if not tiles:
        return
    r0, c0 = origin
    w, h = frame.get_size()
    rows = hits.row[:w] + r0
    cols = hits.col[:w] + c0
    wanted = np.array([r * 1_000_003 + c for r, c in tiles], dtype=np.int64)
    face = (np.isin(rows * 1_000_003 + cols, wanted) & (hits.side[:w] == 1)
            & np.isfinite(hits.dist[:w]) & (eye_y > rows + 1))  # step 1
    columns = np.flatnonzero(face)
    if not columns.size:
        return
    side = picture.get_width()
    alpha = pygame.surfarray.array_alpha(picture)  # [x, y]
    texel = np.minimum((hits.u[columns] * side).astype(np.int64), side - 1)  # step 2
    shown = alpha[texel].any(axis=1)  # columns of the picture with something in them
    columns, texel = columns[shown], texel[shown]
    if not columns.size:
        return
    # a run of neighbouring columns showing one texel column is one scaled strip
    cut = np.flatnonzero((np.diff(texel) != 0) | (np.diff(columns) != 1)) + 1
    for run_cols, run_texel in zip(np.split(columns, cut), np.split(texel, cut)):
        mid = run_cols[len(run_cols) // 2]
        dist = float(hits.dist[mid])
        tall = focal / dist  # the wall's height on screen at that distance
        top = h / 2 - tall / 2
        rows = np.flatnonzero(alpha[run_texel[0]])  # the texels with something in them,
        t0 = max(int(rows[0]), math.floor(-top * side / tall))  # as far as the frame shows
        t1 = min(int(rows[-1]) + 1, math.ceil((h - top) * side / tall))
        if t1 <= t0:
            continue
        y0 = round(top + t0 * tall / side)
        strip = pygame.transform.scale(
            picture.subsurface((int(run_texel[0]), t0, 1, t1 - t0)),
            (len(run_cols), max(1, round(top + t1 * tall / side) - y0)))
        level = int(raycast.shade_of(np.array([dist]))[0])  # step 3
        light = round(255 * (1.0 - level / (raycast.SHADES - 1)) ** 1.4)
        if light < 255:
            strip.fill((light, light, light, 255), special_flags=pygame.BLEND_RGBA_MULT)
        frame.blit(strip, (int(run_cols[0]), y0))
