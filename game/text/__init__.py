"""The text catalogue: every string a player reads, looked up by key in one place.

``t("levels.locked_message", previous=3, number=4)`` returns the current language's whole
sentence with its named placeholders filled in.  Code never glues fragments together nor
changes the case of a label: a sentence that differs is another key.  Only English
exists for now (:mod:`game.text.en`); ``set_language`` is the hook for more catalogues,
which fall back to English for a key they lack.  Pure: no pygame.
"""

from __future__ import annotations

from string import Formatter

from game.text import en

CATALOGUES: dict[str, dict[str, str]] = {"en": en.STRINGS}
DEFAULT_LANGUAGE = "en"

_language = [DEFAULT_LANGUAGE]


def language() -> str:
    """Return the code of the language the game speaks now."""
    return _language[0]


def set_language(code: str) -> None:
    """Speak the language ``code`` from now on; raise ValueError if there is no catalogue."""
    if code not in CATALOGUES:
        raise ValueError(f"no text catalogue for language {code!r} "
                         f"(have: {', '.join(sorted(CATALOGUES))})")
    _language[0] = code


def t(key: str, **named: object) -> str:
    """Return the sentence ``key`` in the current language, placeholders filled from ``named``."""
    template = CATALOGUES[language()].get(key)
    if template is None:
        template = CATALOGUES[DEFAULT_LANGUAGE][key]
    return template.format(**named) if named else template


def placeholders(template: str) -> set[str]:
    """Return the names of the placeholders in ``template``."""
    return {field for _, field, _, _ in Formatter().parse(template) if field is not None}
