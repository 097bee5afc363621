"""The board's HTML page: a day's daily board or a level code's board, readable on a phone.

``GET /`` shows today's daily, ``/?date=YYYY-MM-DD`` another day's (with links to the day
before and after), ``/?code=CODE`` a level code's board; a bad query value is a page
saying what is wrong (400).  One self-contained page (no script, no external file), its
sentences in English and Chinese in :data:`TEXT` (the browser draws them with its own
fonts, so they stay out of the game's catalogues, whose Chinese characters make the
game's font subset).  Times are written as the game writes them (:mod:`game.times`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta
from html import escape
from typing import Any, Mapping, Optional

from game.times import format_time

TEXT: dict[str, dict[str, str]] = {
    "en": {
        "title": "Migong daily board",
        "title_code": "Migong board of a level code",
        "heading": "The daily maze of {date}",
        "heading_code": "The board of one level code",
        "code": "Level code: {code}",
        "empty": "No run yet today: play the daily maze and send yours.",
        "empty_day": "No run was sent for this day's maze.",
        "empty_code": "No run yet on this level code: play it and send yours.",
        "rank": "Rank", "player": "Player", "moves": "Moves", "time": "Time",
        "optimal": "shortest route",
        "histogram": "Times of all {total} runs",
        "histogram_one": "Time of the one run",
        "previous": "← Day before", "next": "Day after →", "today": "Today",
        "pick_date": "Another day", "pick_code": "A level code", "show": "Show",
        "note": "Every run here was re-played by the server with the game's own rules "
                "before it counted.",
        "bad_title": "This board cannot be shown",
        "bad_date": "“{value}” is not a date: write it YYYY-MM-DD, e.g. 2026-12-01.",
        "future_date": "The daily maze of {value} has not come yet.",
        "bad_code": "“{value}” is not a level code: one looks like B11x11-UL, and the game "
                    "shows it while you play.",
        "no_code": "Type a level code to see its board.",
        "both": "Ask for a date or a level code, not both.",
        "back": "Back to today's daily board",
    },
    "zh": {
        "title": "迷宫每日排行榜",
        "title_code": "迷宫关卡代码排行榜",
        "heading": "{date} 的每日迷宫",
        "heading_code": "一个关卡代码的排行榜",
        "code": "关卡代码：{code}",
        "empty": "今天还没有成绩：去玩每日迷宫，提交你的成绩吧。",
        "empty_day": "这一天的迷宫没有人提交成绩。",
        "empty_code": "这个关卡代码还没有成绩：去玩一玩，提交你的成绩吧。",
        "rank": "名次", "player": "玩家", "moves": "步数", "time": "用时",
        "optimal": "最短路线",
        "histogram": "全部 {total} 次成绩的用时分布",
        "histogram_one": "唯一一次成绩的用时",
        "previous": "← 前一天", "next": "后一天 →", "today": "今天",
        "pick_date": "其他日期", "pick_code": "关卡代码", "show": "查看",
        "note": "这里的每一次成绩都由服务器按游戏自己的规则重放核对后才计入。",
        "bad_title": "无法显示这个排行榜",
        "bad_date": "“{value}”不是日期：请写成 YYYY-MM-DD，例如 2026-12-01。",
        "future_date": "{value} 的每日迷宫还没有到来。",
        "bad_code": "“{value}”不是关卡代码：关卡代码形如 B11x11-UL，游玩时游戏会显示它。",
        "no_code": "请输入一个关卡代码来查看它的排行榜。",
        "both": "请只查询一个日期或一个关卡代码，不要同时查询两者。",
        "back": "返回今天的每日排行榜",
    },
}

STYLE = """
body{font-family:system-ui,-apple-system,"Noto Sans CJK SC",sans-serif;margin:0 auto;
max-width:40rem;padding:1rem;background:#14161c;color:#e8e6df;line-height:1.4}
h1{font-size:1.4rem;margin:.2rem 0}h2{font-size:1.1rem;margin:1.2rem 0 .4rem}
.nw{white-space:nowrap}a{color:#7cc4f0}
.code{color:#9aa3b5;font-family:monospace;overflow-wrap:anywhere}
nav{display:flex;justify-content:space-between;gap:.5rem;margin:.6rem 0;font-size:.95rem}
nav a,nav span{white-space:nowrap}nav span{visibility:hidden}
form{display:flex;flex-wrap:wrap;align-items:center;gap:.4rem;margin:.4rem 0;font-size:.9rem}
form label{min-width:6.5rem;color:#9aa3b5}
input,button{font:inherit;background:#232731;color:#e8e6df;border:1px solid #3a3f4b;
border-radius:4px;padding:.25rem .4rem}input[name=code]{flex:1;min-width:8rem}
table{width:100%;border-collapse:collapse;font-variant-numeric:tabular-nums}
th,td{padding:.35rem .3rem;text-align:left;border-bottom:1px solid #2c303a}
td.n,th.n{text-align:right;white-space:nowrap}.opt{color:#f2c14e;font-size:.8rem;white-space:nowrap}
.hist{display:flex;align-items:flex-end;gap:2px;height:8rem;border-bottom:1px solid #555}
.bar{flex:1;background:#4fa3d9;min-height:1px}
.axis{display:flex;justify-content:space-between;color:#9aa3b5;font-size:.8rem}
.note{color:#9aa3b5;font-size:.85rem;margin-top:1.5rem}
"""

#: Dates and the pattern of one, each kept whole on a line.
_DATES = re.compile(r"\d{4}-\d\d-\d\d|YYYY-MM-DD")

#: Longest query value a bad-query page repeats back.
SHOWN = 40


@dataclass(frozen=True)
class View:
    """Which board a page shows: ``day``'s daily, or the board of level ``code``."""

    today: date
    day: Optional[date] = None
    code: Optional[str] = None

    @property
    def board(self) -> str:
        """Return the board's name as the store knows it."""
        return f"code/{self.code}" if self.code is not None else f"daily/{self.shown_day}"

    @property
    def shown_day(self) -> date:
        """Return the day of a daily board (today when none was asked)."""
        return self.day or self.today


class Unshowable(Exception):
    """A query value the page cannot show: its catalogue key and the value, cut short."""

    def __init__(self, key: str, value: str = "") -> None:
        super().__init__(key)
        self.key = key
        self.value = value if len(value) <= SHOWN else value[:SHOWN] + "…"


def choose(query: Mapping[str, str], today: date) -> View:
    """Return the board ``query`` asks for (``date`` or ``code``), or raise Unshowable."""
    from game.server import rules

    day, code = query.get("date"), query.get("code")
    if day is not None and code is not None:
        raise Unshowable("both")
    if code is not None:
        if not code.strip():
            raise Unshowable("no_code")
        try:
            rules.board_name("code", code.strip())
        except rules.Refused:
            raise Unshowable("bad_code", code) from None
        return View(today, code=_spelt(code.strip()))
    if day is None or not day.strip():
        return View(today)
    try:
        return View(today, day=rules.check_date(day.strip()))
    except rules.Refused as exc:
        key = "future_date" if "not come" in exc.reason else "bad_date"
        raise Unshowable(key, day) from None


def _spelt(code: str) -> str:
    """Return ``code`` as the game spells it when it differs only in case (typed on a phone)."""
    from game.levels import level_code, parse_level_code

    game = level_code(parse_level_code(code))
    return game if game.upper() == code.upper() else code


def language(accept: str) -> str:
    """Return the page's language for an Accept-Language header: "zh" or "en"."""
    return "zh" if accept.strip().lower().startswith("zh") else "en"


def _head(title: str, lang: str) -> list[str]:
    """Return the page's opening, up to its body."""
    return [f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>"]


def _heading(text: dict[str, str], day: date) -> str:
    """Return the heading of ``day``'s daily, the date kept whole on one line."""
    before, _, after = text["heading"].partition("{date}")
    return (f"<h1>{escape(before)}<span class=\"nw\" id=\"day\">{day.isoformat()}</span>"
            f"{escape(after)}</h1>")


def _nav(view: View, text: dict[str, str]) -> str:
    """Return the links to the day before, today and the day after (those that exist)."""
    day = view.shown_day

    def link(to: Optional[date], key: str, rel: str) -> str:
        if to is None:
            return f"<span>{escape(text[key])}</span>"  # holds its place, unseen
        href = "/" if to == view.today else f"/?date={to.isoformat()}"
        return f'<a href="{href}" rel="{rel}" id="{rel}">{escape(text[key])}</a>'

    if view.code is not None:
        return f'<nav>{link(view.today, "today", "today")}</nav>'
    earlier = day - timedelta(days=1) if day > date.min else None
    later = day + timedelta(days=1) if day < view.today else None
    middle = link(view.today, "today", "today") if day != view.today else ""
    return (f"<nav>{link(earlier, 'previous', 'prev')}{middle}"
            f"{link(later, 'next', 'next')}</nav>")


def _forms(view: View, text: dict[str, str]) -> list[str]:
    """Return the forms asking for another day's board and for a level code's board."""
    day = view.shown_day.isoformat()
    code = escape(view.code or "", quote=True)
    return [f'<form method="get" action="/"><label for="pick-date">{escape(text["pick_date"])}'
            f'</label><input type="date" id="pick-date" name="date" value="{day}" '
            f'max="{view.today.isoformat()}" required><button>{escape(text["show"])}</button>'
            "</form>",
            f'<form method="get" action="/"><label for="pick-code">{escape(text["pick_code"])}'
            f'</label><input id="pick-code" name="code" value="{code}" maxlength="100" '
            f'autocapitalize="characters" spellcheck="false" required>'
            f'<button>{escape(text["show"])}</button></form>']


def render(board: dict[str, Any], view: View, lang: str = "en") -> str:
    """Return the page of ``board`` (as the API answers it) that ``view`` asks for."""
    from game.server.rules import daily_code_of

    text = TEXT.get(lang, TEXT["en"])
    if view.code is not None:
        parts = _head(text["title_code"], lang)
        parts.append(f"<h1>{escape(text['heading_code'])}</h1>")
        code, empty = view.code, text["empty_code"]
    else:
        parts = _head(text["title"], lang)
        parts.append(_heading(text, view.shown_day))
        code = daily_code_of(view.shown_day)
        empty = text["empty"] if view.shown_day == view.today else text["empty_day"]
    parts.append(f'<p class="code" id="level-code">{escape(text["code"].format(code=code))}</p>')
    parts.append(_nav(view, text))
    entries = board["entries"]
    if not entries:
        parts.append(f'<p id="empty">{escape(empty)}</p>')
    else:
        parts.append(f'<table id="board"><thead><tr><th class="n">{escape(text["rank"])}</th>'
                     f'<th>{escape(text["player"])}</th><th class="n">{escape(text["moves"])}'
                     f'</th><th class="n">{escape(text["time"])}</th></tr></thead><tbody>')
        for e in entries:
            star = f' <span class="opt">★ {escape(text["optimal"])}</span>'
            mark = star if e["optimal"] else ""
            parts.append(f'<tr><td class="n">{e["rank"]}</td><td>{escape(e["player"])}{mark}'
                         f'</td><td class="n">{e["moves"]}</td><td class="n time">'
                         f"{escape(format_time(e['time']))}</td></tr>")
        parts.append("</tbody></table>")
        parts.extend(_histogram(board["histogram"], text))
    parts.extend(_forms(view, text))
    parts.append(f'<p class="note">{escape(text["note"])}</p></body></html>')
    return "".join(parts)


def unshowable(exc: Unshowable, lang: str = "en") -> str:
    """Return the page saying why a query cannot be shown, with a link back to today."""
    text = TEXT.get(lang, TEXT["en"])
    parts = _head(text["bad_title"], lang)
    parts.append(f"<h1>{escape(text['bad_title'])}</h1>")
    problem = _DATES.sub(r'<span class="nw">\g<0></span>', escape(text[exc.key].format(
        value=exc.value)))
    parts.append(f'<p id="problem">{problem}</p>')
    parts.append(f'<p><a href="/" id="today">{escape(text["back"])}</a></p></body></html>')
    return "".join(parts)


def _histogram(hist: dict[str, Any], text: dict[str, str]) -> list[str]:
    """Return the histogram of times as bars, its axis from the first bin to the last."""
    bins = hist["bins"]
    top = max((b["count"] for b in bins), default=0) or 1
    total = hist["total"]
    title = text["histogram_one"] if total == 1 else text["histogram"].format(total=total)
    out = [f'<h2 id="histogram-title">{escape(title)}</h2>', '<div class="hist" id="histogram">']
    for b in bins:
        span = f"{format_time(b['from'])}–{format_time(b['to'])}"
        out.append(f'<div class="bar" style="height:{100 * b["count"] / top:.1f}%" '
                   f'title="{escape(span)}: {b["count"]}"></div>')
    out.append("</div>")
    first, last = format_time(bins[0]["from"]), format_time(bins[-1]["to"])
    out.append(f'<div class="axis"><span>{escape(first)}</span><span>{escape(last)}</span></div>')
    return out
