"""The English catalogue of the play screens' later sentences: what a new player found
missing (merged into the English language by :mod:`game.text`)."""

from __future__ import annotations

STRINGS: dict[str, str] = {
    # -- a maze the choices cannot build
    "chasers.no_room": "There is no room for {count} fair chaser lairs in this {rows} x {cols} maze. Choose fewer chasers, another seed, more loops, another generator or a bigger maze.",
    "chasers.no_room_one": "There is no room for a fair chaser lair in this {rows} x {cols} maze. Choose another seed, more loops, another generator or a bigger maze.",
    "loading.failed_plain": "These choices cannot make a maze ({reason}). Try other choices.",
    # -- the result screen's chart of the board's times
    "complete.chart_title": "Times of {runs} runs on the board, yours marked",
    "complete.chart_span": "{low} to {high}",
    "complete.chart_one": "Your time, the only one on the board yet",
    # -- the editor's tool buttons when the digits do not fit: the name and its key
    "editor.tool_letter": "{tool} {letter}",
    # -- the leaderboard settings' footer on the server and name rows, and on the last two
    "leaderboard.footer_field": "Enter: type it · Esc: back",
    "leaderboard.footer_open": "Enter: choose · Esc: back",
    # -- the top bar's maze caption with mud after its loops
    "hud.algorithm_mud": "{caption} · mud {mud}%",
    # -- the arrow keys' names where a key is named on its own (the first person's strip)
    "key.up": "Up",
    "key.down": "Down",
    "key.left": "Left",
    "key.right": "Right",
    # -- the leaderboard's board screen: what the server said, a level's name, its code
    "board.refused": "The leaderboard server said: {reason}",
    "board.title_level": "Board · {name}",
    "board.code": "Level code {code}",
    "complete.board_refused_why": "The leaderboard did not accept this run: {reason}",
    "complete.board_refused_said": "The leaderboard did not accept this run. It said:",
}
