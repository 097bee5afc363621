"""The App and the play launcher: window, global keys, resize, save path, exit codes."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Iterator

import pygame
import pytest

from game.levels import CAMPAIGN, build_level
from game.maze.generators import generator_options
from game.play.app import App, finish_start_up
from game.play.audio import Audio
from game.play.launch import play_from_args
from game.play.routes import Complete, OpenPause, OpenSettings, Play, ToTitle
from game.play.scenes.level_complete import LevelCompleteScene
from game.play.scenes.play import PlayScene
from game.play.scenes.title import TitleScene
from game.run.level import Level
from game.save import load_progress

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def save_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point MIGONG_SAVE_PATH at a temporary file."""
    path = tmp_path / "save.json"
    monkeypatch.setenv("MIGONG_SAVE_PATH", str(path))
    monkeypatch.delenv("MIGONG_EXIT_AFTER_FIRST_FRAME", raising=False)
    return path


@pytest.fixture
def app(save_path: Path) -> Iterator[App]:
    """Return an App on the dummy display; close pygame afterwards."""
    a = App.open()
    yield a
    pygame.quit()


def key(k: int, mod: int = 0) -> pygame.event.Event:
    """Return a KEYDOWN event."""
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def args(**given: Any) -> argparse.Namespace:
    """Return play arguments as game.cli would parse them."""
    base: dict[str, Any] = dict(file=None, algorithm=None, size=None, seed=None, loops=None, keys=None,
                                **{option.name: None for option, _ in generator_options()})
    base.update(given)
    return argparse.Namespace(**base)


def test_the_app_opens_a_resizable_window_called_migong(app: App, save_path: Path) -> None:
    assert pygame.display.get_caption()[0] == "Migong"
    surface = pygame.display.get_surface()
    assert surface is not None and surface.get_size() == (1280, 720)
    assert app.ctx.save_path == save_path


def test_the_images_and_sounds_load_after_the_first_frame(app: App) -> None:
    # The title's first frame needs neither: the window shows before they load.
    assert not app.ctx.images
    assert isinstance(app.ctx.audio, Audio) and not app.ctx.audio.available
    app.go(ToTitle())
    app.frame(0.0)
    finish_start_up(app.ctx)
    assert any(k.startswith("tiles/") for k in app.ctx.images)
    assert app.ctx.audio.available == bool(pygame.mixer.get_init())


def test_exit_after_first_frame_draws_once_and_returns_0(app: App,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MIGONG_EXIT_AFTER_FIRST_FRAME", "1")
    assert app.run(ToTitle()) == 0
    assert app.frames == 1


def test_a_quit_event_ends_the_loop_with_0(app: App) -> None:
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.run(ToTitle()) == 0
    assert app.frames == 1


def test_choosing_quit_on_the_title_and_confirming_ends_the_loop(app: App) -> None:
    app.go(ToTitle())
    app.handle_event(key(pygame.K_UP))  # wraps to Quit
    app.handle_event(key(pygame.K_RETURN))
    assert not app.ctx.quit_requested  # "Quit Migong?"
    app.frame(1 / 60)
    app.handle_event(key(pygame.K_RETURN))
    assert app.ctx.quit_requested
    assert app.run(ToTitle()) == 0


def test_f11_toggles_fullscreen_and_remembers_it(app: App, save_path: Path) -> None:
    app.go(ToTitle())
    app.handle_event(key(pygame.K_F11))
    assert app.fullscreen and app.ctx.progress.settings.fullscreen
    assert load_progress(save_path)[0].settings.fullscreen
    app.frame(1 / 60)
    app.handle_event(key(pygame.K_F11))
    assert not app.fullscreen
    assert pygame.display.get_surface().get_size() == (1280, 720)
    assert not load_progress(save_path)[0].settings.fullscreen


def test_a_toggle_key_replayed_as_the_new_window_gains_focus_does_not_switch_back(
        app: App) -> None:
    # SDL on X11 replays a key it believes held when a window gains focus; the F11 that
    # made the fullscreen window comes back that way and used to flip the mode forever.
    app.go(ToTitle())
    app.handle_event(key(pygame.K_F11))
    assert app.fullscreen
    app.handle_event(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    app.handle_event(key(pygame.K_F11))
    assert app.fullscreen
    app.frame(1 / 60)
    app.handle_event(key(pygame.K_F11))  # a real press later still switches back
    assert not app.fullscreen


def test_the_settings_key_replayed_to_the_new_window_does_not_switch_back(app: App) -> None:
    # Settings -> Fullscreen -> Right made the fullscreen window; SDL then replays that
    # Right to the new window, which would switch back (and again, and again).
    app.go(ToTitle())
    app.go(OpenSettings())
    app.handle_event(key(pygame.K_DOWN))
    app.handle_event(key(pygame.K_DOWN))
    app.handle_event(key(pygame.K_RIGHT))
    app.update(1 / 60)
    assert app.fullscreen
    app.handle_event(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    app.handle_event(key(pygame.K_RIGHT))
    app.update(1 / 60)
    assert app.fullscreen and app.ctx.progress.settings.fullscreen
    app.handle_event(key(pygame.K_RIGHT))  # pressed again for real: back to the window
    app.update(1 / 60)
    assert not app.fullscreen


def test_the_settings_screen_switches_the_window_mode(app: App) -> None:
    app.go(ToTitle())
    app.go(OpenSettings())
    app.handle_event(key(pygame.K_DOWN))
    app.handle_event(key(pygame.K_DOWN))
    app.handle_event(key(pygame.K_RETURN))  # Fullscreen: on
    app.frame(1 / 60)
    assert app.fullscreen


def test_menus_ask_for_fewer_frames_than_play(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    # An idle title screen at 120 fps kept a CPU core busy; menus need 60, pause less.
    level = Level(build_level(CAMPAIGN[0]), CAMPAIGN[0], 0, "Level 1")
    app.go(ToTitle())
    app.go(OpenSettings())
    assert app.frame_rate() == 60
    app.go(Play(level))
    play = app.scene
    assert isinstance(play, PlayScene)
    assert app.frame_rate() == 60  # standing still
    app.go(OpenPause(level))
    assert app.frame_rate() == 30
    app.handle_event(key(pygame.K_ESCAPE))  # resume
    assert app.scene is play
    app.handle_event(key(pygame.K_RIGHT))  # walking: the full rate
    assert app.frame_rate() == 120
    asked: list[int] = []

    class Clock:
        """A clock that records the frame cap it is asked for."""

        def tick(self, fps: int = 0) -> int:
            asked.append(fps)
            return 16

    app.clock = Clock()  # type: ignore[assignment]
    frames = iter(range(3))
    monkeypatch.setattr(app, "frame", lambda dt: next(frames, None) is None and
                        setattr(app.ctx, "quit_requested", True))
    app.run(ToTitle())
    assert asked[1:] and set(asked[1:]) == {60}  # the first tick only starts the clock


def test_m_mutes_and_remembers_it(app: App, save_path: Path) -> None:
    app.go(ToTitle())
    app.handle_event(key(pygame.K_m))
    assert app.ctx.progress.settings.muted
    assert load_progress(save_path)[0].settings.muted
    app.handle_event(key(pygame.K_m))
    assert not load_progress(save_path)[0].settings.muted


def test_m_says_on_screen_that_the_sound_is_off_then_on(app: App) -> None:
    # Pressing M while playing changed nothing visible: no way to tell what state it left.
    app.go(Play(Level(build_level(CAMPAIGN[0]), CAMPAIGN[0], 0, "Level 1")))
    app.frame(0.0)
    before = pygame.surfarray.array3d(app.surface)
    app.handle_event(key(pygame.K_m))
    assert app.ctx.toasts.text.startswith("Sound off")
    app.update(0.0)
    app.draw()
    assert (pygame.surfarray.array3d(app.surface) != before).any()
    app.handle_event(key(pygame.K_m))
    assert app.ctx.toasts.text == "Sound on"
    for _ in range(120):
        app.update(1 / 30)
    app.draw()
    later = pygame.surfarray.array3d(app.surface)
    app.ctx.toasts.text = ""
    app.draw()
    assert (pygame.surfarray.array3d(app.surface) == later).all()  # and it goes away


def test_resizing_relays_out_the_scene(app: App) -> None:
    app.go(ToTitle())
    for size in [(320, 240), (1920, 1080), (481, 333)]:
        pygame.display.set_mode(size, pygame.RESIZABLE)
        app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        app.frame(1 / 60)
        assert app.surface.get_size() == size
        assert app.windowed_size == size
        title = app.scene
        assert isinstance(title, TitleScene)
        assert all(app.surface.get_rect().contains(r) for r in title.menu.rects)


def test_a_corrupt_save_is_reported_once_on_the_title(save_path: Path) -> None:
    save_path.write_text('{"unlocked": not json', encoding="utf-8")
    app = App.open()
    try:
        assert app.ctx.notice is not None
        app.go(ToTitle())
        first = app.scene
        assert isinstance(first, TitleScene) and first.notice
        assert "corrupt" in first.notice
        app.frame(1 / 60)
        app.handle_event(key(pygame.K_DOWN))
        app.handle_event(key(pygame.K_RETURN))  # level select
        app.handle_event(key(pygame.K_ESCAPE))  # back to a new title
        again = app.scene
        assert isinstance(again, TitleScene) and again is not first
        assert again.notice is None
        assert save_path.with_name("save.json.corrupt").exists()
    finally:
        pygame.quit()


def test_progress_is_loaded_from_the_save(save_path: Path) -> None:
    from game.save import Progress, save_progress

    progress = Progress(unlocked=4)
    progress.settings.volume = 0.3
    save_progress(progress, save_path)
    app = App.open()
    try:
        assert app.ctx.progress.unlocked == 4
        assert app.ctx.progress.settings.volume == pytest.approx(0.3)
    finally:
        pygame.quit()


# -- the launcher ------------------------------------------------------------------------
@pytest.mark.parametrize("given, fragment", [
    (dict(algorithm="prim", size="4x4"), "--size"),
    (dict(algorithm="prim", size="21"), "--size"),
    (dict(algorithm="nope"), "unknown --algorithm"),
    (dict(algorithm="prim", loops="2"), "--loops"),
    (dict(algorithm="prim", seed="abc"), "--seed"),
    (dict(algorithm="prim", room_size="4"), "--room-size only applies"),
    (dict(algorithm="division", room_size="0"), "--room-size"),
    (dict(algorithm="prim", rank="3"), "--rank only applies"),
    (dict(file="maze.txt", algorithm="prim"), "not both"),
])
def test_bad_play_options_are_one_line_errors_with_exit_2(
        given: dict[str, Any], fragment: str, capsys: pytest.CaptureFixture[str],
        save_path: Path) -> None:
    assert play_from_args(args(**given)) == 2
    err = capsys.readouterr().err
    assert err.startswith("migong: error: ") and err.count("\n") == 1
    assert fragment in err


def test_a_bad_maze_file_names_file_line_and_column(tmp_path: Path, save_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("#####\n#S..#\n#.Q.E\n#####\n", encoding="utf-8")
    assert play_from_args(args(file=str(bad))) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert f"{bad}:3:3:" in err


def test_a_missing_maze_file_is_exit_2(tmp_path: Path, save_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    assert play_from_args(args(file=str(tmp_path / "nope.txt"))) == 2
    assert "nope.txt" in capsys.readouterr().err


def run_game(*argv: str, save: Path, first_frame_only: bool = True) -> subprocess.CompletedProcess:
    """Run ``python -m game`` headless with its own save file."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               MIGONG_SAVE_PATH=str(save))
    if first_frame_only:
        env["MIGONG_EXIT_AFTER_FIRST_FRAME"] = "1"
    return subprocess.run([sys.executable, "-m", "game", *argv], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=120)


def test_python_m_game_play_with_a_bad_size_exits_2_without_a_traceback(tmp_path: Path) -> None:
    done = run_game("play", "--size", "4x4", "--algorithm", "prim", save=tmp_path / "s.json")
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    lines = [line for line in done.stderr.splitlines() if line.startswith("migong")]
    assert len(lines) == 1 and "--size" in lines[0]


@pytest.mark.parametrize("argv", [
    (),
    ("play",),
    ("play", "--algorithm", "division", "--size", "21x31", "--seed", "5", "--room-size", "4"),
])
def test_python_m_game_starts_and_draws_a_first_frame(tmp_path: Path, argv: tuple[str, ...]) -> None:
    done = run_game(*argv, save=tmp_path / "s.json")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr


def test_python_m_game_play_file_starts(tmp_path: Path) -> None:
    maze = tmp_path / "m.txt"
    maze.write_text("#####\nS...#\n###.#\n#...E\n#####\n", encoding="utf-8")
    done = run_game("play", str(maze), save=tmp_path / "s.json")
    assert done.returncode == 0, done.stderr


def test_a_whole_session_title_to_level_two(app: App, save_path: Path) -> None:
    """New game, walk level 1's BFS path with key presses, finish, go on to level 2."""
    from game.maze.solvers import solve

    arrows = {(-1, 0): pygame.K_UP, (1, 0): pygame.K_DOWN, (0, -1): pygame.K_LEFT,
              (0, 1): pygame.K_RIGHT}
    app.go(ToTitle())
    app.handle_event(key(pygame.K_RETURN))  # New game
    app.frame(1 / 60)
    play = app.scene
    assert isinstance(play, PlayScene) and play.level.index == 0
    path = solve(play.maze, "bfs").path
    assert path is not None
    for (r0, c0), (r1, c1) in zip(path, path[1:]):
        k = arrows[(r1 - r0, c1 - c0)]
        app.handle_event(key(k))
        app.handle_event(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
        for _ in range(12):
            app.update(1 / 30)
            if not isinstance(app.scene, PlayScene):
                break
    for _ in range(30):  # the celebration on the exit: a second at most
        if not isinstance(app.scene, PlayScene):
            break
        app.update(1 / 30)
    done = app.scene
    assert isinstance(done, LevelCompleteScene)
    assert done.moves == len(path) - 1 == done.optimal and done.stars == 3
    saved = load_progress(save_path)[0]
    assert saved.unlocked == 2
    app.handle_event(key(pygame.K_RETURN))  # Next level
    app.frame(1 / 60)
    assert isinstance(app.scene, PlayScene) and app.scene.level.spec == CAMPAIGN[1]


def test_the_corrupt_save_notice_is_friendly_and_the_reason_goes_to_stderr(
        tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    path.write_text('{"version": 1, "unlocked": 3, "best_ti', encoding="utf-8")
    code = ("from game.play.app import App\n"
            "app = App.open()\n"
            "print(app.ctx.notice)\n")
    env = {**os.environ, "MIGONG_SAVE_PATH": str(path), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    run = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == ("Your saved progress could not be read, so a fresh save was "
                                  "started. The old file was kept as save.json.corrupt.")
    reasons = [line for line in run.stderr.splitlines() if "not valid JSON" in line]
    assert len(reasons) == 1 and "save.json" in reasons[0]


def test_a_level_left_for_good_is_freed_and_nothing_new_is_frozen(app: App) -> None:
    import gc
    import weakref

    from game.play.app import freeze_start_up
    from game.run.level import RunResult

    app.go(ToTitle())
    freeze_start_up()
    frozen = gc.get_freeze_count()
    gone = []
    for index in (0, 2, 5):  # classic and room maps, the hint shown, then the result screen
        level = Level(build_level(CAMPAIGN[index]), CAMPAIGN[index], index, "Level")
        app.go(Play(level))
        app.handle_event(key(pygame.K_h))
        app.frame(1 / 60)
        play = app.scene
        assert isinstance(play, PlayScene)
        gone.append(weakref.ref(play))
        app.handle_event(key(pygame.K_ESCAPE))  # pause over it, then restart it
        app.handle_event(key(pygame.K_DOWN))
        app.handle_event(key(pygame.K_RETURN))
        assert isinstance(app.scene, PlayScene) and app.scene is not play
        gone.append(weakref.ref(app.scene))
        app.go(Complete(RunResult(level, 1.0, 1, 1, 0)))
        app.frame(1 / 60)
        del play
    app.go(ToTitle())
    assert [ref() for ref in gone] == [None] * len(gone)
    assert gc.get_freeze_count() <= frozen  # (frozen objects still die when unreferenced)
    gc.unfreeze()
