"""The result screen keeps the run's replay and offers its review; the review shows the
figures over the maze and opens the replay; the replay plays back with pause, speed and
skip."""

from __future__ import annotations

import json
from argparse import Namespace
from pathlib import Path

import numpy as np
import pygame
import pytest

from game.levels import CAMPAIGN, named_level
from game.play import launch
from game.play.app import App
from game.play.context import Context
from game.play.routes import Complete, OpenReview, Play, WatchReplay
from game.play.scenes.level_complete import LevelCompleteScene
from game.play.scenes.play import PlayScene
from game.play.scenes.review import ReviewScene
from game.play.scenes.watch import WatchScene
from game.play.widgets import hud
from game.replays import read_replay
from game.run.clock import TICK_RATE
from game.run.level import RunResult
from game.run.intents import ToggleHint
from game.run.replay import Replay, dumps, record, simulate
from game.save import from_json
from tests.play.helpers import Driver, campaign_level, key, sample_replay, shows, walked
from tests.run.test_replay import walk_the_route

pytestmark = pytest.mark.usefixtures("display")


def finished_result() -> RunResult:
    """Return the result of a run that walked level 1's shortest route."""
    level = campaign_level(0)
    run = walked(level, [])
    walk_the_route(run)
    assert run.finished
    return RunResult(level, run.elapsed, run.moves, run.optimal, run.hints_used, run)


def test_the_result_screen_keeps_the_replay_beside_the_save_once(ctx: Context,
                                                                  tmp_path: Path) -> None:
    result = finished_result()
    game = Driver(ctx, Complete(result))
    assert isinstance(game.scene, LevelCompleteScene)
    game.scene.on_enter()  # shown again (back from the review): nothing kept twice
    kept = sorted((tmp_path / "replays").glob("*.json"))
    assert len(kept) == 1 and (tmp_path / "replays" / "best").is_dir()
    replay = read_replay(kept[0])
    assert (replay.moves, replay.time, replay.finished) == (result.moves, result.time, True)
    assert replay.level.code == "B11x11-UL"


def test_review_is_a_choice_on_the_result_screen_and_v_opens_it(ctx: Context) -> None:
    game = Driver(ctx, Complete(finished_result()))
    labels = [item.text() for item in game.scene.menu.items]  # type: ignore[attr-defined]
    assert labels == ["Next level", "Review", "Retry", "Title"]
    review = game.send(key(pygame.K_v))
    assert isinstance(review, ReviewScene)
    assert review.review.efficiency == 100 and review.review.dead_ends == 0
    assert isinstance(game.send(key(pygame.K_ESCAPE)), LevelCompleteScene)


def test_the_review_shows_the_figures_and_enter_watches_the_replay(ctx: Context) -> None:
    level, replay = sample_replay()
    game = Driver(ctx, OpenReview(level, replay))
    review = game.scene
    assert isinstance(review, ReviewScene)
    figures = dict(review.figures())
    assert figures["Your moves"] == "9" and figures["Fewest moves"] == "18"
    assert figures["Tiles walked again"] == "3" and figures["Dead ends entered"] == "0"
    surface = pygame.Surface((1280, 720))
    review.draw(surface)
    watch = game.send(key(pygame.K_RETURN))
    assert isinstance(watch, WatchScene)
    assert game.send(key(pygame.K_ESCAPE)) is review


def test_the_heat_map_glows_hotter_on_tiles_walked_more_often(ctx: Context) -> None:
    level, replay = sample_replay()
    review = ReviewScene(ctx, level, replay)
    picture = review.map_picture(10)
    colour = lambda r, c: picture.get_at((c * 10 + 1, r * 10 + 1))[:3]  # noqa: E731 - off the lines
    once, twice, thrice = colour(1, 4), colour(1, 1), colour(1, 2)
    assert review.review.heat[1, 4] == 1 and review.review.heat[1, 1] == 2
    assert review.review.heat[1, 2] == 3
    redness = lambda rgb: rgb[0] - (rgb[1] + rgb[2]) / 2  # noqa: E731
    assert redness(once) < redness(twice) < redness(thrice)


def test_the_replay_plays_at_its_own_pace_and_pauses_speeds_and_skips(ctx: Context) -> None:
    level, replay = sample_replay()
    game = Driver(ctx, WatchReplay(level, replay))
    watch = game.scene
    assert isinstance(watch, WatchScene)
    watch.update(0.5)
    assert watch.playback.run.tick == TICK_RATE // 2
    game.send(key(pygame.K_SPACE))
    watch.update(0.5)
    assert watch.playback.run.tick == TICK_RATE // 2 and "Paused" in watch.status()
    game.send(key(pygame.K_SPACE))
    game.send(key(pygame.K_UP))
    watch.update(0.25)
    assert watch.playback.run.tick == TICK_RATE // 2 + TICK_RATE // 2  # x2
    game.send(key(pygame.K_HOME))
    assert watch.playback.run.tick == 0 and watch.playback.run.moves == 1  # the tap at tick 0
    game.send(key(pygame.K_END))
    end = simulate(replay, level.maze)
    assert watch.playback.done and watch.playback.run.moves == end.moves == replay.moves
    assert "End of the replay" in watch.status()
    game.send(key(pygame.K_LEFT))
    assert watch.playback.run.tick == replay.ticks - 5 * TICK_RATE
    watch.draw(pygame.Surface((800, 600)))


def keep_best(ctx: Context) -> RunResult:
    """Finish level 1 once through the result screen, so its best run is kept."""
    result = finished_result()
    Driver(ctx, Complete(result))
    return result


def test_no_ghost_unless_the_setting_is_on(ctx: Context) -> None:
    keep_best(ctx)
    assert ctx.settings.ghost is False
    assert Driver(ctx, Play(campaign_level(0))).scene.ghost is None  # type: ignore[attr-defined]


def test_the_ghost_of_the_best_run_sets_off_with_the_first_move_and_keeps_its_pace(
        ctx: Context) -> None:
    best = keep_best(ctx)
    ctx.set_ghost(True)
    game = Driver(ctx, Play(campaign_level(0)))
    play = game.scene
    assert isinstance(play, PlayScene) and play.ghost is not None
    for _ in range(30):  # standing still: the ghost waits at the entrance
        game.update(1 / 60)
    assert play.ghost.run.player.render_pos == (1.0, 0.0)
    game.send(key(pygame.K_RIGHT))
    for _ in range(45):
        game.update(1 / 60)
    ghost = play.ghost.run
    assert ghost.ticks_played == play.run.ticks_played == 90
    again = simulate(play.ghost.replay, play.maze)
    assert again.trail[:len(ghost.trail)] == ghost.trail and best.moves == again.moves
    assert ghost.moves == len(ghost.trail) - 1 > 3
    play.draw(pygame.Surface((640, 480)))


def test_in_fog_the_ghost_of_the_best_run_shows_only_where_the_player_can_see(
        ctx: Context) -> None:
    keep_best(ctx)
    ctx.set_ghost(True)
    ctx.set_fog(True)
    game = Driver(ctx, Play(campaign_level(0)))
    play = game.scene
    assert isinstance(play, PlayScene) and play.ghost is not None and play.run.fog is not None

    game.send(key(pygame.K_RIGHT))  # one step; the ghost walks on, the player stays
    game.update(1 / 60)
    assert shows(play, "ghost")  # beside the player, in sight
    for _ in range(60 * 60):
        game.update(1 / 60)
        if not play.run.fog.in_sight(play.ghost.run.player.pos) or play.ghost.done:
            break
    assert not play.ghost.done, "the ghost should leave the player's sight before the exit"
    assert not shows(play, "ghost")


def test_the_ghost_setting_is_saved(ctx: Context, tmp_path: Path) -> None:
    ctx.set_ghost(True)
    saved = json.loads((tmp_path / "save.json").read_text())
    assert saved["settings"]["ghost"] is True
    saved["settings"]["ghost"] = "yes"
    assert from_json(saved).settings.ghost is False  # not true or false: the default


def test_esc_closes_a_replay_opened_alone_and_goes_back_from_the_review(ctx: Context) -> None:
    # `migong replay FILE` has nothing under the replay: Esc opened the title screen
    level, replay = sample_replay()
    alone = Driver(ctx, WatchReplay(level, replay, alone=True))
    alone.send(key(pygame.K_ESCAPE))
    assert ctx.quit_requested and isinstance(alone.scene, WatchScene)
    ctx.quit_requested = False
    game = Driver(ctx, OpenReview(level, replay))
    game.send(key(pygame.K_RETURN))
    assert isinstance(game.scene, WatchScene)
    assert isinstance(game.send(key(pygame.K_ESCAPE)), ReviewScene) and not ctx.quit_requested


def test_replay_file_opens_the_replay_alone(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    level, replay = sample_replay()
    path = tmp_path / "run.json"
    path.write_text(dumps(replay), encoding="utf-8")
    opened: list[object] = []

    class Window:
        """A stand-in App that records the first route."""

        def run(self, first: object) -> int:
            """Record ``first``."""
            opened.append(first)
            return 0

    monkeypatch.setattr(App, "open", classmethod(lambda cls, **kw: Window()))
    monkeypatch.setattr(launch, "display_problem", lambda: None)
    assert launch.watch_from_args(Namespace(file=str(path))) == 0
    assert isinstance(opened[0], WatchReplay) and opened[0].alone


def test_the_replay_starts_at_the_first_input_not_the_wait_before_it(ctx: Context) -> None:
    # level 1 opened frozen for the 5.5 s the player looked before the first move
    level = campaign_level(0)
    run = walked(level, [], idle=660)
    walk_the_route(run)
    replay = record(run, level, game="x", date="2026-12-01T08:00:00Z")
    watch = Driver(ctx, WatchReplay(level, replay)).scene
    assert isinstance(watch, WatchScene)
    first = replay.log[0].tick
    assert first == 660 and watch.playback.run.tick == first
    start = watch.playback.run.player.render_pos
    watch.update(0.1)
    assert watch.playback.run.player.render_pos != start  # walking at once
    watch.handle_event(key(pygame.K_HOME))
    assert watch.playback.run.tick == first and watch.playback.run.elapsed == 0


def test_a_replay_draws_the_keys_and_doors_and_the_huds_keys_count(ctx: Context) -> None:
    # without them a keys run looked like pointless detours
    level = campaign_level(CAMPAIGN.index(named_level("First Key")))
    run = walked(level, [])
    walk_the_route(run)
    replay = record(run, level, game="x", date="2026-12-01T08:00:00Z")
    watch = Driver(ctx, WatchReplay(level, replay)).scene
    assert isinstance(watch, WatchScene)
    watch.camera.toggle_fit()  # the whole maze in view: the key and its door too

    def picture() -> np.ndarray:
        surface = pygame.Surface((1280, 720))
        watch.draw(surface)
        return pygame.surfarray.array3d(surface)

    bar = hud.bar_height((1280, 720))
    shown = picture()
    spots, watch.locks.spots = watch.locks.spots, []
    bare = picture()
    assert (shown[:, bar:] != bare[:, bar:]).any()  # keys and doors over the maze
    watch.locks.spots, total, watch.key_total = spots, watch.key_total, 0
    assert (shown[:, :bar] != picture()[:, :bar]).any()  # the keys x/N fact in the bar
    assert total == 1


def hinted_then_waited(ctx: Context) -> tuple[WatchScene, Replay]:
    """Return the watch of a level 2 run that showed the hint, looked 28 s, then walked."""
    level = campaign_level(1)
    run = walked(level, [], idle=0)
    run.apply(ToggleHint())
    for _ in range(28 * TICK_RATE):
        run.step()
    walk_the_route(run)
    replay = record(run, level, game="x", date="2026-12-01T08:00:00Z")
    watch = Driver(ctx, WatchReplay(level, replay)).scene
    assert isinstance(watch, WatchScene)
    return watch, replay


def test_a_replay_draws_the_hint_the_player_looked_at(ctx: Context) -> None:
    # the bar said "hints 1" from the first frame, yet no hint was ever drawn
    watch, _ = hinted_then_waited(ctx)
    for _ in range(60):
        watch.update(1 / 60)
    search = watch.hint.search
    assert search is not None and search.start == watch.level.maze.start

    def picture() -> np.ndarray:
        surface = pygame.Surface((1280, 720))
        watch.draw(surface)
        return pygame.surfarray.array3d(surface)

    shown = picture()
    watch.hint.search = None
    assert (picture() != shown).any(2).sum() > 200


def test_a_long_wait_with_nothing_moving_plays_briefly_and_says_it_was_skipped(
        ctx: Context) -> None:
    # 28 s frozen at 0:00.0 looked like a hung game
    watch, replay = hinted_then_waited(ctx)
    seconds = 0.0
    while watch.playback.run.started_at is None and seconds < 10:
        watch.update(1 / 60)
        seconds += 1 / 60
    assert watch.hint.search is not None and watch.hint.search.done  # the route was drawn first
    assert seconds < 6  # the hint's search and route, then at most IDLE_SHOWN standing still
    assert "Skipped 2" in watch.status()
    watch.handle_event(key(pygame.K_END))
    end = simulate(replay, watch.level.maze)  # the run itself is the same
    assert watch.playback.run.moves == end.moves and watch.playback.run.elapsed == end.elapsed


def test_skipping_in_a_replay_shows_the_hint_whole_where_it_was_on_screen(ctx: Context) -> None:
    watch, _ = hinted_then_waited(ctx)
    watch.handle_event(key(pygame.K_RIGHT))  # 5 s on: the hint has been up all along
    search = watch.hint.search
    assert search is not None and search.finishing
    for _ in range(30):
        watch.update(1 / 60)
    assert watch.hint.search is search and search.done and search.path is not None
