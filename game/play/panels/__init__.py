"""The play scene's panels: each draws one part of what a pure PlaySession holds.

The stage (maze, fog, hint, exit, player), the ghosts raced, the explored maps, the
captions over the stage and the HUD bar around it.  A panel only reads the session and
draws; a new view of the same game (first-person) picks the panels it needs.
"""
