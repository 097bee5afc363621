"""Cold start benchmark: launch to the first drawn frame, and what the imports cost.

    python tests/benchmarks/bench_startup.py                 # python -m game (+ dist/migong/migong if built)
    python tests/benchmarks/bench_startup.py --exe PATH      # a built executable elsewhere
    python tests/benchmarks/bench_startup.py --only exe --quiet   # just the executable's median (CI)
    python tests/benchmarks/bench_startup.py --bytecode compile   # compile ``game`` on every start

Each run is a fresh process started with MIGONG_EXIT_AFTER_FIRST_FRAME=1 under SDL's dummy
video and audio drivers: the game opens its title screen, draws and flips the first frame,
then exits 0.  The figure is the wall time from launch to that exit (median of --runs),
so it also holds the interpreter's and pygame's shutdown: an upper bound.

The floor is pygame-ce alone in the same interpreter: import it, open a window, flip once,
quit.  Floor and game launches alternate, so a busy machine slows both alike, and the
ratio of their medians is the figure to hold (issue 18: at most 2.5).

By default every child reads compiled bytecode from a cache of this run's own (warmed by
one launch that is not counted), as an installed game does: pip compiles at install time,
and a checkout writes ``__pycache__`` on its first run -- unless PYTHONDONTWRITEBYTECODE
is set, as it is on some machines, which would time compiling all of ``game`` instead.

Then the modules of a launch are counted when the first frame is on screen (``game``
modules, and whether numpy is among them), and ``python -X importtime`` shows the
heaviest imports of ``import game.cli`` and of a whole launch to the first frame.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Optional, Sequence

try:
    import resource
except ImportError:  # Windows: no CPU times
    resource = None  # type: ignore[assignment]

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_EXE = ROOT / "dist" / "migong" / ("migong.exe" if os.name == "nt" else "migong")
#: Run first in a measured Python child: the first ``display.flip()`` prints the wall-clock
#: time it returned at on stderr, so the figure can end at the first frame, not the exit.
FIRST_FLIP = (
    "import sys, time, pygame\n"
    "_flip = pygame.display.flip\n"
    "def _first_flip():\n"
    "    _flip()\n"
    "    if not getattr(_first_flip, 'seen', False):\n"
    "        _first_flip.seen = True\n"
    "        print(f'{FLIPPED} {time.time()!r}', file=sys.stderr, flush=True)\n"
    "pygame.display.flip = _first_flip\n"
)
FLIPPED = "bench_startup: first flip at"
#: pygame-ce alone: open a window as the game does, flip once, quit.
FLOOR = FIRST_FLIP.replace("{FLIPPED}", FLIPPED) + (
    "pygame.display.init(); pygame.display.set_mode((1280, 720), pygame.RESIZABLE); "
    "pygame.display.flip(); pygame.quit()\n")
#: ``python -m game`` with no arguments: the title screen.
GAME = FIRST_FLIP.replace("{FLIPPED}", FLIPPED) + (
    "from game.cli import main\nsys.exit(main([]))\n")
#: A launch to the first frame that then prints, as JSON, the modules it had imported.
MODULES = ("import json, sys; from game.cli import main; code = main([]); "
           "print(json.dumps({'code': code, 'modules': sorted(sys.modules)}))")
#: Where the children keep their compiled bytecode (None: as the environment says).
_pycache: Optional[Path] = None
#: The checkout whose ``game`` the children import (``--source``).
_source: Path = ROOT
#: The CPU seconds (user + system) of each command's measured launches.
cpu_times: dict[tuple[str, ...], list[float]] = {}
#: Launch to the first ``display.flip()`` returned, in seconds, of each command that says
#: (the Python children; an executable does not).
flip_times: dict[tuple[str, ...], list[float]] = {}


def headless_env(save_dir: Path) -> dict[str, str]:
    """Return the environment of one measured launch: dummy drivers, exit after frame one."""
    env = dict(os.environ)
    if _pycache is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(_pycache)
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        MIGONG_EXIT_AFTER_FIRST_FRAME="1",
        MIGONG_SAVE_PATH=str(save_dir / "save.json"),
    )
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(_source), env.get("PYTHONPATH")]))
    return env


def children_cpu() -> float:
    """Return the CPU seconds (user + system) the finished child processes used so far."""
    if resource is None:  # not on Windows
        return float("nan")
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def time_launch(command: Sequence[str], env: dict[str, str], cwd: str,
                timeout: float = 60.0) -> tuple[float, float, Optional[float]]:
    """Launch ``command`` once; return its wall and CPU time and its time to the first flip
    (None when it does not say), in seconds; exit if it fails."""
    cpu = children_cpu()
    launched = time.time()
    began = time.perf_counter()
    done = subprocess.run(
        list(command), env=env, cwd=cwd, capture_output=True, text=True, timeout=timeout
    )
    elapsed = time.perf_counter() - began
    cpu = children_cpu() - cpu
    if done.returncode != 0:
        raise SystemExit(
            f"bench_startup: {' '.join(command)} exited {done.returncode}:\n"
            f"{done.stdout}{done.stderr}"
        )
    flipped = [float(line.rsplit(" ", 1)[1]) for line in done.stderr.splitlines()
               if line.startswith(FLIPPED)]
    return elapsed, cpu, (flipped[0] - launched) if flipped else None


def time_first_frames(commands: Sequence[Sequence[str]], runs: int) -> list[list[float]]:
    """Launch each command ``runs`` times, taking turns; return each one's times in seconds.

    Each command is launched once first, uncounted: that warms the bytecode cache and the
    operating system's file cache alike.  The CPU times go to ``cpu_times`` (by command).
    """
    times: list[list[float]] = [[] for _ in commands]
    cpu_times.clear()
    flip_times.clear()
    with tempfile.TemporaryDirectory(prefix="migong-bench-") as tmp:
        env = headless_env(Path(tmp))
        for command in commands:
            time_launch(command, env, tmp)
        for _ in range(runs):
            for command, out in zip(commands, times):
                wall, cpu, flip = time_launch(command, env, tmp)
                out.append(wall)
                cpu_times.setdefault(tuple(command), []).append(cpu)
                if flip is not None:
                    flip_times.setdefault(tuple(command), []).append(flip)
    return times


def time_first_frame(command: Sequence[str], runs: int) -> list[float]:
    """Launch ``command`` ``runs`` times; return each launch-to-first-frame time in seconds."""
    return time_first_frames([command], runs)[0]


def cpu_median(command: Sequence[str]) -> str:
    """Return the median CPU time of ``command``'s last launches, in milliseconds."""
    return f"{statistics.median(cpu_times[tuple(command)]) * 1000:.0f} ms"


def first_frame_modules() -> list[str]:
    """Return the modules a launch of ``python -m game`` had imported at its first frame."""
    with tempfile.TemporaryDirectory(prefix="migong-bench-") as tmp:
        done = subprocess.run(
            [sys.executable, "-c", MODULES], env=headless_env(Path(tmp)), cwd=tmp,
            capture_output=True, text=True, check=True,
        )
    report = json.loads(done.stdout.splitlines()[-1])
    modules: list[str] = report["modules"]
    return modules


def print_module_report() -> None:
    """Print how many ``game`` modules the first frame needed, and whether numpy came too."""
    modules = first_frame_modules()
    game = [name for name in modules if name == "game" or name.startswith("game.")]
    # game.lazy puts numpy in sys.modules unrun: its own submodules say that it ran
    numpy = any(name.startswith("numpy.") for name in modules)
    print(f"modules at the first frame: {len(modules)} in all, {len(game)} of game; "
          f"numpy {'IMPORTED' if numpy else 'not run'}")


def describe(times: list[float]) -> str:
    """Return 'median (min..max)' in milliseconds."""
    return (
        f"{statistics.median(times) * 1000:.0f} ms median "
        f"(min {min(times) * 1000:.0f}, max {max(times) * 1000:.0f}, n={len(times)})"
    )


def import_times(command: Sequence[str]) -> tuple[float, list[tuple[float, str]]]:
    """Run ``python -X importtime COMMAND``; return the total and (cumulative s, module) rows."""
    with tempfile.TemporaryDirectory(prefix="migong-bench-") as tmp:
        done = subprocess.run(
            [sys.executable, "-X", "importtime", *command],
            env=headless_env(Path(tmp)), cwd=tmp, capture_output=True, text=True, check=True,
        )
    rows: list[tuple[float, str]] = []
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        _self_us, cumulative_us, name = line[len("import time:"):].split("|")
        rows.append((int(cumulative_us) / 1e6, name.rstrip()))
    # the name column holds one space, plus two per level of nesting
    top_level = [t for t, name in rows if not name.startswith("  ")]
    return sum(top_level), sorted(rows, reverse=True)


def print_import_report(label: str, command: Sequence[str], top: int) -> None:
    """Print the total import time of ``command`` and its heaviest imports."""
    total, rows = import_times(command)
    print(f"\n{label}: {total * 1000:.0f} ms of imports; heaviest (cumulative):")
    for seconds, name in rows[:top]:
        print(f"  {seconds * 1000:8.1f} ms  {name.strip()}")


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Measure and print the start-up figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="launches per command (default 5)")
    parser.add_argument("--exe", type=Path, default=DEFAULT_EXE, help="built executable")
    parser.add_argument("--only", choices=("all", "python", "exe"), default="all")
    parser.add_argument("--top", type=int, default=12, help="imports listed per module")
    parser.add_argument("--quiet", action="store_true", help="print only the last median")
    parser.add_argument("--source", type=Path, default=ROOT,
                        help="the checkout whose game is launched (default: this one)")
    parser.add_argument("--bytecode", choices=("cached", "compile"), default="cached",
                        help="read bytecode from a cache, as installed (default), or obey "
                        "PYTHONDONTWRITEBYTECODE and compile on every start")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="migong-pycache-") as cache:
        global _pycache, _source
        _pycache = Path(cache) if args.bytecode == "cached" else None
        _source = args.source.resolve()
        return _measure(args)


def _measure(args: argparse.Namespace) -> int:
    """Run the measurements ``args`` ask for and print them."""
    last = ""
    if args.only in ("all", "python"):
        floor_command = [sys.executable, "-c", FLOOR]
        game_command = [sys.executable, "-c", GAME]
        floor, times = time_first_frames([floor_command, game_command], args.runs)
        floor_flips, game_flips = flip_times[tuple(floor_command)], flip_times[tuple(game_command)]
        last = describe(game_flips)
        if not args.quiet:
            # Each launch over the floor's launch just before it: both saw the same load.
            ratio = statistics.median(g / f for g, f in zip(game_flips, floor_flips))
            print(f"pygame-ce alone (window, one flip): first flip {describe(floor_flips)}; "
                  f"exit {describe(floor)}; CPU {cpu_median(floor_command)}")
            print(f"python -m game (title screen): first flip {last}; exit {describe(times)}; "
                  f"CPU {cpu_median(game_command)}")
            print(f"ratio to pygame's floor, first flip (median of each launch over the floor's "
                  f"beside it): {ratio:.2f} (issue 18 asks at most 2.5); "
                  f"to exit: {statistics.median(times) / statistics.median(floor):.2f}")
            print_module_report()
    if args.only in ("all", "exe"):
        if args.exe.is_file():
            floor_command = [sys.executable, "-c", FLOOR]
            exe_command = [str(args.exe.resolve())]
            floor, times = time_first_frames([floor_command, exe_command], args.runs)
            last = describe(times)
            if not args.quiet:
                ratio = statistics.median(times) / statistics.median(floor)
                print(f"pygame-ce alone (window, one flip), launch to exit: {describe(floor)}; "
                      f"CPU {cpu_median(floor_command)}")
                print(f"{args.exe}, launch to exit after the first frame: {last}; "
                      f"CPU {cpu_median(exe_command)}")
                print(f"ratio to pygame's floor, to exit: {ratio:.2f} (issue 18 asks the "
                      "executable at most 0.3 s)")
        elif args.only == "exe":
            raise SystemExit(f"bench_startup: no executable at {args.exe} (build it first)")
        elif not args.quiet:
            print(f"{args.exe}: not built, skipped (pyinstaller --noconfirm build.spec)")
    if args.quiet:
        print(last)
    elif args.only != "exe":
        print_import_report("import game.cli", ["-c", "import game.cli"], args.top)
        print_import_report("python -m game (to the first frame)", ["-m", "game"], args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
