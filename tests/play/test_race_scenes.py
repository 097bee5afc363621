"""Race a solver: the solver's ghost sets off with the first move at the set speed, on the
run's ticks (a pause stops it), is drawn (in fog only where in sight), a breadth-first
ghost thinks first; the result screen says who won and by how much; Settings and
``play --race`` choose it."""

from __future__ import annotations

from typing import Optional

import pygame
import pytest

from game.maze.formats import parse_maze
from game.maze.solvers import SOLVERS
from game.play.context import Context
from game.play.routes import Complete, Play
from game.play.scenes.level_complete import LevelCompleteScene, race_text
from game.play.scenes.pause import PauseScene
from game.play.scenes.play import PlayScene
from game.play.scenes.settings import SettingsScene
from game.run.ghost import Ghost, RaceResult, race_result
from game.run.level import Level, RunResult
from game.save import Race
from game.text import set_language
from tests.play.helpers import Driver, campaign_level, key, show, shows, up
from tests.play.test_replay_scenes import keep_best
from tests.run.test_replay import walk_the_route

pytestmark = pytest.mark.usefixtures("display")

FRAME = 1 / 60


def racing(ctx: Context, solver: str, speed: int, level: Optional[Level] = None) -> Driver:
    """Return a driver on a play scene racing ``solver``'s ghost at ``speed`` tiles/s."""
    ctx.set_race(Race(solver, speed))
    game = Driver(ctx, Play(level or campaign_level(0)))
    assert isinstance(game.scene, PlayScene) and game.scene.racer is not None
    return game


def frames(game: Driver, seconds: float) -> None:
    """Run the scene on screen for ``seconds`` of 60 fps frames."""
    for _ in range(round(seconds * 60)):
        game.update(FRAME)


def first_step(game: Driver) -> None:
    """Tap Right: the first step off the entrance (on the left wall) starts the clock.

    A bump into the wall does not: it is no move.
    """
    game.send(key(pygame.K_RIGHT))
    game.send(up(pygame.K_RIGHT))


def ghost_shows(play: PlayScene) -> bool:
    """Return True when drawing the solver ghost changes the picture."""
    return shows(play, "racer")


def test_no_solver_ghost_unless_race_is_on(ctx: Context) -> None:
    assert ctx.race.solver is None
    assert Driver(ctx, Play(campaign_level(0))).scene.racer is None  # type: ignore[attr-defined]


def test_the_solver_ghost_sets_off_with_the_first_move_at_the_set_speed(ctx: Context) -> None:
    game = racing(ctx, "dfs", 4)
    play = game.scene
    assert isinstance(play, PlayScene) and play.racer is not None
    frames(game, 1.0)  # standing still: the ghost waits on the entrance
    assert play.racer.glide(play.run.elapsed) == (float(play.maze.start[0]), float(play.maze.start[1]))
    game.send(key(pygame.K_RIGHT))
    frames(game, 1.0)
    assert play.run.elapsed == 1.0
    alone = Ghost(play.maze, "dfs", speed=4)  # the model on its own: four steps in one second
    assert play.racer.at(play.run.elapsed) == alone.at(1.0) == divmod(alone.walk[4], play.maze.cols)
    assert ghost_shows(play)


def test_a_pause_stops_the_solver_ghost(ctx: Context) -> None:
    game = racing(ctx, "stack", 8)
    play = game.scene
    assert isinstance(play, PlayScene) and play.racer is not None
    game.send(key(pygame.K_RIGHT))
    frames(game, 0.5)
    where = play.racer.glide(play.run.elapsed)
    assert isinstance(game.send(key(pygame.K_ESCAPE)), PauseScene)
    frames(game, 3.0)
    assert game.send(key(pygame.K_ESCAPE)) is play
    assert play.racer.glide(play.run.elapsed) == where and play.run.elapsed == 0.5


def test_a_bfs_ghost_thinks_on_the_entrance_then_walks(ctx: Context) -> None:
    game = racing(ctx, "bfs", 12)
    play = game.scene
    assert isinstance(play, PlayScene) and play.racer is not None
    game.update(FRAME)
    assert play.racer.ready and play.racer.thinking is not None and play.racer.thinking > 0.1
    first_step(game)
    frames(game, 0.1)
    assert 0 < play.racer.thought(play.run.elapsed) < 1 and ghost_shows(play)
    assert play.racer.at(play.run.elapsed) == play.maze.start
    frames(game, play.racer.thinking)
    assert play.racer.at(play.run.elapsed) != play.maze.start


def test_a_bfs_ghost_thinks_while_the_player_looks_and_is_ready_at_the_first_move(
        ctx: Context) -> None:
    # it showed "thinking 0 %" until the first move: the player's look was lost on it
    game = racing(ctx, "bfs", 12, campaign_level(6))  # Quarry, 31x31: seconds of thinking
    play = game.scene
    assert isinstance(play, PlayScene) and play.racer is not None
    frames(game, 0.5)
    assert play.run.started_at is None and 0 < play.racer.thought(play.run.elapsed) < 1
    assert play.racer.thinking is not None
    frames(game, play.racer.thinking)  # still standing on the entrance
    assert play.racer.thought(play.run.elapsed) == 1.0
    first_step(game)
    frames(game, 0.5)
    assert play.racer.at(play.run.elapsed) != play.maze.start  # walking at once
    assert play.racer.arrival == play.racer.steps / 12


# A corridor that turns a corner: from the entrance the ghost goes out of sight.
CORNER = """\
#########
S.......#
#######.#
#######.#
#######.#
#######.#
#######E#
"""


def test_in_fog_the_solver_ghost_shows_only_where_the_player_can_see(ctx: Context) -> None:
    game = racing(ctx, "dfs", 8, Level(parse_maze(CORNER), label="corner", fog=True))
    play = game.scene
    assert isinstance(play, PlayScene) and play.racer is not None and play.run.fog is not None
    first_step(game)
    frames(game, 0.25)  # two steps: along the corridor, in sight
    assert play.racer.at(play.run.elapsed) == (1, 2) and ghost_shows(play)
    frames(game, 1.0)  # ten steps: round the corner
    assert play.racer.at(play.run.elapsed) == (4, 7)
    assert not play.run.fog.in_sight((4, 7)) and not ghost_shows(play)


def finish(game: Driver, *, dawdle: float = 0.0) -> LevelCompleteScene:
    """Start the clock, wait ``dawdle`` s, walk the shortest route; return the result screen."""
    play = game.scene
    assert isinstance(play, PlayScene)
    first_step(game)
    frames(game, dawdle)
    walk_the_route(play.run, skip=1)
    for _ in range(120):
        if isinstance(game.update(FRAME), LevelCompleteScene):
            break
    assert isinstance(game.scene, LevelCompleteScene)
    return game.scene


def test_the_result_screen_says_you_beat_a_slow_ghost_and_by_how_much(ctx: Context) -> None:
    game = racing(ctx, "dfs", 2)
    ghost = Ghost(campaign_level(0).maze, "dfs", speed=2)
    done = finish(game)
    race = done.result.race
    assert race is not None and race.player_first
    assert ghost.arrival is not None and race.margin == ghost.arrival - done.result.time
    assert done.race == f"You beat the DFS ghost by {race.margin:.1f} s"
    done.draw(pygame.Surface((1280, 720)))


def test_the_result_screen_says_the_ghost_won_when_you_dawdle(ctx: Context) -> None:
    done = finish(racing(ctx, "bfs", 12), dawdle=20.0)
    race = done.result.race
    assert race is not None and not race.player_first and race.margin is not None
    assert done.race == f"The BFS ghost won by {race.margin:.1f} s"
    assert ctx.toasts.text == "The BFS ghost has reached the exit"  # told as it happened
    done.draw(pygame.Surface((800, 600)))


def test_the_race_sentences_in_english_and_chinese() -> None:
    won, lost = RaceResult("stack", True, 3.24), RaceResult("bfs", False, 1.36)
    assert race_text(won) == "You beat the STACK ghost by 3.2 s"
    assert race_text(lost) == "The BFS ghost won by 1.4 s"
    assert race_text(RaceResult("dfs", True, 0.04)) == "A dead heat with the DFS ghost"
    assert race_text(RaceResult("dfs", True, None)) == "The DFS ghost never found the exit"
    set_language("zh")
    assert race_text(won) == "你比 栈 幽灵快了 3.2 秒"
    assert race_text(lost) == "BFS 幽灵领先你 1.4 秒"


def test_a_run_finished_without_a_race_says_nothing_of_one(ctx: Context) -> None:
    level = campaign_level(0)
    done = Driver(ctx, Complete(RunResult(level, 9.0, 20, 20, 0)))
    assert isinstance(done.scene, LevelCompleteScene) and done.scene.race is None


def test_settings_step_through_off_and_the_solvers_and_the_speeds(ctx: Context) -> None:
    scene = SettingsScene(ctx)
    show(ctx, scene)
    race, speed = (next(item for item in scene.menu.items if item.text() == label)
                   for label in ("Race a solver", "Solver ghost speed"))
    assert race.value() == "off" and not speed.enabled()
    seen = []
    for _ in range(len(SOLVERS) + 1):
        race.adjust(1)
        seen.append(ctx.settings.race.solver)
    assert seen == [*SOLVERS, None]
    race.adjust(-1)
    assert speed.enabled()
    for _ in range(6):
        speed.adjust(1)
    last = list(SOLVERS)[-1]  # one step back from off
    assert ctx.settings.race == Race(last, 12) and speed.value() == "12 tiles/s"
    speed.adjust(-1)
    assert ctx.settings.race == Race(last, 8)


def test_the_command_lines_race_holds_for_the_session_until_settings_change_it(
        ctx: Context) -> None:
    ctx.session_race = Race("bfs", 2)
    assert ctx.race == Race("bfs", 2) and ctx.settings.race.solver is None
    assert Driver(ctx, Play(campaign_level(0))).scene.racer.solver == "bfs"  # type: ignore[attr-defined]
    ctx.set_race(Race(None, 4))
    assert ctx.session_race is None and ctx.race == Race(None, 4)


def test_the_best_runs_ghost_and_the_solver_ghost_race_together(ctx: Context) -> None:
    keep_best(ctx)
    ctx.set_ghost(True)
    game = racing(ctx, "stack", 4)
    play = game.scene
    assert isinstance(play, PlayScene) and play.ghost is not None and play.racer is not None
    first_step(game)
    frames(game, 1.0)
    assert play.ghost.run.ticks_played == play.run.ticks_played == 120
    assert play.racer.at(1.0) == Ghost(play.maze, "stack", speed=4).at(1.0)
    assert ghost_shows(play)
