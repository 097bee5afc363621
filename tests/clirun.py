"""Run the command line in this process, as ``python -m game`` would, but without a process.

Starting Python, numpy and the game for each call cost the suite about a second a test; a
call of :func:`game.cli.main` costs milliseconds. :func:`run_cli` gives the tests the same
answer a process gives (a :class:`subprocess.CompletedProcess` with the exit code, standard
output and standard error) so an assertion reads the same either way. What only a real
process shows stays with :func:`run_process`: the entry point's exit code, closed or full
standard streams, pipes, signals and what importing costs.
"""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Iterator, Mapping, Optional

ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def deadline(seconds: float, what: str) -> Iterator[None]:
    """Fail ``what`` with TimeoutError past ``seconds``, as a killed process would fail."""
    if not hasattr(signal, "SIGALRM"):  # no alarm on Windows: run unguarded
        yield
        return

    def expired(signum: int, frame: Optional[FrameType]) -> None:
        """Stop the call where it hangs."""
        raise TimeoutError(f"{what[:200]} ran longer than {seconds} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def run_cli(
    *args: str, stdin: Optional[str | bytes] = None, env: Optional[Mapping[str, str]] = None,
    timeout: float = 120,
) -> subprocess.CompletedProcess[str]:
    """Call ``game.cli.main(args)`` here with captured streams; return it as a finished process.

    ``stdin`` is the text (or bytes) on standard input, empty when None; ``env`` adds to
    the environment for this call only; the working directory is the repository root, the
    SDL drivers are the dummy ones, and the language, the environment and the standard
    streams are restored afterwards.
    """
    from game.cli import main
    from game.text import language, set_language

    argv = list(args)
    data = stdin.encode("utf-8") if isinstance(stdin, str) else (stdin or b"")
    out, err = io.StringIO(), io.StringIO()
    saved_env, spoken, cwd = dict(os.environ), language(), os.getcwd()
    streams = sys.stdin, sys.stdout, sys.stderr
    os.environ.update({"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", **(env or {})})
    sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    sys.stdout, sys.stderr = out, err
    os.chdir(ROOT)
    try:
        with deadline(timeout, " ".join(["migong", *argv])):
            try:
                code = main(argv)
            except SystemExit as exc:  # argparse's own exits (--help, bad arguments)
                code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
                if isinstance(exc.code, str):
                    err.write(exc.code + "\n")
    finally:
        sys.stdin, sys.stdout, sys.stderr = streams
        os.chdir(cwd)
        os.environ.clear()
        os.environ.update(saved_env)
        set_language(spoken)
    return subprocess.CompletedProcess(["migong", *argv], code, out.getvalue(), err.getvalue())


def run_process(
    *args: str, stdin: Optional[str] = None, env: Optional[Mapping[str, str]] = None,
    timeout: float = 120,
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m game`` with ``args`` in a real process and return it finished."""
    return subprocess.run(
        [sys.executable, "-m", "game", *args], input=stdin, capture_output=True, text=True,
        cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}, timeout=timeout,
    )  # fmt: skip
