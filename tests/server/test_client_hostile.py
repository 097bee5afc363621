"""``migong submit``/``migong board`` and the game's board screens against a broken or hostile
server: a real HTTP server on 127.0.0.1 answers what each test scripts; the command line
says one line and exits 1, the game shows a plain sentence; never a traceback."""

from __future__ import annotations

import http.server
import json
import threading
import time
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from game.cli import main
from game.server.client import BoardError, board, submit
from game.server.live import BoardFetch, Submission
from game.server.outbox import Outbox
from tests.server.conftest import LEVEL_1, replay_doc

#: What the scripted server does with a request: write an answer on the handler.
Script = Callable[[http.server.BaseHTTPRequestHandler], None]

GOOD_ENTRY = {"rank": 1, "player": "Ada", "moves": 20, "time": 3.5, "optimal": True}
GOOD_BOARD = {"board": f"code/{LEVEL_1}", "entries": [GOOD_ENTRY],
              "histogram": {"bin_seconds": 0.5, "total": 1,
                            "bins": [{"from": 3.5, "to": 4.0, "count": 1}]}}
GOOD_RANK = {"accepted": True, "id": 1, "board": f"code/{LEVEL_1}", "rank": 1, "moves": 20,
             "time": 3.5}


def answer(body: bytes, status: int = 200, kind: str = "application/json") -> Script:
    """Return a script that answers ``body`` with ``status``."""
    def script(h: http.server.BaseHTTPRequestHandler) -> None:
        """Send the body."""
        h.send_response(status)
        h.send_header("Content-Type", kind)
        h.send_header("Content-Length", str(len(body)))
        h.end_headers()
        h.wfile.write(body)
    return script


def as_json(doc: Any, status: int = 200) -> Script:
    """Return a script that answers ``doc`` as JSON."""
    return answer(json.dumps(doc).encode(), status)


class Scripted:
    """A real HTTP server on 127.0.0.1 that runs ``script`` on every request."""

    def __init__(self) -> None:
        self.script: Script = as_json({})
        owner = self

        class Handler(http.server.BaseHTTPRequestHandler):
            """Read the request's body, then run the owner's script."""

            protocol_version = "HTTP/1.1"

            def do_GET(self) -> None:
                """Run the script."""
                size = int(self.headers.get("Content-Length") or 0)
                self.rfile.read(size)
                self.close_connection = True
                try:
                    owner.script(self)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client hung up, as it should past its cap or deadline

            do_POST = do_GET

            def log_message(self, *args: object) -> None:
                """Log nothing."""

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, args=(0.05,), daemon=True).start()

    def close(self) -> None:
        """Stop the server."""
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def server() -> Iterator[Scripted]:
    found = Scripted()
    yield found
    found.close()


@pytest.fixture
def replay_file(tmp_path: Path) -> str:
    path = tmp_path / "run.json"
    path.write_text(json.dumps(replay_doc()), encoding="utf-8")
    return str(path)


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run ``migong ARGS`` in this process; return the exit code, stdout and stderr."""
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> str:
    """Assert ``err`` is one ``migong:`` line with no traceback; return it."""
    assert err.startswith("migong: ") and err.count("\n") == 1 and "Traceback" not in err, err
    return err


DEEP = b"[" * 200_000 + b"]" * 200_000
NOT_A_BOARD: dict[str, bytes] = {
    "nested 200,000 deep": DEEP,
    "entries a string": json.dumps({**GOOD_BOARD, "entries": "oops"}).encode(),
    "entries missing keys": json.dumps({**GOOD_BOARD, "entries": [{"rank": 1}]}).encode(),
    "an empty object": b"{}",
    "a web page": b"<!doctype html><html><body>Welcome to nginx!</body></html>",
    "not UTF-8": b'{"board": "\xff\xfe"}',
    "a negative rank": json.dumps({**GOOD_BOARD, "entries": [{**GOOD_ENTRY,
                                                              "rank": -3}]}).encode(),
    "a NaN time": json.dumps({**GOOD_BOARD, "entries": [{**GOOD_ENTRY,
                                                         "time": float("nan")}]}).encode(),
    "a huge histogram": json.dumps({**GOOD_BOARD, "histogram": {"bins": [
        {"from": i, "to": i + 1, "count": 1} for i in range(20_000)]}}).encode(),
    "a name with escapes": json.dumps({**GOOD_BOARD, "entries": [{
        **GOOD_ENTRY, "player": "\x1b]0;pwned\x07"}]}).encode(),
    "a lone surrogate name": json.dumps({**GOOD_BOARD, "entries": [{
        **GOOD_ENTRY, "player": "\ud800"}]}).encode(),
    "a 10**5-digit rank": b'{"board": "code/x", "entries": [{"rank": ' + b"9" * 100_000
                          + b"}]}",
}
NOT_A_RANK: dict[str, bytes] = {
    "nested 200,000 deep": DEEP,
    "an empty object": b"{}",
    "entries a string": json.dumps({"entries": "oops"}).encode(),
    "a negative rank": json.dumps({**GOOD_RANK, "rank": -1}).encode(),
    "a rank of true": json.dumps({**GOOD_RANK, "rank": True}).encode(),
    "an infinite time": json.dumps({**GOOD_RANK, "time": float("inf")}).encode(),
    "a board with escapes": json.dumps({**GOOD_RANK, "board": "code/\x1b[2J"}).encode(),
    "a web page": b"<html>502 Bad Gateway</html>",
}


@pytest.mark.parametrize("name", sorted(NOT_A_BOARD))
def test_board_says_one_line_and_exits_1_on_an_answer_that_is_no_board(
        capsys: pytest.CaptureFixture[str], server: Scripted, name: str) -> None:
    server.script = answer(NOT_A_BOARD[name])
    code, out, err = cli(capsys, "board", "--server", server.url, "--code", LEVEL_1)
    assert code == 1 and out == ""
    line = one_line(err)
    assert "\x1b" not in line and "\x07" not in line
    if name == "a web page":
        assert "web page" in line and "a Migong leaderboard?" in line
    if name == "nested 200,000 deep":
        assert "nested too deep" in line


@pytest.mark.parametrize("name", sorted(NOT_A_RANK))
def test_submit_says_one_line_and_exits_1_on_an_answer_that_is_no_rank(
        capsys: pytest.CaptureFixture[str], server: Scripted, replay_file: str,
        name: str) -> None:
    server.script = answer(NOT_A_RANK[name], 201)
    code, out, err = cli(capsys, "submit", replay_file, "--server", server.url,
                         "--name", "Ada")
    assert code == 1 and out == ""
    assert "\x1b" not in one_line(err)


def test_a_good_answer_still_prints_the_board_and_the_rank(
        capsys: pytest.CaptureFixture[str], server: Scripted, replay_file: str) -> None:
    server.script = as_json(GOOD_BOARD)
    code, out, _ = cli(capsys, "board", "--server", server.url, "--code", LEVEL_1)
    assert code == 0 and "1 run shown" in out and "Ada  * shortest route" in out
    assert json.loads(cli(capsys, "board", "--server", server.url, "--code", LEVEL_1,
                          "--json")[1]) == GOOD_BOARD
    server.script = as_json(GOOD_RANK, 201)
    code, out, _ = cli(capsys, "submit", replay_file, "--server", server.url, "--name", "Ada")
    assert code == 0 and out == f"accepted: rank 1 on code/{LEVEL_1}, 20 moves in 3.50 s\n"


def test_a_refusal_reason_with_control_characters_is_escaped(
        capsys: pytest.CaptureFixture[str], server: Scripted, replay_file: str) -> None:
    server.script = as_json({"accepted": False, "reason": "no\x1b[2J\nway\u202e"}, 422)
    code, _, err = cli(capsys, "submit", replay_file, "--server", server.url, "--name", "Ada")
    assert code == 1
    assert one_line(err).endswith("refused it (422): no\\x1b[2J\\nway\\u202e\n")
    code, _, err = cli(capsys, "board", "--server", server.url, "--code", LEVEL_1)
    assert code == 1 and "no\\x1b[2J" in one_line(err)


def test_a_file_name_with_control_characters_is_escaped(
        capsys: pytest.CaptureFixture[str], server: Scripted, tmp_path: Path) -> None:
    path = tmp_path / "run\x1b]0;x\x07.json"
    path.write_text(json.dumps(replay_doc()), encoding="utf-8")
    server.script = as_json({"accepted": False, "reason": "no"}, 422)
    code, _, err = cli(capsys, "submit", str(path), "--server", server.url, "--name", "Ada")
    assert code == 1 and "run\\x1b]0;x\\x07.json: " in one_line(err)


@pytest.mark.parametrize("day, words", [("2026-02-30", "--daily: bad date '2026-02-30'"),
                                        ("2026-02-300", "--daily must be a date YYYY-MM-DD"),
                                        ("2999-01-01", "--daily: 2999-01-01 has not come yet")])
def test_a_bad_daily_date_names_daily_once(capsys: pytest.CaptureFixture[str],
                                           replay_file: str, day: str, words: str) -> None:
    code, _, err = cli(capsys, "submit", replay_file, "--server", "http://127.0.0.1:9",
                       "--name", "Ada", "--daily", day)
    assert code == 2 and err.count("daily") == 1 and words in err


def test_a_2_gb_answer_is_cut_at_the_cap_and_said_so(server: Scripted) -> None:
    sent = []

    def endless(h: http.server.BaseHTTPRequestHandler) -> None:
        """Claim 2 GB and send until the client hangs up."""
        h.send_response(200)
        h.send_header("Content-Type", "application/json")
        h.send_header("Content-Length", str(2 * 1024 ** 3))
        h.end_headers()
        block = b" " * 65536
        for _ in range(2 * 1024 ** 3 // len(block)):
            h.wfile.write(block)
            sent.append(len(block))

    server.script = endless
    started = time.monotonic()
    with pytest.raises(BoardError, match="answered more than 1 MB"):
        board(server.url, "code", LEVEL_1)
    assert time.monotonic() - started < 5
    assert sum(sent) < 64 * 1024 ** 2  # the client stopped reading near the cap


def test_a_server_that_never_answers_times_out_with_a_clear_line(server: Scripted) -> None:
    gate = threading.Event()
    server.script = lambda h: (gate.wait(10), None)[1]
    started = time.monotonic()
    try:
        with pytest.raises(BoardError, match=r"did not answer within 0.5 s"):
            board(server.url, "code", LEVEL_1, timeout=0.5)
    finally:
        gate.set()
    assert time.monotonic() - started < 3


def test_a_server_that_drips_its_answer_is_cut_at_the_deadline(server: Scripted) -> None:
    def drip(h: http.server.BaseHTTPRequestHandler) -> None:
        """Send a long body a byte every 0.2 s."""
        h.send_response(200)
        h.send_header("Content-Length", "1000")
        h.end_headers()
        for _ in range(1000):
            h.wfile.write(b" ")
            h.wfile.flush()
            time.sleep(0.2)

    server.script = drip
    started = time.monotonic()
    with pytest.raises(BoardError, match="did not (finish answering|answer) within 1 s"):
        board(server.url, "code", LEVEL_1, timeout=1.0)
    assert time.monotonic() - started < 3


def redirect(to: Callable[[str], str]) -> Script:
    """Return a script that redirects every request to ``to(path)``."""
    def script(h: http.server.BaseHTTPRequestHandler) -> None:
        """Send a 302."""
        h.send_response(302)
        h.send_header("Location", to(h.path))
        h.send_header("Content-Length", "0")
        h.end_headers()
    return script


@pytest.mark.parametrize("to", [lambda p: p, lambda p: p + "&again=1",
                                lambda p: "file:///etc/passwd", lambda p: "ftp://127.0.0.1/x"],
                         ids=["loop", "endless", "file", "ftp"])
def test_a_redirect_loop_or_away_from_http_is_one_line(capsys: pytest.CaptureFixture[str],
                                                       server: Scripted,
                                                       to: Callable[[str], str]) -> None:
    server.script = redirect(to)
    code, _, err = cli(capsys, "board", "--server", server.url, "--code", LEVEL_1)
    assert code == 1 and "redirected" in one_line(err)


def test_the_board_screen_says_a_bad_answer_plainly(server: Scripted) -> None:
    for body, state in ((b"{}", "bad"), (DEEP, "bad"), (b"<html>", "bad"),
                        (json.dumps(GOOD_BOARD).encode(), "ready")):
        server.script = answer(body)
        fetch = BoardFetch(server.url, "code", LEVEL_1)
        fetch.thread.join(10)
        assert fetch.poll().state == state
    assert fetch.poll().entries == GOOD_BOARD["entries"]
    server.script = answer(b"<html>", 503)
    fetch = BoardFetch(server.url, "code", LEVEL_1)
    fetch.thread.join(10)
    assert fetch.poll().state == "offline"


def test_the_result_screen_sees_a_bad_rank_as_sent_and_never_sends_it_again(
        server: Scripted, tmp_path: Path) -> None:
    server.script = as_json({**GOOD_RANK, "rank": float("nan")}, 201)
    outbox = Outbox(tmp_path / "outbox")
    sub = Submission(outbox, server.url, "Ada", replay_doc(), None)
    sub.thread.join(10)
    assert sub.poll().state == "sent" and outbox.pending() == []


def test_the_result_screen_ranks_a_run_when_the_board_after_is_broken(
        server: Scripted, tmp_path: Path) -> None:
    def script(h: http.server.BaseHTTPRequestHandler) -> None:
        """Rank the run; answer the board with a histogram of strings."""
        if h.command == "POST":
            as_json(GOOD_RANK, 201)(h)
        else:
            as_json({**GOOD_BOARD, "histogram": {"bins": ["x"] * 50, "total": -1}})(h)

    server.script = script
    sub = Submission(Outbox(tmp_path / "outbox"), server.url, "Ada", replay_doc(), None)
    sub.thread.join(20)
    standing = sub.poll()
    assert standing.state == "ranked" and standing.rank == 1 and standing.bins == ()


def test_submit_and_board_return_the_checked_answer(server: Scripted) -> None:
    server.script = as_json({**GOOD_RANK, "extra": "\x1b[2J"}, 201)
    assert submit(server.url, replay_doc(), "Ada") == (201, GOOD_RANK)
    server.script = as_json({**GOOD_BOARD, "extra": [1] * 10})
    assert board(server.url, "code", LEVEL_1) == GOOD_BOARD


def test_a_server_that_hangs_up_mid_answer_says_so(capsys: pytest.CaptureFixture[str],
                                                    server: Scripted) -> None:
    def hang_up(h: http.server.BaseHTTPRequestHandler) -> None:
        """Promise 1000 bytes, send 10, close."""
        h.send_response(200)
        h.send_header("Content-Length", "1000")
        h.end_headers()
        h.wfile.write(b'{"board": ')

    server.script = hang_up
    code, _, err = cli(capsys, "board", "--server", server.url, "--code", LEVEL_1)
    assert code == 1 and "dropped the connection before answering in full" in one_line(err)


def test_the_board_screen_draws_a_plain_sentence_for_a_hostile_answer(server: Scripted) -> None:
    import pygame

    from game.play.context import Context
    from game.play.scenes.board import BoardScene
    from game.save import Leaderboard, Progress
    from game.text import t

    pygame.display.init()
    pygame.font.init()
    surface = pygame.Surface((1280, 720))
    ctx = Context(Progress())
    ctx.set_leaderboard(Leaderboard(True, server.url, "Ada"))
    for body in (DEEP, NOT_A_BOARD["entries a string"], NOT_A_BOARD["a name with escapes"]):
        server.script = answer(body)
        scene = BoardScene(ctx, "code", LEVEL_1)
        scene.on_enter()
        assert scene.fetch is not None
        scene.fetch.thread.join(10)
        scene.update(1 / 60)
        assert scene.message() == t("board.bad")
        scene.draw(surface)


def test_the_result_screen_says_sent_for_a_rank_it_cannot_read(server: Scripted,
                                                               tmp_path: Path) -> None:
    import pygame

    from game.play.context import Context
    from game.play.widgets.standing import standing_text
    from game.save import Leaderboard, Progress
    from game.text import t
    from tests.server.test_game_board import finished, wait_for

    pygame.display.init()
    pygame.font.init()
    server.script = as_json({**GOOD_RANK, "board": "\x1b[2J", "rank": -1}, 201)
    ctx = Context(Progress(), save_path=tmp_path / "save.json")
    ctx.set_leaderboard(Leaderboard(True, server.url, "Ada"))
    scene = finished(ctx)
    wait_for(lambda: scene.standing is not None and scene.standing.state != "sending", scene)
    assert scene.standing is not None and standing_text(scene.standing) == t("complete.board_sent")
    scene.draw(pygame.Surface((1280, 720)))
    assert ctx.outbox is not None and ctx.outbox.pending() == []
