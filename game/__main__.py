"""``python -m game``: hand argv to the command line."""

import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())
