"""The bundled Chinese font: a subset holding exactly what the Chinese catalogue shows and
the commonest Chinese (players' names), with its licence beside it, shipped in the wheel and the bundle, and never loaded by fontTools
in the game."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pygame
import pytest
from fontTools.ttLib import TTFont

from game.play.theme import DEFAULT
from game.selftest import missing_glyphs
from game.text import catalogue_characters
from game.text.common import common_characters

ROOT = Path(__file__).resolve().parents[1]
FONT = ROOT / "assets" / DEFAULT.fonts.cjk_file
LICENCE = FONT.parent / "OFL.txt"


def test_the_font_holds_exactly_the_chinese_catalogue_the_commonest_chinese_and_ascii() -> None:
    cmap = TTFont(FONT)["cmap"].getBestCmap()
    wanted = catalogue_characters("zh") | set(common_characters()) | set(string.printable[:95])
    held = {chr(code) for code in cmap}
    # a difference means the catalogue changed since: run assets/make_font_subset.py
    assert sorted(wanted - held) == [], "characters the font lacks"
    assert sorted(held - wanted) == [], "characters no catalogue shows"


def test_the_self_test_glyph_check_finds_every_chinese_character_and_only_those() -> None:
    text = "".join(sorted(catalogue_characters("zh")))
    assert missing_glyphs(FONT, text) == ""
    # characters neither the catalogue nor GB 2312 holds
    unused = "".join(c for c in "龍鬱龘爨" if c not in text and c not in common_characters())
    assert unused and missing_glyphs(FONT, "迷宫" + unused) == unused


def test_the_font_is_a_small_renamed_cff_subset_with_its_licence_beside_it() -> None:
    # GB 2312's 6,763 characters besides the catalogue's: 1.7 MB (the catalogue alone, 140 KB)
    assert FONT.suffix == ".otf" and 20_000 < FONT.stat().st_size < 2_000_000
    font = TTFont(FONT)
    assert "CFF " in font and "glyf" not in font
    assert font["name"].getDebugName(1) == "Noto Sans SC Migong"  # a modified version's name
    assert "SIL Open Font License" in (font["name"].getDebugName(13) or "")
    licence = LICENCE.read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence and "Adobe" in licence


def test_pygame_reads_the_font_and_draws_chinese() -> None:
    pygame.font.init()
    f = pygame.font.Font(str(FONT), 40)
    drawn = [pygame.surfarray.array_alpha(f.render(ch, True, (255, 255, 255))) for ch in "迷宫"]
    assert drawn[0].shape == drawn[1].shape and (drawn[0] != drawn[1]).any()  # glyphs, not boxes


def test_the_common_chinese_is_gb2312() -> None:
    common = common_characters()
    assert len(common) == len(set(common)) == 6763
    assert common[:3] == "啊阿埃" and common[3754] == "座"  # level 1, by pinyin
    assert common[3755] == "亍" and common[-1] == "齄"  # level 2, by radical


def test_chinese_player_names_show_as_glyphs_not_boxes() -> None:
    # the board showed boxes: the font held only the catalogue's characters
    pygame.font.init()
    f = pygame.font.Font(str(FONT), 40)
    box = pygame.surfarray.array_alpha(f.render("\ue000", True, (255, 255, 255)))  # no glyph
    for ch in "张伟王芳李娜刘洋陈静杨帆赵敏黄磊周杰吴昊徐蕾孙悦胡歌朱琳":
        drawn = pygame.surfarray.array_alpha(f.render(ch, True, (255, 255, 255)))
        assert drawn.shape != box.shape or (drawn != box).any(), ch


def test_the_third_party_notices_name_the_font_and_its_licence() -> None:
    # the wheel and the bundle carry both files: tests/e2e/test_install.py, tests/test_release.py
    notices = (ROOT / "THIRD_PARTY_NOTICES.md").read_text(encoding="utf-8")
    assert "Noto Sans CJK SC" in notices and "SIL Open Font License" in notices
    assert "fonts/OFL.txt" in notices


@pytest.mark.parametrize("path", sorted((ROOT / "game").rglob("*.py")),
                         ids=lambda p: p.relative_to(ROOT).as_posix())
def test_the_game_never_imports_fonttools(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                for alias in node.names]
    imported += [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    assert not any(name.split(".")[0] == "fontTools" for name in imported)
