"""The Chinese catalogue of the maze statistics: the lab's figures and the compare page
(merged into the Chinese language by :mod:`game.text`)."""

from __future__ import annotations

STRINGS: dict[str, str] = {
    # -- the lab's figures of the maze it built
    "lab.stats.head": "本迷宫统计 · 按 C 比较全部",
    "lab.stats.ends": "死胡同 {dead_ends}%  岔路口 {junctions}%",
    "lab.stats.bends": "直道 {straights}%  转弯 {turns}%",
    "lab.stats.river": "最长走廊 {cells} 格",
    "lab.stats.way": "最短解 {moves} 步（占地面 {share}%）",
    "lab.stats.measuring": "正在统计本迷宫",
    "lab.stats.no_way": "从起点走不到出口",
    # -- the compare page
    "compare.title": "各生成算法的偏好",
    "compare.caption": "每种算法 {mazes} 个 {rows}x{cols} 迷宫的平均值；条形为占格子的百分比，"
                       "最长走廊为格数",
    "compare.measuring": "测量中：{done} / {total} 个迷宫",
    "compare.footer": "Esc 返回",
    "compare.generator": "生成算法",
    "compare.dead_ends": "死胡同",
    "compare.straights": "直道",
    "compare.turns": "转弯",
    "compare.junctions": "岔路口",
    "compare.longest_corridor": "最长走廊",
    "compare.footer_pages": "Esc 返回 · 左右方向键翻看各列：第 {page}/{pages} 页",
    "compare.footer_rows": "Esc 返回 · 上下方向键翻看各算法：第 {row}/{rows} 页",
    "compare.footer_both": "Esc 返回 · 左右翻列 {page}/{pages} · 上下翻行 {row}/{rows}",
    "compare.percent": "{value}%",
}
