"""The leaderboard server: re-runs every submitted replay with the game's own run model.

A thin shell over the same rules (house style 24): :mod:`game.server.rules` checks and
re-runs a submission (pure, standard library and the run model only);
:mod:`game.server.store` keeps the accepted runs through SQLAlchemy Core, one schema for
SQLite and PostgreSQL; :mod:`game.server.app` is the HTTP edge (Starlette) and
:mod:`game.server.page` the HTML page; :mod:`game.server.client` talks to a server with
the standard library only (``migong submit``, ``migong board``, the game).  Nothing here
imports ``game.play`` or pygame, and only ``app``, ``store`` and ``serve`` need the
``server`` extra.
"""
