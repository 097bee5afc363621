"""The game's modules import one another without a cycle, lazy imports included.

Every ``import`` and ``from ... import`` statement counts, wherever it is written: at
the top, inside a function, under ``if TYPE_CHECKING``.  A lazy import that dodges a
cycle at run time is still the cycle.  Scenes never import one another: the navigator
is the only module that imports them.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"

def module_name(path: Path) -> str:
    """Return the dotted module name of a source file under the repository root."""
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


@functools.cache  # the tree is read once per run, not once per test: treat it as read-only
def modules() -> dict[str, Path]:
    """Return every module of the game by name."""
    return {module_name(p): p for p in sorted(GAME.rglob("*.py"))}


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """Return the game modules that module ``name`` imports (any statement, anywhere)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parent + ([base] if base else []))
            # "from pkg import mod" imports the module pkg.mod when there is one
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                       for alias in node.names]
        for target in targets:
            while target and target not in known:  # "import game.maze.grid" -> that module
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


@functools.cache  # parsed once per run, not once per scene: treat it as read-only
def import_graph() -> dict[str, set[str]]:
    """Return module -> the game modules it imports."""
    mods = modules()
    known = set(mods)
    return {name: imports_of(name, path, known) for name, path in mods.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str]:
    """Return one import cycle as a list of modules (first == last), or [] when none."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str]:
        """Search from ``node``; return a cycle through the current path, if found."""
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                cycle = visit(nxt)
                if cycle:
                    return cycle
        state[node] = 2
        path.pop()
        return []

    for start in sorted(graph):
        if start not in state:
            cycle = visit(start)
            if cycle:
                return cycle
    return []


def test_the_graph_sees_lazy_and_type_checking_imports() -> None:
    graph = import_graph()
    assert "game.play.scenes.base" in graph["game.play.scenes.title"]
    assert "game.save" in graph["game.play.context"]  # also inside a method
    assert "game.maze.solvers" in graph["game.run.model"]  # only inside functions


def test_a_cycle_is_found_when_there_is_one() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) == []


def test_no_import_cycle_in_the_game() -> None:
    assert find_cycle(import_graph()) == []


@pytest.mark.parametrize("name", sorted(n for n in modules() if n.startswith("game.play.scenes.")))
def test_no_scene_imports_another_scene(name: str) -> None:
    scenes = {n for n in modules() if n.startswith("game.play.scenes.")} - {"game.play.scenes.base"}
    assert not import_graph()[name] & (scenes - {name})


def test_only_the_navigator_imports_the_scenes() -> None:
    scenes = {n for n in modules() if n.startswith("game.play.scenes.")} - {"game.play.scenes.base"}
    importers = {name for name, deps in import_graph().items()
                 if deps & scenes and not name.startswith("game.play.scenes")}
    assert importers == {"game.play.navigator"}
