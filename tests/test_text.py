"""One text catalogue: every key the code asks for exists with the placeholders the code
fills; every key is used; the registries' labels are in it under the keys their entries
name; English and Chinese have the same keys and placeholders; labels are never re-cased
in code; wrapping also breaks between CJK characters."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from game.levels import ALL_CHAPTERS, CAMPAIGN, CHAPTERS
from game.maze.generators import GENERATORS, generator_options
from game.maze.registry import CHASERS, KEYS, LOOPS, MUD
from game.maze.solvers import SOLVERS
from game import names
from game.text import (
    CATALOGUES,
    DEFAULT_LANGUAGE,
    LANGUAGE_NAMES,
    catalogue_characters,
    language,
    placeholders,
    set_language,
    t,
)

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


def registry_labels() -> dict[str, str]:
    """Return the catalogue key of every label the registries name, with its English default.

    generator.<name>, solver.<name> and solver.<name>.short; for each option the Custom
    maze menu shows: option.<name>, option.<name>.value and, when it may be unset,
    option.<name>.unset, and option.<name>.<choice> for each named value it steps to; lab.code.<name>.<n> for each line of an algorithm's pseudo-code.
    """
    labels = {f"generator.{name}": info.label for name, info in GENERATORS.items()}
    for name, solver in SOLVERS.items():
        labels.update({f"solver.{name}": solver.label, f"solver.{name}.short": solver.short})
    for option in [LOOPS, KEYS, CHASERS, MUD] + [option for option, _ in generator_options()
                                                  if option.steps]:
        labels.update({f"option.{option.name}": option.label,
                       f"option.{option.name}.value": option.shown})
        if None in option.steps:
            labels[f"option.{option.name}.unset"] = option.unset
        labels.update({f"option.{option.name}.{choice}": choice
                       for step, choice in enumerate(option.choices) if step in option.steps})
    codes = [(name, info.code) for name, info in GENERATORS.items()]
    codes += [(name, solver.code) for name, solver in SOLVERS.items()]
    for name, code in codes:
        if code is not None:
            labels.update({f"lab.code.{name}.{n}": line
                           for n, line in enumerate(code.lines, start=1)})
    return labels


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
            # a registry label: its placeholders are its default's (checked below)
            filled = {k.arg for k in call.keywords}
            assert not filled or "default" in filled, \
                f"{where}: a key picked at run time fills placeholders only with a default="
            continue
        assert first.value in ENGLISH, f"{where}: no key {first.value!r} in the catalogue"
        filled = {k.arg for k in call.keywords}
        assert filled == placeholders(ENGLISH[first.value]), (
            f"{where}: {first.value!r} has {sorted(placeholders(ENGLISH[first.value]))}, "
            f"the code fills {sorted(filled)}")


def test_every_catalogue_key_is_used_somewhere() -> None:
    assert set(ENGLISH) - string_constants() - set(registry_labels()) == set()


def test_every_registry_label_is_in_the_catalogue_as_its_entry_says() -> None:
    for key, default in registry_labels().items():
        assert ENGLISH.get(key) == default, key
        wanted = {"value"} if key.endswith(".value") else set()
        assert placeholders(default) == wanted, key


def test_a_label_the_catalogue_lacks_is_the_english_its_entry_carries(zh: None) -> None:
    assert t("generator.toy", default="Toy") == "Toy"
    assert t("option.toy.value", default="{value} toys", value=3) == "3 toys"
    assert t("generator.prim", default="unused") == CATALOGUES["zh"]["generator.prim"]
    with pytest.raises(KeyError):
        t("generator.toy")


@pytest.mark.parametrize("code", sorted(CATALOGUES))
def test_every_language_has_the_keys_and_placeholders_of_english(code: str) -> None:
    catalogue = CATALOGUES[code]
    assert set(catalogue) == set(ENGLISH)
    for key, text in catalogue.items():
        assert placeholders(text) == placeholders(ENGLISH[key]), key


def test_english_and_chinese_are_the_languages_and_chinese_has_no_key_of_its_own() -> None:
    assert set(CATALOGUES) == {"en", "zh"} == set(LANGUAGE_NAMES)
    assert set(CATALOGUES["zh"]) - set(ENGLISH) == set()


def words_outside_placeholders(template: str) -> list[str]:
    """Return the runs of two or more ASCII letters in ``template``, placeholders left out."""
    return re.findall(r"[A-Za-z]{2,}", re.sub(r"{[^}]*}", "", template))


def test_the_chinese_catalogue_is_chinese() -> None:
    chinese = CATALOGUES["zh"]
    # what may stay as it is: key and button names (as printed on them), the solvers'
    # short names, lines of figures
    untranslated = [key for key, text in chinese.items()
                    if text == ENGLISH[key] and words_outside_placeholders(text)
                    and not key.endswith(("_keys", ".short"))
                    and not key.startswith(("key.", "pad."))]
    assert untranslated == []
    assert chinese["solver.bfs"] == "广度优先 (BFS)" and chinese["generator.rooms"] == "房间地图"


def test_chinese_sentences_use_full_width_punctuation() -> None:
    for key, text in CATALOGUES["zh"].items():
        bare = re.sub(r"{[^}]*}", "", text)  # a format spec such as {speed:g} is not text
        bare = re.sub(r"\([A-Za-z0-9 ]+\)", "", bare)  # a Latin aside keeps its half-width brackets
        if any("\u4e00" <= c <= "\u9fff" for c in bare):
            assert not set(",:;!?()") & set(bare), f"{key}: {text!r} has ASCII punctuation"


def test_a_chinese_sentence_is_filled_in_like_the_english_one(zh: None) -> None:
    assert t("levels.locked_message", previous=3, number=4) == "未解锁：通过第 3 关即可开启第 4 关"
    assert t("hint.found", solver="BFS", visited=12345, length=67) == \
        "BFS  ·  已探索 12,345  ·  路径 67"


def test_the_help_says_a_tap_walks_one_tile_and_holding_keeps_walking() -> None:
    assert t("help.walk") == "one tile per tap; hold to keep walking"


def test_the_chinese_help_says_the_same_of_tapping_and_holding(zh: None) -> None:
    assert t("help.walk") == "每按一下走一格，按住就一直走"


def test_a_key_missing_from_a_catalogue_falls_back_to_english(
        zh: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(CATALOGUES["zh"], "title.quit")
    assert t("title.quit") == "Quit"


def test_every_campaign_level_has_a_name_in_each_language(zh: None) -> None:
    assert set(names.LEVEL_NAMES) == {spec.name for spec in CAMPAIGN}
    for spec in CAMPAIGN:
        assert ENGLISH[names.LEVEL_NAMES[spec.name]] == spec.name
    assert names.level_label(0, CAMPAIGN[0]) == "第 1 关 · 初来乍到"


def test_every_chapter_has_a_title_and_a_tip_in_each_language(zh: None) -> None:
    assert set(names.CHAPTER_TEXT) == {chapter.key for chapter in ALL_CHAPTERS}
    for title, tip in names.CHAPTER_TEXT.values():
        assert title in CATALOGUES["zh"] and tip in CATALOGUES["zh"]
    assert names.chapter_name(CHAPTERS[0]) == "初出茅庐"
    assert names.chapter_tip(CHAPTERS[0]) == "走到出口；步数最少可得三颗星。"


def test_the_characters_a_catalogue_can_show_include_its_filled_in_digits() -> None:
    shown = catalogue_characters("zh")
    assert set("0123456789,.") <= shown  # {visited:,}, {seconds:.1f}
    assert set("迷宫，。：？！") <= shown
    assert set("简体中文") <= shown  # the language's own name, shown in Settings
    assert not set("{}") & shown


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


def test_cjk_text_never_ends_a_line_with_opening_punctuation() -> None:
    for width in range(30, 120, 10):
        lines = wrap("在“种子”上按（回车）换一个。", width)
        assert "".join(lines) == "在“种子”上按（回车）换一个。"
        assert not any(line.endswith(("“", "（")) for line in lines)
        assert not any(line.startswith(("”", "）", "。")) for line in lines)


def test_level_and_chapter_names_are_capitalised_alike() -> None:
    # "Level 1 · First Steps" sat under "Chapter 1 · First steps": both are titles, each
    # word capitalised but the small ones inside (of, and, the, o')
    small = {"of", "and", "the", "o'", "in", "a"}
    names_ = [t(f"chapter.{c.key}") for c in ALL_CHAPTERS]
    names_ += [t(k) for k in CATALOGUES["en"] if k.startswith("level_name.")]
    for name in names_:
        words = re.split(r"[ -]", name)
        for i, word in enumerate(words):
            assert word[:1].isupper() or (i and word in small), f"{name!r}: {word!r}"
