"""The full-screen table of `theogony play` (docs/play.md, "The table"), built on Textual over the
line mode's session logic (theogony.play)."""

from theogony.tui.app import TableApp, screen_text

__all__ = ["TableApp", "screen_text"]
