"""The run: what is played and how a play-through goes, as pure data and rules (no pygame)."""
