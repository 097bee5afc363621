"""The leaderboard's API, a contract: health, submissions, boards, refusals, on both databases.

Every refusal is a 4xx with a reason and leaves nothing stored; every test runs on SQLite
and on a real PostgreSQL (tests/server/conftest.py).
"""

from __future__ import annotations

import json
from typing import Any, Iterator

import pytest
from starlette.testclient import TestClient

from game.daily import daily_code
from game.levels import level_code, parse_level_code
from game.run.clock import TICK_RATE
from game.server import rules
from game.server.app import Config, RateLimit, create_app
from game.server.store import SCHEMA_VERSION, Store
from tests.server.conftest import DAY, LEVEL_1, daily_doc, replay_doc


@pytest.fixture
def client(store: Store) -> Iterator[TestClient]:
    """Yield a test client of a board on ``store`` with no rate limit."""
    with TestClient(create_app(Config(db="", rate_limit=0), store)) as found:
        yield found


def post(client: TestClient, doc: Any, player: str = "Ada", **more: Any) -> Any:
    """Post one run; return the response."""
    return client.post("/api/v1/runs", json={"player": player, "replay": doc, **more})


def refused(response: Any, status: int, store: Store, words: str) -> None:
    """Assert a refusal: the status, the reason holding ``words``, and nothing stored."""
    assert response.status_code == status, response.text
    body = response.json()
    assert body["accepted"] is False and words in body["reason"], body
    assert store.count() == 0


def test_health_names_the_database(client: TestClient, store: Store) -> None:
    answer = client.get("/api/v1/health")
    assert answer.status_code == 200
    assert answer.json() == {"ok": True, "db": store.kind}
    assert store.kind in ("sqlite", "postgresql")


def test_a_daily_run_is_accepted_ranked_and_listed_and_sent_again_keeps_its_id(
        client: TestClient, store: Store) -> None:
    doc = daily_doc()
    first = post(client, doc, "张三", daily=DAY.isoformat())
    assert first.status_code == 201, first.text
    answer = first.json()
    assert answer == {"accepted": True, "id": answer["id"], "board": f"daily/{DAY}",
                      "rank": 1, "moves": doc["result"]["moves"],
                      "time": round(doc["result"]["time_ticks"] / TICK_RATE, 3)}
    again = post(client, doc, "张三", daily=DAY.isoformat())
    assert again.status_code == 200 and again.json() == answer
    board = client.get(f"/api/v1/boards/daily/{DAY}").json()
    assert board["board"] == f"daily/{DAY}"
    assert board["entries"] == [{"rank": 1, "player": "张三", "moves": answer["moves"],
                                 "time": answer["time"], "optimal": True}]
    assert board["histogram"]["total"] == 1
    assert store.count() == 1


def test_runs_rank_by_time_then_moves_and_the_shortest_route_is_marked(
        client: TestClient, store: Store) -> None:
    slow = post(client, replay_doc(detour=3), "Slow")
    fast = post(client, replay_doc(), "Fast")
    assert (slow.status_code, fast.status_code) == (201, 201)
    assert fast.json()["rank"] == 1
    board = client.get(f"/api/v1/boards/code/{LEVEL_1}?limit=5").json()
    assert [e["player"] for e in board["entries"]] == ["Fast", "Slow"]
    assert [e["rank"] for e in board["entries"]] == [1, 2]
    assert board["entries"][0]["optimal"] is True
    assert board["entries"][0]["time"] < board["entries"][1]["time"]
    hist = board["histogram"]
    assert hist["total"] == 2 and sum(b["count"] for b in hist["bins"]) == 2
    assert hist["bins"][0]["from"] <= board["entries"][0]["time"] <= hist["bins"][-1]["to"]
    one = client.get(f"/api/v1/boards/code/{LEVEL_1}?limit=1").json()
    assert [e["player"] for e in one["entries"]] == ["Fast"]
    assert one["histogram"]["total"] == 2


def test_a_forged_result_is_refused(client: TestClient, store: Store) -> None:
    doc = replay_doc()
    doc["result"]["time_ticks"] -= 60
    doc["result"]["ticks"] -= 60
    refused(post(client, doc), 422, store, "")
    doc = replay_doc()
    doc["result"]["moves"] -= 1
    refused(post(client, doc), 422, store, "forged")
    doc = replay_doc()
    doc["result"]["hints"] = 1  # the run took none
    refused(post(client, doc), 422, store, "forged")


def test_a_run_of_too_many_intents_is_refused_before_they_are_read(
        client: TestClient, store: Store) -> None:
    doc = replay_doc()
    doc["intents"] = [[0, "hint"]] * (rules.MAX_RUN_INTENTS + 1)
    refused(post(client, doc), 422, store, "costs too much")


def test_a_cut_replay_is_refused(client: TestClient, store: Store) -> None:
    doc = replay_doc()
    doc["intents"] = doc["intents"][: len(doc["intents"]) // 2]
    refused(post(client, doc), 422, store, "did not reach the exit")


def test_an_unfinished_run_is_refused(client: TestClient, store: Store) -> None:
    doc = replay_doc()
    doc["result"]["finished"] = False
    refused(post(client, doc), 422, store, "did not reach the exit")


def test_a_daily_date_whose_maze_is_not_the_replays_is_refused(
        client: TestClient, store: Store) -> None:
    refused(post(client, daily_doc(), daily="2026-12-04"), 422, store, "not the daily maze")
    refused(post(client, replay_doc(), daily=DAY.isoformat()), 422, store, "not the daily maze")
    refused(post(client, daily_doc(), daily="2026-13-01"), 422, store, "bad date")
    refused(post(client, daily_doc(), daily="2999-01-01"), 422, store, "has not come yet")


@pytest.mark.parametrize("name", ["", "x" * 25, "a<b>", " Ada", "Ada ", "A  B", "a\u0308\u0308",
                                  "Ada\n", "🙂", 42, None])
def test_a_bad_name_is_refused(client: TestClient, store: Store, name: Any) -> None:
    refused(post(client, replay_doc(), name), 422, store, "'player'")


@pytest.mark.parametrize("name", ["Ada", "张三丰", "ab-cd_9", "x" * 24, "Zoë 2"])
def test_a_good_name_is_taken(client: TestClient, store: Store, name: str) -> None:
    answer = post(client, replay_doc(), name)
    assert answer.status_code == 201, answer.text


def test_a_body_over_the_cap_is_refused_with_413(client: TestClient, store: Store) -> None:
    body = b'{"player": "Ada", "replay": "' + b"x" * rules.MAX_BODY_BYTES + b'"}'
    answer = client.post("/api/v1/runs", content=body,
                         headers={"content-type": "application/json"})
    refused(answer, 413, store, "larger than")


@pytest.mark.parametrize("body, words", [
    (b"", "not valid JSON"),
    (b"{", "not valid JSON"),
    (b"\xff\xfe", "not UTF-8"),
    (b"[1, 2]", "must be a JSON object"),
    (b"[" * 100_000, "nests deeper"),
    (b'{"player": "Ada", "replay": ' + b"[" * 50 + b"]" * 50 + b"}", "nests deeper"),
    (b'{"player": "Ada", "replay": {"version": 1' + b"9" * 5000 + b"}}", "digits"),
    (b'{"player": "Ada", "replay": NaN}', "not a JSON number"),
    (b'{"player": "Ada", "replay": {}, "admin": true}', "unknown key"),
    (b'{"player": "Ada"}', "'replay' is missing"),
    (b'{"player": "Ada", "replay": {"version": 1}}', "not valid"),
    (b'{"player": "Ada", "replay": 7}', "not valid"),
])
def test_malformed_bodies_are_refused_with_a_reason(client: TestClient, store: Store,
                                                    body: bytes, words: str) -> None:
    answer = client.post("/api/v1/runs", content=body,
                         headers={"content-type": "application/json"})
    assert 400 <= answer.status_code < 500
    refused(answer, answer.status_code, store, words)


def test_a_maze_over_the_size_cap_is_refused_before_it_is_built(
        client: TestClient, store: Store) -> None:
    spec = parse_level_code(LEVEL_1)
    from dataclasses import replace

    doc = replay_doc()
    doc["level"]["code"] = level_code(replace(spec, rows=401, cols=401, seed=7))
    refused(post(client, doc), 422, store, "costs too much")


def test_a_run_over_the_length_cap_is_refused_at_once(client: TestClient, store: Store) -> None:
    doc = replay_doc()
    doc["result"]["ticks"] = rules.MAX_RUN_TICKS + 1
    refused(post(client, doc), 422, store, "costs too much")


def test_a_file_maze_has_no_board(client: TestClient, store: Store) -> None:
    doc = replay_doc()
    doc["level"]["maze"] = "#####\n#S E#\n#####\n"
    del doc["level"]["code"]
    refused(post(client, doc), 422, store, "")


@pytest.mark.parametrize("path, status", [
    ("/api/v1/boards/daily/2026-02-30", 404),
    ("/api/v1/boards/daily/nope", 404),
    ("/api/v1/boards/weekly/2026-12-03", 404),
    ("/api/v1/boards/code/NOT-A-CODE", 400),
    (f"/api/v1/boards/code/{LEVEL_1}?limit=0", 400),
    (f"/api/v1/boards/code/{LEVEL_1}?limit=101", 400),
    (f"/api/v1/boards/code/{LEVEL_1}?limit=1e3", 400),
    ("/api/v1/nothing", 404),
])
def test_bad_board_requests_answer_4xx_with_a_reason(client: TestClient, path: str,
                                                     status: int) -> None:
    answer = client.get(path)
    assert answer.status_code == status
    assert answer.json()["reason"]


def test_a_board_with_no_runs_is_empty(client: TestClient) -> None:
    board = client.get(f"/api/v1/boards/daily/{DAY}").json()
    assert board == {"board": f"daily/{DAY}", "entries": [],
                     "histogram": {"bin_seconds": 0, "bins": [], "total": 0}}


def test_the_wrong_method_is_405(client: TestClient) -> None:
    assert client.get("/api/v1/runs").status_code == 405


def test_past_the_rate_limit_a_client_gets_429(store: Store) -> None:
    with TestClient(create_app(Config(db="", rate_limit=3), store)) as limited:
        codes = [limited.get("/api/v1/health").status_code for _ in range(5)]
    assert codes == [200, 200, 200, 429, 429]


def test_the_rate_limit_counts_per_client_and_forgets_after_two_minutes() -> None:
    limit = RateLimit(2)
    assert [limit.allow("a", 0.0), limit.allow("a", 1.0), limit.allow("a", 2.0)] == [
        True, True, False]
    assert limit.allow("b", 2.0)
    # the minute before still weighs in, less as it slides away: 2 * 0.98 + 1 >= 2
    assert limit.allow("a", 61.0) and not limit.allow("a", 61.5)
    assert limit.allow("a", 125.0)
    assert RateLimit(0).allow("a", 0.0)


def test_the_schema_migrates_from_empty_once(db_url: str) -> None:
    store = Store(db_url)
    assert store.version() == 0
    assert store.migrate() == SCHEMA_VERSION
    assert store.migrate() == SCHEMA_VERSION
    assert store.version() == SCHEMA_VERSION
    store.close()


def test_the_html_page_shows_todays_board(client: TestClient, store: Store) -> None:
    from game.daily import utc_today

    today = utc_today()
    assert post(client, daily_doc(today), "Ada<script>", daily=today.isoformat()
                ).status_code == 422
    assert post(client, daily_doc(today), "张三", daily=today.isoformat()).status_code == 201
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert today.isoformat() in page.text and daily_code(today) in page.text
    assert "张三" in page.text and 'id="histogram"' in page.text
    assert 'name="viewport"' in page.text
    zh = client.get("/", headers={"accept-language": "zh-CN"})
    assert "每日迷宫" in zh.text


def test_the_board_and_the_api_answer_json_only(client: TestClient) -> None:
    answer = client.get("/api/v1/health")
    assert answer.headers["content-type"] == "application/json"
    json.loads(answer.text)


def test_the_histogram_bins_are_round_seconds_and_at_most_twenty() -> None:
    assert rules.bin_width(0, 10 * TICK_RATE) == TICK_RATE  # 0.5 s would make 21 bins
    assert rules.bin_width(600, 660) == TICK_RATE // 2
    assert rules.bin_width(0, 100 * TICK_RATE) == 10 * TICK_RATE
    assert rules.bin_width(0, 3600 * TICK_RATE) == 200 * TICK_RATE
    hist = rules.histogram(60, [(3, 2), (5, 1)])
    assert hist == {"bin_seconds": 0.5, "total": 3, "bins": [
        {"from": 1.5, "to": 2.0, "count": 2}, {"from": 2.0, "to": 2.5, "count": 0},
        {"from": 2.5, "to": 3.0, "count": 1}]}


def test_a_board_of_many_runs_is_binned_by_the_database(store: Store) -> None:
    times = [TICK_RATE * (10 + (i * 37) % 90) + i for i in range(60)]
    for i, ticks in enumerate(times):
        store.add(rules.Checked(f"p{i}", "code/X", "X", None, 50 + i % 3, ticks, False,
                                f"{i:064x}"))
    board = store.board("code/X", 5)
    hist = board["histogram"]
    assert hist["total"] == 60 and len(hist["bins"]) <= rules.HISTOGRAM_BINS
    assert hist["bin_seconds"] == 5.0
    for ticks in times:  # every run in its bin
        assert any(b["from"] <= ticks / TICK_RATE < b["to"] for b in hist["bins"])
    assert [e["time"] for e in board["entries"]] == sorted(round(t / TICK_RATE, 3)
                                                           for t in times)[:5]
    assert store.entry(store.find(f"{times.index(min(times)):064x}") or 0)["rank"] == 1


def _ranks_by_count(store: Store, board: str) -> dict[int, int]:
    """Return each run's rank counted the slow way: the runs ahead by (time, moves, id)."""
    from sqlalchemy import select

    from game.server.store import runs

    with store.engine.connect() as conn:
        rows = conn.execute(select(runs.c.id, runs.c.time_ticks, runs.c.moves)
                            .where(runs.c.board == board)).all()
    keys = sorted((r.time_ticks, r.moves, r.id) for r in rows)
    return {key[2]: i + 1 for i, key in enumerate(keys)}


def test_ranks_of_tied_and_mixed_runs_match_counting_every_run_ahead(store: Store) -> None:
    """A rank sums the results ahead (ties: the earlier run first), as counting runs did."""
    answered: dict[int, int] = {}
    for i in range(40):  # many runs of one result, others faster, slower and in between
        ticks, moves = (600, 50) if i % 2 else (500 + (i * 53) % 200, 48 + i % 5)
        entry, new = store.submit(rules.Checked(f"p{i}", "code/X", "X", None, moves, ticks,
                                                False, f"{i:064x}"))
        assert new
        answered[entry["id"]] = entry["rank"]
        assert entry["rank"] == _ranks_by_count(store, "code/X")[entry["id"]]
    store.submit(rules.Checked("q", "code/Y", "Y", None, 50, 600, False, f"{99:064x}"))
    final = _ranks_by_count(store, "code/X")
    for run_id in answered:  # sent again later: the rank now, ties by id
        assert store.entry(run_id)["rank"] == final[run_id]
    assert store.board("code/X", 100)["histogram"]["total"] == 40
    assert sum(b["count"] for b in store.board("code/Y", 5)["histogram"]["bins"]) == 1


def test_a_board_at_schema_version_1_gets_its_results_counted(db_url: str) -> None:
    """Migrating a database of version 1 counts the runs it holds into ``ranks``."""
    from sqlalchemy import insert, select

    from game.server.store import MIGRATIONS, ranks, runs, schema_version

    store = Store(db_url)
    with store.engine.begin() as conn:  # version 1, as the server before ``ranks`` left it
        schema_version.create(conn)
        conn.execute(insert(schema_version).values(version=1))
        MIGRATIONS[0](conn)
        for i, (ticks, moves) in enumerate([(600, 50), (600, 50), (500, 52), (600, 49)]):
            conn.execute(insert(runs).values(digest=f"{i:064x}", board="code/X", code="X",
                                             player="p", moves=moves, time_ticks=ticks,
                                             optimal=False, created=0.0))
    assert store.migrate() == SCHEMA_VERSION
    with store.engine.connect() as conn:
        counted = sorted(tuple(r) for r in conn.execute(
            select(ranks.c.time_ticks, ranks.c.moves, ranks.c.runs)).all())
    assert counted == [(500, 52, 1), (600, 49, 1), (600, 50, 2)]
    entry, _ = store.submit(rules.Checked("q", "code/X", "X", None, 50, 600, False, "f" * 64))
    assert entry["rank"] == 5
    store.close()


def test_a_fogged_levels_chasers_are_re_run_in_the_fog_as_the_game_ran_them() -> None:
    """The board re-runs a fogged level's chasers in the fog (they lose the scent there)."""
    from game.run.replay import from_json

    for code, fog in (("B41x41-2-L10-C2-F1", True), ("B15x15-16Q-C1", False)):
        run = rules.rerun(from_json(replay_doc(code)))
        assert run.chase and run.chase.fog is fog, code
