"""One text catalogue: every key the code asks for exists with the placeholders the code
fills; every key is used; labels are never re-cased in code; wrapping also breaks
between CJK characters."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.play import names
from game.text import CATALOGUES, DEFAULT_LANGUAGE, language, placeholders, set_language, t

ROOT = Path(__file__).resolve().parents[1]
SOURCES = sorted(p for p in (ROOT / "game").rglob("*.py") if "text" not in p.parts)
ENGLISH = CATALOGUES[DEFAULT_LANGUAGE]


def calls_of_t() -> list[tuple[str, ast.Call]]:
    """Return every ``t(...)`` call in the game's sources with where it is."""
    found = []
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "t":
                found.append((f"{path.relative_to(ROOT)}:{node.lineno}", node))
    return found


def string_constants() -> set[str]:
    """Return every string literal in the game's sources (outside the catalogues)."""
    return {node.value for path in SOURCES
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)}


def test_every_key_the_code_asks_for_exists_with_the_placeholders_it_fills() -> None:
    calls = calls_of_t()
    assert len(calls) > 100
    for where, call in calls:
        first = call.args[0]
        assert not any(isinstance(k.arg, type(None)) for k in call.keywords), \
            f"{where}: t(**named) hides which placeholders are filled"
        if not isinstance(first, ast.Constant):
            assert not call.keywords, f"{where}: a key picked at run time takes no placeholders"
            continue
        assert first.value in ENGLISH, f"{where}: no key {first.value!r} in the catalogue"
        filled = {k.arg for k in call.keywords}
        assert filled == placeholders(ENGLISH[first.value]), (
            f"{where}: {first.value!r} has {sorted(placeholders(ENGLISH[first.value]))}, "
            f"the code fills {sorted(filled)}")


def test_every_catalogue_key_is_used_somewhere() -> None:
    assert set(ENGLISH) - string_constants() == set()


def test_the_label_tables_name_keys_without_placeholders() -> None:
    for table in (names.GENERATOR_LABELS, names.SOLVER_LABELS, names.SOLVER_SHORT_LABELS):
        for key in table.values():
            assert key in ENGLISH and not placeholders(ENGLISH[key])


@pytest.mark.parametrize("code", sorted(CATALOGUES))
def test_every_language_has_the_keys_and_placeholders_of_english(code: str) -> None:
    catalogue = CATALOGUES[code]
    assert set(catalogue) == set(ENGLISH)
    for key, text in catalogue.items():
        assert placeholders(text) == placeholders(ENGLISH[key]), key


def test_labels_are_never_re_cased_in_code() -> None:
    for path in (ROOT / "game" / "play").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in ("lower", "upper", "title", "capitalize")):
                pytest.fail(f"{path.relative_to(ROOT)}:{node.lineno}: .{node.func.attr}() on text")


def test_a_sentence_is_filled_in_and_an_unknown_language_is_refused() -> None:
    assert t("levels.locked_message", previous=3, number=4) == \
        "Locked: finish level 3 to open level 4"
    assert t("hint.found", solver="BFS", visited=12345, length=67) == \
        "BFS  ·  visited 12,345  ·  path 67"
    with pytest.raises(ValueError, match="no text catalogue"):
        set_language("xx")
    assert language() == DEFAULT_LANGUAGE


# -- wrapping ---------------------------------------------------------------------------
class Mono:
    """A stand-in font: every character is 10 px wide."""

    def size(self, text: str) -> tuple[int, int]:
        """Return the size of ``text``."""
        return 10 * len(text), 12


def wrap(text: str, width: int) -> list[str]:
    """Wrap ``text`` with the game's wrap at ``width`` px of a 10 px-per-character font."""
    from game.play.widgets.text import wrap as game_wrap

    return game_wrap(text, Mono(), width)  # type: ignore[arg-type]


def test_latin_text_wraps_at_spaces() -> None:
    assert wrap("the quick brown fox jumps", 100) == ["the quick", "brown fox", "jumps"]


def test_cjk_text_wraps_between_characters_but_never_before_closing_punctuation() -> None:
    assert wrap("你好世界欢迎来到迷宫", 40) == ["你好世界", "欢迎来到", "迷宫"]
    lines = wrap("你好世界，欢迎来到迷宫。", 40)
    assert "".join(lines) == "你好世界，欢迎来到迷宫。"
    assert all(not line.startswith(("，", "。")) for line in lines)
    assert all(len(line) <= 4 for line in lines)


def test_mixed_text_keeps_latin_words_whole() -> None:
    lines = wrap("迷宫 Migong 是一个游戏", 60)
    assert "".join(lines).replace(" ", "") == "迷宫Migong是一个游戏"
    assert any("Migong" in line for line in lines)
