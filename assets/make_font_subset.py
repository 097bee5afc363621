"""Make the Chinese font: Noto Sans CJK SC Bold cut down to what the game shows (deterministic).

Run ``python assets/make_font_subset.py [SOURCE]`` after changing ``game/text/zh.py``; it
rewrites ``fonts/NotoSansSC-Migong.otf`` here, holding exactly

* every character the Chinese catalogue can show (``game.text.catalogue_characters``:
  its sentences with their placeholders filled with digits, and the name 简体中文),
* the 6,763 common characters of GB 2312 (``game.text.common``): players' names on the
  leaderboard and file names may be any Chinese (1.7 MB in all; the catalogue alone was
  140 KB, GB 2312 level 1 alone 930 KB but it lacks name characters such as 昊),
* and printable ASCII (level codes, file names, key names).

SOURCE is Noto Sans CJK Bold as Debian's ``fonts-noto-cjk`` installs it (``apt-get
install fonts-noto-cjk``; the default is its ``NotoSansCJK-Bold.ttc``), or a single
Noto Sans CJK SC / Noto Sans SC Bold ``.otf``.  From a collection the font whose name
table says "Noto Sans CJK SC" is taken.  Bold, because the game's Latin font (pygame's
freesansbold) is bold: the two weights then match on screen.

Changed besides the subset, as the SIL Open Font License asks of a modified version
(its text is ``fonts/OFL.txt``): the names say "Noto Sans SC Migong", a subset; and the
vertical metrics are the ideographic em box (the source's OS/2 typo ascender and
descender), so a line of Chinese is one em tall instead of the source's 1.45 em and sits
in layouts made for the Latin font.  The outlines stay CFF (an ``.otf``, which
SDL_ttf/FreeType read).  Timestamps are taken from the source, so the same source and
catalogue give the same bytes.  Needs fontTools (``pip install fonttools``); the game
itself never imports it.
"""

from __future__ import annotations

import string
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the game's catalogue, from this checkout

from game.text import catalogue_characters  # noqa: E402
from game.text.common import common_characters  # noqa: E402

DEFAULT_SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc")
OUT = HERE / "fonts" / "NotoSansSC-Migong.otf"
FAMILIES = ("Noto Sans CJK SC", "Noto Sans SC")
FAMILY = "Noto Sans SC Migong"
POSTSCRIPT = "NotoSansSCMigong-Bold"


def wanted_characters() -> str:
    """Return the characters the font must hold, sorted: the Chinese catalogue's, the
    commonest Chinese and ASCII."""
    chars = catalogue_characters("zh") | set(common_characters()) | set(string.printable[:95])
    return "".join(sorted(chars))


def open_source(path: Path) -> TTFont:
    """Return the Simplified Chinese font in ``path`` (a collection or one font file)."""
    if path.suffix.lower() in (".ttc", ".otc"):
        for font in TTCollection(str(path)).fonts:
            if font["name"].getDebugName(1) in FAMILIES:
                return font
        raise SystemExit(f"make_font_subset: no {' or '.join(FAMILIES)} in {path}")
    font = TTFont(str(path))
    if font["name"].getDebugName(1) not in FAMILIES:
        raise SystemExit(f"make_font_subset: {path} is {font['name'].getDebugName(1)!r}, "
                         f"not {' or '.join(FAMILIES)}")
    return font


def cut(font: TTFont, text: str) -> None:
    """Keep only the glyphs of ``text`` in ``font`` (names and hints kept)."""
    options = subset.Options()
    options.name_IDs = ["*"]  # the copyright, licence and trademark records stay
    options.notdef_outline = True  # a character it lacks shows as a box, not as nothing
    # No OpenType layout: its features only pull in vertical, Japanese, Korean and
    # Traditional forms the game never shows; nor vertical metrics.
    options.layout_features = []
    options.drop_tables += ["GSUB", "GPOS", "BASE", "vhea", "vmtx", "VORG"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=text)
    subsetter.subset(font)


def mark_modified(font: TTFont, version: str) -> None:
    """Rename the font as a modified version and give it the ideographic em box as its line."""
    name = font["name"]
    for record_id, value in ((1, FAMILY), (3, f"{version};{POSTSCRIPT};subset for Migong"),
                             (4, f"{FAMILY} Bold"), (6, POSTSCRIPT), (16, FAMILY)):
        if record_id == 16 and name.getName(16, 3, 1, 0x409) is None:
            continue
        name.setName(value, record_id, 3, 1, 0x409)
        name.removeNames(nameID=record_id, platformID=1)
    os2, hhea = font["OS/2"], font["hhea"]
    ascent, descent = os2.sTypoAscender, os2.sTypoDescender
    hhea.ascent, hhea.descent, hhea.lineGap = ascent, descent, 0
    os2.sTypoLineGap = 0
    os2.usWinAscent, os2.usWinDescent = ascent, -descent
    font["head"].modified = font["head"].created  # the same bytes on every run


def main(argv: list[str]) -> int:
    """Write the subset font; return 0."""
    source = Path(argv[1]) if len(argv) > 1 else DEFAULT_SOURCE
    if not source.is_file():
        raise SystemExit(f"make_font_subset: {source} not found (apt-get install fonts-noto-cjk, "
                         "or give the path of a Noto Sans CJK SC Bold font)")
    font = open_source(source)
    version = font["name"].getDebugName(5) or "Version ?"
    text = wanted_characters()
    cut(font, text)
    mark_modified(font, version.split(";")[0])
    missing = [ch for ch in text if ord(ch) not in font.getBestCmap()]
    if missing:
        raise SystemExit(f"make_font_subset: {source} has no glyph for {''.join(missing)!r}")
    OUT.parent.mkdir(exist_ok=True)
    font.recalcTimestamp = False
    font.save(str(OUT))
    print(f"wrote {OUT.relative_to(HERE.parent)}: {len(text)} characters, "
          f"{len(font.getGlyphOrder())} glyphs, {OUT.stat().st_size // 1024} KB, from {source}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
