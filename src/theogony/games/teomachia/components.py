"""The components part (core.game.PARTS): every player-facing Teomachia component with its text,
built from the content (content.py), and the lookup the faces use."""

from __future__ import annotations

from theogony.core.components import Component

from .content import (CardDef, DEFS, DEITIES, Deity, ELEMENTS, MYTHS, Myth, TOKEN_DEFS, WHEN)


def symbols_label(count: int, aspect: str) -> str:
    return f"{count} {aspect}"


def requirement(card: CardDef) -> str:
    """TM-6.1: what a deed card needs controlled before it is played."""
    parts = [f"{card.symbols} {card.aspect}"] if card.symbols else []
    if card.spheres:
        parts.append(f"{card.spheres} {card.sphere} card{'s' if card.spheres > 1 else ''}")
    return " + ".join(parts) or "nothing"


def card_kind(card: CardDef) -> str:
    if card.kind == "power":
        return "power card"
    return "lasting effect" if card.lasting else card.kind


def card_component(card: CardDef) -> Component:
    details: list[tuple[str, str]] = [("sphere", card.sphere)]
    if card.kind == "power":
        details.append(("symbols", symbols_label(card.symbols, card.aspect)))
    else:
        details.append(("needs", requirement(card)))
    if card.kind == "place":
        details.append(("place", card.token))
    if card.kind == "effect" and card.timing != "bid":
        details.append(("timing", WHEN[card.timing]))
    if card.removed:
        details.append(("status", "removed from the game"))
    return Component(card_kind(card), card.id, card.name, card.text, tuple(details))


def deity_component(deity: Deity) -> Component:
    details = [("mythology", deity.mythology), ("attribute", deity.attr_kind)]
    if deity.attr_kind == "activated":
        details += [("costs", f"1 {deity.cost_token}"), ("timing", WHEN[deity.window])]
    return Component("deity", deity.id, deity.name, f"{deity.text} Demand: {deity.demand_text}", tuple(details))


def myth_component(myth: Myth) -> Component:
    details = [("mythology", myth.mythology),
               ("cost", f"{myth.cost} miracle token{'s' if myth.cost > 1 else ''}"), ("timing", WHEN[myth.window])]
    if myth.strength:
        details.append(("strength", f"+{myth.strength}"))
    return Component("hero" if myth.hero else "myth", myth.id, myth.name, myth.text, tuple(details))


def all_components() -> tuple[Component, ...]:
    """Every component a player may look up, in the order of the rulebook's component list."""
    return (
        tuple(Component("element", e.id, e.name, e.text,
                        (("sphere", e.sphere), ("symbols", symbols_label(e.symbols, e.aspect))))
              for e in ELEMENTS)
        + tuple(card_component(d) for d in DEFS)
        + tuple(myth_component(m) for m in MYTHS)
        + tuple(deity_component(d) for d in DEITIES)
        + tuple(Component("worshipper", t.id, t.name, t.text, (("strength", str(t.strength)),))
                for t in TOKEN_DEFS))


COMPONENTS = all_components()
COMPONENT_BY_ID = {c.id: c for c in COMPONENTS}
def components() -> list[Component]:
    """Every player-facing component (core.game.PARTS)."""
    return list(COMPONENTS)
