"""``migong serve``, ``migong submit`` and ``migong board`` from the command line.

Two processes submit to one real ``serve`` and each sees the other on the board; bad
options are one line and exit 2; the server's extra is never loaded unless asked for.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game.cli import main
from tests.server.conftest import DAY, LEVEL_1, ROOT, daily_doc, replay_doc
from tests.server.test_durability import free_port, start_server


def migong(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run ``python -m game ARGS`` in a process of its own; return what it did."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60, input=stdin)


def write(path: Path, doc: dict[str, Any]) -> str:
    """Write a replay document to ``path``; return the path as text."""
    path.write_text(json.dumps(doc), encoding="utf-8")
    return str(path)


def test_two_processes_submit_to_one_serve_and_both_see_each_other(db_url: str,
                                                                   tmp_path: Path) -> None:
    port = free_port()
    server = f"http://127.0.0.1:{port}"
    proc = start_server(db_url, port, tmp_path / "serve.log", "--workers", "2")
    try:
        ada = write(tmp_path / "ada.json", daily_doc())
        bo = write(tmp_path / "bo.json", daily_doc(detour=2))
        sent = [subprocess.Popen([sys.executable, "-m", "game", "submit", path, "--server",
                                  server, "--name", name, "--json"], cwd=ROOT,
                                 env={**os.environ, "PYTHONPATH": str(ROOT)},
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                for path, name in ((ada, "Ada"), (bo, "波波"))]
        answers = [p.communicate(timeout=60) for p in sent]
        assert [p.returncode for p in sent] == [0, 0], answers
        for out, _ in answers:
            assert json.loads(out)["board"] == f"daily/{DAY}"  # the replay's own day
        for _ in range(2):
            shown = migong("board", "--date", DAY.isoformat(), "--server", server, "--json")
            assert shown.returncode == 0, shown.stderr
            board = json.loads(shown.stdout)
            assert [e["player"] for e in board["entries"]] == ["Ada", "波波"]
        text = migong("board", "--date", DAY.isoformat(), "--server", server)
        assert text.returncode == 0
        assert "Ada" in text.stdout and "波波" in text.stdout and "shortest route" in text.stdout
        again = migong("submit", ada, "--server", server, "--name", "Ada")
        assert again.returncode == 0 and "sent before" in again.stdout
        forged = daily_doc()
        forged["result"]["moves"] += 1
        bad = migong("submit", write(tmp_path / "f.json", forged), "--server", server,
                     "--name", "Eve")
        assert bad.returncode == 1 and "refused it (422)" in bad.stderr
        code = migong("board", "--code", LEVEL_1, "--server", server, "--json")
        assert json.loads(code.stdout)["entries"] == []
    finally:
        proc.terminate()
        proc.wait(timeout=20)


@pytest.mark.parametrize("args, words", [
    (["board", "--server", "http://127.0.0.1:9"], "one of --date"),
    (["board", "--date", "2026-13-01", "--server", "http://127.0.0.1:9"], "--date"),
    (["board", "--code", "nope", "--server", "http://127.0.0.1:9"], "--code"),
    (["board", "--code", LEVEL_1, "--server", "ftp://x"], "--server"),
    (["board", "--code", LEVEL_1, "--server", "http://127.0.0.1:9", "--limit", "0"], "--limit"),
    (["submit", "nofile.json", "--server", "http://127.0.0.1:9", "--name", "Ada"], "nofile"),
    (["submit", "x.json", "--server", "http://127.0.0.1:9", "--name", "a<b"], "--name"),
    (["serve", "--port", "70000"], "--port"),
    (["serve", "--rate-limit", "-1"], "--rate-limit"),
    (["serve", "--max-size", "2"], "--max-size"),
    (["serve", "--db", "nosuchdb://x"], "--db"),
    (["serve", "--db", "/no-such-folder-migong/board.sqlite3"], "--db"),  # no lock file either
])
def test_bad_input_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], args: list[str],
                                          words: str) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and "Traceback" not in err


def test_an_unreachable_server_is_one_line_and_exit_1(capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Path) -> None:
    path = write(tmp_path / "r.json", replay_doc())
    port = free_port()
    assert main(["submit", path, "--server", f"http://127.0.0.1:{port}", "--name", "Ada"]) == 1
    err = capsys.readouterr().err
    assert "cannot reach the server" in err and err.count("\n") == 1


HIDE_SERVER_EXTRA = """
import sys
class Hide:
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in ('starlette', 'uvicorn', 'sqlalchemy', 'psycopg'):
            raise ModuleNotFoundError(name)
        return None
sys.meta_path.insert(0, Hide())
import importlib.util
real = importlib.util.find_spec
importlib.util.find_spec = lambda name, *a: None if name in (
    'starlette', 'uvicorn', 'sqlalchemy', 'psycopg') else real(name, *a)
from game.cli import main
sys.exit(main(['serve', '--port', '1']))
"""


def test_serve_without_the_server_extra_says_how_to_install_it() -> None:
    proc = subprocess.run([sys.executable, "-c", HIDE_SERVER_EXTRA], cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1 and "pip install 'migong[server]'" in proc.stderr


def test_the_command_line_loads_no_server_library_unless_serving() -> None:
    code = ("import sys\nfrom game.cli import main\nmain(['--version'])\nmain(['daily'])\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('starlette', 'uvicorn', 'sqlalchemy', 'psycopg', 'game.server')))")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().splitlines()[-1] == "[]"


def test_serve_listens_on_this_machine_only_unless_told() -> None:
    from game.cli import build_parser

    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.rate_limit, args.max_size, args.workers) == (
        "127.0.0.1", "8750", "30", "301", "1")


HIDE_HTTP_CLIENT = """
import sys
class Hide:
    def find_spec(self, name, path=None, target=None):
        if name in ('urllib.request', 'http', 'http.client'):
            raise ModuleNotFoundError(name)
        return None
sys.meta_path.insert(0, Hide())
from game.cli import main
sys.exit(main(['board', '--code', 'B11x11-UL', '--server', 'http://127.0.0.1:9']))
"""


def test_a_build_without_the_http_client_says_so_in_one_line() -> None:
    # the executable leaves urllib.request and http out (build.spec's EXCLUDES)
    proc = subprocess.run([sys.executable, "-c", HIDE_HTTP_CLIENT], cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 1
    assert proc.stderr.count("\n") == 1 and "no HTTP client" in proc.stderr
