"""Run the hostile-input families at length and print how each input came out.

Run it as a script from the repository root (the suite runs a few dozen of each)::

    python tests/fuzz/run.py                      # 500 inputs of every family
    python tests/fuzz/run.py --count 5000 --seed 7
    python tests/fuzz/run.py --only save --count 2000

For every family it prints the count of each outcome ("maze", "error: ragged rows",
"kept aside", "exit 2: --size must be ROWSxCOLS"...) and the slowest input's time.  An
input that breaks a promise (a traceback, an error without its place, a save the game
cannot start with) is written to ``--keep DIR`` and reported; the exit code is then 1.
"""

from __future__ import annotations

import argparse
import logging
import random
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.fuzz.families import (  # noqa: E402
    MAZE_FAMILIES,
    ODD_SAVE_PATHS,
    SAVE_FAMILIES,
    command_line,
    judge_command_line,
    judge_maze,
    judge_save,
    judge_save_path,
)

SMALL = "#####\nS...#\n###.#\n#...E\n#####\n"


Make = Callable[[random.Random], bytes]
Judge = Callable[[bytes], str]


def run_family(name: str, count: int, rng: random.Random, make: Make, judge: Judge,
               keep: Path) -> int:
    """Judge ``count`` inputs of a family; print the outcomes; return how many broke one."""
    outcomes: Counter[str] = Counter()
    slowest, failures = 0.0, 0
    for i in range(count):
        data = make(rng)
        start = time.perf_counter()
        try:
            outcome = judge(data)
        except Exception:  # noqa: BLE001 - a broken promise, reported with its input
            failures += 1
            outcome = "BROKEN"
            keep.mkdir(parents=True, exist_ok=True)
            saved = keep / f"{name.replace(' ', '_').replace(',', '').replace(':', '')}-{i}.bin"
            saved.write_bytes(data)
            print(f"  BROKEN ({saved}):\n" + traceback.format_exc(limit=4), file=sys.stderr)
        slowest = max(slowest, time.perf_counter() - start)
        outcomes[outcome] += 1
    print(f"{name}: {count} inputs, slowest {slowest * 1000:.0f} ms")
    for outcome, n in outcomes.most_common():
        print(f"  {n:6d}  {outcome}")
    return failures


def main(argv: list[str] | None = None) -> int:
    """Run every family (or those named by --only); return 1 if any input broke a promise."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=500, help="inputs per family")
    parser.add_argument("--seed", default="migong", help="seed of the whole run")
    parser.add_argument("--only", default="", help="run families whose name has this")
    parser.add_argument("--keep", type=Path, default=Path("fuzz-failures"),
                        help="where inputs that broke a promise are written")
    args = parser.parse_args(argv)
    logging.getLogger("game").setLevel(logging.CRITICAL)  # kept-aside saves log a line each
    failures = 0
    with tempfile.TemporaryDirectory(prefix="migong-fuzz-") as tmp:
        work = Path(tmp)
        maze_file = work / "small.txt"
        maze_file.write_text(SMALL, encoding="utf-8")
        families: dict[str, tuple[Make, Judge]] = {}
        for name, make in MAZE_FAMILIES.items():
            families[f"maze file: {name}"] = (make, judge_maze)
        for name, make in SAVE_FAMILIES.items():
            families[f"save: {name}"] = (make, lambda data: judge_save(data, work))
        # A command line travels as its arguments joined by NUL, so it can be kept as bytes.
        families["command line"] = (
            lambda rng: "\0".join(command_line(rng, maze_file)).encode(),
            lambda data: judge_command_line(data.decode().split("\0"), SMALL),
        )
        for name, (make, judge) in families.items():
            if args.only in name:
                rng = random.Random(f"{args.seed} {name}")
                failures += run_family(name, args.count, rng, make, judge, args.keep)
        if args.only in "save path":
            print("save path:")
            for kind in ODD_SAVE_PATHS:
                with tempfile.TemporaryDirectory(dir=work) as place:
                    print(f"  {kind}: {judge_save_path(kind, Path(place))}")
    print(f"\n{failures} input(s) broke a promise" if failures else "\nno input broke a promise")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
