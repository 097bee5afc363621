"""The play session: one pure object a view drives with intents and ticks, and reads.

No pygame here: the session is the game a top-down view, a first-person view, a test and
a replay all share, and its events are what a view turns into sounds and toasts.
"""

from __future__ import annotations

from typing import Sequence

from game.levels import CAMPAIGN, build_level, level_code
from game.maze.formats import parse_maze
from game.maze.grid import Maze
from game.maze.solvers import solve
from game.run.ghost import Ghost
from game.run.intents import (
    DOWN,
    LEFT,
    RIGHT,
    ChangeSpeed,
    CycleSolver,
    FinishHint,
    Release,
    RunIntent,
    SelectSolver,
    ToggleHint,
)
from game.run.level import Level
from game.run.model import replay
from game.run.player import Move
from game.run.replay import record
from game.run.session import (
    BUMP,
    FINISHED,
    HINT_SHOWN,
    KEY,
    LOCKED,
    RACER_HOME,
    SOLVER_CHANGED,
    SPEED_CHANGED,
    STEP,
    PlaySession,
)
from tests.run.test_player import CORRIDOR, TURN
from tests.test_import_graph import import_graph

#: Ticks enough for any one step to end.
SETTLE = 30


def tap(session: PlaySession, move: Move) -> list[str]:
    """Press and release ``move``, let the step end; return every event it caused."""
    events = session.apply(move)
    events += session.apply(Release(move.dr, move.dc))
    events += session.advance(SETTLE)
    return events


def walk(session: PlaySession, path: Sequence[tuple[int, int]]) -> list[str]:
    """Tap along ``path`` (its first tile the player's); return the events of the walk."""
    events: list[str] = []
    for a, b in zip(path, path[1:]):
        events += tap(session, Move(b[0] - a[0], b[1] - a[1]))
    return events


def session_of(maze: Maze, **options: object) -> PlaySession:
    """Return a session on ``maze`` played as a file level."""
    return PlaySession(Level(maze, label="test"), **options)  # type: ignore[arg-type]


def test_a_step_and_a_bump_are_events_and_the_run_moves() -> None:
    session = session_of(CORRIDOR)
    assert STEP in tap(session, RIGHT)
    assert session.run.player.pos == (1, 1) and session.run.moves == 1
    assert BUMP in tap(session, DOWN)
    assert session.run.player.pos == (1, 1)


def test_the_exit_is_finished_once_and_the_result_tells_the_run() -> None:
    session = session_of(TURN)
    events = walk(session, solve(TURN).path)
    assert events.count(FINISHED) == 1 and session.finished
    assert FINISHED not in session.advance(60)
    result = session.result()
    assert result.moves == result.optimal == 8 and result.run is session.run
    assert result.race is None and result.time == session.run.elapsed
    assert session.review().efficiency == 100 and session.review().revisited == 0


def test_showing_the_hint_starts_a_search_from_the_player_that_follows_them() -> None:
    session = session_of(CORRIDOR)
    tap(session, RIGHT)
    events = session.apply(ToggleHint())
    assert HINT_SHOWN in events and session.hint is not None
    assert session.hint.start == (1, 1) and session.busy
    session.apply(FinishHint())
    session.advance(1)
    assert session.hint.done and session.hint.path == solve(CORRIDOR, start=(1, 1)).path
    tap(session, RIGHT)
    session.advance(1)
    assert session.hint.start == (1, 2)  # the player stands still: it starts over at once
    assert HINT_SHOWN not in session.apply(ToggleHint()) and session.hint is None
    assert session.run.hints_used == 1


def test_reduced_motion_shows_the_finished_hint_on_the_next_advance() -> None:
    session = session_of(CORRIDOR)
    session.apply(ToggleHint())
    assert session.hint is not None and not session.hint.done
    session.advance(1, instant_hint=True)
    assert session.hint.done and not session.busy


def test_a_new_solver_restarts_the_hint_and_speed_changes_are_events() -> None:
    session = session_of(CORRIDOR, solver="bfs")
    session.apply(ToggleHint())
    assert SOLVER_CHANGED in session.apply(CycleSolver())
    assert session.hint is not None and session.hint.solver == session.run.solver != "bfs"
    assert SOLVER_CHANGED in session.apply(SelectSolver("dfs"))
    assert session.hint.solver == "dfs"
    assert SPEED_CHANGED in session.apply(ChangeSpeed(1))


def test_a_key_taken_and_a_locked_door_are_events() -> None:
    maze = parse_maze("########\nS.R.r.E#\n########\n")
    session = session_of(maze)
    tap(session, RIGHT)
    events = tap(session, RIGHT)
    assert LOCKED in events and session.run.locked_by == "r"
    keyed = session_of(parse_maze("#######\nSr.R.E#\n#######\n"))
    assert KEY in tap(keyed, RIGHT) and keyed.run.keys == "r"


def test_the_best_runs_ghost_waits_for_the_first_move_then_keeps_pace() -> None:
    level = Level(TURN, label="test")
    first = session_of(TURN)
    first.advance(25)  # stood still before setting off: not part of its time
    walk(first, solve(TURN).path)
    best = record(first.run, level, game="test", date="2026-12-01")
    session = PlaySession(level, best=best)
    assert session.ghost is not None
    session.advance(100)
    assert session.ghost.run.tick == 25 and session.ghost.run.ticks_played == 0  # waits for you
    tap(session, RIGHT)
    assert session.ghost.run.ticks_played == session.run.ticks_played > 0
    assert PlaySession(level, best=None).ghost is None


def test_the_solver_ghost_home_first_is_told_once() -> None:
    session = session_of(CORRIDOR, race=("dfs", 12.0))
    assert isinstance(session.racer, Ghost)
    session.apply(RIGHT)  # set off, and keep the key held: slower than the ghost
    events: list[str] = []
    for _ in range(400):
        events += session.advance(1)
    assert events.count(RACER_HOME) == 1 and session.racer_home


def test_in_fog_the_exit_is_known_once_seen_and_the_hint_reveals_what_it_explored() -> None:
    session = session_of(CORRIDOR, fog=True)
    fog = session.run.fog
    assert fog is not None and not session.exit_known
    before = int(fog.seen.sum())
    session.apply(ToggleHint())
    session.apply(FinishHint())
    session.advance(1)
    assert int(fog.seen.sum()) > before and session.exit_known
    assert session_of(CORRIDOR).exit_known  # no fog: always known


def test_the_share_code_is_the_levels_and_a_file_has_none() -> None:
    spec = CAMPAIGN[0]
    session = PlaySession(Level(build_level(spec), spec, 0, "one"))
    assert session.share_code() == level_code(spec)
    assert session_of(CORRIDOR).share_code() is None


def test_the_sessions_log_replays_to_the_same_run() -> None:
    session = session_of(TURN, solver="dfs")
    intents: list[RunIntent] = [ToggleHint(), CycleSolver(), LEFT, RIGHT]
    for intent in intents:
        session.apply(intent)
        session.advance(7)
    walk(session, solve(TURN, start=session.run.player.pos).path)
    run = session.run
    again = replay(TURN, run.log, ticks=run.tick, solver="dfs")
    assert (again.player.pos, again.moves, again.tick, again.hints_used, again.finished) == (
        run.player.pos, run.moves, run.tick, run.hints_used, run.finished)


def test_the_session_and_all_of_the_run_package_never_import_the_play_layer() -> None:
    graph = import_graph()
    assert "game.run.session" in graph
    below = {name: deps for name, deps in graph.items() if name.startswith("game.run")}
    assert {name: sorted(d for d in deps if d.startswith("game.play"))
            for name, deps in below.items() if any(d.startswith("game.play") for d in deps)} == {}
