"""game.lazy: a deferred module runs once, at its first use, in place, whichever thread
uses it first, and can be asked whether it exists without running."""

from __future__ import annotations

import importlib.util
import sys
import threading
from pathlib import Path
from typing import Iterator

import pytest

from game.lazy import defer, has_run

SLOW_MODULE = """
import time
RUNS = globals().get("RUNS", 0) + 1
time.sleep(0.2)  # long enough for a second thread to ask while the first one runs it
VALUE = 42
"""


@pytest.fixture
def slow(tmp_path: Path) -> Iterator[str]:
    """Write a module that takes a while to run; yield its name; forget it afterwards."""
    name = "migong_test_slow_module"
    (tmp_path / f"{name}.py").write_text(SLOW_MODULE, encoding="utf-8")
    sys.path.insert(0, str(tmp_path))
    try:
        yield name
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop(name, None)


def test_a_deferred_module_runs_at_first_use_only(slow: str) -> None:
    defer(slow)
    module = sys.modules[slow]
    assert not has_run(slow)
    assert importlib.util.find_spec(slow) is not None  # asking whether it exists...
    assert not has_run(slow)  # ...does not run it
    assert module.VALUE == 42
    assert has_run(slow) and sys.modules[slow] is module and module.RUNS == 1


def test_threads_using_it_at_once_wait_for_one_run(slow: str) -> None:
    defer(slow)
    module = sys.modules[slow]
    seen: list[int] = []
    threads = [threading.Thread(target=lambda: seen.append(module.VALUE)) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen == [42] * 4
    assert module.RUNS == 1


def test_modules_imported_already_or_missing_are_left_alone() -> None:
    before = sys.modules["json"] if "json" in sys.modules else __import__("json")
    defer("json", "migong_no_such_module")
    assert sys.modules["json"] is before and has_run("json")
    assert "migong_no_such_module" not in sys.modules and not has_run("migong_no_such_module")


def test_a_module_that_fails_raises_again_when_imported(tmp_path: Path) -> None:
    name = "migong_test_broken_module"
    (tmp_path / f"{name}.py").write_text("raise ImportError('broken on purpose')\n")
    sys.path.insert(0, str(tmp_path))
    try:
        defer(name)
        with pytest.raises(ImportError, match="broken on purpose"):
            sys.modules[name].anything
        assert name not in sys.modules
        with pytest.raises(ImportError, match="broken on purpose"):
            __import__(name)
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop(name, None)
