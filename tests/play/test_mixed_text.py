"""Text in two scripts: Latin keeps pygame's default font, Chinese is drawn with the bundled
CJK font at a size that reads the same, and widths are measured, never guessed."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from game.play.widgets import text
from game.play.widgets.text import MixedFont, font, wrap
from game.text import CATALOGUES, SAMPLE_VALUE, placeholders

pytestmark = pytest.mark.usefixtures("display")

SIZES = [14, 20, 28, 40, 64, 120]
#: Brackets, quotes and stops of Chinese text (a Latin "[ ]" is a pair of key names).
CJK_OPENING = set("（「『《〈【〔“‘")
CJK_CLOSING = set("，。、；：！？）」』》〉】〕”’…")
MIXED = ["第 3 关 · 花园小门", "BFS  ·  已探索 12,345  ·  搜索中……", "简体中文", "x 迷宫 Migong"]


def ink_height(surface: pygame.Surface) -> int:
    """Return the height of what is drawn on ``surface``."""
    return surface.get_bounding_rect(min_alpha=64).height


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("bold", [False, True])
def test_english_text_measures_and_draws_exactly_as_pygame_s_default_font(
        size: int, bold: bool) -> None:
    plain = pygame.font.Font(None, size)
    plain.set_bold(bold)
    f = font(size, bold=bold)
    for line in ("Level 3 · First Steps", "moves 12  hints 0", "Quit Migong?"):
        assert f.size(line) == plain.size(line)
        ours = f.render(line, True, (255, 255, 255))
        theirs = plain.render(line, True, (255, 255, 255))
        assert ours.get_size() == theirs.get_size()
        assert (pygame.surfarray.array_alpha(ours) == pygame.surfarray.array_alpha(theirs)).all()
    assert (f.get_height(), f.get_linesize()) == (plain.get_height(), plain.get_linesize())


def test_chinese_runs_go_to_the_cjk_font_and_the_rest_stays_latin() -> None:
    f = font(40)
    assert isinstance(f, MixedFont) and f.cjk is not None
    assert [(piece, g is f.cjk) for piece, g in f.runs("第 3 关 · 门")] == [
        ("第", True), (" 3 ", False), ("关", True), (" · ", False), ("门", True)]
    assert f.runs("Level 3") == [("Level 3", f)]
    drawn = [pygame.surfarray.array_alpha(f.render(ch, True, (255, 255, 255))) for ch in "迷宫"]
    assert drawn[0].shape == drawn[1].shape and (drawn[0] != drawn[1]).any()  # glyphs, not boxes


@pytest.mark.parametrize("size", SIZES[1:])
def test_chinese_reads_as_big_as_the_latin_text_beside_it(size: int) -> None:
    f = font(size)
    assert isinstance(f, MixedFont) and f.cjk is not None
    latin_cap = pygame.font.Font.metrics(f, "H")[0]
    cjk_cap = f.cjk.metrics("H")[0]
    assert latin_cap is not None and cjk_cap is not None
    assert abs(cjk_cap[3] - latin_cap[3]) <= 1  # the two fonts' capitals match
    han = ink_height(f.cjk.render("国", True, (255, 255, 255)))
    assert 1.1 <= han / latin_cap[3] <= 1.5  # an ideograph stands a little above a capital


def test_small_chinese_stays_readable() -> None:
    f = font(text.min_font())
    assert isinstance(f, MixedFont) and f.cjk is not None
    assert ink_height(f.cjk.render("国", True, (255, 255, 255))) >= 10


@pytest.mark.usefixtures("zh")
@pytest.mark.parametrize("size", SIZES)
def test_in_chinese_a_line_holds_both_fonts_and_every_line_sits_on_one_baseline(size: int) -> None:
    f = font(size)
    assert isinstance(f, MixedFont) and f.cjk is not None
    latin = pygame.font.Font(None, size)
    assert f.get_height() >= max(latin.get_height(), f.cjk.get_height())
    assert f.get_ascent() - f.get_descent() == f.get_height()
    assert f.get_linesize() >= f.get_height()
    heights = set()
    for line in [*MIXED, "Level 3", "，；"]:
        image = f.render(line, True, (255, 255, 255))
        assert image.get_width() == f.size(line)[0]
        heights.add(image.get_height())
    assert len(heights) == 1 and heights.pop() >= f.get_height()  # centred alike
    alone = f.cjk.render("，", True, (255, 255, 255)).get_bounding_rect()
    inline = f.render("，", True, (255, 255, 255)).get_bounding_rect()
    assert inline.height == alone.height  # nothing cut off below the baseline


def test_in_english_a_chinese_name_is_measured_as_drawn() -> None:
    f = font(38)
    image = f.render("简体中文", True, (255, 255, 255))
    assert image.get_width() == f.size("简体中文")[0]
    assert image.get_height() >= f.size("简体中文")[1] >= f.get_height()
    assert image.get_bounding_rect().width > 3 * f.size("x")[0]


def test_fonts_are_kept_per_language(zh: None, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.text import set_language

    # an empty cache: a font an earlier test left after pygame.quit() would clear it mid-test
    monkeypatch.setattr(text, "_fonts", {})
    chinese = font(24)
    set_language("en")
    english = font(24)
    set_language("zh")
    assert chinese is not english and chinese is font(24)
    assert isinstance(chinese, MixedFont) and chinese.tall
    assert isinstance(english, MixedFont) and not english.tall


def test_without_its_cjk_font_the_game_still_draws(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(text, "_fonts", {})
    monkeypatch.setattr(text, "_cjk_files", {"fonts/NotoSansSC-Migong.otf": None})
    monkeypatch.setattr(text, "_cjk_ratios", {})
    f = font(30)
    assert isinstance(f, MixedFont) and f.cjk is None
    assert f.render("第 3 关", True, (255, 255, 255)).get_width() == f.size("第 3 关")[0] > 0


def filled(template: str) -> str:
    """Return ``template`` with every placeholder filled with digits."""
    return template.format(**{name: SAMPLE_VALUE for name in placeholders(template)})


@pytest.mark.usefixtures("zh")
@pytest.mark.parametrize("width", [70, 113, 160, 240, 390])
def test_wrapped_chinese_keeps_punctuation_with_its_words(width: int) -> None:
    f = font(24)
    for key, template in CATALOGUES["zh"].items():
        sentence = filled(template)
        lines = wrap(sentence, f, width)
        assert "".join(lines).replace(" ", "") == sentence.replace(" ", "") or \
            lines[-1].endswith("..."), key
        for line in lines:
            assert line[:1] not in CJK_CLOSING, f"{key}: {line!r} begins a line"
            assert line[-1:] not in CJK_OPENING, f"{key}: {line!r} ends a line"


@pytest.mark.usefixtures("zh")
def test_wrapped_chinese_lines_fit_their_width() -> None:
    f = font(24)
    question = CATALOGUES["zh"]["settings.reset_question"]
    for width in range(120, 600, 37):
        lines = wrap(question, f, width)
        assert len(lines) > 1 or f.size(question)[0] <= width
        assert all(f.size(line)[0] <= width for line in lines)
        widths = np.array([f.size(line)[0] for line in lines[:-1]])
        assert (widths > width - 2 * f.size("国")[0]).all()  # filled, not broken early


# -- every screen, in both languages: no line runs off the window or out of its box -------
def scene_factories() -> dict[str, object]:
    """Return the scene factories of the scene tests (every screen)."""
    from tests.play.test_scenes import FACTORIES

    return FACTORIES


@pytest.mark.parametrize("code", ["en", "zh"])
@pytest.mark.parametrize("size", [(320, 240), (1280, 720), (1920, 1080)])
def test_every_line_of_every_screen_fits_the_window_and_its_box(
        ctx: object, monkeypatch: pytest.MonkeyPatch, code: str, size: tuple[int, int]) -> None:
    import importlib
    import pkgutil
    import sys

    import game.play
    from game.text import set_language

    drawn: list[tuple[str, pygame.Rect, object]] = []

    def recording(surface: pygame.Surface, line: str, f: pygame.font.Font, color: object,
                  pos: tuple[float, float], **kw: object) -> pygame.Rect:
        rect = original(surface, line, f, color, pos, **kw)  # type: ignore[arg-type]
        if surface.get_size() == size:
            drawn.append((line, rect, kw.get("max_width")))
        return rect

    original = text.draw_text
    for info in pkgutil.walk_packages(game.play.__path__, "game.play."):
        importlib.import_module(info.name)  # before patching: they bind draw_text on import
    for module in list(sys.modules.values()):
        if (module is not None and module.__name__.startswith("game.play")
                and getattr(module, "draw_text", None) is original):
            monkeypatch.setattr(module, "draw_text", recording)
    set_language(code)
    try:
        for name, make in scene_factories().items():
            scene = make(ctx)  # type: ignore[operator]
            scene.update(1 / 60)
            scene.draw(pygame.Surface(size))
    finally:
        set_language("en")
    window = pygame.Rect((0, 0), size)
    assert drawn
    for line, rect, max_width in drawn:
        assert window.contains(rect), f"{line!r} at {rect} runs off a {size} window"
        if max_width is not None:
            assert rect.width <= max(1, int(max_width)), f"{line!r} overflows"  # type: ignore[call-overload]


@pytest.mark.usefixtures("zh")
def test_a_restarted_font_module_gets_fresh_fonts_in_chinese_too() -> None:
    stale = font(22)
    measured = stale.size("第 3 关")
    pygame.font.quit()
    pygame.font.init()
    fresh = font(22)
    assert fresh is not stale and fresh.size("第 3 关") == measured
