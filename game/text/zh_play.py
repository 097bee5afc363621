"""The Chinese catalogue of the play screens' later sentences: what a new player found
missing (merged into the Chinese language by :mod:`game.text`)."""

from __future__ import annotations

STRINGS: dict[str, str] = {
    # -- a maze the choices cannot build
    "chasers.no_room": "这个 {rows} x {cols} 的迷宫放不下 {count} 个公平的追兵巢穴。请减少追兵、换个种子、加些回路、换个生成算法，或选更大的迷宫。",
    "chasers.no_room_one": "这个 {rows} x {cols} 的迷宫放不下一个公平的追兵巢穴。请换个种子、加些回路、换个生成算法，或选更大的迷宫。",
    "loading.failed_plain": "这些选项生成不了迷宫（{reason}）。请换些选项再试。",
    # -- the result screen's chart of the board's times
    "complete.chart_title": "排行榜上 {runs} 次通关的用时，你的已标出",
    "complete.chart_span": "{low} 至 {high}",
    "complete.chart_one": "你的用时，目前排行榜上只有这一个",
    # -- the editor's tool buttons when the digits do not fit: the name and its key
    "editor.tool_letter": "{tool} {letter}",
    # -- 排行榜设置的页脚：服务器和名字这两行，以及最后两行
    "leaderboard.footer_field": "回车：输入 · Esc：返回",
    "leaderboard.footer_open": "回车：选择 · Esc：返回",
    # -- 顶栏的迷宫说明：回路之后是泥地
    "hud.algorithm_mud": "{caption} · 泥地 {mud}%",
    # -- 单独提到方向键时的名字（第一人称的按键条）
    "key.up": "上",
    "key.down": "下",
    "key.left": "左",
    "key.right": "右",
    # -- the leaderboard's board screen: what the server said, a level's name, its code
    "board.refused": "排行榜服务器回答：{reason}",
    "board.title_level": "排行榜 · {name}",
    "board.code": "关卡代码 {code}",
    "complete.board_refused_why": "排行榜没有接受这次成绩：{reason}",
    "complete.board_refused_said": "排行榜没有接受这次成绩。它的回答：",
}
