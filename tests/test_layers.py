"""The layers hold: nothing below the play layer imports ``game.play``.

The floor (the core maze, the run model, saves, levels, replays, the editor's and the
lab's models, the daily maze, the text catalogues, the commands...) is every game module
outside ``game/play/`` but the edge: ``game.cli``, ``game.__main__`` and ``game.selftest``
start the play layer when asked to, by importing it inside the function that does.  A floor
module imports no ``game.play`` module, directly or through another, not even inside a
function; an edge module imports none at module level, directly or through another, so
``python -m game solve`` never loads pygame's side of the game.  Pure data that both sides
need (palette names, key bindings, the names the player reads) lives on the floor.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import palettes
from game.play import theme

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"
PLAY = "game.play"
#: Modules that start the play layer on request: only their module-level imports count.
EDGE = ("game.__main__", "game.cli", "game.selftest")


def module_name(path: Path) -> str:
    """Return the dotted module name of a source file under the repository root."""
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


MODULES = {module_name(p): p for p in sorted(GAME.rglob("*.py"))}


def is_play(name: str) -> bool:
    """Return True for ``game.play`` and every module under it."""
    return name == PLAY or name.startswith(PLAY + ".")


def _statements(tree: ast.Module, *, top_level: bool) -> list[ast.stmt]:
    """Return the import statements of ``tree``: all of them, or those run on import."""
    if not top_level:
        return [n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))]
    found: list[ast.stmt] = []
    pending: list[ast.stmt] = list(tree.body)
    while pending:  # module level, including under if/try/with, never in a def or class body
        node = pending.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        elif isinstance(node, ast.If) and _is_type_checking(node.test):
            pending.extend(node.orelse)
        elif isinstance(node, (ast.If, ast.Try, ast.With, ast.For, ast.While)):
            for field in ("body", "orelse", "finalbody", "handlers"):
                for child in getattr(node, field, []):
                    pending.extend(child.body if isinstance(child, ast.ExceptHandler)
                                   else [child])
    return found


def _is_type_checking(test: ast.expr) -> bool:
    """Return True for ``if TYPE_CHECKING:`` (never run, so never imported)."""
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports_of(name: str, *, top_level: bool) -> set[str]:
    """Return the game modules (and packages) that module ``name`` imports."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found: set[str] = set()
    for node in _statements(tree, top_level=top_level):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base
                       for alias in node.names]
        for target in targets:
            while target and target not in MODULES:  # "import game.maze.grid" -> that module
                target = target.rpartition(".")[0]
            # importing a.b.c runs a/__init__ and a/b/__init__ first
            parts = target.split(".")
            found.update(".".join(parts[:i]) for i in range(1, len(parts) + 1)
                         if ".".join(parts[:i]) in MODULES)
    found.discard(name)
    return found


def chain_to_play(start: str, *, top_level: bool) -> list[str]:
    """Return a chain of imports from ``start`` to a ``game.play`` module, or [] if none."""
    parent: dict[str, str] = {start: ""}
    queue = [start]
    while queue:
        name = queue.pop(0)
        if is_play(name):
            chain = [name]
            while parent[chain[-1]]:
                chain.append(parent[chain[-1]])
            return chain[::-1]
        for nxt in sorted(imports_of(name, top_level=top_level)):
            if nxt not in parent:
                parent[nxt] = name
                queue.append(nxt)
    return []


FLOOR = sorted(n for n in MODULES if not is_play(n) and n not in EDGE)


def test_the_floor_holds_the_layers_named_in_the_house_style() -> None:
    for name in ("game.maze.grid", "game.run.model", "game.save", "game.levels", "game.replays",
                 "game.edit.model", "game.lab.model", "game.daily", "game.commands",
                 "game.bindings", "game.names", "game.palettes", "game.server.rules",
                 "game.server.app", "game.server.store", "game.server.client"):
        assert name in FLOOR


@pytest.mark.parametrize("name", FLOOR)
def test_no_floor_module_imports_the_play_layer(name: str) -> None:
    assert chain_to_play(name, top_level=False) == []


@pytest.mark.parametrize("name", EDGE)
def test_the_edge_imports_the_play_layer_only_when_asked_to_play(name: str) -> None:
    assert chain_to_play(name, top_level=True) == []


def test_a_chain_to_the_play_layer_is_found_through_another_module() -> None:
    assert chain_to_play("game.cli", top_level=False)[-1].startswith(PLAY)  # inside a function
    assert chain_to_play("game.play.app", top_level=True) == ["game.play.app"]
    assert "game.maze" in imports_of("game.maze.grid", top_level=True)  # its package runs first


def test_importing_the_floor_and_the_command_line_loads_neither_pygame_nor_the_play_layer(
) -> None:
    names = FLOOR + ["game.cli", "game.selftest"]  # game.__main__ would run the game
    code = (f"import sys\nfor name in {names!r}:\n    __import__(name)\n"
            "print(sorted(m for m in sys.modules if m.startswith(('game.play', 'pygame'))))")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "[]"


def test_the_theme_builds_every_palette_the_save_may_name() -> None:
    assert tuple(theme.PALETTES) == palettes.PALETTE_NAMES
    assert theme.TEXT_SIZES == palettes.TEXT_SIZES
