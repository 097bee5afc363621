"""The Chinese catalogue of the lab's choices: what is chosen inside it, the race's captions."""

from __future__ import annotations

STRINGS: dict[str, str] = {
    "lab.solver_variant": "{name}（{variant}）",
    "lab.hand.left": "左手",
    "lab.hand.right": "右手",
    "lab.choice_generator": "生成算法：{name}（A）",
    "lab.choice_solver": "求解器：{name}（Tab、1-9）",
    "lab.choice_race": "比赛：{names}（R 结束，1-9 加入或移出）",
    "lab.choice_size": "大小：{rows}x{cols} · 种子 {seed}（- +、S）",
    "lab.open_list": "开放列表：{count} 个格子",
    "lab.slot": "{name} · 已标记 {marked}",
    "lab.sets_left": "剩余集合：{count} 个（所有格子连通时为一个）",
    "lab.row_sets": "第 {row} 行：其格子分属 {count} 个集合",
    "lab.hunting": "搜寻中：扫描第 {row} 行找未访问的格子",
    "lab.walking": "行走中：走进未访问的邻格",
    "lab.cells_left": "尚未访问的格子：{count} 个",
    "lab.run": "当前段：{count} 个格子，从第 {row} 行第 {col} 列起",
    "lab.run_closed": "当前段已结束：向北打通",
    "lab.file_maze": "来自文件的迷宫：A、S、G、- 和 + 不会换迷宫",
    "lab.slot_done": "{name} · 已标记 {marked} · 路径 {length}",
    "lab.heat_race": "到起点的距离（已走到的格子）",
    "lab.slot_done_cost": "{name} · 已标记 {marked} · 路径 {length}，代价 {cost}",
    "lab.score_done_cost": ("{rank}. {name}：标记 {marked}，路径 {length}，代价 {cost}，"
                            "第 {events} 步完成"),
    "lab.found_cost": "找到：路径 {length} 步，代价 {cost}，标记 {visited} 格",
    "lab.stats.way_mud": "最少步数 {moves} 步（占地面 {share}%），未计泥地",
    "lab.stats.river_one": "最长走廊 1 格",
    "lab.hand.left_short": "左",
    "lab.hand.right_short": "右",
}
