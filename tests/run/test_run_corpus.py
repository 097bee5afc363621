"""The run model re-runs every log of the corpus exactly as it did before it was sped up.

``GOLDEN`` holds the summary hashes (``run_corpus.summary``: finished, moves, time, keys,
hints, caught, tile, slide, clock, visits, trail) that the model made at commit 1160955,
before the board's re-run was sped up (issue 22); ``tests/benchmarks/check_same_runs.py``
compares more logs against any commit.  The mud-and-chaser case D31x31-1-R3-U10-C1 was
pinned again when chasers began wading mud as slowly as the player (a rule change, not a
speed-up).
"""

from __future__ import annotations

import pytest

from tests.run.run_corpus import CODES, golden, replayed, stepped, summary

#: Each case's summary hash at commit 1160955, by ``code/seed``.
GOLDEN: dict[str, str] = {
    "B11x11-UL/0": "11f50e1060ec81e73fa2",
    "B11x11-UL/1": "a130131713b06d000563",
    "B15x7-7/0": "5ec3b6fa43fe17454e68",
    "B15x7-7/1": "f4c33f9ef8235e93e9c5",
    "P13x13-106/0": "afb3d0c93138f686b69e",
    "P13x13-106/1": "31bda772ce5862433505",
    "D21x21-1MD-C1/0": "534432bbc589ffcf9360",
    "D21x21-1MD-C1/1": "67696f518261f983db13",
    "B15x15-16Q-C1/0": "4aea495b5e3949a2be10",
    "B15x15-16Q-C1/1": "4f6f5049fe6327df6820",
    "P21x21-1MD-C1/0": "25bc4f58e608446f82cd",
    "P21x21-1MD-C1/1": "36e574e6420f3245595f",
    "P25x25-1XH-C2/0": "706b8b4d5f75a2694718",
    "P25x25-1XH-C2/1": "d1398f46a7c185cbcd1f",
    "D31x31-2E5-C2/0": "28c94faf544666dcd45e",
    "D31x31-2E5-C2/1": "8626a568edf31e029a09",
    "B25x25-1XL-C2/0": "d9db06d278afba444e30",
    "B25x25-1XL-C2/1": "978e736d8a178fad37ae",
    "B15x15-15Z-Y1/0": "282eefc1897dc3bfb7d6",
    "B15x15-15Z-Y1/1": "c4d415e7ce688fe4b673",
    "P21x21-1MY-Y2/0": "28cfbcef15985bf2ec1b",
    "P21x21-1MY-Y2/1": "d6ad17a5f1cbe58c091e",
    "D27x27-23X-R3-Y2/0": "1cf5f8953977ee2f93ca",
    "D27x27-23X-R3-Y2/1": "1566cc569b944e0ab927",
    "B31x31-2FD-L10-Y3/0": "bd44f53d4a1f742d99a7",
    "B31x31-2FD-L10-Y3/1": "de40ade55ae06668eef3",
    "P21x21-1OH-F1/0": "a1caab0d77a3e782ada7",
    "P21x21-1OH-F1/1": "615b604f117788e332ea",
    "B15x15-17I-F1/0": "60bc97815ddcb27d25a3",
    "B15x15-17I-F1/1": "164f4b0c18109ee42b7d",
    "D31x31-2GK-R4-F1/0": "56c05598b2cc194d2436",
    "D31x31-2GK-R4-F1/1": "7bec95aa4312fabda09d",
    "D45x45-3HA-R4-L10-Y2-F1/0": "e574c69be654b5aac4b0",
    "D45x45-3HA-R4-L10-Y2-F1/1": "8462f406f7b48fc5803d",
    "G75x75-5SV-K3/0": "d5b3d6288a9a4d85796f",
    "G75x75-5SV-K3/1": "f108192f7923075d7325",
    "B21x21-7-U10/0": "4ff2d72835c936d909b4",
    "B21x21-7-U10/1": "e14387b5e4b23a63a4ab",
    "P25x25-9-U20-L10/0": "71c86f7d63ddf56d66a0",
    "P25x25-9-U20-L10/1": "476056de3a1e2f672e77",
    "D31x31-1-R3-U10-C1/0": "649da14dbe8ff7a5131f",
    "D31x31-1-R3-U10-C1/1": "94c6c4ce31c121dde38a",
    "B41x41-2-L10-C2-F1/0": "c32de0c807508346eb9c",
    "B41x41-2-L10-C2-F1/1": "5f0cce06d280b10ef066",
    "P31x31-1-U10-C1-F1/0": "dcc7627392c8e82215d0",
    "P31x31-1-U10-C1-F1/1": "8235658eea4c11aab82a",
    "P21x21-4-Y2-U10/0": "e28598aa4942df571d15",
    "P21x21-4-Y2-U10/1": "348907db0753d32fef7a",
    "G21x21-3-L20-C1/0": "df7ffbec232d869f9fe2",
    "G21x21-3-L20-C1/1": "eda07997054ab42aa1f6",
    "D41x41-3734O1D8-R3-F1/0": "2e5dad31d6319855fb57",
    "D41x41-3734O1D8-R3-F1/1": "59bbb122fa7cd5aa7166",
    "G45x45-3734O1D8-Y2/0": "feca9509058412a36d19",
    "G45x45-3734O1D8-Y2/1": "2408e852a11cf14833af",
}


@pytest.mark.parametrize("code", CODES)
def test_replay_matches_the_model_before_the_speed_work(code: str) -> None:
    """Every log of the corpus re-runs to the same run as before, keys, mud, chasers, fog."""
    cases = [(code, seed) for seed in (0, 1)]
    assert golden(cases) == {f"{c}/{s}": GOLDEN[f"{c}/{s}"] for c, s in cases}


@pytest.mark.parametrize("code", CODES[::3])
def test_batched_ticks_match_one_step_a_tick(code: str) -> None:
    """``replay`` (idle and sliding ticks batched) and one ``step`` a tick agree exactly."""
    assert summary(replayed(code, 0)) == summary(stepped(code, 0))


def test_the_corpus_finishes_and_gets_caught() -> None:
    """The corpus holds finished runs, caught runs and runs left on the way."""
    ends = [replayed(code, seed) for code in CODES for seed in (0, 1)]
    assert sum(r.finished for r in ends) >= 5
    assert sum(r.caught for r in ends) >= 3
    assert sum(not r.over for r in ends) >= 5
    assert any(r.keys for r in ends)
