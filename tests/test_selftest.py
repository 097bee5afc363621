"""``migong --selftest``: passes on a healthy game, names what broke otherwise."""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import numpy as np
import pytest

from game import selftest
from game.maze.generators import GENERATORS
from game.maze.grid import FLOOR, WALL, Maze, open_border
from game.maze.registry import GeneratorInfo, SolverInfo
from game.maze.solvers import SOLVERS
from game.maze.solvers.base import VISIT, Solution

ROOT = Path(__file__).resolve().parents[1]
ASSETS = ROOT / "assets"


def run_in_process(**kwargs: object) -> tuple[int, str]:
    """Run the self-test here; return its exit code and everything it printed."""
    out = io.StringIO()
    code = selftest.run_selftest(out=out, **kwargs)  # type: ignore[arg-type]
    return code, out.getvalue()


def corridor() -> Maze:
    """Return a 3x5 maze whose only route is the middle row, (1, 0) to (1, 4)."""
    rows = ["#####", "#...#", "#####"]
    tiles = np.array([[WALL if ch == "#" else FLOOR for ch in row] for row in rows], np.uint8)
    return open_border(tiles)


@pytest.fixture(scope="module")
def selftest_output() -> subprocess.CompletedProcess[str]:
    """Run ``python -m game --selftest`` once, headless, from outside the checkout."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return subprocess.run(
        [sys.executable, "-m", "game", "--selftest"],
        capture_output=True, text=True, env=env, cwd=ROOT.parent, timeout=120,
    )


def test_selftest_command_exits_0_with_no_failure(
    selftest_output: subprocess.CompletedProcess[str],
) -> None:
    assert selftest_output.returncode == 0, selftest_output.stdout + selftest_output.stderr
    assert "FAIL" not in selftest_output.stdout
    assert selftest_output.stdout.rstrip().splitlines()[-1].startswith("selftest passed")


def test_selftest_generates_with_every_generator_and_solves_with_every_solver(
    selftest_output: subprocess.CompletedProcess[str],
) -> None:
    lines = selftest_output.stdout.splitlines()
    for gen in GENERATORS:
        assert f"ok generate {gen} 21x21" in lines
        for solver in SOLVERS:
            assert any(line.startswith(f"ok solve {solver} on {gen} 21x21 (") for line in lines)
    assert "ok bfs is shortest on" in selftest_output.stdout


def test_selftest_loads_every_asset_file(
    selftest_output: subprocess.CompletedProcess[str],
) -> None:
    expected = selftest.asset_files(ASSETS)
    assert any(p.suffix == ".png" for p in expected) and any(p.suffix == ".wav" for p in expected)
    for path in expected:
        rel = path.relative_to(ASSETS).as_posix()
        assert any(line.startswith(f"ok asset {rel} ") for line in selftest_output.stdout.splitlines())
    assert "ok font pygame default" in selftest_output.stdout


def test_selftest_draws_every_scene(selftest_output: subprocess.CompletedProcess[str]) -> None:
    scenes = [
        line.split()[-1] for line in selftest_output.stdout.splitlines()
        if line.startswith("ok scene ")
    ]
    for name in ("TitleScene", "PlayScene", "PauseScene", "LevelCompleteScene"):
        assert name in scenes


def test_selftest_checks_the_chinese_font_covers_the_catalogue_and_draws_in_chinese(
    selftest_output: subprocess.CompletedProcess[str],
) -> None:
    from game.text import catalogue_characters

    counts = [int(m.group(1)) for m in re.finditer(
        r"^ok zh font (\d+) glyphs cover the catalogue$", selftest_output.stdout, re.MULTILINE)]
    assert counts == [len(catalogue_characters("zh"))]
    scenes = len(re.findall(r"^ok scene \w+$", selftest_output.stdout, re.MULTILINE))
    assert scenes >= 10  # every scene is drawn once in English...
    assert f"ok draw every scene in zh {scenes} scenes" in selftest_output.stdout  # ...and in Chinese


def test_a_font_without_the_chinese_glyphs_makes_the_selftest_fail(tmp_path: Path) -> None:
    import pygame

    broken = tmp_path / "assets"
    shutil.copytree(ASSETS, broken)
    latin_only = Path(pygame.__file__).parent / pygame.font.get_default_font()
    shutil.copyfile(latin_only, broken / "fonts" / "NotoSansSC-Migong.otf")

    code, out = run_in_process(asset_root=broken)

    assert code == 1
    assert "FAIL zh font: NotoSansSC-Migong.otf has no glyph for '" in out


def test_a_corrupt_image_makes_the_selftest_fail_and_name_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = tmp_path / "assets"
    shutil.copytree(ASSETS, broken)
    victim = sorted((broken / "tiles").glob("*.png"))[0]
    victim.write_bytes(b"this is not a PNG")
    monkeypatch.setattr(selftest, "default_asset_root", lambda: broken)

    code, out = run_in_process()

    assert code == 1
    assert f"FAIL asset tiles/{victim.name}:" in out
    assert "selftest FAILED" in out


def test_a_truncated_sound_makes_the_selftest_fail(tmp_path: Path) -> None:
    broken = tmp_path / "assets"
    shutil.copytree(ASSETS, broken)
    victim = sorted((broken / "sounds").glob("*.wav"))[0]
    victim.write_bytes(victim.read_bytes()[:20])

    code, out = run_in_process(asset_root=broken)

    assert code == 1
    assert f"FAIL asset sounds/{victim.name}:" in out


def test_a_missing_assets_directory_fails(tmp_path: Path) -> None:
    code, out = run_in_process(asset_root=tmp_path / "nowhere")

    assert code == 1
    assert "FAIL assets directory:" in out


def test_a_solver_that_walks_through_walls_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    def teleport(maze: Maze, start: tuple[int, int], goal: tuple[int, int]) -> Iterator[object]:
        yield (VISIT, *start)
        yield Solution("teleport", [start, goal], 1, start, goal)

    monkeypatch.setitem(SOLVERS, "teleport", SolverInfo("teleport", "Teleport", "TP", teleport,
                                                         shortest=False))

    code, out = run_in_process()

    assert code == 1
    assert "FAIL solve teleport on prim 21x21: step 1 jumps" in out


def test_a_generator_that_raises_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(**kwargs: object) -> Maze:
        raise RuntimeError("out of bricks")

    monkeypatch.setitem(GENERATORS, "broken", GeneratorInfo("broken", "Z", "Broken", broken))

    code, out = run_in_process()

    assert code == 1
    assert "FAIL generate broken 21x21: RuntimeError: out of bricks" in out


def test_check_path_accepts_a_walk_along_the_floor() -> None:
    maze = corridor()
    selftest.check_path(maze, [(1, 0), (1, 1), (1, 2), (1, 3), (1, 4)], maze.start, maze.goal)


@pytest.mark.parametrize(
    "path, reason",
    [
        (None, "no path"),
        ([], "path must run from"),
        ([(1, 1), (1, 2), (1, 3), (1, 4)], "path must run from"),
        ([(1, 0), (1, 1), (1, 3), (1, 4)], "step 2 jumps"),
        ([(1, 0), (1, 1), (0, 1), (1, 1), (1, 2), (1, 3), (1, 4)], "step 2 of the path, (0, 1), is not a floor"),
        ([(1, 0), (1, 1), (1, 2), (1, 1), (1, 2), (1, 3), (1, 4)], "visits a tile twice"),
    ],
)
def test_check_path_rejects(path: list[tuple[int, int]] | None, reason: str) -> None:
    maze = corridor()
    with pytest.raises(selftest.CheckFailed, match=re.escape(reason)):
        selftest.check_path(maze, path, maze.start, maze.goal)
