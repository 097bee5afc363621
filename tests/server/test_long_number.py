"""The body's long-number check answers as the regex ``[0-9]{21}`` it replaced, sooner."""

from __future__ import annotations

import random
import re

import pytest

from game.run.replay import MAX_INT_DIGITS
from game.server.rules import Refused, long_number, parse_body

#: The check as it was: a regex over the body's bytes.
REGEX = re.compile(rb"[0-9]{%d}" % (MAX_INT_DIGITS + 1))


@pytest.mark.parametrize("body", [
    b"", b"1" * MAX_INT_DIGITS, b"1" * (MAX_INT_DIGITS + 1), b"x" + b"9" * 5000 + b"}",
    b'{"a": ' + b"1" * MAX_INT_DIGITS + b', "b": ' + b"2" * MAX_INT_DIGITS + b"}",
    b'{"a": "' + b"0" * (MAX_INT_DIGITS + 1) + b'"}',  # in a string it counts too
    b"1" * 10 + b"." + b"1" * 15,  # a fraction's digits are two runs
    "\u0661\u0662".encode() * 30,  # Arabic-Indic digits are not ASCII digits
    b" " * (MAX_INT_DIGITS + 1) + b"0" * MAX_INT_DIGITS,  # the spaces the check maps to
])
def test_long_number_matches_the_regex(body: bytes) -> None:
    """Each edge: a run of exactly the limit, one more, split runs, strings, non-ASCII."""
    assert long_number(body) == bool(REGEX.search(body))


def test_long_number_matches_the_regex_on_random_bodies() -> None:
    """Random bytes rich in digits give the regex's answer every time."""
    rng = random.Random(7)
    alphabet = b"0123456789" * 6 + b" ,.-e[]{}\"\x00\xff"
    for _ in range(2000):
        body = bytes(rng.choice(alphabet) for _ in range(rng.randrange(0, 120)))
        assert long_number(body) == bool(REGEX.search(body)), body


def test_a_body_with_a_long_number_is_refused_before_parsing() -> None:
    """The submission is refused with the same 400 and message as before."""
    with pytest.raises(Refused) as caught:
        parse_body(b'{"player": "Ada", "replay": {"version": 1' + b"9" * 5000 + b"}}")
    assert caught.value.status == 400 and "digits" in str(caught.value)
