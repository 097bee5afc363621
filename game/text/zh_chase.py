"""The Chinese catalogue of the chase's warnings and cards and of practice runs (merged
into the Chinese language by :mod:`game.text`)."""

from __future__ import annotations

STRINGS: dict[str, str] = {
    # -- 有追兵的关卡：第一步之前
    "chase.asleep_one": "这座迷宫里睡着一个追兵。",
    "chase.asleep_many": "这座迷宫里睡着 {count} 个追兵。",
    "chase.asleep_when": "你走出第一步 1 秒后它就会醒来：之后要一直走。",
    "chase.asleep_when_many": "你走出第一步 1 秒后它们就会醒来：之后要一直走。",
    # -- 追兵出发的那一刻
    "chase.awake_toast_one": "追兵醒了：它每秒走 {chaser} 格，按住方向键你每秒走 {walk} 格：别一下下点！",
    "chase.awake_toast_many": "追兵们醒了：它们每秒走 {chaser} 格，按住方向键你每秒走 {walk} 格：别一下下点！",
    # -- 第一人称视角里感觉到的追兵（方向、距离）
    "chase.sense_ahead": "追兵在前方 · {steps} 步",
    "chase.sense_behind": "追兵在你身后 · {steps} 步",
    "chase.sense_left": "追兵在你左边 · {steps} 步",
    "chase.sense_right": "追兵在你右边 · {steps} 步",
    # -- 被抓住的卡片：按键条
    "chase.caught_strip": "R、回车或空格：马上再试  ·  Esc：菜单",
    # -- 练习一个尚未解锁的关卡
    "level.practice": "第 {number} 关 · {name} · 练习",
    "level.practice_numbered": "第 {number} 关 · 练习",
    "complete.practice_note": "练习：这次通关不会解锁任何关卡。",
    "complete.to_levels": "选择关卡",
    "complete.footer_practice": "回车 重试  ·  V 回放  ·  Esc 主菜单",
}
