"""Player-facing components: every card, tile, power, deity, monster or calling a player may look up.

A game lists its components once (`Game.components`), each with the text a player reads, and says
which of them a view shows and where (`Game.components_in_view`), so every face (the terminal's
`card NAME` and `cards`, the browser's tooltips and card reference) shows the same texts.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Component:
    """One component as a player reads it. `kind` is the rulebook's word for it ("tile", "DI card",
    "battle card", "Power card", "miracle", "monster"...), `text` its effect in our own words (or the
    owner's, through `--content`), `details` its printed numbers in display order, e.g.
    (("cost", "2 PP"), ("strength", "+1"))."""

    kind: str
    id: str
    name: str
    text: str
    details: tuple[tuple[str, str], ...] = ()

    def line(self) -> str:
        """One line: name, numbers, text."""
        numbers = ", ".join(f"{key} {value}" for key, value in self.details)
        return f"{self.name} ({self.kind}{'; ' + numbers if numbers else ''}): {self.text}"
