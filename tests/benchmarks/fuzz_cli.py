"""Fuzz the command line and its files as a hostile user would; print what held and what broke.

Run it as a script (it is not a test; a case that broke gets a regression test of its own)::

    python tests/benchmarks/fuzz_cli.py [--only SURFACE ...] [--list]

Every case is bounded: most run ``game.cli.main`` in this process under a deadline, as
``tests/clirun.run_cli`` does; what only a real process shows (a pipe closed by ``head``,
SIGINT/SIGTERM mid-write, a named pipe, a local ``serve``) runs ``python -m game`` under
``timeout``.  The rule each row is judged by: bad input gets ONE line on stderr,
``migong: error: ...``, naming what is wrong (and where, for a file: ``FILE:LINE:COL``),
and exit code 2 (or the documented code: 1 for "no path" or a replay that does not finish,
130 for Ctrl-C); never a traceback, a hang, a second line, or a half-written output file.

The table: surface | case | exit | verdict | first line of stderr (else stdout).  Cases
that need root (a full tmpfs, a read-only mount) show "n/a" without it.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator, Optional

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.clirun import run_cli  # noqa: E402

#: Exit codes each kind of case may end with.
BAD = frozenset({2})
OK = frozenset({0})
NO_PATH = frozenset({1})
ONE_LINE = re.compile(r"migong: error: [^\n]+\n?")


@dataclass
class Case:
    """One hostile call: its argv ("{d}" is the scratch folder), how to run it, what it may do."""

    surface: str
    name: str
    argv: list[str]
    expect: frozenset[int] = BAD
    says: str = ""  # a regular expression the error line must match (where, what value)
    stdin: Optional[bytes] = None
    process: bool = False  # a real process instead of main() in this one
    shell: str = ""  # a shell pipeline around "{game}" (implies a process)
    timeout: float = 20.0
    check: Optional[Callable[["Outcome", Path], str]] = None  # extra judge: "" when it held
    env: dict[str, str] = field(default_factory=dict)
    signal: Optional[tuple[int, float]] = None  # (signal, CPU seconds): sent to a process then
    needs: str = ""  # a mount the case writes to ("full", "ro"): n/a without it


@dataclass
class Outcome:
    """What a case did: exit code (None: it hung), stdout, stderr."""

    code: Optional[int]
    out: str
    err: str


# --- files the cases read ----------------------------------------------------------------

MAZE = "#######\nS.....#\n#####.#\n#.....#\n#.#####\n#.....E\n#######\n"


def make_files(d: Path) -> None:
    """Write the scratch folder's hostile files, pipes and links."""
    (d / "ok.txt").write_text(MAZE)
    (d / "empty.txt").write_bytes(b"")
    (d / "blank.txt").write_text("\n\n   \n")
    (d / "binary.txt").write_bytes(bytes(range(256)) * 8)
    (d / "bom.txt").write_bytes(b"\xef\xbb\xbf" + MAZE.encode())
    (d / "crlf.txt").write_bytes(MAZE.replace("\n", "\r\n").encode())
    (d / "badchar.txt").write_text(MAZE.replace("#.....#\n#.#", "#..Q..#\n#.#"))
    (d / "ragged.txt").write_text(MAZE.replace("#.....#\n#.#####", "#....\n#.#####"))
    (d / "nul.txt").write_bytes(MAZE.encode().replace(b"S.", b"S\0"))
    (d / "latin1.txt").write_bytes(MAZE.encode().replace(b"S.", b"S\xe9"))
    (d / "noexit.txt").write_text(MAZE.replace("E", "#"))
    (d / "walled.txt").write_text(MAZE.replace("#.#####", "#######"))
    (d / "huge_line.txt").write_bytes(b"#" * 10_000_000)
    (d / "tall.txt").write_bytes(b"#.#\n" * 200_000)
    (d / "utf16.txt").write_bytes(MAZE.encode("utf-16"))
    os.mkfifo(d / "fifo")
    os.mkfifo(d / "fifo_out")
    (d / "loop").symlink_to("loop")
    (d / "folder").mkdir()
    Path(os.fsdecode(os.fsencode(d) + b"/\xff.txt")).write_text(MAZE)  # not UTF-8
    (d / "old.txt").write_text(OLD)
    (d / "old2.txt").write_text(OLD)
    saves(d)
    replays(d)


OLD = "the maze kept from yesterday\n"


def unchanged(name: str) -> Callable[[Outcome, Path], str]:
    """Return a judge that fails when the file ``name`` no longer holds OLD, or litter is left."""
    def check(outcome: Outcome, d: Path) -> str:
        """Say what happened to the old file, or "" when it is whole."""
        path = d / name
        litter = [p.name for p in path.parent.glob(f".{path.name}.*")]
        if litter:
            return f"left {litter[0]}"
        if not path.exists():
            return f"{name} is gone"
        return "" if path.read_text(errors="replace") == OLD else f"{name} was changed"
    return check


def saves(d: Path) -> None:
    """Write the hostile save files, each in a folder of its own."""
    bindings = {f"action{i}": [f"key{i}"] for i in range(20_000)}
    docs: dict[str, bytes] = {
        "corrupt": b'{"version": 1, "unlocked": 4, "best_',
        "newer": json.dumps({"version": 99, "unlocked": 4}).encode(),
        "not_ours": json.dumps({"name": "someone else's"}).encode(),
        "bindings": json.dumps({"version": 1, "unlocked": 2, "settings": {},
                                "bindings": bindings}).encode(),
        "deep": b'{"version": 1, "settings": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
        "huge": b'{"version": 1, "pad": "' + b"x" * 10_000_000 + b'"}',
        "nan": b'{"version": 1, "unlocked": NaN, "settings": {"volume": Infinity}}',
    }
    for name, data in docs.items():
        (d / f"save_{name}").mkdir()
        (d / f"save_{name}" / "save.json").write_bytes(data)
    hostile = d / "hostile" / "replays"  # the replays folder beside hostile/save.json
    hostile.mkdir(parents=True)
    (hostile / "binary.json").write_bytes(bytes(range(256)) * 40)
    (hostile / "huge.json").write_bytes(b'{"version": 1, "level": {"code": "B11x11-1"}, "x": "'
                                        + b"x" * 10_000_000 + b'"}')
    (hostile / "deep.json").write_bytes(b'{"level": ' + b"[" * 100_000 + b"]" * 100_000 + b"}")
    (hostile / ".old.json.1234.tmp").write_bytes(b"half a replay")
    (hostile / "迷宫\u202e.json").write_bytes(b"{}")
    os.mkfifo(hostile / "pipe.json")
    (hostile / "loop.json").symlink_to("loop.json")
    (hostile / "folder.json").mkdir()


MOUNTS = {"full": "size=16k", "ro": "ro,size=16k"}


@contextlib.contextmanager
def mounts(d: Path) -> Iterator[set[str]]:
    """Mount a 16 KiB tmpfs (a full disk) and a read-only one, where allowed; yield which."""
    made = set()
    for name, options in MOUNTS.items():
        (d / name).mkdir()
        if hasattr(os, "geteuid") and os.geteuid() == 0 and subprocess.run(
                ["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(d / name)],
                capture_output=True).returncode == 0:
            made.add(name)
    if "full" in made:
        (d / "full" / "old.txt").write_text(OLD)
        (d / "full" / "filler").write_bytes(b"x" * 4096)
    try:
        yield made
    finally:
        for name in made:
            subprocess.run(["umount", str(d / name)], capture_output=True)


def replays(d: Path) -> None:
    """Write the hostile replay files: from one good replay, each with one thing wrong."""
    good = run_cli("simulate", "--code", "B11x11-UL", "--moves", "RRDD",
                   "--save-replay", str(d / "good.json"))
    assert good.returncode in (0, 1), good.stderr
    doc = json.loads((d / "good.json").read_text())

    def put(name: str, text: str | bytes) -> None:
        """Write one replay file."""
        data = text.encode() if isinstance(text, str) else text
        (d / f"rp_{name}.json").write_bytes(data)

    def changed(change: Callable[[dict], None]) -> str:
        """Return the good replay with ``change`` made to a copy."""
        copy = json.loads(json.dumps(doc))
        change(copy)
        return json.dumps(copy)

    put("deep", '{"version": 1, "level": ' + "[" * 100_000 + "]" * 100_000 + "}")
    put("deep_dict", '{"a":' * 50_000 + "1" + "}" * 50_000)
    put("huge_int", changed(lambda r: r["result"].update(ticks=10**400)))
    put("huge_digits", json.dumps(doc).replace('"ticks": 45', '"ticks": ' + "9" * 5000, 1))
    put("nan", json.dumps(doc).replace('"speed": 1.0', '"speed": NaN'))
    put("inf", json.dumps(doc).replace('"speed": 1.0', '"speed": Infinity'))
    put("neg_inf", json.dumps(doc).replace('"ticks": 45', '"ticks": -Infinity', 1))
    put("tick_str", changed(lambda r: r["intents"][0].__setitem__(0, "0")))
    put("tick_float", changed(lambda r: r["intents"][0].__setitem__(0, 1e300)))
    put("tick_neg", changed(lambda r: r["intents"][0].__setitem__(0, -5)))
    put("tick_bool", changed(lambda r: r["intents"][0].__setitem__(0, True)))
    put("intent_kind", changed(lambda r: r["intents"][0].__setitem__(1, "teleport")))
    put("intent_short", changed(lambda r: r["intents"].__setitem__(0, [0])))
    put("intent_dir", changed(lambda r: r["intents"][0].__setitem__(2, 7)))
    put("intents_dict", changed(lambda r: r.__setitem__("intents", {"a": 1})))
    put("level_list", changed(lambda r: r.__setitem__("level", [1, 2])))
    put("code_int", changed(lambda r: r["level"].__setitem__("code", 12)))
    put("code_bad", changed(lambda r: r["level"].__setitem__("code", "B99999x99999-1")))
    put("code_huge", changed(lambda r: r["level"].__setitem__("code", "B4001x4001-1-Y4")))
    put("code_nofit", changed(lambda r: r["level"].__setitem__("code", "B5x5-1-Y4")))
    put("code_chasers", changed(lambda r: r["level"].__setitem__("code", "B5x5-1-C4")))
    put("no_code", changed(lambda r: r["level"].pop("code")))
    put("digest", changed(lambda r: r["level"].__setitem__("digest", "0" * 64)))
    put("label_unicode", changed(lambda r: r["level"].__setitem__("label", "迷宫\u202e\U0001f600\0")))
    put("version_2", changed(lambda r: r.__setitem__("version", 2)))
    put("version_str", changed(lambda r: r.__setitem__("version", "1")))
    put("no_version", changed(lambda r: r.pop("version")))
    put("top_list", "[1, 2, 3]")
    put("top_null", "null")
    put("empty", "")
    put("bom", b"\xef\xbb\xbf" + json.dumps(doc).encode())
    put("utf16", json.dumps(doc).encode("utf-16"))
    put("bad_utf8", json.dumps(doc).encode().replace(b"First", b"Fir\xffst"))
    put("lone_surrogate", json.dumps(doc).replace("First Steps", "\\ud800"))
    put("10mb", changed(lambda r: r.__setitem__("pad", "x" * 10_000_000)))
    put("10mb_intents", changed(lambda r: r.__setitem__(
        "intents", [[i, "move", 0, 1] for i in range(300_000)])))
    put("truncated", json.dumps(doc)[:100])
    put("trailing", json.dumps(doc) + "garbage")
    put("dup_keys", json.dumps(doc)[:-1] + ', "version": 7}')
    put("result_str", changed(lambda r: r.__setitem__("result", "done")))
    put("start_solver", changed(lambda r: r["start"].__setitem__("solver", "../../etc")))
    put("speed_neg", changed(lambda r: r["start"].__setitem__("speed", -1)))
    put("speed_zero", changed(lambda r: r["start"].__setitem__("speed", 0)))
    put("date_bad", changed(lambda r: r.__setitem__("date", "yesterday")))
    put("hints", changed(lambda r: r["result"].update(hints=3)))
    put("ticks_huge", changed(lambda r: r["result"].update(ticks=2**62, time_ticks=2**62)))


# --- the cases -----------------------------------------------------------------------------

def g(*argv: str, **kw: object) -> tuple[list[str], dict]:
    """Return argv and options (shorthand for the table below)."""
    return list(argv), kw


def located(file: str, line: int, column: Optional[int] = None) -> str:
    """Return a pattern for ``FILE:LINE[:COL]`` at the start of an error message."""
    col = "" if column is None else f":{column}"
    folder, _, name = file.rpartition("{d}")
    return rf"{re.escape(folder)}{{d}}{re.escape(name)}:{line}{col}\b"


def cases() -> Iterator[Case]:
    """Yield every case, surface by surface."""
    table: dict[str, list[tuple[str, tuple[list[str], dict]]]] = {
        "generate": [
            ("size 99999x99999", g("generate", "-a", "prim", "-s", "99999x99999", says="99999")),
            ("size 0x0", g("generate", "-a", "prim", "-s", "0x0")),
            ("size -5x5", g("generate", "-a", "prim", "-s", "-5x5", says="-5")),
            ("size 4x4 (even)", g("generate", "-a", "prim", "-s", "4x4")),
            ("size 1x1", g("generate", "-a", "prim", "-s", "1x1")),
            ("size 5000 digits", g("generate", "-a", "prim", "-s", "9" * 5000 + "x5")),
            ("size 7x (no cols)", g("generate", "-a", "prim", "-s", "7x")),
            ("size unicode digits", g("generate", "-a", "prim", "-s", "١١x١١")),
            ("seed -1", g("generate", "-a", "prim", "--seed", "-1", says="-1")),
            ("seed 5000 digits", g("generate", "-a", "prim", "--seed", "9" * 5000)),
            ("seed 1e3", g("generate", "-a", "prim", "--seed", "1e3")),
            ("loops nan", g("generate", "-a", "prim", "--loops", "nan")),
            ("loops inf", g("generate", "-a", "prim", "--loops", "inf")),
            ("loops -0.1", g("generate", "-a", "prim", "--loops", "-0.1")),
            ("keys 5", g("generate", "-a", "prim", "--keys", "5")),
            ("keys -1", g("generate", "-a", "prim", "--keys", "-1")),
            ("keys 4 on 5x5 (no fit)", g("generate", "-a", "prim", "-s", "5x5", "--keys", "4")),
            ("keys 4 on 3x3 --trace", g("generate", "-a", "prim", "-s", "3x3", "--keys", "4",
                                        "--trace")),
            ("chasers 9", g("generate", "-a", "prim", "--chasers", "9")),
            ("chasers 4 on 3x3", g("generate", "-a", "prim", "-s", "3x3", "--chasers", "4")),
            ("chasers 4 on 5x5", g("generate", "-a", "prim", "-s", "5x5", "--chasers", "4")),
            ("mud 2", g("generate", "-a", "prim", "--mud", "2")),
            ("mud nan", g("generate", "-a", "prim", "--mud", "nan")),
            ("mud 1 on 3x3", g("generate", "-a", "prim", "-s", "3x3", "--mud", "1",
                               expect=OK)),
            ("keys+chasers+mud on 5x5", g("generate", "-a", "prim", "-s", "5x5", "--keys", "2",
                                          "--chasers", "2", "--mud", "1")),
            ("code B99999x99999-1", g("generate", "--code", "B99999x99999-1", says="99999")),
            ("code B0x0-1", g("generate", "--code", "B0x0-1")),
            ("code B-5x5-1", g("generate", "--code", "B-5x5-1")),
            ("code -C9", g("generate", "--code", "B11x11-1-C9")),
            ("code -C4 on 5x5", g("generate", "--code", "B5x5-1-C4")),
            ("code -Y4 on 5x5", g("generate", "--code", "B5x5-1-Y4")),
            ("code -Y9", g("generate", "--code", "B11x11-1-Y9")),
            ("code -U200", g("generate", "--code", "B11x11-1-U200")),
            ("code -Unan", g("generate", "--code", "B11x11-1-Unan")),
            ("code -Uinf", g("generate", "--code", "B11x11-1-Uinf")),
            ("code -U1e999", g("generate", "--code", "B11x11-1-U1e999")),
            ("code -M (unknown)", g("generate", "--code", "B11x11-1-M3")),
            ("code -F2 (fog)", g("generate", "--code", "B11x11-1-F2")),
            ("code seed 40 Z", g("generate", "--code", "B11x11-" + "Z" * 40)),
            ("code empty", g("generate", "--code", "")),
            ("code unicode", g("generate", "--code", "Ｂ11x11-1")),
            ("code with NUL", g("generate", "--code", "B11x11-1\0")),
            ("code 10k chars", g("generate", "--code", "B11x11-1" + "-Y1" * 3000)),
            ("code + options", g("generate", "--code", "B11x11-1", "-a", "prim")),
            ("neither code nor algorithm", g("generate")),
            ("unknown algorithm", g("generate", "-a", "nope", says="nope")),
            ("room-size on prim", g("generate", "-a", "prim", "--room-size", "3")),
            ("policy bogus", g("generate", "-a", "growing-tree", "--policy", "bogus")),
            ("solve bogus", g("generate", "-a", "prim", "--solve", "bogus")),
            ("-o /dev/full", g("generate", "-a", "prim", "-o", "/dev/full")),
            ("-o missing folder", g("generate", "-a", "prim", "-o", "{d}/no/such/x.txt")),
            ("-o a folder", g("generate", "-a", "prim", "-o", "{d}/folder")),
            ("-o symlink loop", g("generate", "-a", "prim", "-o", "{d}/loop")),
            ("-o FIFO no reader", g("generate", "-a", "prim", "-o", "{d}/fifo_out",
                                    timeout=10)),
            ("-o /dev/null", g("generate", "-a", "prim", "-o", "/dev/null", expect=OK)),
            ("-o empty path", g("generate", "-a", "prim", "-o", "")),
            ("--trace | head -1", g(shell="{game} generate -a prim -s 301x301 --seed 1 --trace"
                                    " | head -1", expect=OK)),
            ("> /dev/full", g(shell="{game} generate -a prim > /dev/full")),
        ],
        "solve": [
            ("ok file", g("solve", "{d}/ok.txt", expect=OK)),
            ("empty file", g("solve", "{d}/empty.txt", says="empty")),
            ("blank lines", g("solve", "{d}/blank.txt")),
            ("binary", g("solve", "{d}/binary.txt", says=located("{d}/binary.txt", 1))),
            ("BOM", g("solve", "{d}/bom.txt", expect=OK)),
            ("CRLF", g("solve", "{d}/crlf.txt", expect=OK)),
            ("bad char line 4 col 4", g("solve", "{d}/badchar.txt",
                                        says=located("{d}/badchar.txt", 4, 4) + ".*Q")),
            ("ragged line 4", g("solve", "{d}/ragged.txt",
                                says=located("{d}/ragged.txt", 4))),
            ("NUL line 2", g("solve", "{d}/nul.txt", says=located("{d}/nul.txt", 2, 2))),
            ("latin-1 byte line 2", g("solve", "{d}/latin1.txt",
                                      says=located("{d}/latin1.txt", 2))),
            ("UTF-16", g("solve", "{d}/utf16.txt")),
            ("no E: the far floor", g("solve", "{d}/noexit.txt", expect=OK)),
            ("walled (no path)", g("solve", "{d}/walled.txt", expect=NO_PATH)),
            ("10 MB single line", g("solve", "{d}/huge_line.txt")),
            ("200k rows", g("solve", "{d}/tall.txt")),
            ("stdin binary", g("solve", "-", stdin=bytes(range(256)) * 4)),
            ("stdin empty", g("solve", "-", stdin=b"")),
            ("missing file", g("solve", "{d}/nope.txt", says="nope.txt")),
            ("a folder", g("solve", "{d}/folder", says="folder")),
            ("symlink loop", g("solve", "{d}/loop", says="loop")),
            ("FIFO no writer", g("solve", "{d}/fifo", timeout=10)),
            ("/dev/zero", g("solve", "/dev/zero", timeout=15)),
            ("/dev/full (reads zeros)", g("solve", "/dev/full", timeout=15)),
            ("/dev/urandom", g("solve", "/dev/urandom", timeout=15)),
            ("start off the maze", g("solve", "{d}/ok.txt", "--start", "99,99")),
            ("start on a wall", g("solve", "{d}/ok.txt", "--start", "0,0")),
            ("start -1,-1", g("solve", "{d}/ok.txt", "--start", "-1,-1")),
            ("start 5000 digits", g("solve", "{d}/ok.txt", "--start", "9" * 5000 + ",1")),
            ("goal x", g("solve", "{d}/ok.txt", "--goal", "x")),
            ("solver bogus", g("solve", "{d}/ok.txt", "--solver", "bogus", says="bogus")),
            ("hand bogus", g("solve", "{d}/ok.txt", "--solver", "wall-follower", "--hand", "up")),
            ("hand on bfs", g("solve", "{d}/ok.txt", "--hand", "left")),
            ("--trace | head -1", g(shell="{game} solve {d}/ok.txt --trace | head -1",
                                    expect=OK)),
            ("--json > /dev/full", g(shell="{game} solve {d}/ok.txt --json > /dev/full")),
            ("--trace > /dev/full", g(shell="{game} solve {d}/ok.txt --trace > /dev/full")),
            ("stdin 10 MB line", g("solve", "-", stdin=b"#" * 10_000_000)),
            ("stdin 10 MB of newlines", g("solve", "-", stdin=b"\n" * 10_000_000)),
            ("stdin /dev/zero", g(shell="{game} solve - < /dev/zero")),
            ("stdin endless rows", g(shell="{game} solve - < <(yes '#.#')")),
            ("stdout closed", g(shell="{game} solve {d}/ok.txt >&-")),
            ("stdin closed", g(shell="{game} solve - <&-")),
        ],
        "play": [
            ("code bad", g("play", "--code", "B99999x99999-1")),
            ("code keys no fit", g("play", "--code", "B5x5-1-Y4")),
            ("code chasers no fit", g("play", "--code", "B5x5-1-C4")),
            ("level 0", g("play", "--level", "0")),
            ("level 999", g("play", "--level", "999", says="999")),
            ("level abc", g("play", "--level", "abc")),
            ("level -1", g("play", "--level", "-1")),
            ("level 5000 digits", g("play", "--level", "9" * 5000)),
            ("date 2026-13-01", g("play", "--daily", "--date", "2026-13-01")),
            ("date with no --daily", g("play", "--date", "2026-01-01", "--code", "B11x11-1")),
            ("daily + code", g("play", "--daily", "--code", "B11x11-1")),
            ("level + code", g("play", "--level", "1", "--code", "B11x11-1")),
            ("file + code", g("play", "{d}/ok.txt", "--code", "B11x11-1")),
            ("race bogus", g("play", "--code", "B11x11-1", "--race", "bogus")),
            ("race-speed 3", g("play", "--code", "B11x11-1", "--race", "bfs",
                               "--race-speed", "3")),
            ("race-speed nan", g("play", "--code", "B11x11-1", "--race", "bfs",
                                 "--race-speed", "nan")),
            ("view bogus", g("play", "--view", "side")),
            ("file binary", g("play", "{d}/binary.txt")),
            ("file missing", g("play", "{d}/nope.txt")),
            ("file FIFO", g("play", "{d}/fifo", timeout=10)),
            ("file /dev/zero", g("play", "/dev/zero", timeout=15)),
            ("file a folder", g("play", "{d}/folder")),
            ("size 99999x99999", g("play", "-a", "prim", "-s", "99999x99999")),
            ("keys 4 on 5x5", g("play", "-a", "prim", "-s", "5x5", "--keys", "4")),
            ("chasers 4 on 3x3", g("play", "-a", "prim", "-s", "3x3", "--chasers", "4")),
        ],
        "lab": [
            ("solver bogus", g("lab", "-a", "prim", "--solver", "bogus")),
            ("hand bogus", g("lab", "-a", "prim", "--solver", "wall-follower", "--hand", "up")),
            ("hand on bfs", g("lab", "-a", "prim", "--hand", "left")),
            ("keys 4 on 5x5", g("lab", "-a", "prim", "-s", "5x5", "--keys", "4")),
            ("size 0x0", g("lab", "-a", "prim", "-s", "0x0")),
            ("chasers 4 on 3x3", g("lab", "-a", "prim", "-s", "3x3", "--chasers", "4")),
            ("file binary", g("lab", "{d}/binary.txt")),
            ("file FIFO", g("lab", "{d}/fifo", timeout=10)),
            ("file + algorithm", g("lab", "{d}/ok.txt", "-a", "prim")),
            ("compare + file", g("lab", "--compare", "{d}/ok.txt")),
            ("mud 5", g("lab", "-a", "prim", "--mud", "5")),
        ],
        "stats": [
            ("file ok --json", g("stats", "{d}/ok.txt", "--json", expect=OK)),
            ("file binary --json", g("stats", "{d}/binary.txt", "--json")),
            ("file missing --json", g("stats", "{d}/nope.txt", "--json")),
            ("file FIFO", g("stats", "{d}/fifo", timeout=10)),
            ("file /dev/zero", g("stats", "/dev/zero", timeout=15)),
            ("seeds 0", g("stats", "-a", "prim", "--seeds", "0")),
            ("seeds 1001", g("stats", "-a", "prim", "--seeds", "1001")),
            ("seeds 5000 digits", g("stats", "-a", "prim", "--seeds", "9" * 5000)),
            ("seeds nan", g("stats", "-a", "prim", "--seeds", "nan")),
            ("seed max + seeds", g("stats", "-a", "prim", "--seed", str(2**63),
                                   "--seeds", "5")),
            ("compare 99999x99999", g("stats", "--compare", "-s", "99999x99999")),
            ("compare + file", g("stats", "--compare", "{d}/ok.txt")),
            ("compare + algorithm", g("stats", "--compare", "-a", "prim")),
            ("compare seeds 1000 4001x4001", g("stats", "--compare", "--seeds", "1000", "-s",
                                               "4001x4001", timeout=30)),
            ("code bad --json", g("stats", "--code", "B0x0-1", "--json")),
            ("code + file", g("stats", "--code", "B11x11-1", "{d}/ok.txt")),
            ("code chasers no fit", g("stats", "--code", "B5x5-1-C4")),
            ("code keys no fit", g("stats", "--code", "B5x5-1-Y4", "--json")),
            ("nothing", g("stats")),
            ("--json > /dev/full", g(shell="{game} stats {d}/ok.txt --json > /dev/full")),
        ],
        "export": [
            ("format bmp", g("export", "-a", "prim", "-o", "{d}/x.bmp")),
            ("format pdf, -o .svg", g("export", "-a", "prim", "--format", "pdf",
                                      "-o", "{d}/x.svg", expect=frozenset({0, 2}))),
            ("count 0", g("export", "-a", "prim", "--count", "0", "-o", "{d}/x.pdf")),
            ("count 101", g("export", "-a", "prim", "--count", "101", "-o", "{d}/x.pdf")),
            ("count 5 svg", g("export", "-a", "prim", "--count", "5", "-o", "{d}/x.svg")),
            ("count -1", g("export", "-a", "prim", "--count", "-1", "-o", "{d}/x.pdf")),
            ("paper a5", g("export", "-a", "prim", "--paper", "a5", "-o", "{d}/x.svg")),
            ("size too big to print", g("export", "-a", "prim", "-s", "4001x4001",
                                        "-o", "{d}/x.svg")),
            ("-o /dev/full svg", g("export", "-a", "prim", "-o", "/dev/full", "--format",
                                   "svg")),
            ("-o /dev/full pdf", g("export", "-a", "prim", "-o", "/dev/full", "--format",
                                   "pdf")),
            ("-o missing folder", g("export", "-a", "prim", "-o", "{d}/no/x.svg")),
            ("-o a folder", g("export", "-a", "prim", "-o", "{d}/folder", "--format", "svg")),
            ("-o folder.svg/", g("export", "-a", "prim", "-o", "{d}/folder/")),
            ("-o symlink loop", g("export", "-a", "prim", "-o", "{d}/loop", "--format", "svg")),
            ("-o FIFO no reader", g("export", "-a", "prim", "-o", "{d}/fifo_out", "--format",
                                    "svg", timeout=10)),
            ("-o - png to tty-less stdout", g("export", "-a", "prim", "-o", "-",
                                              "--format", "png", expect=frozenset({0, 2}))),
            ("-o - no format", g("export", "-a", "prim", "-o", "-")),
            ("-o - pdf | head -c 10", g(shell="{game} export -a prim --format pdf -o - | head -c 10",
                                        expect=OK)),
            ("-o - svg > /dev/full", g(shell="{game} export -a prim --format svg -o - > /dev/full")),
            ("file binary", g("export", "{d}/binary.txt", "-o", "{d}/x.svg")),
            ("file + code", g("export", "{d}/ok.txt", "--code", "B11x11-1", "-o", "{d}/x.svg")),
            ("code keys no fit", g("export", "--code", "B5x5-1-Y4", "-o", "{d}/x.svg")),
            ("code chasers no fit", g("export", "--code", "B5x5-1-C4", "-o", "{d}/x.svg")),
        ],
        "replay": [
            (f"--verify {name}", g("replay", f"{{d}}/rp_{name}.json", "--verify",
                                   says="rp_" + name, timeout=30))
            for name in ["deep", "deep_dict", "huge_int", "huge_digits", "nan", "inf", "neg_inf",
                         "tick_str", "tick_float", "tick_neg", "tick_bool", "intent_kind",
                         "intent_short", "intent_dir", "intents_dict", "level_list",
                         "code_int", "code_bad", "code_huge", "code_nofit", "code_chasers",
                         "no_code", "version_2", "version_str", "top_list",
                         "top_null", "empty", "utf16", "bad_utf8", "10mb",
                         "truncated", "trailing", "result_str", "speed_neg", "speed_zero",
                         "ticks_huge"]
        ] + [
            ("--verify good", g("replay", "{d}/good.json", "--verify", expect=NO_PATH)),
            ("--verify BOM", g("replay", "{d}/rp_bom.json", "--verify",
                               expect=frozenset({1, 2}))),
            ("--verify digest wrong", g("replay", "{d}/rp_digest.json", "--verify",
                                        expect=frozenset({1, 2}))),
            ("--verify unicode label", g("replay", "{d}/rp_label_unicode.json", "--verify",
                                         expect=NO_PATH)),
            ("--verify no version (version 0)", g("replay", "{d}/rp_no_version.json",
                                                  "--verify", expect=NO_PATH)),
            ("--verify lone surrogate label", g("replay", "{d}/rp_lone_surrogate.json",
                                                "--verify", expect=NO_PATH)),
            ("--verify forged hints", g("replay", "{d}/rp_hints.json", "--verify",
                                        expect=frozenset({1, 2}))),
            ("replays: a hostile folder", g("replays", env={
                "MIGONG_SAVE_PATH": "{d}/hostile/save.json"}, expect=OK, timeout=15)),
            ("replays --json: a hostile folder", g("replays", "--json", env={
                "MIGONG_SAVE_PATH": "{d}/hostile/save.json"}, expect=OK, timeout=15)),
            ("--verify dup keys", g("replay", "{d}/rp_dup_keys.json", "--verify")),
            ("--verify start solver ../", g("replay", "{d}/rp_start_solver.json", "--verify",
                                            expect=frozenset({1, 2}))),
            ("--verify date bad", g("replay", "{d}/rp_date_bad.json", "--verify",
                                    expect=frozenset({1, 2}))),
            ("--verify 300k intents", g("replay", "{d}/rp_10mb_intents.json", "--verify",
                                        timeout=30)),
            ("--verify FIFO", g("replay", "{d}/fifo", "--verify", timeout=10)),
            ("--verify /dev/zero", g("replay", "/dev/zero", "--verify", timeout=15)),
            ("--verify a folder", g("replay", "{d}/folder", "--verify")),
            ("--verify missing", g("replay", "{d}/nope.json", "--verify")),
            ("--verify symlink loop", g("replay", "{d}/loop", "--verify")),
            ("--max-tiles 0", g("replay", "{d}/good.json", "--verify", "--max-tiles", "0")),
            ("--max-tiles -1", g("replay", "{d}/good.json", "--verify", "--max-tiles", "-1")),
            ("--max-tiles huge", g("replay", "{d}/good.json", "--verify", "--max-tiles",
                                   "9" * 5000)),
            ("--max-ticks abc", g("replay", "{d}/good.json", "--verify", "--max-ticks", "abc")),
            ("--max-ticks 10 (over)", g("replay", "{d}/good.json", "--verify",
                                        "--max-ticks", "10")),
            ("--max-tiles 10 (over)", g("replay", "{d}/good.json", "--verify",
                                        "--max-tiles", "10")),
            ("watch binary", g("replay", "{d}/binary.txt")),
            *[(f"watch {name}", g("replay", f"{{d}}/rp_{name}.json", expect=frozenset({0, 2}),
                                  timeout=30))
              for name in ["deep", "huge_digits", "nan", "tick_float", "intent_kind", "code_huge",
                           "code_nofit", "code_chasers", "no_code", "digest", "label_unicode",
                           "lone_surrogate", "10mb", "hints", "ticks_huge", "speed_zero"]],
            ("watch FIFO", g("replay", "{d}/fifo", timeout=10)),
        ],
        "simulate": [
            ("moves bad letter", g("simulate", "--code", "B11x11-1", "--moves", "RRX",
                                   says="X")),
            ("moves 60000", g("simulate", "--code", "B11x11-1", "--moves", "R" * 60000)),
            ("moves empty", g("simulate", "--code", "B11x11-1", "--moves", "",
                              expect=frozenset({1, 2}))),
            ("moves unicode", g("simulate", "--code", "B11x11-1", "--moves", "ＵＤ")),
            ("taps 0", g("simulate", "--code", "B11x11-1", "--moves", "R", "--taps-per-second",
                         "0")),
            ("taps nan", g("simulate", "--code", "B11x11-1", "--moves", "R",
                           "--taps-per-second", "nan")),
            ("taps inf", g("simulate", "--code", "B11x11-1", "--moves", "R",
                           "--taps-per-second", "inf")),
            ("taps 121", g("simulate", "--code", "B11x11-1", "--moves", "R",
                           "--taps-per-second", "121")),
            ("taps 1e-300", g("simulate", "--code", "B11x11-1", "--moves", "RRRR",
                              "--taps-per-second", "1e-300")),
            ("level 0", g("simulate", "--level", "0", "--moves", "R")),
            ("code + level", g("simulate", "--level", "1", "--code", "B11x11-1",
                               "--moves", "R")),
            ("nothing", g("simulate", "--moves", "R")),
            ("file binary", g("simulate", "{d}/binary.txt", "--moves", "R")),
            ("file FIFO", g("simulate", "{d}/fifo", "--moves", "R", timeout=10)),
            ("code keys no fit", g("simulate", "--code", "B5x5-1-Y4", "--moves", "R")),
            ("code chasers no fit", g("simulate", "--code", "B5x5-1-C4", "--moves", "R")),
            ("save-replay /dev/full", g("simulate", "--code", "B11x11-1", "--moves", "R",
                                        "--save-replay", "/dev/full")),
            ("save-replay missing folder (made)", g("simulate", "--code", "B11x11-1", "--moves",
                                                    "R", "--save-replay", "{d}/made/r.json",
                                                    expect=NO_PATH)),
            ("save-replay a folder", g("simulate", "--code", "B11x11-1", "--moves", "R",
                                       "--save-replay", "{d}/folder")),
            ("save-replay FIFO", g("simulate", "--code", "B11x11-1", "--moves", "R",
                                   "--save-replay", "{d}/fifo_out", timeout=10)),
        ],
        "save path": [
            ("save path empty", g("play", "--code", "B11x11-1", env={"MIGONG_SAVE_PATH": ""},
                                  expect=OK)),
            ("save path /proc/self/mem", g("play", "--code", "B11x11-1",
                                           env={"MIGONG_SAVE_PATH": "/proc/self/mem"}, expect=OK)),
            ("save path /dev/stdout", g("play", "--code", "B11x11-1",
                                        env={"MIGONG_SAVE_PATH": "/dev/stdout"}, expect=OK)),
            ("replays: save path a file's child", g("replays", env={
                "MIGONG_SAVE_PATH": "{d}/ok.txt/save.json"}, expect=OK)),
            ("levels --json | head -1", g(shell="{game} levels --json | head -c 100",
                                          expect=OK)),
        ],
        "daily": [
            ("date 5000 chars", g("daily", "--date", "2" * 5000)),
            ("date 2026-13-01", g("daily", "--date", "2026-13-01", says="2026-13-01")),
            ("date 0000-01-01", g("daily", "--date", "0000-01-01")),
            ("date 0001-01-01", g("daily", "--date", "0001-01-01", expect=frozenset({0, 2}))),
            ("date 9999-12-31", g("daily", "--date", "9999-12-31", expect=frozenset({0, 2}))),
            ("date 10000-01-01", g("daily", "--date", "10000-01-01")),
            ("date empty", g("daily", "--date", "")),
            ("date unicode digits", g("daily", "--date", "٢٠٢٦-٠١-٠١")),
            ("date 20260101", g("daily", "--date", "20260101", expect=frozenset({0, 2}))),
            ("date with time", g("daily", "--date", "2026-01-01T00:00")),
        ],
        "serve/submit/board": [
            ("serve port 99999", g("serve", "--port", "99999", timeout=15)),
            ("serve port abc", g("serve", "--port", "abc", timeout=15)),
            ("serve workers 0", g("serve", "--workers", "0", timeout=15)),
            ("serve max-size -1", g("serve", "--max-size", "-1", timeout=15)),
            ("serve rate-limit x", g("serve", "--rate-limit", "x", timeout=15)),
            ("serve db in missing folder", g("serve", "--db", "{d}/nodb/board.db", "--port", "{port}",
                                             timeout=15, process=True)),
            ("serve db a folder", g("serve", "--db", "{d}/folder", "--port", "{port}", timeout=15,
                                    process=True)),
            ("submit server refused (exit 1)", g("submit", "{d}/good.json", "--server",
                                                 "http://127.0.0.1:9", "--name", "ann",
                                                 expect=NO_PATH)),
            ("submit server bad URL", g("submit", "{d}/good.json", "--server", "ftp://x",
                                        "--name", "ann")),
            ("submit server no scheme", g("submit", "{d}/good.json", "--server", "127.0.0.1",
                                          "--name", "ann")),
            ("submit name too long", g("submit", "{d}/good.json", "--server", "{server}",
                                       "--name", "a" * 25)),
            ("submit name unicode", g("submit", "{d}/good.json", "--server", "{server}",
                                      "--name", "迷\u202e宫", expect=frozenset({0, 2}))),
            ("submit name empty", g("submit", "{d}/good.json", "--server", "{server}",
                                    "--name", "")),
            ("submit replay binary", g("submit", "{d}/binary.txt", "--server", "{server}",
                                       "--name", "ann")),
            ("submit replay 10 MB", g("submit", "{d}/rp_10mb.json", "--server", "{server}",
                                      "--name", "ann")),
            ("submit replay deep", g("submit", "{d}/rp_deep.json", "--server", "{server}",
                                     "--name", "ann")),
            ("submit replay nan", g("submit", "{d}/rp_nan.json", "--server", "{server}",
                                    "--name", "ann")),
            ("submit daily bad", g("submit", "{d}/good.json", "--server", "{server}",
                                   "--name", "ann", "--daily", "2026-02-30")),
            ("submit unfinished", g("submit", "{d}/good.json", "--server", "{server}",
                                    "--name", "ann", expect=frozenset({1, 2}))),
            ("board limit 0", g("board", "--server", "{server}", "--code", "B11x11-1",
                                     "--limit", "0")),
            ("board limit 101", g("board", "--server", "{server}", "--code", "B11x11-1",
                                     "--limit", "101")),
            ("board limit abc", g("board", "--server", "{server}", "--code", "B11x11-1",
                                     "--limit", "abc")),
            ("board date bad", g("board", "--server", "{server}", "--date", "2026-02-30")),
            ("board code bad", g("board", "--server", "{server}", "--code", "B0x0-1")),
            ("board date + code", g("board", "--server", "{server}", "--date", "2026-01-01",
                                    "--code", "B11x11-1")),
            ("board ok --json", g("board", "--server", "{server}", "--code", "B11x11-1",
                                  "--json", expect=OK)),
            ("board server refused (exit 1)", g("board", "--server", "http://127.0.0.1:9",
                                                "--code", "B11x11-1", expect=NO_PATH)),
        ],
        "save file": [
            (f"play with a {name} save", g("play", "--code", "B11x11-1",
                                           env={"MIGONG_SAVE_PATH": path}, expect=OK,
                                           timeout=30, check=check))
            for name, path, check in [
                ("corrupt JSON", "{d}/save_corrupt/save.json", None),
                ("schema 99", "{d}/save_newer/save.json", None),
                ("someone else's", "{d}/save_not_ours/save.json", None),
                ("20,000 bindings", "{d}/save_bindings/save.json", None),
                ("deeply nested", "{d}/save_deep/save.json", None),
                ("10 MB", "{d}/save_huge/save.json", None),
                ("NaN/Infinity", "{d}/save_nan/save.json", None),
                ("FIFO", "{d}/fifo", None),
                ("/dev/zero", "/dev/zero", None),
                ("/dev/full", "/dev/full", None),
                ("folder", "{d}/folder", None),
                ("symlink loop", "{d}/loop", None),
                ("missing folder", "{d}/no/such/save.json", None),
                ("full disk", "{d}/full/save.json", None),
                ("read-only folder", "{d}/ro/save.json", None),
            ]
        ],
        "full disk": [
            ("generate -o (old file)", g("generate", "-a", "prim", "-s", "201x201", "-o",
                                         "{d}/full/old.txt", check=unchanged("full/old.txt"),
                                         says="No space left", needs="full")),
            ("export svg -o (new file)", g("export", "-a", "prim", "-s", "101x101", "-o",
                                           "{d}/full/x.svg", says="No space left",
                                           needs="full",
                                           check=lambda o, d: "left an empty x.svg" if
                                           (d / "full" / "x.svg").exists() else "")),
            ("export pdf -o", g("export", "-a", "prim", "--count", "3", "-o", "{d}/full/x.pdf",
                                says="No space left", needs="full")),
            ("simulate --save-replay", g("simulate", "--code", "B101x101-1", "--moves",
                                         "R" * 2000, "--save-replay", "{d}/full/r.json",
                                         says="No space left", needs="full")),
            ("generate -o read-only", g("generate", "-a", "prim", "-o", "{d}/ro/x.txt",
                                        says="Read-only", needs="ro")),
            ("export -o read-only", g("export", "-a", "prim", "-o", "{d}/ro/x.svg",
                                      says="Read-only", needs="ro")),
        ],
        "signals": [
            ("generate -o, SIGINT mid-maze", g("generate", "-a", "prim", "-s", "2001x2001",
                                             "-o", "{d}/old.txt", signal=(signal.SIGINT, 0.6),
                                             expect=frozenset({130}),
                                             check=unchanged("old.txt"))),
            ("generate -o, SIGTERM mid-maze", g("generate", "-a", "prim", "-s", "2001x2001",
                                              "-o", "{d}/old2.txt",
                                              signal=(signal.SIGTERM, 0.6),
                                              expect=frozenset({-signal.SIGTERM, 143}),
                                              check=unchanged("old2.txt"))),
            ("export pdf, SIGINT mid-pages", g("export", "-a", "prim", "--count", "20", "-s",
                                            "101x101", "-o", "{d}/sig.pdf",
                                            signal=(signal.SIGINT, 0.8),
                                            expect=frozenset({130}),
                                            check=lambda o, d: "left a sig.pdf" if
                                            (d / "sig.pdf").exists() else "")),
            ("stats --compare, SIGINT", g("stats", "--compare",
                                                 signal=(signal.SIGINT, 0.45),
                                                 expect=frozenset({130}))),
            ("SIGINT while importing (0.1 s)", g("generate", "-a", "prim",
                                                 signal=(signal.SIGINT, 0.1),
                                                 expect=frozenset({0, 130}))),
        ],
        "odd file names": [
            ("solve: newline in the name", g("solve", "{d}/a\nb.txt", says=r"a\\nb\.txt")),
            ("solve: escape in the name", g("solve", "{d}/\x1b[2J.txt", says=r"\\x1b")),
            ("solve: name not UTF-8", g("solve", "{d}/\udcff.txt", expect=OK)),
            ("export: name not UTF-8", g("export", "{d}/\udcff.txt", "-o", "{d}/odd.svg",
                                         expect=OK)),
            ("export: control char name", g("export", "{d}/\x01<&.txt", "-o", "{d}/odd.svg",
                                            says="no such file")),
            ("play: name not UTF-8", g("play", "{d}/\udcff.txt", expect=OK)),
            ("edit: name not UTF-8", g("edit", "{d}/\udcff.txt", expect=OK)),
            ("simulate --save-replay: name not UTF-8", g(
                "simulate", "{d}/\udcff.txt", "--moves", "R", "--save-replay",
                "{d}/odd.json", expect=NO_PATH)),
            ("generate -o: escape in the name", g("generate", "-a", "prim", "-o",
                                                  "{d}/\x1b[2J.txt", expect=OK)),
            ("unknown option with a newline", g("generate", "--nope\nmore")),
        ],
        "edit": [
            ("file binary", g("edit", "{d}/binary.txt")),
            ("file FIFO", g("edit", "{d}/fifo", timeout=10)),
            ("file /dev/zero", g("edit", "/dev/zero", timeout=15)),
            ("file a folder", g("edit", "{d}/folder")),
        ],
    }
    for surface, rows in table.items():
        for name, (argv, kw) in rows:
            yield Case(surface, name, argv, **kw)  # type: ignore[arg-type]


# --- running and judging -------------------------------------------------------------------

def _fill(text: str, d: Path, server: str) -> str:
    """Return ``text`` with the scratch folder and the server's URL put in."""
    if "{port}" in text:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            text = text.replace("{port}", str(sock.getsockname()[1]))
    return text.replace("{d}", str(d)).replace("{server}", server)


def run(case: Case, d: Path, server: str) -> Outcome:
    """Run one case; return its outcome (code None when it ran past its deadline)."""
    argv = [_fill(a, d, server) for a in case.argv]
    env = {k: _fill(v, d, server) for k, v in case.env.items()}
    if case.signal is not None:
        return _signalled(case, argv, env)
    if case.process or case.shell:
        game = f"{sys.executable} -m game"
        command = _fill(case.shell, d, server).replace("{game}", game) if case.shell else None
        full_env = {**os.environ, "PYTHONPATH": str(ROOT), **env}
        try:
            done = subprocess.run(
                ["bash", "-o", "pipefail", "-c", command] if command else
                [sys.executable, "-m", "game", *argv],
                input=case.stdin or b"", capture_output=True, cwd=ROOT, env=full_env,
                timeout=case.timeout)
        except subprocess.TimeoutExpired as exc:
            return Outcome(None, _text(exc.stdout), _text(exc.stderr))
        return Outcome(done.returncode, _text(done.stdout), _text(done.stderr))
    try:
        here = run_cli(*argv, stdin=case.stdin, env=env, timeout=case.timeout)
    except TimeoutError:
        return Outcome(None, "", "")
    except BaseException as exc:  # noqa: BLE001 - what escaped main() is the finding
        return Outcome(-1, "", f"Traceback: {type(exc).__name__}: {exc}"[:300])
    return Outcome(here.returncode, here.stdout, here.stderr)


def _signalled(case: Case, argv: list[str], env: dict[str, str]) -> Outcome:
    """Start ``python -m game ARGV``, send it the case's signal after its delay; return how it ended."""
    assert case.signal is not None
    number, delay = case.signal
    proc = subprocess.Popen([sys.executable, "-m", "game", *argv], cwd=ROOT,
                            env={**os.environ, "PYTHONPATH": str(ROOT), **env},
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    waited = time.perf_counter() + 60
    while proc.poll() is None and _cpu_seconds(proc.pid) < delay and time.perf_counter() < waited:
        time.sleep(0.01)
    proc.send_signal(number)
    try:
        out, err = proc.communicate(timeout=case.timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        return Outcome(None, _text(out), _text(err))
    return Outcome(proc.returncode, _text(out), _text(err))


def _cpu_seconds(pid: int) -> float:
    """Return the CPU seconds process ``pid`` has used (Linux), or the wall time it has run."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _text(data: Optional[bytes | str]) -> str:
    """Return captured output as text."""
    if data is None:
        return ""
    return data if isinstance(data, str) else data.decode("utf-8", "replace")


def judge(case: Case, outcome: Outcome, d: Path, server: str) -> str:
    """Return "held" or "BROKE: why" for one outcome."""
    if outcome.code is None or "ran longer than" in outcome.err:  # the deadline, caught
        return f"BROKE: hung past {case.timeout:g} s"
    if "Traceback" in outcome.err or "Traceback" in outcome.out:
        return "BROKE: traceback"
    if outcome.code not in case.expect:
        return f"BROKE: exit {outcome.code}, expected {'/'.join(map(str, sorted(case.expect)))}"
    if outcome.code != 2 and outcome.code not in (0, 1) and outcome.err.strip():
        if len(outcome.err.strip().splitlines()) > 1:
            return f"BROKE: {len(outcome.err.splitlines())} lines on stderr"
    if outcome.code == 2:
        if not ONE_LINE.fullmatch(outcome.err):
            lines = len(outcome.err.splitlines())
            return f"BROKE: {lines} lines on stderr" if lines != 1 else "BROKE: not migong: error"
        if len(outcome.err) > 400:
            return f"BROKE: a {len(outcome.err)}-character line"
        says = _fill(case.says, Path(re.escape(str(d))), server)
        if case.says and not re.search(says, outcome.err):
            return f"BROKE: does not say /{case.says}/"
    if case.check is not None:
        why = case.check(outcome, d)
        if why:
            return "BROKE: " + why
    return "held"


@contextlib.contextmanager
def local_server(d: Path) -> Iterator[str]:
    """Run ``migong serve`` on 127.0.0.1 (a free port, a scratch database); yield its URL."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    proc = subprocess.Popen(
        [sys.executable, "-m", "game", "serve", "--host", "127.0.0.1", "--port", str(port),
         "--db", str(d / "board.sqlite3"), "--rate-limit", "0"],
        cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):  # up to 20 s for it to listen
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
                break
            time.sleep(0.2)
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


#: Each tile's character in a maze file (walls, floor, keys, doors, lairs, mud).
TILE_CHARS = "#.rgbyRGBYM~"
RANDOM_COMMANDS = {
    "solve": ["solve", "{m}", "--json"],
    "stats": ["stats", "{m}", "--json"],
    "simulate": ["simulate", "{m}", "--moves", "RRDDLLUURD", "--json"],
    "export": ["export", "{m}", "-o", "{d}/random.svg"],
    "play": ["play", "{m}"],
    "lab": ["lab", "{m}"],
}


def random_mazes(d: Path, count: int, seed: int = 7) -> Iterator[tuple[Case, Outcome, str]]:
    """Run every command of RANDOM_COMMANDS on ``count`` random small mazes of every tile."""
    rng = random.Random(seed)
    for i in range(count):
        rows, cols = rng.randint(3, 9), rng.randint(3, 9)
        grid = [[rng.choice("#####....." + TILE_CHARS) for _ in range(cols)] for _ in range(rows)]
        for end in "SE":
            if rng.random() < 0.9:
                grid[rng.randrange(rows)][rng.randrange(cols)] = end
        maze = d / f"random{i}.txt"
        maze.write_text("".join("".join(row) + "\n" for row in grid))
        for name, argv in RANDOM_COMMANDS.items():
            case = Case("random tiled mazes", name, [a.replace("{m}", str(maze)) for a in argv],
                        expect=frozenset({0, 1, 2}), timeout=30)
            outcome = run(case, d, "")
            yield case, outcome, judge(case, outcome, d, "")


#: What a hostile or broken server answers submit and board with (status 200, JSON type).
HOSTILE_ANSWERS = {
    "nested 200,000 deep": b"[" * 200_000 + b"]" * 200_000,
    "entries a string": json.dumps({"board": "x", "entries": "oops"}).encode(),
    "entries missing keys": json.dumps({"board": "x", "entries": [{"rank": "a"}],
                                        "histogram": 5}).encode(),
    "not JSON": b"<html>hello</html>",
    "an empty object": b"{}",
    "not UTF-8": b'{"board": "\xff\xfe"}',
    "a huge histogram": json.dumps({"board": "code/x", "entries": [], "histogram": {"bins": [
        {"from": i, "to": i + 1, "count": 1} for i in range(20_000)]}}).encode(),
    "a negative rank": json.dumps({"board": "code/x", "rank": -3, "moves": 1, "time": 1,
                                   "entries": [{"rank": -3, "player": "a", "moves": 1,
                                                "time": 1, "optimal": False}]}).encode(),
    "a NaN time": b'{"board": "code/x", "rank": 1, "moves": 1, "time": NaN, "entries": '
                  b'[{"rank": 1, "player": "a", "moves": 1, "time": NaN, "optimal": false}]}',
    "escapes in a name": json.dumps({"board": "code/\x1b[2J", "rank": 1, "entries": [{
        "rank": 1, "player": "\x1b]0;pwned\x07", "moves": 1, "time": 1}]}).encode(),
}


@contextlib.contextmanager
def hostile_server() -> Iterator[tuple[str, dict[str, bytes]]]:
    """Serve one fixed answer to every request on 127.0.0.1; yield its URL and the answer."""
    import http.server
    import threading

    answer = {"body": b""}

    class Answer(http.server.BaseHTTPRequestHandler):
        """Answer every GET and POST with the body of the moment."""

        def do_GET(self) -> None:
            """Send the body as JSON with status 200."""
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            self.wfile.write(answer["body"])

        do_POST = do_GET

        def log_message(self, *args: object) -> None:
            """Log nothing."""

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Answer)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", answer
    finally:
        server.shutdown()
        server.server_close()


def hostile_answers(d: Path) -> Iterator[tuple[Case, Outcome, str]]:
    """Run submit and board against a server that answers each of HOSTILE_ANSWERS."""
    with hostile_server() as (url, answer):
        for name, body in HOSTILE_ANSWERS.items():
            answer["body"] = body
            for argv in (["board", "--server", url, "--code", "B11x11-1"],
                         ["submit", "{d}/good.json", "--server", url, "--name", "ann"]):
                case = Case("hostile server", f"{argv[0]}: {name}", argv,
                            expect=frozenset({0, 1}), timeout=30)
                outcome = run(case, d, "")
                yield case, outcome, judge(case, outcome, d, "")


def first_line(outcome: Outcome, width: int = 110) -> str:
    """Return the first line of stderr, else of stdout, cut to ``width``."""
    text = outcome.err.strip() or outcome.out.strip()
    line = text.splitlines()[0] if text else ""
    return line if len(line) <= width else line[: width - 1] + "…"


def main(argv: Optional[list[str]] = None) -> int:
    """Run the cases (or those of ``--only`` surfaces); print the table; exit 1 if any broke."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", default=[], help="surfaces to run")
    parser.add_argument("--list", action="store_true", help="list the cases and stop")
    parser.add_argument("--random", type=int, default=20, metavar="N",
                        help="random small mazes of every tile, each through six commands "
                        "(default 20; 0: none)")
    args = parser.parse_args(argv)
    chosen = [c for c in cases() if not args.only or c.surface in args.only]
    if args.list:
        for c in chosen:
            print(f"{c.surface:20} {c.name}")
        return 0
    # A game that opens its window stops after the first frame (and exits 0).
    os.environ.update({"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                       "MIGONG_EXIT_AFTER_FIRST_FRAME": "1"})
    broke = 0
    with tempfile.TemporaryDirectory(prefix="fuzz_cli_") as tmp:
        d = Path(tmp)
        os.environ["MIGONG_SAVE_PATH"] = str(d / "save" / "save.json")
        make_files(d)
        needs_server = any("{server}" in " ".join(c.argv) for c in chosen)
        with mounts(d) as mounted, \
                (local_server(d) if needs_server else contextlib.nullcontext("")) as server:
            print(f"{'surface':20} | {'case':32} | {'exit':>4} | {'verdict':30} | first line")
            for case in chosen:
                if case.needs and case.needs not in mounted:
                    print(f"{case.surface:20} | {case.name[:32]:32} | {'':>4} | {'n/a':30} | "
                          f"needs root to mount a {case.needs} tmpfs")
                    continue
                start = time.perf_counter()
                outcome = run(case, d, server)
                verdict = judge(case, outcome, d, server)
                broke += verdict != "held"
                code = "hang" if outcome.code is None else str(outcome.code)
                print(f"{case.surface:20} | {case.name[:32]:32} | {code:>4} | {verdict[:30]:30} | "
                      f"{first_line(outcome).replace(str(d), '{d}')}"
                      f"  ({time.perf_counter() - start:.1f} s)", flush=True)
            if not args.only or "hostile server" in args.only:
                for case, outcome, verdict in hostile_answers(d):
                    broke += verdict != "held"
                    code = "hang" if outcome.code is None else str(outcome.code)
                    print(f"{case.surface:20} | {case.name[:32]:32} | {code:>4} | "
                          f"{verdict[:30]:30} | {first_line(outcome)}", flush=True)
            if args.random and (not args.only or "random tiled mazes" in args.only):
                tally: dict[str, dict[str, int]] = {}
                for case, outcome, verdict in random_mazes(d, args.random):
                    broke += verdict != "held"
                    seen = tally.setdefault(case.name, {})
                    label = verdict if verdict != "held" else f"exit {outcome.code}"
                    seen[label] = seen.get(label, 0) + 1
                    if verdict != "held":
                        print(f"{case.surface:20} | {case.name:32} | {outcome.code!s:>4} | "
                              f"{verdict[:30]:30} | {' '.join(case.argv)[:60]}: "
                              f"{first_line(outcome)}")
                for name, seen in tally.items():
                    counts = ", ".join(f"{n} {label}" for label, n in sorted(seen.items()))
                    print(f"{'random tiled mazes':20} | {name + f' x{args.random}':32} | "
                          f"{'':>4} | {'held' if all(k.startswith('exit') for k in seen) else 'BROKE':30} | "
                          f"{counts}")
    print(f"{len(chosen)} cases and {args.random} random mazes, {broke} broke")
    return 1 if broke else 0


if __name__ == "__main__":
    sys.exit(main())
