"""The text catalogue: every string a player reads, looked up by key in one place.

``t("levels.locked_message", previous=3, number=4)`` returns the current language's whole
sentence with its named placeholders filled in.  Code never glues fragments together nor
changes the case of a label: a sentence that differs is another key.  English
(:mod:`game.text.en`, with :mod:`game.text.en_tools`, :mod:`game.text.en_lab`,
:mod:`game.text.en_stats` and :mod:`game.text.en_chase`) and Simplified Chinese
(:mod:`game.text.zh`, with its ``zh_tools``, ``zh_lab``, ``zh_stats`` and ``zh_chase``)
exist; a catalogue falls back to English for a key it lacks, and a key no catalogue has to
the English ``default`` its caller gives (a registry entry's own label, :mod:`game.maze.registry`).
Which language a run starts in is chosen by
:mod:`game.text.choose`.  Pure: no pygame.
"""

from __future__ import annotations

from string import Formatter
from typing import Optional

from game.text import en, en_lab, en_stats, en_tools, zh, zh_lab, zh_stats, zh_tools
from game.text import en_chase, en_play, zh_chase, zh_play

#: Each language's sentences by key: its main catalogue and its tools' (help, editor, lab).
CATALOGUES: dict[str, dict[str, str]] = {
    "en": (en.STRINGS | en_tools.STRINGS | en_lab.STRINGS | en_stats.STRINGS | en_chase.STRINGS
           | en_play.STRINGS),
    "zh": (zh.STRINGS | zh_tools.STRINGS | zh_lab.STRINGS | zh_stats.STRINGS | zh_chase.STRINGS
           | zh_play.STRINGS),
}
DEFAULT_LANGUAGE = "en"
#: Each language's name in its own script, as the Language setting shows it.
LANGUAGE_NAMES = {"en": "English", "zh": "简体中文"}
#: What every placeholder is filled with to see the characters a sentence can show: its
#: digits, and what a format spec (``{n:,}``, ``{s:.1f}``, ``{x:g}``) adds to them.
SAMPLE_VALUE = 1234567890.5

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


def t(key: str, *, default: Optional[str] = None, **named: object) -> str:
    """Return the sentence ``key`` in the current language, placeholders filled from ``named``.

    ``default`` is the English template for a key no catalogue has; without one, such a
    key raises KeyError.
    """
    template = CATALOGUES[language()].get(key)
    if template is None:
        template = CATALOGUES[DEFAULT_LANGUAGE].get(key, default)
    if template is None:
        raise KeyError(key)
    return template.format(**named) if named else template


def placeholders(template: str) -> set[str]:
    """Return the names of the placeholders in ``template``."""
    return {field for _, field, _, _ in Formatter().parse(template) if field is not None}


def catalogue_characters(code: str) -> set[str]:
    """Return every character the catalogue ``code`` can show, placeholders filled with digits."""
    templates = CATALOGUES[code].values()
    named = {name: SAMPLE_VALUE for text in templates for name in placeholders(text)}
    shown = [text.format(**named) for text in templates]
    return set("".join(shown)) | set(LANGUAGE_NAMES[code]) | set("0123456789")
