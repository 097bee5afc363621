"""Start-up imports only what its first screen needs (issue 18): each fact checked in a
fresh interpreter, where nothing else has imported anything yet.

``migong --version`` needs neither numpy nor pygame; ``migong`` (the title screen) draws
its first frame without the commands' checks, the maze generators' options, any scene
but the title, the renderer and its images, or an open mixer.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def modules_after(code: str, tmp_path: Path, *, first_frame: bool = False) -> dict[str, object]:
    """Run ``code`` in a fresh interpreter; return the JSON object it prints last.

    ``code`` ends by printing ``json.dumps({...})``; with ``first_frame`` the game exits
    right after its first frame, on SDL's dummy drivers, with a save of its own.
    """
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYGAME_HIDE_SUPPORT_PROMPT="1",
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               MIGONG_SAVE_PATH=str(tmp_path / "save.json"))
    if first_frame:
        env["MIGONG_EXIT_AFTER_FIRST_FRAME"] = "1"
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout.splitlines()[-1])
    return result


def test_version_imports_neither_numpy_nor_pygame(tmp_path: Path) -> None:
    report = modules_after(
        "import json, sys\n"
        "from game.cli import main\n"
        "code = main(['--version'])\n"
        "print(json.dumps({'code': code, 'modules': sorted(sys.modules)}))\n", tmp_path)
    assert report["code"] == 0
    modules = report["modules"]
    assert isinstance(modules, list)
    assert "numpy" not in modules
    assert "pygame" not in modules
    assert "game.maze.generators" not in modules


def test_the_bare_command_line_is_parsed_without_the_generators(tmp_path: Path) -> None:
    # Their options come from the registry, which imports every generator and numpy.
    report = modules_after(
        "import json, sys\n"
        "from game.cli import _joined_negatives, build_parser\n"
        "args = build_parser().parse_args(_joined_negatives([]))\n"
        "print(json.dumps({'command': args.command, 'modules': sorted(sys.modules)}))\n",
        tmp_path)
    assert report["command"] is None
    modules = report["modules"]
    assert isinstance(modules, list)
    assert "game.maze.generators" not in modules and "numpy" not in modules


def test_a_sub_command_still_gets_the_generators_options_when_used(tmp_path: Path) -> None:
    report = modules_after(
        "import json\n"
        "from game.cli import build_parser\n"
        "args = build_parser().parse_args(['play', '--room-size', '3'])\n"
        "print(json.dumps({'room_size': args.room_size, 'algorithm': args.algorithm}))\n",
        tmp_path)
    assert report == {"room_size": "3", "algorithm": None}


def test_the_title_screens_first_frame_imports_only_what_it_draws(tmp_path: Path) -> None:
    report = modules_after(
        "import json, sys\n"
        "import pygame\n"
        "from game.cli import main\n"
        "code = main([])\n"
        "print(json.dumps({'code': code, 'modules': sorted(sys.modules)}))\n",
        tmp_path, first_frame=True)
    assert report["code"] == 0
    modules = report["modules"]
    assert isinstance(modules, list)
    scenes = {name for name in modules if name.startswith("game.play.scenes.")}
    assert scenes == {"game.play.scenes.base", "game.play.scenes.title"}
    unneeded = ("game.commands", "game.play.render", "game.play.hint", "game.run.model",
                "game.edit", "game.lab", "game.replays", "game.maze.formats",
                "numpy.random", "hashlib")
    assert not [name for name in modules if name.startswith(unneeded)]


def test_the_title_screens_first_frame_runs_no_numpy_and_builds_no_tile_table(
    tmp_path: Path,
) -> None:
    # numpy alone is 90 ms of a 260 ms start; the save's checks import the maze core, whose
    # numpy and tile table wait (game.lazy) until a maze is made.  A save on disk is read,
    # as every launch after the first one does.
    (tmp_path / "save.json").write_text(
        json.dumps({"unlocked": 3, "settings": {"palette": "default"}}), encoding="utf-8")
    report = modules_after(
        "import json, sys\n"
        "from game.cli import main\n"
        "from game.lazy import has_run\n"
        "code = main([])\n"
        "print(json.dumps({'code': code, 'numpy': has_run('numpy'),\n"
        "                  'tiles': has_run('game.maze.tiles'),\n"
        "                  'numpy_parts': [m for m in sys.modules if m.startswith('numpy.')],\n"
        "                  'core': 'game.maze.generators' in sys.modules}))\n",
        tmp_path, first_frame=True)
    assert report == {"code": 0, "numpy": False, "tiles": False, "numpy_parts": [],
                      "core": True}


def test_a_maze_made_after_start_up_runs_numpy_in_place(tmp_path: Path) -> None:
    # The deferred module is numpy itself once run: the same object, its real attributes.
    report = modules_after(
        "import json, sys, types\n"
        "from game.lazy import defer, has_run\n"
        "defer('numpy', 'game.maze.tiles')\n"
        "import numpy as np\n"
        "from game.maze import tiles\n"
        "from game.maze.generators import generate\n"
        "before = has_run('numpy'), has_run('game.maze.tiles')\n"
        "maze = generate('backtracker', rows=11, cols=11, seed=1)\n"
        "assert maze.walkable(maze.start)  # asks the tile table\n"
        "print(json.dumps({'before': before, 'after': [has_run('numpy'),\n"
        "                  has_run('game.maze.tiles')], 'same': sys.modules['numpy'] is np,\n"
        "                  'plain': type(np) is types.ModuleType,\n"
        "                  'array': isinstance(maze.tiles, np.ndarray),\n"
        "                  'kinds': int(len(tiles.KINDS)) > 2}))\n", tmp_path)
    assert report == {"before": [False, False], "after": [True, True], "same": True,
                      "plain": True, "array": True, "kinds": True}


def test_every_scene_draws_with_numpy_and_the_tile_table_deferred(tmp_path: Path) -> None:
    # As the game runs after start-up: whatever draws first runs them, the rest sees them run.
    report = modules_after(
        "import json\n"
        "from game.lazy import defer, has_run\n"
        "defer('numpy', 'game.maze.tiles')\n"
        "import pygame\n"
        "from game.play.navigator import draw_every_scene\n"
        "names = draw_every_scene(pygame.Surface((800, 600)))\n"
        "print(json.dumps({'scenes': len(names), 'ran': [has_run('numpy'),\n"
        "                  has_run('game.maze.tiles')]}))\n", tmp_path)
    assert report["ran"] == [True, True]
    assert isinstance(report["scenes"], int) and report["scenes"] > 10


def test_numpy_starts_no_blas_threads_under_the_game(tmp_path: Path) -> None:
    # OpenBLAS would start a spinning thread per core as numpy is imported; the game does
    # no linear algebra, and on two cores those threads slowed its start by a fifth.
    report = modules_after(
        "import json, os, sys\n"
        "from game.cli import main\n"
        "def threads():\n"
        "    return len(os.listdir('/proc/self/task')) if os.path.isdir('/proc/self/task') else 1\n"
        "before = threads()\n"
        "code = main(['levels', '--json'])\n"
        "print(json.dumps({'code': code, 'numpy': 'numpy' in sys.modules,\n"
        "                  'threads': threads() - before,\n"
        "                  'setting': os.environ.get('OPENBLAS_NUM_THREADS')}))\n", tmp_path)
    assert report["code"] == 0 and report["numpy"]
    assert report["threads"] == 0
    assert report["setting"] == "1"


def test_no_arguments_start_the_title_screen_without_building_the_parser(
    tmp_path: Path,
) -> None:
    # A bare ``migong`` has nothing to parse; ten argparse parsers cost 7-25 ms.
    report = modules_after(
        "import json, sys\n"
        "import game.cli as cli\n"
        "built = []\n"
        "build = cli.build_parser\n"
        "cli.build_parser = lambda: built.append(1) or build()\n"
        "code = cli.main([])\n"
        "print(json.dumps({'code': code, 'built': len(built)}))\n",
        tmp_path, first_frame=True)
    assert report == {"code": 0, "built": 0}


def test_the_english_title_opens_no_cjk_font(tmp_path: Path) -> None:
    # Its footer has a "·", which is no CJK character: the Chinese font waits (4 ms).
    report = modules_after(
        "import json, os\n"
        "os.environ['MIGONG_LANG'] = 'en'\n"
        "from game.cli import main\n"
        "from game.play.widgets import text\n"
        "code = main([])\n"
        "print(json.dumps({'code': code, 'cjk': sorted(text._cjk_files)}))\n",
        tmp_path, first_frame=True)
    assert report == {"code": 0, "cjk": []}
