"""Every screen around the maze: title, level select, custom maze, settings, help,
pause, level complete and loading.  Each one is a Scene: it reacts to events by
returning the next scene, advances in ``update`` and lays itself out from the size of
the surface it draws on.
"""

from __future__ import annotations

import math
import random
import threading
from typing import TYPE_CHECKING, Any, Callable, Optional

import pygame

from game.levels import LevelSpec
from game.play import ui
from game.play.scene import Context, Scene

if TYPE_CHECKING:  # pragma: no cover - typing only
    from game.maze.grid import Maze
    from game.play.play_scene import RunResult

ALGORITHM_NAMES = {
    "backtracker": "Backtracker",
    "prim": "Prim",
    "division": "Recursive division",
    "dig": "Tile digger",
}

SOLVER_NAMES = {"bfs": "Breadth-first (bfs)", "dfs": "Depth-first (dfs)",
                "stack": "Explicit stack"}


def algorithm_name(spec: LevelSpec) -> str:
    """Return a readable name of the level's generator ("RPG rooms" for room maps)."""
    name = ALGORITHM_NAMES.get(spec.algorithm, spec.algorithm)
    return "RPG rooms" if spec.room_size is not None and spec.algorithm == "division" else name


def fmt_time(seconds: float) -> str:
    """Return a duration as ``m:ss.t``."""
    seconds = max(0.0, float(seconds))
    m, s = divmod(seconds, 60.0)
    return f"{int(m)}:{s:04.1f}"


def save_now(ctx: Context) -> None:
    """Write progress and settings; a failing disk never ends the game, and is told once."""
    notice = ctx.store.write(ctx.progress) if ctx.store is not None else None
    if notice is not None:
        ctx.notice = notice  # the next title screen shows it


def campaign() -> list[LevelSpec]:
    """Return the campaign levels."""
    from game.levels import CAMPAIGN

    return CAMPAIGN


def level_label(index: int, spec: LevelSpec) -> str:
    """Return "Level N · Name" for a campaign level."""
    return f"Level {index + 1} · {spec.name}" if spec.name else f"Level {index + 1}"


def start_level(ctx: Context, index: int) -> "LoadingScene":
    """Return the loading scene of campaign level ``index`` (clamped to the campaign)."""
    levels = campaign()
    index = max(0, min(index, len(levels) - 1))
    return LoadingScene(ctx, levels[index], index, level_label(index, levels[index]))


def custom_label(spec: LevelSpec) -> str:
    """Return the HUD label of a custom maze."""
    return f"Custom · {algorithm_name(spec)} {spec.rows}x{spec.cols}"


def make_play_scene(ctx: Context, maze: "Maze", spec: Optional[LevelSpec],
                    level_index: Optional[int], label: str) -> Scene:
    """Return the gameplay scene of ``maze``."""
    from game.play.play_scene import PlayScene

    return PlayScene(ctx, maze, spec=spec, level_index=level_index, label=label)


class MenuScene(Scene):
    """A menu screen over the faint maze backdrop."""

    backdrop_dim = 170
    #: Menus animate only the backdrop: 60 frames a second is smooth and half the work.
    fps = 60

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.backdrop = ui.MazeBackdrop()

    def update(self, dt: float) -> Optional[Scene]:
        """Animate the backdrop; repeat a held arrow key in the menu, if there is one."""
        self.backdrop.update(dt)
        menu = getattr(self, "menu", None)
        if isinstance(menu, ui.Menu):
            menu.update(dt)
        return None

    def draw_background(self, surface: pygame.Surface) -> None:
        """Fill the surface with the backdrop, dimmed for readability."""
        self.backdrop.draw(surface, self.backdrop_dim)  # it covers the whole surface

    def menu_box(self, surface: pygame.Surface, lay: ui.Layout, menu: ui.Menu, top: int,
                 bottom: int, *, width: float, font_size: int) -> None:
        """Draw ``menu`` on a panel sized to it, centred between ``top`` and ``bottom``."""
        pad = lay.px(14, lo=3)
        area = self.content_rect(lay, top, bottom, width=width)
        h = min(area.height, menu.preferred_height(lay, font_size) + 2 * pad)
        box = pygame.Rect(area.left, area.top + (area.height - h) // 2, area.width, h)
        ui.panel(surface, box, radius=lay.px(16, lo=4))
        menu.draw(surface, box.inflate(-2 * pad, -2 * pad), lay, font_size=font_size)

    def content_rect(self, lay: ui.Layout, top: int, bottom: int,
                     width: float = 620) -> pygame.Rect:
        """Return a centred column between ``top`` and ``bottom``."""
        w = min(lay.width - 2 * lay.margin, max(lay.px(width), min(lay.width - 8, 260)))
        w = max(1, w)
        return pygame.Rect((lay.width - w) // 2, top, w, max(1, bottom - top))


# ---------------------------------------------------------------------------------------
class TitleScene(MenuScene):
    """The title screen: Continue/New game, Level select, Custom maze, Settings, Help, Quit."""

    backdrop_dim = 0

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        # The notice is the player's to read once: this title shows it, later ones do not.
        self.notice, ctx.notice = ctx.notice, None
        self.menu = ui.Menu([
            ui.MenuItem(self._continue_label, self._continue),
            ui.MenuItem("Level select", lambda: LevelSelectScene(self.ctx)),
            ui.MenuItem("Custom maze", lambda: CustomMazeScene(self.ctx)),
            ui.MenuItem("Settings", lambda: SettingsScene(self.ctx, back=TitleScene(self.ctx))),
            ui.MenuItem("Help", lambda: HelpScene(self.ctx, back=TitleScene(self.ctx))),
            ui.MenuItem("Quit", self._quit),
        ], ctx)

    def _has_progress(self) -> bool:

        """Return True once the player has finished or unlocked anything."""
        p = self.ctx.progress
        return p.unlocked > 1 or bool(p.best_times)

    def _continue_index(self) -> int:

        """Return the campaign index Continue starts: the highest unlocked level."""
        return max(0, min(self.ctx.progress.unlocked, len(campaign())) - 1)

    def _continue_label(self) -> str:

        """Return "New game" on a fresh save, else "Continue · Level N"."""
        if self._has_progress():
            return f"Continue · Level {self._continue_index() + 1}"
        return "New game"

    def _continue(self) -> Scene:

        """Start the highest unlocked level."""
        return start_level(self.ctx, self._continue_index())

    def _quit(self) -> None:

        """Ask the App to end the game."""
        self.ctx.quit_requested = True

    def handle_event(self, event: Any) -> Optional[Scene]:
        """Navigate the menu; Esc goes to Quit, and Esc again quits."""
        if ui.event_key(event) == pygame.K_ESCAPE:
            quit_row = len(self.menu.items) - 1
            if self.menu.selected == quit_row:
                self.ctx.quit_requested = True
            else:
                self.menu.select(quit_row)
            return None
        return self.menu.handle_event(event).scene

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the maze motif, the name, the menu and (once) the notice."""
        lay = ui.Layout.of(surface)
        self.draw_background(surface)
        top = lay.px(18, lo=4)
        if self.notice:
            top = self._draw_notice(surface, lay, top)
        bottom = ui.footer(surface, "Arrows + Enter or the mouse  ·  F11 fullscreen  ·  M mute",
                           lay)
        avail = bottom - top
        title_size = max(26, min(lay.font_size(150), int(avail * 0.30)))
        f = ui.fit_font("MIGONG", title_size, lay.width - 2 * lay.margin, bold=True,
                        min_size=22)
        sub = ui.font(max(ui.MIN_FONT, min(lay.font_size(30), f.get_height() // 3)))
        block_h = f.get_height() + sub.get_height()
        title_cy = top + max(f.get_height() // 2, int(avail * 0.16))
        # A dark band behind the name keeps it readable over the maze.
        band = pygame.Rect(0, title_cy - f.get_height() // 2 - lay.px(10),
                           lay.width, block_h + lay.px(20))
        ui.panel(surface, band, alpha=200, radius=0, edge=ui.BG_DEEP)
        ui.draw_text(surface, "MIGONG", f, ui.ACCENT, (lay.width // 2, title_cy),
                     shadow=ui.BG_DEEP)
        ui.draw_text(surface, "a maze game of classic algorithms", sub, ui.TEXT_DIM,
                     (lay.width // 2, title_cy + f.get_height() // 2 + sub.get_height() // 2),
                     max_width=lay.width - 2 * lay.margin)
        menu_top = band.bottom + lay.px(18, lo=4)
        self.menu_box(surface, lay, self.menu, menu_top, bottom - lay.px(4, lo=1), width=520,
                      font_size=44)

    def _draw_notice(self, surface: pygame.Surface, lay: ui.Layout, top: int) -> int:
        """Draw the one-time notice banner at the top; return the y below it."""
        width = lay.width - 2 * lay.margin
        f = ui.font(lay.font_size(26))
        lines = ui.wrap(self.notice or "", f, max(20, width - 2 * lay.px(12, lo=4)))[:3]
        h = len(lines) * f.get_linesize() + 2 * lay.px(10, lo=3)
        rect = pygame.Rect(lay.margin, top, width, h)
        pygame.draw.rect(surface, ui.NOTICE_BG, rect, border_radius=lay.px(10, lo=3))
        pygame.draw.rect(surface, ui.ACCENT, rect, width=1, border_radius=lay.px(10, lo=3))
        y = rect.top + lay.px(10, lo=3)
        for line in lines:
            ui.draw_text(surface, line, f, ui.TEXT, (rect.centerx, y), anchor="midtop",
                         max_width=width)
            y += f.get_linesize()
        return rect.bottom + lay.px(6, lo=2)


# ---------------------------------------------------------------------------------------
class LevelSelectScene(MenuScene):
    """A grid of the campaign: locked levels shown locked, stars and best times shown."""

    def __init__(self, ctx: Context, selected: Optional[int] = None) -> None:
        super().__init__(ctx)
        self.levels = campaign()
        last = max(0, min(ctx.progress.unlocked, len(self.levels)) - 1)
        self.selected = last if selected is None else max(0, min(selected, len(self.levels) - 1))
        self.cols = 6
        self.scroll = 0  # first visible grid row
        self.visible_rows = 4
        self.cells: list[tuple[int, pygame.Rect]] = []
        self.message = ""
        self.message_time = 0.0
        self.held = ui.KeyRepeat()

    def unlocked(self, index: int) -> bool:
        """Return True when campaign level ``index`` may be played."""
        return 0 <= index < self.ctx.progress.unlocked

    def _code(self, spec: LevelSpec) -> str:

        """Return the level code of ``spec`` (the key of its records)."""
        from game.levels import level_code

        return level_code(spec)

    def _move(self, delta: int) -> bool:

        """Move the selection by ``delta`` levels (clamped), with a click; True if it moved."""
        new = max(0, min(len(self.levels) - 1, self.selected + delta))
        if new != self.selected:
            self.selected = new
            self.message = ""
            self.ctx.audio.play("click")
            return True
        return False

    def _held_move(self, key: int, delta: int) -> None:
        """Move now and keep moving while the arrow key is held."""
        self._move(delta)
        self.held.press(key, lambda: self._move(delta))

    def _choose(self, index: int) -> Optional[Scene]:

        """Play level ``index`` if it is unlocked, else say why not."""
        if self.unlocked(index):
            self.ctx.audio.play("click")
            return start_level(self.ctx, index)
        self.ctx.audio.play("bump")
        self.message = f"Locked: finish level {index} to open level {index + 1}"
        self.message_time = 2.5
        return None

    def handle_event(self, event: Any) -> Optional[Scene]:
        """Move over the grid with arrows/mouse; Enter or click plays; Esc goes back."""
        if ui.is_back(event):
            return TitleScene(self.ctx)
        self.held.handle_event(event)
        key = ui.event_key(event)
        if key is not None:
            arrows = {**dict.fromkeys(ui.LEFT_KEYS, -1), **dict.fromkeys(ui.RIGHT_KEYS, 1),
                      **dict.fromkeys(ui.UP_KEYS, -self.cols),
                      **dict.fromkeys(ui.DOWN_KEYS, self.cols)}
            if key in arrows:
                self._held_move(key, arrows[key])
                return None
            self.held.clear()
            if key == pygame.K_HOME:
                self._move(-len(self.levels))
            elif key == pygame.K_END:
                self._move(len(self.levels))
            elif key in ui.CONFIRM_KEYS:
                return self._choose(self.selected)
            return None
        etype = getattr(event, "type", None)
        if etype == pygame.MOUSEMOTION:
            pos = ui.event_hover(event)
            for i, rect in self.cells:
                if pos is not None and rect.collidepoint(pos) and i != self.selected:
                    self._move(i - self.selected)
            return None
        pos = ui.event_click(event)
        if pos is not None:
            for i, rect in self.cells:
                if rect.collidepoint(pos):
                    self.selected = i
                    return self._choose(i)
            return None
        steps = ui.event_wheel(event)
        if steps:
            self._move(-steps * self.cols)
        return None

    def update(self, dt: float) -> Optional[Scene]:
        """Repeat a held arrow key; fade the lock message."""
        self.held.update(dt)
        self.message_time = max(0.0, self.message_time - max(0.0, dt))
        if self.message_time == 0.0:
            self.message = ""
        return super().update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the grid (scrolled to the selection) and the selected level's details."""
        lay = ui.Layout.of(surface)
        self.draw_background(surface)
        top = ui.title_bar(surface, "Level select", lay)
        bottom = ui.footer(surface, "Arrows/mouse choose  ·  Enter/click play  ·  Esc back",
                           lay)
        detail_f = ui.font(lay.font_size(28))
        detail_h = detail_f.get_linesize() * 2 + lay.px(12, lo=4)
        grid_bottom = bottom - detail_h
        area = self.content_rect(lay, top, grid_bottom, width=1100)
        n = len(self.levels)
        gap = lay.px(12, lo=3)
        min_cell = max(52, lay.px(130))
        self.cols = max(1, min(n, 8, (area.width + gap) // (min_cell + gap)))
        cell_w = (area.width - gap * (self.cols - 1)) // self.cols
        rows = -(-n // self.cols)
        cell_h = max(40, min(int(cell_w * 0.8), lay.px(150)))
        self.visible_rows = max(1, min(rows, (area.height + gap) // (cell_h + gap)))
        if self.visible_rows >= rows:
            cell_h = min(cell_h, (area.height + gap) // rows - gap) if rows else cell_h
            cell_h = max(cell_h, 40)
        sel_row = self.selected // self.cols
        if sel_row < self.scroll:
            self.scroll = sel_row
        elif sel_row >= self.scroll + self.visible_rows:
            self.scroll = sel_row - self.visible_rows + 1
        self.scroll = max(0, min(self.scroll, rows - self.visible_rows))
        grid_h = self.visible_rows * (cell_h + gap) - gap
        y0 = area.top + max(0, (area.height - grid_h) // 2)
        self.cells = []
        for i, spec in enumerate(self.levels):
            row, col = divmod(i, self.cols)
            if not self.scroll <= row < self.scroll + self.visible_rows:
                continue
            rect = pygame.Rect(area.left + col * (cell_w + gap),
                               y0 + (row - self.scroll) * (cell_h + gap), cell_w, cell_h)
            self.cells.append((i, rect))
            self._draw_cell(surface, lay, i, spec, rect)
        self._draw_scroll_marks(surface, lay, area, y0, grid_h, rows)
        self._draw_details(surface, lay, detail_f, grid_bottom, bottom)

    def _draw_cell(self, surface: pygame.Surface, lay: ui.Layout, i: int, spec: LevelSpec,
                   rect: pygame.Rect) -> None:
        """Draw one level tile: number, stars, best time, or a lock."""
        open_ = self.unlocked(i)
        chosen = i == self.selected
        radius = max(3, rect.height // 8)
        fill = (40, 48, 76) if open_ else (24, 28, 42)
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        edge = ui.ACCENT if chosen else (ui.PANEL_EDGE if open_ else (38, 44, 64))
        pygame.draw.rect(surface, edge, rect, width=max(1, lay.px(3)) if chosen else 1,
                         border_radius=radius)
        code = self._code(spec)
        num_f = ui.font(max(ui.MIN_FONT, min(rect.height // 2, lay.font_size(56))), bold=True)
        has_time = rect.height >= 3.2 * ui.MIN_FONT and code in self.ctx.progress.best_times
        num_y = rect.top + rect.height * (0.34 if open_ else 0.42)
        ui.draw_text(surface, str(i + 1), num_f, ui.TEXT if open_ else ui.TEXT_OFF,
                     (rect.centerx, num_y))
        if not open_:
            _draw_lock(surface, (rect.centerx, rect.top + rect.height * 0.78),
                       max(4, rect.height // 9))
            return
        stars = self.ctx.progress.stars.get(code, 0)
        star_r = max(3, min(rect.width // 11, rect.height // 9))
        star_y = rect.top + rect.height * (0.64 if has_time else 0.72)
        ui.draw_stars(surface, (rect.centerx, star_y), star_r, stars)
        if has_time:
            tf = ui.font(max(12, min(rect.height // 5, lay.font_size(22))))
            ui.draw_text(surface, fmt_time(self.ctx.progress.best_times[code]), tf,
                         ui.TEXT_DIM, (rect.centerx, rect.bottom - tf.get_height() * 0.7),
                         max_width=rect.width - 4)

    def _draw_scroll_marks(self, surface: pygame.Surface, lay: ui.Layout, area: pygame.Rect,
                           y0: int, grid_h: int, rows: int) -> None:
        """Draw small arrows when rows are hidden above or below."""
        s = lay.px(8, lo=4)
        x = area.right + min(lay.margin // 2, s * 2)
        x = min(x, lay.width - s - 1)
        if self.scroll > 0:
            pygame.draw.polygon(surface, ui.ACCENT, [(x - s, y0 + s), (x + s, y0 + s), (x, y0)])
        if self.scroll + self.visible_rows < rows:
            yb = y0 + grid_h
            pygame.draw.polygon(surface, ui.ACCENT, [(x - s, yb - s), (x + s, yb - s), (x, yb)])

    def _draw_details(self, surface: pygame.Surface, lay: ui.Layout, f: pygame.font.Font,
                      top: int, bottom: int) -> None:
        """Draw the name and facts of the selected level (or the lock message)."""
        spec = self.levels[self.selected]
        code = self._code(spec)
        width = lay.width - 2 * lay.margin
        line1 = level_label(self.selected, spec)
        facts = [algorithm_name(spec), f"{spec.rows}x{spec.cols}"]
        if spec.loops:
            facts.append(f"loops {round(spec.loops * 100)}%")
        facts.append(code)
        if self.message:
            line2, color2 = self.message, ui.DANGER
        elif not self.unlocked(self.selected):
            line2, color2 = f"Locked  ·  {'  ·  '.join(facts[:2])}", ui.TEXT_OFF
        else:
            best = self.ctx.progress.best_times.get(code)
            if best is not None:
                facts.append(f"best {fmt_time(best)}")
            line2, color2 = "  ·  ".join(facts), ui.TEXT_DIM
        mid = (top + bottom) // 2
        f1 = ui.fit_font(line1, f.get_height() * 10 // 9 + 4, width, bold=True)
        ui.draw_text(surface, line1, f1, ui.ACCENT, (lay.width // 2, mid - f.get_linesize() // 2),
                     max_width=width)
        f2 = ui.fit_font(line2, f.get_height() + 6, width, min_size=12)
        ui.draw_text(surface, line2, f2, color2, (lay.width // 2, mid + f.get_linesize() // 2),
                     max_width=width)


def _draw_lock(surface: pygame.Surface, center: tuple[float, float], s: int) -> None:
    """Draw a small padlock."""
    cx, cy = int(center[0]), int(center[1])
    body = pygame.Rect(0, 0, s * 2, int(s * 1.5))
    body.center = (cx, cy + s // 3)
    shackle = pygame.Rect(0, 0, int(s * 1.3), int(s * 1.6))
    shackle.midbottom = (cx, body.top + s // 2)
    pygame.draw.ellipse(surface, ui.TEXT_OFF, shackle, width=max(1, s // 3))
    pygame.draw.rect(surface, ui.TEXT_OFF, body, border_radius=max(1, s // 4))


# ---------------------------------------------------------------------------------------
SIZE_PRESETS: list[tuple[int, int]] = [
    (11, 11), (15, 21), (21, 21), (21, 37), (31, 31), (31, 55), (51, 51), (51, 91),
    (101, 101), (101, 181), (201, 201), (501, 501), (1001, 1001), (2001, 2001),
]
LOOP_STEPS = [0.0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1.0]
ROOM_SIZES: list[Optional[int]] = [None, 2, 3, 4, 5, 6, 8, 10]
MAX_SEED = 999_999_999


class CustomMazeScene(MenuScene):
    """Choose algorithm, size, seed, loops and room size, then start the maze."""

    def __init__(self, ctx: Context, spec: Optional[LevelSpec] = None) -> None:
        super().__init__(ctx)
        from game.maze.generators import GENERATORS

        self.algorithms = list(GENERATORS)
        rng = random.Random()
        spec = spec or self._remembered() or LevelSpec(
            "backtracker" if "backtracker" in self.algorithms else self.algorithms[0], 31, 31,
            rng.randrange(1, 100_000))
        self.algorithm = spec.algorithm if spec.algorithm in self.algorithms else self.algorithms[0]
        self.size_i = min(range(len(SIZE_PRESETS)),
                          key=lambda i: abs(SIZE_PRESETS[i][0] - spec.rows)
                          + abs(SIZE_PRESETS[i][1] - spec.cols))
        self.seed = spec.seed
        self.loops_i = min(range(len(LOOP_STEPS)), key=lambda i: abs(LOOP_STEPS[i] - spec.loops))
        self.room_i = ROOM_SIZES.index(spec.room_size) if spec.room_size in ROOM_SIZES else 0
        self.rng = rng
        self.menu = ui.Menu([
            ui.MenuItem("Algorithm", value=lambda: ALGORITHM_NAMES.get(self.algorithm,
                                                                       self.algorithm),
                        adjust=self._adjust_algorithm),
            ui.MenuItem("Size", value=lambda: "{} x {}".format(*SIZE_PRESETS[self.size_i]),
                        adjust=lambda d: self._cycle("size_i", d, len(SIZE_PRESETS))),
            ui.MenuItem("Seed", value=lambda: str(self.seed), adjust=self._adjust_seed,
                        action=self._reroll),
            ui.MenuItem("Loops", value=lambda: f"{round(LOOP_STEPS[self.loops_i] * 100)} %",
                        adjust=lambda d: self._cycle("loops_i", d, len(LOOP_STEPS))),
            ui.MenuItem("Room size", value=self._room_value,
                        adjust=lambda d: self._cycle("room_i", d, len(ROOM_SIZES)),
                        enabled=lambda: self.algorithm == "division"),
            ui.MenuItem("Start", self._start),
            ui.MenuItem("Back", self._back),
        ], ctx, selected=5)

    def _remembered(self) -> Optional[LevelSpec]:

        """Return the choices last made on this screen (this session or a saved one)."""
        last = getattr(getattr(self.ctx.progress, "settings", None), "custom", None)
        if last is None:
            return None
        return LevelSpec(last.algorithm, last.rows, last.cols, last.seed, last.loops,
                         last.room_size, None, "Custom")

    def _remember(self) -> None:

        """Keep the current choices for the next visit and save them."""
        from game.save import CustomMaze

        settings = getattr(self.ctx.progress, "settings", None)
        if settings is None or not hasattr(settings, "custom"):
            return
        rows, cols = SIZE_PRESETS[self.size_i]
        chosen = CustomMaze(self.algorithm, rows, cols, self.seed, LOOP_STEPS[self.loops_i],
                            ROOM_SIZES[self.room_i])
        if chosen != settings.custom:
            settings.custom = chosen
            save_now(self.ctx)

    def _back(self) -> Scene:

        """Remember the choices and return to the title."""
        self._remember()
        return TitleScene(self.ctx)

    def _cycle(self, attr: str, delta: int, n: int) -> None:

        """Step the index attribute ``attr`` by ``delta`` modulo ``n``."""
        setattr(self, attr, (getattr(self, attr) + delta) % n)

    def _adjust_algorithm(self, delta: int) -> None:

        """Step to the previous or next generator."""
        i = self.algorithms.index(self.algorithm)
        self.algorithm = self.algorithms[(i + delta) % len(self.algorithms)]

    def _adjust_seed(self, delta: int) -> None:

        """Add ``delta`` to the seed (kept in range)."""
        self.seed = max(0, min(MAX_SEED, self.seed + delta))

    def _reroll(self) -> None:

        """Pick a fresh random seed."""
        self.seed = self.rng.randrange(1, 100_000)

    def _room_value(self) -> str:

        """Return the room-size choice as shown in the list."""
        if self.algorithm != "division":
            return "division only"
        size = ROOM_SIZES[self.room_i]
        return "off (classic)" if size is None else f"{size} (RPG rooms)"

    def spec(self) -> LevelSpec:
        """Return the maze the current choices describe."""
        rows, cols = SIZE_PRESETS[self.size_i]
        room = ROOM_SIZES[self.room_i] if self.algorithm == "division" else None
        return LevelSpec(self.algorithm, rows, cols, self.seed, LOOP_STEPS[self.loops_i],
                         room, None, "Custom")

    def _start(self) -> Scene:

        """Return the loading scene of the chosen maze."""
        self._remember()
        spec = self.spec()
        return LoadingScene(self.ctx, spec, None, custom_label(spec))

    def handle_event(self, event: Any) -> Optional[Scene]:
        """Adjust the choices; digits type the seed; Esc goes back."""
        key = ui.event_key(event)
        on_seed = self.menu.selected == 2
        if on_seed and key is not None:
            digit = _digit(key)
            if digit is not None:
                self.seed = min(MAX_SEED, self.seed * 10 + digit) if self.seed < 10**8 else digit
                return None
            if key == pygame.K_BACKSPACE:
                self.seed //= 10
                return None
        if ui.is_back(event):
            return self._back()
        return self.menu.handle_event(event).scene

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the options list."""
        lay = ui.Layout.of(surface)
        self.draw_background(surface)
        top = ui.title_bar(surface, "Custom maze", lay)
        hint = ("Left/Right change  ·  digits type the seed  ·  Enter on Seed rolls a new one"
                if self.menu.selected == 2 else
                "Up/Down choose  ·  Left/Right change  ·  Enter start  ·  Esc back")
        bottom = ui.footer(surface, hint, lay)
        self.menu_box(surface, lay, self.menu, top, bottom, width=820, font_size=38)


def _digit(key: int) -> Optional[int]:
    """Return the digit a number key (main row or keypad) types, or None."""
    if pygame.K_0 <= key <= pygame.K_9:
        return key - pygame.K_0
    keypad = [pygame.K_KP0, pygame.K_KP1, pygame.K_KP2, pygame.K_KP3, pygame.K_KP4,
              pygame.K_KP5, pygame.K_KP6, pygame.K_KP7, pygame.K_KP8, pygame.K_KP9]
    return keypad.index(key) if key in keypad else None


# ---------------------------------------------------------------------------------------
#: The hint speeds the game itself steps through with [ and ] (game.play.hint.SPEEDS),
#: within what the save keeps: a speed between them would be rounded away in play.
ANIM_SPEEDS = [0.25, 0.5, 1.0, 2.0, 4.0, 8.0]


class SettingsScene(MenuScene):
    """Volume, mute, fullscreen, hint animation speed and default solver; saved on change."""

    def __init__(self, ctx: Context, back: Optional[Scene] = None) -> None:
        super().__init__(ctx)
        self.back = back
        from game.maze.solvers import SOLVERS

        self.solvers = list(SOLVERS)
        self.menu = ui.Menu([
            ui.MenuItem("Volume", value=lambda: f"{round(self.settings.volume * 100)} %",
                        adjust=self._adjust_volume),
            ui.MenuItem("Sound", value=lambda: "muted" if self.settings.muted else "on",
                        adjust=lambda d: self._toggle_mute(), repeat=False),
            ui.MenuItem("Fullscreen", value=lambda: "on" if self.settings.fullscreen else "off",
                        adjust=lambda d: self._toggle_fullscreen(), repeat=False),
            ui.MenuItem("Hint speed", value=lambda: f"{self.settings.anim_speed:g} x",
                        adjust=self._adjust_speed),
            ui.MenuItem("Default solver",
                        value=lambda: SOLVER_NAMES.get(self.settings.default_solver,
                                                       self.settings.default_solver),
                        adjust=self._adjust_solver),
            ui.MenuItem("Back", self._leave),
        ], ctx)

    @property
    def settings(self) -> Any:
        """Return the live settings."""
        return self.ctx.progress.settings

    def _changed(self) -> None:

        """Save the settings after a change."""
        save_now(self.ctx)

    def _adjust_volume(self, delta: int) -> None:

        """Change the volume by ten percent steps."""
        v = round(min(1.0, max(0.0, self.settings.volume + 0.1 * delta)), 2)
        self.settings.volume = v
        self.ctx.audio.set_volume(v)
        self._changed()

    def _toggle_mute(self) -> None:

        """Mute or unmute."""
        self.settings.muted = bool(self.ctx.audio.toggle_mute())
        self._changed()

    def _toggle_fullscreen(self) -> None:

        """Flip the fullscreen setting."""
        # The App watches this setting and switches the window mode.
        self.settings.fullscreen = not self.settings.fullscreen
        self._changed()

    def _adjust_speed(self, delta: int) -> None:

        """Step the hint animation speed through ANIM_SPEEDS."""
        cur = self.settings.anim_speed
        i = min(range(len(ANIM_SPEEDS)), key=lambda k: abs(ANIM_SPEEDS[k] - cur))
        self.settings.anim_speed = ANIM_SPEEDS[max(0, min(len(ANIM_SPEEDS) - 1, i + delta))]
        self._changed()

    def _adjust_solver(self, delta: int) -> None:

        """Step to the previous or next solver."""
        cur = self.settings.default_solver
        i = self.solvers.index(cur) if cur in self.solvers else 0
        self.settings.default_solver = self.solvers[(i + delta) % len(self.solvers)]
        self._changed()

    def _leave(self) -> Scene:

        """Save and return to the screen that opened the settings."""
        save_now(self.ctx)
        return self.back if self.back is not None else TitleScene(self.ctx)

    def handle_event(self, event: Any) -> Optional[Scene]:
        """Change a setting with Left/Right/Enter/click; Esc goes back."""
        if ui.is_back(event):
            return self._leave()
        return self.menu.handle_event(event).scene

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the settings list."""
        lay = ui.Layout.of(surface)
        self.draw_background(surface)
        top = ui.title_bar(surface, "Settings", lay)
        bottom = ui.footer(surface, "Up/Down choose  ·  Left/Right change  ·  Esc back", lay)
        self.menu_box(surface, lay, self.menu, top, bottom, width=820, font_size=38)


# ---------------------------------------------------------------------------------------
HELP_SECTIONS: list[tuple[str, list[tuple[str, str]]]] = [
    ("Walking", [
        ("Arrows / WASD", "walk; hold to keep going"),
        ("+  -  wheel", "zoom in and out"),
        ("F or Z", "see the whole maze"),
        ("Esc", "pause menu"),
    ]),
    ("The hint", [
        ("H", "show the way out from here"),
        ("Tab or 1 2 3", "solver: bfs, dfs, stack"),
        ("[  ]", "slower / faster hint"),
        ("Space", "skip to the path"),
    ]),
    ("Menus and window", [
        ("Arrows, Enter", "choose (or use the mouse)"),
        ("Left / Right", "change a setting"),
        ("Esc", "go back"),
        ("F11", "toggle fullscreen"),
        ("M", "mute / unmute"),
    ]),
]


class HelpScene(MenuScene):
    """All the keys, grouped; scrolls when the window is too small to show them at once."""

    def __init__(self, ctx: Context, back: Optional[Scene] = None) -> None:
        super().__init__(ctx)
        self.back = back
        self.scroll = 0
        self.max_scroll = 0
        self.held = ui.KeyRepeat()

    def _scroll_by(self, delta: int) -> bool:

        """Scroll by ``delta`` lines (clamped); return True when it scrolled."""
        new = max(0, min(self.max_scroll, self.scroll + delta))
        moved, self.scroll = new != self.scroll, new
        return moved

    def handle_event(self, event: Any) -> Optional[Scene]:
        """Scroll with Up/Down (held: keeps scrolling) or the wheel; Esc/Enter/click go back."""
        self.held.handle_event(event)
        key = ui.event_key(event)
        if ui.is_back(event) or key in ui.CONFIRM_KEYS or ui.event_click(event) is not None:
            return self.back if self.back is not None else TitleScene(self.ctx)
        if key in ui.UP_KEYS or key in ui.DOWN_KEYS:
            delta = -1 if key in ui.UP_KEYS else 1
            self._scroll_by(delta)
            self.held.press(key, lambda: self._scroll_by(delta))
        elif key is not None:
            self.held.clear()
        steps = ui.event_wheel(event)
        if steps:
            self.scroll = max(0, min(self.max_scroll, self.scroll - steps))
        return None

    def update(self, dt: float) -> Optional[Scene]:
        """Repeat a held Up/Down; animate the backdrop."""
        self.held.update(dt)
        return super().update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the key table in one or two columns, scrolled if needed."""
        lay = ui.Layout.of(surface)
        self.draw_background(surface)
        top = ui.title_bar(surface, "Help", lay)
        bottom = ui.footer(surface, "Esc, Enter or click to go back", lay)
        box = self.content_rect(lay, top, bottom, width=1120)
        pad = lay.px(20, lo=4)
        ui.panel(surface, box, radius=lay.px(16, lo=4))
        inner = box.inflate(-2 * pad, -2 * pad)
        sections = [[(t, "", True)] + [(k, v, False) for k, v in keys]
                    for t, keys in HELP_SECTIONS]
        two_cols = inner.width > 760
        if two_cols:
            columns = [sections[0] + sections[1], [r for sec in sections[2:] for r in sec]]
        else:
            columns = [[r for sec in sections for r in sec]]
        n_lines = max(len(c) for c in columns)
        col_gap = pad
        col_w = (inner.width - col_gap * (len(columns) - 1)) // len(columns)
        line_h = max(ui.MIN_FONT + 4, min(lay.px(44), inner.height // max(1, n_lines)))
        size = max(ui.MIN_FONT, min(lay.font_size(30), int(line_h * 0.9)))
        keys = [k for c in columns for k, _, h in c if not h]
        values = [v for c in columns for _, v, h in c if not h]
        key_w = max(ui.font(size, bold=True).size(k)[0] for k in keys) + pad
        key_w = min(key_w, int(col_w * 0.42))
        for v in values:  # one size for the whole table
            size = min(size, ui._fit(v, size, col_w - key_w - pad // 2))
        for k in keys:
            while size > ui.MIN_FONT and ui.font(size, bold=True).size(k)[0] > key_w - pad // 2:
                size -= 1
        kf, vf, hf = ui.font(size, bold=True), ui.font(size), ui.font(size + 2, bold=True)
        shown = max(1, inner.height // line_h)
        self.max_scroll = max(0, n_lines - shown)
        self.scroll = min(self.scroll, self.max_scroll)
        for ci, col in enumerate(columns):
            x = inner.left + ci * (col_w + col_gap)
            for li, (k, v, heading) in enumerate(col[self.scroll:self.scroll + shown]):
                y = inner.top + li * line_h + line_h // 2
                if heading:
                    ui.draw_text(surface, k, hf, ui.ACCENT, (x, y), anchor="midleft",
                                 max_width=col_w)
                    continue
                ui.draw_text(surface, k, kf, ui.TEAL, (x + pad // 2, y), anchor="midleft",
                             max_width=key_w - pad // 2)
                ui.draw_text(surface, v, vf, ui.TEXT, (x + key_w, y), anchor="midleft",
                             max_width=col_w - key_w)
        if self.max_scroll:
            s = lay.px(8, lo=4)
            x = box.right - s - 2
            if self.scroll > 0:
                pygame.draw.polygon(surface, ui.ACCENT,
                                    [(x - s, inner.top + s), (x + s, inner.top + s), (x, inner.top)])
            if self.scroll < self.max_scroll:
                yb = inner.bottom
                pygame.draw.polygon(surface, ui.ACCENT,
                                    [(x - s, yb - s), (x + s, yb - s), (x, yb)])


# ---------------------------------------------------------------------------------------
class PauseScene(Scene):
    """Esc during play: Resume, Restart, Settings, Quit to title, over the dimmed maze."""

    #: Nothing moves behind the pause menu.
    fps = 30

    def __init__(self, ctx: Context, play_scene: Scene) -> None:
        super().__init__(ctx)
        self.play_scene = play_scene
        self._snapshot: Optional[pygame.Surface] = None
        self.menu = ui.Menu([
            ui.MenuItem("Resume", lambda: self.play_scene),
            ui.MenuItem("Restart", self._restart),
            ui.MenuItem("Settings", lambda: SettingsScene(self.ctx, back=self)),
            ui.MenuItem("Quit to title", lambda: TitleScene(self.ctx)),
        ], ctx)

    def _restart(self) -> Scene:

        """Return a fresh run of the paused maze."""
        p = self.play_scene
        return make_play_scene(self.ctx, getattr(p, "maze"), getattr(p, "spec", None),
                               getattr(p, "level_index", None), getattr(p, "label", ""))

    def update(self, dt: float) -> Optional[Scene]:
        """Repeat a held arrow key in the menu."""
        self.menu.update(dt)
        return None

    def handle_event(self, event: Any) -> Optional[Scene]:
        """Esc resumes; the menu does the rest."""
        if ui.event_key(event) == pygame.K_ESCAPE:
            return self.play_scene
        self._snapshot = None if getattr(event, "type", None) in _RESIZE_EVENTS else self._snapshot
        return self.menu.handle_event(event).scene

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the frozen play view dimmed, then the pause menu."""
        lay = ui.Layout.of(surface)
        if self._snapshot is None or self._snapshot.get_size() != surface.get_size():
            self._snapshot = pygame.Surface(surface.get_size())
            self.play_scene.draw(self._snapshot)
            ui.dim(self._snapshot, 160)
        surface.blit(self._snapshot, (0, 0))
        f = ui.font(lay.font_size(72, lo=22), bold=True)
        menu_h = min(lay.height - 2 * lay.margin - f.get_height(),
                     self.menu.preferred_height(lay, 42))
        box_h = f.get_height() + menu_h + lay.px(40, lo=8)
        box_w = min(lay.width - 2 * lay.margin, max(lay.px(460), 240))
        box = pygame.Rect(0, 0, box_w, box_h)
        box.center = (lay.width // 2, lay.height // 2)
        ui.panel(surface, box, radius=lay.px(18, lo=4))
        ui.draw_text(surface, "Paused", f, ui.ACCENT,
                     (box.centerx, box.top + lay.px(14, lo=3) + f.get_height() // 2),
                     shadow=ui.BG_DEEP)
        pad = lay.px(16, lo=3)
        area = pygame.Rect(box.left + pad, box.top + lay.px(20, lo=4) + f.get_height(),
                           box.width - 2 * pad, menu_h)
        self.menu.draw(surface, area, lay, font_size=42)


_RESIZE_EVENTS = (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED)


# ---------------------------------------------------------------------------------------
class LevelCompleteScene(MenuScene):
    """The result of a run: time, moves against optimal, stars and records."""

    def __init__(self, ctx: Context, result: "RunResult") -> None:
        super().__init__(ctx)
        from game.levels import level_code, star_rating

        self.result = result
        self.optimal = max(0, int(result.optimal))
        self.moves = max(0, int(result.moves))
        self.stars = star_rating(self.moves, self.optimal, max(0, int(result.hints_used)))
        self.efficiency = 100 if self.moves == 0 else min(100, round(100 * self.optimal / self.moves))
        self.code: Optional[str] = None
        self.best: Optional[float] = None
        self.new_best = False
        self.unlocked_next = False
        if result.spec is not None:
            from game.save import record_result

            try:
                self.code = level_code(result.spec)
            except ValueError:
                self.code = None
            if self.code is not None:
                rec = record_result(ctx.progress, self.code, float(result.time), self.moves,
                                    self.stars, result.level_index)
                self.new_best = rec.new_best_time
                self.unlocked_next = rec.unlocked_next
                self.best = ctx.progress.best_times.get(self.code)
                save_now(ctx)
        self.t = 0.0
        levels = campaign()
        idx = result.level_index
        self.has_next = idx is not None and idx + 1 < len(levels)
        items = []
        if self.has_next:
            items.append(ui.MenuItem("Next level", self._next))
        elif idx is None and result.spec is not None:
            items.append(ui.MenuItem("New maze", self._next))
        title = ui.MenuItem("Title", lambda: TitleScene(self.ctx))
        items.extend([ui.MenuItem("Retry", self._retry), title] if items
                     else [title, ui.MenuItem("Retry", self._retry)])
        self.menu = ui.Menu(items, ctx)

    def _next(self) -> Scene:

        """Return the next level (or, for a custom maze, a new one like it)."""
        r = self.result
        if r.level_index is not None and self.has_next:
            return start_level(self.ctx, r.level_index + 1)
        if r.level_index is None and r.spec is not None:
            spec = LevelSpec(r.spec.algorithm, r.spec.rows, r.spec.cols,
                             random.Random().randrange(1, 100_000), r.spec.loops,
                             r.spec.room_size, r.spec.rank, r.spec.name)
            return LoadingScene(self.ctx, spec, None, custom_label(spec))
        return TitleScene(self.ctx)

    def _retry(self) -> Scene:

        """Return a fresh run of the same maze."""
        r = self.result
        return make_play_scene(self.ctx, r.maze, r.spec, r.level_index, r.label)

    def handle_event(self, event: Any) -> Optional[Scene]:
        """Enter next level, R retry, Esc title; arrows/mouse pick a button."""
        key = ui.event_key(event)
        if key == pygame.K_ESCAPE:
            return TitleScene(self.ctx)
        if key == pygame.K_r:
            return self._retry()
        if key in ui.LEFT_KEYS:
            self.menu.move(-1)
            return None
        if key in ui.RIGHT_KEYS:
            self.menu.move(1)
            return None
        return self.menu.handle_event(event).scene

    def update(self, dt: float) -> Optional[Scene]:
        """Animate the stars popping in."""
        self.t += max(0.0, dt)
        return super().update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the stars, the figures and the buttons."""
        lay = ui.Layout.of(surface)
        self.draw_background(surface)
        r = self.result
        last = r.level_index is not None and not self.has_next
        title = "Campaign complete!" if last else "Level complete!"
        top = ui.title_bar(surface, title, lay)
        first = self.menu.items[0].text().lower()
        bottom = ui.footer(surface, f"Enter {first}  ·  R retry  ·  Esc title", lay)
        box = self.content_rect(lay, top, bottom, width=760)
        ui.panel(surface, box, radius=lay.px(18, lo=4))
        pad = lay.px(18, lo=4)
        inner = box.inflate(-2 * pad, -2 * pad)
        label_f = ui.fit_font(r.label or "Maze", lay.font_size(32), inner.width, min_size=12)
        y = inner.top + label_f.get_height() // 2
        ui.draw_text(surface, r.label or "Maze", label_f, ui.TEXT_DIM, (inner.centerx, y),
                     max_width=inner.width)
        y += label_f.get_height() // 2
        rows = [
            ("Time", fmt_time(r.time)),
            ("Moves", str(self.moves)),
            ("Optimal moves", str(self.optimal)),
            ("Efficiency", f"{self.efficiency} %"),
            ("Hints used", str(r.hints_used)),
        ]
        if self.best is not None:
            rows.append(("Best time", fmt_time(self.best) + ("   new best!" if self.new_best
                                                            else "")))
        button_h = max(ui.MIN_FONT + 10, min(lay.px(64), inner.height // 6))
        avail = inner.bottom - button_h - lay.px(12, lo=2) - y
        star_r = max(6, min(lay.px(34), avail // 7))
        line_h = max(ui.MIN_FONT + 2, min(lay.px(40), (avail - star_r * 3) // len(rows)))
        block = star_r * 2 + lay.px(22, lo=4) + line_h * len(rows)
        y += max(lay.px(6, lo=1), (avail - block) // 2)
        y += star_r
        self._draw_popping_stars(surface, (inner.centerx, y), star_r)
        y += star_r + lay.px(22, lo=4)
        f = ui.font(max(ui.MIN_FONT, min(lay.font_size(32), int(line_h * 0.95))))
        for name, value in rows:
            cy = y + line_h // 2
            ui.draw_text(surface, name, f, ui.TEXT_DIM, (inner.centerx - pad // 2, cy),
                         anchor="midright", max_width=inner.width // 2 - pad)
            color = ui.ACCENT if name == "Best time" and self.new_best else ui.TEXT
            ui.draw_text(surface, value, f, color, (inner.centerx + pad // 2, cy),
                         anchor="midleft", max_width=inner.width // 2 - pad)
            y += line_h
        if self.unlocked_next and self.has_next and r.level_index is not None:
            note = f"Level {r.level_index + 2} unlocked"
            nf = ui.fit_font(note, lay.font_size(28), inner.width, min_size=12)
            ny = min(y + nf.get_height(), inner.bottom - button_h - nf.get_height() // 2 - 2)
            if ny - nf.get_height() // 2 >= y - line_h // 4:
                ui.draw_text(surface, note, nf, ui.TEAL, (inner.centerx, ny),
                             max_width=inner.width)
        area = pygame.Rect(inner.left, inner.bottom - button_h, inner.width, button_h)
        self._draw_buttons(surface, lay, area)

    def _draw_popping_stars(self, surface: pygame.Surface, center: tuple[int, int],
                            radius: int) -> None:
        """Draw the three stars, earned ones growing in one after another."""
        gap = radius * 2.6
        for i in range(3):
            c = (center[0] + (i - 1) * gap, center[1])
            grow = min(1.0, max(0.0, (self.t - 0.25 * i) * 4.0))
            if i < self.stars:
                rr = radius * (0.6 + 0.4 * grow + 0.15 * math.sin(math.pi * grow))
                pygame.draw.polygon(surface, ui.ACCENT if grow > 0 else ui.TEXT_OFF,
                                    ui.star_points(c, rr), width=0 if grow > 0 else 2)
            else:
                pygame.draw.polygon(surface, ui.TEXT_OFF, ui.star_points(c, radius),
                                    width=max(1, radius // 8))

    def _draw_buttons(self, surface: pygame.Surface, lay: ui.Layout,
                      area: pygame.Rect) -> None:
        """Draw the menu as a row of buttons (mouse rects come from here)."""
        n = len(self.menu.items)
        gap = lay.px(12, lo=3)
        w = (area.width - gap * (n - 1)) // n
        self.menu.rects = []
        self.menu.arrow_rects = []
        for i, item in enumerate(self.menu.items):
            r = pygame.Rect(area.left + i * (w + gap), area.top, w, area.height)
            self.menu.rects.append(r)
            self.menu.arrow_rects.append((None, None))
            chosen = i == self.menu.selected
            pygame.draw.rect(surface, ui.ACCENT if chosen else (40, 48, 76), r,
                             border_radius=max(3, r.height // 4))
            text = item.text()
            f = ui.fit_font(text, min(lay.font_size(34), int(r.height * 0.8)), r.width - 8,
                            min_size=12)
            ui.draw_text(surface, text, f, ui.ACCENT_DARK if chosen else ui.TEXT, r.center,
                         max_width=r.width - 6)


# ---------------------------------------------------------------------------------------
class LoadingScene(MenuScene):
    """Build a maze and its play scene in a worker thread while a spinner turns.

    The play scene's set-up (tile classes, the 1 px map surface) is off-screen work, so
    it runs in the worker too; images that need the display are loaded beforehand on the
    main thread.  Small mazes are ready within the first update, so the spinner never
    flashes.
    """

    #: How long the first update waits for the worker before showing the spinner.
    FIRST_WAIT = 0.12

    def __init__(self, ctx: Context, spec: LevelSpec, level_index: Optional[int],
                 label: str) -> None:
        super().__init__(ctx)
        self.spec = spec
        self.level_index = level_index
        self.label = label
        self.maze: Optional["Maze"] = None
        self.play: Optional[Scene] = None
        self.error: Optional[str] = None
        self.elapsed = 0.0
        self.thread: Optional[threading.Thread] = None
        self.builder: Callable[[LevelSpec], "Maze"] = _build
        self.drawing = False  # the maze exists; the map is being drawn

    def _work(self) -> None:

        """Build the maze, then its play scene (worker thread); keep any error message."""
        try:
            self.maze = self.builder(self.spec)
            self.drawing = True
            self.play = make_play_scene(self.ctx, self.maze, self.spec, self.level_index,
                                        self.label)
        except Exception as exc:  # shown to the player instead of crashing the loop
            self.error = f"{type(exc).__name__}: {exc}"

    def start(self) -> None:
        """Load display-bound images here, then start the worker thread (once)."""
        if self.thread is None:
            from game.play.play_scene import preload_images

            preload_images(self.ctx, self.spec)
            self.thread = threading.Thread(target=self._work, name="migong-build", daemon=True)
            self.thread.start()

    def handle_event(self, event: Any) -> Optional[Scene]:
        """Esc cancels (the worker finishes unseen); after an error any key goes back."""
        if ui.is_back(event) or (self.error and (ui.event_key(event) is not None
                                                 or ui.event_click(event) is not None)):
            return TitleScene(self.ctx)
        return None

    def update(self, dt: float) -> Optional[Scene]:
        """Start or poll the worker; return the play scene once the maze exists."""
        first = self.thread is None
        self.start()
        assert self.thread is not None
        if first:
            self.thread.join(self.FIRST_WAIT)
        self.elapsed += max(0.0, dt)
        super().update(dt)
        if self.thread.is_alive() or self.error:
            return None
        if self.play is None:
            self.error = "the maze could not be built"
            return None
        return self.play

    def draw(self, surface: pygame.Surface) -> None:
        """Draw a spinner, what is being built and for how long (or the error)."""
        lay = ui.Layout.of(surface)
        self.draw_background(surface)
        cx, cy = lay.width // 2, lay.height // 2
        f = ui.fit_font(self.label, lay.font_size(48), lay.width - 2 * lay.margin, bold=True)
        small = ui.font(lay.font_size(28))
        if self.error:
            ui.draw_text(surface, "Could not build this maze", f, ui.DANGER,
                         (cx, cy - f.get_height()), max_width=lay.width - 2 * lay.margin)
            for i, line in enumerate(ui.wrap(self.error, small,
                                             lay.width - 2 * lay.margin)[:3]):
                ui.draw_text(surface, line, small, ui.TEXT, (cx, cy + i * small.get_linesize()))
            ui.footer(surface, "Press any key to go back", lay)
            return
        radius = max(10, min(lay.px(46), lay.height // 8))
        spin_cy = cy - radius // 2
        _draw_spinner(surface, (cx, spin_cy), radius, self.elapsed)
        ui.draw_text(surface, self.label, f, ui.ACCENT,
                     (cx, spin_cy + radius + lay.px(20, lo=4) + f.get_height() // 2),
                     max_width=lay.width - 2 * lay.margin)
        spec = self.spec
        what = ("Drawing the map" if self.drawing else
                f"Building a {spec.rows} x {spec.cols} {algorithm_name(spec).lower()} maze")
        line = f"{what}  ·  {self.elapsed:.1f} s"
        ui.draw_text(surface, line, small, ui.TEXT_DIM,
                     (cx, spin_cy + radius + lay.px(28, lo=6) + f.get_height()
                      + small.get_height()), max_width=lay.width - 2 * lay.margin)
        ui.footer(surface, "Esc cancels", lay)


def _build(spec: LevelSpec) -> "Maze":
    """Generate the maze of ``spec`` (runs in the worker thread)."""
    from game.levels import build_level

    return build_level(spec)


def _draw_spinner(surface: pygame.Surface, center: tuple[int, int], radius: int,
                  t: float) -> None:
    """Draw a ring of twelve tiles, one bright and fading behind, turning with time."""
    n = 12
    head = int(t * 12) % n
    size = max(3, radius // 4)
    for i in range(n):
        a = 2 * math.pi * i / n - math.pi / 2
        age = (head - i) % n
        shade = max(0.15, 1.0 - age / 8)
        color = tuple(int(ui.BG[k] + (ui.ACCENT[k] - ui.BG[k]) * shade) for k in range(3))
        r = pygame.Rect(0, 0, size, size)
        r.center = (int(center[0] + radius * math.cos(a)), int(center[1] + radius * math.sin(a)))
        pygame.draw.rect(surface, color, r, border_radius=max(1, size // 4))
