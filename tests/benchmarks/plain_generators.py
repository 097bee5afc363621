"""The yardstick: a plain pure-Python version of each generator, writing our text format.

    python tests/benchmarks/plain_generators.py ALGORITHM ROWS COLS SEED OUT

Each generator is the straightforward way to write the algorithm: one flat ``bytearray``
of tiles (wall 0, floor 1), the standard library's ``random`` (``random()`` scaled to pick
an index), no numpy and no tricks.  They make mazes of the same kind as ours, not the
same mazes.  bench_speed.py times a whole ``python -m game generate ... -o FILE`` process
against a whole process of this script, so start-up, imports, formatting and writing
count on both sides.
"""

from __future__ import annotations

import random
import sys
from itertools import permutations

WALL, FLOOR = 0, 1


def backtracker(rows: int, cols: int, rng: random.Random) -> bytearray:
    """Carve depth-first from the top-left cell, backtracking at dead ends."""
    tiles = bytearray(rows * cols)
    first = cols + 1
    tiles[first] = FLOOR
    stack = [first]
    while stack:
        cell = stack[-1]
        r, c = divmod(cell, cols)
        free = [
            step
            for step, inside in ((-2 * cols, r > 1), (2, c < cols - 2),
                                 (2 * cols, r < rows - 2), (-2, c > 1))
            if inside and not tiles[cell + step]
        ]
        if not free:
            stack.pop()
            continue
        step = free[int(rng.random() * len(free))]
        tiles[cell + step // 2] = FLOOR
        tiles[cell + step] = FLOOR
        stack.append(cell + step)
    return tiles


def prim(rows: int, cols: int, rng: random.Random) -> bytearray:
    """Grow from a random cell, opening a random wall of the frontier each time."""
    tiles = bytearray(rows * cols)
    walls: list[tuple[int, int]] = []  # (wall tile, cell behind it)

    def add(cell: int) -> None:
        tiles[cell] = FLOOR
        r, c = divmod(cell, cols)
        for step, inside in ((-2 * cols, r > 1), (2, c < cols - 2),
                             (2 * cols, r < rows - 2), (-2, c > 1)):
            if inside and not tiles[cell + step]:
                walls.append((cell + step // 2, cell + step))

    add((2 * int(rng.random() * (rows // 2)) + 1) * cols + 2 * int(rng.random() * (cols // 2)) + 1)
    while walls:
        i = int(rng.random() * len(walls))
        walls[i], walls[-1] = walls[-1], walls[i]
        wall, cell = walls.pop()
        if not tiles[cell]:
            tiles[wall] = FLOOR
            add(cell)
    return tiles


def division(rows: int, cols: int, rng: random.Random) -> bytearray:
    """Split chambers with a wall cross and three doorways, until they are one cell wide."""
    tiles = bytearray(rows * cols)
    for r in range(1, rows - 1):
        tiles[r * cols + 1 : r * cols + cols - 1] = b"\x01" * (cols - 2)
    chambers = [(1, 1, rows - 2, cols - 2)]  # corner cells, inclusive
    while chambers:
        r1, c1, r2, c2 = chambers.pop()
        if r2 - r1 < 2 or c2 - c1 < 2:
            continue
        rnd = rng.random
        wr = r1 + 1 + 2 * int(rnd() * ((r2 - r1) // 2))
        wc = c1 + 1 + 2 * int(rnd() * ((c2 - c1) // 2))
        tiles[wr * cols + c1 : wr * cols + c2 + 1] = bytes(c2 - c1 + 1)
        tiles[r1 * cols + wc : r2 * cols + wc + 1 : cols] = bytes(r2 - r1 + 1)
        doors = [
            wr * cols + c1 + 2 * int(rnd() * ((wc - c1 + 1) // 2)),
            (wr + 1 + 2 * int(rnd() * ((r2 - wr + 1) // 2))) * cols + wc,
            wr * cols + wc + 1 + 2 * int(rnd() * ((c2 - wc + 1) // 2)),
            (r1 + 2 * int(rnd() * ((wr - r1 + 1) // 2))) * cols + wc,
        ]
        del doors[int(rnd() * 4)]
        for door in doors:
            tiles[door] = FLOOR
        chambers += [(wr + 1, c1, r2, wc - 1), (wr + 1, wc + 1, r2, c2),
                     (r1, wc + 1, wr - 1, c2), (r1, c1, wr - 1, wc - 1)]
    return tiles


def dig(rows: int, cols: int, rng: random.Random) -> bytearray:
    """Dig depth-first one tile at a time; a tile is dug if it touches no other floor."""
    tiles = bytearray(rows * cols)
    orders = list(permutations([-cols, 1, cols, -1]))
    tiles[cols] = FLOOR  # the entrance
    pending = [cols + 1]
    while pending:
        tile = pending.pop()
        r, c = divmod(tile, cols)
        if tiles[tile] or not (0 < r < rows - 1 and 0 < c < cols - 1):
            continue
        if tiles[tile - cols] + tiles[tile + 1] + tiles[tile + cols] + tiles[tile - 1] > 1:
            continue
        tiles[tile] = FLOOR
        order = orders[int(rng.random() * 24)]  # a random order of the four directions
        pending += [tile + step for step in reversed(order)]
    tiles[(rows - 2) * cols + cols - 2] = FLOOR  # join the exit (the seed moves its exit)
    return tiles


GENERATORS = {"backtracker": backtracker, "prim": prim, "division": division, "dig": dig}


def write(tiles: bytearray, rows: int, cols: int, path: str) -> None:
    """Write the tiles as our text format: # wall, . floor, S entrance, E exit."""
    tiles[cols] = tiles[(rows - 1) * cols - 1] = FLOOR
    chars = tiles.translate(bytes.maketrans(b"\x00\x01", b"#."))
    chars[cols] = ord("S")
    chars[(rows - 1) * cols - 1] = ord("E")
    lines = [chars[r * cols : (r + 1) * cols] for r in range(rows)]
    with open(path, "wb") as out:
        out.write(b"\n".join(lines) + b"\n")


def main(argv: list[str]) -> int:
    """Generate one maze and write it to a file."""
    name, rows, cols, seed, path = argv
    tiles = GENERATORS[name](int(rows), int(cols), random.Random(int(seed)))
    write(tiles, int(rows), int(cols), path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
