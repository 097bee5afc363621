"""Widgets of the play layer: text, layout, shapes, the menu list, the HUD and the backdrop."""
