"""Speed at the limits (issue 7, section 7): generators, solvers and whole commands.

    python tests/benchmarks/bench_speed.py                    # this worktree
    python tests/benchmarks/bench_speed.py --base 0654039     # before/after, side by side
    python tests/benchmarks/bench_speed.py --only commands --rounds 5
    python tests/benchmarks/bench_speed.py --base 5e992ae --only generators --generators dig,prim

Every figure comes from a child process importing ``game`` from this worktree (``now``)
or from the ``--base`` commit's ``game/``, extracted with ``git archive`` (``before``);
the two run in turns, so both see the same machine load.

- generators: each at 2001x2001 and 4001x4001 (and dig with rank 3), best and median of
  ``--repeat`` runs, one process each, before and now in turns; peak memory from a fresh
  process per figure: the process's peak RSS (interpreter and numpy included), and apart
  from it tracemalloc's peak during the call (numpy's buffers count).  Also the level the
  frame benchmark starts at 2001.
- solvers: ``solve()`` of each solver on a 2001x2001 prim maze, best and median of
  ``--repeat``, in turns likewise.
- commands: whole ``python -m game generate -a NAME --size 1501x1501 -o FILE`` processes
  against the yardstick (plain_generators.py, the same job in plain pure Python), best
  of ``--rounds``; and what ``generate`` imports (``python -X importtime``).  Our
  commands read compiled bytecode from a cache, as an installed game does; ``now`` is
  also timed compiling all of ``game`` on every start (PYTHONDONTWRITEBYTECODE).

With ``--instructions`` it also counts, under valgrind's callgrind, the instructions each
generator and solver run takes at ``--steps-size``: a figure the machine's load cannot
blur, for before/after ratios on a shared machine.

Targets: every generator at most 0.5 s at 2001 (division faster than the plain one) and
2 s / 250 MB at 4001; bfs at most 0.3 s, stack at most 0.4 s, dfs no slower than before;
each whole command at most half the yardstick's time.

Those targets were set beside figures the issue measured on 0654039's code on a quieter,
faster machine (:data:`ISSUE_BEFORE`).  With ``--base 0654039`` (or ``5e992ae``, whose
generators and solvers are the same) each row also gives the target scaled by how much
slower the before code runs here than it did there ("here x1.9: ok"): the fair verdict
on a slower or busier machine.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Optional

SCRIPT = Path(__file__).resolve()
ROOT = SCRIPT.parents[2]
PLAIN = SCRIPT.parent / "plain_generators.py"
GENERATORS = ["backtracker", "prim", "division", "dig"]
SOLVERS = ["bfs", "dfs", "stack"]

#: (label, generator, size, options) timed and measured by the generator section.
GENERATOR_RUNS: list[tuple[str, str, int, dict[str, Any]]] = [
    *[(name, name, 2001, {}) for name in GENERATORS],
    ("dig rank 3", "dig", 2001, {"rank": 3}),
    ("level start (bench_frames)", "backtracker", 2001, {"seed": 7, "loops": 0.05}),
    *[(name, name, 4001, {}) for name in GENERATORS],
    ("dig rank 3", "dig", 4001, {"rank": 3}),
]
TARGET_SECONDS = {2001: 0.5, 4001: 2.0}
TARGET_MB = {4001: 250.0}
TARGET_SOLVE = {"bfs": 0.3, "stack": 0.4}
#: The issue's own figures for the before code (0654039), in seconds, by (run, size).
ISSUE_BEFORE = {
    ("backtracker", 2001): 0.35, ("prim", 2001): 0.51, ("division", 2001): 0.19,
    ("dig", 2001): 0.68, ("backtracker", 4001): 1.8, ("prim", 4001): 2.5,
    ("division", 4001): 0.9, ("dig", 4001): 3.0, ("dig rank 3", 4001): 4.4,
    ("bfs", 2001): 0.43, ("dfs", 2001): 0.22, ("stack", 2001): 0.55,
}


# --- what runs in a child process -------------------------------------------------------


def _generate(name: str, size: int, options: dict[str, Any]) -> Any:
    """Generate one maze with the registry's ``generate``."""
    from game.maze.generators import generate

    opts = {"seed": 1, **options}
    return generate(name, rows=size, cols=size, **opts)


def worker(task: str, spec: dict[str, Any]) -> dict[str, Any]:
    """Run one measurement and return its figures."""
    import gc
    import resource

    if task == "time":
        times = []
        for _ in range(spec["repeat"]):
            gc.collect()
            began = time.perf_counter()
            _generate(spec["name"], spec["size"], spec["options"])
            times.append(time.perf_counter() - began)
        return {"times": times}
    if task == "rss":
        _generate(spec["name"], spec["size"], spec["options"])
        return {"rss": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024}  # Linux: KiB
    if task == "traced":
        import tracemalloc

        tracemalloc.start()
        _generate(spec["name"], spec["size"], spec["options"])
        return {"traced": tracemalloc.get_traced_memory()[1]}
    if task == "steps":  # run once (or only import, for the baseline) under callgrind
        from game.maze.generators import generate
        from game.maze.solvers import solve

        if spec["name"] in SOLVERS:
            maze = generate("prim", rows=spec["size"], cols=spec["size"], seed=1)
            if spec["run"]:
                solve(maze, spec["name"])
        elif spec["run"]:
            _generate(spec["name"], spec["size"], spec["options"])
        return {}
    if task == "solve":
        from game.maze.solvers import solve

        maze = _generate("prim", spec["size"], {})
        out = {}
        for solver in SOLVERS:
            times = []
            for _ in range(spec["repeat"]):
                gc.collect()
                began = time.perf_counter()
                solution = solve(maze, solver)
                times.append(time.perf_counter() - began)
            out[solver] = {"times": times, "visited": solution.visited}
        return out
    raise ValueError(task)


# --- the parent ---------------------------------------------------------------------------


def measure(root: Path, task: str, spec: dict[str, Any]) -> dict[str, Any]:
    """Run one measurement in a child process importing ``game`` from ``root``."""
    from tests.benchmarks.measure import run_worker

    out = run_worker(SCRIPT, root, [task, json.dumps(spec)])
    result: dict[str, Any] = json.loads(out.splitlines()[-1])
    return result


def process_env(cwd: Path, pycache: Optional[Path] = None) -> dict[str, str]:
    """Return the environment of a child process importing ``game`` from ``cwd``.

    With ``pycache`` the child keeps its compiled bytecode there and reads it back next
    time, as an installed game does (pip compiles it at install time; Python writes it on
    a first run).  Without, it obeys this machine's PYTHONDONTWRITEBYTECODE, if set, and
    compiles every module of ``game`` on every start.
    """
    env = dict(os.environ, PYTHONPATH=str(cwd))
    if pycache is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(pycache)
    return env


def timed_process(command: list[str], cwd: Path, pycache: Optional[Path] = None) -> float:
    """Return the wall time of one whole process."""
    began = time.perf_counter()
    subprocess.run(command, cwd=str(cwd), env=process_env(cwd, pycache), check=True,
                   stdout=subprocess.DEVNULL)
    return time.perf_counter() - began


def import_ms(
    root: Path, out: Path, pycache: Optional[Path] = None
) -> tuple[float, list[tuple[float, str]]]:
    """Return the import time of a small ``generate`` command and its heaviest game modules."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "game", "generate", "-a", "backtracker",
         "--size", "3x3", "--seed", "1", "-o", str(out)],
        cwd=str(root), env=process_env(root, pycache), capture_output=True,
        text=True, check=True,
    )
    rows = []
    for line in done.stderr.splitlines():
        if line.startswith("import time:") and "cumulative" not in line:
            _self, cumulative, name = line[len("import time:"):].split("|")
            rows.append((int(cumulative) / 1000, name.rstrip()))
    total = sum(ms for ms, name in rows if not name.startswith("  "))
    mine = sorted(((ms, name.strip()) for ms, name in rows
                   if name.strip().startswith(("game", "numpy")) and name.count("  ") <= 1),
                  reverse=True)
    return total, mine


def verdict(ok: Optional[bool]) -> str:
    """Return a short verdict for a target (blank without one)."""
    return "" if ok is None else ("ok" if ok else "MISSED")


def scaled(label: str, size: int, target: float, now: float, before: float) -> str:
    """Return the verdict on ``target`` scaled by this machine against the issue's (or "")."""
    issue = ISSUE_BEFORE.get((label, size))
    if issue is None:
        return ""
    slower = before / issue
    return f"here x{slower:.1f}: {verdict(now <= target * slower)}"


def main(argv: Optional[list[str]] = None) -> int:
    """Measure and print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", help="also measure this commit's game/ (before)")
    parser.add_argument("--only", default="all",
                        choices=("all", "generators", "solvers", "commands", "instructions"))
    parser.add_argument("--repeat", type=int, default=5, help="runs per timing")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of whole commands")
    parser.add_argument("--size", type=int, default=1501, help="side of the whole commands")
    parser.add_argument("--skip-4001", action="store_true", help="leave out the 4001 runs")
    parser.add_argument("--generators", default=",".join(GENERATORS),
                        help="comma-separated generators whose runs to time (default: all)")
    parser.add_argument("--instructions", action="store_true",
                        help="also count instructions under valgrind (minutes; load-proof)")
    parser.add_argument("--steps-size", type=int, default=501,
                        help="side of the mazes whose instructions are counted")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))  # the parent only: a worker imports ``game`` from its root
    from tests.benchmarks.measure import extract_game

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load average {load:.2f}")
    with tempfile.TemporaryDirectory(prefix="migong-speed-") as tmp:
        roots = {"now": ROOT}
        if args.base:
            base = Path(tmp) / "base"
            extract_game(args.base, ROOT, base)
            roots = {"before": base, "now": ROOT}
            print(f"before = {args.base}, now = this worktree")
        if args.only in ("all", "generators"):
            generator_table(roots, args)
        if args.only in ("all", "solvers"):
            solver_table(roots, args)
        if args.only in ("all", "commands"):
            command_table(roots, args, Path(tmp))
        if args.instructions or args.only == "instructions":
            instruction_table(roots, args)
    return 0


def generator_table(roots: dict[str, Path], args: argparse.Namespace) -> None:
    """Time and measure every generator run; print a row per run and root."""
    print(f"\ngenerators: best and median of {args.repeat} runs (s), the roots in turns; peak"
          " RSS of the whole process and tracemalloc peak of the call (MB)")
    print(f"{'run':<28}{'size':>6}  {'root':<7}{'best s':>8}{'median s':>9}{'RSS MB':>8}"
          f"{'traced MB':>10}  targets (on the best: load only ever adds time)")
    for label, name, size, options in GENERATOR_RUNS:
        if (size > 2001 and args.skip_4001) or name not in args.generators.split(","):
            continue
        spec = {"name": name, "size": size, "options": options, "repeat": 1}
        times: dict[str, list[float]] = {key: [] for key in roots}
        for _ in range(args.repeat):
            for key, root in roots.items():
                times[key] += measure(root, "time", spec)["times"]
        for key, root in roots.items():
            seconds, median = min(times[key]), statistics.median(times[key])
            # Apart: tracemalloc's own records of millions of small objects would count in RSS.
            rss = measure(root, "rss", spec)["rss"] / 1e6
            traced = measure(root, "traced", spec)["traced"] / 1e6
            notes = []
            if key == "now" and size in TARGET_SECONDS and not label.startswith("level"):
                target = TARGET_SECONDS[size]
                notes.append(f"<= {target:g} s {verdict(seconds <= target)}")
                if "before" in roots:
                    notes.append(scaled(label, size, target, seconds, min(times["before"])))
            if key == "now" and size in TARGET_MB:
                notes.append(f"<= {TARGET_MB[size]:g} MB {verdict(rss <= TARGET_MB[size])}")
            print(f"{label:<28}{size:>6}  {key:<7}{seconds:>8.3f}{median:>9.3f}{rss:>8.0f}"
                  f"{traced:>10.0f}  {', '.join(note for note in notes if note)}", flush=True)


def solver_table(roots: dict[str, Path], args: argparse.Namespace) -> None:
    """Time solve() of every solver on a 2001x2001 prim maze; print a row per solver and root."""
    print(f"\nsolvers: solve() on a 2001x2001 prim maze (seed 1), best and median of"
          f" {args.repeat} runs (s), the roots in turns")
    times: dict[tuple[str, str], list[float]] = {}
    visited: dict[str, int] = {}
    for _ in range(args.repeat):
        for key, root in roots.items():
            for solver, result in measure(root, "solve", {"size": 2001, "repeat": 1}).items():
                times.setdefault((key, solver), []).extend(result["times"])
                visited[solver] = result["visited"]
    for solver in SOLVERS:
        for key in roots:
            seconds = min(times[(key, solver)])
            median = statistics.median(times[(key, solver)])
            note = ""
            if key == "now" and solver in TARGET_SOLVE:
                target = TARGET_SOLVE[solver]
                note = f"<= {target:g} s {verdict(seconds <= target)}"
                if "before" in roots:
                    before = min(times[("before", solver)])
                    note += ", " + scaled(solver, 2001, target, seconds, before)
            elif key == "now" and "before" in roots:
                before = min(times[("before", solver)])
                note = f"no slower than before {verdict(seconds <= before)}"
            print(f"{solver:<8}{key:<7}{seconds:>8.3f}{median:>8.3f}  visited {visited[solver]}"
                  f"  {note}", flush=True)


def instructions(root: Path, spec: dict[str, Any]) -> int:
    """Return the instructions one run takes in a child process under valgrind's callgrind."""
    code = (f"import runpy, sys; sys.argv = {[str(SCRIPT), 'steps', json.dumps(spec)]!r}; "
            f"runpy.run_path({str(SCRIPT)!r}, run_name='worker')")
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
         os.path.realpath(sys.executable), "-c", code],
        cwd=str(root), env=dict(os.environ, PYTHONPATH=str(root)), capture_output=True,
        text=True, check=True,
    )
    match = re.search(r"Collected : (\d+)", done.stderr)
    if not match:
        raise SystemExit(f"no instruction count from callgrind:\n{done.stderr}")
    return int(match.group(1))


def instruction_table(roots: dict[str, Path], args: argparse.Namespace) -> None:
    """Count the instructions of each generator and solver run; print them and the ratio."""
    size = args.steps_size
    print(f"\ninstructions (valgrind callgrind, millions; the run minus an import-only run):"
          f" {size}x{size}, solvers on a prim maze; the machine's load does not change them")
    print(f"{'run':<14}" + "".join(f"{key:>10}" for key in roots) + "  now/before")
    runs = [(name, name, {}) for name in GENERATORS] + [("dig rank 3", "dig", {"rank": 3})]
    runs += [(name, name, {}) for name in SOLVERS]
    for label, name, options in runs:
        counts = {}
        for key, root in roots.items():
            spec = {"name": name, "size": size, "options": options}
            counts[key] = (instructions(root, {**spec, "run": True})
                           - instructions(root, {**spec, "run": False})) / 1e6
        ratio = f"{counts['now'] / counts['before']:.2f}" if "before" in counts else ""
        print(f"{label:<14}" + "".join(f"{counts[key]:>10.0f}" for key in roots) + f"  {ratio}",
              flush=True)


def command_table(roots: dict[str, Path], args: argparse.Namespace, tmp: Path) -> None:
    """Time whole generate commands beside the yardstick, in turns; print bests and ratios.

    Each root's commands read compiled bytecode from a cache of their own, warmed by one
    untimed run, as an installed game's do.  ``now`` is also timed compiling every module
    on every start, as this machine does when PYTHONDONTWRITEBYTECODE is set.  The
    yardstick is one small script, compiled on every run either way (a few ms).
    """
    size = args.size
    out = tmp / "maze.txt"
    caches = {key: tmp / f"pycache-{key}" for key in roots}
    for key, root in roots.items():  # warm each cache
        timed_process([sys.executable, "-m", "game", "generate", "-a", "prim", "--size",
                       "5x5", "-o", str(out)], root, caches[key])
    runs = [(key, root, caches[key]) for key, root in roots.items()]
    runs.append(("now, compiling", ROOT, None))
    times: dict[tuple[str, str], list[float]] = {}
    for round_ in range(args.rounds):
        for name in GENERATORS:
            seed = str(round_ + 1)
            for key, root, cache in runs:
                command = [sys.executable, "-m", "game", "generate", "-a", name,
                           "--size", f"{size}x{size}", "--seed", seed, "-o", str(out)]
                times.setdefault((key, name), []).append(timed_process(command, root, cache))
            command = [sys.executable, str(PLAIN), name, str(size), str(size), seed, str(out)]
            times.setdefault(("plain", name), []).append(timed_process(command, ROOT))
    print(f"\nwhole commands: python -m game generate -a NAME --size {size}x{size} -o FILE,"
          f" best of {args.rounds} rounds (s), against plain_generators.py; bytecode cached"
          f" as installed, and 'now, compiling' without a bytecode cache")
    keys = [key for key, _root, _cache in runs]
    print(f"{'generator':<13}{'plain':>7}"
          + "".join(f"{key:>{max(9, len(key) + 2)}}{'ratio':>7}" for key in keys)
          + "  target: ratio <= 0.5")
    for name in GENERATORS:
        plain = min(times[("plain", name)])
        row = f"{name:<13}{plain:>7.2f}"
        for key in keys:
            ours = min(times[(key, name)])
            row += f"{ours:>{max(9, len(key) + 2)}.2f}{ours / plain:>7.2f}"
        ratio = min(times[("now", name)]) / plain
        print(f"{row}  {verdict(ratio <= 0.5)}", flush=True)
    for key, root, cache in runs:
        total, heaviest = import_ms(root, out, cache)
        shown = ", ".join(f"{name} {ms:.0f}" for ms, name in heaviest[:6])
        print(f"imports of 'generate' ({key}): {total:.0f} ms in all; {shown} (ms, cumulative)")
    start = [timed_process([sys.executable, "-c", "pass"], ROOT) for _ in range(5)]
    numpy = [timed_process([sys.executable, "-c", "import numpy"], ROOT) for _ in range(5)]
    print(f"for scale: 'python -c pass' {statistics.median(start):.3f} s, "
          f"'python -c \"import numpy\"' {statistics.median(numpy):.3f} s (medians of 5)")

if __name__ == "__main__":
    raise SystemExit(main())
elif __name__ == "worker":
    print(json.dumps(worker(sys.argv[1], json.loads(sys.argv[2]))))
