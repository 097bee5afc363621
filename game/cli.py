"""The command line: the only place that parses argv.

``python -m game`` with no sub-command starts the game on the title screen.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import NoReturn, Sequence

from game.errors import EXIT_BAD_INPUT, EXIT_OK, UsageError
from game.maze.registry import KEYS, LOOPS


class _Parser(argparse.ArgumentParser):
    """An argparse parser whose errors are one line (no usage dump), exit code 2."""

    def error(self, message: str) -> NoReturn:
        """Print ``message`` as one line naming the command; exit with code 2."""
        self.exit(EXIT_BAD_INPUT, f"migong: error: {message} (see {self.prog} --help)\n")


def _add_maze_options(p: argparse.ArgumentParser, *, required: bool) -> None:
    """Add the options that describe a generated maze: the generators' from their registry."""
    from game.maze.generators import generator_options

    p.add_argument("--algorithm", "-a", required=required, help="generator name")
    p.add_argument(
        "--size", "-s", help="ROWSxCOLS in tiles, both odd and at least 3 (default 21x21)"
    )
    p.add_argument("--seed", help="integer seed (default: random)")
    p.add_argument(LOOPS.flag, help=LOOPS.help)
    p.add_argument(KEYS.flag, help=KEYS.help)
    for option, owner in generator_options():
        p.add_argument(option.flag, help=f"{owner.name} only: {option.help}")


def _add_solver_option(p: argparse.ArgumentParser) -> None:
    """Add ``--solver``: one of the registry's solvers, its default the registry's."""
    from game.maze.solvers import DEFAULT, SOLVERS

    *most, last = SOLVERS
    names = f"{', '.join(most)} or {last}" if most else last
    p.add_argument("--solver", default=DEFAULT, help=f"{names} (default {DEFAULT})")


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
    _add_maze_options(gen, required=True)
    gen.add_argument("--solve", help="draw the solution found by this solver")
    gen.add_argument("-o", "--output", help="write to FILE instead of standard output")

    sol = sub.add_parser("solve", help="solve a text maze (FILE or - for standard input)")
    sol.add_argument("file", help="maze text file, or - for standard input")
    _add_solver_option(sol)
    sol.add_argument("--start", help="R,C start tile (default: the maze's S)")
    sol.add_argument("--goal", help="R,C goal tile (default: the maze's E)")
    sol.add_argument("--json", action="store_true", help="print one JSON object")

    play = sub.add_parser("play", help="play a maze file or a custom generated maze")
    play.add_argument("file", nargs="?", help="maze text file to play")
    _add_maze_options(play, required=False)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Parse ``argv`` and run the chosen command; return the exit code."""
    # pygame prints a banner on import unless told not to; keep stdout for our output.
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # Name the X11 window class "migong" (desktops group the window by it and match the
    # .desktop file to it); SDL reads this when its video starts, so set it before any
    # display check does.
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "migong")
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.version:
            from game.version import package_version

            print(f"migong {package_version()}")
            return EXIT_OK
        if args.selftest:
            from game.selftest import run_selftest

            return run_selftest()
        if args.command == "generate":
            from game.commands import cmd_generate

            return cmd_generate(args)
        if args.command == "solve":
            from game.commands import cmd_solve

            return cmd_solve(args)
        from game.play.launch import play_from_args  # imports pygame: only to play

        return play_from_args(args)
    except UsageError as exc:
        print(f"migong: error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
