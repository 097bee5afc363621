"""The navigator: the one place that turns routes into scenes, and the only module that
imports the scene modules.

It keeps a stack: an overlay route (pause, settings, help) opens a scene over the
current one, ``Back`` closes it again; any other route replaces the whole stack.  Each
change calls ``on_exit`` on the scene leaving the screen and ``on_enter`` on the one
arriving.  After a replacement the App's ``settle`` hook runs (it collects what the
screens left behind).

A test play (``PlayDraft``) opens over the editor: while it lasts, reaching the exit and
"quit" come back to the editor (the result as a toast) and a restart replaces only the
test play, so the edits wait intact underneath.  Before the window closes, the scenes
are asked (``before_quit``) whether there is unsaved work to ask about.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Optional, Union

import pygame

from game.levels import CAMPAIGN
from game.play.context import Context
from game.names import level_label
from game.play.routes import (
    OVERLAYS,
    Back,
    BuildMaze,
    ChapterDone,
    Complete,
    Confirm,
    Edit,
    OpenBoard,
    OpenCompare,
    OpenControls,
    OpenHelp,
    OpenLeaderboardSettings,
    OpenLab,
    OpenPause,
    OpenReview,
    OpenSettings,
    Play,
    PlayDraft,
    QuitGame,
    ToScreensaver,
    ResetProgress,
    StartLevel,
    ToCustomMaze,
    ToEnterCode,
    ToLevelSelect,
    ToMakeMaze,
    ToTitle,
    WatchReplay,
)
from game.play.scenes.base import Enter, Next, Scene
from game.play.scenes.title import TitleScene
from game.run.level import Level
from game.text import t

if TYPE_CHECKING:  # pragma: no cover - typing only
    from game.play.scenes.play import PlayScene


class Navigator:
    """The stack of scenes on screen (the top one is current) and how routes change it."""

    def __init__(self, ctx: Context, *, settle: Optional[Callable[[], None]] = None) -> None:
        self.ctx = ctx
        self.stack: list[Scene] = []
        self.settle = settle
        self._draft_under: Optional[Scene] = None  # the editor under a test play

    @property
    def testing(self) -> bool:
        """Return True while a test play runs over the editor."""
        base = self._draft_under
        return base is not None and base in self.stack and self.stack[-1] is not base

    @property
    def scene(self) -> Optional[Scene]:
        """Return the scene on screen (None before the first route)."""
        return self.stack[-1] if self.stack else None

    def go(self, route: Next) -> None:
        """Follow ``route``: open an overlay, go back, or replace every scene."""
        if self.testing and isinstance(route, (Complete, ToTitle, Play)):
            self._end_draft(route)
        elif isinstance(route, PlayDraft):
            self._draft_under = self.scene
            self._push(self.build(route))
        elif isinstance(route, QuitGame):
            self.ctx.quit_requested = True
        elif isinstance(route, ResetProgress):
            self.ctx.reset_progress()
            self.go(Back())
        elif isinstance(route, Back):
            if len(self.stack) > 1:
                self._leave()
                self.stack.pop()
                self._arrive()
            else:
                self.go(ToTitle())
        elif isinstance(route, OVERLAYS):
            self._push(self.build(route))
        else:
            scene = self.build(route)
            left = bool(self.stack)
            self._leave()
            self.stack = [scene]
            self._draft_under = None
            if left and self.settle is not None:
                self.settle()
            self._arrive()

    def _push(self, scene: Scene) -> None:
        """Show ``scene`` over the current one."""
        self._leave()
        self.stack.append(scene)
        self._arrive()

    def _end_draft(self, route: Union[Complete, ToTitle, Play]) -> None:
        """Close the test play: back to the editor, or (a restart) into a fresh test play."""
        base = self._draft_under
        assert base is not None
        self._leave()
        del self.stack[self.stack.index(base) + 1:]
        if isinstance(route, Play):
            self.stack.append(self.build(route))
        elif isinstance(route, Complete):
            result = route.result
            self.ctx.toast(t("editor.test_done", moves=result.moves, optimal=result.optimal))
        self._arrive()

    def quit_guard(self) -> Optional[Next]:
        """Return the question to ask before the game ends (unsaved work), or None to end it.

        A second close while that question is up ends the game.
        """
        from game.play.scenes.confirm import ConfirmScene

        if isinstance(self.scene, ConfirmScene):
            return None
        for scene in reversed(self.stack):
            ask = scene.before_quit()
            if ask is not None:
                return ask
        return None

    def _leave(self) -> None:
        """Tell the current scene it leaves the screen."""
        if self.stack:
            self.stack[-1].on_exit()

    def _arrive(self) -> None:
        """Tell the new current scene it is on screen."""
        self.stack[-1].on_enter()

    def build(self, route: Next) -> Scene:
        """Return the scene ``route`` leads to (built, not yet shown)."""
        # Only the title is imported up front: the others load when first needed, which
        # keeps them off the start-up's critical path.
        ctx = self.ctx
        if isinstance(route, Enter):
            return route.scene
        if isinstance(route, ToLevelSelect):
            from game.play.scenes.level_select import LevelSelectScene

            return LevelSelectScene(ctx)
        if isinstance(route, ToCustomMaze):
            from game.play.scenes.custom_maze import CustomMazeScene

            return CustomMazeScene(ctx)
        if isinstance(route, ToMakeMaze):
            from game.play.scenes.make_maze import MakeMazeScene

            return MakeMazeScene(ctx)
        if isinstance(route, Edit):
            from game.play.scenes.editor import EditorScene

            return EditorScene(ctx, route.editor)
        if isinstance(route, ToEnterCode):
            from game.play.scenes.enter_code import EnterCodeScene

            return EnterCodeScene(ctx)
        if isinstance(route, ToScreensaver):
            from game.play.scenes.screensaver import ScreensaverScene

            return ScreensaverScene(ctx)
        if isinstance(route, OpenLab):
            from game.play.scenes.lab import LabScene

            return LabScene(ctx, spec=route.spec, maze=route.maze, solver=route.solver)
        if isinstance(route, (StartLevel, BuildMaze)):
            from game.play.scenes.loading import LoadingScene

            if isinstance(route, BuildMaze):
                return LoadingScene(ctx, route.spec, route.index, route.label, self.play_scene,
                                    daily=route.daily, practice=route.practice,
                                    back=route.back)
            index = max(0, min(route.index, len(CAMPAIGN) - 1))
            spec = CAMPAIGN[index]
            return LoadingScene(ctx, spec, index, level_label(index, spec), self.play_scene)
        if isinstance(route, (Play, PlayDraft)):
            return self.play_scene(route.level)
        if isinstance(route, Complete):
            from game.play.scenes.level_complete import LevelCompleteScene

            return LevelCompleteScene(ctx, route.result)
        if isinstance(route, ChapterDone):
            from game.play.scenes.chapter_complete import ChapterCompleteScene

            return ChapterCompleteScene(ctx, route.number)
        if isinstance(route, OpenPause):
            from game.play.scenes.pause import PauseScene

            below = self.scene
            assert below is not None, "a pause opens over the play scene"
            return PauseScene(ctx, route.level, below.draw, testing=self.testing)
        if isinstance(route, Confirm):
            from game.play.scenes.confirm import ConfirmScene

            below = self.scene
            assert below is not None, "a question is asked over a scene"
            return ConfirmScene(ctx, route, below.draw)
        if isinstance(route, OpenReview):
            from game.play.scenes.review import ReviewScene

            return ReviewScene(ctx, route.level, route.replay)
        if isinstance(route, WatchReplay):
            from game.play.scenes.watch import WatchScene

            return WatchScene(ctx, route.level, route.replay, alone=route.alone)
        if isinstance(route, OpenSettings):
            from game.play.scenes.settings import SettingsScene

            return SettingsScene(ctx)
        if isinstance(route, OpenHelp):
            from game.play.scenes.help import HelpScene

            return HelpScene(ctx)
        if isinstance(route, OpenControls):
            from game.play.scenes.controls import ControlsScene

            return ControlsScene(ctx)
        if isinstance(route, OpenLeaderboardSettings):
            from game.play.scenes.leaderboard import LeaderboardSettingsScene

            return LeaderboardSettingsScene(ctx)
        if isinstance(route, OpenBoard):
            from game.play.scenes.board import BoardScene

            return BoardScene(ctx, route.kind, route.key)
        if isinstance(route, OpenCompare):
            from game.play.scenes.compare import CompareScene

            return CompareScene(ctx)
        return TitleScene(ctx)  # ToTitle

    def play_scene(self, level: Level) -> "PlayScene":
        """Return the play scene of ``level`` (safe to call from the loading worker)."""
        from game.play.scenes.play import PlayScene

        return PlayScene(self.ctx, level)


def draw_every_scene(surface: pygame.Surface) -> list[str]:
    """Build one of every scene, give each a key, an update and a draw on ``surface``.

    Returns the names of the scenes drawn; raises on the first failure.
    """
    from game.edit.model import Editor
    from game.levels import build_level
    from game.play.input import KeyDown
    from game.play.render.images import load_all
    from game.run.intents import RIGHT
    from game.run.level import RunResult
    from game.run.replay import record
    from game.save import Progress

    if not pygame.display.get_init():
        pygame.display.init()
    if not pygame.font.get_init():
        pygame.font.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 48), pygame.HIDDEN)
    ctx = Context(Progress(), images=load_all(), notice=t("app.sample_notice"))
    spec = CAMPAIGN[0]
    level = Level(build_level(spec), spec, 0, level_label(0, spec))
    nav = Navigator(ctx)
    play = nav.play_scene(level)
    nav.stack = [play]  # what the pause opens over
    optimal = play.run.optimal
    play.run.apply(RIGHT)
    result = RunResult(level, time=12.5, moves=optimal + 4, optimal=optimal, hints_used=1)
    replay = record(play.run, level, game="sample", date="")
    ask = Confirm(t("title.quit_question"), t("title.quit_yes"), t("title.quit_no"), QuitGame())
    routes: list[Next] = [ToTitle(), ToLevelSelect(), ToCustomMaze(), ToEnterCode(), OpenLab(),
                          OpenSettings(), OpenHelp(), OpenLeaderboardSettings(),
                          OpenBoard("daily", "2026-12-03"),
                          OpenControls(), BuildMaze(spec, 0, "Loading test"), Enter(play),
                          OpenPause(level), ask, Complete(result), ChapterDone(0),
                          OpenReview(level, replay), WatchReplay(level, replay), ToMakeMaze(),
                          Edit(Editor(level.maze)), OpenCompare()]
    names = []
    for route in routes:
        scene = nav.build(route)
        scene.on_enter()
        scene.handle_event(KeyDown(pygame.K_DOWN))
        scene.update(1 / 60)
        scene.draw(surface)
        names.append(type(scene).__name__)
    return names
