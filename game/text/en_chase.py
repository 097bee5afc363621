"""The English catalogue of the chase's warnings and cards and of practice runs (merged
into the English language by :mod:`game.text`)."""

from __future__ import annotations

STRINGS: dict[str, str] = {
    # -- before the first move on a level with chasers
    "chase.asleep_one": "A chaser sleeps in this maze.",
    "chase.asleep_many": "{count} chasers sleep in this maze.",
    "chase.asleep_when": "It wakes 1 s after your first move: then keep moving.",
    "chase.asleep_when_many": "They wake 1 s after your first move: then keep moving.",
    # -- the moment they set off
    "chase.awake_toast_one": "The chaser is awake: it walks {chaser} tiles a second, you {walk} while you hold a key. Hold it, don't tap!",
    "chase.awake_toast_many": "The chasers are awake: they walk {chaser} tiles a second, you {walk} while you hold a key. Hold it, don't tap!",
    # -- the first-person view's sense of a chaser (where it is, how far)
    "chase.sense_ahead": "Chaser ahead · {steps} steps",
    "chase.sense_behind": "Chaser behind you · {steps} steps",
    "chase.sense_left": "Chaser to your left · {steps} steps",
    "chase.sense_right": "Chaser to your right · {steps} steps",
    # -- the caught card's key strip
    "chase.caught_strip": "R, Enter or Space: try again at once  ·  Esc: menu",
    # -- a locked level played for practice
    "level.practice": "Level {number} · {name} · practice",
    "level.practice_numbered": "Level {number} · practice",
    "complete.practice_note": "Practice: this run unlocks nothing.",
    "complete.to_levels": "Level select",
    "complete.footer_practice": "Enter retry  ·  V review  ·  Esc title",
}
