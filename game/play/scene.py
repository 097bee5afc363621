"""Scenes are objects with a small interface; one App owns the loop.

``handle_event`` and ``update`` return the next scene (or None to stay); ``draw`` only
draws.  Shared services (settings, progress, audio, images, fonts) live in a Context
handed to every scene, never in globals.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

if TYPE_CHECKING:  # pragma: no cover - typing only
    import pygame

from game.save import SaveStore


@dataclass
class Context:
    """Services shared by every scene; built once by the App."""

    progress: Any  # game.save.Progress
    save_path: Optional[Path]
    audio: Any  # game.play.audio.Audio
    images: dict[str, "pygame.Surface"] = field(default_factory=dict)
    notice: Optional[str] = None  # a one-time message for the player (e.g. save was corrupt)
    quit_requested: bool = False
    store: Optional[SaveStore] = None  # writes the save; built from save_path if not given

    def __post_init__(self) -> None:
        if self.store is None and self.save_path is not None:
            self.store = SaveStore(self.save_path)


class Scene:
    """One screen of the game: title, menu, play, pause, level complete..."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def handle_event(self, event: "pygame.event.Event") -> Optional["Scene"]:
        """React to one event; return the next scene, or None to stay."""
        return None

    def update(self, dt: float) -> Optional["Scene"]:
        """Advance by ``dt`` seconds; return the next scene, or None to stay."""
        return None

    def draw(self, surface: "pygame.Surface") -> None:
        """Draw the scene onto ``surface`` (any size: lay out from its current size)."""
