"""The save file: round trips, atomic writes, and bad files that never crash the game."""

from __future__ import annotations

import json
import os
import socket
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import game.save as save
import game.save.schema as schema
from game.bindings import KEY_CODES, MAX_KEYS, actions, clashes, resolve
from game.levels import CAMPAIGN, level_code
from game.run.ghost import DEFAULT_RACE_SPEED
from game.run.speeds import HINT_SPEEDS
from game.text import t
from game.save import (
    SCHEMA_VERSION,
    Progress,
    Race,
    SaveStore,
    Settings,
    default_save_path,
    load_progress,
    record_result,
    save_progress,
)


ROOT = Path(__file__).resolve().parents[1]


def _sample() -> Progress:
    """Return a progress with something in every field."""
    return Progress(
        unlocked=4,
        best_times={"B11x11-UL": 12.5, "P13x13-106": 30.25},
        best_moves={"B11x11-UL": 20, "P13x13-106": 44},
        stars={"B11x11-UL": 3, "P13x13-106": 2},
        settings=Settings(
            volume=0.4, muted=True, fullscreen=True, anim_speed=2.0, default_solver="stack"
        ),
    )


def _files(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir())


def test_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    save_progress(_sample(), path)
    loaded, notice = load_progress(path)
    assert loaded == _sample()
    assert notice is None
    assert json.loads(path.read_text())["version"] == SCHEMA_VERSION


def test_missing_file_starts_fresh_without_notice(tmp_path: Path) -> None:
    loaded, notice = load_progress(tmp_path / "nope.json")
    assert loaded == Progress()
    assert notice is None
    assert _files(tmp_path) == []


def test_missing_directory_is_created(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "save.json"
    save_progress(_sample(), path)
    assert load_progress(path) == (_sample(), None)


def test_write_leaves_no_temp_files(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    save_progress(_sample(), path)
    save_progress(Progress(), path)
    assert _files(tmp_path) == ["save.json"]


@pytest.mark.parametrize("where", ["fsync", "replace"])
def test_crash_mid_write_keeps_the_old_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    path = tmp_path / "save.json"
    save_progress(_sample(), path)

    def crash(*args: object) -> None:
        raise OSError("power cut")

    monkeypatch.setattr(os, where, crash)
    newer = _sample()
    newer.unlocked = 9
    with pytest.raises(OSError, match="power cut"):
        save_progress(newer, path)
    monkeypatch.undo()
    assert load_progress(path) == (_sample(), None)
    assert _files(tmp_path) == ["save.json"]


def test_crash_while_serialising_keeps_the_old_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "save.json"
    save_progress(_sample(), path)
    real_write = os.fdopen

    class HalfWriter:
        """A file that writes half of the text, then the process 'dies'."""

        def __init__(self, fd: int, *args: object, **kwargs: object) -> None:
            self.f = real_write(fd, "w", encoding="utf-8")

        def __enter__(self) -> "HalfWriter":
            return self

        def __exit__(self, *exc: object) -> None:
            self.f.close()

        def write(self, text: str) -> None:
            self.f.write(text[: len(text) // 2])
            raise KeyboardInterrupt

    monkeypatch.setattr(os, "fdopen", HalfWriter)
    with pytest.raises(KeyboardInterrupt):
        save_progress(Progress(unlocked=7), path)
    monkeypatch.undo()
    assert load_progress(path) == (_sample(), None)
    assert _files(tmp_path) == ["save.json"]


BAD_FILES = {
    "truncated": b'{"version": 2, "unlocked": 3, "best_ti',
    "binary after our key": b'{"unlocked": \xff\xfe\x00garbage',
    "a list in our key": b'{"stars": [1, 2, 3]}',
    "newer version": json.dumps({"version": SCHEMA_VERSION + 1, "unlocked": 5}).encode(),
    "string version": b'{"version": "one", "unlocked": 2}',
    "unlocked as text": json.dumps({"version": 2, "unlocked": "three"}).encode(),
    "unlocked as bool": json.dumps({"version": 2, "unlocked": True}).encode(),
    "times as list": json.dumps({"version": 2, "best_times": [1, 2]}).encode(),
    "time as text": json.dumps({"version": 2, "best_times": {"B11x11-UL": "fast"}}).encode(),
    "settings as number": json.dumps({"version": 2, "settings": 3}).encode(),
    "volume as text": json.dumps({"version": 2, "settings": {"volume": "loud"}}).encode(),
    "muted as int": json.dumps({"version": 2, "settings": {"muted": 1}}).encode(),
}


@pytest.mark.parametrize("content", BAD_FILES.values(), ids=BAD_FILES.keys())
def test_bad_file_starts_fresh_and_is_kept_aside(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "save.json"
    path.write_bytes(content)
    loaded, notice = load_progress(path)
    assert loaded == Progress()
    assert notice is not None and "\n" not in notice
    assert "save.json.corrupt" in notice
    assert not path.exists()
    assert (tmp_path / "save.json.corrupt").read_bytes() == content
    # The game then saves over a clean slate, and the next load is quiet.
    save_progress(loaded, path)
    assert load_progress(path) == (Progress(), None)


#: Files at the save path that are not recognisably a Migong save: someone else's.
NOT_A_SAVE = {
    "a system's user list": b"root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1::/usr/sbin:/bin/sh\n",
    "empty": b"",
    "blank": b"  \n ",
    "binary": b"\xff\xfe\x00garbage",
    "a list": b"[1, 2, 3]",
    "an empty object": b"{}",
    "another program's settings": json.dumps({"name": "app", "version": "1.0.2",
                                              "settings": {"volume": 3}}).encode(),
    "our key only nested": json.dumps({"repo": {"stars": 5, "unlocked": True}}).encode(),
    "arrays 100,000 deep": b"[" * 100_000 + b"]" * 100_000,
    "objects 100,000 deep": b'{"a": ' * 100_000 + b"1" + b"}" * 100_000,
    "a big log": b"INFO started\n" * 200_000,
}


@pytest.mark.parametrize("content", NOT_A_SAVE.values(), ids=NOT_A_SAVE.keys())
def test_a_file_that_is_not_a_save_is_never_moved_or_written(tmp_path: Path,
                                                             content: bytes) -> None:
    path = tmp_path / "passwd"
    path.write_bytes(content)
    store = SaveStore(path)
    loaded, notice = store.load()
    assert loaded == Progress() and not store.writable
    assert notice == t("save.not_ours", file=path) and "\n" not in notice
    assert store.write(_sample()) is None  # plays on without saving
    assert path.read_bytes() == content and _files(tmp_path) == ["passwd"]


def test_the_game_leaves_a_file_that_is_not_a_save_alone(tmp_path: Path) -> None:
    path = tmp_path / "passwd"
    path.write_bytes(NOT_A_SAVE["a system's user list"])
    run = subprocess.run(
        [sys.executable, "-m", "game"], cwd=ROOT, capture_output=True, text=True, timeout=60,
        env={**os.environ, "MIGONG_SAVE_PATH": str(path), "SDL_VIDEODRIVER": "dummy",
             "SDL_AUDIODRIVER": "dummy", "MIGONG_EXIT_AFTER_FIRST_FRAME": "1",
             "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr
    assert path.read_bytes() == NOT_A_SAVE["a system's user list"]
    assert _files(tmp_path) == ["passwd"]


def test_newer_version_notice_says_so(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    path.write_text(json.dumps({"version": 99}))
    _, notice = load_progress(path)
    assert notice is not None and "newer version" in notice


def test_each_bad_save_is_kept_aside_newest_first(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    for content in (b'{"unlocked": first', b'{"unlocked": second', b'{"unlocked": third'):
        path.write_bytes(content)
        _, notice = load_progress(path)
        assert notice is not None and notice.endswith("kept as save.json.corrupt.")
    assert (tmp_path / "save.json.corrupt").read_bytes() == b'{"unlocked": third'
    assert (tmp_path / "save.json.corrupt.1").read_bytes() == b'{"unlocked": second'
    assert (tmp_path / "save.json.corrupt.2").read_bytes() == b'{"unlocked": first'


def test_only_the_newest_five_bad_saves_are_kept(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    for n in range(7):
        path.write_bytes(b'{"unlocked": bad %d' % n)
        load_progress(path)
    kept = {name: (tmp_path / name).read_bytes()[13:] for name in _files(tmp_path)}
    assert kept == {"save.json.corrupt": b"bad 6", "save.json.corrupt.1": b"bad 5",
                    "save.json.corrupt.2": b"bad 4", "save.json.corrupt.3": b"bad 3",
                    "save.json.corrupt.4": b"bad 2"}


def test_a_bad_save_is_kept_aside_even_beside_a_thousand_old_copies(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    (tmp_path / "save.json.corrupt").write_bytes(b"old")
    for n in range(1, 1000):
        (tmp_path / f"save.json.corrupt.{n}").write_bytes(b"old %d" % n)
    (tmp_path / "save.json.corrupt.notes").write_bytes(b"not ours to remove")
    path.write_bytes(b'{"unlocked": broken')
    loaded, notice = load_progress(path)
    assert loaded == Progress() and notice is not None and "save.json.corrupt" in notice
    assert (tmp_path / "save.json.corrupt").read_bytes() == b'{"unlocked": broken'
    assert (tmp_path / "save.json.corrupt.1").read_bytes() == b"old"
    assert _files(tmp_path) == ["save.json.corrupt", "save.json.corrupt.1",
                                "save.json.corrupt.2", "save.json.corrupt.3",
                                "save.json.corrupt.4", "save.json.corrupt.notes"]


def test_out_of_range_values_are_clamped(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    doc = {
        "version": 2,
        "unlocked": 10_000,
        "best_times": {"a": 5, "b": -3.0},
        "best_moves": {"a": 7, "b": -1},
        "stars": {"a": 9, "b": -2},
        "settings": {"volume": 3.5, "anim_speed": 0.0, "default_solver": "jps"},
    }
    path.write_text(json.dumps(doc))
    loaded, notice = load_progress(path)
    assert notice is None
    assert loaded.unlocked == len(CAMPAIGN)
    assert loaded.best_times == {"a": 5.0}
    assert loaded.best_moves == {"a": 7}
    assert loaded.stars == {"a": 3, "b": 0}
    assert loaded.settings.volume == 1.0
    assert loaded.settings.anim_speed == save.ANIM_SPEED_RANGE[0]
    assert loaded.settings.default_solver == "bfs"


def test_an_impossible_record_is_dropped_and_the_rest_of_the_save_kept(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    path.write_text(json.dumps({
        "version": 2, "unlocked": 4,
        "best_times": {"ok": 9.5, "zero": 0, "negative": -1, "tiny": 0.001},
        "best_moves": {"ok": 20, "zero": 0, "one": 1},
        "stars": {"ok": 3},
    }))
    loaded, notice = load_progress(path)
    assert notice is None
    assert loaded.best_times == {"ok": 9.5, "tiny": 0.001}
    assert loaded.best_moves == {"ok": 20, "one": 1}
    assert (loaded.unlocked, loaded.stars) == (4, {"ok": 3})


@pytest.mark.parametrize("speed", HINT_SPEEDS)
def test_every_hint_speed_the_game_offers_survives_a_save(tmp_path: Path, speed: float) -> None:
    path = tmp_path / "save.json"
    save_progress(Progress(settings=Settings(anim_speed=speed)), path)
    assert load_progress(path)[0].settings.anim_speed == speed


def test_a_saved_speed_between_the_offered_ones_loads_as_the_nearest(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    path.write_text('{"version": 2, "settings": {"anim_speed": 3.1}}')
    assert load_progress(path)[0].settings.anim_speed == 4.0


def test_negative_volume_and_nan_are_repaired(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    path.write_text('{"version": 2, "unlocked": 0, "settings": {"volume": -1, "anim_speed": NaN}}')
    loaded, _ = load_progress(path)
    assert loaded.unlocked == 1
    assert loaded.settings.volume == 0.0
    assert loaded.settings.anim_speed == Settings().anim_speed


def test_missing_keys_take_defaults(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    path.write_text('{"version": 2, "unlocked": 2, "settings": {"muted": true}}')
    loaded, notice = load_progress(path)
    assert notice is None
    assert loaded == Progress(unlocked=2, settings=Settings(muted=True))


def test_unversioned_old_save_is_migrated(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    old = {"unlocked": 3, "stars": {"x": 2}, "volume": 0.2, "default_solver": "dfs"}
    path.write_text(json.dumps(old))
    loaded, notice = load_progress(path)
    assert notice is None
    assert level_code(CAMPAIGN[loaded.unlocked - 1]) == "D15x15-15R-R3" and loaded.stars == {"x": 2}
    assert loaded.settings == Settings(volume=0.2, default_solver="dfs")
    assert _files(tmp_path) == ["save.json"]


def test_save_path_env_override(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("MIGONG_SAVE_PATH", str(tmp_path / "x.json"))
    assert default_save_path() == tmp_path / "x.json"
    monkeypatch.delenv("MIGONG_SAVE_PATH")
    default = default_save_path()
    assert default.name == "save.json"
    assert "migong" in str(default.parent).lower()


def test_record_result_keeps_bests_and_unlocks_the_next_level() -> None:
    p = Progress()
    code = "B11x11-UL"
    first = record_result(p, code, 30.0, 40, 2, level_index=0)
    assert first.new_best_time and first.new_best_moves and first.unlocked_next
    assert (p.best_times[code], p.best_moves[code], p.stars[code], p.unlocked) == (30.0, 40, 2, 2)

    slower = record_result(p, code, 35.0, 22, 3, level_index=0)
    assert not slower.new_best_time and slower.new_best_moves and not slower.unlocked_next
    assert (p.best_times[code], p.best_moves[code], p.stars[code], p.unlocked) == (30.0, 22, 3, 2)

    worse = record_result(p, code, 10.0, 90, 1, level_index=0)
    assert worse.new_best_time and not worse.new_best_moves
    assert p.stars[code] == 3  # stars never go down


def test_replaying_an_early_level_does_not_lock_later_ones() -> None:
    p = Progress(unlocked=10)
    record = record_result(p, "B11x11-UL", 5.0, 20, 3, level_index=0)
    assert p.unlocked == 10 and not record.unlocked_next


def test_last_level_and_custom_mazes_unlock_nothing_new() -> None:
    p = Progress(unlocked=len(CAMPAIGN))
    record_result(p, "last", 5.0, 20, 3, level_index=len(CAMPAIGN) - 1)
    assert p.unlocked == len(CAMPAIGN)
    q = Progress()
    record = record_result(q, "P99x99-Z", 5.0, 20, 3, level_index=None)
    assert q.unlocked == 1 and not record.unlocked_next
    assert q.best_times == {"P99x99-Z": 5.0}


FRIENDLY_NOTICE = ("Your saved progress could not be read, so a fresh save was started. "
                   "The old file was kept as save.json.corrupt.")


def test_a_corrupt_save_tells_the_player_in_plain_words(tmp_path: Path,
                                                         caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "save.json"
    path.write_bytes(BAD_FILES["truncated"])
    with caplog.at_level("WARNING", logger="game.save"):
        _, notice = load_progress(path)
    assert notice == FRIENDLY_NOTICE
    # The parser's reason is kept for whoever reads the log, once.
    reasons = [r.getMessage() for r in caplog.records if r.name.startswith("game.save")]
    assert len(reasons) == 1 and "not valid JSON" in reasons[0] and "char" in reasons[0]


def test_a_newer_save_says_so_in_plain_words(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    path.write_text(json.dumps({"version": SCHEMA_VERSION + 1}))
    _, notice = load_progress(path)
    assert notice == ("Your saved progress is from a newer version of Migong, so a fresh save "
                      "was started. The old file was kept as save.json.corrupt.")
    assert "schema" not in notice


def test_a_save_from_before_custom_maze_memory_still_loads(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    # Exactly what the game wrote before it remembered the Custom maze screen.
    path.write_text(json.dumps({
        "version": 1, "unlocked": 3, "best_times": {"B11x11-UL": 9.5},
        "best_moves": {"B11x11-UL": 20}, "stars": {"B11x11-UL": 3},
        "settings": {"volume": 0.5, "muted": False, "fullscreen": False, "anim_speed": 2.0,
                     "default_solver": "dfs"},
    }))
    loaded, notice = load_progress(path)
    assert notice is None
    # schema 1 counted levels 1-3 of the old order; the third (The Cellar) is later now
    assert level_code(CAMPAIGN[loaded.unlocked - 1]) == "D15x15-15R-R3"
    assert loaded.stars == {"B11x11-UL": 3} and loaded.best_times == {"B11x11-UL": 9.5}
    assert loaded.settings == Settings(volume=0.5, anim_speed=2.0, default_solver="dfs")
    assert loaded.settings.custom is None


def test_the_custom_maze_choices_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    progress = _sample()
    options = {option.name: None for option in save.menu_options()} | {"room_size": 3}
    progress.settings.custom = save.CustomMaze("division", 51, 91, 4242, 0.1, options, keys=2)
    save_progress(progress, path)
    loaded, notice = load_progress(path)
    assert notice is None
    assert loaded == progress


@pytest.mark.parametrize("custom", [
    "division", [1, 2], {"algorithm": 7, "rows": 31, "cols": 31},
    {"algorithm": "prim", "rows": "31", "cols": 31},
    {"algorithm": "prim", "rows": 31, "cols": 31, "seed": -5},
    {"algorithm": "prim", "rows": 31, "cols": 31, "room_size": 0},
    {"algorithm": "prim", "rows": 31, "cols": 31, "keys": 9},
])
def test_unusable_custom_maze_choices_are_dropped_not_the_save(tmp_path: Path,
                                                               custom: object) -> None:
    path = tmp_path / "save.json"
    path.write_text(json.dumps({"version": 2, "unlocked": 4, "settings": {"custom": custom}}))
    loaded, notice = load_progress(path)
    assert notice is None and path.exists()
    assert loaded.unlocked == 4 and loaded.settings.custom is None


def test_the_accessibility_settings_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    progress = _sample()
    progress.settings.palette = "colour_blind"
    progress.settings.text_size = 150
    progress.settings.reduced_motion = True
    progress.settings.bindings = {"hint": ["J"], "walk_up": ["I", "Keypad 8"]}
    save_progress(progress, path)
    doc = json.loads(path.read_text())["settings"]
    assert (doc["palette"], doc["text_size"], doc["reduced_motion"]) == ("colour_blind", 150, True)
    assert doc["bindings"] == {"hint": ["J"], "walk_up": ["I", "Keypad 8"]}
    loaded, notice = load_progress(path)
    assert notice is None and loaded == progress


def test_a_save_from_before_the_accessibility_settings_takes_their_defaults(
        tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    path.write_text(json.dumps({"version": 2, "settings": {"volume": 0.5}}))
    settings = load_progress(path)[0].settings
    assert (settings.palette, settings.text_size, settings.reduced_motion, settings.bindings) \
        == ("default", 100, False, {})


@pytest.mark.parametrize(("key", "bad"), [
    ("palette", "sepia"), ("palette", 3), ("palette", None),
    ("text_size", 130), ("text_size", "150"), ("text_size", 150.0), ("text_size", True),
    ("reduced_motion", "yes"), ("reduced_motion", 1),
])
def test_an_unusable_look_setting_falls_back_to_its_default_not_the_save(
        tmp_path: Path, key: str, bad: object) -> None:
    path = tmp_path / "save.json"
    path.write_text(json.dumps({"version": 2, "unlocked": 4, "settings": {key: bad}}))
    loaded, notice = load_progress(path)
    assert notice is None and loaded.unlocked == 4
    assert getattr(loaded.settings, key) == getattr(Settings(), key)


def test_key_names_are_read_in_any_case_and_kept_in_sdls_spelling(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    path.write_text(json.dumps({"version": 2, "settings": {"bindings": {
        "hint": ["j"], "walk_up": ["UP", "keypad 8"], "fit": ["F", "Z"]}}}))
    assert load_progress(path)[0].settings.bindings == {"hint": ["J"],
                                                        "walk_up": ["Up", "Keypad 8"]}


@pytest.mark.parametrize("bad", [
    ["Return"], ["Left Shift"], ["no such key"], [""], [7], "J", [], ["J", "J"],
    ["J", "K", "L", "M", "N"], [["J"]], None,
])
def test_a_bad_key_binding_drops_that_action_to_its_default_keys(tmp_path: Path,
                                                                 bad: object) -> None:
    path = tmp_path / "save.json"
    path.write_text(json.dumps({"version": 2, "unlocked": 4, "settings": {"bindings": {
        "hint": bad, "fit": ["G"]}}}))
    loaded, notice = load_progress(path)
    assert notice is None and loaded.unlocked == 4
    assert loaded.settings.bindings == {"fit": ["G"]}


@pytest.mark.parametrize("bindings", [
    {"hint": ["D"]},  # Walk right's default key
    {"hint": ["J"], "fit": ["J"]},
    {"no_such_action": ["J"], "hint": ["W"]},
])
def test_a_key_bound_to_two_actions_puts_every_action_back_to_its_defaults(
        tmp_path: Path, bindings: dict[str, list[str]]) -> None:
    path = tmp_path / "save.json"
    path.write_text(json.dumps({"version": 2, "settings": {"bindings": bindings}}))
    loaded, notice = load_progress(path)
    assert notice is None and loaded.settings.bindings == {}


def test_twenty_thousand_unknown_actions_are_told_in_one_line(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "save.json"
    unknown = {f"action {n}": ["J"] for n in range(20_000)}
    days = {f"day {n}": {"time": 1.0, "moves": 1} for n in range(2_000)}
    path.write_text(json.dumps({"version": SCHEMA_VERSION, "unlocked": 4, "daily": days,
                                "settings": {"bindings": {**unknown, "fit": ["G"]}}}))
    with caplog.at_level("WARNING", logger="game.save"):
        loaded, notice = load_progress(path)
    assert notice is None and loaded.settings.bindings == {"fit": ["G"]} and not loaded.daily
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 2 and all(len(line) < 400 for line in lines), lines
    bindings, daily = sorted(lines, key=lambda line: "daily" in line)
    assert "20000 unusable key bindings ('action 0': ['J']; " in bindings
    assert "and 19997 more" in bindings and "2000 unusable daily records" in daily


def test_bindings_that_are_not_a_table_are_dropped(tmp_path: Path) -> None:
    for bad in ("J", [["hint", "J"]], 5, None):
        path = tmp_path / "save.json"
        path.write_text(json.dumps({"version": 2, "settings": {"bindings": bad}}))
        loaded, notice = load_progress(path)
        assert notice is None and loaded.settings.bindings == {}


KEY_NAMES = st.sampled_from(["J", "j", "W", "Up", "Return", "Keypad 8", "F11", "", "?", "Left"])
JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | KEY_NAMES,
                    lambda inner: st.lists(inner, max_size=6)
                    | st.dictionaries(st.sampled_from([a.name for a in actions()] + ["x"]), inner,
                                      max_size=6), max_leaves=20)


@given(JSON)
@settings(max_examples=300, deadline=None)
def test_whatever_the_bindings_hold_the_table_loaded_is_whole_and_clash_free(doc: object) -> None:
    table = resolve(schema._bindings(doc))
    assert not clashes(table)
    assert all(1 <= len(ks) <= MAX_KEYS and set(ks) <= set(KEY_CODES) for ks in table.values())


# --- whatever the save holds, the game starts -------------------------------------------

HUGE_INT = "9" * 5000  # json.loads raised ValueError past 4,300 digits
OVERFLOWING = "1" + "0" * 400  # float() of it raised OverflowError in math.isfinite

DAMAGED = {
    "a 5,000-digit time": f'{{"version": 2, "best_times": {{"a": {HUGE_INT}}}}}',
    "a 5,000-digit level count": f'{{"version": 2, "unlocked": {HUGE_INT}}}',
    "a 5,000-digit number in a list": f'{{"version": 2, "extra": [1, -{HUGE_INT}]}}',
    "a 1e400 time": f'{{"version": 2, "best_times": {{"a": {OVERFLOWING}}}}}',
    "a 1e400 volume": f'{{"version": 2, "settings": {{"volume": {OVERFLOWING}}}}}',
    "a 1e400 animation speed": f'{{"version": 2, "settings": {{"anim_speed": -{OVERFLOWING}}}}}',
    "a 1e400 custom loops": (
        f'{{"version": 2, "settings": {{"custom": {{"algorithm": "prim", "rows": 5, '
        f'"cols": 5, "loops": {OVERFLOWING}}}}}}}'
    ),
    "arrays 100,000 deep": '{"unlocked": ' + "[" * 100_000 + "]" * 100_000 + "}",
    "objects 100,000 deep": '{"unlocked": ' + '{"a": ' * 100_000 + "1" + "}" * 100_001,
    "unclosed arrays 100,000 deep": '{"version": 2, "unlocked": ' + "[" * 100_000,
    "an old save with settings as text": '{"unlocked": 3, "settings": "loud"}',
    "an old save with settings as a list": '{"unlocked": 3, "settings": [["volume", 1]]}',
    "over a megabyte": '{"version": 2}' + " " * (2 * 1024 * 1024),
}


@pytest.mark.parametrize("content", DAMAGED.values(), ids=DAMAGED.keys())
def test_a_damaged_save_is_kept_aside_and_the_game_starts_fresh(tmp_path: Path,
                                                                content: str) -> None:
    path = tmp_path / "save.json"
    path.write_text(content, encoding="utf-8")
    loaded, notice = load_progress(path)
    assert loaded == Progress()
    assert notice == FRIENDLY_NOTICE
    assert (tmp_path / "save.json.corrupt").read_text(encoding="utf-8") == content


def test_a_save_with_a_byte_order_mark_loads(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"version": 2, "unlocked": 3}).encode())
    assert load_progress(path) == (Progress(unlocked=3), None)


def test_deep_nesting_inside_strings_is_only_text(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    path.write_text(json.dumps({"version": 2, "unlocked": 2,
                                "best_times": {"[" * 1000 + '\\"{': 3.5}}))
    assert load_progress(path) == (Progress(unlocked=2, best_times={"[" * 1000 + '\\"{': 3.5}),
                                   None)


def test_the_game_starts_on_a_damaged_save(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    path.write_text(DAMAGED["a 1e400 volume"], encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "game"], cwd=ROOT, capture_output=True, text=True, timeout=60,
        env={**os.environ, "MIGONG_SAVE_PATH": str(path), "SDL_VIDEODRIVER": "dummy",
             "SDL_AUDIODRIVER": "dummy", "MIGONG_EXIT_AFTER_FIRST_FRAME": "1",
             "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr
    assert (tmp_path / "save.json.corrupt").read_text() == DAMAGED["a 1e400 volume"]
    assert load_progress(path) == (Progress(), None)  # a clean save was written at exit


# --- the save path: links, leftovers, and what is not a regular file ------------------------


def test_a_save_through_a_symbolic_link_updates_the_file_it_points_to(tmp_path: Path) -> None:
    real = tmp_path / "data" / "real.json"
    real.parent.mkdir()
    save_progress(Progress(unlocked=2), real)
    link = tmp_path / "save.json"
    link.symlink_to(real)
    store = SaveStore(link)
    assert store.load() == (Progress(unlocked=2), None)
    assert store.write(_sample()) is None
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert load_progress(real) == (_sample(), None)
    assert _files(real.parent) == ["real.json"]


def test_a_bad_save_behind_a_link_is_kept_aside_where_it_is(tmp_path: Path) -> None:
    real = tmp_path / "data" / "real.json"
    real.parent.mkdir()
    real.write_text('{"stars": broken')
    link = tmp_path / "save.json"
    link.symlink_to(real)
    store = SaveStore(link)
    _, notice = store.load()
    assert notice is not None and "real.json.corrupt" in notice
    assert store.write(_sample()) is None
    assert link.is_symlink() and load_progress(real) == (_sample(), None)
    assert _files(real.parent) == ["real.json", "real.json.corrupt"]


def test_temp_files_left_by_a_kill_are_removed_at_start(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    save_progress(_sample(), path)
    for leftover in (".save.json.k3j_x9ab.tmp", ".save.json.0000.tmp"):
        (tmp_path / leftover).write_text('{"version": 2, "unl')
    (tmp_path / ".other.json.abc.tmp").write_text("not ours")
    assert load_progress(path) == (_sample(), None)
    assert _files(tmp_path) == [".other.json.abc.tmp", "save.json"]


def test_a_location_that_cannot_be_written_is_told_once(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("a file where the save directory should be")
    store = SaveStore(blocker / "save.json")
    assert store.load() == (Progress(), None)
    first = store.write(_sample())
    assert first is not None and "could not be saved" in first and "\n" not in first
    assert store.write(_sample()) is None  # told once, not at every change
    blocker.unlink()
    assert store.write(_sample()) is None and load_progress(blocker / "save.json")[0] == _sample()
    (blocker / "save.json").unlink()
    blocker.rmdir()
    blocker.write_text("broken again")
    assert store.write(_sample()) is not None  # a new failure after a success is told again


def test_a_directory_as_the_save_is_left_alone_and_the_game_plays_unsaved(
    tmp_path: Path,
) -> None:
    path = tmp_path / "save.json"
    path.mkdir()
    store = SaveStore(path)
    progress, notice = store.load()
    assert progress == Progress() and notice is not None
    assert "not a regular file" in notice and "will not be saved" in notice
    assert store.write(_sample()) is None
    assert path.is_dir() and _files(tmp_path) == ["save.json"]


def test_a_socket_as_the_save_is_never_replaced(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(str(path))
        store = SaveStore(path)
        _, notice = store.load()
        assert notice is not None and "not a regular file" in notice
        assert store.write(_sample()) is None
        with pytest.raises(OSError, match="not a regular file"):
            save_progress(_sample(), path)  # the low-level writer refuses it too
        assert stat.S_ISSOCK(os.lstat(path).st_mode)


@pytest.mark.parametrize("device", ["fifo", "/dev/zero"])
def test_a_pipe_or_a_device_as_the_save_is_never_read_or_replaced(tmp_path: Path,
                                                                  device: str) -> None:
    if device == "fifo":
        device = str(tmp_path / "save.json")
        os.mkfifo(device)
    code = (
        "from game.save import SaveStore, Progress\n"
        f"store = SaveStore({device!r})\n"
        "progress, notice = store.load()\n"
        "assert progress == Progress() and 'not a regular file' in notice, notice\n"
        "assert store.write(Progress(unlocked=3)) is None\n"
        "print(notice)\n"
    )
    # In a child process with a time limit: a named pipe used to block the start forever,
    # /dev/zero to be read until memory ran out.
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == (f"The save location {device} is not a regular file, so this "
                                  "session will not be saved.")
    mode = os.lstat(device).st_mode
    assert stat.S_ISFIFO(mode) or stat.S_ISCHR(mode)


SCHEMA_1_SAVE = Path(__file__).parent / "data" / "save_schema1.json"


def test_a_schema_1_save_keeps_its_records_and_every_level_it_could_play(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    path.write_bytes(SCHEMA_1_SAVE.read_bytes())
    old = json.loads(SCHEMA_1_SAVE.read_text())
    loaded, notice = load_progress(path)
    assert notice is None
    assert (loaded.stars, loaded.best_moves) == (old["stars"], old["best_moves"])
    assert loaded.best_times == {code: float(t) for code, t in old["best_times"].items()}
    # schema 1 could play its first six levels; each is still playable, wherever it went
    where = {level_code(spec): i for i, spec in enumerate(CAMPAIGN)}
    assert all(where[code] < loaded.unlocked for code in save.V1_CAMPAIGN[:old["unlocked"]])
    assert loaded.unlocked == max(where[code] for code in save.V1_CAMPAIGN[:6]) + 1
    assert loaded.settings.language == "zh" and loaded.settings.anim_speed == 2.0
    save_progress(loaded, path)
    assert json.loads(path.read_text())["version"] == SCHEMA_VERSION == 4
    assert load_progress(path) == (loaded, None)


def test_the_old_campaign_order_is_all_still_in_the_campaign() -> None:
    codes = {level_code(spec) for spec in CAMPAIGN}
    assert len(save.V1_CAMPAIGN) == 24 and set(save.V1_CAMPAIGN) <= codes


@pytest.mark.parametrize("unlocked, playable", [(1, 1), (0, 1), (-5, 1), (24, 24), (999, 24)])
def test_schema_1_level_counts_map_onto_the_chapters(unlocked: int, playable: int) -> None:
    loaded = save.from_json({"version": 1, "unlocked": unlocked})
    where = {level_code(spec): i for i, spec in enumerate(CAMPAIGN)}
    assert all(where[code] < loaded.unlocked for code in save.V1_CAMPAIGN[:playable])
    assert loaded.unlocked == max(where[code] for code in save.V1_CAMPAIGN[:playable]) + 1


def test_the_fog_and_minimap_settings_round_trip_and_default_to_off(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    path.write_text(json.dumps({"version": SCHEMA_VERSION, "settings": {"volume": 0.5}}))
    settings = load_progress(path)[0].settings
    assert (settings.fog, settings.minimap) == (False, False)
    progress = _sample()
    progress.settings.fog = True
    progress.settings.minimap = True
    save_progress(progress, path)
    doc = json.loads(path.read_text())["settings"]
    assert (doc["fog"], doc["minimap"]) == (True, True)
    loaded, notice = load_progress(path)
    assert notice is None and loaded == progress


@pytest.mark.parametrize(("key", "bad"), [("fog", "on"), ("fog", 1), ("minimap", None),
                                          ("minimap", [True])])
def test_an_unusable_fog_setting_falls_back_to_off_and_keeps_the_save(
        tmp_path: Path, key: str, bad: object) -> None:
    path = tmp_path / "save.json"
    path.write_text(json.dumps({"version": SCHEMA_VERSION, "unlocked": 3, "settings": {key: bad}}))
    loaded, notice = load_progress(path)
    assert notice is None and loaded.unlocked == 3 and getattr(loaded.settings, key) is False


@pytest.mark.parametrize("unlocked", [1, 14, 15, 30])
def test_schema_2_level_counts_step_over_the_keys_and_fog_chapters(unlocked: int) -> None:
    loaded = save.from_json({"version": 2, "unlocked": unlocked})
    where = {level_code(spec): i for i, spec in enumerate(CAMPAIGN)}
    playable = save.V2_CAMPAIGN[:unlocked]
    assert all(where[code] < loaded.unlocked for code in playable)
    assert loaded.unlocked == max(where[code] for code in playable) + 1
    # through Rooms nothing moved; past it, the ten new levels come before what was next
    counted = save.MIGRATIONS[2]({"version": 2, "unlocked": unlocked})["unlocked"]
    assert counted == (unlocked if unlocked <= 14 else unlocked + 10)


@pytest.mark.parametrize("unlocked", [1, 34, 35, 40])
def test_schema_3_level_counts_step_over_the_minotaur_chapter(unlocked: int) -> None:
    loaded = save.from_json({"version": 3, "unlocked": unlocked})
    where = {level_code(spec): i for i, spec in enumerate(CAMPAIGN)}
    assert loaded.unlocked == max(where[code] for code in save.V3_CAMPAIGN[:unlocked]) + 1
    # past the fog, the Minotaur's six come first; in the long haul, three chaser levels more
    assert loaded.unlocked == {1: 1, 34: 34, 35: 41, 40: 49}[unlocked]


def test_the_schema_2_order_is_all_still_in_the_campaign() -> None:
    codes = [level_code(spec) for spec in CAMPAIGN]
    assert len(save.V2_CAMPAIGN) == 30 and set(save.V2_CAMPAIGN) <= set(codes)
    assert sorted(save.V2_CAMPAIGN, key=codes.index) == list(save.V2_CAMPAIGN)


def test_the_race_setting_round_trips_and_an_old_save_races_nobody(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    path.write_text(json.dumps({"version": SCHEMA_VERSION, "settings": {"volume": 0.5}}))
    assert load_progress(path)[0].settings.race == Race(None, DEFAULT_RACE_SPEED)
    progress = _sample()
    progress.settings.race = Race("stack", 12)
    save_progress(progress, path)
    assert json.loads(path.read_text())["settings"]["race"] == {"solver": "stack", "speed": 12}
    loaded, notice = load_progress(path)
    assert notice is None and loaded == progress


@pytest.mark.parametrize(("race", "expected"), [
    ({"solver": "jps", "speed": 4}, Race(None, 4)),  # no such solver: off
    ({"solver": ["dfs"], "speed": 4}, Race(None, 4)),
    ({"solver": "dfs", "speed": 5}, Race("dfs", DEFAULT_RACE_SPEED)),  # not one of the steps
    ({"solver": "dfs", "speed": True}, Race("dfs", DEFAULT_RACE_SPEED)),
    ({"solver": "bfs", "speed": 1e308}, Race("bfs", DEFAULT_RACE_SPEED)),
    ({"solver": "bfs"}, Race("bfs", DEFAULT_RACE_SPEED)),
    ("dfs", Race()), ([], Race()), (None, Race()),
])
def test_an_unusable_race_setting_falls_back_to_its_default_and_keeps_the_save(
        tmp_path: Path, race: object, expected: Race) -> None:
    path = tmp_path / "save.json"
    path.write_text(json.dumps({"version": SCHEMA_VERSION, "unlocked": 3,
                                "settings": {"race": race}}))
    loaded, notice = load_progress(path)
    assert notice is None and loaded.unlocked == 3 and loaded.settings.race == expected
