"""The board's HTML page: today's daily board and its histogram, readable on a phone.

One self-contained page (no script, no external file), its sentences in English and
Chinese in :data:`TEXT` (the browser draws them with its own fonts, so they stay out of
the game's catalogues, whose Chinese characters make the game's font subset).
"""

from __future__ import annotations

from datetime import date
from html import escape
from typing import Any

TEXT: dict[str, dict[str, str]] = {
    "en": {
        "title": "Migong daily board",
        "heading": "The daily maze of {date}",
        "code": "Level code: {code}",
        "empty": "No run yet today: play the daily maze and send yours.",
        "rank": "Rank", "player": "Player", "moves": "Moves", "time": "Time",
        "optimal": "shortest route",
        "histogram": "Times of all {total} runs",
        "seconds": "{seconds} s",
        "note": "Every run here was re-played by the server with the game's own rules "
                "before it counted.",
    },
    "zh": {
        "title": "迷宫每日排行榜",
        "heading": "{date} 的每日迷宫",
        "code": "关卡代码：{code}",
        "empty": "今天还没有成绩：去玩每日迷宫，提交你的成绩吧。",
        "rank": "名次", "player": "玩家", "moves": "步数", "time": "用时",
        "optimal": "最短路线",
        "histogram": "全部 {total} 次成绩的用时分布",
        "seconds": "{seconds} 秒",
        "note": "这里的每一次成绩都由服务器按游戏自己的规则重放核对后才计入。",
    },
}

STYLE = """
body{font-family:system-ui,-apple-system,"Noto Sans CJK SC",sans-serif;margin:0 auto;
max-width:40rem;padding:1rem;background:#14161c;color:#e8e6df;line-height:1.4}
h1{font-size:1.4rem;margin:.2rem 0}h2{font-size:1.1rem;margin:1.2rem 0 .4rem}
.code{color:#9aa3b5;font-family:monospace}
table{width:100%;border-collapse:collapse;font-variant-numeric:tabular-nums}
th,td{padding:.35rem .3rem;text-align:left;border-bottom:1px solid #2c303a}
td.n,th.n{text-align:right;white-space:nowrap}.opt{color:#f2c14e;font-size:.8rem;white-space:nowrap}
.hist{display:flex;align-items:flex-end;gap:2px;height:8rem;border-bottom:1px solid #555}
.bar{flex:1;background:#4fa3d9;min-height:1px}
.axis{display:flex;justify-content:space-between;color:#9aa3b5;font-size:.8rem}
.note{color:#9aa3b5;font-size:.85rem;margin-top:1.5rem}
"""


def render(board: dict[str, Any], day: date, lang: str = "en") -> str:
    """Return the page of ``board`` (as the API answers it) for ``day`` in ``lang``."""
    from game.server.rules import daily_code_of

    text = TEXT.get(lang, TEXT["en"])
    parts = [
        f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(text['title'])}</title><style>{STYLE}</style></head><body>",
        f"<h1>{escape(text['heading'].format(date=day.isoformat()))}</h1>",
        f'<p class="code">{escape(text["code"].format(code=daily_code_of(day)))}</p>',
    ]
    entries = board["entries"]
    if not entries:
        parts.append(f'<p id="empty">{escape(text["empty"])}</p>')
    else:
        parts.append(f'<table id="board"><thead><tr><th class="n">{escape(text["rank"])}</th>'
                     f'<th>{escape(text["player"])}</th><th class="n">{escape(text["moves"])}'
                     f'</th><th class="n">{escape(text["time"])}</th></tr></thead><tbody>')
        for e in entries:
            star = f' <span class="opt">★ {escape(text["optimal"])}</span>'
            mark = star if e["optimal"] else ""
            seconds = text["seconds"].format(seconds=f"{e['time']:.2f}")
            parts.append(f'<tr><td class="n">{e["rank"]}</td><td>{escape(e["player"])}{mark}'
                         f'</td><td class="n">{e["moves"]}</td><td class="n">'
                         f"{escape(seconds)}</td></tr>")
        parts.append("</tbody></table>")
        parts.extend(_histogram(board["histogram"], text))
    parts.append(f'<p class="note">{escape(text["note"])}</p></body></html>')
    return "".join(parts)


def _histogram(hist: dict[str, Any], text: dict[str, str]) -> list[str]:
    """Return the histogram of times as bars, its axis from the first bin to the last."""
    bins = hist["bins"]
    top = max((b["count"] for b in bins), default=0) or 1
    out = [f"<h2>{escape(text['histogram'].format(total=hist['total']))}</h2>",
           '<div class="hist" id="histogram">']
    for b in bins:
        out.append(f'<div class="bar" style="height:{100 * b["count"] / top:.1f}%" '
                   f'title="{b["from"]:g}-{b["to"]:g} s: {b["count"]}"></div>')
    out.append("</div>")
    first = text["seconds"].format(seconds=f"{bins[0]['from']:g}")
    last = text["seconds"].format(seconds=f"{bins[-1]['to']:g}")
    out.append(f'<div class="axis"><span>{escape(first)}</span><span>{escape(last)}</span></div>')
    return out
