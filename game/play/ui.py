"""Shared look and widgets of the menu scenes: palette, fonts, text, layout, menu list.

Everything lays out from the size of the surface it draws on, so every screen reads at
any window size.  Nothing here touches the display or loads anything at import time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Optional, Sequence, Union

import pygame

if TYPE_CHECKING:  # pragma: no cover - typing only
    from game.play.scene import Context, Scene

Color = tuple[int, int, int]

# -- palette -----------------------------------------------------------------------------
BG: Color = (13, 16, 28)
BG_DEEP: Color = (8, 10, 18)
MAZE_WALL: Color = (25, 31, 52)
MAZE_GLOW: Color = (242, 193, 78)
PANEL: Color = (22, 27, 44)
PANEL_EDGE: Color = (52, 62, 96)
TEXT: Color = (214, 221, 240)
TEXT_DIM: Color = (128, 138, 168)
TEXT_OFF: Color = (78, 86, 112)
ACCENT: Color = (242, 193, 78)
ACCENT_DARK: Color = (26, 22, 10)
TEAL: Color = (84, 214, 196)
DANGER: Color = (236, 104, 96)
NOTICE_BG: Color = (74, 52, 18)

#: Readable floor for any text, in pygame.font.Font(None, size) units.
MIN_FONT = 14

_fonts: dict[tuple[int, bool], pygame.font.Font] = {}
#: Rendered text by (font, text, colour): menus redraw the same words every frame.
#: Colours are keyed as ``tuple(color)`` so a list or pygame.Color hashes the same way.
_texts: dict[tuple[int, str, tuple[int, ...]], pygame.Surface] = {}
#: Translucent panels by (size, alpha, radius, edge).
_panels: dict[tuple[int, int, int, int, tuple[int, ...]], pygame.Surface] = {}
CACHE_LIMIT = 600


def font(size: int, *, bold: bool = False) -> pygame.font.Font:
    """Return the game font at ``size`` (cached; initialises pygame.font on first use)."""
    size = max(6, int(size))
    key = (size, bold)
    cached = _fonts.get(key)
    if cached is not None:
        try:
            cached.get_height()
        except pygame.error:  # pygame.font was shut down and restarted since
            _fonts.clear()
            _texts.clear()
            cached = None
    if cached is None:
        if not pygame.font.get_init():
            pygame.font.init()
        cached = pygame.font.Font(None, size)
        cached.set_bold(bold)
        _fonts[key] = cached
    return cached


def fit_font(text: str, size: int, max_width: int, *, bold: bool = False,
             min_size: int = MIN_FONT) -> pygame.font.Font:
    """Return the largest font no bigger than ``size`` that fits ``text`` in ``max_width``."""
    size = max(min_size, int(size))
    f = font(size, bold=bold)
    while size > min_size and f.size(text)[0] > max_width:
        size = max(min_size, int(size * 0.9))
        f = font(size, bold=bold)
    return f


def ellipsize(text: str, f: pygame.font.Font, max_width: int) -> str:
    """Return ``text`` shortened with an ellipsis so it fits ``max_width`` pixels."""
    if f.size(text)[0] <= max_width:
        return text
    while text and f.size(text + "...")[0] > max_width:
        text = text[:-1]
    return text.rstrip() + "..." if text else ""


def render(f: pygame.font.Font, text: str, color: Color) -> pygame.Surface:
    """Return ``text`` rendered antialiased in ``color`` (cached)."""
    key = (id(f), text, tuple(color))
    img = _texts.get(key)
    if img is None:
        if len(_texts) > CACHE_LIMIT:
            _texts.clear()
        img = _texts[key] = f.render(text, True, color)
    return img


def draw_text(surface: pygame.Surface, text: str, f: pygame.font.Font, color: Color,
              pos: tuple[float, float], *, anchor: str = "center",
              max_width: Optional[int] = None, shadow: Optional[Color] = None) -> pygame.Rect:
    """Draw one line of text anchored at ``pos`` ("center", "midleft", "topleft", ...)."""
    if max_width is not None:
        text = ellipsize(text, f, max(0, max_width))
    img = render(f, text, color)
    rect = img.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
    if shadow is not None:
        off = max(1, f.get_height() // 16)
        surface.blit(render(f, text, shadow), rect.move(off, off))
    surface.blit(img, rect)
    return rect


def wrap(text: str, f: pygame.font.Font, max_width: int) -> list[str]:
    """Split ``text`` into lines no wider than ``max_width`` (long words are ellipsized)."""
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split():
            trial = f"{line} {word}".strip()
            if f.size(trial)[0] <= max_width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(ellipsize(line, f, max_width))
    return lines


# -- layout ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Layout:
    """Sizes derived from a surface: a scale factor against 1280x720 and handy spans."""

    width: int
    height: int

    @classmethod
    def of(cls, surface: pygame.Surface) -> "Layout":
        """Return the layout of ``surface``."""
        w, h = surface.get_size()
        return cls(max(1, w), max(1, h))

    @property
    def scale(self) -> float:
        """Return the size factor relative to a 1280x720 window."""
        return min(self.width / 1280.0, self.height / 720.0)

    def px(self, n: float, *, lo: int = 1, hi: Optional[int] = None) -> int:
        """Return ``n`` design pixels scaled to this surface, clamped to ``lo``..``hi``."""
        v = max(lo, int(round(n * self.scale)))
        return v if hi is None else min(hi, v)

    def font_size(self, n: float, *, lo: int = MIN_FONT) -> int:
        """Return a font size of ``n`` design units, never below ``lo``."""
        return max(lo, int(round(n * self.scale)))

    @property
    def rect(self) -> pygame.Rect:
        """Return the whole surface as a rect."""
        return pygame.Rect(0, 0, self.width, self.height)

    @property
    def margin(self) -> int:
        """Return the outer margin."""
        return self.px(32, lo=6)


# -- event helpers (bad or partial events never raise) --------------------------------------
def event_key(event: Any) -> Optional[int]:
    """Return the key of a KEYDOWN event, or None."""
    if getattr(event, "type", None) != pygame.KEYDOWN:
        return None
    key = getattr(event, "key", None)
    return key if isinstance(key, int) else None


def event_pos(event: Any) -> Optional[tuple[int, int]]:
    """Return the mouse position carried by ``event`` as two ints, or None."""
    pos = getattr(event, "pos", None)
    try:
        x, y = pos  # type: ignore[misc]
        return int(x), int(y)
    except (TypeError, ValueError, OverflowError):
        return None


def event_hover(event: Any) -> Optional[tuple[int, int]]:
    """Return where the pointer moved to, or None when ``event`` is no real move.

    A window that appears or changes size under a still pointer gets a MOUSEMOTION
    with ``rel == (0, 0)``; that is not the player pointing at anything.
    """
    if getattr(event, "type", None) != pygame.MOUSEMOTION:
        return None
    rel = getattr(event, "rel", None)
    try:
        if rel is not None and not any(int(v) for v in rel):  # type: ignore[union-attr]
            return None
    except (TypeError, ValueError, OverflowError):
        pass
    return event_pos(event)


def event_click(event: Any) -> Optional[tuple[int, int]]:
    """Return the position of a left click (button down), or None."""
    if getattr(event, "type", None) != pygame.MOUSEBUTTONDOWN:
        return None
    if getattr(event, "button", None) != 1:
        return None
    return event_pos(event)


def event_wheel(event: Any) -> int:
    """Return the vertical wheel steps of a MOUSEWHEEL event (up positive), else 0."""
    if getattr(event, "type", None) != pygame.MOUSEWHEEL:
        return 0
    y = getattr(event, "y", 0)
    try:
        return max(-10, min(10, int(y)))
    except (TypeError, ValueError, OverflowError):
        return 0


def is_back(event: Any) -> bool:
    """Return True for the "go back" gestures: Esc, Backspace or a right click."""
    key = event_key(event)
    if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
        return True
    return (getattr(event, "type", None) == pygame.MOUSEBUTTONDOWN
            and getattr(event, "button", None) == 3)


CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
UP_KEYS = (pygame.K_UP, pygame.K_w, pygame.K_KP8)
DOWN_KEYS = (pygame.K_DOWN, pygame.K_s, pygame.K_KP2)
LEFT_KEYS = (pygame.K_LEFT, pygame.K_a, pygame.K_KP4)
RIGHT_KEYS = (pygame.K_RIGHT, pygame.K_d, pygame.K_KP6)


# -- drawing helpers ---------------------------------------------------------------------
def panel(surface: pygame.Surface, rect: pygame.Rect, *, alpha: int = 235,
          radius: int = 12, edge: Color = PANEL_EDGE) -> None:
    """Draw a translucent rounded panel with a thin edge."""
    if rect.width <= 0 or rect.height <= 0:
        return
    radius = max(0, min(radius, rect.width // 2, rect.height // 2))
    key = (rect.width, rect.height, alpha, radius, tuple(edge))
    layer = _panels.get(key)
    if layer is None:
        if len(_panels) > 32:
            _panels.clear()
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*PANEL, alpha), layer.get_rect(), border_radius=radius)
        pygame.draw.rect(layer, (*edge, 255), layer.get_rect(), width=1, border_radius=radius)
        _panels[key] = layer
    surface.blit(layer, rect)


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken the whole surface towards BG_DEEP by ``alpha``/255 (used beneath overlays)."""
    alpha = max(0, min(255, int(alpha)))
    keep = 255 - alpha
    surface.fill((keep, keep, keep), special_flags=pygame.BLEND_MULT)
    surface.fill(tuple(c * alpha // 255 for c in BG_DEEP), special_flags=pygame.BLEND_ADD)


def star_points(center: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    """Return the ten corner points of a five-pointed star."""
    import math

    cx, cy = center
    pts = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def draw_stars(surface: pygame.Surface, center: tuple[float, float], radius: int,
               earned: int, total: int = 3) -> None:
    """Draw ``total`` stars centred on ``center``, the first ``earned`` filled gold."""
    radius = max(2, radius)
    gap = radius * 2.3
    x0 = center[0] - gap * (total - 1) / 2
    for i in range(total):
        pts = star_points((x0 + i * gap, center[1]), radius)
        if i < earned:
            pygame.draw.polygon(surface, ACCENT, pts)
        else:
            pygame.draw.polygon(surface, TEXT_OFF, pts, width=max(1, radius // 6))


def title_bar(surface: pygame.Surface, title: str, lay: Layout) -> int:
    """Draw a screen title at the top; return the y where content may start."""
    size = lay.font_size(64, lo=22)
    f = fit_font(title, size, lay.width - 2 * lay.margin, bold=True, min_size=18)
    y = lay.margin + f.get_height() // 2
    draw_text(surface, title, f, ACCENT, (lay.width // 2, y), shadow=BG_DEEP,
              max_width=lay.width - 2 * lay.margin)
    return y + f.get_height() // 2 + lay.px(16, lo=4)


def footer(surface: pygame.Surface, text: str, lay: Layout) -> int:
    """Draw a dim hint line at the bottom; return the y above it."""
    f = fit_font(text, lay.font_size(24), lay.width - 2 * lay.px(12, lo=4), min_size=12)
    y = lay.height - lay.px(14, lo=3) - f.get_height() // 2
    draw_text(surface, text, f, TEXT_DIM, (lay.width // 2, y),
              max_width=lay.width - 2 * lay.px(12, lo=4))
    return y - f.get_height() // 2 - lay.px(8, lo=2)


# -- held-key repeat ---------------------------------------------------------------------
#: A held arrow key first repeats after this long (s), like a game menu...
REPEAT_DELAY = 0.35
#: ...then at this steady interval (s): about twelve steps a second.
REPEAT_INTERVAL = 1 / 12


class KeyRepeat:
    """Repeat the action of one held key, timed from KEYDOWN/KEYUP and ``update(dt)``."""

    # Only the last key pressed repeats; its KEYUP, clear() or an action returning False
    # stops it.  At most one repeat fires per update, so a slow frame never bursts.  Never
    # pygame.key.set_repeat: that would also repeat keys in the play view.

    def __init__(self, delay: float = REPEAT_DELAY, interval: float = REPEAT_INTERVAL) -> None:
        self.delay = delay
        self.interval = interval
        self.key: Optional[int] = None
        self._action: Optional[Callable[[], bool]] = None
        self._wait = 0.0

    def press(self, key: int, action: Callable[[], bool]) -> None:
        """Start holding ``key``: ``action`` runs again after the delay, then steadily."""
        self.key, self._action, self._wait = key, action, self.delay

    def release(self, key: Optional[int]) -> None:
        """Stop repeating if ``key`` is the one held."""
        if key is not None and key == self.key:
            self.clear()

    def clear(self) -> None:
        """Stop repeating whatever is held."""
        self.key, self._action = None, None

    def handle_event(self, event: Any) -> None:
        """Stop on the held key's KEYUP or when the window loses focus."""
        etype = getattr(event, "type", None)
        if etype == pygame.KEYUP:
            self.release(getattr(event, "key", None))
        elif etype in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED):
            self.clear()

    def update(self, dt: float) -> bool:
        """Advance the hold by ``dt`` seconds; return True when the action repeated."""
        if self._action is None:
            return False
        self._wait -= max(0.0, dt)
        if self._wait > 0:
            return False
        self._wait = max(self._wait + self.interval, self.interval / 2)
        if not self._action():
            self.clear()
        return True


# -- the menu list -----------------------------------------------------------------------
Label = Union[str, Callable[[], str]]


@dataclass
class MenuItem:
    """One row of a menu: activate with Enter/click, or adjust a value with Left/Right."""

    label: Label
    action: Optional[Callable[[], Optional["Scene"]]] = None
    value: Optional[Callable[[], str]] = None
    adjust: Optional[Callable[[int], None]] = None
    enabled: Callable[[], bool] = lambda: True
    #: Holding Left/Right repeats the adjustment (off for on/off toggles).
    repeat: bool = True

    def text(self) -> str:
        """Return the label text."""
        return self.label() if callable(self.label) else self.label


@dataclass
class MenuOutcome:
    """What a menu did with an event: nothing, moved, adjusted, or activated an item."""

    kind: str  # "none" | "moved" | "adjusted" | "activated"
    scene: Optional["Scene"] = None


class Menu:
    """A vertical list navigated by keys (Up/Down, Left/Right, Enter) and mouse."""

    def __init__(self, items: Sequence[MenuItem], ctx: Optional["Context"] = None,
                 selected: int = 0) -> None:
        self.items = list(items)
        self.ctx = ctx
        self.selected = max(0, min(selected, len(self.items) - 1))
        self.rects: list[pygame.Rect] = []
        self.arrow_rects: list[tuple[Optional[pygame.Rect], Optional[pygame.Rect]]] = []
        self.held = KeyRepeat()
        if not self._enabled(self.selected):
            self._step(1)

    # ---- behaviour
    def _enabled(self, i: int) -> bool:
        """Return True when item ``i`` exists and is enabled."""
        return 0 <= i < len(self.items) and bool(self.items[i].enabled())

    def _click(self) -> None:

        """Play the menu click."""
        audio = getattr(self.ctx, "audio", None)
        if audio is not None:
            audio.play("click")

    def _step(self, delta: int, *, wrap: bool = True) -> bool:

        """Move the selection to the next enabled row in ``delta`` direction."""
        n = len(self.items)
        i = self.selected
        for _ in range(n):
            i = i + delta if not wrap else (i + delta) % n
            if not 0 <= i < n:
                return False
            if self._enabled(i):
                break
        else:
            return False
        if i == self.selected:
            return False
        self.selected = i
        return True

    def select(self, i: int) -> bool:
        """Select item ``i`` if it is enabled; return True when the selection changed."""
        if not self._enabled(i) or i == self.selected:
            return False
        self.selected = i
        self._click()
        return True

    def move(self, delta: int, *, wrap: bool = True) -> bool:
        """Move the selection by ``delta`` enabled rows (wrapping); click when it moved."""
        moved = self._step(1 if delta > 0 else -1, wrap=wrap)
        if moved:
            self._click()
        return moved

    def update(self, dt: float) -> bool:
        """Repeat the held arrow key's step; return True when it acted."""
        return self.held.update(dt)

    def _hold_move(self, key: int, delta: int) -> None:
        """Repeat a held Up/Down; a held key stops at the first or last row, never wraps."""
        self.held.press(key, lambda: self.move(delta, wrap=False))

    def _hold_adjust(self, key: int, delta: int) -> None:
        """Repeat a held Left/Right on the row selected now, while it stays selected."""
        row = self.selected
        if not self.items[row].repeat:
            self.held.clear()
            return
        self.held.press(key, lambda: self.selected == row and self.adjust(delta))

    def adjust(self, delta: int) -> bool:
        """Adjust the selected item's value by ``delta``; return True if it has one."""
        item = self.items[self.selected]
        if item.adjust is None or not item.enabled():
            return False
        item.adjust(delta)
        self._click()
        return True

    def activate(self) -> MenuOutcome:
        """Run the selected item's action (or step its value forward)."""
        item = self.items[self.selected]
        self.held.clear()  # this menu may be shown again later without the key's KEYUP
        if not item.enabled():
            return MenuOutcome("none")
        if item.action is not None:
            self._click()
            return MenuOutcome("activated", item.action())
        if item.adjust is not None:
            self.adjust(1)
            return MenuOutcome("adjusted")
        return MenuOutcome("none")

    def hit(self, pos: tuple[int, int]) -> Optional[int]:
        """Return the index of the row under ``pos`` (from the last draw), or None."""
        for i, r in enumerate(self.rects):
            if r.collidepoint(pos):
                return i
        return None

    def handle_event(self, event: Any) -> MenuOutcome:
        """Apply one event to the menu."""
        if not self.items:
            return MenuOutcome("none")
        self.held.handle_event(event)
        key = event_key(event)
        if key is not None:
            if key in UP_KEYS or key in DOWN_KEYS:
                delta = -1 if key in UP_KEYS else 1
                self._hold_move(key, delta)
                return MenuOutcome("moved" if self.move(delta) else "none")
            if key in LEFT_KEYS or key in RIGHT_KEYS:
                delta = -1 if key in LEFT_KEYS else 1
                adjusted = self.adjust(delta)
                if adjusted:
                    self._hold_adjust(key, delta)
                else:
                    self.held.clear()
                return MenuOutcome("adjusted" if adjusted else "none")
            self.held.clear()
            if key in CONFIRM_KEYS:
                return self.activate()
            return MenuOutcome("none")
        etype = getattr(event, "type", None)
        if etype == pygame.MOUSEMOTION:
            pos = event_hover(event)
            i = self.hit(pos) if pos is not None else None
            if i is not None and self.select(i):
                return MenuOutcome("moved")
            return MenuOutcome("none")
        pos = event_click(event)
        if pos is not None:
            i = self.hit(pos)
            if i is None or not self._enabled(i):
                return MenuOutcome("none")
            self.selected = i
            left, right = self.arrow_rects[i] if i < len(self.arrow_rects) else (None, None)
            if left is not None and left.collidepoint(pos):
                return MenuOutcome("adjusted" if self.adjust(-1) else "none")
            if right is not None and right.collidepoint(pos):
                return MenuOutcome("adjusted" if self.adjust(1) else "none")
            return self.activate()
        steps = event_wheel(event)
        if steps:
            return MenuOutcome("moved" if self.move(-steps) else "none")
        return MenuOutcome("none")

    # ---- drawing
    def row_height(self, lay: Layout, font_size: int) -> int:
        """Return the natural height of one row."""
        return lay.px(font_size * 1.45, lo=16)

    def preferred_height(self, lay: Layout, font_size: int) -> int:
        """Return the height the rows would like."""
        return self.row_height(lay, font_size) * max(1, len(self.items))

    def draw(self, surface: pygame.Surface, area: pygame.Rect, lay: Layout,
             *, font_size: int = 40, align: str = "center") -> None:
        """Draw the rows evenly inside ``area``, one font size shrunk until all fit."""
        n = max(1, len(self.items))
        row_h = max(1, min(self.row_height(lay, font_size), area.height // n))
        pad = max(4, row_h // 3)
        top = area.top + max(0, (area.height - row_h * n) // 2)
        inner_w = max(8, area.width - 2 * pad)
        label_w = int(inner_w * 0.46)
        value_w = inner_w - label_w
        size = max(MIN_FONT, min(lay.font_size(font_size), int(row_h / 0.95)))
        for item in self.items:  # the one size every row can use
            if item.value is None:
                size = min(size, _fit(item.text(), size, inner_w))
            else:
                arrow_w = max(8, font(size).size("<")[0] * 2)
                size = min(size, _fit(item.text(), size, label_w),
                           _fit(item.value(), size, value_w - 2 * arrow_w))
        f = font(size)
        arrow_w = max(8, f.size("<")[0] * 2)
        self.rects, self.arrow_rects = [], []
        for i, item in enumerate(self.items):
            r = pygame.Rect(area.left, top + i * row_h, area.width, row_h)
            hi = r.inflate(0, -max(2, row_h // 8))
            self.rects.append(r)
            enabled = item.enabled()
            chosen = i == self.selected and enabled
            if chosen:
                pygame.draw.rect(surface, ACCENT, hi, border_radius=max(2, row_h // 4))
            color = ACCENT_DARK if chosen else (TEXT if enabled else TEXT_OFF)
            label = item.text()
            left_rect = right_rect = None
            if item.value is not None:
                draw_text(surface, label, f, color, (hi.left + pad, hi.centery),
                          anchor="midleft", max_width=label_w)
                vx = hi.right - pad - value_w // 2
                draw_text(surface, item.value(), f, color, (vx, hi.centery),
                          max_width=max(8, value_w - 2 * arrow_w))
                if item.adjust is not None and enabled:
                    acol = color if chosen else TEXT_DIM
                    left_rect = pygame.Rect(hi.right - pad - value_w, hi.top, arrow_w, hi.height)
                    right_rect = pygame.Rect(hi.right - pad - arrow_w, hi.top, arrow_w, hi.height)
                    _arrow(surface, left_rect, -1, acol)
                    _arrow(surface, right_rect, 1, acol)
            elif align == "center":
                draw_text(surface, label, f, color, hi.center, max_width=inner_w)
            else:
                draw_text(surface, label, f, color, (hi.left + pad, hi.centery),
                          anchor="midleft", max_width=inner_w)
            self.arrow_rects.append((left_rect, right_rect))


def _fit(text: str, size: int, width: int) -> int:
    """Return the largest font size <= ``size`` (not below MIN_FONT) that fits ``width``."""
    size = max(MIN_FONT, int(size))
    while size > MIN_FONT and font(size).size(text)[0] > width:
        size = max(MIN_FONT, int(size * 0.92))
    return size


def _arrow(surface: pygame.Surface, rect: pygame.Rect, direction: int, color: Color) -> None:
    """Draw a small left- or right-pointing triangle centred in ``rect``."""
    s = max(3, min(rect.width, rect.height) // 4)
    cx, cy = rect.center
    if direction < 0:
        pts = [(cx + s // 2, cy - s), (cx + s // 2, cy + s), (cx - s, cy)]
    else:
        pts = [(cx - s // 2, cy - s), (cx - s // 2, cy + s), (cx + s, cy)]
    pygame.draw.polygon(surface, color, pts)


# -- the title's maze motif ----------------------------------------------------------------
class MazeBackdrop:
    """A faint maze filling the screen, with lights running along solved routes through it."""

    TRAIL = 26  # tiles of glowing tail
    SPEED = 14.0  # tiles per second
    WALKERS = 4  # the entrance-to-exit route plus routes between random far-apart tiles

    def __init__(self, *, rows: int = 37, cols: int = 65, seed: int = 2024,
                 algorithm: str = "backtracker") -> None:
        import random

        from game.maze.generators import generate
        from game.maze.solvers import solve

        self.maze = generate(algorithm, rows=rows, cols=cols, seed=seed)
        rng = random.Random(seed)
        self.paths: list[list[tuple[int, int]]] = []
        ends = [(self.maze.start, self.maze.goal)]
        for _ in range(self.WALKERS - 1):
            a = (rng.randrange(1, rows, 2), rng.randrange(1, max(2, cols // 4), 2))
            b = (rng.randrange(1, rows, 2), rng.randrange(cols - max(2, cols // 4), cols - 1, 2))
            ends.append((a, b) if rng.random() < 0.5 else (b, a))
        for a, b in ends:
            path = solve(self.maze, "bfs", a, b).path
            if path:
                self.paths.append(path)
        self.path = self.paths[0] if self.paths else [self.maze.start]
        # Each light starts part-way along its route so they never move in step.
        self.phases = [rng.uniform(0, len(p)) for p in self.paths]
        self.t = 0.0
        self._cache: Optional[tuple[tuple[tuple[int, int], int], pygame.Surface, int,
                                    tuple[int, int]]] = None

    def update(self, dt: float) -> None:
        """Advance the lights."""
        self.t += max(0.0, dt) * self.SPEED

    def _render(self, size: tuple[int, int]) -> tuple[pygame.Surface, int, tuple[int, int]]:
        """Draw the maze once, scaled to cover ``size``; return it, the tile and offset."""
        w, h = size
        rows, cols = self.maze.rows, self.maze.cols
        tile = max(2, -(-w // cols), -(-h // rows))
        img = pygame.Surface((cols * tile, rows * tile))
        img.fill(BG)
        tiles = self.maze.tiles
        for r in range(rows):
            row = tiles[r]
            c = 0
            while c < cols:
                if row[c] == 0:
                    start = c
                    while c < cols and row[c] == 0:
                        c += 1
                    pygame.draw.rect(img, MAZE_WALL,
                                     (start * tile, r * tile, (c - start) * tile, tile))
                else:
                    c += 1
        offset = ((w - img.get_width()) // 2, (h - img.get_height()) // 2)
        return img, tile, offset

    def draw(self, surface: pygame.Surface, dim_alpha: int = 0) -> None:
        """Draw the maze (darkened by ``dim_alpha``) and its moving light over the surface."""
        size = surface.get_size()
        if self._cache is None or self._cache[0] != (size, dim_alpha):
            img, tile, offset = self._render(size)
            if dim_alpha:
                dim(img, dim_alpha)
            self._cache = ((size, dim_alpha), img, tile, offset)
        _, img, tile, (ox, oy) = self._cache
        surface.blit(img, (ox, oy))
        light = (255 - dim_alpha) / 255
        glow = pygame.Surface((tile, tile), pygame.SRCALPHA)
        for path, phase in zip(self.paths, self.phases):
            head = int((self.t + phase) % (len(path) + self.TRAIL * 2))
            for k in range(self.TRAIL):
                i = head - k
                if 0 <= i < len(path):
                    r, c = path[i]
                    a = int(150 * light * (1 - k / self.TRAIL) ** 1.5)
                    glow.fill((*MAZE_GLOW, a))
                    surface.blit(glow, (ox + c * tile, oy + r * tile))
