"""The replays folder is ours only in part: what is not a replay is never replaced or removed.

Also: a session that plays without saving writes no replays, and a run kept without its
best-run copy says exactly that.
"""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from game import replays as store_module
from game.play.context import Context
from game.replays import BestNotKept, ReplayStore, looks_like_a_replay, replay_dir
from game.run.replay import Replay, dumps, record
from game.save import Progress, SaveStore
from game.text import t
from tests.run.test_replay import DATE, campaign_level, played

PASSWD = b"root:x:0:0:root:/root:/bin/bash\n"


def _replay(date: str = DATE) -> Replay:
    """Return a finished run of the first campaign level."""
    level = campaign_level()
    return record(played(level), level, game="x", date=date)


def test_a_file_that_is_not_a_replay_in_the_best_place_is_never_replaced(tmp_path: Path) -> None:
    store = ReplayStore(tmp_path)
    rep = _replay()
    best = store.best_path(rep.level)
    best.parent.mkdir(parents=True)
    best.write_bytes(PASSWD)
    with pytest.raises(BestNotKept, match="not a replay, so it was left alone") as caught:
        store.keep(rep)
    assert best.read_bytes() == PASSWD
    assert caught.value.kept.is_file() and caught.value.kept.parent == tmp_path  # the run is kept


def test_a_link_in_the_best_place_to_a_file_that_is_not_a_replay_is_left_alone(
        tmp_path: Path) -> None:
    outside = tmp_path / "passwd"
    outside.write_bytes(PASSWD)
    store = ReplayStore(tmp_path / "replays")
    rep = _replay()
    best = store.best_path(rep.level)
    best.parent.mkdir(parents=True)
    best.symlink_to(outside)
    with pytest.raises(BestNotKept):
        store.keep(rep)
    assert outside.read_bytes() == PASSWD and best.is_symlink()


def test_a_damaged_best_run_of_ours_is_replaced(tmp_path: Path) -> None:
    store = ReplayStore(tmp_path)
    rep = _replay()
    best = store.best_path(rep.level)
    best.parent.mkdir(parents=True)
    best.write_text(dumps(rep)[:300], encoding="utf-8")  # cut short
    assert looks_like_a_replay(best)
    store.keep(rep)
    assert best.read_text(encoding="utf-8") == dumps(rep)


def test_pruning_removes_only_replays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_module, "MAX_RUNS", 2)
    foreign = {"0-notes.json": b'{"todo": ["milk"]}', "1-users.json": PASSWD, "2-empty.json": b""}
    for name, data in foreign.items():
        (tmp_path / name).write_bytes(data)
    store = ReplayStore(tmp_path)
    for minute in range(4):
        store.keep(_replay(f"2026-12-01T08:0{minute}:00Z"))
    for name, data in foreign.items():
        assert (tmp_path / name).read_bytes() == data
    runs = sorted(p.name for p in tmp_path.glob("2026-*.json"))
    assert len(runs) == 2 and runs[0].startswith("2026-12-01T08-02-00Z")


def _context(save: Path) -> Context:
    """Return a Context whose save store has loaded ``save``."""
    store = SaveStore(save)
    progress, notice = store.load()
    return Context(progress, save_path=save, store=store, notice=notice)


def test_a_session_without_saving_writes_no_replays_beside_its_save(tmp_path: Path) -> None:
    device = tmp_path / "save.json"
    device.mkdir()  # like a device: not a regular file, so nothing is saved
    ctx = _context(device)
    assert ctx.store is not None and not ctx.store.writable
    ctx.keep_replay(_replay())
    assert not replay_dir(device).exists() and sorted(tmp_path.iterdir()) == [device]
    assert ctx.toasts.text == ""


def test_a_run_kept_without_its_best_copy_says_so(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    ctx = _context(tmp_path / "save.json")
    real = store_module.write_atomically

    def full_for_the_best(path: Path, text: str) -> None:
        if path.parent.name == store_module.BEST_DIR:  # 4 KiB free: the second copy fails
            raise OSError(errno.ENOSPC, "No space left on device")
        real(path, text)

    monkeypatch.setattr(store_module, "write_atomically", full_for_the_best)
    ctx.keep_replay(_replay())
    assert ctx.toasts.text == t("replay.best_not_kept") != t("replay.not_kept")
    assert len(list(replay_dir(tmp_path / "save.json").glob("*.json"))) == 1


def test_a_run_not_kept_at_all_still_says_the_replay_was_not_saved(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ctx = _context(tmp_path / "save.json")

    def full(path: Path, text: str) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(store_module, "write_atomically", full)
    ctx.keep_replay(_replay())
    assert ctx.toasts.text == t("replay.not_kept")
