"""Replays: a run kept as a versioned JSON document re-plays to the same moves and time;
old documents are migrated, bad ones refused with a message naming what is wrong; the
store beside the save keeps every run, the best of each level, and prunes the oldest."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import replays as store_module
from game.levels import CAMPAIGN, build_level, level_code, parse_level_code
from game.maze.formats import format_maze
from game.maze.generators import generate
from game.maze.solvers import solve
from game.replays import ReplayFileError, ReplayStore, read_replay, replay_dir
from game.run.clock import TICK_RATE
from game.run.intents import (
    AutoRun,
    ChangeSpeed,
    CycleSolver,
    FinishHint,
    Release,
    ReleaseAll,
    SelectSolver,
    SetSpeed,
    ToggleHint,
)
from game.run.level import Level
from game.maze.grid import Maze
from game.run.model import Logged, Run, replay
from game.run.playback import Playback
from game.run.player import Move
from game.run.replay import (
    MAX_TICKS,
    REPLAY_VERSION,
    Replay,
    ReplayFormatError,
    ReplayOverBudget,
    VerifyBudget,
    dumps,
    maze_digest,
    parse_replay,
    rebuild,
    record,
    simulate,
    to_json,
    verify,
)

SPEC = CAMPAIGN[0]
DATE = "2026-12-01T08:30:00Z"


def campaign_level() -> Level:
    """Return campaign level 1 as the game plays it."""
    return Level(build_level(SPEC), SPEC, 0, "First Steps")


def tap(run: Run, moves: Sequence[Move], *, pause: int = 3) -> None:
    """Tap ``moves`` one after another, ``pause`` idle ticks after each arrival."""
    for move in moves:
        run.apply(move)
        run.apply(Release(move.dr, move.dc))
        while run.player.moving and not run.finished:
            run.step()
        for _ in range(pause):
            run.step()


def walk_the_route(run: Run, *, pause: int = 3, skip: int = 0) -> None:
    """Tap along the shortest route to the exit (its first ``skip`` steps already taken)."""
    path = solve(run.maze, "bfs").path
    assert path is not None
    moves = [Move(b[0] - a[0], b[1] - a[1]) for a, b in zip(path, path[1:])]
    tap(run, moves[skip:], pause=pause)


def played(level: Level) -> Run:
    """Return a run that walked ``level``'s shortest route to the exit, with a hint on the way."""
    run = Run(level.maze)
    for _ in range(7):
        run.step()
    run.apply(ToggleHint())
    run.apply(CycleSolver())
    walk_the_route(run)
    assert run.finished
    return run


# -- the same moves and time ---------------------------------------------------------------


def test_a_scripted_run_saved_and_read_back_verifies_to_the_same_moves_and_time(
        tmp_path: Path) -> None:
    level = campaign_level()
    run = played(level)
    store = ReplayStore(tmp_path / "replays")
    path = store.keep(record(run, level, game="0.1.0", date=DATE))

    again = read_replay(path)
    rerun = simulate(again, rebuild(again.level).maze)

    assert again.level.code == level_code(SPEC)
    assert (rerun.finished, rerun.moves, rerun.ticks_played) == (True, run.moves, run.ticks_played)
    assert again.time == pytest.approx(run.elapsed) and again.moves == run.moves
    assert rerun.trail == run.trail and rerun.hints_used == 1


def test_a_file_maze_travels_inside_its_replay() -> None:
    maze = generate("prim", rows=9, cols=9, seed=3)
    level = Level(maze, label="mine.txt")
    run = Run(maze)
    walk_the_route(run)
    rep = parse_replay(dumps(record(run, level, game="0.1.0", date=DATE)).encode())

    assert rep.level.code is None and rep.level.maze == format_maze(maze)
    back = rebuild(rep.level)
    assert back.maze == maze and back.label == "mine.txt"
    assert simulate(rep, back.maze).moves == run.moves


def test_an_unfinished_run_replays_to_where_it_was_left() -> None:
    level = campaign_level()
    run = Run(level.maze)
    run.apply(Move(0, 1))
    for _ in range(200):
        run.step()
    rep = parse_replay(dumps(record(run, level, game="x", date=DATE)).encode())
    rerun = simulate(rep, level.maze)
    assert not rep.finished and not rerun.finished
    assert (rerun.moves, rerun.tick, rerun.player.pos) == (run.moves, run.tick, run.player.pos)


INTENTS = st.one_of(
    st.sampled_from([Move(-1, 0), Move(1, 0), Move(0, -1), Move(0, 1)]),
    st.sampled_from([Release(-1, 0), Release(1, 0), Release(0, -1), Release(0, 1)]),
    st.sampled_from([AutoRun(0, 1), AutoRun(1, 0), AutoRun(-1, 0), AutoRun(0, -1)]),
    st.sampled_from([ReleaseAll(), ToggleHint(), FinishHint(), CycleSolver(1), CycleSolver(-1),
                     ChangeSpeed(1), ChangeSpeed(-1), SelectSolver("dfs"), SetSpeed(4.0)]),
)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 40), INTENTS), max_size=60), st.integers(0, 99))
def test_random_intent_logs_replay_identically_twice(gaps: list[tuple[int, object]],
                                                      seed: int) -> None:
    maze = generate("backtracker", rows=11, cols=11, seed=seed, loops=0.2)
    tick, log = 0, []
    for gap, intent in gaps:
        tick += gap
        log.append(Logged(tick, intent))  # type: ignore[arg-type]
    level = Level(maze, label="random")
    live = Run(maze)
    pending = list(log)
    while live.tick < tick + 100 and not live.finished:  # played as the scene plays
        while pending and pending[0].tick <= live.tick:
            live.apply(pending.pop(0).intent)
        live.step()
    rep = parse_replay(dumps(record(live, level, game="x", date=DATE)).encode())

    first, second = simulate(rep, maze), simulate(rep, maze)
    for rerun in (first, second):
        assert (rerun.moves, rerun.ticks_played, rerun.finished, rerun.player.pos) == \
            (live.moves, live.ticks_played, live.finished, live.player.pos)
        assert rerun.trail == live.trail and rerun.log == live.log


def stepped_tick_by_tick(maze: Maze, log: Sequence[Logged], ticks: int) -> Run:
    """Return the run ``log`` makes in ``ticks`` ticks, stepped one tick at a time."""
    run = Run(maze)
    pending = list(log)
    while True:
        while pending and pending[0].tick <= run.tick:
            run.apply(pending.pop(0).intent)
        if run.tick >= ticks or run.finished:
            return run
        run.step()


def state(run: Run) -> tuple[object, ...]:
    """Return everything a run is, to compare two runs exactly."""
    p = run.player
    return (run.tick, run.started_at, run.finished_at, run.moves, run.held, run.hints_used,
            run.trail, run.visits.tolist(), p.pos, p.prev, p.fraction, p.facing, p.clock,
            p.running, p.idle)


WALKING = st.sampled_from([Move(-1, 0), Move(1, 0), Move(0, -1), Move(0, 1), Release(-1, 0),
                           Release(1, 0), Release(0, -1), Release(0, 1), AutoRun(0, 1),
                           AutoRun(1, 0), ReleaseAll()])


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.sampled_from([0, 0, 1, 2, 5, 14, 15, 16, 24, 25, 30, 90]),
                          WALKING), max_size=50), st.integers(0, 99))
def test_idle_stretches_passed_in_one_wait_leave_the_very_same_run(
        gaps: list[tuple[int, object]], seed: int) -> None:
    maze = build_level(parse_level_code(f"P11x11-{seed}-Y1"))
    tick, log = 0, []
    for gap, intent in gaps:
        tick += gap
        log.append(Logged(tick, intent))  # type: ignore[arg-type]
    fast = replay(maze, log, ticks=tick + 60)
    slow = stepped_tick_by_tick(maze, log, tick + 60)
    assert state(fast) == state(slow)


def test_a_key_held_against_a_wall_for_an_hour_is_waited_out_not_stepped() -> None:
    level = campaign_level()
    hour = 3600 * TICK_RATE
    steps = 0
    real_step = Run.step

    def counted(run: Run) -> None:
        nonlocal steps
        steps += 1
        real_step(run)

    log = (Logged(0, Move(-1, 0)),)  # up, from the entrance on the left edge: a wall
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Run, "step", counted)
        run = replay(level.maze, log, ticks=hour)
    assert run.tick == hour and run.moves == 0
    assert steps < 100


def test_playback_in_any_slices_and_seeking_back_reaches_the_same_run() -> None:
    level = campaign_level()
    rep = record(played(level), level, game="x", date=DATE)
    watch = Playback(rep, level.maze)
    while not watch.done:
        watch.advance(7)
    assert (watch.run.moves, watch.run.ticks_played) == (rep.moves, rep.time_ticks)
    watch.seek(rep.ticks // 2)
    half = simulate(Replay(rep.level, rep.log, rep.ticks // 2, 0, False, 0), level.maze)
    assert (watch.run.tick, watch.run.player.pos, watch.run.moves) == \
        (half.tick, half.player.pos, half.moves)
    watch.seek(10 ** 9)
    assert watch.done and watch.run.finished


# -- versions and bad files -------------------------------------------------------------------


def test_a_version_0_replay_is_migrated_and_plays() -> None:
    level = campaign_level()
    run = played(level)
    current = to_json(record(run, level, game="0.0.9", date=DATE))
    old = {key: value for key, value in current.items() if key != "version"}
    old["log"] = old.pop("intents")
    del old["level"]["digest"]
    rep = parse_replay(json.dumps(old).encode())
    assert rep.level.digest == maze_digest(level.maze)
    assert simulate(rep, rebuild(rep.level).maze).moves == run.moves
    assert REPLAY_VERSION == 1


def good_doc() -> dict:
    """Return the JSON document of a short finished run."""
    level = campaign_level()
    return json.loads(dumps(record(played(level), level, game="x", date=DATE)))


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(version=99), "newer Migong (replay version 99"),
    (lambda d: d.update(version="one"), "'version' must be a whole number"),
    (lambda d: d.pop("result"), "'result' is missing"),
    (lambda d: d["result"].update(ticks=-5), "'result.ticks' must be a whole number from 0"),
    (lambda d: d["result"].update(ticks=10 ** 12), "'result.ticks' must be a whole number"),
    (lambda d: d["intents"].insert(0, [0, "fly"]), "unknown intent \"fly\""),
    (lambda d: d["intents"].insert(1, [9999, "hint"]), "'intents'[1]: the tick must be"),
    (lambda d: d["intents"].insert(0, [0, "move", 3, 0]), "is not one step up, down, left or right"),
    (lambda d: d["intents"].insert(0, [0, "move", 0]), "takes dr, dc after its name"),
    (lambda d: d["intents"].insert(0, [0, "solver", 7]), "name must be a name"),
    (lambda d: d["level"].update(digest="0" * 64), "builds a different maze"),
    (lambda d: d["level"].update(code="Q9x9-1"), "unknown algorithm letter"),
    (lambda d: d["level"].update(maze="#\n"), "not both"),
    (lambda d: d["start"].update(speed=float("inf")), "'start.speed' must be a number > 0"),
])
def test_a_bad_replay_is_refused_saying_which_key_is_wrong(change, message: str) -> None:
    doc = good_doc()
    change(doc)
    with pytest.raises(ReplayFormatError) as caught:
        rebuild(parse_replay(json.dumps(doc).encode()).level)
    assert message in str(caught.value)


@pytest.mark.parametrize("raw, message", [
    (b"", "the file is empty"),
    (b"{\"version\": 1,", "not valid JSON"),
    (b"\xff\xfe", "not UTF-8 text"),
    (b"[" * 100_000 + b"]" * 100_000, "nest too deep"),
    (b"[1]", "expected a JSON object, found a list"),
    (b"{\"version\": 1" + b"0" * 50 + b"}", "a number of 51 digits"),
])
def test_bytes_that_are_no_replay_are_refused(raw: bytes, message: str) -> None:
    with pytest.raises(ReplayFormatError) as caught:
        parse_replay(raw)
    assert message in str(caught.value)


def test_a_file_error_names_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    with pytest.raises(ReplayFileError, match=r"bad.json: not a usable replay: 'level' is missing"):
        read_replay(bad)
    with pytest.raises(ReplayFileError, match="no such file"):
        read_replay(tmp_path / "gone.json")
    with pytest.raises(ReplayFileError, match="a directory, not a regular file"):
        read_replay(tmp_path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_named_pipe_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(ReplayFileError, match="named pipe"):
        read_replay(fifo)


def test_an_oversized_file_is_refused_unread(tmp_path: Path) -> None:
    huge = tmp_path / "huge.json"
    huge.write_bytes(b" " * (store_module.MAX_REPLAY_BYTES + 10))
    with pytest.raises(ReplayFileError, match="larger than"):
        read_replay(huge)


# -- the store ------------------------------------------------------------------------------


def test_replays_live_beside_the_save(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("MIGONG_SAVE_PATH", str(tmp_path / "elsewhere" / "save.json"))
    assert replay_dir() == tmp_path / "elsewhere" / "replays"


def test_the_best_run_of_a_level_is_kept_until_beaten(tmp_path: Path) -> None:
    level = campaign_level()
    store = ReplayStore(tmp_path)
    slow = Run(level.maze)
    walk_the_route(slow, pause=20)
    fast = played(level)
    store.keep(record(fast, level, game="x", date=DATE))
    store.keep(record(slow, level, game="x", date="2026-12-01T09:00:00Z"))
    best = store.best_of(record(fast, level, game="x", date=DATE).level)
    assert best is not None and best.time_ticks == fast.ticks_played < slow.ticks_played
    listed = store.listing()
    # newest first; the best is a copy of a run kept: listed once, as that run, marked best
    assert [e.replay.date for e in listed if e.replay] == ["2026-12-01T09:00:00Z", DATE]
    assert [e.best for e in listed] == [False, True]
    assert all(e.path.parent == tmp_path for e in listed)


def test_only_the_newest_runs_are_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_module, "MAX_RUNS", 3)
    level = campaign_level()
    run = played(level)
    store = ReplayStore(tmp_path)
    for minute in range(5):
        store.keep(record(run, level, game="x", date=f"2026-12-01T08:0{minute}:00Z"))
    runs = sorted(p.name for p in tmp_path.glob("*.json"))
    assert len(runs) == 3 and runs[0].startswith("2026-12-01T08-02-00Z")
    assert len(list((tmp_path / "best").glob("*.json"))) == 1


def test_temp_files_a_killed_write_left_are_removed(tmp_path: Path) -> None:
    from game.play.context import Context
    from game.save import Progress

    level = campaign_level()
    folder = tmp_path / "replays"
    # a kill (SIGKILL) between the temp file and its rename leaves the temp file
    left = [folder / ".2026-12-01T08-30-00Z_B11x11-UL.json.k2j4_x9a.tmp",
            folder / "best" / ".B11x11-UL.json.abcd1234.tmp"]
    for path in left:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("{half a replay")
    kept = [folder / ".hidden.txt", folder / "notes.tmp", folder / ".x.json.tmp"]
    for path in kept:
        path.write_text("not ours")
    game = Context(Progress(), save_path=tmp_path / "save.json")
    assert game.replays is not None and game.replays.directory == folder  # its first use
    assert not any(path.exists() for path in left)
    assert all(path.exists() for path in kept)
    left[0].write_text("{half a replay")
    path = ReplayStore(folder).keep(record(played(level), level, game="x", date=DATE))
    assert not left[0].exists() and path.is_file()
    assert sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp")) == \
        [".x.json.tmp", "notes.tmp"]


def test_a_listing_reports_a_bad_file_and_goes_on(tmp_path: Path) -> None:
    level = campaign_level()
    store = ReplayStore(tmp_path)
    store.keep(record(played(level), level, game="x", date=DATE))
    (tmp_path / "zz-broken.json").write_text("{not json")
    listed = store.listing()
    broken = [e for e in listed if e.replay is None]
    assert len(broken) == 1 and "zz-broken.json: not a usable replay: not valid JSON" in broken[0].problem
    assert sum(1 for e in listed if e.replay is not None) == 1  # the run, and its best


def test_time_is_whole_ticks() -> None:
    level = campaign_level()
    rep = record(played(level), level, game="x", date=DATE)
    assert rep.time * TICK_RATE == rep.time_ticks


def test_a_run_too_long_to_read_back_is_not_kept(tmp_path: Path) -> None:
    level = campaign_level()
    rep = record(played(level), level, game="x", date=DATE)
    too_long = Replay(rep.level, rep.log, MAX_TICKS + 1, MAX_TICKS, False, rep.moves)
    with pytest.raises(ValueError, match="could not be read back: 'result.ticks'"):
        ReplayStore(tmp_path).keep(too_long)
    assert not list(tmp_path.rglob("*.json"))


def test_verify_takes_its_budget_as_a_parameter_for_a_server_to_set() -> None:
    level = campaign_level()
    rep = parse_replay(dumps(record(played(level), level, game="x", date=DATE)).encode())
    verdict = verify(rep)
    assert verdict.matches and verdict.finished and verdict.hints == rep.hints == 1
    for budget, fragment in [(VerifyBudget(max_tiles=120), "its maze is 11x11 (121 tiles)"),
                             (VerifyBudget(max_ticks=rep.ticks - 1), f"{rep.ticks} ticks long"),
                             (VerifyBudget(max_intents=len(rep.log) - 1), "intents, over the")]:
        with pytest.raises(ReplayOverBudget, match=re.escape(fragment)):
            verify(rep, budget)
    assert verify(rep, VerifyBudget(121, rep.ticks, len(rep.log))).matches


def _plain_intents(items: list[list[object]]) -> list[object]:
    """Read intents the plain way (check and build each), or the error's text."""
    from game.run.replay import INTENT_TYPES, _bad_fields

    out: list[object] = []
    for item in items:
        name, values = item[1], list(item[2:])
        cls = INTENT_TYPES.get(name) if type(name) is str else None
        if cls is None or _bad_fields(cls, values):
            return ["refused"]
        out.append(Logged(int(item[0]), cls(*values)))  # type: ignore[call-overload]
    return out


_FIELD = st.one_of(st.integers(-2, 2), st.booleans(), st.sampled_from([1.0, 0.0, -1.0]),
                   st.just("bfs"))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["move", "release", "release_all", "hint",
                                           "cycle_solver", "run", "nope"]),
                          st.lists(_FIELD, max_size=3)), max_size=12))
def test_kept_intents_read_as_the_plain_reading(raw: list[tuple[str, list[object]]]) -> None:
    """Intents read from the kept ones equal the plain check-and-build (True is never 1)."""
    from game.run.replay import ReplayFormatError, _intents

    items: list[list[object]] = [[k, name, *values] for k, (name, values) in enumerate(raw)]
    for _ in range(2):  # the second reading comes from the kept intents
        try:
            got: list[object] = list(_intents(items, len(items)))
        except ReplayFormatError:
            got = ["refused"]
        assert got == _plain_intents(items)
        assert [type(getattr(x, "intent", None)) for x in got] == \
            [type(getattr(x, "intent", None)) for x in _plain_intents(items)]
