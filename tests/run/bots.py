"""Walkers for chaser tests: the shortest route, and a left-hand wall follower, as taps."""

from __future__ import annotations

from itertools import groupby

from game.maze import tiles as kinds
from game.maze.grid import Maze, Pos
from game.maze.lairs import shortest_route
from game.run.clock import TICK_RATE
from game.run.intents import Release
from game.run.model import Run
from game.run.player import Move

#: Up, right, down, left: turning right is one place on.
_TURNS = ((-1, 0), (0, 1), (1, 0), (0, -1))


def route_moves(maze: Maze) -> list[Move]:
    """Return the taps that walk the shortest route from the entrance to the exit."""
    route = shortest_route(maze)
    return [Move(b[0] - a[0], b[1] - a[1]) for a, b in zip(route, route[1:])]


def left_hand_moves(maze: Maze, most: int = 20_000) -> list[Move]:
    """Return the taps of a walker keeping its left hand on the wall (keys picked up)."""
    held = int(kinds.KINDS["key"][maze.tiles[maze.start]])
    pos: Pos = maze.start
    facing = 1  # right, into the maze from the left-hand entrance
    moves: list[Move] = []

    def open_(q: Pos) -> bool:
        return maze.walkable(q) and not int(kinds.KINDS["lock"][maze.tiles[q]]) & ~held

    while pos != maze.goal and len(moves) < most:
        for turn in (-1, 0, 1, 2):  # left, ahead, right, back
            d = _TURNS[(facing + turn) % 4]
            q = (pos[0] + d[0], pos[1] + d[1])
            if open_(q):
                facing = (facing + turn) % 4
                pos = q
                moves.append(Move(*d))
                held |= int(kinds.KINDS["key"][maze.tiles[q]])
                break
        else:
            break
    return moves


def hesitant_walk(maze: Maze, pause: float) -> Run:
    """Return the run of a player who knows the shortest route, holds the key along each
    straight (the held-key walk, its repeat delay included), lets go on the last tile and
    hesitates ``pause`` seconds before each turn."""
    run = Run(maze, search_optimal=False)
    ways = [(m.dr, m.dc) for m in route_moves(maze)]
    straights = [(way, len(list(group))) for way, group in groupby(ways)]
    for (dr, dc), length in straights:
        target = run.moves + length
        run.apply(Move(dr, dc))
        while run.moves < target and not run.over:
            run.advance_to(run.tick + 1)
        run.apply(Release(dr, dc))
        while run.player.moving and not run.over:
            run.advance_to(run.tick + 1)
        if run.over:
            break
        run.advance_to(run.tick + round(pause * TICK_RATE))
    return run
