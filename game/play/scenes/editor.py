"""The maze editor (its first screen, :mod:`game.play.scenes.make_maze`, starts a maze).

:class:`EditorScene` is a view of the pure model :class:`game.edit.model.Editor`: the mouse draws strokes
(left: the tool in hand, right: floor), keys pick tools (1-6 or their letters; the key
and door tools' colour turns with their key or button again, or C), Ctrl+Z
undoes, Ctrl+Y or Ctrl+Shift+Z redoes, Ctrl+S saves under a typed name, T test-plays
(the navigator brings the player back with the edits intact), the wheel zooms, F fits,
the arrows pan.  The verdict line under the grid is the model's, after every change.
Leaving or closing the window with unsaved changes asks first.
"""

from __future__ import annotations

import math
import threading
from pathlib import Path
from typing import Optional

import numpy as np
import pygame

from game.edit.model import (
    END_ON_FLOOR,
    ENDS_APART,
    EXIT_STAYS,
    EXIT_WALLED_OFF,
    KEY_OUT_OF_REACH,
    MAX_NAME,
    NO_KEY,
    START_STAYS,
    START_WALLED_IN,
    TOOLS,
    Editor,
    IsAFolder,
    NoFolder,
    NotAMaze,
    Search,
    Verdict,
    save_path,
)
from game.maze import tiles as kinds
from game.maze.grid import FLOOR, Pos
from game.maze.tiles import COLOURS, has_locks
from game.play import input as keys
from game.bindings import KEY_CODES
from game.play import theme
from game.play.context import Context
from game.play.maze_files import mazes_folder
from game.play.input import (
    Click,
    ClickUp,
    Event,
    FocusLost,
    KeyDown,
    PointerMove,
    Resized,
    Wheel,
)
from game.play.render.looks import draw_kind, flat_colours, mix, with_art
from game.play.routes import Confirm, PlayDraft, QuitGame, ToMakeMaze
from game.play.scenes.base import Next, Scene
from game.play.widgets import hud
from game.play.widgets.field import ACCEPT, CANCEL, TextField
from game.play.widgets.layout import Layout
from game.play.widgets.text import draw_text, font
from game.play.widgets.tool_bar import draw_tool_bar
from game.run.level import Level
from game.text import t

#: Tile sizes (px) the editor zooms between; a notch of the wheel multiplies by ZOOM_STEP.
MAX_TILE = 64.0
ZOOM_STEP = 1.25
#: Mazes of at least this many tiles are searched on a thread (the window keeps answering;
#: a 2001x2001 search takes 1-2 s), smaller ones at once (1001x1001: about 0.4 s).
BACKGROUND_FROM = 1_500_000
#: The same for a maze with keys or doors, whose search goes over tiles and keys held
#: (a 201x201 maze with two keys: about 0.1 s).
BACKGROUND_KEYED_FROM = 40_000
#: Room (px) kept round a maze shown whole, for the rings on its ends.
END_ROOM = 7
#: Below this tile size (px) the grid lines are left out, and keys and doors are plain colour.
GRID_LINES_FROM = 10
LOCK_ART_FROM = 6


#: The live line's words for each reason walls keep the exit away.
NO_ROUTE = {START_WALLED_IN: "editor.no_route.start_walled_in",
            EXIT_WALLED_OFF: "editor.no_route.exit_walled_off"}
#: The toast saying why a tile the tool touched was left alone.
REFUSALS = {START_STAYS: "editor.refused.start_stays", EXIT_STAYS: "editor.refused.exit_stays",
            END_ON_FLOOR: "editor.refused.end_on_floor", ENDS_APART: "editor.refused.ends_apart"}
#: Each key colour's word in the live line, by letter.
COLOUR_WORDS = dict(zip(COLOURS, ("editor.colour.r", "editor.colour.g", "editor.colour.b",
                                  "editor.colour.y")))


def verdict_text(verdict: Verdict) -> str:
    """Return the live line: "solvable: shortest 84 moves" or why there is no route.

    A door without its key (other than the one the reason names) or else a key without
    a door gets a note after it.
    """
    if verdict.moves is not None:
        text = t("editor.solvable", moves=verdict.moves)
    elif verdict.reason == KEY_OUT_OF_REACH:
        text = t("editor.no_route.key_out_of_reach", colour=t(COLOUR_WORDS[verdict.colour]))
    elif verdict.reason == NO_KEY:
        text = t("editor.no_route.no_key", colour=t(COLOUR_WORDS[verdict.colour]))
    else:
        text = t(NO_ROUTE.get(verdict.reason, NO_ROUTE[EXIT_WALLED_OFF]))
    doors = verdict.lone_doors.replace(verdict.colour, "") if verdict.colour else verdict.lone_doors
    if doors:
        note = t("editor.note.lone_door", colour=t(COLOUR_WORDS[doors[0]]))
    elif verdict.lone_keys:
        note = t("editor.note.lone_key", colour=t(COLOUR_WORDS[verdict.lone_keys[0]]))
    else:
        return text
    return t("editor.with_note", verdict=text, note=note)


class EditorScene(Scene):
    """Draw walls, floor, the start and the exit; see at once whether the maze can be solved."""

    FRAME_RATE = 60

    def __init__(self, ctx: Context, editor: Editor) -> None:
        super().__init__(ctx)
        self.editor = editor
        self.raw_keys = False
        self.field: Optional[TextField] = None
        self._replace: Optional[Path] = None  # an existing file the player chose to replace
        #: Where the grid was last drawn, the size of a tile (px) and where tile (0, 0) is.
        self.view = pygame.Rect(0, 0, 0, 0)
        self._time = 0.0  # scene time (s)
        self.tile = 0.0
        self.origin = (0.0, 0.0)
        self._fit = True  # fit the whole maze at the next draw
        self._button: Optional[int] = None  # the mouse button drawing the stroke under way
        self._pointer: Optional[tuple[int, int]] = None
        self._tool_rects: list[tuple[pygame.Rect, int]] = []
        self._base: Optional[pygame.Surface] = None  # one pixel a tile
        self._base_key: tuple[object, ...] = ()
        self._scaled: Optional[tuple[tuple[object, ...], pygame.Surface]] = None
        self._base_version = 0
        self._search: Optional[tuple[Search, threading.Thread]] = None

    # -- the verdict -------------------------------------------------------------------------
    def update(self, dt: float) -> Optional[Next]:
        """Take the verdict's answer when its search is done; start one when it is due."""
        self._time += dt  # the key strip's pages turn with it
        self.check_verdict()
        return None

    def check_verdict(self) -> None:
        """Work the verdict out when it is due: at once for a small maze, on a thread for a big one."""
        editor = self.editor
        if self._search is not None:
            search, thread = self._search
            if thread.is_alive():
                return
            self._search = None
            editor.accept(search)  # refused when the maze changed meanwhile: searched again
        if editor.known_verdict is not None:
            return
        tiles = editor.maze.tiles
        if tiles.size < (BACKGROUND_KEYED_FROM if has_locks(tiles) else BACKGROUND_FROM):
            editor.verdict  # noqa: B018 - works it out
            return
        job = editor.search()
        assert job is not None
        thread = threading.Thread(target=job.run, name="editor-verdict", daemon=True)
        thread.start()
        self._search = (job, thread)

    # -- the view --------------------------------------------------------------------------
    def fit(self) -> None:
        """Show the whole maze, centred in the view."""
        maze, view = self.editor.maze, self.view
        if view.width <= 0 or view.height <= 0:
            return
        room = END_ROOM if min(view.size) > 8 * END_ROOM else 0  # the ends' rings show whole
        self.tile = max(1e-3, min(MAX_TILE, (view.width - 2 * room) / maze.cols,
                                  (view.height - 2 * room) / maze.rows))
        self.origin = ((view.width - maze.cols * self.tile) / 2,
                       (view.height - maze.rows * self.tile) / 2)
        self._fit = False

    def zoom(self, steps: float, at: Optional[tuple[int, int]] = None) -> None:
        """Zoom in (+) or out (-) by ``steps`` notches, keeping the point ``at`` still."""
        maze, view = self.editor.maze, self.view
        if view.width <= 0 or view.height <= 0:
            return
        least = min(view.width / maze.cols, view.height / maze.rows, MAX_TILE, self.tile)
        tile = max(least, min(MAX_TILE, self.tile * ZOOM_STEP ** steps))
        x: float
        y: float
        if at is not None:
            x, y = at[0] - view.x, at[1] - view.y
        else:
            x, y = view.width / 2, view.height / 2
        ox, oy = self.origin
        scale = tile / self.tile if self.tile else 1.0
        self.origin = (x - (x - ox) * scale, y - (y - oy) * scale)
        self.tile = tile

    def pan(self, dx: float, dy: float) -> None:
        """Move the maze by ``dx``, ``dy`` pixels."""
        self.origin = (self.origin[0] + dx, self.origin[1] + dy)

    def tile_at(self, pos: tuple[int, int]) -> Pos:
        """Return the tile (row, col) under the screen point ``pos`` (maybe off the grid)."""
        if self.tile <= 0:
            return (-1, -1)
        x = (pos[0] - self.view.x - self.origin[0]) / self.tile
        y = (pos[1] - self.view.y - self.origin[1]) / self.tile
        return (math.floor(y), math.floor(x))

    def tile_centre(self, tile: Pos) -> tuple[int, int]:
        """Return the screen point at the centre of ``tile``."""
        return (round(self.view.x + self.origin[0] + (tile[1] + 0.5) * self.tile),
                round(self.view.y + self.origin[1] + (tile[0] + 0.5) * self.tile))

    # -- input ---------------------------------------------------------------------------------
    def handle_event(self, event: Event) -> Optional[Next]:
        """Draw with the mouse, pick tools, undo/redo, save, test-play, zoom; Esc leaves."""
        if self.field is not None:
            self._field_event(event)
            return None
        if isinstance(event, Resized):
            self._fit = True
        elif isinstance(event, KeyDown):
            return self._key(event)
        elif isinstance(event, Click):
            self._pointer = event.pos
            self._click(event)
        elif isinstance(event, PointerMove):
            self._pointer = event.pos
            if self._button is not None:
                if event.buttons & (1 << (self._button - 1)):
                    self.editor.drag(self.tile_at(event.pos))
                else:  # let go outside the window
                    self._end_stroke()
        elif isinstance(event, ClickUp):
            if event.button == self._button:
                self.editor.drag(self.tile_at(event.pos))
                self._end_stroke()
        elif isinstance(event, Wheel):
            self.zoom(event.steps, self._pointer)
        elif isinstance(event, FocusLost):
            self._end_stroke()
        refused = self.editor.take_refusal()
        if refused:
            self.ctx.toast(t(REFUSALS[refused]))
        return None

    def _click(self, event: Click) -> None:
        """Pick a tool from the bar, or begin a stroke on the grid (right button: floor)."""
        for rect, i in self._tool_rects:
            if event.button == 1 and rect.collidepoint(event.pos):
                self.editor.pick(TOOLS[i].name)
                self.ctx.audio.play("click")
                return
        if event.button not in (1, 3) or not self.view.collidepoint(event.pos):
            return
        editor = self.editor
        held = editor.tool
        if event.button == 3:
            editor.choose("floor")
        editor.press(self.tile_at(event.pos))
        editor.tool = held
        self._button = event.button

    def _end_stroke(self) -> None:
        """Finish the stroke under way (one undo step)."""
        self._button = None
        self.editor.release()

    def _key(self, event: KeyDown) -> Optional[Next]:
        """Do what a key asks."""
        key, mod = event.key, event.mod
        editor = self.editor
        if mod & pygame.KMOD_CTRL:
            self._end_stroke()
            if key == pygame.K_z:
                editor.redo() if mod & pygame.KMOD_SHIFT else editor.undo()
            elif key == pygame.K_y:
                editor.redo()
            elif key == pygame.K_s:
                self._ask_name()
            return None
        if keys.is_escape(event):
            return self.leave()
        if key == pygame.K_t:
            return self.test_play()
        if key == pygame.K_f:
            self.fit()
        elif key == pygame.K_c:
            editor.next_colour()
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.zoom(1)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.zoom(-1)
        elif key in PAN_KEYS:
            dx, dy = PAN_KEYS[key]
            step = max(self.view.width, self.view.height) / 8
            self.pan(dx * step, dy * step)
        else:
            digit = keys.DIGIT_KEYS.get(key)
            for i, tool in enumerate(TOOLS):
                if digit == i + 1 or key == KEY_CODES.get(tool.shortcut):
                    editor.pick(tool.name)
        return None

    def test_play(self) -> Next:
        """Play the maze as it is now; the editor waits underneath."""
        self._end_stroke()
        path = self.editor.path
        source = path.name if path is not None else t("editor.your_maze")
        return PlayDraft(Level(self.editor.snapshot(), label=t("editor.test_label"),
                               source=source))

    def leave(self) -> Next:
        """Go back to the first screen (asking first when there are unsaved changes)."""
        self._end_stroke()
        if self.editor.dirty:
            return Confirm(t("editor.leave_question"), t("editor.leave_yes"),
                           t("editor.leave_no"), ToMakeMaze())
        return ToMakeMaze()

    def before_quit(self) -> Optional[Next]:
        """Ask before the window closes on unsaved changes."""
        if self.editor.dirty:
            return Confirm(t("editor.quit_question"), t("editor.quit_yes"), t("editor.leave_no"),
                           QuitGame())
        return None

    def on_exit(self) -> None:
        """A stroke ends when the editor leaves the screen."""
        self._end_stroke()

    # -- saving ----------------------------------------------------------------------------
    def _ask_name(self) -> None:
        """Ask the file name to save under (the current one to begin with)."""
        path = self.editor.path
        self.field = TextField(t("editor.save_prompt"), str(path) if path else "", limit=MAX_NAME,
                               hint=t("editor.field_help"))
        self.raw_keys = True
        pygame.key.start_text_input()

    def _field_event(self, event: Event) -> None:
        """Type the name; Enter saves (or says why not), Esc gives up."""
        field = self.field
        assert field is not None
        answer = field.handle_event(event)
        if answer == CANCEL:
            self._close_field()
        elif answer == ACCEPT:
            self.save_as(field.text)

    def save_as(self, name: str) -> bool:
        """Save under ``name`` (bare names go in the mazes folder); return True when saved."""
        try:
            path = save_path(name, mazes_folder(self.ctx))
        except IsAFolder as exc:
            self._refuse(t("editor.is_folder", path=str(exc.path)))
            return False
        except NoFolder as exc:
            self._refuse(t("editor.no_folder", path=str(exc.path)))
            return False
        except ValueError:
            self._refuse(t("editor.bad_name", most=MAX_NAME))
            return False
        if path != self.editor.path and path.exists() and path != self._replace:
            self._replace = path  # the same name again replaces it
            self._refuse(t("editor.replace_question", path=str(path)))
            return False
        try:
            self.editor.save(path)
        except NotAMaze as exc:
            self._refuse(t("editor.not_a_maze", path=str(exc.path)))
            return False
        except OSError as exc:
            self._refuse(t("editor.save_failed", reason=exc.strerror or str(exc)))
            return False
        self._close_field()
        self._replace = None
        self.ctx.toast(t("editor.saved", path=str(path)), 3.0)
        return True

    def _refuse(self, why: str) -> None:
        """Tell in the name field why the maze was not saved."""
        if self.field is not None:
            self.field.error = why
        else:
            self.ctx.toast(why, 3.0)

    def _close_field(self) -> None:
        """Close the name field."""
        self.field = None
        self.raw_keys = False

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Draw the tool bar, the grid, the verdict line, the key strip (and the name field)."""
        ui = theme.current().ui
        lay = Layout.of(surface)
        w, h = surface.get_size()
        surface.fill(ui.bg_deep)
        top = self._draw_bar(surface, lay)
        strip = hud.help_strip_height((w, h))
        f = font(lay.font_size(26))
        line_h = f.get_linesize() + lay.px(8, lo=2)
        view = pygame.Rect(0, top, w, max(0, h - top - strip - line_h))
        if view.size != self.view.size:
            self._fit = True
        self.view = view
        if self._fit:
            self.fit()
        self.check_verdict()
        self._draw_grid(surface)
        verdict = self.editor.known_verdict
        band = pygame.Rect(0, view.bottom, w, line_h)
        surface.fill(ui.panel, band)
        if verdict is None:
            text, colour = t("editor.checking"), ui.text_dim
        else:
            text, colour = verdict_text(verdict), ui.teal if verdict.solvable else ui.danger
        draw_text(surface, text, f, colour, (lay.margin // 2, band.centery), anchor="midleft",
                  max_width=w - lay.margin)
        hud.draw_help_strip(surface, pygame.Rect(0, h - strip, w, strip), t("editor.help"),
                            now=self._time)
        if self.field is not None:
            self.field.draw(surface)

    def _draw_bar(self, surface: pygame.Surface, lay: Layout) -> int:
        """Draw the maze's name and the tool buttons across the top; return its bottom."""
        bottom, self._tool_rects = draw_tool_bar(surface, lay, self.editor)
        return bottom

    def _paint_base(self) -> pygame.Surface:
        """Return the grid at one pixel a tile, repainting what changed since the last frame.

        A new route repaints it all; while the verdict is being worked out the old route's
        tint stays (no repaint of millions of tiles for a picture about to change again).
        """
        editor = self.editor
        route = editor.route
        shape = editor.maze.tiles.shape
        key = (theme.current(), shape, id(route))
        touched = editor.take_touched()
        base = self._base
        if base is None or (key != self._base_key and (route is not None
                                                       or key[:2] != self._base_key[:2])):
            base = self._base = pygame.Surface((shape[1], shape[0]))
            pygame.surfarray.blit_array(base, self._colours(base)[self._looks(None)].T)
            self._base_key = key
            self._base_version += 1
        elif touched:
            index = np.unique(np.asarray(touched, dtype=np.intp))
            rows, cols = np.divmod(index, shape[1])
            pixels = pygame.surfarray.pixels2d(base)
            pixels[cols, rows] = self._colours(base)[self._looks(index)]
            del pixels  # unlock the surface
            self._base_version += 1
        return base

    @staticmethod
    def _colours(surface: pygame.Surface) -> np.ndarray:
        """Return the pixel value of each tile kind (its look's flat colour), then of route floor.

        Route floor is the floor tinted with the hint's path colour; route mud, after it, the mud.
        """
        current = theme.current()
        path = current.hint.path[:3]
        looks = [*flat_colours(current), mix(current.classic.floor, path, 0.5),
                 mix(current.classic.mud, path, 0.35)]
        return np.array([surface.map_rgb(c) for c in looks], dtype=np.uint32)

    def _looks(self, index: Optional[np.ndarray]) -> np.ndarray:
        """Return the colour row of each tile (all, or the flat ``index``): its kind, or route."""
        maze, route = self.editor.maze, self.editor.route
        tiles = maze.tiles if index is None else maze.tiles.reshape(-1)[index]
        if route is None:
            return tiles
        on = route if index is None else route.reshape(-1)[index]
        out = np.where(on & (tiles == FLOOR), np.uint8(len(kinds.KINDS)), tiles)
        return np.where(on & (tiles == kinds.MUD), np.uint8(len(kinds.KINDS) + 1), out)

    def _draw_grid(self, surface: pygame.Surface) -> None:
        """Draw the visible tiles scaled to the zoom, grid lines up close, and the two ends."""
        view = self.view
        if view.width <= 0 or view.height <= 0:
            return
        base = self._paint_base()
        maze, tile = self.editor.maze, self.tile
        ox, oy = self.origin
        c0 = max(0, math.floor(-ox / tile))
        r0 = max(0, math.floor(-oy / tile))
        c1 = min(maze.cols, math.ceil((view.width - ox) / tile))
        r1 = min(maze.rows, math.ceil((view.height - oy) / tile))
        clip = surface.get_clip()
        surface.set_clip(view)
        # Outside the maze, and a frame round it: outer walls never melt into the background
        # (black on black in high contrast).
        surface.fill(theme.current().classic.void, view)
        frame = Layout.of(surface).px(2)
        whole = pygame.Rect(round(view.x + ox), round(view.y + oy), round(maze.cols * tile),
                            round(maze.rows * tile))
        pygame.draw.rect(surface, theme.current().ui.text_dim, whole.inflate(2 * frame, 2 * frame),
                         frame)
        if c1 > c0 and r1 > r0:
            left = round(view.x + ox + c0 * tile)
            top = round(view.y + oy + r0 * tile)
            size = (max(1, round(view.x + ox + c1 * tile) - left),
                    max(1, round(view.y + oy + r1 * tile) - top))
            key = (self._base_version, c0, r0, c1, r1, size)
            if self._scaled is None or self._scaled[0] != key:
                part = base.subsurface((c0, r0, c1 - c0, r1 - r0))
                scale = pygame.transform.smoothscale if tile < 1 else pygame.transform.scale
                self._scaled = (key, scale(part, size))
            surface.blit(self._scaled[1], (left, top))
            if tile >= GRID_LINES_FROM:
                self._draw_lines(surface, (c0, r0, c1, r1))
            if tile >= LOCK_ART_FROM:
                self._draw_locks(surface, (c0, r0, c1, r1))
        self._draw_end(surface, maze.start, theme.current().classic.entrance)
        self._draw_end(surface, maze.goal, theme.current().classic.exit)
        if self._pointer is not None and tile >= 4 and self.field is None:
            hover = self.tile_at(self._pointer)
            if maze.in_bounds(hover):
                x, y = self.tile_centre(hover)
                rect = pygame.Rect(0, 0, math.ceil(tile), math.ceil(tile))
                rect.center = (x, y)
                pygame.draw.rect(surface, theme.current().ui.accent, rect, 2)
        surface.set_clip(clip)

    def _draw_lines(self, surface: pygame.Surface, span: tuple[int, int, int, int]) -> None:
        """Draw faint lines between the tiles of ``span`` (c0, r0, c1, r1)."""
        c0, r0, c1, r1 = span
        colour = theme.current().classic.floor_grout
        view, tile = self.view, self.tile
        ox, oy = view.x + self.origin[0], view.y + self.origin[1]
        for c in range(c0, c1 + 1):
            x = round(ox + c * tile)
            pygame.draw.line(surface, colour, (x, round(oy + r0 * tile)), (x, round(oy + r1 * tile)))
        for r in range(r0, r1 + 1):
            y = round(oy + r * tile)
            pygame.draw.line(surface, colour, (round(ox + c0 * tile), y), (round(ox + c1 * tile), y))

    def _draw_locks(self, surface: pygame.Surface, span: tuple[int, int, int, int]) -> None:
        """Draw the keys and doors of ``span`` (c0, r0, c1, r1) as the game draws them."""
        c0, r0, c1, r1 = span
        part = self.editor.maze.tiles[r0:r1, c0:c1]
        size = math.ceil(self.tile)
        for r, c in zip(*np.nonzero(with_art()[part])):
            rect = pygame.Rect(0, 0, size, size)
            rect.center = self.tile_centre((r0 + int(r), c0 + int(c)))
            draw_kind(surface, rect, int(part[r, c]))

    def _draw_end(self, surface: pygame.Surface, tile: Pos, colour: tuple[int, int, int]) -> None:
        """Draw the start or the exit as a ringed disc, big enough to find at any zoom."""
        centre = self.tile_centre(tile)
        radius = max(5, round(self.tile * 0.42))
        pygame.draw.circle(surface, theme.current().ui.bg_deep, centre, radius + 2)
        pygame.draw.circle(surface, colour, centre, radius)


#: The arrow keys move the maze on screen: (dx, dy) in eighths of the view.
PAN_KEYS = {pygame.K_LEFT: (1, 0), pygame.K_RIGHT: (-1, 0), pygame.K_UP: (0, 1),
            pygame.K_DOWN: (0, -1)}
