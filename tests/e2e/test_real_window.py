"""A real window under Xvfb, real key presses from xdotool, verdicts from screen pixels.

The game (the built executable when MIGONG_EXE is set, else ``python -m game``) plays
prim 15x15 seed 7.  The player stands on the entrance (1, 0), so Right always walks
onto (1, 1).  The test finds the maze on the screen by its wall colour, works out the
tile size, and checks pixels tile by tile: Right uncovers the entrance and covers the
next tile; H tints the explored floor with the hint colours, Space finishes the animation
and the tiles painted in the path colour are the BFS route from the player's tile; H
again hides the overlay.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Callable

import numpy as np
import pytest

from game.maze.generators import generate
from game.maze.grid import Maze
from game.maze.solvers import solve
from game.play.theme import DEFAULT
from tests.e2e.conftest import GameWindow, XServer, changed_mask, start_game, stop

pytestmark = pytest.mark.xvfb

ROWS = COLS = 15
SEED = 7
ARGS = ("play", "--algorithm", "prim", "--size", f"{ROWS}x{COLS}", "--seed", str(SEED))
WALL = DEFAULT.classic.wall
FLOOR = DEFAULT.classic.floor
ENTRANCE = DEFAULT.classic.entrance


def near(img: np.ndarray, colour: tuple[int, ...], tolerance: int = 12) -> np.ndarray:
    """Return a bool mask of pixels within ``tolerance`` of ``colour`` on every channel."""
    return (np.abs(img.astype(np.int16) - np.array(colour[:3], np.int16)) <= tolerance).all(axis=2)


def blend(top: tuple[int, int, int, int], under: tuple[int, int, int]) -> tuple[int, int, int]:
    """Return ``top`` (RGBA) drawn over the opaque colour ``under``."""
    a = top[3] / 255
    return tuple(round(t * a + u * (1 - a)) for t, u in zip(top[:3], under))  # type: ignore[return-value]


class Board:
    """Where the maze lies on a screenshot: its origin and tile size in pixels.

    Found from the wall colour (the maze is narrower than the window, so its full width
    shows), then confirmed against the maze itself: at every visible tile centre the
    screen shows wall colour exactly where the maze has a wall.
    """

    def __init__(self, img: np.ndarray, maze: Maze) -> None:
        self.rows, self.cols = maze.rows, maze.cols
        ys, xs = near(img, WALL, 2).nonzero()
        assert len(xs) > 0, "no maze wall colour on screen"
        self.x0, self.y0 = int(xs.min()), int(ys.min())
        self.tile = (int(xs.max()) + 1 - self.x0) / self.cols
        assert self.tile >= 6, f"tiles of {self.tile:.1f} px are too small to judge"
        wrong, seen = [], 0
        for r in range(self.rows):
            for c in range(self.cols):
                y = round(self.y0 + (r + 0.5) * self.tile)
                x = round(self.x0 + (c + 0.5) * self.tile)
                if y > ys.max():
                    continue  # below the visible part of the maze
                seen += 1
                if bool(near(img[y:y + 1, x:x + 1], WALL, 2)[0, 0]) != (maze.tiles[r, c] == 0):
                    wrong.append((r, c))
        assert seen >= min(maze.tiles.size, self.cols * 5), f"only {seen} tiles of the maze are visible"
        assert not wrong, f"the screen does not show the maze at tiles {wrong[:10]}"

    def cell(self, img: np.ndarray, row: int, col: int, inset: float = 0.15) -> np.ndarray:
        """Return the pixels of tile (row, col), shrunk by ``inset`` of a tile on each side."""
        t, m = self.tile, self.tile * inset
        top, left = self.y0 + row * t, self.x0 + col * t
        return img[round(top + m): round(top + t - m), round(left + m): round(left + t - m)]

    def blank_around(self, mask: np.ndarray, pos: tuple[int, int], radius: int) -> None:
        """Clear ``mask`` (maze-area coordinates) within ``radius`` tiles of tile ``pos``."""
        t = self.tile
        top, left = max(0, round((pos[0] - radius) * t)), max(0, round((pos[1] - radius) * t))
        mask[top: round((pos[0] + radius + 1) * t), left: round((pos[1] + radius + 1) * t)] = False

    def maze_area(self, img: np.ndarray) -> np.ndarray:
        """Return the pixels of the whole maze."""
        return img[self.y0: round(self.y0 + self.rows * self.tile),
                   self.x0: round(self.x0 + self.cols * self.tile)]


@pytest.fixture
def game(launch_game: Callable[..., GameWindow]) -> GameWindow:
    """Start the game on a 15x15 prim maze and wait until its window shows the maze."""
    g = launch_game(*ARGS)
    g.find_window()
    g.focus()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if near(g.screenshot("waiting"), WALL, 2).sum() > 1000:
            return g
        time.sleep(0.3)
    raise AssertionError(f"the maze never appeared on screen:\n{g.output()}")


@pytest.fixture
def maze() -> Maze:
    """Return the maze the game plays (the same generator call gives the same maze)."""
    m = generate("prim", rows=ROWS, cols=COLS, seed=SEED)
    assert m.start == (1, 0) and m.walkable((1, 1))
    return m


def test_right_arrow_walks_the_player_off_the_entrance(game: GameWindow, maze: Maze) -> None:
    before = game.settle("start")
    board = Board(before, maze)

    game.key("Right")
    time.sleep(0.6)
    after = game.settle("after-right")

    assert changed_mask(board.maze_area(before), board.maze_area(after)).sum() > 0
    # the player stood on the entrance: it covered the entrance colour, now uncovered
    entrance_before = near(board.cell(before, 1, 0), ENTRANCE).mean()
    entrance_after = near(board.cell(after, 1, 0), ENTRANCE).mean()
    assert entrance_after > 0.9, f"entrance tile only {entrance_after:.0%} visible after moving"
    assert entrance_before < entrance_after - 0.2, "the player was not on the entrance"
    # ... and now covers (1, 1), which was plain floor
    floor_before = near(board.cell(before, 1, 1), FLOOR, 30).mean()
    floor_after = near(board.cell(after, 1, 1), FLOOR, 30).mean()
    assert floor_before > 0.9, f"tile (1, 1) was only {floor_before:.0%} floor before the move"
    assert floor_after < floor_before - 0.2, "nothing arrived on tile (1, 1)"
    # nothing else in the maze moved (the camera stayed): the changes sit on those two
    # tiles, apart from the exit marker, which pulses all the time
    changed = changed_mask(board.maze_area(before), board.maze_area(after))
    board.blank_around(changed, maze.goal, radius=1)
    ys, xs = changed.nonzero()
    assert xs.max() < 2.5 * board.tile and ys.min() >= 0.5 * board.tile and ys.max() < 2.5 * board.tile


def test_h_shows_the_animated_hint_and_h_again_hides_it(game: GameWindow, maze: Maze) -> None:
    game.key("Right")
    time.sleep(0.6)
    before = game.settle("before-hint")
    board = Board(before, maze)
    visited = blend(DEFAULT.hint.visited, FLOOR)
    path = blend(DEFAULT.hint.path, FLOOR)

    game.key("h")
    time.sleep(1.5)
    exploring = game.screenshot("hint-exploring")
    tile_px = board.tile**2
    changed = changed_mask(board.maze_area(before), board.maze_area(exploring))
    assert changed.sum() > 8 * tile_px, "H changed almost nothing in the maze"
    tinted = near(board.maze_area(exploring), visited, 24) | near(board.maze_area(exploring), DEFAULT.hint.frontier, 24)
    assert (tinted & changed).sum() > 5 * tile_px, "no explored tiles in the hint colours"

    game.key("space")
    time.sleep(1.0)
    done = game.settle("hint-path")
    # the tiles painted in the path colour are the BFS route from the player's tile
    route = set(solve(maze, "bfs", start=(1, 1)).path or []) - {(1, 1), maze.goal}
    assert len(route) >= 5
    painted = {
        (r, c) for r in range(ROWS) for c in range(COLS)
        if maze.tiles[r, c] and near(board.cell(done, r, c), path, 30).mean() > 0.3
    }
    assert len(painted & route) >= 0.8 * len(route), f"path tiles missing: {sorted(route - painted)}"
    assert painted - route - {(1, 1), maze.goal} == set(), "tiles off the route painted as path"

    game.key("h")
    time.sleep(0.5)
    hidden = game.settle("hint-hidden")
    assert changed_mask(board.maze_area(before), board.maze_area(hidden)).mean() < 0.01, (
        "H again did not hide the overlay"
    )


def test_window_is_titled_migong_and_carries_the_game_icon(game: GameWindow) -> None:
    import pygame

    from game.resources import asset_path

    assert game.x.run("xdotool", "getwindowname", game.window).strip().startswith("Migong")
    icon = pygame.image.load(str(asset_path("icon.png")))
    prop = game.x.run("xprop", "-id", game.window, "_NET_WM_ICON")
    sizes = {(int(w), int(h)) for w, h in re.findall(r"Icon \((\d+) x (\d+)\)", prop)}
    assert icon.get_size() in sizes, f"no {icon.get_size()} window icon: {prop[:200]}"


def test_the_window_class_is_migong_so_the_desktop_entry_matches_it(
        xserver: XServer, tmp_path: Path, shots_dir: Path) -> None:
    # SDL names the class after argv[0] ("__main__.py" under python -m game) unless told;
    # the game tells it before anything starts SDL's video, the display check included.
    game = start_game(xserver, ARGS, tmp_path, shots_dir, wm_class=None)
    try:
        game.find_window()
        assert game.x.run("xprop", "-id", game.window, "WM_CLASS").split("=")[1].split(",")[0] \
            .strip() == '"migong"'
    finally:
        stop(game.proc)


#: A corridor of nine tiles straight to the right of the entrance, then a way to the exit.
CORRIDOR = """\
###########
S.........#
#########.#
#.........#
#.#########
#.........E
###########
"""


def test_three_quick_taps_walk_three_tiles(launch_game: Callable[..., GameWindow],
                                           tmp_path: Path) -> None:
    # A tap lasts 10 ms and the next one comes 40 ms after it began: all three come
    # while the first step (1/8 s) is still under way, and each one is a tile.
    from game.maze.formats import load_maze

    (tmp_path / "corridor.txt").write_text(CORRIDOR)
    maze = load_maze(str(tmp_path / "corridor.txt"))
    assert maze.start == (1, 0) and all(maze.walkable((1, c)) for c in range(1, 10))
    game = launch_game("play", "corridor.txt")
    game.find_window()
    game.focus()
    deadline = time.monotonic() + 30
    while near(game.screenshot("waiting"), WALL, 2).sum() < 1000:
        assert time.monotonic() < deadline, f"the maze never appeared:\n{game.output()}"
        time.sleep(0.3)
    before = game.settle("corridor")
    board = Board(before, maze)

    tap = ["keydown", "--delay", "0", "Right", "sleep", "0.01", "keyup", "--delay", "0", "Right"]
    game.x.run("xdotool", *tap, "sleep", "0.03", *tap, "sleep", "0.03", *tap)
    time.sleep(0.8)
    after = game.settle("after-three-taps")

    def changed(col: int) -> float:
        """Return the share of tile (1, col) that looks different after the taps."""
        return float(changed_mask(board.cell(before, 1, col), board.cell(after, 1, col)).mean())

    # the player's orb covers most of its tile; walked tiles keep only a small crumb
    # (the entrance, left behind, changes as much: it is not counted)
    covered = {col: changed(col) for col in range(1, 8)}
    assert max(covered, key=covered.__getitem__) == 3, f"share of each tile changed: {covered}"
    assert covered[4] < 0.05, f"the player went past tile 3: {covered}"
