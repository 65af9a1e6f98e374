"""TC-8 the Civ Development cards: the Expansion card (a House, or an upgrade, near the Fortress;
the first player chooses among tied hexes and between Factory and Barrack) and the Holiday card.
The Bot ignores their Worship and, as first player, takes the first option (BOT-5.1, R-B4)."""

from __future__ import annotations

from theogony.core import Action, Event

from ..codes import C_HEX, C_KIND
from ..content import (BARRACK, CIV_NAMES, CRYSTAL_NAMES, DESERT, DIST, EMPTY, FACTORY, FORTRESS,
                       FORTRESS_OF, HEXES, HOUSE, KIND_NAMES, N_HEX, NEIGHBOURS, PLAINS, PYRAMID)
from ..state import DevelopmentHex, DevelopmentKind, TheocratiaState
from .board import frontier, hex_crystal_colour, place, produce, remove
from .chronicles import chronicle
from .tracks import worship


def develop_expansion(s: TheocratiaState, v: int, events: list[Event]) -> None:
    cands = expansion_targets(s, v)
    if not cands:
        events.append(Event("dev", f"{CIV_NAMES[v]} cannot develop (no target)",
                            actor=Event.BY_GAME))
        return
    mode = 0 if s.hex_kind[cands[0]] == EMPTY else 1
    if len(cands) > 1 and s.first != s.bot_seat:
        s.stack.append(DevelopmentHex(seat=s.first, civ=v, mode=mode, hexes=cands))
    else:
        expand_at(s, v, cands[0], events)


def develop_holiday(s: TheocratiaState, v: int, events: list[Event]) -> None:
    c = s.civs[v]
    for h in range(N_HEX):
        if s.hex_civ[h] == v and s.hex_kind[h] == FACTORY:
            produce(s, v, hex_crystal_colour(s, h))
    spent = []
    for seat, p in enumerate(s.seats):
        if c.crystals[p.colour] > 0:
            c.crystals[p.colour] -= 1
            spent.append(p.colour)
            if seat != s.bot_seat:  # BOT-5.1
                worship(s, seat, v, 1, events)
    chronicle(s, v, spent, events)
    events.append(Event("dev", f"{CIV_NAMES[v]} Holiday development: spends "
                        f"{', '.join(CRYSTAL_NAMES[x] for x in spent) or 'nothing'}",
                        actor=Event.BY_GAME))


def _nearest(s: TheocratiaState, v: int, cands: list[int]) -> list[int]:
    fort = FORTRESS_OF[v]
    best = min(DIST[fort][h] for h in cands)
    return sorted(h for h in cands if DIST[fort][h] == best)


def expansion_targets(s: TheocratiaState, v: int) -> list[int]:
    """TC-8.2 the hexes tied for the Expansion card (empty neutral hexes first, then Houses)."""
    if s.civs[v].houses > 0:
        front = frontier(s, v)
        for terrain in (PLAINS, DESERT):
            cands = [h for h in front if s.hex_colour[h] == terrain]
            if cands:
                return _nearest(s, v, cands)
    c = s.civs[v]
    if c.factories <= 0 and c.barracks <= 0:
        return []
    for terrain in (PLAINS, DESERT):
        cands = [h for h in range(N_HEX) if s.hex_civ[h] == v and s.hex_kind[h] == HOUSE
                 and s.hex_colour[h] == terrain]
        if cands:
            return _nearest(s, v, cands)
    return []


def expand_at(s: TheocratiaState, v: int, h: int, events: list[Event]) -> None:
    if s.hex_kind[h] == EMPTY:
        place(s, v, h, HOUSE, -1, events)
        events.append(Event("dev", f"{CIV_NAMES[v]} develops: House on {HEXES[h].id}",
                            actor=Event.BY_GAME))
        _worship_around(s, v, h, events)
        return
    c = s.civs[v]
    nf = sum(1 for x in range(N_HEX) if s.hex_civ[x] == v and s.hex_kind[x] == FACTORY)
    nb = sum(1 for x in range(N_HEX) if s.hex_civ[x] == v and s.hex_kind[x] == BARRACK)
    options = [k for k in (FACTORY, BARRACK) if (c.factories if k == FACTORY else c.barracks) > 0]
    if nf != nb:
        want = FACTORY if nf < nb else BARRACK
        if want in options:
            options = [want]
    if len(options) == 1 or s.first == s.bot_seat:  # the Bot takes the first (R-B4)
        upgrade_at(s, v, h, options[0], events)
    else:
        s.stack.append(DevelopmentKind(seat=s.first, civ=v, house=h))


def upgrade_at(s: TheocratiaState, v: int, h: int, kind: int, events: list[Event]) -> None:
    remove(s, h)
    place(s, v, h, kind, -1, events)
    events.append(Event("dev", f"{CIV_NAMES[v]} develops: {KIND_NAMES[kind]} on {HEXES[h].id}",
                        actor=Event.BY_GAME))
    _worship_around(s, v, h, events)


def _worship_around(s: TheocratiaState, v: int, h: int, events: list[Event]) -> None:
    for seat, p in enumerate(s.seats):
        if seat == s.bot_seat:
            continue  # BOT-5.1 the Bot ignores Worship from Development cards
        if any(s.hex_colour[n] == p.colour and FORTRESS < s.hex_kind[n] <= PYRAMID
               for n in NEIGHBOURS[h]):
            worship(s, seat, v, 1, events)


# ---- the first player's choices ---------------------------------------------------------------

def hex_legal(s: TheocratiaState, f: DevelopmentHex) -> list[Action]:
    return [Action(f"develop {CIV_NAMES[f.civ]} at {HEXES[h].id}", C_HEX + h, ("hex", h))
            for h in f.hexes]


def hex_apply(s: TheocratiaState, f: DevelopmentHex, a: Action, events: list[Event]) -> None:
    s.stack.pop()
    expand_at(s, f.civ, a.data[1], events)


def kind_legal(s: TheocratiaState, f: DevelopmentKind) -> list[Action]:
    return [Action("upgrade to a Factory", C_KIND, ("kind", FACTORY)),
            Action("upgrade to a Barrack", C_KIND + 1, ("kind", BARRACK))]


def kind_apply(s: TheocratiaState, f: DevelopmentKind, a: Action, events: list[Event]) -> None:
    s.stack.pop()
    upgrade_at(s, f.civ, f.house, a.data[1], events)
