"""``migong export``: printable mazes as SVG, PNG or PDF pages, with their answers.

One maze (a FILE, a level ``--code`` or the generator options, as ``generate`` takes them)
or, in a PDF, ``--count N`` mazes from the seeds S, S+1, ... followed by their N answer
pages in the same order.  Bad input raises UsageError before anything is drawn: the
wrong format for the count, an output that cannot be written, a maze too big to print
legibly on the paper.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib.util
import os
import sys
from typing import Optional, Union

from game.errors import EXIT_OK, UsageError, printable, shown
from game.export.geometry import Drawing, draw_maze
from game.export.page import (
    DEFAULT_PAPER,
    MIN_CORRIDOR,
    PAPERS,
    Layout,
    fit,
    largest,
    legible,
    place,
)
from game.maze.grid import Maze

FORMATS = ("svg", "png", "pdf")
#: Most mazes one PDF holds (each with its answer page).
MAX_COUNT = 100
INSTALL = "pip install 'migong[print]'"


@dataclasses.dataclass(frozen=True)
class Printed:
    """One maze to print: the maze, its title line and what to call it in a message."""

    maze: Maze
    title: str
    source: str


def cmd_export(args: argparse.Namespace) -> int:
    """Write the printable page(s) of a maze, or of ``--count`` mazes, to ``-o FILE``."""
    fmt = export_format(args.format, args.output)
    paper = _choose("--paper", args.paper or DEFAULT_PAPER, tuple(PAPERS))
    count = export_count(args.count)
    if count > 1 and fmt != "pdf":
        raise UsageError(f"--count {count}: only a PDF holds several pages; an {fmt.upper()} "
                         f"file is one picture (use --format pdf)")
    _check_output(args.output, binary=fmt != "svg")
    if fmt == "pdf" and importlib.util.find_spec("fpdf") is None:
        raise UsageError(f"export --format pdf needs fpdf2: install the print extra with {INSTALL}")
    printed = mazes_to_print(args, count, paper)
    data: Union[str, bytes]
    if fmt == "pdf":
        from game.export.pdf import pdf_document

        pages = [_page(p, None, paper) for p in printed]
        pages += [_page(p, answer(p), paper) for p in printed]
        data = pdf_document(pages)
    else:
        pages = [_page(printed[0], answer(printed[0]) if args.solution else None, paper)]
        if fmt == "svg":
            from game.export.svg import svg_page

            data = svg_page(*pages[0])
        else:
            from game.export.png import png_page

            data = png_page(*pages[0])
    write_output(args.output, data)
    if args.output != "-":  # on standard output the page itself is what is printed
        from game.commands import _emit

        size = len(data.encode("utf-8") if isinstance(data, str) else data)
        _emit([confirmation(args.output, fmt, len(printed), bool(args.solution), pages[0][1],
                            paper, size) + "\n"])
    return EXIT_OK


def confirmation(output: str, fmt: str, mazes: int, answered: bool, layout: Layout,
                 paper: str, size: int) -> str:
    """Return the line saying what was written: the file, its pages, the paper, its size."""
    if fmt == "pdf":
        what = ("2 pages (the maze, then its answer)" if mazes == 1 else
                f"{2 * mazes} pages ({mazes} mazes, then their answers)")
    else:
        what = "1 page"
        if fmt == "png":
            from game.export.png import page_pixels

            width, height = page_pixels(layout)
            what += f" of {width}x{height} pixels"
        what += " with the answer" if answered else ""
    side = "landscape" if layout.landscape else "portrait"
    name = "A4" if paper == "a4" else paper.capitalize()
    return f"wrote {output}: {what}, {name} {side}, {_bytes(size)}"


def _bytes(size: int) -> str:
    """Return a file size as people read it: 820 bytes, 14.2 kB, 1.3 MB."""
    if size < 1000:
        return f"{size} bytes"
    if size < 1_000_000:
        return f"{size / 1000:.1f} kB"
    return f"{size / 1_000_000:.1f} MB"


def export_format(given: Optional[str], output: str) -> str:
    """Return the format ``--format`` names, else the one ``-o FILE``'s suffix names."""
    if given is not None:
        return _choose("--format", given.strip().lower(), FORMATS)
    suffix = os.path.splitext(output)[1].lstrip(".").lower()
    if suffix in FORMATS:
        return suffix
    raise UsageError(f"export needs --format svg, png or pdf (-o {shown(output)} does not "
                     f"end in .svg, .png or .pdf)")


def export_count(text: Optional[str]) -> int:
    """Return ``--count`` (1 without it), or raise UsageError outside 1..MAX_COUNT."""
    from game.commands import small_int

    if text is None:
        return 1
    value = small_int(text.strip())
    if value is None or not 1 <= value <= MAX_COUNT:
        raise UsageError(f"--count must be a whole number from 1 to {MAX_COUNT} (got "
                         f"{shown(text)})")
    return value


def mazes_to_print(args: argparse.Namespace, count: int, paper: str) -> list[Printed]:
    """Return the mazes the options describe: a FILE's, or ``count`` generated from seed on."""
    from game.commands import code_spec, maze_flags, maze_spec
    from game.levels import MAX_SEED, build_level, level_code

    if args.file is not None:
        if args.code is not None or maze_flags(args):
            raise UsageError("give a maze FILE, --code or the maze options, not more than one")
        if count > 1:
            raise UsageError(f"--count {count} prints mazes from seed after seed: give --code "
                             f"or --algorithm, not a FILE")
        return [_load(args.file, paper)]
    if args.code is not None:
        spec = code_spec(args.code, flags=maze_flags(args))
    elif args.algorithm is None:
        raise UsageError("export needs a maze FILE, --code CODE or --algorithm NAME "
                         "(see migong export --help)")
    else:
        spec = maze_spec(args)
    _check_legible(spec.rows, spec.cols, paper, f"--size {spec.rows}x{spec.cols}")
    if spec.seed + count - 1 > MAX_SEED:
        raise UsageError(f"--count {count} from seed {spec.seed} passes the largest seed "
                         f"({MAX_SEED}): start from a smaller one")
    printed = []
    for i in range(count):
        one = dataclasses.replace(spec, seed=spec.seed + i)
        try:
            maze = build_level(one)
        except ValueError as exc:  # keys or lairs that do not fit the maze
            raise UsageError(str(exc)) from None
        code = level_code(one)
        printed.append(Printed(maze, f"Migong  {code}  {one.rows}\u00d7{one.cols}", code))
    return printed


def _load(path: str, paper: str) -> Printed:
    """Return the maze of the text file ``path`` (``-``: standard input), checked."""
    from game.maze.formats import MazeFormatError, load_maze, load_stdin, place_ends

    source = "<stdin>" if path == "-" else path
    try:
        maze = load_stdin(source) if path == "-" else load_maze(path)
        maze = place_ends(maze, source=source)
    except MazeFormatError as exc:
        raise UsageError(str(exc)) from None
    _check_legible(maze.rows, maze.cols, paper, f"{source}: the {maze.rows}x{maze.cols} maze")
    name = "Migong" if path == "-" else printable(os.path.basename(path))  # valid XML, UTF-8
    return Printed(maze, f"{name}  {maze.rows}\u00d7{maze.cols}", source)


def _check_legible(rows: int, cols: int, paper: str, what: str) -> None:
    """Raise UsageError when a ``rows`` x ``cols`` maze would print too small to read."""
    if legible(rows, cols, paper):
        return
    width = 2 * fit(rows, cols, paper).unit
    upright, across = largest(paper), largest(paper, landscape=True)
    raise UsageError(
        f"{what} is too big to print legibly on {paper} paper: its corridors would be "
        f"{width:.1f} mm wide (at least {MIN_CORRIDOR:g} mm); at most {upright[0]}x{upright[1]} "
        f"or {across[0]}x{across[1]} fits"
    )


def answer(printed: Printed) -> list[tuple[int, int]]:
    """Return the shortest way through ``printed``'s maze, or raise UsageError for none."""
    from game.maze.solvers import solve

    solution = solve(printed.maze)
    if solution.path is None:
        raise UsageError(f"{printed.source}: there is no way from the entrance "
                         f"to the exit, so no answer to draw")
    return solution.path


def _page(printed: Printed, path: Optional[list[tuple[int, int]]],
          paper: str) -> tuple[Drawing, Layout, str]:
    """Return one page: the drawing (with the answer when ``path``), its layout and title."""
    drawing = draw_maze(printed.maze, path)
    title = printed.title + ("  \u00b7  solution" if path is not None else "")
    return drawing, place(drawing, paper), title


def _choose(option: str, value: str, choices: tuple[str, ...]) -> str:
    """Return ``value`` if it is one of ``choices``, else raise UsageError listing them."""
    if value in choices:
        return value
    *most, last = choices
    raise UsageError(f"{option} must be {', '.join(most)} or {last} (got {shown(value)})")


def _check_output(output: str, *, binary: bool) -> None:
    """Raise UsageError for an ``-o`` that cannot take the file, before anything is drawn."""
    if not output:
        raise UsageError("-o needs a file name (- for standard output)")
    if output == "-":
        if binary and sys.stdout is not None and sys.stdout.isatty():
            raise UsageError("-o - would write a binary file to the terminal: redirect it "
                             "(> maze.pdf) or give a file name")
        return
    if os.path.isdir(output):
        raise UsageError(f"cannot write -o {shown(output)}: it is a directory")
    folder = os.path.dirname(output) or "."
    if not os.path.isdir(folder):
        raise UsageError(f"cannot write -o {shown(output)}: there is no folder {shown(folder)}")


def write_output(output: str, data: Union[str, bytes]) -> None:
    """Write ``data`` to the file ``output`` (``-``: standard output) or raise UsageError."""
    from game.commands import _discard_stdout, _emit

    if output == "-" and isinstance(data, str):
        _emit([data])
    elif output == "-":
        stream = getattr(sys.stdout, "buffer", None)
        if stream is None:
            raise UsageError("cannot write to standard output: it is closed")
        try:
            stream.write(data)
            stream.flush()
        except BrokenPipeError:
            _discard_stdout()
        except OSError as exc:
            raise UsageError(f"cannot write to standard output: {exc.strerror or exc}") from None
    else:
        from game.output_file import write_whole

        try:
            write_whole(output, data.encode("utf-8") if isinstance(data, str) else data)
        except OSError as exc:
            raise UsageError(f"cannot write -o {shown(output)}: {exc.strerror or exc}") from None
