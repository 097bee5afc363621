"""Hostile submissions to the leaderboard, family by family, judged against the real app.

Each family is ``(rng, doc) -> body`` on ``random.Random`` (reproducible from its seed),
built from a finished replay document ``doc``.  :func:`judge` posts one body to the app
and returns its outcome ("201", "422 the re-run took"...), or raises AssertionError when
the server broke a promise: a 5xx, an answer that is not ``{"accepted": false, "reason"}``
for a refusal, a run stored without a 201, a run accepted that does not re-run to its
result, or an answer slower than :data:`MAX_SECONDS`.  ``tests/server/test_hostile.py``
runs a few of each on both databases; ``python tests/server/hostile.py --count N`` runs
many and prints the outcomes.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import re
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any, Callable

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.run.replay import ReplayFormatError, from_json, verify  # noqa: E402
from game.server.rules import budget  # noqa: E402

#: The slowest answer a hostile body may get (a worker is never held for seconds).
MAX_SECONDS = 2.0
JUNK: list[Any] = [None, True, False, 0, -1, 1 << 62, 10**19, 1.5, -0.0, 1e308, "", "x" * 300,
                   "B11x11-UL", "💥", "\u0000", [], {}, [[[]]], {"a": {"b": {}}},
                   "2026-12-03", "move", [0, "move", 0, 1]]


def _paths(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Return the path of every value inside ``doc``."""
    found = [prefix]
    if isinstance(doc, dict):
        for key, value in doc.items():
            found.extend(_paths(value, prefix + (key,)))
    elif isinstance(doc, list):
        for i, value in enumerate(doc[:50]):
            found.extend(_paths(value, prefix + (i,)))
    return found


def _set(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    """Return ``doc`` with the value at ``path`` replaced (the whole doc for an empty path)."""
    if not path:
        return value
    node = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return doc


def envelope(doc: Any, player: Any = "Ada", daily: Any = None) -> bytes:
    """Return the body of a submission."""
    body: dict[str, Any] = {"player": player, "replay": doc}
    if daily is not None:
        body["daily"] = daily
    return json.dumps(body, ensure_ascii=False).encode("utf-8")


def one_value(rng: random.Random, doc: dict[str, Any]) -> bytes:
    """Replace one value anywhere in the replay with junk."""
    doc = copy.deepcopy(doc)
    path = rng.choice(_paths(doc)[1:])
    return envelope(_set(doc, path, rng.choice(JUNK)))


def result_forged(rng: random.Random, doc: dict[str, Any]) -> bytes:
    """Change the recorded result: moves, ticks or time, by a little."""
    doc = copy.deepcopy(doc)
    key = rng.choice(["moves", "ticks", "time_ticks", "hints"])
    doc["result"][key] = max(0, doc["result"][key] + rng.choice([-100, -3, -1, 1, 2, 50]))
    return envelope(doc)


def intents_cut(rng: random.Random, doc: dict[str, Any]) -> bytes:
    """Drop, repeat or shuffle some intents, or move their ticks."""
    doc = copy.deepcopy(doc)
    items = doc["intents"]
    how = rng.randrange(4)
    if how == 0:
        del items[rng.randrange(len(items)):]
    elif how == 1:
        i = rng.randrange(len(items))
        items.insert(i, list(items[i]))
    elif how == 2:
        i = rng.randrange(len(items) - 1)
        items[i], items[i + 1] = items[i + 1], items[i]
    else:
        i = rng.randrange(len(items))
        items[i][0] = max(0, items[i][0] + rng.choice([-5, -1, 1, 5]))
    return envelope(doc)


def bytes_broken(rng: random.Random, doc: dict[str, Any]) -> bytes:
    """Cut the body short, flip bytes in it, or send random bytes."""
    body = bytearray(envelope(doc))
    how = rng.randrange(3)
    if how == 0:
        return bytes(body[:rng.randrange(len(body))])
    if how == 1:
        for _ in range(rng.randint(1, 8)):
            body[rng.randrange(len(body))] = rng.randrange(256)
        return bytes(body)
    return bytes(rng.randrange(256) for _ in range(rng.randint(0, 2000)))


def nesting_and_numbers(rng: random.Random, doc: dict[str, Any]) -> bytes:
    """Nest deep, or write huge numbers, strings or arrays where the replay has values."""
    how = rng.randrange(4)
    if how == 0:
        depth = rng.choice([9, 50, 1000, 100_000])
        return b'{"player": "Ada", "replay": ' + b"[" * depth + b"]" * depth + b"}"
    if how == 1:
        return b'{"player": "Ada", "replay": {"version": ' + b"9" * rng.randint(21, 5000) + b"}}"
    if how == 2:
        doc = copy.deepcopy(doc)
        doc["intents"] = doc["intents"] * rng.randint(20, 200)
        return envelope(doc)
    return envelope({**doc, "game": "x" * rng.randint(100, 400_000)})


def names_and_dates(rng: random.Random, doc: dict[str, Any]) -> bytes:
    """Send random names (any Unicode) and daily dates."""
    length = rng.choice([0, 1, 5, 24, 25, 100])
    name = "".join(chr(rng.choice([rng.randrange(32, 127), rng.randrange(0x80, 0x3000),
                                   rng.randrange(0x4E00, 0x9FFF), rng.randrange(0, 0x110000)]))
                   for _ in range(length))
    name = name.encode("utf-8", "replace").decode("utf-8", "replace")
    daily = rng.choice([None, "2026-12-03", "2026-02-30", "0000-00-00", "９９９９-01-01",
                        "2026-12-03T00:00", 20261203, ["2026-12-03"]])
    return envelope(doc, name, daily)


FAMILIES: dict[str, Callable[[random.Random, dict[str, Any]], bytes]] = {
    "one value": one_value, "result forged": result_forged, "intents cut": intents_cut,
    "bytes broken": bytes_broken, "nesting and numbers": nesting_and_numbers,
    "names and dates": names_and_dates,
}


def judge(client: Any, store: Any, body: bytes) -> str:
    """Post ``body``; return its outcome, or raise AssertionError for a broken promise."""
    before = store.count()
    start = time.perf_counter()
    answer = client.post("/api/v1/runs", content=body,
                         headers={"content-type": "application/json"})
    took = time.perf_counter() - start
    assert answer.status_code < 500, (answer.status_code, answer.text[:300])
    assert took < MAX_SECONDS, f"{took:.2f} s for one submission"
    found = answer.json()
    after = store.count()
    if answer.status_code in (200, 201):
        assert found["accepted"] is True
        assert after == before + (answer.status_code == 201)
        rep = from_json(json.loads(body)["replay"])  # it must re-run to what it says
        verdict = verify(rep, budget())
        assert verdict.finished and verdict.matches
        return str(answer.status_code)
    assert found["accepted"] is False and isinstance(found["reason"], str) and found["reason"]
    assert after == before, "a refused run was stored"
    reason = re.sub(r"[0-9]+", "N", found["reason"])[:48]
    return f"{answer.status_code} {reason}"


def main() -> int:
    """Run ``--count`` hostile bodies of every family on a fresh SQLite board; print outcomes."""
    from starlette.testclient import TestClient

    from game.server.app import Config, create_app
    from game.server.store import Store
    from tests.server.conftest import replay_doc

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=300, help="bodies of each family")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", help="a database URL (default: a fresh SQLite file)")
    args = parser.parse_args()
    db = args.db or f"sqlite:///{tempfile.mkdtemp(prefix='hostile.')}/board.sqlite3"
    store = Store(db)
    store.migrate()
    doc = replay_doc()
    broken = 0
    with TestClient(create_app(Config(db="", rate_limit=0), store)) as client:
        for name, family in FAMILIES.items():
            rng = random.Random(f"{args.seed} {name}")
            outcomes: Counter[str] = Counter()
            slowest = 0.0
            for _ in range(args.count):
                body = family(rng, doc)
                start = time.perf_counter()
                try:
                    outcomes[judge(client, store, body)] += 1
                except (AssertionError, ReplayFormatError) as exc:
                    broken += 1
                    print(f"BROKEN {name}: {exc!r}: {body[:200]!r}")
                slowest = max(slowest, time.perf_counter() - start)
            print(f"== {name}: {args.count} bodies, slowest {slowest * 1000:.0f} ms")
            for outcome, n in outcomes.most_common():
                print(f"  {n:6}  {outcome}")
    print(f"{broken} broken promises; {store.count()} runs stored")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
