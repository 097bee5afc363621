"""Benchmark reading the worst-case maze files: time and peak memory, before and after.

Run it as a script (it is not a timed test)::

    python tests/benchmarks/bench_formats.py                       # this checkout
    python tests/benchmarks/bench_formats.py --baseline /tmp/old   # beside another checkout
    python tests/benchmarks/bench_formats.py --only ragged --timeout 30

It writes each worst-case file of issue 7 (every one at most the 16 MiB cap) to a temporary
directory, then, for each checkout, runs one fresh process per file, started in that
checkout, that loads it with ``load_maze`` (or runs the whole ``solve FILE --json`` command
for the ``solve`` rows) and prints the wall-clock seconds of the process, its peak resident
memory (VmHWM, MB) and the answer: the maze's size, the start of the error, or the size of
the JSON printed.  A process that takes longer than ``--timeout`` seconds is stopped and
shown as ``>T s``.  The target: every file answered in a few seconds and a few hundred MB.
(A baseline checkout is made with e.g. ``git archive main game | tar -x -C /tmp/old``.)
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

#: Code every child runs first: at exit it writes its peak resident memory on stderr
#: (VmHWM, Linux; the fork it came from is not counted, as ru_maxrss would count it).
PEAK = """
import atexit, os, resource
def _peak():
    try:
        with open("/proc/self/status") as status:
            kb = next(int(l.split()[1]) for l in status if l.startswith("VmHWM:"))
    except OSError:
        kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    os.write(2, f"\\nPEAK_KB {kb}\\n".encode())
atexit.register(_peak)
"""
#: The child that loads one file and reports seconds and the answer on stdout.
LOAD = PEAK + """
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
#: The child that runs ``migong solve FILE --json``.
SOLVE = PEAK + """
import runpy, sys
sys.argv = ["migong", "solve", sys.argv[1], "--json"]
runpy.run_module("game", run_name="__main__")
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


def run_child(code: str, path: Path, root: Path, timeout: float) -> tuple[float, float, str, int]:
    """Run ``code`` on ``path`` in a child started in ``root``.

    Return the wall seconds, the child's peak memory in MB, the start of its output
    (stdout, then stderr) and the size of its stdout in bytes.
    """
    env = dict(os.environ, PYTHONPATH=str(root), PYGAME_HIDE_SUPPORT_PROMPT="1")
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-c", code, str(path)], stdout=out,
                                stderr=err, env=env, cwd=root)
        timer = threading.Timer(timeout, proc.kill)
        timer.start()
        proc.wait()
        seconds = time.perf_counter() - start
        timer.cancel()
        size = out.tell()
        out.seek(0)
        err.seek(0)
        head = out.read(200).decode(errors="replace")
        errors = err.read().decode(errors="replace")
    peak = [int(line.split()[1]) for line in errors.splitlines() if line.startswith("PEAK_KB")]
    errors = "\n".join(line for line in errors.splitlines() if line.strip() and
                        not line.startswith("PEAK_KB"))
    if proc.returncode < 0:
        return seconds, float("nan"), f"killed after {timeout:.0f} s", size
    return seconds, peak[0] / 1024 if peak else float("nan"), head + errors, size


def measure(path: Path, root: Path, timeout: float, whole_command: bool) -> str:
    """Return one result cell: load time, peak MB and the answer (or the solve figures)."""
    seconds, peak, out, size = run_child(SOLVE if whole_command else LOAD, path, root, timeout)
    if whole_command and out.startswith("{"):
        answer = f"json {size / MIB:.1f} MiB"
    elif "|" in out:
        answer = out.strip().split("|", 1)[1]
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
    print("peak MB = the child's peak resident memory (python + numpy alone: about 35 MB)")
    with tempfile.TemporaryDirectory(prefix="migong-bench-") as tmp:
        for name, (build, with_solve) in CASES.items():
            if args.only not in name:
                continue
            path = Path(tmp) / "maze.txt"
            data = build().encode("utf-8")
            assert len(data) <= CAP, (name, len(data))
            path.write_bytes(data)
            print(f"\n{name} ({len(data) / MIB:.1f} MiB)")
            del data
            for label, root in roots:
                print(f"  {label:8} load     {measure(path, root, args.timeout, False)}",
                      flush=True)
                if with_solve:
                    print(f"  {label:8} solve    {measure(path, root, args.timeout, True)}",
                          flush=True)


if __name__ == "__main__":
    main()
