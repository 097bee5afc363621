"""Chasers in codes, the text format, solve, simulate and replays."""

from __future__ import annotations

import json
import subprocess
import sys

from game.levels import LevelSpec, build_level, level_code, parse_level_code
from game.maze.chase import lairs_of
from game.maze.formats import format_maze, parse_maze
from game.maze.generators import generate
from game.maze.solvers import solve
from game.run.level import Level
from game.run.replay import record, verify
from game.simulate import tap
from tests.run.bots import left_hand_moves, route_moves

SPEC = LevelSpec("prim", 21, 21, 2122, chasers=2)


def test_chasers_have_a_code_letter_of_their_own() -> None:
    code = level_code(SPEC)
    assert code.endswith("-C2")
    assert parse_level_code(code).chasers == 2
    assert level_code(LevelSpec("prim", 21, 21, 2122)) == "P21x21-1MY"  # unchanged without


def test_a_maze_without_chasers_is_the_same_maze_as_before() -> None:
    plain = generate("prim", rows=21, cols=21, seed=2122)
    chased = build_level(SPEC)
    assert len(lairs_of(chased)) == 2
    assert ((chased.tiles != plain.tiles).sum()) == 2  # the walls stay; two lairs more


def test_lairs_are_written_M_and_solved_as_floor() -> None:
    maze = build_level(SPEC)
    text = format_maze(maze)
    assert text.count("M") == 2
    assert parse_maze(text) == maze
    assert solve(maze, "bfs").length == solve(generate("prim", rows=21, cols=21, seed=2122),
                                              "bfs").length


def test_a_caught_run_verifies_as_caught_and_not_finished() -> None:
    maze = build_level(SPEC)
    run = tap(maze, left_hand_moves(maze)).run
    assert run.caught
    verdict = verify(record(run, Level(maze, SPEC), game="t", date="2026-12-03"))
    assert verdict.matches and verdict.caught and not verdict.finished


def test_an_escape_verifies_as_finished() -> None:
    maze = build_level(SPEC)
    run = tap(maze, route_moves(maze)).run
    verdict = verify(record(run, Level(maze, SPEC), game="t", date="2026-12-03"))
    assert verdict.matches and verdict.finished and not verdict.caught


def test_simulate_reports_caught() -> None:
    maze = build_level(SPEC)
    walk = "".join({(-1, 0): "U", (1, 0): "D", (0, -1): "L", (0, 1): "R"}[m.direction]
                   for m in left_hand_moves(maze))
    out = subprocess.run([sys.executable, "-m", "game", "simulate", "--code", level_code(SPEC),
                          "--moves", walk, "--json"], capture_output=True, text=True)
    line = json.loads(out.stdout)
    assert (line["caught"], line["finished"], out.returncode) == (True, False, 1)
