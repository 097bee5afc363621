"""Exit codes and the usage error shared by the command line and the game's launcher.

A leaf module: it imports nothing from the game, so ``cli``, ``commands`` and
``play.launch`` can all depend on it without depending on each other.
"""

import re

EXIT_OK = 0
EXIT_NO_PATH = 1
EXIT_BAD_INPUT = 2


class UsageError(Exception):
    """Bad command-line input: printed as one line ``migong: error: ...``, exit code 2."""


def shown(value: str, limit: int = 40, *, quote: bool = True) -> str:
    """Return ``value`` for a message (``repr`` when ``quote``), cut after ``limit`` characters."""
    if len(value) <= limit:
        return repr(value) if quote else value
    head = repr(value[:limit]) if quote else value[:limit]
    return f"{head}... ({len(value)} characters)"


#: What a terminal obeys or cannot show rather than prints: control characters but the tab
#: (a newline splits the one error line; escape sequences retitle or clear the terminal),
#: the bidirectional overrides that reorder a line, and lone surrogates (a file name that
#: is not UTF-8).  A file name, a replay or a typed value can hold any of them.
_UNSHOWN = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def printable(text: str) -> str:
    """Return ``text`` with what a terminal would obey, not show, as backslash escapes."""
    return _UNSHOWN.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)
