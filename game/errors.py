"""Exit codes and the usage error shared by the command line and the game's launcher.

A leaf module: it imports nothing from the game, so ``cli``, ``commands`` and
``play.launch`` can all depend on it without depending on each other.
"""

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
