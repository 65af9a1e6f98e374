"""Kemet's player-facing components (issue 18): every tile, battle card, DI card and God, and the
solo mode's cards, with their texts (above content.py and solo.py, which load them)."""

from __future__ import annotations

from typing import Any

from theogony.core.components import Component

from . import solo
from .content import BATTLE_CARDS, DI_CARDS, GODS, TILES, BattleCard, DICard, God, Tile
from .solo import ACTIONS, AMON_CARDS, EVENTS, OBJECTIVES, PLUNDER


def _tile_component(t: Tile) -> Component:
    details = [("colour", t.colour), ("level", str(t.level)), ("cost", f"{t.level} PP")]
    if t.kind != "tile":
        details.append(("figure", t.kind))
    if t.copies > 1:
        details.append(("copies", str(t.copies)))
    return Component("tile", "tile:" + t.id, t.name, t.text, tuple(details))


def _battle_component(c: BattleCard) -> Component:
    details = (("strength", str(c.strength)), ("damage", str(c.damage)), ("shield", str(c.shield)))
    extra = tuple((k, str(v)) for k, v in (("unblockable", c.unblockable),
                                          ("impenetrable", c.impenetrable)) if v)
    return Component("battle card", "battle:" + c.id, c.name, c.text, details + extra)


def _di_component(c: DICard) -> Component:
    details = (("timing", c.timing), ("cost", f"{c.cost} PP"),
               ("copies in the deck", str(c.count)) if c.count else ("personal", c.personal))
    return Component("DI card", "di:" + c.id, c.name, c.text, details)


def _god_component(g: God) -> Component:
    return Component("God", "god:" + g.id, g.name, g.text,
                     (("strength", str(g.strength)), ("Life Points", str(g.lp))))


def components() -> list[Component]:
    """Every tile, battle card, DI card and God with its text (read at call time, so a
    `--content` override set before the game loads shows its own texts)."""
    return ([_tile_component(t) for t in TILES] + [_battle_component(c) for c in BATTLE_CARDS]
            + [_di_component(c) for c in DI_CARDS] + [_god_component(g) for g in GODS]
            + _solo_components())


def _solo_components() -> list[Component]:
    """The solo mode's cards (KM-S): Objectives, Events and Calamities, Amon's Actions, Plunder
    cards and Amon's battle cards."""
    out = [Component("Objective card", "objective:" + o.id, o.name, o.text,
                     (("number", str(o.number)), ("rounds", str(o.rounds)),
                      ("against hard Amon", o.hard_text))) for o in OBJECTIVES]   # KM-S.R13
    out += [Component("Calamity card" if e.kind == "calamity" else "Event card", "event:" + e.id,
                      e.name, e.text) for e in EVENTS]
    out += [Component("Action card", "action:" + a.id, a.name, a.text) for a in ACTIONS]
    out += [Component("Plunder card", "plunder:" + c.id, c.name, c.text) for c in PLUNDER]
    out += [Component("Amon battle card", "amon:" + c.id, c.name, c.text,
                      (("strength", str(c.strength)), ("damage", str(c.damage)),
                       ("shield", str(c.shield)))) for c in AMON_CARDS]
    return out


def component_ids_by_name(kind: str) -> dict[str, str]:
    """Component id of each name of one kind ("tile", "battle", "di", "god"); a name shared by
    several entries (the five Dominions) maps to the first, whose text is the same."""
    table: tuple[Any, ...] = {
        "tile": TILES, "battle": BATTLE_CARDS, "di": DI_CARDS, "god": GODS,
        "objective": solo.OBJECTIVES, "event": solo.EVENTS, "action": solo.ACTIONS,
        "plunder": solo.PLUNDER, "amon": solo.AMON_CARDS}[kind]
    out: dict[str, str] = {}
    for entry in table:
        out.setdefault(entry.name, f"{kind}:{entry.id}")
    return out
