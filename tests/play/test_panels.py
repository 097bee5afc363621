"""The play panels draw a pure PlaySession with no play scene: a new view is one file."""

from __future__ import annotations

import pygame

from game.play.camera import Camera
from game.play.panels.bar import Bar
from game.play.panels.captions import Captions
from game.play.panels.ghosts import Ghosts
from game.play.panels.maps import Maps
from game.play.panels.stage import Stage
from game.run.intents import RIGHT, Release, ToggleHint
from game.run.session import PlaySession
from tests.play.helpers import campaign_level


def picture(surface: pygame.Surface) -> bytes:
    """Return the pixels of ``surface``."""
    return pygame.image.tobytes(surface, "RGB")


def test_panels_over_a_session_draw_the_game_and_follow_it(display: None) -> None:
    session = PlaySession(campaign_level(0), fog=True, race=("dfs", 6.0))
    camera = Camera(session.maze.rows, session.maze.cols, 640, 400, comfortable_tile=18)
    camera.follow(*session.maze.start, 0.0, snap=True)
    stage, ghosts = Stage(session, camera, "classic", {}), Ghosts(session, camera)
    maps, bar = Maps(session, stage), Bar(session)
    captions = Captions(session, camera, bar.hint_keys)
    surface, full = pygame.Surface((640, 480)), pygame.Rect(0, 40, 640, 400)

    def frame() -> bytes:
        """Draw one frame the way a view would, and return it."""
        surface.fill((0, 0, 0))
        view = captions.make_room(full, hint=session.hint is not None)
        camera.resize(view.width, view.height)
        stage.draw_ground(surface, view)
        if session.hint is not None:
            stage.draw_hint(surface, view, captions.free_area(view))
        ghosts.draw(surface, view, 0.0)
        stage.draw_player(surface, view, 0.0)
        captions.draw(surface)
        maps.draw_corner(surface, view, 0.0)
        bar.draw(surface, view)
        return picture(surface)

    first = frame()
    events = session.apply(RIGHT) + session.apply(Release(RIGHT.dr, RIGHT.dc))
    session.advance(30)
    assert "step" in events and frame() != first  # the player moved, the fog lifted
    moved = frame()
    assert stage.hint_layer is None
    session.apply(ToggleHint())
    assert session.hint is not None
    stage.show_hint(session.hint)
    session.advance(30)
    assert frame() != moved  # the hint's search and its caption show
    assert bar.label and bar.help_line()
