"""The first-person view of a play session: the same run, seen from inside the maze.

Reads the session as the top view does and sends it the same intents: Up steps one tile
forward and Down one back, Left and Right turn a quarter, the strafe keys step sideways;
a step becomes the run's :class:`Move` in the grid direction it goes, so the run, its
replay and ``replay --verify`` cannot tell the views apart.  A held walking key walks on
(the run's own rule); turning while one is held walks on the new way.  Steps and turns
are eased (the run's step, a short turn); under reduced motion both are instant.

The picture is cast by :mod:`game.play.firstperson.raycast` at most ``RENDER_WIDTH``
pixels wide and scaled to the view.  Only tiles near the player are cast (beyond
``REACH`` tiles the distance shading is black anyway).  In fog a tile never seen is
dark, and the sprites (keys, the exit, the ghosts, the chasers) show only where the top
view shows them, each column hidden behind a nearer wall.
"""

from __future__ import annotations

import math
from typing import Optional, Protocol, Union

import numpy as np
import pygame

from game.maze import decor, grid
from game.maze import tiles as kinds
from game.play import theme
from game.play.firstperson import raycast, textures
from game.play.firstperson.decals import draw_decals
from game.play.firstperson.overlay import MapHint
from game.play.firstperson.raycast import Hits, Scene
from game.play.firstperson.textures import (CEILING, DARK, DOORS, EXIT, FLOOR, MUD, ROUTE,
                                            SPRITE, WALL, WASH)
from game.play.render.decor_art import decor_sprites
from game.play.render.tiles import RPG
from game.maze.grid import Maze
from game.run.ghost import Ghost
from game.run.hint import EXPLORED, FRONTIER, PATH, HintSearch
from game.run.intents import AutoRun, Release
from game.run.model import Run
from game.run.player import Move
from game.run.playback import Playback

#: The picture is cast at most this wide (px) and scaled to the view.
RENDER_WIDTH = 960
#: Tiles cast round the player each way (distance shading is black before this).
REACH = 16
#: The eye stands this far behind its tile's middle (tiles), so a wall just ahead is not
#: pressed against it; it swings round the middle as the player turns.
EYE_BACK = 0.4
#: Sprites nearer the eye than this (tiles) are not drawn: the player stands in them (the
#: exit's ring once the run is over would fill the view).
NEAREST_SPRITE = 0.5
#: A quarter turn takes this long (s).
TURN_SECONDS = 0.16
#: The headings, clockwise from east: (row, column) steps; the angle of heading i is i * 90°.
HEADINGS: tuple[tuple[int, int], ...] = (grid.RIGHT, grid.DOWN, grid.LEFT, grid.UP)
FACING_HEADING = {"right": 0, "down": 1, "left": 2, "up": 3}
#: The walking actions in first person: how many quarter turns from the facing they step.
STEPS = {"walk_up": 0, "walk_down": 2, "strafe_left": 3, "strafe_right": 1}
TURNS = {"walk_left": -1, "walk_right": 1}

Intent = Union[Move, Release, AutoRun]


class Seen(Protocol):
    """What the view reads of a play-through: a :class:`PlaySession`, or a replay watched."""

    maze: Maze
    hint: Optional[HintSearch]
    ghost: Optional[Playback]
    racer: Optional[Ghost]

    @property
    def run(self) -> Run:
        """Return the run."""

    @property
    def exit_known(self) -> bool:
        """Return True when the player may know where the exit is."""


class Watched:
    """A replay's playback, read as the view reads a session (no hint, no ghosts)."""

    hint: Optional[HintSearch] = None
    ghost: Optional[Playback] = None
    racer: Optional[Ghost] = None

    def __init__(self, playback: Playback) -> None:
        self.playback = playback
        self.maze = playback.run.maze

    @property
    def run(self) -> Run:
        """Return the run as played back now (a new one after a seek back)."""
        return self.playback.run

    @property
    def exit_known(self) -> bool:
        """Return True when the player may know where the exit is (in fog: once seen)."""
        fog = self.playback.run.fog
        return fog is None or bool(fog.seen[self.maze.goal])


def ease(f: float) -> float:
    """Return the smooth step of ``f`` in 0..1 (slow out, slow in)."""
    f = min(1.0, max(0.0, f))
    return f * f * (3 - 2 * f)


def start_heading(session: Seen) -> int:
    """Return the heading to start in: the player's facing, else the first open way."""
    run, maze = session.run, session.maze
    first = FACING_HEADING.get(run.player.facing, 0)
    r, c = run.player.pos
    for turn in range(4):
        h = (first + turn) % 4
        dr, dc = HEADINGS[h]
        if maze.walkable((r + dr, c + dc)):
            return h
    return first


class Walker:
    """The first-person keys: the facing, the held walking keys, the eased turn."""

    def __init__(self, heading: int) -> None:
        self.heading = heading
        self.angle = heading * math.pi / 2  # shown: eases towards the heading's
        self._turn_from = self.angle
        self._turn_delta = 0.0
        self._turn_age = TURN_SECONDS
        self.held: dict[str, Move] = {}  # walking action -> the move it sent

    def move(self, action: str) -> Move:
        """Return the grid move of walking ``action`` as faced now."""
        dr, dc = HEADINGS[(self.heading + STEPS[action]) % 4]
        return Move(dr, dc)

    def press(self, action: str, *, run: bool = False) -> list[Intent]:
        """Return the run's intents for ``action`` pressed (turns change the facing)."""
        if action in TURNS:
            return self.turn(TURNS[action])
        if action not in STEPS:
            return []
        move = self.move(action)
        if run:
            return [AutoRun(move.dr, move.dc)]
        self.held[action] = move
        return [move]

    def release(self, action: str) -> list[Intent]:
        """Return the run's intents for ``action`` let go."""
        move = self.held.pop(action, None)
        return [] if move is None else [Release(move.dr, move.dc)]

    def face(self, facing: str) -> None:
        """Turn (eased) to face ``facing`` ("up", "right"...): a replay's player, followed."""
        heading = FACING_HEADING.get(facing, self.heading)
        quarters = (heading - self.heading) % 4
        if quarters:
            self.turn(quarters if quarters != 3 else -1)

    def release_all(self) -> None:
        """Forget the held keys (the run is told by ReleaseAll)."""
        self.held.clear()

    def turn(self, quarters: int) -> list[Intent]:
        """Turn ``quarters`` quarter turns (+: right); held keys walk on the new way."""
        current = self.shown_angle()
        self.heading = (self.heading + quarters) % 4
        self._turn_from = current
        self._turn_delta = self._turn_delta_to(current, quarters)
        self._turn_age = 0.0
        intents: list[Intent] = []
        for action, old in list(self.held.items()):
            new = self.move(action)
            self.held[action] = new
            intents += [Release(old.dr, old.dc), new]
        return intents

    def _turn_delta_to(self, current: float, quarters: int) -> float:
        """Return the angle from ``current`` to the new heading, the short way round."""
        goal = self.heading * math.pi / 2
        delta = (goal - current + math.pi) % (2 * math.pi) - math.pi
        if abs(abs(delta) - math.pi) < 1e-9:  # a half turn: the way it was asked
            delta = math.copysign(math.pi, quarters)
        return delta

    def update(self, dt: float, reduced: bool) -> None:
        """Ease the turn on by ``dt`` seconds (reduced motion: at once)."""
        self._turn_age = TURN_SECONDS if reduced else min(TURN_SECONDS, self._turn_age + dt)
        self.angle = self.shown_angle()

    def shown_angle(self) -> float:
        """Return the angle shown now."""
        return self._turn_from + self._turn_delta * ease(self._turn_age / TURN_SECONDS)

    @property
    def turning(self) -> bool:
        """Return True while a turn is still easing."""
        return self._turn_age < TURN_SECONDS


def eye(session: Seen, reduced: bool, angle: float = 0.0, *,
        glide: bool = False) -> tuple[float, float]:
    """Return where the eye is (x, y in tiles), a little behind the tile's middle.

    The player's step, eased (reduced motion: arrived; ``glide``: walking on, so steady),
    as faced at ``angle``.
    """
    player = session.run.player
    (r0, c0), (r1, c1) = player.prev, player.pos
    f = 1.0 if reduced else player.fraction if glide else ease(player.fraction)
    return (c0 + (c1 - c0) * f + 0.5 - EYE_BACK * math.cos(angle),
            r0 + (r1 - r0) * f + 0.5 - EYE_BACK * math.sin(angle))


class FirstPersonView:
    """Draws ``session`` in first person for ``style`` (the classic or the room look)."""

    def __init__(self, session: Seen, style: str) -> None:
        self.session = session
        self.style = style
        self.walker = Walker(start_heading(session))
        tiles = session.maze.tiles
        self._wall_kind = ~kinds.walkable(tiles)
        lock = kinds.KINDS["lock"][tiles]
        self._lock = lock
        material = np.full(tiles.shape, WALL, dtype=np.int32)
        for i, door in enumerate(DOORS):
            material[lock == 1 << i] = door
        self._material = material
        self._mud = tiles == kinds.MUD  # mud keeps its own floor (the hint's route over it)
        # a torch hangs on the face of a wall tile above a room (the room maps' look)
        self._torches = (np.argwhere(decor.torches(session.maze)) if style == RPG
                         else np.zeros((0, 2), dtype=np.intp))
        self._surface: Optional[pygame.Surface] = None
        self._atlas: Optional[raycast.Atlas] = None
        self._atlas_theme: Optional[theme.Theme] = None
        self._sprites: dict[str, pygame.Surface] = {}
        self.hits: Optional[Hits] = None
        self.render_size = (0, 0)
        self.map_hint = MapHint()  # the hint's search over the corner map

    # -- the scene ------------------------------------------------------------------------
    def scene(self) -> tuple[Scene, int, int]:
        """Return the tiles round the player as a raycast scene, and its top-left tile."""
        run = self.session.run
        rows, cols = self.session.maze.tiles.shape
        pr, pc = run.player.pos
        r0, c0 = max(0, pr - REACH), max(0, pc - REACH)
        r1, c1 = min(rows, pr + REACH + 1), min(cols, pc + REACH + 1)
        box = (slice(r0, r1), slice(c0, c1))
        lock = self._lock[box]
        solid = self._wall_kind[box] | ((lock != 0) & (lock & run.held == 0))
        wall = self._material[box].copy()
        floor = np.full(solid.shape, FLOOR, dtype=np.int32)
        mud = self._mud[box]
        floor[mud] = MUD
        ceiling = np.full(solid.shape, CEILING, dtype=np.int32)
        hint = self.session.hint
        if hint is not None:
            state = hint.state[box]
            floor[((state == EXPLORED) | (state == FRONTIER)) & ~mud] = WASH
            floor[state == PATH] = ROUTE
        gr, gc = self.session.maze.goal
        if r0 <= gr < r1 and c0 <= gc < c1 and self.session.exit_known:
            floor[gr - r0, gc - c0] = EXIT
        fog = run.fog
        if fog is not None:
            unseen = ~fog.seen[box]
            wall[unseen] = DARK
            floor[unseen] = DARK
            ceiling[unseen] = DARK
        # the edge of the box: what lies beyond is never cast (it would be black anyway)
        edge = np.zeros(solid.shape, dtype=bool)
        edge[[0, -1], :] = edge[:, [0, -1]] = True
        edge[0, :] &= r0 > 0
        edge[-1, :] &= r1 < rows
        edge[:, 0] &= c0 > 0
        edge[:, -1] &= c1 < cols
        wall[edge & ~solid] = DARK
        solid = solid | edge
        return Scene(solid, wall, floor, ceiling), r0, c0

    # -- drawing --------------------------------------------------------------------------
    def _frame_surface(self, view: pygame.Rect) -> pygame.Surface:
        """Return the surface the picture is cast into: the view's size, at most RENDER_WIDTH."""
        w = min(view.width, RENDER_WIDTH)
        h = max(2, round(view.height * w / max(1, view.width)))
        if self._surface is None or self._surface.get_size() != (w, h):
            frame = pygame.Surface((w, h), 0, 32)  # the atlas packs 32-bit pixels
            shown = pygame.display.get_surface()
            if shown is not None and shown.get_bitsize() == 32:
                frame = frame.convert()  # the window's own channel order: scaled straight in
            self._surface = frame
            self._atlas = None
        self.render_size = (w, h)
        return self._surface

    def _atlas_now(self, surface: pygame.Surface) -> raycast.Atlas:
        """Return the atlas in the current theme (made again when the palette changes)."""
        th = theme.current()
        if self._atlas is None or self._atlas_theme is not th:
            self._atlas = textures.atlas_for(self.style, surface)
            self._atlas_theme = th
            self._sprites = {}
        return self._atlas

    def draw(self, surface: pygame.Surface, view: pygame.Rect) -> None:
        """Draw what the player sees into ``view`` of ``surface``."""
        if view.width < 2 or view.height < 2:
            return
        reduced = theme.current().motion.reduced
        frame = self._frame_surface(view)
        atlas = self._atlas_now(frame)
        scene, r0, c0 = self.scene()
        angle = self.walker.angle
        walking_on = bool(self.walker.held) or self.session.run.player.running is not None
        x, y = eye(self.session, reduced, angle, glide=walking_on)
        pixels = pygame.surfarray.pixels2d(frame)
        try:
            self.hits = raycast.render(pixels.T, atlas, scene, x - c0, y - r0, angle)
        finally:
            del pixels
        self._draw_sprites(frame, x, y, angle, (r0, c0))
        if frame.get_size() == view.size:
            surface.blit(frame, view)
            return
        target = surface.subsurface(view.clip(surface.get_rect()))
        if target.get_size() == view.size and target.get_bitsize() == frame.get_bitsize():
            pygame.transform.scale(frame, view.size, target)  # straight in: no blit
            return
        surface.blit(pygame.transform.scale(frame, view.size), view)

    # -- sprites --------------------------------------------------------------------------
    def _sprite(self, name: str) -> pygame.Surface:
        """Return the sprite called ``name`` in the current theme (made once)."""
        found = self._sprites.get(name)
        if found is None:
            a = theme.current().actors
            if name == "exit":
                found = textures.exit_sprite()
            elif name == "torch":
                found = decor_sprites(SPRITE)[decor.TORCH]
            elif name == "best":
                found = textures.orb_sprite(a.player, a.player_light, 150)
            elif name == "chaser":
                found = textures.chaser_sprite()
            elif name == "racer":
                ui = theme.current().ui
                found = textures.orb_sprite(ui.teal, (230, 255, 255), 200)
            else:
                found = textures.key_sprite(int(name))
            self._sprites[name] = found
        return found

    def sprites(self) -> list[tuple[str, float, float]]:
        """Return the sprites to show: (name, x, y in tiles), as far as the top view shows them."""
        session = self.session
        run, maze = session.run, session.maze
        fog = run.fog
        out: list[tuple[str, float, float]] = []
        pr, pc = run.player.pos
        held = run.held
        key_bits = kinds.KINDS["key"]
        tiles = maze.tiles
        r0, c0 = max(0, pr - REACH), max(0, pc - REACH)
        box = tiles[r0:pr + REACH + 1, c0:pc + REACH + 1]
        for r, c in np.argwhere(key_bits[box] != 0):
            kind = int(box[r, c])
            tr, tc = int(r) + r0, int(c) + c0
            if key_bits[kind] & held or (fog is not None and not fog.seen[tr, tc]):
                continue
            out.append((str(kind), tc + 0.5, tr + 0.5))
        for r, c in self._torches:
            if abs(r - pr) <= REACH and abs(c - pc) <= REACH and (
                    fog is None or fog.seen[r, c]):
                out.append(("torch", c + 0.5, r + 1.0))  # on the wall's south face: a decal
        if session.exit_known:
            gr, gc = maze.goal
            out.append(("exit", gc + 0.5, gr + 0.5))
        ghost = session.ghost
        if ghost is not None and not ghost.done and (
                fog is None or fog.in_sight(ghost.run.player.pos)):
            gr2, gc2 = ghost.run.player.render_pos
            out.append(("best", gc2 + 0.5, gr2 + 0.5))
        racer = session.racer
        if racer is not None and racer.thought(run.elapsed) >= 1.0:
            rr, rc = racer.glide(run.elapsed)
            tile = (round(rr), round(rc))
            if tile != maze.goal and (fog is None or fog.in_sight(tile)):
                out.append(("racer", rc + 0.5, rr + 0.5))
        for chaser in run.chase.chasers:  # as the top view: in fog only on a tile in sight
            if fog is None or fog.in_sight(chaser.pos):
                cr, cc = chaser.render_pos
                out.append(("chaser", cc + 0.5, cr + 0.5))
        return out

    def _draw_sprites(self, frame: pygame.Surface, x: float, y: float, angle: float,
                      origin: tuple[int, int]) -> None:
        """Draw the torches on their walls, then the sprites far to near, behind nearer walls."""
        hits = self.hits
        if hits is None:
            return
        w, h = frame.get_size()
        focal = (w / 2) / math.tan(raycast.FOV / 2)
        shown = self.sprites()
        torches = [(round(sy) - 1, math.floor(sx)) for name, sx, sy in shown if name == "torch"]
        draw_decals(frame, hits, self._sprite("torch"), torches, origin, y, focal)  # origin:
        # the scene's top-left tile (the cast's rows and columns count from there)
        placed = []
        for name, sx, sy in shown:
            if name == "torch":
                continue
            at = raycast.project(x, y, angle, sx, sy, w)
            if at is not None and at[1] > NEAREST_SPRITE:
                placed.append((at[1], at[0], name))
        for depth, centre, name in sorted(placed, reverse=True):
            size = round(focal / depth)
            if size < 2 or size > 4 * h:
                continue
            left = round(centre - size / 2)
            a, seen = raycast.sprite_columns(centre, depth, size, hits.dist)
            if not seen.any():
                continue
            art = pygame.transform.scale(self._sprite(name), (size, size))
            level = raycast.shade_of(np.array([depth]))[0]
            light = round(255 * (1.0 - level / (raycast.SHADES - 1)) ** 1.4)
            if light < 255:
                art.fill((light, light, light, 255), special_flags=pygame.BLEND_RGBA_MULT)
            top = round(h / 2 + focal / depth / 2 - size)
            edges = np.flatnonzero(np.diff(np.concatenate(([0], seen.view(np.int8), [0]))))
            for start, stop in zip(edges[::2], edges[1::2]):
                frame.blit(art, (a + start, top),
                           pygame.Rect(a + start - left, 0, stop - start, size))
