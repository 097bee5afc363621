"""The common Chinese characters, which the bundled font holds besides the catalogue's.

Players' names (on the leaderboard) and file names may be any Chinese; the font holds
the 6,763 characters of GB 2312 (level 1, the 3,755 commonest, by pinyin; level 2, 3,008
more, by radical), which cover nearly all everyday text and names.  Pure: the font
script (``assets/make_font_subset.py``) and the tests read it.
"""

from __future__ import annotations

#: GB 2312's Chinese characters: lead bytes 0xB0-0xF7, 94 cells a row (0xA1-0xFE); the
#: last row of level 1 (0xD7) ends at 0xD7F9.
_LEADS = range(0xB0, 0xF8)
_CELLS = range(0xA1, 0xFF)
_LEVEL_1_END = (0xD7, 0xF9)


def common_characters() -> str:
    """Return the 6,763 Chinese characters of GB 2312, in its order."""
    out = []
    for lead in _LEADS:
        for cell in _CELLS:
            if lead == _LEVEL_1_END[0] and cell > _LEVEL_1_END[1]:
                continue  # unassigned
            out.append(bytes((lead, cell)).decode("gb2312"))
    return "".join(out)
