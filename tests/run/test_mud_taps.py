"""A slow step on mud arrives on the tick its slices sum to a whole tile.

The slices of a step at a third of the walking speed can sum, by float rounding, to exactly
one tile while the time still "needed" says a sliver is left.  The player then stood arrived
without arriving: no arrival event, no queued tap taken, and a tap in that tick treated as a
fresh press that bumped into the wall beside it and was lost.  Tapping the shortest route on
this maze lost 28 of 86 taps and never reached the exit (a player found it through
``simulate``).
"""

from __future__ import annotations

from game.maze.generators import generate
from game.maze.solvers import solve
from game.run.intents import Release
from game.run.model import Run
from game.simulate import WALKING_SPEED, parse_moves, tap, tap_ticks

LETTER = {(1, 0): "D", (-1, 0): "U", (0, 1): "R", (0, -1): "L"}


def route_letters(seed: int, mud: float) -> tuple[object, str]:
    """Return the muddy maze and the letters of its shortest route."""
    maze = generate("prim", rows=41, cols=41, seed=seed, mud=mud)
    path = solve(maze, "bfs").path
    return maze, "".join(LETTER[(c - a, d - b)] for (a, b), (c, d) in zip(path, path[1:]))


def test_tapping_the_route_across_mud_reaches_the_exit() -> None:
    for seed, mud in ((7, 0.1), (1, 0.3), (5, 0.1)):
        maze, letters = route_letters(seed, mud)
        tapped = tap(maze, parse_moves(letters))  # type: ignore[arg-type]
        assert tapped.run.over and tapped.taps == len(letters), (seed, mud)
        assert tapped.run.player.moves == len(letters)


def test_a_glide_and_tick_by_tick_steps_agree_on_mud() -> None:
    maze, letters = route_letters(7, 0.1)
    moves = parse_moves(letters)
    ends = []
    for batched in (True, False):
        run = Run(maze, search_optimal=False)  # type: ignore[arg-type]
        for tick, move in zip(tap_ticks(len(moves), WALKING_SPEED / 3), moves):
            if batched:
                run.advance_to(tick)
            while run.tick < tick:
                run.advance_to(run.tick + 1)
            run.apply(move)
            run.apply(Release(move.dr, move.dc))
        run.advance_to(run.tick + 600)
        ends.append((run.tick, run.over, run.player.moves, run.player.pos, run.player.clock))
    assert ends[0] == ends[1]
    assert ends[0][1]  # at a third of the pace every tap is walked: the exit is reached
