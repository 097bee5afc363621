"""Which language a run speaks: MIGONG_LANG for one run, else the saved setting, else the
system's locale, else English; and how the save keeps the setting."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import pytest

from game.save import Progress, Settings, from_json, load_progress, save_progress, to_json
from game.text.choose import choose_language, language_of, locale_from_env, windows_locale

#: (environment, saved setting, the platform's own locale) -> the language spoken.
CHOICES: list[tuple[dict[str, str], Optional[str], Optional[str], str]] = [
    ({}, None, None, "en"),
    ({"LANG": "zh_CN.UTF-8"}, None, None, "zh"),
    ({"LANG": "en_US.UTF-8"}, None, None, "en"),
    ({"LANG": "zh_TW.UTF-8"}, None, None, "zh"),  # the one Chinese catalogue
    ({"LANG": "zh_SG"}, None, None, "zh"),
    ({"LANG": "fr_FR.UTF-8"}, None, None, "en"),
    ({"LANG": "C.UTF-8"}, None, None, "en"),
    ({"LANG": "POSIX"}, None, None, "en"),
    ({"LANG": "zh_CN.UTF-8", "LC_ALL": "en_US.UTF-8"}, None, None, "en"),
    ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "zh_CN.UTF-8"}, None, None, "zh"),
    ({"LANG": "zh_CN.UTF-8", "LC_MESSAGES": "en_GB"}, None, None, "en"),
    ({"LC_ALL": "zh_CN.GB18030@pinyin"}, None, None, "zh"),
    ({"LANG": "en_US.UTF-8", "LANGUAGE": "zh_CN:en"}, None, None, "zh"),
    ({"LANG": "zh_CN.UTF-8", "LANGUAGE": "fr:en"}, None, None, "en"),
    ({"LANG": "C", "LANGUAGE": "zh_CN"}, None, None, "en"),  # gettext ignores LANGUAGE in C
    ({"LANG": ""}, None, None, "en"),
    ({}, None, "zh-Hans-CN", "zh"),  # macOS preferred languages, from the Finder
    ({}, None, "Chinese (Simplified)_China", "zh"),  # Windows' locale.getlocale()
    ({}, None, "en-GB", "en"),
    ({"LANG": "en_US.UTF-8"}, None, "zh-Hans", "en"),  # the variables speak first
    ({"LANG": "zh_CN.UTF-8"}, "en", None, "en"),  # the setting beats the system
    ({"LANG": "en_US.UTF-8"}, "zh", None, "zh"),
    ({"LANG": "en_US.UTF-8"}, "xx", None, "en"),  # a language this version lacks
    ({"MIGONG_LANG": "zh", "LANG": "en_US.UTF-8"}, None, None, "zh"),
    ({"MIGONG_LANG": "en", "LANG": "zh_CN.UTF-8"}, None, None, "en"),
    ({"MIGONG_LANG": "zh"}, "en", None, "zh"),  # this run only: beats the setting
    ({"MIGONG_LANG": "en"}, "zh", None, "en"),
    ({"MIGONG_LANG": "zh_CN.UTF-8"}, "en", None, "zh"),
    ({"MIGONG_LANG": "klingon", "LANG": "zh_CN.UTF-8"}, None, None, "zh"),  # ignored
    ({"MIGONG_LANG": ""}, "zh", None, "zh"),
]


@pytest.mark.parametrize("env, saved, system, spoken", CHOICES)
def test_the_language_chosen(env: dict[str, str], saved: Optional[str], system: Optional[str],
                             spoken: str) -> None:
    assert choose_language(saved=saved, env=env, system=system) == spoken


def test_an_unknown_migong_lang_is_logged_and_ignored(caplog: pytest.LogCaptureFixture) -> None:
    assert choose_language(saved="zh", env={"MIGONG_LANG": "fr"}) == "zh"
    assert "MIGONG_LANG=fr is not a language of the game (en, zh)" in caplog.text


@pytest.mark.parametrize("name, code", [
    ("zh", "zh"), ("zh_CN", "zh"), ("zh-Hans", "zh"), ("ZH_cn.utf8", "zh"), ("en", "en"),
    ("en_US.ISO8859-1", "en"), ("C", "en"), ("de_DE", None), ("", None), (None, None),
])
def test_a_locale_name_stands_for_a_catalogue_or_none(name: Optional[str],
                                                      code: Optional[str]) -> None:
    assert language_of(name) == code


def test_the_posix_variables_name_the_locale_of_messages() -> None:
    assert locale_from_env({}) is None
    assert locale_from_env({"LANG": "de_DE", "LC_MESSAGES": "zh_CN"}) == "zh_CN"
    assert locale_from_env({"LANG": "en_US", "LANGUAGE": "de:zh_TW:en"}) == "zh_TW"


@pytest.mark.parametrize("langid, code", [
    (0x0804, "zh"), (0x0404, "zh"), (0x0C04, "zh"), (0x1004, "zh"),  # CN, TW, HK, SG
    (0x0409, "en"), (0x0809, "en"), (0x0407, None), (0x0411, None),  # US, GB, de, ja
])
def test_windows_ui_languages(langid: int, code: Optional[str]) -> None:
    assert windows_locale(langid) == code


# -- the saved setting --------------------------------------------------------------------
def test_the_language_setting_is_saved_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    progress = Progress(settings=Settings(language="zh"))
    save_progress(progress, path)
    assert json.loads(path.read_text(encoding="utf-8"))["settings"]["language"] == "zh"
    loaded, notice = load_progress(path)
    assert notice is None and loaded.settings.language == "zh"


def test_following_the_system_leaves_the_language_out_of_the_save() -> None:
    assert "language" not in to_json(Progress())["settings"]
    assert from_json(to_json(Progress())).settings.language is None


@pytest.mark.parametrize("value", ["xx", "", 7, None, ["zh"], {"code": "zh"}])
def test_an_unknown_or_mistyped_saved_language_follows_the_system(value: object) -> None:
    doc = to_json(Progress())
    doc["settings"]["language"] = value
    progress = from_json(doc)  # a preference, not progress: never a corrupt save
    assert progress.settings.language is None
