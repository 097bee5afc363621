"""``migong export``: SVG, PNG and PDF pages of mazes and their answers, and its refusals."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pypdf import PdfReader

from game.export.geometry import draw_maze, polyline, wall_runs
from game.export.page import place
from game.export.png import page_pixels
from game.levels import LevelSpec, build_level, level_code
from game.maze.solvers import solve
from game.maze.tiles import key_colours, walkable
from tests.clirun import ROOT, run_cli

SVG = "{http://www.w3.org/2000/svg}"
MAZE = ("--algorithm", "backtracker", "--size", "21x31", "--seed", "7")


def export(tmp_path: Path, name: str, *args: str) -> Path:
    """Run export into ``tmp_path / name``; fail unless it exits 0 saying only what it wrote."""
    out = tmp_path / name
    proc = run_cli("export", *args, "-o", str(out))
    assert (proc.returncode, proc.stderr) == (0, "")
    assert proc.stdout.startswith(f"wrote {out}: ") and proc.stdout.count("\n") == 1
    return out


def refusal(*args: str) -> str:
    """Return the one line export prints for bad input (exit 2)."""
    proc = run_cli("export", *args)
    assert proc.returncode == 2 and proc.stdout == "", proc.stderr
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
    return proc.stderr


def spec(seed: int = 7, rows: int = 21, cols: int = 31) -> LevelSpec:
    """Return the backtracker maze the tests print."""
    return LevelSpec("backtracker", rows, cols, seed)


# -- SVG ------------------------------------------------------------------------------------


def test_the_svg_is_one_line_per_wall_run_scaled_to_the_page(tmp_path: Path) -> None:
    root = ET.parse(export(tmp_path, "m.svg", *MAZE)).getroot()
    maze = build_level(spec())
    walls = root.find(f".//{SVG}g[@id='walls']")
    assert walls is not None
    lines = walls.findall(f"{SVG}line")
    assert len(lines) == len(wall_runs(~walkable(maze.tiles)))
    assert {(float(e.get("x1", "")), float(e.get("y1", "")), float(e.get("x2", "")),
             float(e.get("y2", ""))) for e in lines} == set(wall_runs(~walkable(maze.tiles)))
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == (
        "297mm", "210mm", "0 0 297 210")  # a wide maze: A4 across
    assert level_code(spec()) in "".join(root.itertext())
    assert root.find(f".//{SVG}polyline") is None  # no answer unless asked


def test_the_svg_answer_is_the_solution_polyline(tmp_path: Path) -> None:
    root = ET.parse(export(tmp_path, "m.svg", *MAZE, "--solution")).getroot()
    line = root.find(f".//{SVG}polyline[@id='solution']")
    assert line is not None
    path = solve(build_level(spec())).path
    assert path is not None
    drawn = [tuple(float(v) for v in point.split(",")) for point in line.get("points", "").split()]
    assert drawn == polyline(path)


def test_letter_paper_and_a_level_code(tmp_path: Path) -> None:
    code = level_code(LevelSpec("prim", 41, 31, 12, keys=2))
    root = ET.parse(export(tmp_path, "m.svg", "--code", code, "--paper", "letter")).getroot()
    assert (root.get("width"), root.get("height")) == ("215.9mm", "279.4mm")
    letters = {t.text for t in root.iterfind(f".//{SVG}g[@id='labels']/{SVG}text")}
    colours = key_colours(build_level(LevelSpec("prim", 41, 31, 12, keys=2)).tiles)
    assert len(colours) == 2  # the keys and doors print as their letters
    assert letters == set(colours) | set(colours.upper())


def test_generator_options_pass_through_as_generate_takes_them(tmp_path: Path) -> None:
    plain = export(tmp_path, "a.svg", *MAZE).read_text()
    loops = export(tmp_path, "b.svg", *MAZE, "--loops", "0.3").read_text()
    assert plain != loops and level_code(LevelSpec("backtracker", 21, 31, 7, 0.3)) in loops


def test_a_maze_file_prints_and_svg_goes_to_standard_output(tmp_path: Path) -> None:
    maze = tmp_path / "small.txt"
    maze.write_text("#######\nS.r.R.E\n#.#.#.#\n#######\n")
    proc = run_cli("export", str(maze), "--format", "svg", "--solution", "-o", "-")
    assert proc.returncode == 0, proc.stderr
    root = ET.fromstring(proc.stdout)
    assert "small.txt" in "".join(root.itertext())
    assert root.find(f".//{SVG}polyline[@id='solution']") is not None


# -- PDF ------------------------------------------------------------------------------------


def test_a_pdf_of_n_mazes_holds_n_maze_pages_then_their_n_answers(tmp_path: Path) -> None:
    reader = PdfReader(export(tmp_path, "m.pdf", *MAZE, "--count", "3"))
    assert len(reader.pages) == 6
    texts = [page.extract_text() for page in reader.pages]
    codes = [level_code(spec(seed)) for seed in (7, 8, 9)]
    for number, text in enumerate(texts):
        assert codes[number % 3] in text and f"{number + 1} / 6" in text
        assert ("solution" in text) == (number >= 3)
    width, height = (float(v) for v in reader.pages[0].mediabox.upper_right)
    assert (round(width), round(height)) == (842, 595)  # A4 across, in points


def test_the_pdf_is_the_same_bytes_every_time(tmp_path: Path) -> None:
    a = export(tmp_path, "a.pdf", *MAZE).read_bytes()
    b = export(tmp_path, "b.pdf", *MAZE).read_bytes()
    assert a == b and a.startswith(b"%PDF")


def test_a_pdf_goes_to_a_pipe(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "game", "export", *MAZE, "--format", "pdf",
                           "-o", "-"], capture_output=True, cwd=ROOT, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 0, proc.stderr
    assert len(PdfReader(io.BytesIO(proc.stdout)).pages) == 2


HIDE_FPDF = """
import importlib.util, sys
real = importlib.util.find_spec
importlib.util.find_spec = lambda name, *a: None if name == 'fpdf' else real(name, *a)
from game.cli import main
sys.exit(main(['export', '--algorithm', 'prim', '--size', '11x11', '-o', 'x.pdf']))
"""


def test_pdf_without_the_print_extra_says_how_to_install_it(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-c", HIDE_FPDF], cwd=tmp_path, capture_output=True,
                          text=True, timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1
    assert "pip install 'migong[print]'" in proc.stderr and not (tmp_path / "x.pdf").exists()


# -- PNG ------------------------------------------------------------------------------------


def _png(path: Path) -> "object":
    """Return the PNG at ``path`` decoded as a pygame surface."""
    import pygame

    return pygame.image.load(str(path))


@pytest.mark.parametrize("answer", [False, True])
def test_the_png_has_the_page_size_walls_where_walls_are_and_the_answer_if_asked(
        tmp_path: Path, answer: bool) -> None:
    import pygame

    extra = ("--solution",) if answer else ()
    picture = pygame.image.load(str(export(tmp_path, "m.png", *MAZE, *extra)))
    maze = build_level(spec())
    layout = place(draw_maze(maze, None), "a4")
    assert picture.get_size() == page_pixels(layout) == (1754, 1240)
    px = 150 / 25.4

    def colour(x: float, y: float) -> tuple[int, int, int]:
        """Return the colour at the drawing's point (x, y)."""
        return tuple(picture.get_at((round(layout.x(x) * px), round(layout.y(y) * px))))[:3]

    for x1, y1, x2, y2 in wall_runs(~walkable(maze.tiles)):
        assert colour((x1 + x2) / 2, (y1 + y2) / 2) == (0, 0, 0)
    path = solve(maze).path
    assert path is not None
    red = [colour(c, r) == (214, 39, 40) for r, c in path]
    white = [colour(c, r) == (255, 255, 255) for r, c in path]
    assert all(red) if answer else all(white)
    dead = [(r, c) for r in range(1, maze.rows, 2) for c in range(1, maze.cols, 2)
            if (r, c) not in set(path)]
    assert all(colour(c, r) == (255, 255, 255) for r, c in dead)  # off the answer: blank


# -- bad input ------------------------------------------------------------------------------


def test_bad_input_is_one_line_and_exit_2(tmp_path: Path) -> None:
    out = str(tmp_path / "m.pdf")
    assert "--count must be a whole number from 1 to 100" in refusal(*MAZE, "--count", "0",
                                                                      "-o", out)
    assert "--count must be" in refusal(*MAZE, "--count", "10000000", "-o", out)
    assert "only a PDF holds several pages" in refusal(*MAZE, "--count", "2", "-o",
                                                        str(tmp_path / "m.svg"))
    assert "it is a directory" in refusal(*MAZE, "--format", "pdf", "-o", str(tmp_path))
    assert "there is no folder" in refusal(*MAZE, "-o", str(tmp_path / "no" / "m.pdf"))
    assert "export needs --format svg, png or pdf" in refusal(*MAZE, "-o", str(tmp_path / "m"))
    assert "--format must be svg, png or pdf" in refusal(*MAZE, "--format", "jpg", "-o", out)
    assert "--paper must be a4 or letter" in refusal(*MAZE, "--paper", "a3", "-o", out)
    assert "needs a maze FILE, --code CODE or --algorithm" in refusal("-o", out)
    assert "give it without --seed" in refusal("--code", level_code(spec()), "--seed", "3",
                                              "-o", out)
    assert "unknown --algorithm" in refusal("--algorithm", "nope", "-o", out)
    assert "passes the largest seed" in refusal("--algorithm", "prim", "--seed",
                                                str(2**63 - 1), "--count", "2", "-o", out)
    assert not Path(out).exists()


def test_a_maze_too_big_to_read_on_paper_is_refused_before_it_is_made() -> None:
    line = refusal("--algorithm", "backtracker", "--size", "4001x4001", "-o", "m.pdf")
    assert "too big to print legibly on a4 paper" in line and "at most 201x145" in line
    assert "letter paper" in refusal("--algorithm", "prim", "--size", "301x301", "--paper",
                                     "letter", "-o", "m.svg")


def test_a_file_with_count_or_maze_options_is_refused(tmp_path: Path) -> None:
    maze = tmp_path / "m.txt"
    maze.write_text("#####\nS...E\n#####\n")
    assert "not a FILE" in refusal(str(maze), "--count", "2", "-o", str(tmp_path / "m.pdf"))
    assert "not more than one" in refusal(str(maze), "--size", "21x21", "-o",
                                          str(tmp_path / "m.pdf"))
    line = refusal_for(tmp_path, "#####\nS.#.E\n#####\n")
    assert "closed.txt: there is no way from the entrance" in line


def refusal_for(tmp_path: Path, text: str) -> str:
    """Return export's refusal of the maze ``text`` as a PDF (its answer page cannot be drawn)."""
    maze = tmp_path / "closed.txt"
    maze.write_text(text)
    return refusal(str(maze), "-o", str(tmp_path / "closed.pdf"))


def test_an_unwritable_output_is_refused(tmp_path: Path) -> None:
    if os.geteuid() == 0:  # root writes anywhere: a file where a folder should be instead
        blocker = tmp_path / "file"
        blocker.write_text("")
        assert "there is no folder" in refusal(*MAZE, "-o", str(blocker / "m.svg"))
        return
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    assert "Permission denied" in refusal(*MAZE, "-o", str(locked / "m.svg"))


def test_only_the_format_asked_for_loads_its_library(tmp_path: Path) -> None:
    code = ("import sys\nfrom game.cli import main\nmain(['--version'])\n"
            f"main(['export', '--algorithm', 'prim', '--size', '11x11', '-o', {str(tmp_path / 'm.svg')!r}])\n"
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'fpdf', 'pygame', 'PIL'}))")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-1] == "[]"  # an SVG needs neither fpdf2 nor pygame


def test_a_pdf_or_png_is_never_written_onto_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.errors import UsageError
    from game.export.command import _check_output

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stdout", Terminal())
    with pytest.raises(UsageError, match="binary file to the terminal"):
        _check_output("-", binary=True)
    _check_output("-", binary=False)  # an SVG is text: it may go to the terminal


# -- what export says, where the maze sits ---------------------------------------------------


@pytest.mark.parametrize(("name", "args", "said"), [
    ("m.pdf", ("--count", "3"), "6 pages (3 mazes, then their answers), A4 landscape, "),
    ("m.pdf", (), "2 pages (the maze, then its answer), A4 landscape, "),
    ("m.svg", ("--solution", "--paper", "letter"), "1 page with the answer, Letter landscape, "),
    ("m.png", (), "1 page of 1754x1240 pixels, A4 landscape, "),
])
def test_export_says_what_it_wrote(tmp_path: Path, name: str, args: tuple[str, ...],
                                   said: str) -> None:
    proc = run_cli("export", *MAZE, *args, "-o", str(tmp_path / name))
    assert proc.returncode == 0, proc.stderr
    size = (tmp_path / name).stat().st_size
    shown = f"{size} bytes" if size < 1000 else f"{size / 1000:.1f} kB"
    assert proc.stdout == f"wrote {tmp_path / name}: {said}{shown}\n"


def ink(picture: "object") -> tuple[int, int]:
    """Return the first and last pixel rows of a page picture with anything dark on them."""
    import numpy as np
    import pygame

    assert isinstance(picture, pygame.Surface)
    dark = (pygame.surfarray.array3d(picture).min(axis=2) < 128).any(axis=0)
    rows = np.flatnonzero(dark)
    return int(rows[0]), int(rows[-1])


@pytest.mark.parametrize("size", ["21x31", "41x41", "31x21", "9x9"])
def test_the_title_and_the_maze_sit_in_the_middle_of_the_page(tmp_path: Path, size: str) -> None:
    picture = _png(export(tmp_path, "m.png", "--algorithm", "prim", "--size", size))
    top, bottom = ink(picture)
    height = picture.get_height()  # type: ignore[attr-defined]
    assert abs(top - (height - 1 - bottom)) <= 0.02 * height, (top, height - 1 - bottom)


@pytest.mark.parametrize("name", ["\udcff.txt", "\x01<&.txt"])
def test_a_file_name_that_is_not_text_titles_a_valid_svg(tmp_path: Path, name: str) -> None:
    # A name that is not UTF-8 was a UnicodeEncodeError traceback; a control character made
    # the SVG invalid XML.
    maze = tmp_path / name
    maze.write_text("#####\nS...#\n###.#\n#...E\n#####\n")
    out = tmp_path / "maze.svg"
    done = run_cli("export", str(maze), "-o", str(out))
    assert done.returncode == 0, done.stderr
    title = ET.parse(out).getroot().find("{http://www.w3.org/2000/svg}title")
    assert title is not None and title.text is not None
    assert title.text.startswith(name.encode("unicode_escape").decode("ascii"))
