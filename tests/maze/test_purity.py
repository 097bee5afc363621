"""The maze core stays pure and in the house style: no pygame, every function typed and told.

The campaign (game.levels), the save file (game.save) and the ``generate`` and ``solve``
commands are held to "no pygame" too.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MAZE = ROOT / "game" / "maze"
SOURCES = sorted(MAZE.rglob("*.py"))
MODULES = [
    ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
    for path in SOURCES
]


def functions(path: Path) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    """Return every function and method defined in the module at ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
    ]


#: Game modules outside the maze core that are pure too: the campaign, the save file, the
#: run model (game/run), the editor's model (game/edit), the lab's model (game/lab), the
#: text catalogue (game/text) and the save (game/save).
PURE_SOURCES = sorted([*(ROOT / "game" / "run").rglob("*.py"),
                       *(ROOT / "game" / "edit").rglob("*.py"),
                       *(ROOT / "game" / "lab").rglob("*.py"),
                       *(ROOT / "game" / "text").rglob("*.py"),
                       *(ROOT / "game" / "save").rglob("*.py")])
PURE_GAME_MODULES = ["game.levels"] + [
    ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
    for path in PURE_SOURCES
]


def pygame_loaded_by(code: str) -> str:
    """Run ``code`` in a fresh interpreter; return the pygame modules it left loaded, as text."""
    probe = "import sys\nprint(sorted(m for m in sys.modules if m.split('.')[0] == 'pygame'))\n"
    proc = subprocess.run(
        [sys.executable, "-c", code + "\n" + probe],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.splitlines()[-1]


def test_importing_the_whole_maze_core_loads_no_pygame() -> None:
    assert "game.maze.solvers.stack" in MODULES and "game.maze.generators" in MODULES
    assert "game.edit.model" in PURE_GAME_MODULES and "game.save.store" in PURE_GAME_MODULES
    assert "game.run.model" in PURE_GAME_MODULES and "game.text.en" in PURE_GAME_MODULES
    code = f"import importlib\nfor name in {MODULES + PURE_GAME_MODULES!r}:\n"
    assert pygame_loaded_by(code + "    importlib.import_module(name)") == "[]"


def test_generate_and_solve_on_the_command_line_never_load_pygame(tmp_path: Path) -> None:
    maze = tmp_path / "m.txt"
    maze.write_text("#####\nS...#\n###.#\n#...E\n#####\n", encoding="utf-8")
    code = (
        "from game.cli import main\n"
        "assert main(['generate', '-a', 'dig', '-s', '9x9', '--solve', 'stack']) == 0\n"
        f"assert main(['solve', {str(maze)!r}, '--json']) == 0\n"
    )
    assert pygame_loaded_by(code) == "[]"


#: The game modules beside the maze core held to the same style.
STYLED = SOURCES + PURE_SOURCES + sorted((ROOT / "game" / "play").rglob("*.py")) + [
    ROOT / "game" / f"{name}.py" for name in ("commands", "levels", "resources")
]


@pytest.mark.parametrize("path", STYLED, ids=[str(p.relative_to(ROOT)) for p in STYLED])
def test_every_function_is_annotated_and_has_a_one_line_docstring(path: Path) -> None:
    for node in functions(path):
        where = f"{path.relative_to(ROOT)}:{node.lineno} {node.name}"
        args = node.args
        params = [*args.posonlyargs, *args.args, *args.kwonlyargs]
        params += [a for a in (args.vararg, args.kwarg) if a is not None]
        untyped = [a.arg for a in params if a.annotation is None and a.arg not in ("self", "cls")]
        assert not untyped, f"{where}: parameters without a type: {untyped}"
        assert node.returns is not None, f"{where}: no return type"
        if node.name.startswith("__") and node.name.endswith("__"):
            continue  # dunders do what the data model says
        doc = ast.get_docstring(node)
        assert doc, f"{where}: no docstring"
        summary = doc.splitlines()[0]
        assert summary.endswith("."), f"{where}: the docstring's first line is not one sentence"
        verb = summary.split()[0]
        assert not (verb.endswith("s") and not verb.endswith("ss")), (
            f"{where}: say what to do ('Return ...'), not what it does ({verb!r})"
        )
