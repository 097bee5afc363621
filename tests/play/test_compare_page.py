"""The compare page: every generator in a row, measured while it is open, readable at
150 % text in both languages; the lab shows the built maze's figures and C opens the page."""

from __future__ import annotations

from typing import Iterator

import pygame
import pytest

from game.lab.compare import COLUMNS, Comparison
from game.levels import LevelSpec
from game.maze.formats import parse_maze
from game.maze.generators import GENERATORS
from game.play import theme
from game.play.context import Context
from game.play.input import KeyDown
from game.play.routes import Back, OpenCompare
from game.play.scenes.compare import HEADS, CompareScene, figure
from game.play.scenes.lab import LabScene
from game.names import generator_label
from game.text import language, set_language, t
from tests.maze.test_stats import SMALL

pytestmark = pytest.mark.usefixtures("display")


@pytest.fixture(autouse=True)
def default_text_after() -> Iterator[None]:
    """Put the default theme and English back after each test."""
    spoken = language()
    yield
    theme.use(theme.DEFAULT)
    set_language(spoken)


def measured(ctx: Context) -> CompareScene:
    """Return a compare page of small mazes, every one of them measured."""
    scene = CompareScene(ctx, Comparison(size=(15, 15), seeds=2))
    for _ in range(1000):
        scene.update(1 / 60)
        if scene.comparison.done:
            break
    return scene


def test_the_page_measures_every_generator_while_open_and_esc_goes_back(ctx: Context) -> None:
    scene = CompareScene(ctx, Comparison(size=(15, 15), seeds=2))
    assert scene.comparison.progress == 0
    scene.update(1 / 60)
    assert 0 < scene.comparison.progress
    scene = measured(ctx)
    assert scene.comparison.done and scene.comparison.progress == 2 * len(GENERATORS)
    assert scene.comparison.names == list(GENERATORS)
    assert isinstance(scene.handle_event(KeyDown(pygame.K_ESCAPE)), Back)


def test_the_page_shows_the_figures_stats_compare_prints(ctx: Context) -> None:
    from tests.clirun import run_cli
    import json

    scene = measured(ctx)
    out = json.loads(run_cli("stats", "--compare", "--size", "15x15", "--seeds", "2",
                             "--json").stdout)
    for name in GENERATORS:
        summary = scene.comparison.summary(name)
        assert summary is not None
        for key in COLUMNS:
            assert summary.mean[key] == pytest.approx(out["generators"][name][key])


@pytest.mark.parametrize("code", ["en", "zh"])
@pytest.mark.parametrize("size", [(1280, 720), (960, 600)])
def test_every_line_fits_at_150_percent_text(ctx: Context, code: str,
                                             size: tuple[int, int]) -> None:
    set_language(code)
    ctx.set_text_size(150)
    scene = measured(ctx)
    surface = pygame.Surface(size)
    scene.draw(surface)
    tab = scene.last
    assert tab is not None
    assert tab.rows[-1].bottom <= tab.bottom  # above the footer
    f = tab.text
    assert f.get_linesize() <= tab.rows[0].height + 2
    for name, row in zip(GENERATORS, tab.rows):
        assert f.size(generator_label(name))[0] <= tab.name_w, name
    for key, cell in zip(COLUMNS, tab.cells):
        assert f.size(t(HEADS[key]))[0] <= cell.width, key
        assert f.size(figure(key, 0.888 if key != "longest_corridor" else 88.8))[0] < (
            cell.width // 2), key
    assert tab.sample >= 12  # a sample maze big enough to see its texture


def test_the_lab_shows_the_built_maze_s_figures_and_c_opens_the_page(ctx: Context) -> None:
    scene = LabScene(ctx, maze=parse_maze(SMALL), solver="bfs")
    lines = [text for _, text in scene.panel_lines()]
    assert t("lab.stats.head") in lines
    assert t("lab.stats.ends", dead_ends="25", junctions="8.3") in lines
    assert t("lab.stats.river", cells="5") in lines
    assert t("lab.stats.way", moves="16", share="68") in lines
    assert isinstance(scene.handle_event(KeyDown(pygame.K_c)), OpenCompare)


def test_the_lab_shows_no_figures_while_it_generates(ctx: Context) -> None:
    scene = LabScene(ctx, spec=LevelSpec("prim", 15, 15, 4), solver="bfs")
    assert t("lab.stats.head") not in [text for _, text in scene.panel_lines()]
    while scene.lab.generating:
        scene.lab.run(500)
    assert t("lab.stats.head") in [text for _, text in scene.panel_lines()]


@pytest.mark.parametrize("palette", ["default", "high_contrast"])
@pytest.mark.parametrize("code", ["en", "zh"])
@pytest.mark.parametrize("text", [100, 150])
def test_the_smallest_window_pages_the_columns_rather_than_cut_their_heads(
        ctx: Context, code: str, text: int, palette: str) -> None:
    from game.play.app import MIN_WINDOW

    set_language(code)
    ctx.set_palette(palette)
    ctx.set_text_size(text)
    scene = measured(ctx)
    seen: list[str] = []
    for _ in range(len(COLUMNS)):
        surface = pygame.Surface(MIN_WINDOW)
        scene.draw(surface)
        tab = scene.last
        assert tab is not None and tab.columns and len(tab.columns) == len(tab.cells)
        f = tab.text
        assert f.size(t("compare.generator"))[0] <= tab.name_w
        for key, cell in zip(tab.columns, tab.cells):
            assert f.size(t(HEADS[key]))[0] <= cell.width, (key, cell.width)
            assert f.size(figure(key, 0.888 if key != "longest_corridor" else 88.8))[0] < (
                cell.width / 2), key  # column_need: twice the figure and a pixel
            assert surface.get_rect().contains(cell), key
        assert all(a.right < b.left for a, b in zip(tab.cells, tab.cells[1:]))
        seen += tab.columns
        if tab.page == tab.pages - 1:
            break
        scene.handle_event(KeyDown(pygame.K_RIGHT))
    assert sorted(seen) == sorted(COLUMNS)  # every column on a page, each once
    listed: list[str] = []
    for _ in range(len(GENERATORS)):  # and every generator on a page of rows, readable
        scene.draw(pygame.Surface(MIN_WINDOW))
        tab = scene.last
        assert tab is not None and len(tab.names) == len(tab.rows)
        assert tab.text.get_linesize() <= tab.rows[0].height + 2
        assert all(row.bottom <= tab.bottom for row in tab.rows)
        listed += tab.names
        if tab.row_page == tab.row_pages - 1:
            break
        scene.handle_event(KeyDown(pygame.K_DOWN))
    assert listed == list(GENERATORS)
    scene.handle_event(KeyDown(pygame.K_RIGHT))  # past the last page: the first again
    scene.draw(pygame.Surface(MIN_WINDOW))
    assert scene.last is not None and scene.last.page == 0
    scene.handle_event(KeyDown(pygame.K_LEFT))  # and back round to the last
    scene.draw(pygame.Surface(MIN_WINDOW))
    assert scene.last is not None and scene.last.page == scene.last.pages - 1


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_window_with_room_shows_every_column_at_once(ctx: Context,
                                                       size: tuple[int, int]) -> None:
    ctx.set_text_size(150)
    scene = measured(ctx)
    scene.draw(pygame.Surface(size))
    assert scene.last is not None and scene.last.pages == 1
    assert scene.last.columns == list(COLUMNS)
    assert scene.handle_event(KeyDown(pygame.K_RIGHT)) is None and scene.page == 0


@pytest.mark.parametrize("code", ["en", "zh"])
@pytest.mark.parametrize("text", [100, 150])
def test_the_smallest_window_writes_every_generator_s_name_whole(
        ctx: Context, code: str, text: int, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.play.app import MIN_WINDOW
    from game.play.scenes import compare

    set_language(code)
    ctx.set_text_size(text)
    scene = measured(ctx)
    labels = {generator_label(name) for name in GENERATORS}
    written: dict[str, int] = {}
    real = compare.draw_text

    def spy(surface: pygame.Surface, line: str, *args: object, **kwargs: object) -> object:
        if line in labels:
            written[line] = int(kwargs["max_width"])  # type: ignore[call-overload]
        return real(surface, line, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(compare, "draw_text", spy)
    for _ in range(len(GENERATORS)):  # every page of rows
        scene.draw(pygame.Surface(MIN_WINDOW))
        tab = scene.last
        assert tab is not None and tab.cells  # a column beside the names still
        assert all(cell.right <= MIN_WINDOW[0] for cell in tab.cells)
        if tab.row_page == tab.row_pages - 1:
            break
        scene.handle_event(KeyDown(pygame.K_DOWN))
    assert set(written) == labels
    f = tab.text
    cut = [label for label, room in written.items() if f.size(label)[0] > room]
    assert not cut, cut  # 'Kruskal…', 'Aldous-…' at 150 % text
