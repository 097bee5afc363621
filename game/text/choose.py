"""Which language a run of the game speaks.

In order: ``MIGONG_LANG`` (``zh`` or ``en``; for this run only, never saved), else the
Language setting in the save, else the system's language, else English.  The system's
language is the POSIX locale variables (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
``LANG``, as gettext reads them), else the platform's own setting: the user's UI
language on Windows, the preferred languages on macOS (an app started from the Finder
has no ``LANG``), ``locale.getlocale()`` elsewhere.  :func:`choose_language` is pure;
:func:`platform_locale` asks the operating system.  No pygame.
"""

from __future__ import annotations

import locale
import logging
import os
import sys
from typing import Mapping, Optional

from game.text import CATALOGUES, DEFAULT_LANGUAGE

log = logging.getLogger(__name__)

LANGUAGE_ENV = "MIGONG_LANG"
#: The POSIX variables that name the language of messages, strongest first.
LOCALE_ENV = ("LC_ALL", "LC_MESSAGES", "LANG")
#: Windows LANGIDs: the primary language is the low ten bits; 0x04 is Chinese.
_WINDOWS_PRIMARY = {0x04: "zh", 0x09: "en"}


def language_of(name: Optional[str]) -> Optional[str]:
    """Return the catalogue a locale name or tag stands for ("zh_CN.UTF-8" -> "zh"), or None.

    Every Chinese locale (zh_TW and zh_HK too) reads the Simplified Chinese catalogue,
    the only Chinese one; "C" and "POSIX" are English.
    """
    if not name:
        return None
    tag = name.strip().split(".")[0].split("@")[0].replace("-", "_").lower()
    if tag in ("c", "posix"):
        return "en"
    if tag.startswith("chinese"):  # Windows' locale.getlocale(): "Chinese (Simplified)_China"
        return "zh"
    if tag.startswith("english"):
        return "en"
    code = tag.split("_")[0]
    return code if code in CATALOGUES else None


def locale_from_env(env: Mapping[str, str]) -> Optional[str]:
    """Return the locale the POSIX variables choose for messages, or None when none is set.

    ``LANGUAGE`` (a list such as ``zh_CN:en``) comes first unless the locale is C.
    """
    chosen = next((env[name] for name in LOCALE_ENV if env.get(name)), None)
    if chosen is not None and chosen.split(".")[0] in ("C", "POSIX"):
        return chosen  # gettext ignores LANGUAGE in the C locale
    for wanted in env.get("LANGUAGE", "").split(":"):
        if language_of(wanted) is not None:
            return wanted
    return chosen


def choose_language(*, saved: Optional[str], env: Mapping[str, str],
                    system: Optional[str] = None) -> str:
    """Return the language to speak: MIGONG_LANG, else ``saved``, else the system's, else English.

    ``system`` is the platform's own locale (see :func:`platform_locale`), asked only
    when the POSIX variables in ``env`` name none.
    """
    override = env.get(LANGUAGE_ENV)
    if override:
        code = language_of(override)
        if code is not None:
            return code
        log.warning("%s=%s is not a language of the game (%s); ignored", LANGUAGE_ENV,
                    override, ", ".join(sorted(CATALOGUES)))
    if saved in CATALOGUES:
        return saved
    for name in (locale_from_env(env), system):
        code = language_of(name)
        if code is not None:
            return code
    return DEFAULT_LANGUAGE


def windows_locale(langid: int) -> Optional[str]:
    """Return the language of a Windows LANGID (0x0804 -> "zh"), or None for another."""
    return _WINDOWS_PRIMARY.get(langid & 0x3FF)


def platform_locale() -> Optional[str]:
    """Return the operating system's UI language setting (not the POSIX variables), or None."""
    try:
        if sys.platform == "win32":
            import ctypes

            return windows_locale(ctypes.windll.kernel32.GetUserDefaultUILanguage())
        if sys.platform == "darwin":
            return _mac_preferred_language()
        return locale.getlocale()[0]
    except (OSError, AttributeError, ValueError, TypeError) as exc:  # no such API here
        log.debug("no system language: %s", exc)
        return None


def _mac_preferred_language() -> Optional[str]:
    """Return the first of the user's preferred languages on macOS ("zh-Hans-CN"), or None."""
    import ctypes
    import ctypes.util

    path = ctypes.util.find_library("CoreFoundation")
    if path is None:
        return None
    cf = ctypes.cdll.LoadLibrary(path)
    cf.CFLocaleCopyPreferredLanguages.restype = ctypes.c_void_p
    cf.CFArrayGetCount.argtypes = [ctypes.c_void_p]
    cf.CFArrayGetCount.restype = ctypes.c_long
    cf.CFArrayGetValueAtIndex.argtypes = [ctypes.c_void_p, ctypes.c_long]
    cf.CFArrayGetValueAtIndex.restype = ctypes.c_void_p
    cf.CFStringGetCString.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_long,
                                      ctypes.c_uint32]
    cf.CFStringGetCString.restype = ctypes.c_bool
    cf.CFRelease.argtypes = [ctypes.c_void_p]
    languages = cf.CFLocaleCopyPreferredLanguages()
    if not languages:
        return None
    try:
        if cf.CFArrayGetCount(languages) < 1:
            return None
        buffer = ctypes.create_string_buffer(64)
        utf8 = 0x08000100  # kCFStringEncodingUTF8
        if not cf.CFStringGetCString(cf.CFArrayGetValueAtIndex(languages, 0), buffer, 64, utf8):
            return None
        return buffer.value.decode("utf-8")
    finally:
        cf.CFRelease(languages)


def startup_language(saved: Optional[str]) -> str:
    """Return the language this run starts in, from the environment and the system."""
    env = dict(os.environ)
    system = None if locale_from_env(env) else platform_locale()
    return choose_language(saved=saved, env=env, system=system)
