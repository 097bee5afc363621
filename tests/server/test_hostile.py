"""A few hostile submissions of every family on both databases: never a 5xx, nothing stored.

``python tests/server/hostile.py --count N`` runs many more (see tests/server/hostile.py).
"""

from __future__ import annotations

import random
from typing import Callable, Iterator

import pytest
from starlette.testclient import TestClient

from game.server.app import Config, create_app
from game.server.store import Store
from tests.server.conftest import replay_doc
from tests.server.hostile import FAMILIES, judge

#: Bodies of each family a suite run posts.
COUNT = 12


@pytest.fixture
def client(store: Store) -> Iterator[TestClient]:
    """Yield a test client of a board on ``store`` with no rate limit."""
    with TestClient(create_app(Config(db="", rate_limit=0), store)) as found:
        yield found


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_hostile_bodies_are_refused_cleanly_or_re_run_true(client: TestClient, store: Store,
                                                           name: str) -> None:
    family: Callable[..., bytes] = FAMILIES[name]
    rng = random.Random(f"suite {name}")
    doc = replay_doc()
    outcomes = [judge(client, store, family(rng, doc)) for _ in range(COUNT)]
    assert any(not o.startswith("20") for o in outcomes)  # the family does reach a refusal
