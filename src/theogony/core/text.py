"""Small helpers for the games' text renderings (the terminal's board)."""

from __future__ import annotations

import textwrap

BOARD_WIDTH = 118   # a board line fits a 120-column terminal with a margin


def fit_line(line: str, width: int = BOARD_WIDTH) -> str:
    """A long line wrapped under its own indentation (plus four), so the terminal never breaks a word."""
    if len(line) <= width:
        return line
    indent = " " * (len(line) - len(line.lstrip()) + 4)
    return "\n".join(textwrap.wrap(line, width, subsequent_indent=indent))
