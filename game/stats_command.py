"""``migong stats``: the statistics of a maze file, of a generator's mazes, or of every generator.

``stats FILE`` measures one maze (``-``: standard input); ``stats --algorithm A --size
RxC [--seed S] [--seeds N]`` measures N mazes of seeds S, S+1, ... (S defaults to 1) and
reports each figure's mean and spread; ``stats --compare`` does so for every generator.
``--json`` prints one JSON object; without it, a table.  The figures are those of
:mod:`game.maze.stats`.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
from typing import Iterator, Optional, Sequence

from game.commands import _emit, _int_option, code_spec, maze_flags, maze_spec
from game.errors import EXIT_OK, UsageError
from game.lab.compare import SEEDS as PAGE_SEEDS
from game.lab.compare import SIZE as COMPARE_SIDES
from game.levels import MAX_SEED, LevelSpec
from game.maze.stats import KEYS, SHARES, MazeStats, Summary, measure, summarize

#: Most mazes one command measures.
MAX_SEEDS = 1000
#: Most tiles one command generates, all its mazes together (about 100 mazes of 1001x1001).
MAX_TILES = 100_000_000
#: The size and number of mazes ``--compare`` measures when not told: the compare page's.
COMPARE_SIZE = f"{COMPARE_SIDES[0]}x{COMPARE_SIDES[1]}"
COMPARE_SEEDS = PAGE_SEEDS
#: Each figure's name in the table.
_NAMES = {"dead_ends": "dead ends", "straights": "straights", "turns": "turns",
          "junctions": "junctions", "longest_corridor": "longest corridor",
          "solution_length": "solution length", "solution_share": "solution share"}
#: Each figure's column head in the --compare table.
_HEADS = {"dead_ends": "dead ends", "straights": "straights", "turns": "turns",
          "junctions": "junctions", "longest_corridor": "longest corridor",
          "solution_length": "solution", "solution_share": "share"}


def cmd_stats(args: argparse.Namespace) -> int:
    """Measure a maze file, a generator's mazes or every generator's; print the figures."""
    seeds = _int_option("--seeds", args.seeds, minimum=1, maximum=MAX_SEEDS)
    flags = maze_flags(args)
    if args.compare:
        if args.file is not None or args.algorithm is not None or args.code is not None:
            raise UsageError("--compare measures every generator: give it without FILE, "
                             "--algorithm or --code")
        return _compare(args, seeds or COMPARE_SEEDS)
    if args.file is not None:
        if flags or seeds is not None or args.code is not None:
            given = flags + (["--seeds"] if seeds is not None else []) + (
                ["--code"] if args.code is not None else [])
            raise UsageError(f"stats FILE measures that maze: give it without {', '.join(given)}")
        return _one_file(args.file, args.json)
    if args.code is not None:
        spec = code_spec(args.code, flags=flags + (["--seeds"] if seeds is not None else []))
        return _specs(spec, 1, args.json)
    if args.algorithm is None:
        raise UsageError("stats needs FILE, --algorithm NAME, --code CODE or --compare "
                         "(see migong stats --help)")
    spec = maze_spec(args)
    if args.seed is None:  # a run of seeds starts at 1 unless told: the same figures each time
        spec = dataclasses.replace(spec, seed=1)
    return _specs(spec, seeds or 1, args.json)


def _one_file(path: str, as_json: bool) -> int:
    """Measure the maze in ``path`` (``-``: standard input) and print its figures."""
    from game.maze.formats import MazeFormatError, load_maze, load_stdin

    source = "<stdin>" if path == "-" else path
    try:
        maze = load_stdin(source) if path == "-" else load_maze(path)
    except MazeFormatError as exc:
        raise UsageError(str(exc)) from None
    stats = measure(maze)
    if as_json:
        _emit([json.dumps({"file": source, "rows": maze.rows, "cols": maze.cols,
                           **stats.as_json()}) + "\n"])
    else:
        _emit([f"{source}: {maze.rows}x{maze.cols} tiles, {_cells(stats.cells)}\n"],
              _one_table(stats))
    return EXIT_OK


def measure_specs(spec: LevelSpec, count: int) -> list[MazeStats]:
    """Return the statistics of the mazes of ``spec`` with seeds ``spec.seed`` on; raise UsageError."""
    from game.levels import build_level

    last = spec.seed + count - 1
    if last > MAX_SEED:
        raise UsageError(f"--seed {spec.seed} with --seeds {count} goes past the last seed "
                         f"{MAX_SEED}")
    if count * spec.rows * spec.cols > MAX_TILES:
        raise UsageError(f"--seeds {count} mazes of {spec.rows}x{spec.cols} are "
                         f"{count * spec.rows * spec.cols:,} tiles; at most {MAX_TILES:,} "
                         "are measured at once")
    try:
        return [measure(build_level(dataclasses.replace(spec, seed=seed)))
                for seed in range(spec.seed, last + 1)]
    except ValueError as exc:  # keys or chasers that do not fit the maze
        raise UsageError(str(exc)) from None


def _specs(spec: LevelSpec, count: int, as_json: bool) -> int:
    """Measure ``count`` mazes of ``spec`` (seeds from its own) and print the figures."""
    stats = measure_specs(spec, count)
    head: dict[str, object] = {"algorithm": spec.algorithm, "rows": spec.rows,
                               "cols": spec.cols, "seed": spec.seed}
    if count == 1:
        if as_json:
            _emit([json.dumps({**head, **stats[0].as_json()}) + "\n"])
        else:
            _emit([f"{spec.algorithm} {spec.rows}x{spec.cols}, seed {spec.seed}: "
                   f"{_cells(stats[0].cells)}\n"], _one_table(stats[0]))
        return EXIT_OK
    summary = summarize(stats)
    if as_json:
        _emit([json.dumps({**head, "seeds": count, **summary.as_json()}) + "\n"])
    else:
        _emit([f"{spec.algorithm} {spec.rows}x{spec.cols}, {count} mazes (seeds {spec.seed} "
               f"to {spec.seed + count - 1}): mean and spread\n"], _summary_table(summary))
    return EXIT_OK


def _compare(args: argparse.Namespace, count: int) -> int:
    """Measure ``count`` mazes of every generator and print one row (or object) each."""
    from game.maze.generators import GENERATORS

    if args.size is None:
        args.size = COMPARE_SIZE
    summaries: dict[str, Summary] = {}
    for name in GENERATORS:
        args.algorithm = name
        spec = maze_spec(args)
        start = spec.seed if args.seed is not None else 1
        summaries[name] = summarize(measure_specs(dataclasses.replace(spec, seed=start), count))
    if args.json:
        _emit([json.dumps({"rows": spec.rows, "cols": spec.cols, "seeds": count,
                           "generators": {name: s.as_json() for name, s in summaries.items()}})
               + "\n"])
    else:
        _emit([f"every generator, {count} mazes of {spec.rows}x{spec.cols} each (means)\n"],
              _compare_table(summaries))
    return EXIT_OK


def figure_text(key: str, value: Optional[float], *, mean: bool = False) -> str:
    """Return one figure as the tables show it: a share in percent, a length as a number.

    A ``mean`` length has one decimal; one maze's is whole.
    """
    if value is None:
        return "-"
    if key in SHARES or key == "solution_share":
        return f"{100 * value:.1f} %"
    return f"{value:,.1f}" if mean else f"{int(value):,}"


def _cells(count: int) -> str:
    """Return ``count`` cells in words: "1 cell", "1,250 cells"."""
    return "1 cell" if count == 1 else f"{count:,} cells"


def _one_table(stats: MazeStats) -> Iterator[str]:
    """Yield one maze's figures, a line each, with the counts beside the shares."""
    figures = stats.figures()
    width = max(len(name) for name in _NAMES.values())
    for key in KEYS:
        text = figure_text(key, figures[key]).rjust(6)
        if key in SHARES:
            text += f"  ({getattr(stats, key):,})"
        elif key == "longest_corridor":
            text += " cells"
        elif key == "solution_length" and figures[key] is not None:
            text += " moves"
        yield f"{_NAMES[key]:<{width}}  {text}\n"


def _summary_table(summary: Summary) -> Iterator[str]:
    """Yield each figure's mean and spread, a line each."""
    width = max(len(name) for name in _NAMES.values())
    yield f"{'':<{width}}  {'mean':>10}  {'spread':>10}\n"
    for key in KEYS:
        yield (f"{_NAMES[key]:<{width}}  {figure_text(key, summary.mean[key], mean=True):>10}  "
               f"{figure_text(key, summary.spread[key], mean=True):>10}\n")


def _compare_table(summaries: dict[str, Summary]) -> Iterator[str]:
    """Yield a row per generator: the mean of each figure."""
    rows: list[Sequence[str]] = [["generator", *(_HEADS[key] for key in KEYS)]]
    for name, summary in summaries.items():
        rows.append([name, *(figure_text(key, summary.mean[key], mean=True) for key in KEYS)])
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        yield "  ".join(cell.ljust(w) if i == 0 else cell.rjust(w)
                        for i, (cell, w) in enumerate(zip(row, widths))).rstrip() + "\n"
