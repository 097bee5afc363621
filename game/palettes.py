"""The look settings a save may hold: the palettes' names and the text sizes.

Pure data below both the save and the play layer: the save validates a player's choice
against it without importing the play layer, and :mod:`game.play.theme` builds a theme
for every name here (a test checks the two agree).
"""

from __future__ import annotations

#: The palettes on offer, by the name the save keeps (the Colours setting's order).
PALETTE_NAMES = ("default", "colour_blind", "high_contrast")
#: The text sizes on offer, in per cent (the Text size setting).
TEXT_SIZES = (100, 125, 150)
