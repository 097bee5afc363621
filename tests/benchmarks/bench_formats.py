"""Benchmark reading the worst-case maze files: time and peak memory, before and after.

Run it as a script (it is not a timed test)::

    python tests/benchmarks/bench_formats.py                       # this checkout
    python tests/benchmarks/bench_formats.py --baseline /tmp/old   # beside another checkout
    python tests/benchmarks/bench_formats.py --only ragged --timeout 30

It writes each worst-case file of issue 7 (every one at most the 16 MiB cap) to a temporary
directory, then, for each checkout, runs one fresh process per file that loads it with
``load_maze`` (or runs the whole ``solve FILE --json`` command for the ``solve:`` rows) and
prints the wall-clock seconds, the process's peak resident memory (MB) and the answer: the
maze's size or the start of the error.  A process that takes longer than ``--timeout``
seconds is stopped and shown as ``>T s``.  The target: every file answered in a few seconds
and a few hundred MB.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Callable, Optional

ROOT = Path(__file__).resolve().parents[2]
MIB = 1024 * 1024
CAP = 16 * MIB  # game.maze.formats.MAX_FILE_BYTES

#: The child that loads one file and reports seconds and the answer on stdout.
LOAD = """
import sys, time
from game.maze.formats import MazeFormatError, load_maze
t = time.perf_counter()
try:
    maze = load_maze(sys.argv[1])
    answer = f"maze {maze.rows}x{maze.cols}"
except MazeFormatError as exc:
    answer = "error " + str(exc).split(": ", 1)[1][:60]
print(f"{time.perf_counter() - t:.3f}|{answer}")
"""


def _square(side: int, wall: str, floor: str, sep: str = "") -> str:
    """Return a side x side maze: walls on even rows and columns, floor elsewhere."""
    rows = []
    for r in range(side):
        tiles = [wall if r % 2 == 0 or c % 2 == 0 else floor for c in range(side)]
        rows.append(sep.join(tiles))
    return "\n".join(rows) + "\n"


def _side_for(bytes_per_tile: float) -> int:
    """Return the largest odd side whose square maze fits under the cap."""
    side = int((CAP / bytes_per_tile) ** 0.5) - 2
    return side if side % 2 else side - 1


def _ragged(size: int) -> str:
    """Return short rows, then rows of growing width: the quadratic ragged-rows check."""
    short = "#\n" * (size // 4)
    grow, total, width = [], 0, 2
    while total + width + 1 <= size // 2:
        grow.append("#" * width)
        total += width + 1
        width += 1
    return short + "\n".join(grow) + "\n"


def _ragged_widths() -> str:
    """Return MAX_SIDE rows whose widths all differ: the most kinds of width a file can hold."""
    return "\n".join("#" * width for width in range(4001, 0, -1)) + "\n"


def _serpentine(side: int) -> str:
    """Return a side x side maze whose only path snakes through every other row."""
    rows = ["S" + "." * (side - 1)]
    for r in range(1, side - 1):
        if r % 2:
            gap = side - 1 if r % 4 == 1 else 0
            rows.append("".join("." if c == gap else "#" for c in range(side)))
        else:
            rows.append("." * side)
    rows.append("." * (side - 1) + "E" if side % 4 == 1 else "E" + "." * (side - 1))
    return "\n".join(rows) + "\n"


def _x_line(size: int) -> str:
    """Return one line of ``X `` pairs: the per-X ``rfind`` of the old X parser."""
    return "X " * (size // 2 - 1) + "\n"


#: name -> (builder of the file's text, run the whole solve --json command too)
CASES: dict[str, tuple[Callable[[], str], bool]] = {
    "ragged 4 MiB": (lambda: _ragged(4 * MIB), False),
    "ragged 16 MiB": (lambda: _ragged(CAP - 64), False),
    "ragged 4001 widths": (_ragged_widths, False),
    "X line 3.2 MB": (lambda: _x_line(3_200_000), False),
    "X line 16 MiB": (lambda: _x_line(CAP - 64), False),
    "X pairs 16 MiB": (lambda: _square(_side_for(2), "X ", "  "), True),
    "X java 16 MiB": (lambda: _square(_side_for(1.75), "X ", " "), False),
    "digits, 16 MiB": (lambda: _square(_side_for(2), "0", "1", ","), True),
    "wide 16 MiB": (lambda: _square(_side_for(3), "墙", "  "), False),
    "ours 16 MiB": (lambda: _square(4001, "#", "."), True),
    "serpentine 4001": (lambda: _serpentine(4001), True),
    "one row 16 MiB": (lambda: "S" + "." * (CAP - 3) + "E", True),
    "short rows 16 MiB": (lambda: "#.\n" * (CAP // 3 - 1), False),
}


def run_child(argv: list[str], pythonpath: Path, timeout: float) -> tuple[float, float, str]:
    """Run a child process; return (wall seconds, its peak RSS in MB, stdout + stderr)."""
    env = dict(os.environ, PYTHONPATH=str(pythonpath), PYGAME_HIDE_SUPPORT_PROMPT="1")
    with tempfile.TemporaryFile() as out:
        start = time.perf_counter()
        proc = subprocess.Popen(argv, stdout=out, stderr=subprocess.STDOUT, env=env)
        timer = threading.Timer(timeout, proc.kill)
        timer.start()
        # wait4, not proc.wait(): it reports this child's own peak memory.
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        seconds = time.perf_counter() - start
        timer.cancel()
        out.seek(0)
        text = out.read().decode(errors="replace")
    if proc.returncode < 0:
        text = f"killed after {timeout:.0f} s"
    return seconds, usage.ru_maxrss / 1024, text


def measure(path: Path, root: Path, timeout: float, whole_command: bool) -> str:
    """Return one result cell: load time, peak MB and the answer (or the solve figures)."""
    if whole_command:
        argv = [sys.executable, "-m", "game", "solve", str(path), "--json"]
        seconds, peak, out = run_child(argv, root, timeout)
        if out.startswith("{"):
            answer = f"json {len(out) / MIB:.1f} MiB"
        else:
            answer = out.strip()[:60]
    else:
        seconds, peak, out = run_child([sys.executable, "-c", LOAD, str(path)], root, timeout)
        if "|" in out:
            _, answer = out.strip().split("|", 1)
        else:
            answer = out.strip()[:60]
    shown = f">{timeout:.0f}" if seconds >= timeout else f"{seconds:6.2f}"
    return f"{shown} s {peak:6.0f} MB  {answer}"


def main(argv: Optional[list[str]] = None) -> None:
    """Write the worst-case files, load each under every checkout and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", type=Path, help="another checkout to compare with")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per process")
    parser.add_argument("--only", default="", help="run only cases whose name contains this")
    args = parser.parse_args(argv)
    roots = [("this", ROOT)]
    if args.baseline is not None:
        roots.insert(0, ("baseline", args.baseline.resolve()))
    print("peak MB = the process's peak resident memory (python + numpy start at ~35 MB)")
    with tempfile.TemporaryDirectory(prefix="migong-bench-") as tmp:
        for name, (build, with_solve) in CASES.items():
            if args.only not in name:
                continue
            path = Path(tmp) / "maze.txt"
            data = build().encode("utf-8")
            assert len(data) <= CAP, (name, len(data))
            path.write_bytes(data)
            print(f"\n{name} ({len(data) / MIB:.1f} MiB)")
            for label, root in roots:
                print(f"  {label:8} load     {measure(path, root, args.timeout, False)}",
                      flush=True)
                if with_solve:
                    print(f"  {label:8} solve    {measure(path, root, args.timeout, True)}",
                          flush=True)


if __name__ == "__main__":
    main()
