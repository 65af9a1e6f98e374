"""The components part (core.game.PARTS): every Theurgy component a player may look up, with its
text (cards.py loads them from content/*.toml)."""

from __future__ import annotations

from ...core import Component
from .board import TYPE_TITLE
from .cards import CALLINGS, DEITIES, EVENTS, MIRACLES, MONSTERS, Miracle, Monster


def _players(counts: tuple[int, ...]) -> str:
    low, high = min(counts), max(counts)
    return f"{low}-{high}" if list(counts) == list(range(low, high + 1)) else ", ".join(map(str, counts))


def miracle_component(m: Miracle) -> Component:
    return Component("miracle", m.id, m.name, m.text, (("copies", str(m.count)),))


def monster_component(m: Monster) -> Component:
    details = [("type", TYPE_TITLE[m.type]), ("ability", m.ability), ("movement", m.movement)]
    if m.legendary:
        details += [("legendary", "two acolytes fight it"), ("when summoned", m.summoned_text)]
    return Component("monster", m.id, m.name, m.text, tuple(details))


def components() -> list[Component]:
    """Every Theurgy component a player may look up (TU-3.4 says which a seat may see)."""
    return [*(miracle_component(m) for m in MIRACLES),
            *(monster_component(m) for m in MONSTERS),
            *(Component("Divine Calling", c.id, c.name, c.text, (("players", _players(c.players)),))
              for c in CALLINGS),
            *(Component("capital event", e.id, e.name, e.text) for e in EVENTS),
            *(Component("deity", d.id, d.name, d.text, (("complexity", f"{d.rank} of 6"),))
              for d in sorted(DEITIES, key=lambda d: d.rank))]
