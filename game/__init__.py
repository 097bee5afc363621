"""Migong (迷宫): a desktop maze game built on the classic maze algorithms."""

__version__ = "0.1.0"
