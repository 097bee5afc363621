"""The game's board screens as a new player reads them, against a real ``migong serve``:
the server's reason when it refuses, one row a player, the player's own rows marked, and a
campaign level's board titled by the level's name."""

from __future__ import annotations

import json
import urllib.request
from datetime import date
from pathlib import Path
from typing import Iterator

import pygame
import pytest

from game.daily import daily_code
from game.levels import build_level, parse_level_code
from game.maze.solvers import solve
from game.play import theme
from game.play.context import Context
from game.play.navigator import Navigator
from game.play.routes import Complete
from game.play.scenes.board import BoardScene
from game.play.scenes.level_complete import LevelCompleteScene
from game.play.widgets.standing import standing_lines, standing_text
from game.run.level import Level, RunResult
from game.save import Leaderboard, Progress
from game.server.live import short_reason
from game.simulate import parse_moves, tap
from game.text import set_language, t
from tests.server.conftest import LEVEL_1, letters, replay_doc
from tests.server.test_durability import free_port, start_server
from tests.server.test_game_board import wait_for

#: A day whose daily the server refuses: it has not come yet.
FUTURE = date(2099, 1, 1)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    port = free_port()
    proc = start_server(f"sqlite:///{tmp_path / 'board.sqlite3'}", port, tmp_path / "log")
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        proc.wait(timeout=20)


@pytest.fixture
def surface() -> Iterator[pygame.Surface]:
    pygame.display.init()
    pygame.font.init()
    yield pygame.Surface((1280, 720))
    set_language("en")


def context(tmp_path: Path, server: str, player: str = "小明") -> Context:
    """Return a game context sending runs to ``server`` under ``player``."""
    ctx = Context(Progress(), save_path=tmp_path / "save.json")
    ctx.set_leaderboard(Leaderboard(True, server, player))
    return ctx


def post(server: str, player: str, detour: int) -> None:
    """Send a run of the first campaign level to ``server`` as ``player``."""
    body = json.dumps({"player": player, "replay": replay_doc(LEVEL_1, detour=detour)})
    req = urllib.request.Request(server + "/api/v1/runs", data=body.encode("utf-8"),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=20) as resp:
        assert resp.status == 201


def loaded(ctx: Context, kind: str, key: str) -> BoardScene:
    """Return the board screen of ``kind``/``key`` once its answer came."""
    scene = BoardScene(ctx, kind, key)
    scene.on_enter()
    wait_for(lambda: scene.view.state != "loading", scene)
    return scene


def test_a_refused_run_shows_the_servers_reason(tmp_path: Path, server: str,
                                                surface: pygame.Surface) -> None:
    spec = parse_level_code(daily_code(FUTURE))
    maze = build_level(spec)
    path = solve(maze, "bfs").path
    assert path is not None
    run = tap(maze, parse_moves(letters(path))).run
    level = Level(maze, spec, None, "daily", daily=FUTURE)
    nav = Navigator(context(tmp_path, server))
    nav.go(Complete(RunResult(level, time=run.elapsed, moves=run.moves,
                              optimal=len(path) - 1, hints_used=0, run=run)))
    scene = nav.scene
    assert isinstance(scene, LevelCompleteScene)
    wait_for(lambda: scene.standing is not None and scene.standing.state == "refused", scene)
    assert scene.standing is not None
    said = standing_text(scene.standing)
    assert "2099-01-01 has not come yet" in said and said != t("complete.board_refused")
    assert standing_lines(scene.standing) == [t("complete.board_refused_said"),
                                              "'daily': 2099-01-01 has not come yet"]
    scene.draw(surface)


def test_a_reason_is_escaped_and_short() -> None:
    said = short_reason("the server refused it (422): bad\x1b[31m" + "x" * 500)
    assert said.startswith("bad\\x1b[31m") and "\x1b" not in said and len(said) <= 80


def test_a_board_the_server_refuses_says_why_not_offline(tmp_path: Path, server: str,
                                                         surface: pygame.Surface) -> None:
    scene = loaded(context(tmp_path, server), "daily", FUTURE.isoformat())
    assert scene.view.state == "refused"
    assert "has not come yet" in scene.message() and scene.message() != t("board.offline")
    scene.draw(surface)


def test_a_server_not_reached_is_offline(tmp_path: Path) -> None:
    scene = loaded(context(tmp_path, f"http://127.0.0.1:{free_port()}"), "code", LEVEL_1)
    assert scene.view.state == "offline" and scene.message() == t("board.offline")


def test_the_board_shows_each_players_best_run_once(tmp_path: Path, server: str,
                                                    surface: pygame.Surface) -> None:
    for player, detour in (("迷宫王", 0), ("迷宫王", 1), ("小明", 2), ("Ada", 3), ("小明", 4)):
        post(server, player, detour)
    scene = loaded(context(tmp_path, server), "code", LEVEL_1)
    rows = [(e["rank"], e["player"], e["moves"]) for e in scene.players()]
    moves = scene.view.entries[0]["moves"]
    assert rows == [(1, "迷宫王", moves), (2, "小明", moves + 4), (3, "Ada", moves + 6)]
    scene.draw(surface)


def colours(surface: pygame.Surface) -> set[tuple[int, int, int]]:
    """Return the colours drawn on ``surface``."""
    return {tuple(c)[:3] for c in pygame.surfarray.array3d(surface).reshape(-1, 3).tolist()}


def test_the_players_own_rows_are_marked_and_the_first_kept_apart(
        tmp_path: Path, server: str, surface: pygame.Surface) -> None:
    post(server, "迷宫王", 0)
    post(server, "小明", 2)
    pal = theme.current().ui
    mine = loaded(context(tmp_path, server, "小明"), "code", LEVEL_1)
    mine.draw(surface)
    drawn = colours(surface)
    assert pal.tile_open in drawn and pal.accent in drawn  # own band; the first's gold edge
    other = loaded(context(tmp_path, server, "Ada"), "code", LEVEL_1)
    other.draw(surface)
    assert pal.tile_open not in colours(surface)  # not on the board: no row marked


@pytest.mark.parametrize("language, title", [("en", "Board · First Steps"),
                                             ("zh", "排行榜 · 初来乍到")])
def test_a_campaign_levels_board_is_titled_by_its_name(
        tmp_path: Path, language: str, title: str, surface: pygame.Surface) -> None:
    set_language(language)
    scene = BoardScene(context(tmp_path, ""), "code", LEVEL_1)
    assert scene.heading() == title
    assert BoardScene(context(tmp_path, ""), "code", "B11x11-ZZ").heading() == \
        t("board.title_code", code="B11x11-ZZ")
    scene.on_enter()
    scene.draw(surface)
