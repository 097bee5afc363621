"""The maze editor's pure model (no pygame): :mod:`game.edit.model`."""
