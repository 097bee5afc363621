"""The game's leaderboard, driven headless against a real ``migong serve``: settings, the
result screen's rank and histogram, the board screen, and a run kept offline."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Callable

import pygame
import pytest

from game.levels import build_level, parse_level_code
from game.play.context import Context
from game.play.navigator import Navigator
from game.play.routes import Complete, OpenBoard
from game.play.scenes.board import BoardScene
from game.play.scenes.level_complete import LevelCompleteScene
from game.run.level import Level, RunResult
from game.save import Leaderboard, Progress, from_json
from game.server.rules import Refused, check_name
from game.simulate import parse_moves, tap
from game.maze.solvers import solve
from game.text import set_language
from tests.server.conftest import DAY, letters
from tests.server.test_durability import free_port, start_server

from game.daily import daily_code


def wait_for(ok: Callable[[], bool], scene: object, seconds: float = 30) -> None:
    """Update ``scene`` a frame at a time until ``ok()``."""
    deadline = time.monotonic() + seconds
    while not ok():
        assert time.monotonic() < deadline, "no answer in time"
        scene.update(1 / 60)  # type: ignore[attr-defined]
        time.sleep(0.02)


def finished(ctx: Context, detour: int = 0) -> LevelCompleteScene:
    """Return the result screen of a run of the day's daily maze (shown: the run is sent)."""
    spec = parse_level_code(daily_code(DAY))
    maze = build_level(spec)
    path = solve(maze, "bfs").path
    assert path is not None
    there_and_back = letters(path[:2]) + letters(path[1::-1])  # a bump would not count
    run = tap(maze, parse_moves(there_and_back * detour + letters(path))).run
    level = Level(maze, spec, None, "daily", daily=DAY)
    result = RunResult(level, time=run.elapsed, moves=run.moves, optimal=len(path) - 1,
                       hints_used=0, run=run)
    nav = Navigator(ctx)
    started = time.perf_counter()
    nav.go(Complete(result))
    assert time.perf_counter() - started < 0.5  # the screen never waits for the network
    scene = nav.scene
    assert isinstance(scene, LevelCompleteScene)
    return scene


@pytest.fixture
def surface() -> pygame.Surface:
    pygame.display.init()
    pygame.font.init()
    return pygame.Surface((1280, 720))


def test_the_setting_is_off_by_default_and_a_bad_saved_value_is_dropped(
        caplog: pytest.LogCaptureFixture) -> None:
    assert Progress().settings.leaderboard == Leaderboard()
    board = from_json({"settings": {"leaderboard": {"on": True, "server": "ftp://x",
                                                    "player": "小明"}}}).settings.leaderboard
    assert board == Leaderboard(False, "", "小明")
    assert sum("leaderboard server" in r.message for r in caplog.records) == 1


@pytest.mark.parametrize("name", ["小明", "Ada Lovelace", "a_b-c", " x", "x  y", "a!", "", "x" * 25])
def test_the_game_checks_a_name_as_the_server_does(name: str) -> None:
    from game.server.client import check_player

    try:
        check_name(name)
        server_ok = True
    except Refused:
        server_ok = False
    try:
        check_player(name)
        game_ok = True
    except ValueError:
        game_ok = False
    assert game_ok == server_ok


def test_a_run_is_ranked_with_its_histogram_and_the_board_lists_it(
        tmp_path: Path, surface: pygame.Surface) -> None:
    port = free_port()
    server = f"http://127.0.0.1:{port}"
    proc = start_server(f"sqlite:///{tmp_path / 'board.sqlite3'}", port, tmp_path / "log")
    try:
        ctx = Context(Progress(), save_path=tmp_path / "save.json")
        ctx.set_leaderboard(Leaderboard(True, server, "小明"))
        first = finished(ctx, detour=2)
        assert first.submission is not None
        wait_for(lambda: first.standing is not None and first.standing.state == "ranked", first)
        second = finished(ctx)
        wait_for(lambda: second.standing is not None and second.standing.state == "ranked",
                 second)
        assert second.standing is not None
        assert (second.standing.rank, second.standing.total) == (1, 2)
        assert sum(second.standing.bins) == 2 and second.standing.marked is not None
        second.draw(surface)
        board = BoardScene(ctx, "daily", DAY.isoformat())
        board.on_enter()
        wait_for(lambda: board.view.state == "ready", board)
        assert [e["player"] for e in board.view.entries] == ["小明", "小明"]
        board.draw(surface)
        assert ctx.outbox is not None and ctx.outbox.pending() == []
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_offline_a_run_is_queued_and_sent_at_a_later_start(tmp_path: Path) -> None:
    port = free_port()
    server = f"http://127.0.0.1:{port}"
    ctx = Context(Progress(), save_path=tmp_path / "save.json")
    ctx.set_leaderboard(Leaderboard(True, server, "Ada"))
    scene = finished(ctx)
    wait_for(lambda: scene.standing is not None and scene.standing.state == "queued", scene)
    assert ctx.outbox is not None and len(ctx.outbox.pending()) == 1
    board = BoardScene(ctx, "daily", DAY.isoformat())
    board.on_enter()
    wait_for(lambda: board.view.state == "offline", board)
    proc = start_server(f"sqlite:///{tmp_path / 'board.sqlite3'}", port, tmp_path / "log")
    try:
        later = Context(Progress(), save_path=tmp_path / "save.json")
        later.set_leaderboard(Leaderboard(True, server, "Ada"))
        later.send_queued_runs()
        assert later.outbox is not None
        deadline = time.monotonic() + 30
        while later.outbox.pending():
            assert time.monotonic() < deadline
            time.sleep(0.05)
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_the_route_to_the_board_opens_over_the_result(tmp_path: Path) -> None:
    set_language("en")
    ctx = Context(Progress())
    nav = Navigator(ctx)
    nav.go(OpenBoard("daily", DAY.isoformat()))
    assert isinstance(nav.scene, BoardScene) and nav.scene.view.state == "unset"
