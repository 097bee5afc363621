"""Scenes are objects with a small interface; the App drives them, the navigator links them.

``handle_event`` and ``update`` return where to go next (a route, or None to stay);
``draw`` only draws, laid out from the size of the surface it is given.  ``on_enter``
and ``on_exit`` run each time the scene becomes, or stops being, the one on screen.
Constructors only build: anything that acts (saving, taking the one-time notice) waits
for ``on_enter``.  MenuScene is the shared base of the menu screens.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Hashable, Optional, Union

import pygame

from game.play import theme
from game.play.context import Context
from game.play.input import Event, Resized
from game.play.routes import Route
from game.play.widgets import hud
from game.play.widgets.backdrop import MazeBackdrop
from game.play.widgets.layout import Layout, dim, footer, panel, title_bar
from game.play.widgets.menu import Menu, MenuItem
from game.text import language


@dataclass(frozen=True, eq=False)
class Enter:
    """Show ``scene``, built already (the loading screen's play scene)."""

    scene: "Scene"


Next = Union[Route, Enter]


class Scene:
    """One screen of the game: title, menu, play, pause, level complete..."""

    #: The frame rate this scene needs (menus animate little; play moves smoothly).
    FRAME_RATE = 120
    #: True while the scene wants every key itself (a key being bound): no global keys.
    raw_keys = False

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    @property
    def fps(self) -> int:
        """Return the frame rate this scene asks the App for now."""
        return self.FRAME_RATE

    def look(self) -> Optional[Hashable]:
        """Return what the picture shows now, or None when it must be drawn every frame.

        The App draws again only when this changed (or an event came, a toast fades, the
        window changed): a still screen costs no drawing.  Time-driven changes must show in
        it; None is always safe.
        """
        return None

    def on_enter(self) -> None:
        """Run when the scene comes on screen (new, or uncovered again)."""

    def on_exit(self) -> None:
        """Run when the scene leaves the screen (covered by another, or left)."""

    def handle_event(self, event: Event) -> Optional[Next]:
        """React to one event; return where to go next, or None to stay."""
        return None

    def update(self, dt: float) -> Optional[Next]:
        """Advance by ``dt`` seconds; return where to go next, or None to stay."""
        return None

    def before_quit(self) -> Optional[Next]:
        """Return a question to ask before the window closes (unsaved work), or None."""
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene onto ``surface`` (any size: lay out from its current size)."""

    def toast_area(self, surface: pygame.Surface) -> pygame.Rect:
        """Return the part of ``surface`` where a toast may show (below the HUD bar)."""
        w, h = surface.get_size()
        bar = hud.bar_height((w, h))
        return pygame.Rect(0, bar, w, max(0, h - bar))


class OverlayScene(Scene):
    """A scene over a still of the one below it (drawn by ``under``), dimmed."""

    #: Nothing moves behind an overlay.
    FRAME_RATE = 30

    def __init__(self, ctx: Context, under: Callable[[pygame.Surface], None]) -> None:
        super().__init__(ctx)
        self.under = under
        self._still: Optional[pygame.Surface] = None
        self._still_theme: Optional[theme.Theme] = None
        self._still_language = ""

    def handle_event(self, event: Event) -> Optional[Next]:
        """Take a new still after the window changed size."""
        if isinstance(event, Resized):
            self._still = None
        return None

    def draw_under(self, surface: pygame.Surface) -> None:
        """Draw the still of the scene below, dimmed (retaken for a new size, theme, language)."""
        if (self._still is None or self._still.get_size() != surface.get_size()
                or self._still_theme is not theme.current()
                or self._still_language != language()):
            self._still = pygame.Surface(surface.get_size())
            self.under(self._still)
            dim(self._still, 160)
            self._still_theme = theme.current()
            self._still_language = language()
        surface.blit(self._still, (0, 0))


class MenuScene(Scene):
    """A menu screen over the faint maze backdrop."""

    backdrop_dim = 170
    #: Menus animate only the backdrop: 60 frames a second is smooth and half the work.
    FRAME_RATE = 60

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.backdrop = MazeBackdrop()
        self._under_title = 0  # where the last frame's title ended (0: none drawn yet)

    def toast_area(self, surface: pygame.Surface) -> pygame.Rect:
        """Return where a toast may show: under the title (over it, it hid half the title)."""
        area = super().toast_area(surface)
        top = min(max(area.top, self._under_title), area.bottom)
        return pygame.Rect(area.left, top, area.width, area.bottom - top)

    def click(self) -> None:
        """Play the menu click."""
        self.ctx.audio.play("click")

    def update(self, dt: float) -> Optional[Next]:
        """Animate the backdrop."""
        self.backdrop.update(dt)
        return None

    def draw_background(self, surface: pygame.Surface) -> None:
        """Fill the surface with the backdrop, dimmed for readability."""
        self.backdrop.draw(surface, self.backdrop_dim)  # it covers the whole surface

    def draw_frame(self, surface: pygame.Surface, title: str,
                   hint: str) -> tuple[Layout, int, int]:
        """Draw the frame of a menu screen: the backdrop, ``title`` on top, ``hint`` below.

        Return the layout and the top and bottom of the room left between them.
        """
        lay = Layout.of(surface)
        self.draw_background(surface)
        top = self._under_title = title_bar(surface, title, lay)
        return lay, top, footer(surface, hint, lay)

    def menu_box(self, surface: pygame.Surface, lay: Layout, menu: Menu[Next], top: int,
                 bottom: int, *, width: float, font_size: int, columns: int = 1) -> None:
        """Draw ``menu`` on a panel sized to it, centred between ``top`` and ``bottom``.

        ``columns``: as :meth:`Menu.draw`.
        """
        pad = lay.px(14, lo=3)
        area = lay.column(top, bottom, width=width)
        h = min(area.height, menu.preferred_height(lay, font_size) + 2 * pad)
        box = pygame.Rect(area.left, area.top + (area.height - h) // 2, area.width, h)
        panel(surface, box, radius=lay.px(16, lo=4))
        menu.draw(surface, box.inflate(-2 * pad, -2 * pad), lay, font_size=font_size,
                  columns=columns)


class ListScene(MenuScene):
    """A menu screen whose content is one menu list (arrows, Enter, the mouse)."""

    def __init__(self, ctx: Context, items: list[MenuItem[Next]], *, selected: int = 0) -> None:
        super().__init__(ctx)
        self.menu: Menu[Next] = Menu(items, click=self.click, selected=selected)

    def handle_event(self, event: Event) -> Optional[Next]:
        """Pass the event to the menu; return what a chosen row asks for."""
        return self.menu.handle_event(event)

    def update(self, dt: float) -> Optional[Next]:
        """Animate the backdrop; repeat a held arrow key in the menu."""
        self.menu.update(dt)
        return super().update(dt)
