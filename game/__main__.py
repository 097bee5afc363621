"""``python -m game``: hand argv to the command line."""

import sys

if __name__ == "__main__":
    try:
        from game.cli import main
    except KeyboardInterrupt:  # Ctrl-C while the command line loads: quietly, as main() does
        sys.exit(130)
    sys.exit(main())
