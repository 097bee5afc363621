"""The command line: the only place that parses argv.

``python -m game`` with no sub-command starts the game on the title screen.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any, Callable, NoReturn, Optional, Sequence

from game.errors import EXIT_BAD_INPUT, EXIT_OK, UsageError, printable
from game.lazy import defer
from game.maze.registry import CHASERS, DEFAULT_SIZE, KEYS, LAB_SIZE, LOOPS, MUD, PLAY_SIZE


#: The sub-commands that take the maze options (``--algorithm``, ``--size``, the generators').
MAZE_COMMANDS = ("generate", "play", "lab", "export", "stats")


class _Parser(argparse.ArgumentParser):
    """An argparse parser whose errors are one line (no usage dump), exit code 2.

    A sub-command's parser gets the generators' and the solvers' options when it is first
    used (parses or prints its help), after its other options: they come from the
    registries, which import every algorithm and numpy (90 ms), and ``migong``,
    ``--version`` or ``levels`` need none of them.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Build the parser with no arguments pending."""
        super().__init__(*args, **kwargs)
        self._pending: list[Callable[[argparse.ArgumentParser], None]] = []

    def add_later(self, fill: Callable[[argparse.ArgumentParser], None]) -> None:
        """Have ``fill(self)`` add this parser's arguments when it is first used."""
        self._pending.append(fill)

    def _complete(self) -> None:
        """Add the arguments still pending."""
        while self._pending:
            self._pending.pop(0)(self)

    def parse_known_args(  # type: ignore[override]
        self, args: Optional[Sequence[str]] = None, namespace: Optional[argparse.Namespace] = None
    ) -> tuple[argparse.Namespace, list[str]]:
        """Add the pending arguments, then parse as argparse does."""
        self._complete()
        return super().parse_known_args(args, namespace)

    def format_help(self) -> str:
        """Add the pending arguments, then format the help as argparse does."""
        self._complete()
        return super().format_help()

    def error(self, message: str) -> NoReturn:
        """Print ``message`` as one line naming the command; exit with code 2."""
        line = f"migong: error: {printable(message)} (see {self.prog} --help)"
        self.exit(EXIT_BAD_INPUT, line + "\n")


def _add_maze_options(p: argparse.ArgumentParser, size: str = DEFAULT_SIZE) -> None:
    """Add the options that describe a generated maze (``size``: the default size)."""
    p.add_argument("--algorithm", "-a", help="generator name")
    p.add_argument(
        "--size", "-s", help=f"ROWSxCOLS in tiles, both odd and at least 3 (default {size})"
    )
    p.add_argument("--seed", help="integer seed (default: random)")
    p.add_argument(LOOPS.flag, help=LOOPS.help)
    p.add_argument(KEYS.flag, help=KEYS.help)
    p.add_argument(CHASERS.flag, help=CHASERS.help)
    p.add_argument(MUD.flag, help=MUD.help)
    _later(p, _add_generator_options)


def _add_generator_options(p: argparse.ArgumentParser) -> None:
    """Add every generator's own options, from the registry."""
    from game.maze.generators import generator_options

    for option, owner in generator_options():
        p.add_argument(option.flag, help=f"{owner.name} only: {option.help}")


def _add_solver_option(p: argparse.ArgumentParser) -> None:
    """Add ``--solver`` (when the parser is first used): one of the registry's solvers."""
    _later(p, _add_solver_option_now)


def _add_solver_option_now(p: argparse.ArgumentParser) -> None:
    """Add ``--solver``: one of the registry's solvers, its default the registry's."""
    from game.maze.solvers import DEFAULT, SOLVERS

    *most, last = SOLVERS
    names = f"{', '.join(most)} or {last}" if most else last
    p.add_argument("--solver", default=DEFAULT, help=f"{names} (default {DEFAULT})")


def _later(p: argparse.ArgumentParser, fill: Callable[[argparse.ArgumentParser], None]) -> None:
    """Have ``fill(p)`` add arguments when ``p`` is first used (at once for a plain parser)."""
    if isinstance(p, _Parser):
        p.add_later(fill)
    else:
        fill(p)


def _joined_negatives(argv: Sequence[str]) -> list[str]:
    """Return ``argv`` with a number option's negative value joined on (``--start=-1,-1``).

    argparse takes a value such as ``-1,-1`` for an unknown option and says the option
    expected an argument; joined, the value reaches its own check and its own message.
    """
    numeric = {"--start", "--goal", "--seed", "--size", "-s", "--race-speed", LOOPS.flag,
               "--max-tiles", "--max-ticks", "--taps-per-second",
               KEYS.flag, CHASERS.flag, MUD.flag}
    if any(arg in MAZE_COMMANDS for arg in argv):  # the generators import numpy: only then
        from game.maze.generators import generator_options

        numeric.update(option.flag for option, _ in generator_options())
    out: list[str] = []
    args = iter(argv)
    for arg in args:
        if arg == "--":  # the rest are positional
            out.append(arg)
            out.extend(args)
            break
        value = next(args, None) if arg in numeric else None
        if value is not None and len(value) > 1 and value[0] == "-" and value[1] in "0123456789.":
            out.append(f"{arg}={value}")
        else:
            out.extend([arg] if value is None else [arg, value])
    return out


def build_parser() -> argparse.ArgumentParser:
    """Return the argument parser with every sub-command."""
    parser = _Parser(
        prog="migong", description="Migong: a maze game built on the classic maze algorithms."
    )
    parser.add_argument(
        "--selftest", action="store_true", help="run a headless self-test and exit (0 = ok)"
    )
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    sub = parser.add_subparsers(dest="command")

    gen = sub.add_parser("generate", help="generate a maze and print it as text")
    _add_maze_options(gen)
    gen.add_argument("--code", help="the level code of the maze (instead of the maze options)")
    gen.add_argument("--solve", help="draw the solution found by this solver")
    gen.add_argument("-o", "--output", help="write to FILE instead of standard output")
    gen.add_argument("--trace", action="store_true",
                     help="print every step as a JSON line, then the size and seed")

    sol = sub.add_parser("solve", help="solve a text maze (FILE or - for standard input)")
    sol.add_argument("file", help="maze text file, or - for standard input")
    _add_solver_option(sol)
    sol.add_argument("--start", help="R,C start tile (default: the maze's S)")
    sol.add_argument("--goal", help="R,C goal tile (default: the maze's E)")
    sol.add_argument("--json", action="store_true", help="print one JSON object")
    sol.add_argument("--trace", action="store_true",
                     help="print every event as a JSON line, then the --json object")
    sol.add_argument("--hand", help="wall-follower only: the hand on the wall, left or right "
                                    "(default left)")

    lev = sub.add_parser("levels", help="list the campaign's levels, chapter by chapter")
    lev.add_argument("--json", action="store_true", help="print one JSON list of objects")

    play = sub.add_parser("play", help="play a maze file or a custom generated maze")
    play.add_argument("file", nargs="?", help="maze text file to play")
    _add_maze_options(play, PLAY_SIZE)
    play.add_argument("--fog", action="store_true",
                      help="play in the fog of war: see only what is in sight, remember the rest")
    play.add_argument("--view", choices=("top", "first-person"),
                      help="see the maze from above (the default) or walk it in first person "
                      "(this session; Settings' \"View\" keeps it)")
    play.add_argument("--code", help="play the maze of this level code, e.g. B21x21-1A2B")
    play.add_argument("--daily", action="store_true", help="play the daily maze (today, UTC)")
    play.add_argument("--level", metavar="N",
                      help="play campaign level N (numbered from 1 as in the level select; "
                      "see: migong levels); one not yet unlocked plays for practice, as its "
                      "level code does: its result unlocks nothing")
    _add_date_option(play)
    play.add_argument("--race", metavar="SOLVER",
                      help="race a solver's ghost on every maze of this session: bfs, dfs or "
                      "stack (as Settings' \"Race a solver\", not saved)")
    play.add_argument("--race-speed", metavar="N",
                      help="the ghost's speed in tiles per second: 2, 4, 6, 8 or 12 "
                      "(default: the one in Settings)")

    saver = sub.add_parser("screensaver", help="walk generated mazes in first person, right "
                           "hand on the wall, until a key or a click")
    saver.add_argument("--window", action="store_true",
                       help="in a window (default: full screen)")

    daily = sub.add_parser("daily", help="print the level code of the daily maze")
    _add_date_option(daily)

    listing = sub.add_parser("replays", help="list the saved replays, newest first")
    listing.add_argument("--json", action="store_true", help="print one JSON list")

    rep = sub.add_parser("replay", help="watch a replay file (or check it with --verify)")
    rep.add_argument("file", help="replay file (see: migong replays)")
    rep.add_argument("--verify", action="store_true",
                     help="re-run it headless and print one JSON line; exit 0 when it "
                     "reaches the exit, 1 when not, 2 for a bad file or one over the budget")
    rep.add_argument("--max-tiles", metavar="N",
                     help="--verify's budget: the largest maze it re-runs, in tiles (rows "
                     "times columns; default 1002001, a 1001x1001 maze; at most 4001x4001)")
    rep.add_argument("--max-ticks", metavar="N",
                     help="--verify's budget: the longest run it re-runs, in ticks of 1/120 s "
                     "(default and most 864000, two hours)")

    sim = sub.add_parser("simulate", help="tap moves on a maze with the game's rules and "
                         "print the run as one JSON line (for bots and tests)",
                         description="Tap MOVES on one maze (--code, --level or FILE) with "
                         "the game's run model; exit 0 when the exit is reached, 1 when not, "
                         "2 for bad input.")
    sim.add_argument("file", nargs="?", help="maze text file, or - for standard input")
    sim.add_argument("--code", help="the maze of this level code")
    sim.add_argument("--level", metavar="N", help="campaign level N (as migong levels numbers "
                     "them, from 1)")
    sim.add_argument("--moves", required=True, metavar="MOVES",
                     help="the taps, one letter each: U, D, L, R (either case; spaces skipped), "
                     "at most 50000")
    sim.add_argument("--taps-per-second", metavar="N",
                     help="the pace of the taps, above 0 and at most 120 (default 8: the "
                     "game's walking speed)")
    sim.add_argument("--save-replay", metavar="FILE",
                     help="write the run as the game keeps a replay (replay FILE --verify "
                     "re-runs it)")
    sim.add_argument("--json", action="store_true",
                     help="print one JSON line: finished, caught, moves, time, ticks, keys, "
                     "hints, optimal, at, taps, level")

    srv = sub.add_parser("serve", help="run a leaderboard server that re-runs every "
                         "submitted run (needs: pip install 'migong[server]')")
    srv.add_argument("--db", metavar="URL", help="postgresql://USER@HOST/DB, sqlite:///FILE "
                     "or a file (default: board.sqlite3 in the user data folder)")
    srv.add_argument("--host", default="127.0.0.1", help="address to listen on (default "
                     "127.0.0.1: this machine only)")
    srv.add_argument("--port", default="8750", help="port (default 8750)")
    srv.add_argument("--rate-limit", default="30", metavar="N",
                     help="requests per client per minute (default 30; 0 turns it off)")
    srv.add_argument("--max-size", default="301", metavar="N",
                     help="the largest maze re-run, N tiles a side (default 301)")
    srv.add_argument("--workers", default="1", metavar="N",
                     help="worker processes (default 1)")

    sbm = sub.add_parser("submit", help="send a replay to a leaderboard server")
    sbm.add_argument("file", help="replay file (see: migong replays)")
    sbm.add_argument("--server", required=True, metavar="URL", help="the server, "
                     "e.g. http://127.0.0.1:8750")
    sbm.add_argument("--name", required=True, help="your name on the board: 1-24 letters, "
                     "digits, spaces, - or _")
    sbm.add_argument("--daily", metavar="YYYY-MM-DD", help="the day whose daily board it "
                     "goes on (default: the replay's day, when it is that day's maze)")
    sbm.add_argument("--json", action="store_true", help="print the server's answer as JSON")

    brd = sub.add_parser("board", help="show a leaderboard: a day's daily maze or a code's")
    brd.add_argument("--date", help="YYYY-MM-DD: the daily board of that UTC date")
    brd.add_argument("--code", help="the board of this level code")
    brd.add_argument("--server", required=True, metavar="URL", help="the server, "
                     "e.g. http://127.0.0.1:8750")
    brd.add_argument("--limit", default="10", metavar="N", help="how many runs (1-100, "
                     "default 10)")
    brd.add_argument("--json", action="store_true", help="print the board as JSON")

    edit = sub.add_parser("edit", help="make a maze, or edit a maze file, in the editor")
    edit.add_argument("file", nargs="?", help="maze text file to edit")

    lab = sub.add_parser("lab", help="watch a maze being generated and solved, step by step")
    lab.add_argument("file", nargs="?", help="maze text file to solve (no generation)")
    _add_maze_options(lab, LAB_SIZE)
    _add_solver_option(lab)
    lab.add_argument("--hand", help="wall-follower only: the hand on the wall, left or right "
                                    "(default left)")
    lab.add_argument("--compare", action="store_true",
                     help="open the compare page: every generator's bias side by side")

    exp = sub.add_parser("export", help="write printable mazes: an SVG or PNG page, or a PDF "
                         "of mazes then their answers",
                         description="Print one maze (FILE, --code or the maze options) as a "
                         "page fitted to the paper, or --count N mazes (seeds S, S+1, ...) as a "
                         "PDF of N maze pages then N answer pages.")
    exp.add_argument("file", nargs="?", help="maze text file, or - for standard input")
    exp.add_argument("--code", help="the maze of this level code")
    _add_maze_options(exp)
    exp.add_argument("--format", help="svg, png or pdf (default: the -o file's suffix)")
    exp.add_argument("--solution", action="store_true",
                     help="draw the way through on the SVG or PNG (a PDF always ends with "
                     "its answer pages)")
    exp.add_argument("--count", metavar="N", help="PDF only: N different mazes, from the seed "
                     "on, then their N answers (1-100, default 1)")
    exp.add_argument("--paper", help="a4 or letter (default a4)")
    exp.add_argument("-o", "--output", required=True, metavar="FILE",
                     help="the file to write (- for standard output)")

    stats = sub.add_parser("stats", help="measure a maze's bias: dead ends, straights, turns, "
                           "junctions, the longest corridor and the solution",
                           description="Measure a maze FILE, a maze of --algorithm (--seed; "
                           "here it defaults to 1, not a random seed), N of them (--seeds N: "
                           "seeds --seed to --seed + N - 1) or every generator (--compare).")
    stats.add_argument("file", nargs="?", help="maze text file, or - for standard input")
    _add_maze_options(stats)
    stats.add_argument("--code", help="the maze of this level code")
    stats.add_argument("--seeds", metavar="N", help="measure N mazes, seeds --seed (default 1) "
                       "on, and report each figure's mean and spread (1-1000)")
    stats.add_argument("--compare", action="store_true",
                       help="measure every generator (default 10 mazes of 41x41 each)")
    stats.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def _add_date_option(p: argparse.ArgumentParser) -> None:
    """Add ``--date``: the UTC date of a daily maze."""
    p.add_argument("--date", help="YYYY-MM-DD: the daily maze of that UTC date (default today)")


def main(argv: Sequence[str] | None = None) -> int:
    """Parse ``argv`` and run the chosen command; return the exit code (130 after Ctrl-C)."""
    try:
        return _main(argv)
    except KeyboardInterrupt:  # also while the parser imports the registries (numpy)
        return 130


def _main(argv: Sequence[str] | None) -> int:
    """Parse ``argv`` and run the chosen command; return the exit code."""
    # pygame prints a banner on import unless told not to; keep stdout for our output.
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # Name the X11 window class "migong" (desktops group the window by it and match the
    # .desktop file to it); SDL reads this when its video starts, so set it before any
    # display check does.
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "migong")
    # numpy's OpenBLAS starts a spinning thread per core when numpy is imported (65 ms of
    # CPU at start-up on two cores, taken from the game); the game does no linear algebra.
    # It reads this when numpy is first imported, which is after this line.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    argv = sys.argv[1:] if argv is None else argv
    if argv:
        args = build_parser().parse_args(_joined_negatives(argv))
    else:  # the title screen: argparse would build every sub-command's parser (7-25 ms)
        args = argparse.Namespace(command=None, version=False, selftest=False)
    try:
        if args.version:
            from game.version import package_version

            print(f"migong {package_version()}")
            return EXIT_OK
        if args.selftest:
            from game.selftest import run_selftest

            return run_selftest()
        # The maze core imports numpy and builds its tile table; the title screen uses
        # neither: they run when first used (game.lazy).
        defer("numpy", "game.maze.tiles")
        if args.command == "generate":
            from game.commands import cmd_generate

            return cmd_generate(args)
        if args.command == "daily":
            from game.commands import cmd_daily

            return cmd_daily(args)
        if args.command == "solve":
            from game.commands import cmd_solve

            return cmd_solve(args)
        if args.command == "levels":
            from game.commands import cmd_levels

            return cmd_levels(args)
        if args.command == "stats":
            from game.stats_command import cmd_stats

            return cmd_stats(args)
        if args.command == "replays":
            from game.replay_commands import cmd_replays

            return cmd_replays(args)
        if args.command == "simulate":
            from game.replay_commands import cmd_simulate

            return cmd_simulate(args)
        if args.command == "serve":
            from game.server.serve import cmd_serve  # the server extra: only to serve

            return cmd_serve(args)
        if args.command == "submit":
            from game.server.commands import cmd_submit

            return cmd_submit(args)
        if args.command == "board":
            from game.server.commands import cmd_board

            return cmd_board(args)
        if args.command == "replay" and args.verify:
            from game.replay_commands import cmd_verify_replay

            return cmd_verify_replay(args)
        if args.command == "replay":
            from game.play.launch import watch_from_args

            return watch_from_args(args)
        if args.command == "edit":
            from game.play.launch import edit_from_args  # imports pygame: only to edit

            return edit_from_args(args)
        if args.command == "screensaver":
            from game.play.launch import screensaver_from_args

            return screensaver_from_args(args)
        if args.command == "export":
            from game.export.command import cmd_export

            return cmd_export(args)
        if args.command == "lab":
            from game.play.launch import lab_from_args

            return lab_from_args(args)
        from game.play.launch import play_from_args  # imports pygame: only to play

        return play_from_args(args)
    except UsageError as exc:
        print(f"migong: error: {printable(str(exc))}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
